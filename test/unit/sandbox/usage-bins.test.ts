// The sandbox's usage by hour and by day (timeRange=day|week|month): windows and bins as the service
// cuts them, its 400s, both dialects, sparse answers, a new team, and the switchable spike (API,
// control route and CLI flag).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, fakeClock, withSandbox } from '../../sandbox/testing';
import { parseArgs } from '../../sandbox/cli';
import { demoHourCredits, TIME_RANGE_INVALID, TIME_RANGE_WITH_KEYS } from '../../sandbox/usageBins';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A Friday, 12:30 UTC: half-way through an hour, so the first and last bins are partial. */
const NOW = Date.UTC(2026, 10, 20, 12, 30, 0);

interface Bin {
  startDate: string;
  endDate: string;
  creditsUsed: number;
}

const path = (range: string) => `/v2/team/credit-usage/historical?timeRange=${range}`;

describe('usage bins (timeRange)', () => {
  test('day: hourly bins over the last 24 h, the first and last partial, with the window', async () => {
    const clock = fakeClock(NOW);
    await withSandbox({ now: clock.now }, async (sb) => {
      const r = await call(sb, path('day'));
      assert.equal(r.status, 200);
      assert.deepEqual(r.json.window, { timeRange: 'day', binSize: 'hour', startDate: new Date(NOW - DAY).toISOString(), endDate: new Date(NOW).toISOString() });
      const bins = r.json.periods as Bin[];
      assert.equal(bins.length, 25, '23 whole hours and two halves');
      assert.equal(bins[0]!.startDate, '2026-11-19T12:30:00.000Z');
      assert.equal(bins[0]!.endDate, '2026-11-19T12:59:59.999Z');
      assert.equal(bins[1]!.startDate, '2026-11-19T13:00:00.000Z');
      assert.equal(bins.at(-1)!.startDate, '2026-11-20T12:00:00.000Z');
      assert.equal(bins.at(-1)!.endDate, '2026-11-20T12:30:00.000Z', 'the bin in progress ends now');
      // A whole hour holds the demo rhythm's credits for it; a half hour half of them.
      assert.equal(bins[1]!.creditsUsed, demoHourCredits(Date.parse(bins[1]!.startDate)));
      assert.equal(bins.at(-1)!.creditsUsed, Math.round(demoHourCredits(Date.UTC(2026, 10, 20, 12)) / 2));
      for (const b of bins) assert.ok(Number.isInteger(b.creditsUsed) && b.creditsUsed >= 0);
    });
  });

  test('week and month: daily bins over 7 and 30 days, oldest first, partial ends', async () => {
    const clock = fakeClock(NOW);
    await withSandbox({ now: clock.now }, async (sb) => {
      const week = await call(sb, path('week'));
      assert.deepEqual(week.json.window, { timeRange: 'week', binSize: 'day', startDate: new Date(NOW - 7 * DAY).toISOString(), endDate: new Date(NOW).toISOString() });
      const days = week.json.periods as Bin[];
      assert.equal(days.length, 8);
      assert.equal(days[0]!.startDate, '2026-11-13T12:30:00.000Z');
      assert.equal(days[1]!.startDate, '2026-11-14T00:00:00.000Z');
      assert.equal(days[1]!.endDate, '2026-11-14T23:59:59.999Z');
      assert.equal(days.at(-1)!.startDate, '2026-11-20T00:00:00.000Z');
      // A whole day is the sum of its hours.
      let sum = 0;
      for (let h = 0; h < 24; h += 1) sum += demoHourCredits(Date.UTC(2026, 10, 14, h));
      assert.equal(days[1]!.creditsUsed, sum);
      const month = await call(sb, path('month'));
      assert.equal(month.json.window.binSize, 'day');
      assert.equal((month.json.periods as Bin[]).length, 31);
      const sorted = (month.json.periods as Bin[]).map((b) => Date.parse(b.startDate));
      assert.deepEqual(
        sorted,
        [...sorted].sort((a, b) => a - b),
      );
    });
  });

  test('a window that ends on the hour has only whole bins', async () => {
    const clock = fakeClock(Date.UTC(2026, 10, 20, 12, 0, 0));
    await withSandbox({ now: clock.now }, async (sb) => {
      const bins = (await call(sb, path('day'))).json.periods as Bin[];
      assert.equal(bins.length, 24);
      assert.equal(bins[0]!.startDate, '2026-11-19T12:00:00.000Z');
      assert.equal(bins.at(-1)!.endDate, '2026-11-20T11:59:59.999Z');
    });
  });

  test('refuses what the service refuses, with its words', async () => {
    await withSandbox({ now: fakeClock(NOW).now }, async (sb) => {
      for (const bad of ['year', 'Day', '', 'day%20']) {
        const r = await call(sb, path(bad));
        assert.equal(r.status, 400, bad);
        assert.deepEqual(r.json, { success: false, error: TIME_RANGE_INVALID });
      }
      // A repeated timeRange is refused too, even when both say the same.
      const twice = await call(sb, `${path('day')}&timeRange=day`);
      assert.deepEqual([twice.status, twice.json], [400, { success: false, error: TIME_RANGE_INVALID }]);
      const both = await call(sb, `${path('week')}&byApiKey=true`);
      assert.equal(both.status, 400);
      assert.deepEqual(both.json, { success: false, error: TIME_RANGE_WITH_KEYS });
      // Only the exact string 'true' asks for keys, as without timeRange.
      assert.equal((await call(sb, `${path('week')}&byApiKey=TRUE`)).status, 200);
      // Auth still comes first.
      assert.equal((await call(sb, path('year'), { key: 'fc-nope' })).status, 401);
      // Months are unchanged without timeRange.
      const months = await call(sb, '/v2/team/credit-usage/historical');
      assert.equal(months.json.window, undefined);
      assert.equal(months.json.periods.length, 4);
    });
  });

  test('spec dialect names the number totalCredits; self-hosted answers 500', async () => {
    await withSandbox({ now: fakeClock(NOW).now, dialect: 'spec' }, async (sb) => {
      const bin = (await call(sb, path('day'))).json.periods[3];
      assert.equal(typeof bin.totalCredits, 'number');
      assert.equal(bin.creditsUsed, undefined);
      sb.selfHosted = true;
      const r = await call(sb, path('day'));
      assert.equal(r.status, 500);
      assert.equal(r.json.code, 'UNKNOWN_ERROR');
    });
  });

  test('set hours, a team created yesterday, and sparse answers', async () => {
    await withSandbox({ now: fakeClock(NOW).now }, async (sb) => {
      sb.setUsageHours(
        [
          { hour: '2026-11-20T09:00:00.000Z', credits: 40 },
          { hour: Date.UTC(2026, 10, 20, 12, 10), credits: 60 },
          { hour: '2026-11-18T09:00:00.000Z', credits: 999 },
        ],
        '2026-11-19T20:00:00.000Z',
      );
      const bins = (await call(sb, path('day'))).json.periods as Bin[];
      assert.equal(bins.length, 25, 'every bin of the window, empty ones too');
      assert.equal(bins.find((b) => b.startDate === '2026-11-20T09:00:00.000Z')?.creditsUsed, 40);
      assert.equal(bins.at(-1)!.creditsUsed, 30, 'half of the current hour so far');
      const week = (await call(sb, path('week'))).json.periods as Bin[];
      assert.equal(
        week.reduce((n, b) => n + b.creditsUsed, 0),
        70,
        'nothing before the team existed',
      );
      sb.sparseBins = true;
      const sparse = (await call(sb, path('day'))).json.periods as Bin[];
      assert.deepEqual(
        sparse.map((b) => b.creditsUsed),
        [40, 30],
      );
      assert.throws(() => sb.setUsageHours([{ hour: 'soon', credits: 1 }]), /hours\[0\]\.hour/);
    });
  });

  test('an unseeded sandbox is a team with no usage: every bin is 0', async () => {
    await withSandbox({ now: fakeClock(NOW).now, seed: false }, async (sb) => {
      const r = await call(sb, path('week'));
      assert.equal(r.status, 200);
      assert.ok((r.json.periods as Bin[]).every((b) => b.creditsUsed === 0));
    });
  });
});

