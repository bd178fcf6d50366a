// Pure parsers for what a person types or pastes into the feedback wizard. They never change
// what was typed behind the user's back (no lower-casing): bad input is reported by name, using
// the same rules and limits as the validator. Pure: no `vscode`, no Node built-ins.

import * as l10n from '@vscode/l10n';
import { FEEDBACK_LIMITS } from '../../../api/feedback/types';
import { checkLabel, type FeedbackLabelKind } from '../../../api/feedback/validate';
import { formatExact, plural } from '../../../shared/format';

export type ParseResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /** A sentence naming the offending input. */
      error: string;
      /** The offending tokens exactly as typed (one for page numbers, every bad one for labels). */
      tokens: string[];
    };

function fail<T>(error: string, tokens: string[]): ParseResult<T> {
  return { ok: false, error, tokens };
}

const NUMBER = /^\d+$/;
const RANGE = /^(\d+)-(\d+)$/;

/**
 * Page numbers as typed: '1,3-5, 8' → [1, 3, 4, 5, 8]. Separators are commas, semicolons and
 * spaces; ranges use '-' or '–' (spaces around the dash are allowed). Ranges are expanded,
 * duplicates removed, the result sorted. Blank input is an empty list. Errors name the bad token:
 * 0, negatives, reversed ranges, non-numbers, and more than 100 distinct pages.
 */
export function parsePageNumbers(text: string): ParseResult<number[]> {
  const max = FEEDBACK_LIMITS.pageNumbersMax;
  const min = FEEDBACK_LIMITS.pageNumberMin;
  const normalized = text.replace(/(\d)\s*[-–—]\s*(?=\d)/g, '$1-');
  const tokens = normalized.split(/[\s,;]+/).filter((t) => t.length > 0);
  const pages = new Set<number>();
  // Limits are formatted for the language; numbers taken from what was typed are quoted as typed.
  const tooMany = (token: string): ParseResult<number[]> => fail(l10n.t("'{0}' takes the list past {1} pages; feedback can name at most {1} page numbers.", token, formatExact(max)), [token]);

  for (const token of tokens) {
    const single = NUMBER.test(token) ? Number(token) : undefined;
    if (single !== undefined) {
      if (!Number.isSafeInteger(single)) return fail(l10n.t("'{0}' is too large to be a page number.", token), [token]);
      if (single < min) return fail(l10n.t("'{0}' is not a page: page numbers start at {1}.", token, formatExact(min)), [token]);
      pages.add(single);
      if (pages.size > max) return tooMany(token);
      continue;
    }
    const range = RANGE.exec(token);
    if (range) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to)) {
        return fail(l10n.t("'{0}' is too large to be a page range.", token), [token]);
      }
      if (from < min) return fail(l10n.t("'{0}' starts at {1}; page numbers start at {2}.", token, String(from), formatExact(min)), [token]);
      // The range to type instead, in the digits the parser reads.
      if (from > to) return fail(l10n.t("'{0}' is reversed; write it as '{1}'.", token, `${to}-${from}`), [token]);
      if (to - from + 1 > max) return tooMany(token);
      for (let page = from; page <= to; page++) pages.add(page);
      if (pages.size > max) return tooMany(token);
      continue;
    }
    if (/^[-−]\d/.test(token)) return fail(l10n.t("'{0}' is negative; page numbers start at {1}.", token, formatExact(min)), [token]);
    if (/^\d+(?:[.,]\d+)$/.test(token)) return fail(l10n.t("'{0}' is not a whole number; page numbers are whole numbers.", token), [token]);
    return fail(l10n.t("'{0}' is not a page number or range; use numbers and ranges like 1, 3-5, 8.", token), [token]);
  }
  return { ok: true, value: [...pages].sort((a, b) => a - b) };
}

/**
 * Issue labels or tags as typed: 'a, b c' → ['a', 'b', 'c']. Separators are commas and whitespace.
 * Labels are kept exactly as typed (never lower-cased); exact repeats are kept once. Every label
 * that breaks the rules is reported by name; more than 20 labels is an error too.
 */
export function parseLabels(text: string, kind: FeedbackLabelKind = 'issue'): ParseResult<string[]> {
  const labels: string[] = [];
  for (const token of text.split(/[\s,;]+/)) {
    if (token.length > 0 && !labels.includes(token)) labels.push(token);
  }
  const messages: string[] = [];
  const bad: string[] = [];
  for (const label of labels) {
    const message = checkLabel(label, kind);
    if (message !== undefined) {
      messages.push(message);
      bad.push(label);
    }
  }
  if (bad.length > 0) return fail(messages.join(' '), bad);
  const max = FEEDBACK_LIMITS.labelsMax;
  if (labels.length > max) {
    return fail(tooManyLabels(kind, labels.length, max), labels.slice(max));
  }
  return { ok: true, value: labels };
}

function tooManyLabels(kind: FeedbackLabelKind, count: number, max: number): string {
  const [n, m, extra] = [formatExact(count), formatExact(max), formatExact(count - max)];
  return kind === 'issue'
    ? plural(count, l10n.t('{0} issue label given; at most {1} are allowed (remove {2}).', n, m, extra), l10n.t('{0} issue labels given; at most {1} are allowed (remove {2}).', n, m, extra))
    : plural(count, l10n.t('{0} tag given; at most {1} are allowed (remove {2}).', n, m, extra), l10n.t('{0} tags given; at most {1} are allowed (remove {2}).', n, m, extra));
}
