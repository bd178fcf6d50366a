// Markdown written by a remote service (a research job's final analysis), made safe for VS Code's
// Markdown preview. Links are decided after the Markdown is parsed and entities and escapes decoded,
// against an allow-list (http, https, mailto, and #fragments within the document); allowed links
// are written back in one canonical form, every other link becomes its text; images become links
// (nothing remote loads by itself); raw HTML is dropped.
//
// The parse is good-effort, so safety does not rest on it: afterwards, wherever our own canonical
// links are not, every `](` and `]:` (inline links, images, reference definitions) and every `<`
// that could open a tag or an autolink is broken with a zero-width space. No link can form there,
// whatever a Markdown engine makes of the text, and a person reads the same characters.
import * as l10n from '@vscode/l10n';
import { escapeMarkdown, usualLineBreaks } from './text';

const ZWSP = '\u200b';
const ASCII_PUNCT = /[!-/:-@[-`{-~]/;
const MAX_LABEL = 999;
const MAX_NESTING = 32;

// ---- entities and escapes ------------------------------------------------------------------------

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  sol: '/',
  bsol: '\\',
  lpar: '(',
  rpar: ')',
  lsqb: '[',
  rsqb: ']',
  lbrack: '[',
  rbrack: ']',
  lcub: '{',
  rcub: '}',
  period: '.',
  comma: ',',
  excl: '!',
  num: '#',
  percnt: '%',
  semi: ';',
  equals: '=',
  quest: '?',
  commat: '@',
  dollar: '$',
  ast: '*',
  plus: '+',
  lowbar: '_',
  verbar: '|',
  vert: '|',
  grave: '`',
  Hat: '^',
  tilde: '~',
  nbsp: '\u00a0',
  Tab: '\t',
  NewLine: '\n',
};

/** HTML character references, as a Markdown engine decodes them inside a link destination. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
    }
    return NAMED[body] ?? whole;
  });
}

function unescapePunctuation(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

// ---- link targets -----------------------------------------------------------------------------------

/** Characters a canonical destination keeps as they are; everything else is percent-encoded. */
const SAFE_IN_DESTINATION = /[A-Za-z0-9\-._~:/?#[\]@!$'*+,;=%]/;

function canonicalDestination(url: string): string {
  let out = '';
  for (const char of url) {
    if (char === '&') out += '&amp;';
    else if (SAFE_IN_DESTINATION.test(char)) out += char;
    else for (const byte of new TextEncoder().encode(char)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * Where a link may point, as it should be written, or undefined when it may not: http(s) with a
 * host, mailto, or a fragment of this document. Decided on the destination as a Markdown engine
 * reads it (escapes and entities decoded), never on its spelling.
 */
export function linkTarget(destination: string): string | undefined {
  const decoded = decodeEntities(unescapePunctuation(destination.trim()));
  if (/^#[^\s]*$/.test(decoded)) return canonicalDestination(decoded);
  if (/^mailto:[^\s]+$/i.test(decoded)) return canonicalDestination(`mailto:${decoded.slice(7)}`);
  if (!/^https?:\/\//i.test(decoded)) return undefined;
  try {
    const url = new URL(decoded);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname ? canonicalDestination(url.href) : undefined;
  } catch {
    return undefined;
  }
}

// ---- the safety net -------------------------------------------------------------------------------

/** Text outside code: escapes kept as written, link, definition and tag openers broken. */
function netText(text: string, inLabel: boolean): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const next = text[i + 1] ?? '';
    if (c === '\\' && ASCII_PUNCT.test(next)) {
      out += c + next;
      i++;
    } else if (inLabel && (c === '[' || c === ']')) {
      // Inside our own link's text a bracket must not end the text early.
      out += `\\${c}`;
    } else if (c === ']' && (next === '(' || next === ':')) {
      out += c + ZWSP;
    } else if (c === '<' && /[A-Za-z/!?]/.test(next)) {
      out += c + ZWSP;
    } else if ((c === 'f' || c === 'F') && /^ftp:\/\//i.test(text.slice(i, i + 6)) && !/[A-Za-z0-9]/.test(text[i - 1] ?? '')) {
      // Bare ftp:// would be linked by the preview's linkify; only http(s) and mailto may be.
      out += `${text.slice(i, i + 5)}${ZWSP}/`;
      i += 5;
    } else {
      out += c;
    }
  }
  return out;
}

const TAG_WITH_ATTRIBUTES = /^<[A-Za-z][A-Za-z0-9-]*\s+[A-Za-z_:]/;
const AUTOLINK_OPENER = /^<[A-Za-z][A-Za-z0-9+.-]{1,31}:/;

/** Code, shown literally: only what could become a link or a tag with attributes, if this were not code after all, is broken. */
function netCode(code: string): string {
  let out = '';
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    out += c;
    if (c === ']' && (code[i + 1] === '(' || code[i + 1] === ':')) out += ZWSP;
    else if (c === '<' && (TAG_WITH_ATTRIBUTES.test(code.slice(i, i + 40)) || AUTOLINK_OPENER.test(code.slice(i, i + 40)))) out += ZWSP;
  }
  return out;
}

// ---- inline parsing ----------------------------------------------------------------------------------

type Definitions = ReadonlyMap<string, string | undefined>;

function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}

function backtickRun(line: string, at: number): number {
  let n = 0;
  while (line[at + n] === '`') n++;
  return n;
}

/** Where a code span opened by `run` backticks at `at` closes (index of its closing run), or -1. */
function codeSpanEnd(line: string, at: number, run: number): number {
  for (let i = at + run; i < line.length;) {
    if (line[i] !== '`') {
      i++;
      continue;
    }
    const n = backtickRun(line, i);
    if (n === run) return i;
    i += n;
  }
  return -1;
}

/** The index of the `]` matching the `[` at `open`, skipping escapes and code spans; -1 when none. */
function labelEnd(line: string, open: number): number {
  let depth = 0;
  for (let i = open; i < line.length && i - open <= MAX_LABEL; i++) {
    const c = line[i];
    if (c === '\\') i++;
    else if (c === '`') {
      const run = backtickRun(line, i);
      const end = codeSpanEnd(line, i, run);
      i = end < 0 ? i + run - 1 : end + run - 1;
    } else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) return i;
  }
  return -1;
}

/** `(destination "title")` at `at`: the destination as written and the index after `)`, or undefined. */
function inlineDestination(line: string, at: number): { destination: string; end: number } | undefined {
  let i = at + 1;
  while (line[i] === ' ' || line[i] === '\t') i++;
  let destination = '';
  if (line[i] === '<') {
    const close = line.indexOf('>', i);
    if (close < 0) return undefined;
    destination = line.slice(i + 1, close);
    if (/[<\n]/.test(destination)) return undefined;
    i = close + 1;
  } else {
    let depth = 0;
    const start = i;
    for (; i < line.length; i++) {
      const c = line[i]!;
      if (c === '\\' && ASCII_PUNCT.test(line[i + 1] ?? '')) i++;
      else if (c === '(') {
        if (++depth > MAX_NESTING) return undefined;
      } else if (c === ')') {
        if (depth === 0) break;
        depth--;
      } else if (c <= ' ') break;
    }
    destination = line.slice(start, i);
  }
  while (line[i] === ' ' || line[i] === '\t') i++;
  const quote = line[i];
  if (quote === '"' || quote === "'" || quote === '(') {
    const close = line.indexOf(quote === '(' ? ')' : quote, i + 1);
    if (close < 0) return undefined;
    i = close + 1;
    while (line[i] === ' ' || line[i] === '\t') i++;
  }
  return line[i] === ')' ? { destination, end: i + 1 } : undefined;
}

interface ParsedLink {
  label: string;
  /** undefined: a link the allow-list refuses, shown as its text. */
  href: string | undefined;
  end: number;
}

/** A link (inline, full, collapsed or shortcut reference) whose `[` is at `open`, or undefined when there is none. */
function parseLink(line: string, open: number, definitions: Definitions): ParsedLink | undefined {
  const close = labelEnd(line, open);
  if (close < 0) return undefined;
  const label = line.slice(open + 1, close);
  if (line[close + 1] === '(') {
    const inline = inlineDestination(line, close + 1);
    if (inline) return { label, href: linkTarget(inline.destination), end: inline.end };
  }
  if (line[close + 1] === '[') {
    const refClose = labelEnd(line, close + 1);
    if (refClose > 0) {
      const ref = line.slice(close + 2, refClose);
      const key = normalizeLabel(ref || label);
      if (definitions.has(key)) return { label, href: definitions.get(key), end: refClose + 1 };
      return undefined;
    }
  }
  const key = normalizeLabel(label);
  return definitions.has(key) ? { label, href: definitions.get(key), end: close + 1 } : undefined;
}

const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const AUTOLINK = /^<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\u0000-\u0020]*)>/;
const EMAIL_AUTOLINK = /^<([^<>\u0000-\u0020]+)>/;