describe('the switchable spike', () => {
  test('puts a burst in the current hour and takes it from the balance; switching off gives both back', async () => {
    const clock = fakeClock(NOW);
    await withSandbox({ now: clock.now }, async (sb) => {
      const before = sb.getCredits()!.remainingCredits;
      const quiet = ((await call(sb, path('day'))).json.periods as Bin[]).at(-1)!.creditsUsed;
      const spike = sb.startSpike();
      assert.deepEqual(spike, { at: NOW, credits: 1_200 });
      const loud = ((await call(sb, path('day'))).json.periods as Bin[]).at(-1)!.creditsUsed;
      assert.equal(loud, quiet + 1_200);
      assert.equal(sb.getCredits()!.remainingCredits, before - 1_200);
      // An hour later it is in the previous hour's bin, and still in the day's.
      clock.advance(HOUR);
      const later = (await call(sb, path('day'))).json.periods as Bin[];
      assert.ok(later.at(-2)!.creditsUsed >= 1_200);
      assert.ok(((await call(sb, path('week'))).json.periods as Bin[]).at(-1)!.creditsUsed >= 1_200);
      sb.clearSpike();
      assert.equal(sb.getCredits()!.remainingCredits, before);
      assert.equal(sb.spike, undefined);
    });
  });

  test('through the control API: on with a size, off again, bad sizes refused', async () => {
    await withSandbox({ now: fakeClock(NOW).now }, async (sb) => {
      const on = await call(sb, '/__sandbox/spike', { body: { credits: 500 } });
      assert.equal(on.status, 200);
      assert.deepEqual(on.json.spike, { at: new Date(NOW).toISOString(), credits: 500 });
      assert.equal((await call(sb, '/__sandbox/info')).json.spike.credits, 500);
      assert.equal((await call(sb, '/__sandbox/spike', { body: { credits: -3 } })).status, 400);
      const off = await call(sb, '/__sandbox/spike', { body: { enabled: false } });
      assert.equal(off.json.spike, null);
      assert.equal(sb.spike, undefined);
      const usage = await call(sb, '/__sandbox/usage', { body: { hours: [{ hour: NOW - HOUR, credits: 5 }], sparse: true } });
      assert.deepEqual(usage.json, { success: true, sparse: true });
      assert.deepEqual(
        ((await call(sb, path('day'))).json.periods as Bin[]).map((b) => b.creditsUsed),
        [5],
      );
      assert.equal((await call(sb, '/__sandbox/usage', { body: {} })).status, 400);
      assert.equal(sb.requestCount(), 1, 'control requests are not counted');
    });
  });

  test('the CLI takes --spike and --spike=N', () => {
    assert.equal(parseArgs(['--spike']).spike, 1_200);
    assert.equal(parseArgs(['--spike=300']).spike, 300);
    assert.throws(() => parseArgs(['--spike=lots']), /--spike=N/);
    assert.equal(parseArgs([]).spike, undefined);
  });
});
