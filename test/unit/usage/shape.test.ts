// Data shaping for the usage chart: month order, stacking order, totals, the month in progress,
// the plan line and the scale, first from hand-made periods, then from the sandbox in both dialects.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FirecrawlClient, type UsagePeriod } from '../../../src/api';
import { describeMonth } from '../../../src/features/usage/render/barText';
import { renderChart } from '../../../src/features/usage/render/chart';
import { findAll, textOf } from '../../../src/features/usage/render/elements';
import { MAX_SERIES, niceStep, niceTicks, shapeHistory, totalSeriesName } from '../../../src/features/usage/render/shape';
import { renderTable } from '../../../src/features/usage/render/table';
import { toCsv } from '../../../src/features/usage/render/csv';
import { startSandbox, type Sandbox } from '../../sandbox/server';

const oct = '2026-10-01T00:00:00.000Z';
const nov = '2026-11-01T00:00:00.000Z';
const sep = '2026-09-01T00:00:00.000Z';
const row = (startDate: string, creditsUsed: number, apiKey?: string, endDate: string | null = '2026-12-31T00:00:00.000Z'): UsagePeriod => ({
  startDate,
  endDate,
  creditsUsed,
  ...(apiKey === undefined ? {} : { apiKey }),
});

describe('shaping', () => {
  test('orders months oldest first whatever order they arrive in', () => {
    const model = shapeHistory([row(nov, 3, undefined, null), row(sep, 1), row(oct, 2)], false, { locale: 'en-US' });
    assert.deepEqual(
      model.months.map((m) => m.startDate),
      [sep, oct, nov],
    );
    assert.deepEqual(
      model.months.map((m) => m.total),
      [1, 2, 3],
    );
    assert.deepEqual(model.series, [{ name: totalSeriesName(), index: 0, total: 6 }]);
    assert.equal(model.grandTotal, 6);
  });

  test('flags the month in progress and labels months with and without the year', () => {
    const model = shapeHistory([row('2025-12-01T00:00:00.000Z', 5), row('2026-01-01T00:00:00.000Z', 6), row('2026-02-01T00:00:00.000Z', 7, undefined, null)], false, { locale: 'en-US' });
    assert.deepEqual(
      model.months.map((m) => m.partial),
      [false, false, true],
    );
    assert.deepEqual(
      model.months.map((m) => m.shortLabel),
      ['Dec', 'Jan', 'Feb'],
    );
    assert.deepEqual(
      model.months.map((m) => m.shortYearLabel),
      ['Dec 2025', 'Jan 2026', 'Feb 2026'],
    );
    assert.deepEqual(
      model.months.map((m) => m.year),
      [2025, 2026, 2026],
    );
    assert.equal(model.months[2]!.longLabel, 'February 2026');
    assert.equal(model.months[2]!.endDate, null);
  });

  test('stacks keys largest total first, ties by name, and fills months a key skipped with 0', () => {
    const model = shapeHistory([row(oct, 10, 'b'), row(oct, 10, 'a'), row(oct, 1, 'small'), row(nov, 50, 'big', null), row(nov, 5, 'a', null)], true);
    assert.deepEqual(
      model.series.map((s) => [s.name, s.total]),
      [
        ['big', 50],
        ['a', 15],
        ['b', 10],
        ['small', 1],
      ],
    );
    // Sparse: only the keys with rows that month.
    assert.deepEqual(model.months[0]!.values, { 1: 10, 2: 10, 3: 1 });
    assert.deepEqual(model.months[1]!.values, { 0: 50, 1: 5 });
    assert.deepEqual(
      model.months.map((m) => m.total),
      [21, 55],
    );
  });

  test('is stable: the same data gives the same order and colours on every refresh', () => {
    const rows = [row(oct, 7, 'x'), row(oct, 7, 'y'), row(oct, 7, 'z')];
    const a = shapeHistory(rows, true).series.map((s) => s.name);
    const b = shapeHistory([...rows].reverse(), true).series.map((s) => s.name);
    assert.deepEqual(a, b);
  });

  test('adds duplicate rows for the same key and month; nameless rows count as Unknown', () => {
    const model = shapeHistory([row(oct, 2, 'k'), row(oct, 3, 'k'), row(oct, 4, '')], true);
    assert.deepEqual(
      model.series.map((s) => [s.name, s.total]),
      [
        ['k', 5],
        ['Unknown', 4],
      ],
    );
  });

  test('the scale fits the data; the plan joins it only when near (within 1.5× the highest bar)', () => {
    const far = shapeHistory([row(oct, 12_000)], false, { planCredits: 100_000 });
    assert.equal(far.plan, 100_000);
    assert.equal(far.planOffChart, true);
    assert.deepEqual(far.ticks, [0, 2_500, 5_000, 7_500, 10_000, 12_500]);
    const near = shapeHistory([row(oct, 80_000)], false, { planCredits: 100_000 });
    assert.equal(near.planOffChart, false);
    assert.deepEqual(near.ticks, [0, 20_000, 40_000, 60_000, 80_000, 100_000]);
    // 50,000 used on a 500,000 plan: the bars fill the chart, the plan is a marker.
    const issue = shapeHistory([row(oct, 50_000)], false, { planCredits: 500_000 });
    assert.equal(issue.max, 50_000);
    assert.equal(issue.planOffChart, true);
    // Nothing used at all: nothing to scale to, so the plan is off the chart too.
    assert.equal(shapeHistory([row(oct, 0)], false, { planCredits: 100 }).planOffChart, true);
    assert.equal(shapeHistory([row(oct, 1)], false, { planCredits: 0 }).plan, undefined);
  });

  test('a month the service left out is a 0 bar in its place, as a day or an hour is', () => {
    // Per key a month without usage has no row; when no key used anything, the month is gone.
    const model = shapeHistory([row(sep, 4, 'a'), row(nov, 6, 'a', null), { startDate: null, endDate: null, creditsUsed: 1, apiKey: 'a' }], true, { locale: 'en-US' });
    assert.deepEqual(
      model.months.map((m) => m.startDate),
      [sep, oct, nov, null],
    );
    assert.deepEqual(
      model.months.map((m) => m.shortLabel),
      ['Sep', 'Oct', 'Nov', 'Undated'],
    );
    const gap = model.months[1]!;
    assert.deepEqual(gap.values, {});
    assert.equal(gap.total, 0);
    assert.equal(gap.partial, false);
    assert.equal(gap.endDate, '2026-10-31T23:59:59.999Z');
    assert.equal(model.grandTotal, 11);
    // Across a new year, in the plain view too.
    const plain = shapeHistory([row('2025-11-01T00:00:00.000Z', 1), row('2026-02-01T00:00:00.000Z', 2, undefined, null)], false, { locale: 'en-US' });
    assert.deepEqual(
      plain.months.map((m) => [m.shortYearLabel, m.total]),
      [
        ['Nov 2025', 1],
        ['Dec 2025', 0],
        ['Jan 2026', 0],
        ['Feb 2026', 2],
      ],
    );
    // Billing periods that do not start on the 1st: one a month, no gap to fill.
    assert.equal(shapeHistory([row('2026-09-15T00:00:00.000Z', 1), row('2026-10-15T00:00:00.000Z', 1)], false).months.length, 2);
  });

  test('a start date centuries off fills no thousands of empty months', () => {
    const model = shapeHistory([row('0001-01-01T00:00:00.000Z', 1), row(nov, 2, undefined, null)], false);
    assert.deepEqual(
      model.months.map((m) => m.startDate),
      ['0001-01-01T00:00:00.000Z', nov],
    );
  });

  test('empty history gives no months and a usable scale', () => {
    const model = shapeHistory([], true);
    assert.deepEqual(model.months, []);
    assert.deepEqual(model.series, []);
    assert.ok(model.max > 0);
  });

  test('ticks are round and reach the top', () => {
    assert.equal(niceStep(0.3), 1);
    assert.equal(niceStep(1_700), 2_000);
    assert.equal(niceStep(2_300), 2_500);
    assert.equal(niceStep(4_100), 5_000);
    assert.equal(niceStep(7_000), 10_000);
    assert.deepEqual(niceTicks(23_412), [0, 5_000, 10_000, 15_000, 20_000, 25_000]);
    assert.deepEqual(niceTicks(0), [0, 1]);
    // Whole credits: no step of 2.5, whose ticks the axis would write as 3, 8 and 13.
    assert.equal(niceStep(2.2), 5);
    assert.deepEqual(niceTicks(11), [0, 5, 10, 15]);
    assert.equal(niceStep(23), 25);
  });

  test('keys beyond the limit fold into one "Other" series; totals are kept', () => {
    const rows = Array.from({ length: 60 }, (_, k) => row(oct, 1_000 - k, `key ${k}`));
    const model = shapeHistory(rows, true, { locale: 'en-US' });
    assert.equal(model.series.length, MAX_SERIES);
    const other = model.series.at(-1)!;
    assert.equal(other.name, 'Other (11 keys)');
    assert.equal(other.others, 11);
    assert.equal(
      other.total,
      rows.slice(49).reduce((sum, r) => sum + r.creditsUsed, 0),
    );
    assert.equal(
      model.grandTotal,
      rows.reduce((sum, r) => sum + r.creditsUsed, 0),
    );
    assert.equal(model.months[0]!.values[MAX_SERIES - 1], other.total);
  });

  test('60 keys, 11 of them folded into "Other": the chart, the table and each bar count 60 keys, not 50', () => {
    // November: keys 0–4 and, of the folded ones, keys 55–57 (one of them refunded to nothing).
    const nov = '2026-11-01T00:00:00Z';
    const rows = [
      ...Array.from({ length: 60 }, (_, k) => row(oct, 1_000 - k, `key ${k}`)),
      ...Array.from({ length: 5 }, (_, k) => row(nov, 10 + k, `key ${k}`)),
      row(nov, 3, 'key 55'),
      row(nov, 2, 'key 56'),
      row(nov, 0, 'key 57'),
    ];
    const model = shapeHistory(rows, true, { locale: 'en-US' });
    const chart = renderChart(model, { width: 640, height: 320, locale: 'en-US' });
    assert.match(findAll(chart, (n) => n.tag === 'svg')[0]!.attrs['aria-label']!, / 60 API keys\. /);
    assert.match(textOf(findAll(renderTable(model, 'en-US'), (n) => n.tag === 'caption')[0]!), /\(60 keys\)/);
    const october = describeMonth(model, 0, 'en-US');
    assert.match(october.aria, /used by 60 keys\./);
    assert.match(october.aria, /, and 55 more keys\.$/, 'five keys spoken, then the 55 others');
    assert.equal(october.lines.at(-2)!.label, '48 more keys', 'twelve keys shown, then 37 kept keys and the 11 folded ones');
    const november = describeMonth(model, 1, 'en-US');
    assert.match(november.aria, /used by 7 keys\./, 'five keys, and two of the folded ones');
  });

  test('6,000 periods of 6,000 months and keys: values stay sparse, no months × keys grid', () => {
    const rows = Array.from({ length: 6_000 }, (_, i) => row(new Date(Date.UTC(2000, i, 1)).toISOString(), i + 1, `key ${i}`));
    const model = shapeHistory(rows, true);
    assert.equal(model.months.length, 6_000);
    assert.equal(model.series.length, MAX_SERIES);
    const cells = model.months.reduce((n, m) => n + Object.keys(m.values).length, 0);
    assert.equal(cells, 6_000, 'one value per row the server sent, not 6,000 × 50');
    assert.equal(model.grandTotal, (6_000 * 6_001) / 2);
  });

  test('rows without a start date form one "Undated" column, last', () => {
    const model = shapeHistory([{ startDate: null, endDate: null, creditsUsed: 4, apiKey: 'k' }, row(oct, 2, 'k'), { startDate: null, endDate: null, creditsUsed: 1, apiKey: 'j' }], true, {
      locale: 'en-US',
    });
    assert.deepEqual(
      model.months.map((m) => m.startDate),
      [oct, null],
    );
    assert.equal(model.months[1]!.shortLabel, 'Undated');
    assert.equal(model.months[1]!.longLabel, 'Undated usage');
    assert.equal(model.months[1]!.total, 5);
    assert.equal(model.months[1]!.partial, false, 'undated usage is no month, let alone the one in progress');
  });

  test('the month in progress is the one that holds the reading, also when the spec dates its end to its last day', () => {
    const spec: UsagePeriod[] = [
      { startDate: '2026-10-01', endDate: '2026-10-31', creditsUsed: 40 },
      { startDate: '2026-11-01', endDate: '2026-11-30', creditsUsed: 5 },
    ];
    const now = Date.parse('2026-11-20T12:00:00Z');
    const model = shapeHistory(spec, false, { locale: 'en-US', now });
    assert.deepEqual(
      model.months.map((m) => [m.shortLabel, m.partial]),
      [
        ['Oct', false],
        ['Nov', true],
      ],
    );
    assert.match(toCsv(spec, false, now), /\r\n2026-11-01,2026-11-30,true,5\r\n$/);
    assert.equal(shapeHistory(spec, false, { now: Date.parse('2026-12-02T00:00:00Z') }).months[1]!.partial, false, 'a month past is whole');
  });

  test("as the live service lists them: the newest month with usage is open-ended; a month past is whole, and the reading's month shows as 0", () => {
    // A team idle since October 28, read on November 5: the service's months come from its rows.
    const live: UsagePeriod[] = [
      { startDate: '2026-08-01T00:00:00.000Z', endDate: '2026-09-01T00:00:00.000Z', creditsUsed: 30 },
      { startDate: '2026-09-01T00:00:00.000Z', endDate: '2026-10-01T00:00:00.000Z', creditsUsed: 40 },
      { startDate: '2026-10-01T00:00:00.000Z', endDate: null, creditsUsed: 50 },
    ];
    const now = Date.parse('2026-11-05T09:00:00Z');
    const model = shapeHistory(live, false, { locale: 'en-US', now });
    assert.deepEqual(
      model.months.map((m) => [m.shortLabel, m.total, m.partial, m.partialLabel ?? '']),
      [
        ['Aug', 30, true, '(partial)'],
        ['Sep', 40, false, ''],
        ['Oct', 50, false, ''],
        ['Nov', 0, true, '(in progress)'],
      ],
    );
    assert.equal(model.months[2]!.endDate, '2026-10-31T23:59:59.999Z', 'October ended');
    assert.equal(model.grandTotal, 120);
    // The file says the same: finished months end on their last day, whichever way the service dated the end.
    assert.equal(
      toCsv(live, false, now),
      ['month_start,month_end,in_progress,credits_used', '2026-08-01,2026-08-31,false,30', '2026-09-01,2026-09-30,false,40', '2026-10-01,2026-10-31,false,50', '2026-11-01,,true,0', ''].join('\r\n'),
    );
    // Read on November 29: the 90 days begin on August 31, before September's start.
    const later = shapeHistory(live.slice(1), false, { now: Date.parse('2026-11-29T12:00:00Z') });
    assert.deepEqual(
      later.months.map((m) => m.partial),
      [false, false, true],
      'September is whole',
    );
  });

  test('36 months × 50 keys: every month and key (the time it takes is a bench row)', () => {
    const rows: UsagePeriod[] = [];
    for (let m = 0; m < 36; m += 1) {
      const start = new Date(Date.UTC(2024, m, 1)).toISOString();
      for (let k = 0; k < 50; k += 1) rows.push(row(start, (k + 1) * 10 + m, `key ${k}`, m === 35 ? null : start));
    }
    const model = shapeHistory(rows, true, { planCredits: 100_000 });
    assert.equal(model.months.length, 36);
    assert.equal(model.series.length, 50);
    assert.equal(model.series[0]!.name, 'key 49');
    assert.equal(model.months[35]!.partial, true);
  });
});

