// Where the terminal's own link detection would make a URL or a file link, read from the text alone.
// The terminal asks extensions for links first and drops a later link that overlaps an earlier one,
// so a job id link inside an address would take the address's link away; beside it, it takes nothing.
// The rules follow where VS Code's detectors stop an address; where the text cannot tell (a file link
// needs the file to exist), they lean towards "an address".

/** The schemes the terminal makes URL links of, wherever they start. */
const URL_START = /(?:https?|file):\/\//gi;
/** Characters that always end a URL link: ASCII ones and the full-width punctuation of East Asian text. */
const URL_END = /[\t,<>、。｡､，．：；‘’〈〉「」『』〔〕（）［］｛｝｢｣｀～…]/;
const QUOTE = /["'`]/;
const OPENER_OF: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };
/**
 * Characters no file link runs across: VS Code's path patterns leave them out on every system. The
 * field separators , and | too: a path running across one is linked only if a file of that name
 * exists, which a CSV row or a table cell does not name. `:` is not one (a drive letter, `file:`).
 */
const PATH_END = /[\s"'`<>?!&*();,|]/;
/**
 * From a backslash to a quote through nothing but JSON's escapes of a quote, a backslash or (a few)
 * line breaks (`\"`, `\n"`, `\r\n"`, and the doubled `\\n\"` of JSON inside JSON): the end of a JSON
 * string, where a logged line ends (`…<id>\n"`, as Docker's json-file log holds every line). A path
 * goes on after a backslash with a name, never with a quote.
 */
const ESCAPES_TO_QUOTE = /(?:\\+[nrt]){0,8}\\*["'`]/y;

/** A test of whether text[start, end) lies in an address the terminal links; text is all that is read. */
export function terminalAddressTest(text: string): (start: number, end: number) => boolean {
  const urls = urlSpans(text);
  return (start, end) => urls.some(([from, to]) => from < end && start < to) || inPath(text, start, end);
}

/** Each URL link's [start, end); one that reaches the end of the text may run on past it. */
function urlSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  const starts = new RegExp(URL_START);
  for (let match = starts.exec(text); match; match = starts.exec(text)) {
    const end = urlEnd(text, match.index, match.index + match[0].length);
    spans.push([match.index, end]);
    starts.lastIndex = Math.min(end, text.length);
  }
  return spans;
}

function urlEnd(text: string, start: number, from: number): number {
  // A URL right after a quote or a pipe may hold other quotes or pipes, not that one: it closes the URL.
  const before = text[start - 1] ?? '';
  const opened = new Set<string>();
  let inSquare = false;
  for (let i = from; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '(' || ch === '[' || ch === '{') {
      opened.add(ch);
      inSquare ||= ch === '[';
      continue;
    }
    if (ch === ']') inSquare = false;
    const opener = OPENER_OF[ch];
    if (opener !== undefined ? !opened.has(opener) : endsUrl(ch, before, inSquare)) return i;
  }
  return Infinity;
}

function endsUrl(ch: string, before: string, inSquare: boolean): boolean {
  if (ch === ' ') return !inSquare;
  if (QUOTE.test(ch)) return ch === before || !QUOTE.test(before);
  if (ch === '|' || ch === '*') return ch === before;
  return URL_END.test(ch);
}

/** Whether the stretch around [start, end) that a file link could span holds a path separator. */
function inPath(text: string, start: number, end: number): boolean {
  while (start > 0 && !PATH_END.test(text[start - 1]!)) start--;
  while (end < text.length && !PATH_END.test(text[end]!) && !(text[end] === '\\' && escapesToQuote(text, end))) end++;
  return /[/\\]/.test(text.slice(start, end));
}

function escapesToQuote(text: string, at: number): boolean {
  // Looked at from the first backslash of a run only: any later one that leads to a quote, this one
  // does too, and a long run of them is read once, not once per backslash.
  if (text[at - 1] === '\\') return false;
  ESCAPES_TO_QUOTE.lastIndex = at;
  return ESCAPES_TO_QUOTE.test(text);
}
