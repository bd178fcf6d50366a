// What an API key may hold. It travels in an HTTP header, so only visible ASCII; and keys are pasted,
// and pasted text brings invisible characters along (zero-width spaces from web pages, a byte order
// mark, no-break spaces), which a header cannot carry and which no one can see in a password box.
import * as l10n from '@vscode/l10n';
import { formatExact } from '../shared/format';

// Unicode's own character names: the same in every language, and what people look up.
const NAMES: Readonly<Record<number, string>> = {
  0x00a0: 'NO-BREAK SPACE', // not localised: a Unicode name
  0x00ad: 'SOFT HYPHEN', // not localised: a Unicode name
  0x180e: 'MONGOLIAN VOWEL SEPARATOR', // not localised: a Unicode name
  0x200b: 'ZERO WIDTH SPACE', // not localised: a Unicode name
  0x200c: 'ZERO WIDTH NON-JOINER', // not localised: a Unicode name
  0x200d: 'ZERO WIDTH JOINER', // not localised: a Unicode name
  0x200e: 'LEFT-TO-RIGHT MARK', // not localised: a Unicode name
  0x200f: 'RIGHT-TO-LEFT MARK', // not localised: a Unicode name
  0x2060: 'WORD JOINER', // not localised: a Unicode name
  0xfeff: 'BYTE ORDER MARK', // not localised: a Unicode name
};

const EDGES = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;
/**
 * One pair of quotes around the whole key: copied from a .env file, JSON or a shell command, they
 * hide in the password box, and no key (RFC 6750's bearer token) holds a quote.
 */
const QUOTED = /^(?:"(.*)"|'(.*)'|`(.*)`|\u201c(.*)\u201d|\u2018(.*)\u2019)$/su;
const INVISIBLE = /^[\p{Cf}\p{Z}\p{Cc}]$/u;

/** Pasted text with white space, invisible characters and one pair of enclosing quotes trimmed from both ends. */
export function trimKey(text: string): string {
  const trimmed = text.replace(EDGES, '');
  const quoted = QUOTED.exec(trimmed);
  const inner = quoted?.slice(1).find((group) => group !== undefined);
  return inner === undefined ? trimmed : inner.replace(EDGES, '');
}

function codePoint(cp: number): string {
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = NAMES[cp];
  return name ? `${hex} ${name}` : hex;
}

/**
 * Why `key` cannot be sent as it is, as what follows "the key" in a sentence ("holds an invisible
 * character (U+200B …) at position 12"): errorText and the key's input box say the rest. Undefined
 * when it can be sent.
 */
export function keyProblem(key: string): string | undefined {
  let position = 0;
  for (const char of key) {
    position++;
    const cp = char.codePointAt(0)!;
    if (cp > 0x20 && cp < 0x7f) continue;
    if (/\s/.test(char) && cp < 0x80) {
      return l10n.t({ message: 'has a space or line break at position {0}', args: [formatExact(position)], comment: ['after "the key"'] });
    }
    if (INVISIBLE.test(char)) {
      return l10n.t({ message: 'holds an invisible character ({0}) at position {1}', args: [codePoint(cp), formatExact(position)], comment: ['after "the key"; {0}: U+200B ZERO WIDTH SPACE'] });
    }
    return l10n.t({
      message: 'holds a character that is not plain ASCII ({0}, “{1}”) at position {2}',
      args: [codePoint(cp), char, formatExact(position)],
      comment: ['after "the key"; {0}: U+00E9, {1}: é'],
    });
  }
  return undefined;
}
