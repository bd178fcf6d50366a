// The final analysis is Markdown written by a remote service and shown in VS Code's preview. The
// preview already runs without scripts; this also makes sure no link in it can run a command or hand a
// URI to another extension, whatever the preview's settings: such schemes are broken with a
// zero-width space, which leaves the text readable and the link inert.

const RISKY_SCHEME = /\b(command|vscode|vscode-insiders|vscode-webview|file|javascript|data)(\s*):/gi;

export function neutralizeLinks(markdown: string): string {
  return markdown.replace(RISKY_SCHEME, '$1\u200b$2:');
}

/** Markdown-escapes text of ours that embeds server text (e.g. an error line). */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>&|~]/g, '\\$&');
}
