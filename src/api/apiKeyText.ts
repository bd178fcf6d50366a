// What an API key may hold. It travels in an HTTP header, so only visible ASCII; and keys are pasted,
// and pasted text brings invisible characters along (zero-width spaces from web pages, a byte order
// mark, no-break spaces), which a header cannot carry and which no one can see in a password box.

const NAMES: Readonly<Record<number, string>> = {
  0x00a0: 'NO-BREAK SPACE',
  0x00ad: 'SOFT HYPHEN',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2060: 'WORD JOINER',
  0xfeff: 'BYTE ORDER MARK',
};

const EDGES = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;
const INVISIBLE = /^[\p{Cf}\p{Z}\p{Cc}]$/u;

/** Pasted text with white space and invisible characters trimmed from both ends. */
export function trimKey(text: string): string {
  return text.replace(EDGES, '');
}

function codePoint(cp: number): string {
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = NAMES[cp];
  return name ? `${hex} ${name}` : hex;
}

/** Why `key` cannot be sent as it is ("holds an invisible character (U+200B …) at position 12"), or undefined. */
export function keyProblem(key: string): string | undefined {
  let position = 0;
  for (const char of key) {
    position++;
    const cp = char.codePointAt(0)!;
    if (cp > 0x20 && cp < 0x7f) continue;
    if (/\s/.test(char) && cp < 0x80) return `has a space or line break at position ${position}`;
    if (INVISIBLE.test(char)) return `holds an invisible character (${codePoint(cp)}) at position ${position}`;
    return `holds a character that is not plain ASCII (${codePoint(cp)}, “${char}”) at position ${position}`;
  }
  return undefined;
}
