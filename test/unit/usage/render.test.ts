// The chart, legend and table trees, checked in Node: bars and segments, labels for readers, the
// month in progress, the plan line, hostile key names as text, and the 36 × 50 scale.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { UsagePeriod } from '../../../src/api';
import { axisLabels, renderChart, seriesClass, seriesPattern, tickFormatter } from '../../../src/features/usage/render/chart';
import { describeMonth, describeSegment } from '../../../src/features/usage/render/barText';
import { renderLegend } from '../../../src/features/usage/render/legend';
import { shapeHistory } from '../../../src/features/usage/render/shape';
import { renderTable } from '../../../src/features/usage/render/table';
import { findAll, h, textOf, toMarkup, type VNode } from '../../../src/features/usage/render/elements';
import { plainText } from '../../../src/shared/text';

const HOSTILE = '<img src=x onerror=alert(1)>';
const sep = '2026-09-01T00:00:00.000Z';
const oct = '2026-10-01T00:00:00.000Z';
const nov = '2026-11-01T00:00:00.000Z';
const periods: UsagePeriod[] = [
  { startDate: sep, endDate: '2026-09-30T23:59:59.999Z', creditsUsed: 8_000, apiKey: 'Default' },
  { startDate: sep, endDate: '2026-09-30T23:59:59.999Z', creditsUsed: 2_000, apiKey: HOSTILE },
  { startDate: oct, endDate: '2026-10-31T23:59:59.999Z', creditsUsed: 9_000, apiKey: 'Default' },
  { startDate: nov, endDate: null, creditsUsed: 3_000, apiKey: 'Default' },
  { startDate: nov, endDate: null, creditsUsed: 1_000, apiKey: HOSTILE },
];
const size = { width: 640, height: 320, locale: 'en-US' };
const byClass = (tree: VNode, cls: string) => findAll(tree, (n) => (n.attrs.class ?? '').split(' ').includes(cls));

