// The burn-rate rules on bins cut by the sandbox: the last 24 hours, the last hour, the usual rate
// over whole days of the last 7, the spike rule (both thresholds), refunds and top-ups that never read
// as burn, an empty history, a new team, sparse answers, and the run-out time.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SPIKE_THRESHOLDS, detectSpike, lastDay, lastHour, runOut, summarizeBurn, usualRate, weekPerDay } from '../../../src/features/burn/model/burnRules';
import { shapeBins } from '../../../src/features/usage/render/shapeBins';
import { binsFor, DAY_MS, HOUR_MS, type Series } from '../../support/usageBins';

/** A Friday, a quarter past noon UTC: the hour in progress covers 15 minutes. */
const NOW = Date.UTC(2026, 10, 20, 12, 15);
const at = (iso: string) => Date.parse(iso);
const spikeOf = (series: Series, thresholds = DEFAULT_SPIKE_THRESHOLDS) => detectSpike(binsFor('day', NOW, series), binsFor('week', NOW, series), thresholds);

describe('the last 24 hours and the last hour', () => {
  test('a steady team: 24 hours of credits, one bar per hour, the last hour as 60 minutes', () => {
    const day = lastDay(binsFor('day', NOW, { steady: 20 }))!;
    assert.equal(day.hourly.length, 25, 'a quarter hour 24 hours ago, 23 whole hours, a quarter hour now');
    assert.equal(day.total, 480);
    assert.equal(day.peak, 20);
    assert.equal(day.asOf, NOW);
    // 12:00–12:15 (5 credits) plus three quarters of 11:00–12:00 (15).
    assert.equal(lastHour(binsFor('day', NOW, { steady: 20 }))!.credits, 20);
  });

  test('a burst just before the hour still counts in the last 60 minutes', () => {
    const hour = lastHour(binsFor('day', NOW, { steady: 20, spike: { at: at('2026-11-20T11:55:00Z'), credits: 1_200 } }))!;
    // 5 now, and three quarters of the 11 o'clock bin (20 + 1,200): usage inside an hour taken as even.
    assert.equal(hour.credits, 5 + 0.75 * 1_220);
  });

  test('refunds (negative bins) are nothing used, never negative burn', () => {
    const series: Series = {
      steady: 10,
      hours: [
        [at('2026-11-20T12:00:00Z'), -400],
        [at('2026-11-20T09:00:00Z'), -50],
      ],
    };
    const day = lastDay(binsFor('day', NOW, series))!;
    assert.ok(day.hourly.every((v) => v >= 0));
    assert.equal(lastHour(binsFor('day', NOW, series))!.credits, 7.5, 'the refunded hour counts as 0, the hour before as its share');
    assert.ok(weekPerDay(binsFor('week', NOW, series))! > 0);
  });

  test("the 24 hours' total is net of a refund, as the 24-hour table and chart of the same bins total it", () => {
    // 10 an hour, and 60 refunded in the 9 o'clock hour: the hours stay at 0 or more (the sparkline and
    // the spike rules), but the total is not 60 credits above the table's own.
    const bins = binsFor('day', NOW, { steady: 10, hours: [[at('2026-11-20T09:00:00Z'), -60]] });
    const day = lastDay(bins)!;
    assert.equal(day.total, shapeBins(bins, { locale: 'en-US' }).grandTotal);
    assert.equal(day.total, day.hourly.reduce((a, b) => a + b, 0) - 60, 'the refunded hour is 0 in the bars and -60 in the total');
    assert.ok(day.hourly.every((v) => v >= 0));
    assert.equal(day.peak, 10);
  });

  test('sparse answers (empty bins left out) read the same as full ones', () => {
    const series: Series = {
      hours: [
        [at('2026-11-20T09:00:00Z'), 40],
        [at('2026-11-20T12:00:00Z'), 80],
      ],
    };
    const full = binsFor('day', NOW, series);
    const sparse = { ...full, bins: full.bins.filter((b) => b.creditsUsed !== 0) };
    assert.equal(sparse.bins.length, 2);
    assert.deepEqual(lastDay(sparse), lastDay(full));
    assert.deepEqual(lastHour(sparse), lastHour(full));
  });
});

