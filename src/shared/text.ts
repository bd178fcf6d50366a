// Server text is untrusted: VS Code notifications turn [text](link) into links (command: links
// included) and $(name) into icons. This keeps such text inert and short. Pure: no `vscode`.

const ZWSP = '\u200b';

export function plainText(text: string, max = 400): string {
  const flat = text
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    // A zero-width space between ']' and '(' (and after '$') breaks link and icon syntax without changing what is read.
    .replace(/\]\s*\(/g, `]${ZWSP}(`)
    .replace(/\$\(/g, `$${ZWSP}(`);
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