describe('chart tree', () => {
  test('one focusable bar per month, segments only where a key used credits', () => {
    const model = shapeHistory(periods, true, { locale: 'en-US' });
    const tree = renderChart(model, size);
    const bars = byClass(tree, 'bar-hit');
    assert.equal(bars.length, 3);
    assert.deepEqual(
      bars.map((b) => b.attrs.role),
      ['img', 'img', 'img'],
    );
    // Roving tabindex: exactly one tab stop, on the newest month by default.
    const tabStops = findAll(tree, (n) => n.attrs.tabindex === '0');
    assert.equal(tabStops.length, 1);
    assert.equal(tabStops[0]!.attrs['data-month'], '2');
    const segments = byClass(tree, 'seg');
    assert.equal(segments.length, 5, 'no segment for the key that skipped October');
    assert.ok(segments.every((s) => s.attrs.role === 'img' && s.attrs['aria-label']));
  });

  test('segment heights are proportional and stack from the axis up', () => {
    const model = shapeHistory(periods, true);
    const tree = renderChart(model, size);
    const sepSegs = byClass(tree, 'seg').filter((s) => s.attrs['data-month'] === '0');
    const [bottom, top] = sepSegs.map((s) => ({ y: Number(s.attrs.y), h: Number(s.attrs.height) }));
    assert.ok(Math.abs(bottom!.h / top!.h - 4) < 0.01, '8,000 vs 2,000');
    assert.ok(Math.abs(top!.y + top!.h - bottom!.y) < 0.02, 'touching');
  });

  test("a key's refund (a negative row) neither lowers the axis under the bar nor cuts the in-progress outline", () => {
    const model = shapeHistory(
      [
        { startDate: nov, endDate: null, creditsUsed: 1_000, apiKey: 'CI' },
        { startDate: nov, endDate: null, creditsUsed: -300, apiKey: 'Unknown' },
      ],
      true,
    );
    assert.equal(model.months[0]!.total, 700, 'the total stays net');
    assert.ok(model.max >= 1_000, `the axis reaches the drawn bar: ${model.max}`);
    const tree = renderChart(model, size);
    const [segment] = byClass(tree, 'seg');
    const top = Number(segment!.attrs.y);
    assert.ok(top >= 0, 'the bar stays inside the plot');
    const outline = byClass(tree, 'progress-outline')[0]!;
    assert.ok(Math.abs(Number(outline.attrs.y) + 1.5 - top) < 0.01, 'the outline goes round the whole bar');
  });

  test('labels bars and segments with exact numbers', () => {
    const model = shapeHistory(periods, true, { locale: 'en-US' });
    assert.equal(describeMonth(model, 2, 'en-US').aria, `November 2026 (in progress): 4,000 credits used by 2 keys. Default 3,000, ${HOSTILE} 1,000.`);
    const tree = renderChart(model, size);
    const seg = byClass(tree, 'seg').find((s) => s.attrs['data-month'] === '0' && s.attrs['data-series'] === '0')!;
    assert.equal(seg.attrs['aria-label'], 'Default, September 2026: 8,000 credits (80% of 10,000).');
  });

  test("a key's small share is never 0%, nor the large one beside it 100%", () => {
    const model = shapeHistory(
      [
        { startDate: sep, endDate: '2026-09-30T23:59:59.999Z', creditsUsed: 1_200, apiKey: 'Default' },
        { startDate: sep, endDate: '2026-09-30T23:59:59.999Z', creditsUsed: 1, apiKey: 'CI' },
      ],
      true,
      { locale: 'en-US' },
    );
    const ci = model.series.findIndex((s) => s.name === 'CI');
    const big = model.series.findIndex((s) => s.name === 'Default');
    assert.equal(describeSegment(model, 0, ci, 'en-US').lines[0]?.value, '1 (0.1% of 1,201)');
    assert.equal(describeSegment(model, 0, big, 'en-US').lines[0]?.value, '1,200 (99.9% of 1,201)');
  });

  test("a month with a key's refund gives no share: a key's part of a net total would read over 100%", () => {
    const model = shapeHistory(
      [
        { startDate: sep, endDate: '2026-09-30T23:59:59.999Z', creditsUsed: 1_200, apiKey: 'Default' },
        { startDate: sep, endDate: '2026-09-30T23:59:59.999Z', creditsUsed: -400, apiKey: 'CI' },
      ],
      true,
      { locale: 'en-US' },
    );
    const big = model.series.findIndex((s) => s.name === 'Default');
    const segment = describeSegment(model, 0, big, 'en-US');
    assert.equal(segment.lines[0]?.value, '1,200');
    assert.doesNotMatch(segment.aria, /%/);
  });

  test('marks the month in progress with hatching, a dashed outline and words', () => {
    const model = shapeHistory(periods, false, { locale: 'en-US' });
    const tree = renderChart(model, size);
    const partial = findAll(tree, (n) => n.attrs.class === 'month partial');
    assert.equal(partial.length, 1);
    assert.equal(byClass(partial[0]!, 'progress-hatch').length, 1);
    assert.equal(byClass(partial[0]!, 'progress-outline').length, 1);
    assert.equal(textOf(byClass(partial[0]!, 'progress-label')[0]!), '(in progress)');
  });

  test('draws the plan as a line when it is near the bars, and as a labelled marker above a chart scaled to the data when it is far', () => {
    // The highest month is 10,000: a plan of 12,000 is near.
    const near = renderChart(shapeHistory(periods, false, { planCredits: 12_000 }), size);
    assert.equal(byClass(near, 'plan-line').length, 1);
    assert.equal(byClass(near, 'plan-off').length, 0);
    assert.equal(byClass(near, 'plan')[0]!.attrs['aria-label'], 'Plan: 12,000 per billing period');
    const far = shapeHistory(periods, false, { planCredits: 100_000, locale: 'en-US' });
    assert.equal(far.max, 10_000, 'the axis fits the data, not the plan');
    const tree = renderChart(far, size);
    assert.equal(byClass(tree, 'plan-line').length, 0);
    const marker = byClass(tree, 'plan-off');
    assert.equal(marker.length, 1);
    assert.equal(marker[0]!.attrs['aria-label'], 'Plan: 100,000 per billing period, above the top of this chart');
    assert.equal(textOf(byClass(marker[0]!, 'plan-label')[0]!), 'Plan 100,000 (above the chart)');
    // The tallest bar reaches the top of the plot instead of a tenth of it.
    const tallest = Math.max(...byClass(tree, 'seg').map((s) => Number(s.attrs.height)));
    assert.ok(tallest > 240, `${tallest}`);
    assert.equal(byClass(renderChart(shapeHistory(periods, false), size), 'plan').length, 0);
  });

  test('the plain view has one series, not focusable segment by segment', () => {
    const tree = renderChart(shapeHistory(periods, false), size);
    const segs = byClass(tree, 'seg');
    assert.equal(segs.length, 3);
    assert.ok(segs.every((s) => s.attrs['aria-hidden'] === 'true' && s.attrs.tabindex === undefined));
  });

  test('keeps the given focus target', () => {
    const tree = renderChart(shapeHistory(periods, true), { ...size, focus: { month: 0, series: 1 } });
    const stops = findAll(tree, (n) => n.attrs.tabindex === '0');
    assert.deepEqual([stops[0]!.attrs['data-month'], stops[0]!.attrs['data-series']], ['0', '1']);
  });

  test("a focus on a key that has no segment that month (the data changed under it) leaves the month's bar as the one tab stop", () => {
    // The key that skipped October: its segment is not drawn, so it cannot hold the tab stop.
    const tree = renderChart(shapeHistory(periods, true), { ...size, focus: { month: 1, series: 1 } });
    const stops = findAll(tree, (n) => n.attrs.tabindex === '0');
    assert.equal(stops.length, 1);
    assert.deepEqual([stops[0]!.attrs['data-focus'], stops[0]!.attrs['data-month']], ['bar', '1']);
    // The plain view draws no focusable segments at all.
    const plain = findAll(renderChart(shapeHistory(periods, false), { ...size, focus: { month: 2, series: 0 } }), (n) => n.attrs.tabindex === '0');
    assert.deepEqual(
      plain.map((n) => [n.attrs['data-focus'], n.attrs['data-month']]),
      [['bar', '2']],
    );
  });

  test('hostile key names are text: escaped in markup, never an element or attribute', () => {
    const model = shapeHistory(periods, true);
    const markup = toMarkup(renderChart(model, size)) + toMarkup(renderLegend(model)) + toMarkup(renderTable(model));
    assert.ok(!markup.includes('<img'));
    assert.ok(markup.includes('&lt;img src=x onerror=alert(1)&gt;'));
    const legendNames = byClass(renderLegend(model), 'legend-name').map(textOf);
    assert.deepEqual(legendNames, ['Default', HOSTILE]);
    // A narrow panel cuts a name with an ellipsis: hovering it shows the name, as an inert attribute.
    assert.deepEqual(
      byClass(renderLegend(model), 'legend-name').map((n) => n.attrs.title),
      ['Default', HOSTILE],
    );
    assert.ok(toMarkup(renderLegend(model)).includes('title="&lt;img src=x onerror=alert(1)&gt;"'));
  });

  test('a legend name of 5,000 characters is cut in its hover text, whole in the legend', () => {
    const long = 'k'.repeat(5_000);
    const named = shapeHistory(
      periods.map((p) => (p.apiKey === 'Default' ? { ...p, apiKey: long } : p)),
      true,
    );
    const spans = byClass(renderLegend(named), 'legend-name');
    const span = spans.find((n) => textOf(n) === long);
    assert.ok(span, 'the whole name is the text');
    assert.equal(span.attrs.title?.length, 200);
    assert.ok(span.attrs.title?.endsWith('…'));
  });

  test('refuses event handler and style attributes', () => {
    assert.throws(() => h('rect', { onclick: 'x' }));
    assert.throws(() => h('rect', { style: 'fill:red' }));
    assert.throws(() => h('a', { href: 'javascript:x' }));
  });

  test('colours repeat every 8 keys with a different pattern each round', () => {
    assert.deepEqual([0, 7, 8, 15, 16, 49].map(seriesClass), ['c0', 'c7', 'c0', 'c7', 'c0', 'c1']);
    assert.deepEqual([0, 7, 8, 16, 49].map(seriesPattern), [0, 0, 1, 2, 6]);
    const pairs = new Set(Array.from({ length: 50 }, (_, i) => `${seriesClass(i)}/${seriesPattern(i)}`));
    assert.equal(pairs.size, 50, 'every one of 50 keys looks different');
  });
});