describe('the usual rate (baseline)', () => {
  test('whole UTC days of the last 7, today left out', () => {
    const baseline = usualRate(binsFor('week', NOW, { steady: 20, spike: { at: at('2026-11-20T12:05:00Z'), credits: 5_000 } }));
    assert.deepEqual(baseline, { kind: 'rate', perHour: 20, days: 6 }, "today's spike does not raise its own baseline");
  });

  test('an empty history has no usual rate', () => {
    assert.deepEqual(usualRate(binsFor('week', NOW, {})), { kind: 'empty' });
  });

  test('a new team: no usual rate until two whole days since its first use', () => {
    assert.deepEqual(usualRate(binsFor('week', NOW, { steady: 30, since: at('2026-11-19T20:00:00Z') })), { kind: 'new', days: 1 });
    assert.deepEqual(usualRate(binsFor('week', NOW, { steady: 30, since: at('2026-11-20T08:00:00Z') })), { kind: 'new', days: 0 });
    // Created three days ago: averaged over its own days only, not over a week it did not exist.
    const young = usualRate(binsFor('week', NOW, { steady: 30, since: at('2026-11-17T00:00:00Z') }));
    assert.deepEqual(young, { kind: 'rate', perHour: 30, days: 3 });
  });

  test("the last 7 days' pace: credits a day over the whole window", () => {
    assert.equal(weekPerDay(binsFor('week', NOW, { steady: 20 })), 480);
    assert.equal(weekPerDay(binsFor('week', NOW, {})), 0);
  });
});

