// The credits tooltip's words, as the status bar shows them.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { UnauthorizedError } from '../../../src/api';
import { presentCredits } from '../../../src/features/credits/ui/statusBarText';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');

describe('the forecast line', () => {
  test('a slow pace that still runs out before the period ends is not said as ~0 a day', () => {
    // 2 credits left, 0.3 a day over the last week: out around 27 November, before the period ends on 1 December.
    const view = presentCredits(
      { loading: false, snapshot: { usage: { remainingCredits: 2, planCredits: 500, billingPeriodStart: '2026-11-01T00:00:00.000Z', billingPeriodEnd: '2026-12-01T00:00:00.000Z' }, fetchedAt: NOW } },
      {
        now: NOW,
        locale: 'en-US',
        thresholds: { warningPercent: 20, criticalPercent: 5 },
        errors: { apiUrl: 'https://api.firecrawl.dev', selfHosted: false },
        burn: { summary: { weekPerDay: 0.3 }, alertsOff: false, muted: false },
      },
    );
    assert.match(view.tooltip, /At the last 7 days' pace \(~0\.3\/day\) credits run out around \*\*Nov 27, 2026\*\*/);
  });

  test("the run-out day is the person's own: 4 pm in Los Angeles is not tomorrow", () => {
    const saved = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      // 1,100 left at 200 a day from 20 November, 12:00 UTC (4 am there): out on 26 November at 00:00 UTC, 25 November at 4 pm there.
      const view = presentCredits(
        {
          loading: false,
          snapshot: { usage: { remainingCredits: 1_100, planCredits: 5_000, billingPeriodStart: '2026-11-01T00:00:00.000Z', billingPeriodEnd: '2026-12-01T00:00:00.000Z' }, fetchedAt: NOW },
        },
        {
          now: NOW,
          locale: 'en-US',
          thresholds: { warningPercent: 20, criticalPercent: 5 },
          errors: { apiUrl: 'https://api.firecrawl.dev', selfHosted: false },
          burn: { summary: { weekPerDay: 200 }, alertsOff: false, muted: false },
        },
      );
      assert.match(view.tooltip, /credits run out around \*\*Nov 25, 2026\*\*/);
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});

describe('the run-out day beside the period end', () => {
  // The period ends 10 Dec 14:00 UTC, printed as its UTC date "Dec 10": 11 Dec, 3 am in Auckland.
  const inAuckland = (remainingCredits: number) => {
    const saved = process.env.TZ;
    process.env.TZ = 'Pacific/Auckland';
    try {
      return presentCredits(
        {
          loading: false,
          snapshot: { usage: { remainingCredits, planCredits: 100_000, billingPeriodStart: '2026-11-10T14:00:00.000Z', billingPeriodEnd: '2026-12-10T14:00:00.000Z' }, fetchedAt: NOW },
        },
        {
          now: NOW,
          locale: 'en-US',
          thresholds: { warningPercent: 20, criticalPercent: 5 },
          errors: { apiUrl: 'https://api.firecrawl.dev', selfHosted: false },
          burn: { summary: { weekPerDay: 200 }, alertsOff: false, muted: false },
        },
      ).tooltip;
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  };

  test('a run-out "before the period ends" is never dated after the end printed beside it', () => {
    // 4,000 at 200 a day from 20 Nov 12:00 UTC: 10 Dec 12:00 UTC, two hours before the end, 11 Dec 1 am in Auckland.
    const tooltip = inAuckland(4_000);
    assert.match(tooltip, /Billing period: Nov 10, 2026 – Dec 10, 2026/);
    assert.match(tooltip, /credits run out around \*\*Dec 10, 2026\*\*, before the period ends/);
  });

  test('a run-out days before the end is still the day where the person is', () => {
    // 1,100 at 200 a day: 26 Nov 00:00 UTC, 26 Nov 1 pm in Auckland.
    assert.match(inAuckland(1_100), /credits run out around \*\*Nov 26, 2026\*\*/);
    // 3,900: 10 Dec 00:00 UTC, 1 pm in Auckland, the end's own printed day.
    assert.match(inAuckland(3_900), /credits run out around \*\*Dec 10, 2026\*\*/);
  });
});

describe('a 401 in the tooltip', () => {
  const problem = { kind: 'unauthorized' as const, error: new UnauthorizedError({ operation: 'creditUsage', serviceBody: true }) };
  const ctx = { now: NOW, locale: 'en-US', thresholds: { warningPercent: 20, criticalPercent: 5 }, errors: { apiUrl: 'http://localhost:3002', selfHosted: true, keySet: false } };

  test('with no key set, a server of one’s own that wants one is asked for a key, not told it rejected one', () => {
    const view = presentCredits({ loading: false, problem }, ctx);
    assert.match(view.tooltip, /asks for an API key \\\(401\\\) and none is set/);
    assert.doesNotMatch(view.tooltip, /rejected/);
    assert.equal(view.text, '$(key) Firecrawl: Set API Key');
    assert.equal(view.level, 'normal');
  });

  test('with a key set, the key was rejected', () => {
    assert.match(presentCredits({ loading: false, problem }, { ...ctx, keySource: 'stored', errors: { ...ctx.errors, keySet: true } }).tooltip, /rejected the API key/);
  });
});

describe('a server that reports no plan', () => {
  const ctx = { now: NOW, locale: 'en-US', thresholds: { warningPercent: 20, criticalPercent: 5 }, errors: { apiUrl: 'http://localhost:3002', selfHosted: true } };
  const view = (remainingCredits: number) =>
    presentCredits({ loading: false, snapshot: { usage: { remainingCredits, planCredits: null, billingPeriodStart: null, billingPeriodEnd: null }, fetchedAt: NOW } }, ctx);

  test('with credits left: no usage share and no warning level, as the item shows', () => {
    const left = view(4_321);
    assert.equal(left.level, 'normal');
    assert.match(left.tooltip, /This server reports no plan, so there is no usage share or warning level\./);
  });

  test('empty or overdrawn, the item is critical and the tooltip says why, not "no warning level"', () => {
    for (const remaining of [0, -20]) {
      const none = view(remaining);
      assert.equal(none.level, 'critical');
      assert.doesNotMatch(none.tooltip, /warning level/, String(remaining));
      assert.match(none.tooltip, /This server reports no plan, so there is no usage share; the balance is marked critical because no credits are left\./, String(remaining));
    }
  });
});