describe('table tree', () => {
  test('a row per month and a column per key, with headers and totals', () => {
    const model = shapeHistory(periods, true, { locale: 'en-US' });
    const table = renderTable(model, 'en-US');
    const head = findAll(table, (n) => n.tag === 'th' && n.attrs.scope === 'col').map(textOf);
    assert.deepEqual(head, ['Month', 'Default', HOSTILE, 'Total']);
    // A long key name is cut short with an ellipsis in its column: its header says it whole on hover, as the legend does.
    const titles = findAll(table, (n) => n.tag === 'th' && n.attrs.scope === 'col').map((n) => n.attrs.title);
    assert.deepEqual(titles, [undefined, 'Default', plainText(HOSTILE, 200), undefined]);
    const body = findAll(table, (n) => n.tag === 'tbody')[0]!;
    const rows = findAll(body, (n) => n.tag === 'tr').map((r) => r.children.map(textOf));
    assert.deepEqual(rows, [
      ['September 2026', '8,000', '2,000', '10,000'],
      ['October 2026', '9,000', '0', '9,000'],
      ['November 2026 (in progress)', '3,000', '1,000', '4,000'],
    ]);
    const foot = findAll(findAll(table, (n) => n.tag === 'tfoot')[0]!, (n) => n.tag === 'tr')[0]!.children.map(textOf);
    assert.deepEqual(foot, ['All months', '20,000', '3,000', '23,000']);
  });
});

