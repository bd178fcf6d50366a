import * as assert from 'node:assert/strict';
import { suite, test } from 'node:test';
import { formatCredits, formatDateTime, formatExact, formatMegabytes, formatPercent, formatRatio, formatSpan, setLocale } from '../../../src/shared/format';

suite('formatPercent', () => {
  test('whole percents in the middle, one decimal near the ends', () => {
    assert.equal(formatPercent(0.876, 'en-US'), '88%');
    assert.equal(formatPercent(0.05, 'en-US'), '5%');
    assert.equal(formatPercent(0.0123, 'en-US'), '1.2%');
    assert.equal(formatPercent(0.995, 'en-US'), '99.5%');
  });

  test('never 100% while credits are left, nor 0% once any are used; the ends themselves as they are', () => {
    assert.equal(formatPercent(498 / 500, 'en-US'), '99.6%');
    assert.equal(formatPercent(499_999 / 500_000, 'en-US'), '99.9%');
    assert.equal(formatPercent(1 / 500_000, 'en-US'), '0.1%');
    assert.equal(formatPercent(1, 'en-US'), '100%');
    assert.equal(formatPercent(0, 'en-US'), '0%');
    assert.equal(formatPercent(1.2, 'en-US'), '120%');
  });

  test("each locale keeps its own formats, and the editor's language follows a change of it", () => {
    assert.equal(formatPercent(0.5, 'de'), '50\u00a0%');
    assert.equal(formatPercent(0.5, 'en-US'), '50%');
    assert.equal(formatPercent(0.0123, 'de'), '1,2\u00a0%');
    assert.equal(formatPercent(0.0123, 'en-US'), '1.2%');
    try {
      setLocale('de');
      assert.equal(formatPercent(0.5), '50\u00a0%');
      setLocale('en-US');
      assert.equal(formatPercent(0.5), '50%');
    } finally {
      setLocale(undefined);
    }
  });

  test('a window in seconds is said in its largest whole unit', () => {
    assert.equal(formatSpan(120, 'en-US'), '2 minutes');
    assert.equal(formatSpan(86_400, 'en-US'), '1 day');
    assert.equal(formatSpan(7_200, 'en-US'), '2 hours');
    assert.equal(formatSpan(90, 'en-US'), '90 seconds');
    assert.equal(formatSpan(1, 'en-US'), '1 second');
    assert.equal(formatSpan(86_400, 'de'), '1 Tag');
  });
});

suite('whole numbers', () => {
  test('a small amount below zero reads 0, never "-0"; larger ones keep their sign', () => {
    assert.equal(formatExact(-0.4, 'en-US'), '0');
    assert.equal(formatCredits(-0.4, 'en-US'), '0');
    assert.equal(formatExact(-0.6, 'en-US'), '-1');
    assert.equal(formatCredits(-1_250_000, 'en-US'), '-1.3M');
  });
});

suite('formatMegabytes', () => {
  test('one decimal, rounded up: a size over a limit never reads as the limit', () => {
    const MB = 1024 * 1024;
    assert.equal(formatMegabytes(50 * MB, 'en-US'), '50.0');
    assert.equal(formatMegabytes(50 * MB + 1_600, 'en-US'), '50.1');
    assert.equal(formatMegabytes(10.02 * MB, 'en-US'), '10.1');
    assert.equal(formatMegabytes(4.2 * MB, 'de'), '4,2');
    assert.equal(formatMegabytes(0, 'en-US'), '0.0');
  });
});

suite('formatRatio', () => {
  test('a decimal below 10, none above; a small rate keeps two figures rather than reading 0', () => {
    assert.equal(formatRatio(3_600, 'en-US'), '3,600');
    assert.equal(formatRatio(6.54, 'en-US'), '6.5');
    assert.equal(formatRatio(0.5, 'en-US'), '0.5');
    assert.equal(formatRatio(1 / 24, 'en-US'), '0.042');
    assert.equal(formatRatio(1 / 24, 'de'), '0,042');
    assert.equal(formatRatio(0, 'en-US'), '0');
    assert.equal(formatRatio(Number.POSITIVE_INFINITY, 'en-US'), '∞');
  });
});

suite('formatDateTime', () => {
  test('each minute is said in the locale asked for, whichever was said last', () => {
    const at = Date.UTC(2026, 10, 20, 15, 42, 10);
    const en = formatDateTime(at, 'en-US');
    const de = formatDateTime(at + 20_000, 'de');
    assert.notEqual(en, de);
    assert.equal(formatDateTime(at + 5_000, 'en-US'), en);
    assert.equal(formatDateTime(at + 40_000, 'de'), de, 'the same minute in the same locale');
    assert.notEqual(formatDateTime(at + 60_000, 'en-US'), en, 'the next minute');
    try {
      setLocale('de');
      assert.equal(formatDateTime(at), de);
      setLocale('en-US');
      assert.equal(formatDateTime(at), en, "the editor's language followed");
    } finally {
      setLocale(undefined);
    }
  });
});