describe('the spike rule: last hour ≥ 5× the usual rate and ≥ 100 credits', () => {
  test('a burst of 1,200 credits on a team that uses 20 an hour is a spike', () => {
    const spike = spikeOf({ steady: 20, spike: { at: at('2026-11-20T12:05:00Z'), credits: 1_200 } })!;
    assert.equal(spike.lastHour, 1_220);
    assert.equal(spike.perHour, 20);
    assert.equal(spike.ratio, 61);
    assert.equal(spike.threshold, 100);
    assert.equal(spike.asOf, NOW);
  });

  test('each threshold holds on its own', () => {
    // 91 credits is 91× a quiet team's 1 an hour, but under 100 credits.
    assert.equal(spikeOf({ steady: 1, spike: { at: NOW - 60_000, credits: 90 } }), undefined);
    // 1,600 credits is over 100, but under 5× a busy team's 400 an hour.
    assert.equal(spikeOf({ steady: 400, spike: { at: NOW - 60_000, credits: 1_200 } }), undefined);
    // Just at both: 100 credits, 5× 20.
    assert.ok(spikeOf({ steady: 20, spike: { at: NOW - 60_000, credits: 80 } }));
    assert.equal(spikeOf({ steady: 20, spike: { at: NOW - 60_000, credits: 79 } }), undefined);
  });

  test('the thresholds are settings', () => {
    const series: Series = { steady: 20, spike: { at: NOW - 60_000, credits: 300 } };
    assert.ok(spikeOf(series));
    assert.equal(spikeOf(series, { multiplier: 20, minCredits: 100 }), undefined);
    assert.equal(spikeOf(series, { multiplier: 5, minCredits: 1_000 }), undefined);
  });

  test('no spike without a usual rate: an empty history, a new team', () => {
    const burst = { at: NOW - 60_000, credits: 5_000 };
    assert.equal(spikeOf({ spike: burst }), undefined, 'nothing used in 7 days');
    assert.equal(spikeOf({ steady: 30, since: at('2026-11-19T20:00:00Z'), spike: burst }), undefined, 'a team created yesterday');
  });

  test('a top-up is not usage: the same bins give the same verdict whatever the balance did', () => {
    const quiet: Series = { steady: 20 };
    const summary = summarizeBurn({ day: { bins: binsFor('day', NOW, quiet), fetchedAt: NOW }, week: { bins: binsFor('week', NOW, quiet), fetchedAt: NOW } }, DEFAULT_SPIKE_THRESHOLDS, NOW);
    assert.equal(summary.spike, undefined);
    assert.equal(summary.day?.total, 480);
    assert.equal(summary.weekPerDay, 480);
    // Balances only enter the run-out time: above the plan, at zero, below zero.
    assert.equal(runOut(150_000, 1_220, NOW).kind, 'at');
    assert.deepEqual(runOut(0, 1_220, NOW), { kind: 'over', by: 0 });
    assert.deepEqual(runOut(-2_500, 1_220, NOW), { kind: 'over', by: 2_500 });
    assert.deepEqual(runOut(1_000, 0, NOW), { kind: 'never' });
    assert.deepEqual(runOut(1_220, 1_220, NOW), { kind: 'at', at: NOW + HOUR_MS });
  });

  test('hourly bins older than an hour say nothing about a spike lasting', () => {
    const series: Series = { steady: 20, spike: { at: NOW - 60_000, credits: 1_200 } };
    const input = { day: { bins: binsFor('day', NOW, series), fetchedAt: NOW }, week: { bins: binsFor('week', NOW, series), fetchedAt: NOW } };
    assert.ok(summarizeBurn(input, DEFAULT_SPIKE_THRESHOLDS, NOW + 30 * 60_000).spike);
    assert.equal(summarizeBurn(input, DEFAULT_SPIKE_THRESHOLDS, NOW + 61 * 60_000).spike, undefined);
    assert.equal(summarizeBurn(input, DEFAULT_SPIKE_THRESHOLDS, NOW + 61 * 60_000).day?.total, 480 + 1_200, 'the last 24 hours still show');
  });

  test("a week's bins from weeks ago (a team file left from then) are no usual rate: no spike, no pace, until a fresh week", () => {
    // The team used 20 an hour three weeks ago; it uses 120 an hour now, steadily: no spike.
    const then = NOW - 21 * DAY_MS;
    const input = { day: { bins: binsFor('day', NOW, { steady: 120 }), fetchedAt: NOW }, week: { bins: binsFor('week', then, { steady: 20 }), fetchedAt: then } };
    const summary = summarizeBurn(input, DEFAULT_SPIKE_THRESHOLDS, NOW);
    assert.equal(summary.spike, undefined);
    assert.equal(summary.weekPerDay, undefined, 'no pace from weeks ago');
    assert.equal(summary.baseline, undefined);
    assert.equal(summary.lastHour, 120, 'the hours still show');
    // A week fetched within the day still counts.
    const recent = { ...input, week: { bins: binsFor('week', NOW - 20 * HOUR_MS, { steady: 120 }), fetchedAt: NOW - 20 * HOUR_MS } };
    assert.equal(summarizeBurn(recent, DEFAULT_SPIKE_THRESHOLDS, NOW).weekPerDay, 120 * 24);
  });

  test('nothing loaded: an empty summary', () => {
    assert.deepEqual(summarizeBurn({}, DEFAULT_SPIKE_THRESHOLDS, NOW), {});
    assert.equal(lastDay({ timeRange: 'day', binSize: 'hour', windowStart: null, windowEnd: null, bins: [] }), undefined);
    assert.equal(DAY_MS, 86_400_000);
  });
});

describe('bins without window dates', () => {
  test('sparse hourly bins without window dates: a burst 10 hours ago is not "the last hour"', () => {
    const now = Date.UTC(2026, 10, 20, 12, 15);
    const full = binsFor('day', now, { hours: [[Date.UTC(2026, 10, 20, 2, 0), 1_200]] });
    // The service left empty bins out and did not date its window.
    const sparse = { ...full, windowStart: null, windowEnd: null, bins: full.bins.filter((b) => b.creditsUsed !== 0) };
    assert.equal(sparse.bins.length, 1);
    const summary = summarizeBurn(
      { day: { bins: sparse, fetchedAt: now }, week: { bins: binsFor('week', now, { steady: 1, hours: [[Date.UTC(2026, 10, 20, 2, 0), 1_200]] }), fetchedAt: now } },
      DEFAULT_SPIKE_THRESHOLDS,
      now,
    );
    assert.ok(!summary.lastHour, `the last hour reads ${summary.lastHour} credits`);
    assert.equal(summary.spike, undefined, 'a spike is reported for a burst 10 hours old');
  });
});