describe('scale', () => {
  test('36 months × 50 keys: shaping, chart, legend and table together stay fast', () => {
    const rows: UsagePeriod[] = [];
    for (let m = 0; m < 36; m += 1) {
      const start = new Date(Date.UTC(2024, m, 1)).toISOString();
      for (let k = 0; k < 50; k += 1) rows.push({ startDate: start, endDate: m === 35 ? null : start, creditsUsed: 50 + ((k * 37 + m * 11) % 400), apiKey: `key ${k}` });
    }
    // How long it takes is a bench row (npm run bench).
    const model = shapeHistory(rows, true, { planCredits: 1_000_000, locale: 'en-US' });
    const chart = renderChart(model, { width: 1200, height: 360, locale: 'en-US' });
    const legend = renderLegend(model, 'en-US');
    const table = renderTable(model, 'en-US');
    const markup = toMarkup(chart) + toMarkup(legend) + toMarkup(table);
    assert.equal(byClass(chart, 'seg').length, 1800);
    assert.ok(markup.length > 0);
  });
});

describe('axis ticks', () => {
  test('one notation per axis', () => {
    const small = tickFormatter(5_000, 'en-US');
    assert.deepEqual([0, 1_000, 5_000].map(small), ['0', '1,000', '5,000']);
    const large = tickFormatter(100_000, 'en-US');
    assert.deepEqual([0, 20_000, 100_000, 1_500_000].map(large), ['0', '20K', '100K', '1.5M']);
  });

  test('a tick of a quarter million past a million reads as itself, not rounded onto a neighbour', () => {
    const model = shapeHistory([{ startDate: nov, endDate: null, creditsUsed: 1_200_000 }], false);
    assert.deepEqual(model.ticks, [0, 250_000, 500_000, 750_000, 1_000_000, 1_250_000]);
    const labels = byClass(renderChart(model, size), 'tick-label').map(textOf);
    assert.deepEqual(labels, ['0', '250K', '500K', '750K', '1M', '1.25M']);
  });
});

describe('month labels', () => {
  const months = (count: number) => Array.from({ length: count }, (_, m) => ({ startDate: new Date(Date.UTC(2023, 11 + m, 1)).toISOString(), endDate: m === count - 1 ? null : 'x', creditsUsed: 1 }));

  test('the year on the first label and where it changes among the labels shown', () => {
    const model = shapeHistory(months(5), false, { locale: 'en-US' });
    assert.deepEqual([...axisLabels(model, () => true).values()], ['Dec 2023', 'Jan 2024', 'Feb', 'Mar', 'Apr']);
    // Every third label, counted back from the newest: the year moves to whichever label is shown.
    const thinned = axisLabels(shapeHistory(months(36), false, { locale: 'en-US' }), (i) => (35 - i) % 3 === 0);
    assert.deepEqual([...thinned.values()].slice(0, 6), ['Feb 2024', 'May', 'Aug', 'Nov', 'Feb 2025', 'May']);
  });

  test('a narrow chart thins labels and always labels the month in progress', () => {
    const model = shapeHistory(months(36), false, { locale: 'en-US' });
    const tree = renderChart(model, { width: 640, height: 320, locale: 'en-US' });
    const labels = byClass(tree, 'month-label').map(textOf);
    assert.ok(labels.length < 36 && labels.length > 4, String(labels.length));
    assert.equal(labels[labels.length - 1], 'Nov');
    assert.equal(textOf(byClass(tree, 'progress-label')[0]!), '(in progress)');
    assert.ok(labels.filter((l) => /\d{4}/.test(l)).length >= 3, 'one label per year carries the year');
  });
});

