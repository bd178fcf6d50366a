// The usage page's HTML shell: a strict CSP (no inline anything, scripts only with this load's
// nonce, nothing remote), one stylesheet and one bundled script from the extension's own folders,
// and the editor's language as data (never run), so the page speaks it from its first paint.
import * as vscode from 'vscode';
import { languageJson, type PageLanguage } from '../protocol';

/** 128 bits from the platform CSPRNG: a predictable generator would make the nonce guessable. */
export function makeNonce(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function pageRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')];
}

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return { enableScripts: true, enableCommandUris: false, localResourceRoots: pageRoots(extensionUri) };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** A translation is text: in the HTML it must never become markup. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** The page's `lang`: the editor's language tag when it is one, so screen readers pick the right voice. */
function langAttribute(locale: string): string {
  return /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(locale) ? locale : 'en';
}

export function usagePageHtml(webview: vscode.Webview, extensionUri: vscode.Uri, title: string, language: PageLanguage): string {
  const nonce = makeNonce();
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', 'usage.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'usage.css'));
  // not localised: the content security policy
  const csp = [`default-src 'none'`, `style-src ${webview.cspSource}`, `script-src 'nonce-${nonce}'`].join('; ');
  return `<!DOCTYPE html>
<html lang="${langAttribute(language.locale)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style.toString()}">
<title>${escapeHtml(title)}</title>
</head>
<body>
<script type="application/json" id="page-language" nonce="${nonce}">${languageJson(language)}</script>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}