describe('shaping what the sandbox serves', () => {
  let sandbox: Sandbox;
  const client = () => new FirecrawlClient({ baseUrl: sandbox.url, apiKey: () => sandbox.keys.valid, clientName: 'test', clientVersion: '0', sleep: async () => undefined });

  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  for (const dialect of ['live', 'spec'] as const) {
    test(`${dialect} dialect: the demo team's months and keys`, async () => {
      sandbox.dialect = dialect;
      const total = await client().getCreditUsageHistory(false);
      const byKey = await client().getCreditUsageHistory(true);
      const plain = shapeHistory(total.periods, false);
      const stacked = shapeHistory(byKey.periods, true);
      assert.equal(plain.months.length, 4);
      assert.deepEqual(
        plain.months.map((m) => m.total),
        [11_270, 15_604, 15_241, 5_531],
      );
      assert.deepEqual(
        plain.months.map((m) => m.partial),
        [false, false, false, true],
      );
      assert.deepEqual(
        stacked.series.map((s) => s.name),
        ['Default', 'CI pipeline', 'Research notebook'],
      );
      // The breakdown adds up to the plain totals, month by month.
      assert.deepEqual(
        stacked.months.map((m) => m.total),
        plain.months.map((m) => m.total),
      );
      assert.deepEqual(stacked.months[3]!.values, { 0: 3_412, 1: 1_204, 2: 915 });
    });
  }

  test('a team with no usage in the last 90 days', async () => {
    sandbox.setHistory([]);
    const model = shapeHistory((await client().getCreditUsageHistory(true)).periods, true);
    assert.equal(model.months.length, 0);
  });
});
