// The burn in words: the spike alert's sentence (credits in the last hour, how much faster than usual,
// when the balance runs out, or that it already has), and the status bar's lines (last 24 hours and
// its sparkline, a spike, the forecast saying which pace it used, the alerts' state, the colour).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CreditUsage } from '../../../src/api';
import { DEFAULT_SPIKE_THRESHOLDS, type Spike, summarizeBurn } from '../../../src/features/burn/model/burnRules';
import { spikeMessage } from '../../../src/features/burn/ui/spikeText';
import type { BurnView } from '../../../src/features/burn';
import type { CreditsState } from '../../../src/features/credits/model/creditsStore';
import { forecastRunOut } from '../../../src/features/credits/model/forecast';
import { presentCredits, type PresentationContext } from '../../../src/features/credits/ui/statusBarText';
import { pluralCount } from '../../../src/shared/format';
import { sparkline } from '../../../src/shared/sparkline';
import { binsFor, DAY_MS, HOUR_MS, type Series } from '../../support/usageBins';

const NOW = Date.UTC(2026, 10, 20, 12, 15);
const spike: Spike = { lastHour: 1_220, perHour: 20, ratio: 61, threshold: 100, asOf: NOW };

function burnView(series: Series, over: Partial<BurnView> = {}): BurnView {
  const summary = summarizeBurn({ day: { bins: binsFor('day', NOW, series), fetchedAt: NOW }, week: { bins: binsFor('week', NOW, series), fetchedAt: NOW } }, DEFAULT_SPIKE_THRESHOLDS, NOW);
  return { summary, dayFetchedAt: NOW, alertsOff: false, muted: false, ...over };
}

const usage: CreditUsage = { remainingCredits: 62_418, planCredits: 100_000, billingPeriodStart: '2026-11-08T00:00:00.000Z', billingPeriodEnd: '2026-12-08T00:00:00.000Z' };
const state = (u: CreditUsage = usage): CreditsState => ({ loading: false, snapshot: { usage: u, fetchedAt: NOW } });
const ctx = (burn?: BurnView): PresentationContext => ({
  now: NOW,
  locale: 'en-US',
  thresholds: { warningPercent: 20, criticalPercent: 5 },
  errors: { apiUrl: 'https://api.firecrawl.dev', selfHosted: false },
  ...(burn ? { burn } : {}),
});

describe('the spike alert in words', () => {
  test('credits in the last hour, how much faster than usual, and when the balance runs out', () => {
    const text = spikeMessage(spike, { now: NOW, locale: 'en-US', remaining: 3_660 });
    assert.match(text, /^Firecrawl credits are draining fast: 1,220 credits used in the last hour, 61× the usual rate of the last 7 days \(20 an hour\)\./);
    assert.match(text, /At this pace the remaining 3,660 credits run out in 3 hours \(around Nov 20, \d{1,2}:15\s[AP]M\)\.$/);
  });

  test('a negative or empty balance has nothing left to run out; no balance known says nothing of it', () => {
    assert.match(spikeMessage(spike, { now: NOW, locale: 'en-US', remaining: -2_500 }), /The balance is already below zero, by 2,500\.$/);
    assert.match(spikeMessage(spike, { now: NOW, locale: 'en-US', remaining: 0 }), /The balance is used up\.$/);
    assert.doesNotMatch(spikeMessage(spike, { now: NOW, locale: 'en-US' }), /balance|runs? out/);
  });

  test('a fractional balance is said as the whole number shown: -0.4 and 0.3 are used up, -2.6 is below zero by 3', () => {
    assert.match(spikeMessage(spike, { now: NOW, locale: 'en-US', remaining: -0.4 }), /The balance is used up\.$/);
    assert.match(spikeMessage(spike, { now: NOW, locale: 'en-US', remaining: 0.3 }), /The balance is used up\.$/);
    assert.match(spikeMessage(spike, { now: NOW, locale: 'en-US', remaining: -2.6 }), /The balance is already below zero, by 3\.$/);
    assert.match(spikeMessage(spike, { now: NOW, locale: 'en-US', remaining: 1.4 }), /the remaining 1 credit runs out/);
  });

  test('one credit is one credit; a usual rate of nothing reads as ∞; other locales format numbers their way', () => {
    assert.match(spikeMessage({ ...spike, lastHour: 1 }, { now: NOW, locale: 'en-US', remaining: 1 }), /: 1 credit used in the last hour.*the remaining 1 credit runs out/);
    assert.match(spikeMessage({ ...spike, perHour: 0, ratio: Infinity }, { now: NOW, locale: 'en-US' }), /∞× the usual rate/);
    assert.match(spikeMessage(spike, { now: NOW, locale: 'de-DE', remaining: 1_000_000 }), /1\.220 credits .* 1\.000\.000 credits/);
    assert.equal(
      pluralCount(
        1,
        'en',
        (c) => `${c} credit`,
        (c) => `${c} credits`,
      ),
      '1 credit',
    );
    assert.equal(
      pluralCount(
        1_234,
        'en',
        (c) => `${c} credit`,
        (c) => `${c} credits`,
      ),
      '1,234 credits',
    );
  });
});

