// The usage page's HTML, apart from where its files are: a strict CSP (no inline anything, scripts
// only with this load's nonce, nothing remote), one stylesheet, one script, and the editor's language
// as data (never run), so the page speaks it from its first paint. No vscode here, so a test can
// load the real shell in a browser.
import { languageJson, type PageLanguage } from '../protocol';

export interface PageShell {
  /** The webview's `cspSource`: where the stylesheet may come from. */
  cspSource: string;
  scriptUri: string;
  styleUri: string;
  nonce: string;
  title: string;
  language: PageLanguage;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** A translation or a URI is text: in the HTML it must never become markup. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** The page's `lang`: the editor's language tag when it is one, so screen readers pick the right voice. */
function langAttribute(locale: string): string {
  return /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(locale) ? locale : 'en';
}

export function pageShell({ cspSource, scriptUri, styleUri, nonce, title, language }: PageShell): string {
  // not localised: the content security policy
  const csp = [`default-src 'none'`, `style-src ${cspSource}`, `script-src 'nonce-${nonce}'`].join('; ');
  return `<!DOCTYPE html>
<html lang="${langAttribute(language.locale)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(styleUri)}">
<title>${escapeHtml(title)}</title>
</head>
<body>
<script type="application/json" id="page-language" nonce="${nonce}">${languageJson(language)}</script>
<script nonce="${nonce}" src="${escapeHtml(scriptUri)}"></script>
</body>
</html>`;
}
