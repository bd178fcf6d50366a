// Server text is untrusted. VS Code renders `[label](target)` in notifications, input-box messages
// and Markdown as a link (command: links included) and `$(name)` as an icon. These turn any text
// into something that is only read: plain text for plain-text surfaces, escaped text for Markdown.

const ZWSP = '\u200b';
/**
 * Unicode direction controls (embeddings, overrides, isolates): one in server text reverses or moves
 * everything after it on the line, our own words included. Dropped; the letters themselves stay.
 */
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
/** Control characters (C0, DEL, C1): line breaks and terminal escapes among them. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]+/g;

/** One line, at most `max` characters: server text can be long and multi-line. */
export function oneLine(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * `text` as an input box can hold it. The box is an HTML one-line input, which drops line breaks and
 * so glues the words on either side ("prices of\nthe three" reads "prices ofthe three"): each break,
 * with the blanks and empty lines around it, becomes one space.
 */
export function inputBoxLine(text: string): string {
  return text.replace(/[ \t]*[\r\n][\r\n \t]*/g, ' ');
}

/**
 * For notifications, input-box messages, tree labels and descriptions: one short line, no control
 * characters, and link and icon syntax broken by a zero-width space that changes nothing a person reads.
 */
export function plainText(text: string, max = 400): string {
  const flat = oneLine(text.replace(DIRECTION_CONTROLS, '').replace(CONTROL_CHARACTERS, ' '), Number.MAX_SAFE_INTEGER)
    .replace(/\]\s*\(/g, `]${ZWSP}(`)
    .replace(/\$\(/g, `$${ZWSP}(`);
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * `text` ending as a sentence: a full stop is added only when it does not end with one (or ! ? …)
 * already, including the full-width ones a translated message ends with (。！？).
 */
export function sentence(text: string): string {
  const trimmed = text.trimEnd();
  return !trimmed || /[.!?…。！？]["')\]」』）]*$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * For a page's own Markdown placed whole in a document: every `command:` address, and every address of
 * the editor's own scheme (`vscode:`, which hands its path and query to an extension's URI handler),
 * broken by a zero-width space before its colon. VS Code's Markdown support makes `[text](command:…)`,
 * `<command:…>` and `[ref]: command:…` links in the editor, which opens them on Ctrl+Click; the page
 * reads the same.
 */
export function inertCommandLinks(markdown: string): string {
  return markdown.replace(SCHEME_AND_COLON, (whole, scheme: string, colon: string) => (INERT_SCHEMES.test(decodeSchemeText(scheme)) ? `${scheme}${ZWSP}${colon}` : whole));
}

// The preview reads an address after decoding backslash escapes and character references, so
// `vscode\:` and `&#99;ommand&colon;` are `vscode:` and `command:` there: a scheme is matched as the
// preview decodes it: 6 to 16 characters (or references) from a `c` or a `v`, which keeps a page of
// character references, or of short words and colons, linear and cheap.
const ENCODED = String.raw`&#(?:[0-9]{1,7}|[xX][0-9a-fA-F]{1,6});`;
const SCHEME_AND_COLON = new RegExp(String.raw`(?<![a-z0-9+.-])((?:[cv]|${ENCODED})(?:[a-z0-9+.-]|\\[+.-]|${ENCODED}){5,15}?)(:|\\:|&colon;|&#0*58;|&#[xX]0*3[aA];)`, 'gi');
const INERT_SCHEMES = /^(?:command|vscode(?:-insiders)?)$/i;

function decodeSchemeText(text: string): string {
  return text.replace(/\\([+.-])/g, '$1').replace(/&#([xX]?)([0-9a-fA-F]+);/g, (_, hex: string, digits: string) => {
    const code = parseInt(digits, hex ? 16 : 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
  });
}

// `:` too: VS Code's Markdown turns a bare `https://…` into a live link, and an escaped colon stops it.
const MARKDOWN_SYNTAX = /[\\`*_{}[\]()#+\-.!<>&|~$:]/g;

/**
 * For text placed inside our own Markdown (tooltips, documents): every character with a meaning in
 * Markdown, HTML or theme icons is escaped, so it renders as the characters it is (a URL included: it
 * does not become a link). Line breaks become spaces, or hard breaks with `keepLines`.
 */
export function escapeMarkdown(text: string, options: { keepLines?: boolean } = {}): string {
  const escaped = text
    .replace(DIRECTION_CONTROLS, '')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ')
    .replace(MARKDOWN_SYNTAX, '\\$&');
  return escaped.replace(/\r?\n/g, options.keepLines ? '  \n' : ' ');
}

/**
 * Unicode's own line breaks in server text as the breaks they mean: LINE SEPARATOR and NEL (U+2028,
 * U+0085) a line break, PARAGRAPH SEPARATOR (U+2029) an empty line. The editor breaks lines at CR and
 * LF only, so it shows them inside one line (NEL as a replacement glyph), and on opening an editable
 * document that holds LS or PS it stops with a modal dialog that offers to delete them, which glues
 * the words on either side together.
 */
export function usualLineBreaks(text: string): string {
  return text.replace(/[\u2028\u0085]/g, '\n').replace(/\u2029/g, '\n\n');
}

/**
 * `value` as the indented JSON text of a document. LS, PS and NEL can only stand inside its strings,
 * where they are written as escapes: the data parses the same, and the editor has nothing to offer
 * to delete (see usualLineBreaks), which would change the data.
 */
export function documentJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[\u2028\u2029\u0085]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * For server text placed on one line of a document a person reads and edits as Markdown source (a
 * title, a description, a warning): it renders as the characters it is, like escapeMarkdown, but only
 * what can mean something there is escaped, so "Pricing - Acme.com: plans" stays as written. Inline
 * syntax (code, emphasis, link brackets, HTML, entities, math, tables) is escaped wherever it stands;
 * block syntax (headings, quotes, lists, rules) only at the start, where the text opens a line or a
 * list item. A bare https address may render as a link, as anywhere in a scraped page.
 */
export function escapeDocumentText(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .trimStart()
    .replace(/[\\`*_[\]<|~$]|&(?=#?\w+;)/g, '\\$&')
    .replace(/^(?:[#>+=-]|\d{1,9}(?=[.)]))/, (start) => (/\d/.test(start) ? `${start}\\` : `\\${start}`));
}

/**
 * Words for a file name, from any text: letters of any script with their marks (Devanagari's vowel
 * signs, an accent typed apart), digits, dots, dashes and underscores, at most `max` characters, never
 * starting with a dot or a dash (no hidden file, no `../`).
 */
export function fileNameWords(text: string, max = 60): string {
  return (
    text
      .normalize('NFC')
      .replace(/[^\p{L}\p{M}\p{N}._-]+/gu, '-')
      .replace(/^[-.]+/, '')
      .slice(0, max)
      // A letter beyond the BMP cut in half cannot be percent-encoded: the document's URI would not be written.
      .replace(/[\ud800-\udbff]$/, '')
      .replace(/[-.]+$/, '')
  );
}
