// The one parser of job ids. Every Firecrawl job id (feedback targets, deep research, agent runs) is
// a UUID the service checks strictly: version digit 1–8, variant digit 8, 9, a or b. People paste
// ids from logs, JSON, URLs and SDK output, often several at once, so finding ids in text is lenient
// about what surrounds an id and strict about the id itself. Linear in the input, whatever its size.

const HEX = '[0-9a-f]';
const JOB_ID_SOURCE = `${HEX}{8}-${HEX}{4}-[1-8]${HEX}{3}-[89ab]${HEX}{3}-${HEX}{12}`;

/** Exactly one job id, nothing around it, any case. */
export const JOB_ID_PATTERN = new RegExp(`^${JOB_ID_SOURCE}$`, 'i');
/** 32 hex digits grouped 8-4-4-4-12, whatever the version and variant: to explain why an id is refused. */
export const UUID_SHAPE = new RegExp(`^${HEX}{8}-${HEX}{4}-${HEX}{4}-${HEX}{4}-${HEX}{12}$`, 'i');
// A UUID glued to more hex digits, or joined by a hyphen to a piece of hex digits only, is part of a
// longer token that only looks like one; a word is not hex ("scrape-<id>.json", "<id>-done.md").
// Three look like such pieces and are not: a percent escape before the id ("%2F<id>" in an encoded
// URL), a date before it ("2026-11-22-<id>.md"), and a short copy number after it ("<id>-2.md").
const GLUED_BEFORE = `(?<!%${HEX})${HEX}|(?<!\\d{4}-\\d{2})(?:^|[^0-9a-z])${HEX}+-`;
const GLUED_AFTER = `${HEX}|-(?!\\d{1,3}(?![0-9a-z])|\\d{4}-\\d{2}(?!\\d))${HEX}+(?![0-9a-z])`;
const EMBEDDED = new RegExp(`(?<!${GLUED_BEFORE})${JOB_ID_SOURCE}(?!${GLUED_AFTER})`, 'gi');
/**
 * How far beyond a window the pieces beside an id are read: a hex-only piece longer than this at the
 * window's edge counts as all there is (a token that long is no word).
 */
export const JOB_ID_CONTEXT = 64;
const SEPARATORS = /[\s,;]+/;
const WRAPPERS = /^["'`([{<]+|["'`)\]}>.:]+$/g;

/** Text beyond this is not scanned: ids are near the top of anything pasted, and keystrokes stay fast. */
export const JOB_ID_SCAN_LIMIT = 200_000;

/** Ids one input box takes at a time; with separators, JOB_ID_INPUT_MAX_CHARS holds that many. */
export const MAX_JOB_IDS_PER_INPUT = 1_000;
/**
 * An input box longer than this is refused as it is typed, without being parsed: the box validates
 * on every keystroke, and a paste of 10,000 ids is a mistake to point out, not to take in part.
 */
export const JOB_ID_INPUT_MAX_CHARS = 40_000;

/** Exactly one job id, ignoring surrounding white space. */
export function isJobId(text: string): boolean {
  return JOB_ID_PATTERN.test(text.trim());
}

/** The form ids are stored and compared in. */
export function normalizeJobId(id: string): string {
  return id.trim().toLowerCase();
}

/** Every distinct id in `text` (compared case-insensitively), as first written, in order of appearance. */
export function findJobIds(text: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  for (const match of text.slice(0, JOB_ID_SCAN_LIMIT).matchAll(EMBEDDED)) {
    const key = match[0].toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(match[0]);
  }
  return found;
}

/** The one id `text` holds, or undefined when it holds none or several (several are ambiguous). */
export function singleJobId(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const ids = findJobIds(text);
  return ids.length === 1 ? ids[0] : undefined;
}

export interface JobIdInput {
  /** Distinct ids, normalised, in the order typed. */
  ids: string[];
  /** Tokens that hold no id, as typed (for the validation message). */
  invalid: string[];
  /** More than an input box takes (JOB_ID_INPUT_MAX_CHARS or MAX_JOB_IDS_PER_INPUT): nothing was taken. */
  tooLong?: true;
}

/**
 * What an input box holds: tokens split on white space, commas and semicolons; each must be an id or
 * contain one (a URL or `"id":"…"` pasted whole counts).
 */
export function parseJobIdInput(text: string): JobIdInput {
  if (text.length > JOB_ID_INPUT_MAX_CHARS) return { ids: [], invalid: [], tooLong: true };
  const seen = new Set<string>();
  const ids: string[] = [];
  const invalid: string[] = [];
  for (const raw of text.split(SEPARATORS)) {
    const token = raw.replace(WRAPPERS, '');
    if (!token) continue;
    const found = findJobIds(token);
    if (!found.length) invalid.push(raw);
    for (const id of found.map(normalizeJobId)) {
      if (seen.has(id)) continue;
      seen.add(id);
      ids.push(id);
    }
  }
  return ids.length > MAX_JOB_IDS_PER_INPUT ? { ids: [], invalid: [], tooLong: true } : { ids, invalid };
}

export function shortJobId(id: string): string {
  return id.slice(0, 8);
}

export interface JobIdRange {
  /** As written. */
  id: string;
  /** Offsets in the scanned text: `start` inclusive, `end` exclusive. */
  start: number;
  end: number;
}

/**
 * The ids lying wholly inside `text[from, to)`, with where they are, and how many characters were
 * read. Only that window (and JOB_ID_CONTEXT characters either side, so an id glued to a longer token
 * is still refused) is read, so a caller that bounds the window bounds the work, however long the text is.
 */
export function jobIdRanges(text: string, from = 0, to = text.length): { ranges: JobIdRange[]; scanned: number } {
  const start = Math.max(0, from);
  const end = Math.min(text.length, to);
  if (end <= start) return { ranges: [], scanned: 0 };
  const sliceStart = Math.max(0, start - JOB_ID_CONTEXT);
  const window = text.slice(sliceStart, Math.min(text.length, end + JOB_ID_CONTEXT));
  const ranges: JobIdRange[] = [];
  for (const match of window.matchAll(EMBEDDED)) {
    const at = sliceStart + match.index;
    if (at < start || at + match[0].length > end) continue;
    ranges.push({ id: match[0], start: at, end: at + match[0].length });
  }
  return { ranges, scanned: window.length };
}
