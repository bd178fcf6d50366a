// The panel's 30 days / 7 days / 24 hours ranges, from bins the sandbox cut: one bar per day or hour
// (gaps filled, the first and last marked partial), the plan as its pace per day or hour (a marker
// when far above the bars), the table and CSV, the panel's words, and the state built for the page.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { followFocus, renderChart } from '../../../src/features/usage/render/chart';
import { binsToCsv } from '../../../src/features/usage/render/csv';
import { describePanel } from '../../../src/features/usage/render/panelText';
import { shapeBins } from '../../../src/features/usage/render/shapeBins';
import { renderTable } from '../../../src/features/usage/render/table';
import { findAll, textOf, type VNode } from '../../../src/features/usage/render/elements';
import { describeMonth } from '../../../src/features/usage/render/barText';
import { isHostMessage, type PanelState } from '../../../src/features/usage/protocol';
import { buildPanelState } from '../../../src/features/usage/ui/panelState';
import type { RecentUsageState } from '../../../src/features/burn';
import { binsFor, HOUR_MS } from '../../support/usageBins';

const NOW = Date.UTC(2026, 10, 20, 12, 30);
const byClass = (tree: VNode, cls: string) => findAll(tree, (n) => (n.attrs.class ?? '').split(' ').includes(cls));
const size = { width: 900, height: 320, locale: 'en-US' };

