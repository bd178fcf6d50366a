// The billing period line once the period's end has passed (the service has not rolled it over yet).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { presentCredits } from '../../../src/features/credits/ui/statusBarText';

const ctx = (now: number) => ({ now, locale: 'en-US', thresholds: { warningPercent: 20, criticalPercent: 5 }, errors: { apiUrl: 'https://api.firecrawl.dev', selfHosted: false } });
const usage = { remainingCredits: 100, planCredits: 500, billingPeriodStart: '2026-11-01T00:00:00.000Z', billingPeriodEnd: '2026-12-01T00:00:00.000Z' };

describe('a billing period that has ended', () => {
  test('three hours after the end: not "resets in 0 days"', () => {
    const now = Date.parse('2026-12-01T03:00:00Z');
    const tooltip = presentCredits({ loading: false, snapshot: { usage, fetchedAt: now } }, ctx(now)).tooltip;
    assert.doesNotMatch(tooltip, /in 0 days/);
    assert.match(tooltip, /Billing period: Nov 1, 2026 – Dec 1, 2026 · ended/);
  });

  test('while it runs, the count is unchanged', () => {
    const now = Date.parse('2026-11-30T23:00:00Z');
    const tooltip = presentCredits({ loading: false, snapshot: { usage, fetchedAt: now } }, ctx(now)).tooltip;
    assert.match(tooltip, /Billing period: Nov 1, 2026 – Dec 1, 2026 · resets in 1 day\n/);
  });
});

describe('the days until a period resets', () => {
  // Periods end at a time of day (14:00 UTC, as subscriptions do) and the end is printed as its UTC date.
  const at14 = { ...usage, billingPeriodStart: '2026-11-15T14:00:00.000Z', billingPeriodEnd: '2026-12-15T14:00:00.000Z' };

  test('agree with the end date printed beside them', () => {
    // 20 Nov 12:00 UTC to 15 Dec 14:00 UTC is 25 days and 2 hours: Nov 20 and 26 days would be Dec 16.
    const now = Date.parse('2026-11-20T12:00:00Z');
    const tooltip = presentCredits({ loading: false, snapshot: { usage: at14, fetchedAt: now } }, ctx(now)).tooltip;
    assert.match(tooltip, /Billing period: Nov 15, 2026 – Dec 15, 2026 · resets in 25 days\n/);
  });

  test('the day before the end date is 1 day, late or early in that day', () => {
    for (const at of ['2026-12-14T00:30:00Z', '2026-12-14T23:30:00Z']) {
      const now = Date.parse(at);
      const tooltip = presentCredits({ loading: false, snapshot: { usage: at14, fetchedAt: now } }, ctx(now)).tooltip;
      assert.match(tooltip, /Dec 15, 2026 · resets in 1 day\n/, at);
    }
  });

  test('on the end date itself it resets today, not "in 0 days" nor "in 1 day"', () => {
    const now = Date.parse('2026-12-15T09:00:00Z');
    const tooltip = presentCredits({ loading: false, snapshot: { usage: at14, fetchedAt: now } }, ctx(now)).tooltip;
    assert.match(tooltip, /Billing period: Nov 15, 2026 – Dec 15, 2026 · resets today\n/);
  });
});

describe('a billing period that ends before it starts', () => {
  test('is not printed backwards with a reset count: it is unknown, as a period without dates', () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    for (const period of [
      { billingPeriodStart: '2026-12-15T00:00:00.000Z', billingPeriodEnd: '2026-12-01T00:00:00.000Z' },
      { billingPeriodStart: '2026-12-01T00:00:00.000Z', billingPeriodEnd: '2026-11-01T00:00:00.000Z' },
      { billingPeriodStart: '2026-12-01T00:00:00.000Z', billingPeriodEnd: '2026-12-01T00:00:00.000Z' },
    ]) {
      const view = presentCredits({ loading: false, snapshot: { usage: { ...usage, ...period }, fetchedAt: now } }, ctx(now));
      assert.doesNotMatch(view.tooltip, /Billing period|resets in/, JSON.stringify(period));
      assert.match(view.tooltip, /\*\*100\*\* of 500 credits remaining/, 'the balance is still said');
    }
  });
});
