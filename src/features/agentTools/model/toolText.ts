// What a model receives of a page: trimmed to a size it can use, and fenced off as untrusted data.
// A page can say anything, including "ignore your instructions" or a fake end of the fence: the fence's
// markers carry a random nonce the page cannot know, and anything in the page that looks like one of
// our markers is defused first. Nothing here runs, opens or links anything. Pure: no `vscode`.

export interface Trimmed {
  text: string;
  /** Characters kept and characters the page had. */
  shown: number;
  total: number;
  trimmed: boolean;
}

/** A cut this close to the limit at a paragraph or line break is preferred to a cut mid-sentence. */
const BREAK_WINDOW = 0.2;

/**
 * At most `max` characters of `text`: cut at the last paragraph break (or line break) within the last
 * fifth of the room, else at the limit, never inside a surrogate pair.
 */
export function trimContent(text: string, max: number): Trimmed {
  const limit = Math.max(0, Math.floor(max));
  if (text.length <= limit) return { text, shown: text.length, total: text.length, trimmed: false };
  let cut = limit;
  const floor = Math.floor(limit * (1 - BREAK_WINDOW));
  const paragraph = text.lastIndexOf('\n\n', limit);
  const line = text.lastIndexOf('\n', limit);
  if (paragraph >= floor && paragraph > 0) cut = paragraph;
  else if (line >= floor && line > 0) cut = line;
  // A high surrogate left without its partner would be a broken character.
  const last = text.charCodeAt(cut - 1);
  if (cut > 0 && last >= 0xd800 && last <= 0xdbff) cut -= 1;
  const kept = text.slice(0, cut).trimEnd();
  return { text: kept, shown: kept.length, total: text.length, trimmed: true };
}

// not localised: markers the model matches, the same in every language
const MARKER = 'FIRECRAWL_UNTRUSTED_CONTENT';

/**
 * Random bytes drawn a page at a time: asking the platform's generator for six bytes costs more than
 * the rest of a tool call's own work, and bytes taken from a larger draw are just as unpredictable.
 */
const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let taken = 0;

function randomBytes(count: number): Uint8Array {
  if (taken + count > pool.length) {
    pool = new Uint8Array(POOL_BYTES);
    taken = 0;
    const crypto = (globalThis as { crypto?: { getRandomValues(a: Uint8Array): Uint8Array } }).crypto;
    if (crypto) crypto.getRandomValues(pool);
    else for (let i = 0; i < pool.length; i++) pool[i] = Math.floor(Math.random() * 256);
  }
  taken += count;
  return pool.subarray(taken - count, taken);
}

/** A fresh nonce for one result's markers (12 hex characters). */
export function newNonce(): string {
  let hex = '';
  for (const b of randomBytes(6)) hex += (b < 16 ? '0' : '') + b.toString(16);
  return hex;
}

export function beginMarker(nonce: string): string {
  return `<<<${MARKER} ${nonce} BEGIN>>>`;
}

export function endMarker(nonce: string): string {
  return `<<<${MARKER} ${nonce} END>>>`;
}

// Invisible characters (zero-width spaces, joiners), combining marks or spaces between a look-alike's
// characters hide it from a plain match, not from a model reading it: they are allowed anywhere in one.
// So are the full-width forms of its letters and brackets, and any dash or none for its underscore.
const GAP = '[\\p{Cf}\\p{Mn}\\s]*';
const letters = (word: string) => [...word].map((c) => `[${c}${String.fromCodePoint(c.codePointAt(0)! + 0xfee0)}]`).join(GAP);
const WORD = `${letters('FIRECRAWL')}${GAP}[_＿\\-‐‑‒–—―－]?${GAP}${letters('UNTRUSTED')}`;
const OPEN = '[<＜﹤]';
const SHUT = '[>＞﹥]';
const OPENING = new RegExp(`${OPEN}${GAP}${OPEN}${GAP}${OPEN}(${GAP}${WORD})`, 'giu');
const CLOSING = new RegExp(`(${WORD}[^>＞﹥\\n]{0,60}?)${SHUT}${GAP}${SHUT}${GAP}${SHUT}`, 'giu');

/** Anything in page text that could pass for one of our markers, with or without a nonce, made harmless. */
export function defuseMarkers(text: string): string {
  return text.replace(OPENING, '‹‹‹$1').replace(CLOSING, '$1›››');
}

/** Page text between the two markers of `nonce`, which nothing inside can end early. */
export function untrustedBlock(content: string, nonce: string): string {
  return `${beginMarker(nonce)}\n${defuseMarkers(content)}\n${endMarker(nonce)}`;
}