describe('axis labels in a narrow panel', () => {
  test('the newest month, drawn against the right edge, never runs into the label before it', () => {
    const rows: UsagePeriod[] = [];
    for (let m = 0; m < 36; m += 1)
      rows.push({ startDate: new Date(Date.UTC(2023, 11 + m, 1)).toISOString(), endDate: m === 35 ? null : new Date(Date.UTC(2023, 12 + m, 1) - 1).toISOString(), creditsUsed: 100 + m });
    const model = shapeHistory(rows, false, { locale: 'en-US' });
    for (const width of [200, 260, 300, 340, 420]) {
      const labels = byClass(renderChart(model, { width, height: 320, locale: 'en-US' }), 'month-label').map((n) => {
        // 6 px a character is about the 11 px font's width; the end-anchored label reaches left from x.
        const w = textOf(n).length * 6;
        const x = Number(n.attrs.x);
        return n.attrs['text-anchor'] === 'end' ? { text: textOf(n), left: x - w, right: x } : { text: textOf(n), left: x - w / 2, right: x + w / 2 };
      });
      for (let i = 1; i < labels.length; i += 1) {
        assert.ok(labels[i - 1]!.right + 2 <= labels[i]!.left, `${width} px: "${labels[i - 1]!.text}" ends at ${labels[i - 1]!.right}, "${labels[i]!.text}" starts at ${labels[i]!.left}`);
      }
    }
  });
});

describe('the plan label in a narrow panel', () => {
  // 7 px a character is about the bold 11 px font's width; the label is anchored at its end.
  const extent = (n: VNode) => ({ text: textOf(n), left: Number(n.attrs.x) - textOf(n).length * 7, right: Number(n.attrs.x) });
  const history = (highest: number) => [
    { startDate: oct, endDate: '2026-10-31T23:59:59.999Z', creditsUsed: highest / 2 },
    { startDate: nov, endDate: null, creditsUsed: highest },
  ];

  test('above the chart or on its line, it stays right of the axis labels and says the plan as far as it fits', () => {
    // 10,000 used under a plan of 100,000: the marker above the chart; 80,000 used: the plan's line.
    for (const [highest, off] of [
      [10_000, true],
      [80_000, false],
    ] as const) {
      const model = shapeHistory(history(highest), false, { planCredits: 100_000, locale: 'en-US' });
      assert.equal(model.planOffChart, off);
      for (const width of [160, 200, 260, 300, 340, 420, 640]) {
        const chart = renderChart(model, { width, height: 320, locale: 'en-US' });
        const label = extent(byClass(chart, 'plan-label')[0]!);
        const ticks = byClass(chart, 'tick-label').map((t) => ({ text: textOf(t), right: Number(t.attrs.x) }));
        const top = ticks[ticks.length - 1]!;
        assert.ok(label.left >= top.right + 4, `${width} px: "${label.text}" starts at ${label.left}, the top tick "${top.text}" ends at ${top.right}`);
        assert.ok(label.right <= width, `${width} px: "${label.text}" ends at ${label.right}`);
        assert.match(label.text, /^Plan /, `${width} px: "${label.text}"`);
        // Only as much is left out as must be: the whole label where it fits, the number in short where not.
        if (width >= 420) assert.equal(label.text, off ? 'Plan 100,000 (above the chart)' : 'Plan 100,000', `${width} px`);
        if (width >= 260) assert.match(label.text, /^Plan 100(,000|K)/, `${width} px`);
      }
      // Screen readers hear the whole fact whatever is drawn.
      const plan = findAll(renderChart(model, { width: 200, height: 320, locale: 'en-US' }), (n) => (n.attrs.class ?? '').split(' ').includes('plan'))[0]!;
      assert.equal(plan.attrs['aria-label'], off ? 'Plan: 100,000 per billing period, above the top of this chart' : 'Plan: 100,000 per billing period');
    }
  });
});