describe('bins as a chart', () => {
  test('30 days: 31 daily bars, the first and last partial and marked, the plan as its daily pace', () => {
    const bins = binsFor('month', NOW, { steady: 10 });
    const model = shapeBins(bins, { locale: 'en-US', planCredits: 100_000, periodMs: 30 * 24 * HOUR_MS });
    assert.equal(model.unit, 'day');
    assert.equal(model.months.length, 31);
    assert.deepEqual(model.months.map((m) => m.partialLabel).filter(Boolean), ['(partial)', '(in progress)']);
    assert.equal(model.months[1]!.total, 240);
    // A whole day is a UTC calendar day, as the service bins it; beside local hours, it says so.
    assert.match(model.months[1]!.longLabel, /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, 2026 \(UTC\)$/);
    assert.match(describeMonth(model, 1, 'en-US').aria, /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, 2026 \(UTC\): 240 credits used\./);
    assert.equal(model.plan, 100_000 / 30);
    // 3,333 a day against 240 a day: far above, so a marker and an axis fitted to the data.
    assert.equal(model.planOffChart, true);
    assert.equal(model.max, 250);
    const tree = renderChart(model, size);
    assert.equal(byClass(tree, 'bar-hit').length, 31);
    assert.equal(byClass(tree, 'partial').filter((n) => n.tag === 'g').length, 2);
    assert.equal(textOf(byClass(byClass(tree, 'plan-off')[0]!, 'plan-label')[0]!), 'Plan pace 3,333 a day (above the chart)');
    assert.match(findAll(tree, (n) => n.tag === 'svg')[0]!.attrs['aria-label']!, /^Credits used per day, 31 days, oldest to newest\./);
    assert.match(describeMonth(model, 30, 'en-US').aria, /^Fri, Nov 20, 2026, until 12:30\sPM UTC \(in progress\): 125 credits used\. Plan pace: 3,333 a day\.$/);
  });

  test('the focused bar stays the same hour when the window rolls on an hour; one that left the window hands focus to the oldest', () => {
    const before = shapeBins(binsFor('day', NOW, { steady: 100 }), { locale: 'en-US' });
    const after = shapeBins(binsFor('day', NOW + HOUR_MS, { steady: 100 }), { locale: 'en-US' });
    const kept = followFocus({ month: 20, series: null }, before, after);
    assert.equal(after.months[kept!.month]!.startDate, before.months[20]!.startDate);
    assert.equal(kept!.month, 19);
    assert.deepEqual(followFocus({ month: 0, series: null }, before, after), { month: 0, series: null }, 'the oldest hour left the window');
    assert.deepEqual(followFocus({ month: 3, series: null }, undefined, after), { month: 3, series: null }, 'nothing to follow: as it was');
    assert.equal(followFocus(undefined, before, after), undefined);
  });

  test('24 hours: 25 hourly bars in local time, a near plan drawn as a line', () => {
    const bins = binsFor('day', NOW, { steady: 100 });
    const model = shapeBins(bins, { locale: 'en-US', planCredits: 100_000, periodMs: 30 * 24 * HOUR_MS });
    assert.equal(model.unit, 'hour');
    assert.equal(model.months.length, 25);
    // 139 an hour against 100 an hour: near, drawn as the line the axis reaches.
    assert.equal(model.planOffChart, false);
    assert.ok(model.max >= model.plan!);
    const tree = renderChart(model, size);
    assert.equal(byClass(tree, 'plan-line').length, 1);
    assert.equal(textOf(byClass(tree, 'plan-label')[0]!), 'Plan pace 138.9 an hour'.replace('138.9', '139'));
    assert.match(model.months[24]!.longLabel, /^Fri, Nov 20, \d{1,2}:00\s[AP]M – \d{1,2}:30\s[AP]M$/);
    assert.ok(byClass(tree, 'month-label').length < 25, 'labels are thinned');
  });

  test('away from UTC: a cut day says its time in UTC, as its date is; an hour starting at :30 says so on the axis', () => {
    const zone = process.env.TZ;
    try {
      // Los Angeles: the window ends Thu Nov 19, 7:30 PM there, which is Fri Nov 20, 3:30 AM UTC.
      process.env.TZ = 'America/Los_Angeles';
      const end = Date.UTC(2026, 10, 20, 3, 30);
      const week = shapeBins(binsFor('week', end, { steady: 10 }), { locale: 'en-US' });
      assert.match(week.months.at(-1)!.longLabel, /^Fri, Nov 20, 2026, until 3:30\sAM UTC$/);
      assert.match(week.months[0]!.longLabel, /^Fri, Nov 13, 2026, from 3:30\sAM UTC$/);
      // Kolkata, UTC+5:30: the hour from 06:00 UTC is 11:30 AM – 12:30 PM there.
      process.env.TZ = 'Asia/Kolkata';
      const day = shapeBins(binsFor('day', NOW, { steady: 10 }), { locale: 'en-US' });
      const bar = day.months.find((m) => m.startDate === new Date(Date.UTC(2026, 10, 20, 6)).toISOString())!;
      assert.match(bar.longLabel, /11:30\sAM – 12:30\sPM$/);
      assert.match(bar.shortLabel, /^11:30\sAM$/);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  test('a sparse answer and a server without a window still give one bar per hour', () => {
    const full = binsFor('day', NOW, { hours: [[NOW - 5 * HOUR_MS, 70]] });
    const sparse = { ...full, bins: full.bins.filter((b) => b.creditsUsed !== 0) };
    assert.equal(shapeBins(sparse).months.length, 25);
    const noWindow = { ...full, windowStart: null, windowEnd: null };
    assert.equal(shapeBins(noWindow).months.length, 25);
    assert.equal(shapeBins({ ...sparse, windowStart: null, windowEnd: null }).months.length, 1, 'without a window only the bins sent say where they are');
  });

  test('undated bins are counted in one column at the end; refunds never draw below the axis', () => {
    const bins = binsFor('week', NOW, { steady: 5 });
    const model = shapeBins({ ...bins, bins: [...bins.bins, { startDate: null, endDate: null, creditsUsed: 42 }, { startDate: bins.bins[2]!.startDate, endDate: null, creditsUsed: -500 }] });
    assert.equal(model.months.at(-1)!.shortLabel, 'Undated');
    assert.equal(model.months.at(-1)!.total, 42);
    const tree = renderChart(model, size);
    assert.ok(byClass(tree, 'seg').every((s) => Number(s.attrs.height) >= 0));
  });
});

describe('bins as a table and CSV', () => {
  test('a row per day with its partial tag, a total; the caption names the unit and the plan pace', () => {
    const model = shapeBins(binsFor('week', NOW, { steady: 10 }), { locale: 'en-US', planCredits: 100_000 });
    const table = renderTable(model, 'en-US');
    assert.deepEqual(findAll(table, (n) => n.tag === 'thead')[0] && findAll(findAll(table, (n) => n.tag === 'thead')[0]!, (n) => n.tag === 'th').map(textOf), ['Day (UTC)', 'Credits used']);
    assert.equal(findAll(table, (n) => n.tag === 'tbody')[0]!.children.length, 8);
    assert.match(textOf(findAll(table, (n) => n.tag === 'caption')[0]!), /^Credits used per day, oldest to newest\. Plan pace: 3,333 a day$/);
    assert.equal(textOf(findAll(table, (n) => n.tag === 'tfoot')[0]!), 'All days1,680');
    assert.equal(byClass(table, 'progress-tag').map(textOf).join(' '), '(partial) (in progress)');
  });

  test('CSV: one row per hour of the window with exact UTC times, gaps as 0', () => {
    const full = binsFor('day', NOW, { hours: [[NOW - 5 * HOUR_MS, 70]] });
    const csv = binsToCsv({ ...full, bins: full.bins.filter((b) => b.creditsUsed !== 0) });
    const lines = csv.trim().split('\r\n');
    assert.equal(lines[0], 'bin_start,bin_end,partial,credits_used');
    assert.equal(lines.length, 26);
    assert.equal(lines[1], '2026-11-19T12:30:00.000Z,2026-11-19T13:00:00.000Z,true,0');
    assert.ok(lines.includes('2026-11-20T07:00:00.000Z,2026-11-20T08:00:00.000Z,false,70'));
    assert.equal(lines.at(-1), '2026-11-20T12:00:00.000Z,2026-11-20T12:30:00.000Z,true,0');
  });
});

describe('the panel in a range of bins', () => {
  const recent = (over: Partial<RecentUsageState> = {}): RecentUsageState => ({
    day: { loading: false, snapshot: { bins: binsFor('day', NOW, { steady: 3 }), fetchedAt: NOW } },
    week: { loading: false },
    month: { loading: true },
    ...over,
  });
  const history = { total: { loading: false }, byKey: { loading: false } };
  const credits = { loading: false };
  const ctx = (range: PanelState['range']) => ({ range, byApiKey: true, locale: 'en-US', now: NOW + 60_000, errors: {} });

  test('the state carries the range and its bins, never a per-key breakdown, and the page accepts it', () => {
    const state = buildPanelState(history, credits, ctx('last24h'), recent());
    assert.equal(state.range, 'last24h');
    assert.equal(state.byApiKey, false, 'the service has no per-key bins');
    assert.equal(state.bins?.binSize, 'hour');
    assert.equal(state.bins?.bins.length, 25);
    assert.equal(state.history, undefined);
    assert.equal(isHostMessage({ type: 'state', state }), true);
    const text = describePanel(state);
    assert.equal(text.showData, true);
    assert.equal(text.updated, 'Usage updated 1m ago');
  });

  test('loading, empty and failing ranges have their own words', () => {
    assert.equal(describePanel(buildPanelState(history, credits, ctx('last30d'), recent())).status?.text, 'Loading the last 30 days…');
    // A store that has not asked yet (it waits for the key to be read) has nothing and no problem: that is loading too, never a blank page.
    assert.equal(describePanel(buildPanelState(history, credits, ctx('last7d'), recent())).status?.text, 'Loading the last 7 days…');
    assert.equal(describePanel(buildPanelState(history, credits, ctx('months'), recent())).status?.text, 'Loading usage per API key…');
    const empty = buildPanelState(history, credits, ctx('last24h'), recent({ day: { loading: false, snapshot: { bins: binsFor('day', NOW, {}), fetchedAt: NOW } } }));
    assert.equal(describePanel(empty).empty, true);
    assert.equal(describePanel(empty).showData, false);
    const failed = buildPanelState(history, credits, ctx('last7d'), recent({ week: { loading: false, problem: { kind: 'unavailable', error: new Error('offline') } } }));
    assert.match(describePanel(failed).status?.text ?? '', /^Could not load the last 7 days: Something went wrong: offline/);
  });
});