describe('the status bar with the burn', () => {
  test("last 24 hours with an hourly sparkline; the forecast says it runs on the last 7 days' pace", () => {
    const view = presentCredits(state(), ctx(burnView({ steady: 20, hours: [[NOW - 3 * HOUR_MS, 200]] })));
    assert.match(view.tooltip, /Last 24 h: \*\*660\*\* credits/);
    const spark = /`([▁▂▃▄▅▆▇█]+)` hourly, oldest first; busiest hour 200/.exec(view.tooltip);
    assert.ok(spark, view.tooltip);
    assert.equal([...spark[1]!].length, 25);
    assert.equal(view.level, 'normal');
    assert.doesNotMatch(view.text, /pulse/);
  });

  test('a spike: the warning colour, a pulse beside the number, a tooltip line and a spoken sentence', () => {
    const view = presentCredits(state(), ctx(burnView({ steady: 20, spike: { at: NOW - 10 * 60_000, credits: 1_200 } })));
    assert.equal(view.level, 'warning');
    assert.match(view.text, /\$\(flame\) 62,418 \$\(pulse\)/);
    assert.match(view.tooltip, /\$\(warning\) \*\*Spike:\*\* 1,220 credits in the last hour, 61× the usual rate of the last 7 days \(20 an hour\)\./);
    assert.match(view.accessibilityLabel, /Credits are draining fast: 1,220 credits in the last hour\.$/);
    // A critical balance stays critical.
    assert.equal(presentCredits(state({ ...usage, remainingCredits: -10 }), ctx(burnView({ steady: 20, spike: { at: NOW - 60_000, credits: 1_200 } }))).level, 'critical');
  });

  test('what the AI tools spent is never more than the bins it is a part of (their record is live, the bins lag)', () => {
    // The bins say 20 in the last day, 1,220 in the last hour of the spike; the tools' live record says more.
    const quiet = presentCredits(state(), { ...ctx(burnView({ hours: [[NOW - 3 * HOUR_MS, 20]] })), tools: { lastHour: 60, lastDay: 60 } });
    assert.match(quiet.tooltip, /Last 24 h: \*\*20\*\* credits/);
    assert.match(quiet.tooltip, /AI agents spent 20 credits of these through Firecrawl tools\./);
    const spiking = presentCredits(state(), { ...ctx(burnView({ steady: 20, spike: { at: NOW - 10 * 60_000, credits: 1_200 } })), tools: { lastHour: 5_000, lastDay: 5_000 } });
    assert.match(spiking.tooltip, /AI agents drove it: 1,220 of the last hour's credits went through the editor's Firecrawl tools\./);
    assert.match(spikeMessage(spike, { now: NOW, locale: 'en-US', toolCredits: 5_000 }), /AI agents drove it: 1,220 of the last hour's credits went through/);
    assert.match(spikeMessage(spike, { now: NOW, locale: 'en-US', toolCredits: 100 }), /AI agents spent 100 of the last hour's credits through/);
  });

  test('alerts off or muted are said, with a way back', () => {
    assert.match(presentCredits(state(), ctx(burnView({ steady: 20 }, { alertsOff: true }))).tooltip, /Spike alerts are off\. \[Turn On\]\(command:firecrawl\.resumeSpikeAlerts\)/);
    assert.match(presentCredits(state(), ctx(burnView({ steady: 20 }, { muted: true }))).tooltip, /Spike alerts are muted for today\. \[Turn On\]\(command:firecrawl\.resumeSpikeAlerts\)/);
  });

  test('old hourly bins say how old', () => {
    const view = presentCredits(state(), ctx(burnView({ steady: 20 }, { dayFetchedAt: NOW - 2 * HOUR_MS })));
    assert.match(view.tooltip, /Hourly usage as of 2h ago/);
  });

  test('no bins yet: the tooltip is as before', () => {
    assert.doesNotMatch(presentCredits(state(), ctx()).tooltip, /Last 24 h/);
  });
});

describe('the forecast and its pace', () => {
  test('the last 7 days when the period began before them, else this period; each saying which', () => {
    // 12 days into the period, 37,582 used (3,132 a day); the last 7 days at 6,000 a day.
    const week = presentCredits(state(), ctx({ summary: { weekPerDay: 6_000 }, alertsOff: false, muted: false }));
    assert.match(week.tooltip, /At the last 7 days' pace \(~6,000\/day\) credits run out around \*\*Nov 30, 2026\*\*, before the period ends\./);
    const young = { ...usage, billingPeriodStart: '2026-11-15T00:00:00.000Z', billingPeriodEnd: '2026-12-15T00:00:00.000Z', remainingCredits: 20_000 };
    const period = presentCredits(state(young), ctx({ summary: { weekPerDay: 100 }, alertsOff: false, muted: false }));
    assert.match(period.tooltip, /At this period's pace so far \(~/);
    assert.equal(forecastRunOut(usage, NOW, undefined, 6_000)?.basis, 'week');
    assert.equal(forecastRunOut(young, NOW, undefined, 100)?.basis, 'period');
  });

  test('a balance the status bar shows as 0 (0.4 left) is used up: no run-out date beside it', () => {
    assert.equal(forecastRunOut({ ...usage, remainingCredits: 0.4 }, NOW, undefined, 6_000), undefined);
    assert.equal(forecastRunOut({ ...usage, remainingCredits: 0.6 }, NOW, undefined, 6_000)?.basis, 'week');
  });

  test('a quiet week means no run-out; a top-up (remaining above plan) still has a pace from the bins', () => {
    assert.equal(forecastRunOut(usage, NOW, undefined, 0), undefined);
    const toppedUp = { ...usage, remainingCredits: 150_000 };
    const f = forecastRunOut(toppedUp, NOW, undefined, 10_000)!;
    assert.equal(f.basis, 'week');
    assert.equal(Math.round((f.runOutAt - NOW) / DAY_MS), 15);
    assert.equal(forecastRunOut({ ...usage, remainingCredits: -5 }, NOW, undefined, 8_000), undefined, 'overdrawn: nothing to run out');
  });

  test("a quiet week early in a period means no run-out either: last month's pace is for when the recent one is not known", () => {
    // Four days into a period with nothing used, and nothing in the last 7 days; last month used 3,000 a day.
    const early = { ...usage, billingPeriodStart: '2026-11-16T12:15:00.000Z', billingPeriodEnd: '2026-12-16T12:15:00.000Z', planCredits: 50_000, remainingCredits: 50_000 };
    const lastMonth = [{ startDate: '2026-10-16T12:15:00.000Z', endDate: '2026-11-16T12:15:00.000Z', creditsUsed: 93_000 }];
    assert.equal(forecastRunOut(early, NOW, lastMonth, 0), undefined);
    assert.equal(forecastRunOut(early, NOW, lastMonth, 1), undefined, 'as with a pace of one a day');
    assert.equal(forecastRunOut(early, NOW, lastMonth)?.basis, 'history', 'the last 7 days not known yet');
    // A history kept from months ago (the usage panel last opened in summer) is not last month's pace.
    const summer = [{ startDate: '2026-07-01T00:00:00.000Z', endDate: '2026-08-01T00:00:00.000Z', creditsUsed: 93_000 }];
    assert.equal(forecastRunOut(early, NOW, summer), undefined);
  });

  test('sparklines keep any usage above the floor', () => {
    assert.equal(sparkline([0, 1, 100, 50]), '▁▂█▅');
    assert.equal(sparkline([0, 0]), '▁▁');
    assert.equal(sparkline([]), '');
  });
});