// The HTML a CommonMark engine recognises inline (open and closing tags, comments, processing
// instructions, declarations, CDATA): all of it is dropped.
const ATTRIBUTE = `(?:\\s+[A-Za-z_:][A-Za-z0-9:._-]*(?:\\s*=\\s*(?:[^"'=<>\`\\u0000-\\u0020]+|'[^']*'|"[^"]*"))?)`;
const HTML = new RegExp(`^(?:<[A-Za-z][A-Za-z0-9-]*${ATTRIBUTE}*\\s*/?>|</[A-Za-z][A-Za-z0-9-]*\\s*>|<!---?>|<!--[\\s\\S]*?-->|<\\?[\\s\\S]*?\\?>|<![A-Za-z][^>]*>|<!\\[CDATA\\[[\\s\\S]*?\\]\\]>)`);

function emitLink(text: string, href: string, before: string): string {
  // Right after a `!` our link would become an image.
  return `${before.endsWith('!') ? ZWSP : ''}[${text}](${href})`;
}

/** One line (or a link's text) outside code, made safe. `inLabel`: inside our own link's text, where no link may nest. */
function inline(line: string, definitions: Definitions, inLabel: boolean): string {
  let out = '';
  let text = '';
  const flush = () => {
    out += netText(text, inLabel);
    text = '';
  };
  for (let i = 0; i < line.length;) {
    const c = line[i]!;
    if (c === '\\' && ASCII_PUNCT.test(line[i + 1] ?? '')) {
      text += line.slice(i, i + 2);
      i += 2;
    } else if (c === '`') {
      const run = backtickRun(line, i);
      const end = codeSpanEnd(line, i, run);
      if (end < 0) {
        text += line.slice(i, i + run);
        i += run;
      } else {
        flush();
        out += netCode(line.slice(i, end + run));
        i = end + run;
      }
    } else if (c === '<') {
      const rest = line.slice(i, i + 4_000);
      const auto = AUTOLINK.exec(rest) ?? EMAIL_AUTOLINK.exec(rest);
      const target = auto?.[1];
      if (auto && target && (AUTOLINK.test(rest) || EMAIL.test(target))) {
        flush();
        const href = EMAIL.test(target) ? linkTarget(`mailto:${target}`) : linkTarget(target);
        const shown = netText(target, true);
        out += href && !inLabel ? emitLink(shown, href, out) : shown;
        i += auto[0].length;
        continue;
      }
      const tag = HTML.exec(rest);
      if (tag) {
        // Raw HTML is dropped; what it wrapped stays as text.
        i += tag[0].length;
        continue;
      }
      text += c;
      i++;
    } else if (c === '[' || (c === '!' && line[i + 1] === '[')) {
      const image = c === '!';
      const link = parseLink(line, image ? i + 1 : i, definitions);
      if (!link) {
        text += c;
        i++;
        continue;
      }
      flush();
      const label = inline(link.label, definitions, true);
      // An image becomes a link to it: nothing remote loads until someone chooses to open it. Its
      // stand-in text is ours but still only text: escaped, whatever a translation holds.
      const shown = label || (image ? escapeMarkdown(l10n.t({ message: 'image', args: [], comment: ['the text of a link to an image that has no description'] })) : '');
      out += link.href && !inLabel && shown ? emitLink(shown, link.href, out) : label;
      i = link.end;
    } else {
      text += c;
      i++;
    }
  }
  flush();
  return out;
}

// ---- blocks ------------------------------------------------------------------------------------------

const FENCE = /^((?:[ \t]*>)*[ \t]*)(`{3,}|~{3,})(.*)$/;
const DEFINITION = /^ {0,3}\[((?:[^\\[\]]|\\.){1,999})\]:[ \t]*(<[^<>\n]*>|\S+)(?:[ \t]+(?:"[^"]*"|'[^']*'|\([^)]*\)))?[ \t]*$/;

/** Single-line reference definitions where one may start (after a blank line or another definition): label → allowed target. */
function readDefinitions(lines: readonly string[]): Map<string, string | undefined> {
  const definitions = new Map<string, string | undefined>();
  let mayStart = true;
  let fence: { char: string; length: number } | undefined;
  for (const line of lines) {
    const fenced = FENCE.exec(line);
    if (fence) {
      if (fenced && fenced[2]![0] === fence.char && fenced[2]!.length >= fence.length && !fenced[3]!.trim()) fence = undefined;
      continue;
    }
    if (fenced && !(fenced[2]![0] === '`' && fenced[3]!.includes('`'))) {
      fence = { char: fenced[2]![0]!, length: fenced[2]!.length };
      continue;
    }
    const definition = mayStart ? DEFINITION.exec(line) : null;
    if (definition) {
      const key = normalizeLabel(definition[1]!);
      const raw = definition[2]!;
      // The first definition of a label wins, as in CommonMark.
      if (!definitions.has(key)) definitions.set(key, linkTarget(raw.startsWith('<') ? raw.slice(1, -1) : raw));
      continue;
    }
    mayStart = line.trim() === '';
  }
  return definitions;
}

/** `markdown` with every link decided by the allow-list, images as links, and no raw HTML. */
export function sanitizeMarkdown(markdown: string): string {
  const lines = usualLineBreaks(markdown).split(/\r\n|\r|\n/);
  const definitions = readDefinitions(lines);
  const out: string[] = [];
  let fence: { char: string; length: number } | undefined;
  let mayStart = true;
  for (const line of lines) {
    const fenced = FENCE.exec(line);
    if (fence) {
      if (fenced && fenced[2]![0] === fence.char && fenced[2]!.length >= fence.length && !fenced[3]!.trim()) fence = undefined;
      out.push(netCode(line));
      continue;
    }
    if (fenced && !(fenced[2]![0] === '`' && fenced[3]!.includes('`'))) {
      fence = { char: fenced[2]![0]!, length: fenced[2]!.length };
      out.push(netCode(line));
      continue;
    }
    if (mayStart && DEFINITION.test(line)) {
      // Its links were written out inline where it is used; the line itself shows nothing.
      out.push('');
      continue;
    }
    mayStart = line.trim() === '';
    out.push(inline(line, definitions, false));
  }
  return out.join('\n');
}
