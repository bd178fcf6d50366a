// Our own bar chart: a ChartModel and a size in, an SVG element tree out. Geometry is set through
// attributes only (the webview CSP allows no inline styles), colours through classes that read the
// contributed theme colours, and every bar and segment carries a label for screen readers.
import * as l10n from '@vscode/l10n';
import { formatExact, plural } from '../../../shared/format';
import { describeMonth, describeSegment, planAboveText, planLabels, planText } from './barText';
import { type ChartModel, inProgressLabel, keyCount, stackHeight } from './shape';
import { h, type VChild, type VNode } from './elements';

export interface ChartSize {
  width: number;
  height: number;
}

/** Which bar (series null) or segment holds the roving tabindex. */
export interface ChartFocus {
  month: number;
  series: number | null;
}

/**
 * The same bar (and key) in a new model: bins move left as the window rolls on by an hour or a day, so
 * an index would land on the next bar. A bar that left the window hands focus to the oldest one.
 */
export function followFocus(focus: ChartFocus | undefined, before: ChartModel | undefined, after: ChartModel): ChartFocus | undefined {
  if (!focus) return undefined;
  const month = before?.months[focus.month];
  if (!before || !month) return after.months[focus.month] ? focus : undefined;
  const index = after.months.findIndex((m) => m.startDate === month.startDate);
  if (index < 0) return after.months.length ? { month: 0, series: null } : undefined;
  const name = focus.series === null ? undefined : before.series[focus.series]?.name;
  const series = name === undefined ? -1 : after.series.findIndex((s) => s.name === name);
  return { month: index, series: series < 0 ? null : series };
}

export interface ChartOptions extends ChartSize {
  locale?: string;
  focus?: ChartFocus;
}

/** Colours come from the theme (8 contributed); beyond 8 keys a pattern tells same-coloured keys apart. */
export const SERIES_COLOURS = 8;
export const SERIES_PATTERNS = 7;

const MARGIN = { top: 22, right: 12, bottom: 44, left: 58 };
const MAX_BAR_WIDTH = 64;
/** Rough width of one label character at the chart's 11px font, for thinning axis labels. */
const CHAR_WIDTH = 6.6;
/** Rough width of one character of the plan's bold label: its form is chosen with it, and the page measures again. */
const PLAN_CHAR_WIDTH = 7.2;

/** One notation for the whole axis ("0, 20K … 100K"), never a mix of exact and compact. */
export function tickFormatter(max: number, locale?: string): (value: number) => string {
  if (max < 10_000) return (value) => formatExact(value, locale);
  // Two digits: a step of 250K puts a tick at 1.25M, which one digit would print as 1.3M.
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 });
  return (value) => compact.format(value);
}

/** Labels for the months that get one: with the year on the first shown label and wherever it changes. */
export function axisLabels(model: ChartModel, shown: (index: number) => boolean): Map<number, string> {
  const labels = new Map<number, string>();
  let previousYear: number | undefined;
  model.months.forEach((month, i) => {
    if (!shown(i)) return;
    const withYear = labels.size === 0 || month.year !== previousYear;
    labels.set(i, withYear ? month.shortYearLabel : month.shortLabel);
    previousYear = month.year;
  });
  return labels;
}

/**
 * The plan label's words for `space` pixels, left of which are the axis labels: the longest form that
 * fits, else the shortest cut with an ellipsis (nothing when not even a character fits).
 */
export function fitPlanLabel(forms: readonly string[], space: number, width: (text: string) => number = (text) => Array.from(text).length * PLAN_CHAR_WIDTH): string {
  const fits = forms.find((form) => width(form) <= space);
  if (fits !== undefined) return fits;
  const chars = Array.from(forms[forms.length - 1] ?? '');
  for (let n = chars.length - 1; n >= 1; n -= 1) {
    const cut = `${chars.slice(0, n).join('')}…`;
    if (width(cut) <= space) return cut;
  }
  return '';
}

export function seriesClass(index: number): string {
  return `c${index % SERIES_COLOURS}`;
}

/** 0 = solid; 1…6 = one of the overlay patterns. */
export function seriesPattern(index: number): number {
  return Math.floor(index / SERIES_COLOURS) % SERIES_PATTERNS;
}

function patternDefs(): VNode {
  const mark = (attrs: Record<string, number | string>) => h('line', { class: 'pat-mark', ...attrs });
  const pattern = (id: string, size: number, transform: string | undefined, children: VChild[]) =>
    h('pattern', { id, width: size, height: size, patternUnits: 'userSpaceOnUse', patternTransform: transform }, children);
  return h('defs', {}, [
    pattern('fc-hatch', 8, 'rotate(45)', [h('line', { class: 'hatch-mark', x1: 0, y1: 0, x2: 0, y2: 8 })]),
    pattern('fc-pat-1', 6, 'rotate(45)', [mark({ x1: 0, y1: 0, x2: 0, y2: 6 })]),
    pattern('fc-pat-2', 6, 'rotate(-45)', [mark({ x1: 0, y1: 0, x2: 0, y2: 6 })]),
    pattern('fc-pat-3', 6, undefined, [h('circle', { class: 'pat-dot', cx: 3, cy: 3, r: 1.4 })]),
    pattern('fc-pat-4', 6, undefined, [mark({ x1: 0, y1: 3, x2: 6, y2: 3 })]),
    pattern('fc-pat-5', 6, undefined, [mark({ x1: 3, y1: 0, x2: 3, y2: 6 })]),
    pattern('fc-pat-6', 6, undefined, [mark({ x1: 0, y1: 3, x2: 6, y2: 3 }), mark({ x1: 3, y1: 0, x2: 3, y2: 6 })]),
  ]);
}

/** A colour swatch that matches a series in the chart, for legends and tooltips. */
export function swatch(index: number, size = 12): VNode {
  const pattern = seriesPattern(index);
  return h('svg', { class: 'swatch', width: size, height: size, viewBox: `0 0 ${size} ${size}`, 'aria-hidden': 'true', focusable: 'false' }, [
    // not localised: CSS classes
    h('rect', { class: `swatch-fill ${seriesClass(index)}`, x: 0.5, y: 0.5, width: size - 1, height: size - 1 }),
    // not localised: a reference to a pattern of the chart
    ...(pattern ? [h('rect', { class: 'pat', fill: `url(#fc-pat-${pattern})`, x: 0, y: 0, width: size, height: size })] : []),
  ]);
}

/** What the chart shows and how many bars, as one sentence for screen readers. */
function whatText(model: ChartModel, locale: string | undefined): string {
  const n = model.months.length;
  const count = formatExact(n, locale);
  switch (model.unit) {
    case 'month':
      return model.byApiKey
        ? plural(n, l10n.t('Credits used per month and API key, {0} month, oldest to newest.', count), l10n.t('Credits used per month and API key, {0} months, oldest to newest.', count))
        : plural(n, l10n.t('Credits used per month, {0} month, oldest to newest.', count), l10n.t('Credits used per month, {0} months, oldest to newest.', count));
    case 'day':
      return plural(n, l10n.t('Credits used per day, {0} day, oldest to newest.', count), l10n.t('Credits used per day, {0} days, oldest to newest.', count));
    case 'hour':
      return plural(n, l10n.t('Credits used per hour, {0} hour, oldest to newest.', count), l10n.t('Credits used per hour, {0} hours, oldest to newest.', count));
  }
}

/** The chart's label for screen readers: what it shows, how many keys, and how to move around it. */
function chartLabel(model: ChartModel, locale: string | undefined): string {
  const what = whatText(model, locale);
  if (!model.byApiKey) return `${what} ${l10n.t('Arrow keys move between bars.')}`;
  const n = keyCount(model.series);
  const keys = formatExact(n, locale);
  return `${what} ${plural(n, l10n.t('{0} API key.', keys), l10n.t('{0} API keys.', keys))} ${l10n.t('Arrow keys move between bars; Up and Down move between keys.')}`;
}

export function renderChart(model: ChartModel, options: ChartOptions): VNode {
  const { width, height, locale } = options;
  const plotW = Math.max(1, width - MARGIN.left - MARGIN.right);
  const plotH = Math.max(1, height - MARGIN.top - MARGIN.bottom);
  const bottom = MARGIN.top + plotH;
  const y = (value: number) => bottom - (Math.max(0, value) / model.max) * plotH;
  const count = Math.max(1, model.months.length);
  const slot = plotW / count;
  const barW = Math.max(2, Math.min(MAX_BAR_WIDTH, slot * 0.68));
  const asked = options.focus && model.months[options.focus.month] ? options.focus : { month: model.months.length - 1, series: null };
  // Only a drawn segment can hold the tab stop: a key with nothing that month (new data under an old
  // focus), or any key in the plain view, leaves it on the month's bar, so the chart stays reachable.
  const drawn = asked.series === null || (model.byApiKey && (model.months[asked.month]?.values[asked.series] ?? 0) > 0);
  const focus: ChartFocus = drawn ? asked : { month: asked.month, series: null };

  const tickText = tickFormatter(model.max, locale);
  const grid = h(
    'g',
    { class: 'grid', 'aria-hidden': 'true' },
    model.ticks.flatMap((tick) => [
      h('line', { class: tick === 0 ? 'axis-line' : 'grid-line', x1: MARGIN.left, x2: MARGIN.left + plotW, y1: y(tick), y2: y(tick) }),
      h('text', { class: 'tick-label', x: MARGIN.left - 6, y: y(tick), 'text-anchor': 'end', 'dominant-baseline': 'middle' }, [tickText(tick)]),
    ]),
  );

  // Thin the month labels so they never overlap; the newest month always keeps its label.
  const widest = Math.max(...model.months.map((m) => m.shortYearLabel.length), 3) * CHAR_WIDTH + 6;
  const every = Math.max(1, Math.ceil(widest / slot));
  const last = model.months.length - 1;
  // The newest label is drawn against the right edge when its column is narrower than it (anchored at
  // its end, so it reaches half a label further left): the label before it keeps that much more away.
  const lastEndAnchored = slot < widest;
  const fromLast = lastEndAnchored ? Math.max(every, Math.ceil((widest * 1.5 - slot / 2) / slot)) : every;
  const labelText = axisLabels(model, (i) => i === last || ((last - i) % every === 0 && last - i >= fromLast));

  const inProgress = inProgressLabel();
  const months = model.months.map((month, i) => {
    const slotX = MARGIN.left + i * slot;
    const x = slotX + (slot - barW) / 2;
    const isFocus = (series: number | null) => focus.month === i && focus.series === series;
    const children: VChild[] = [
      // The whole column is the bar's hover and focus target, so thin or empty bars stay reachable.
      h('rect', {
        class: 'bar-hit',
        x: slotX,
        y: MARGIN.top,
        width: slot,
        height: plotH,
        role: 'img',
        'aria-label': describeMonth(model, i, locale).aria,
        tabindex: isFocus(null) ? 0 : -1,
        'data-month': i,
        'data-focus': 'bar',
      }),
    ];
    let base = 0;
    for (const series of model.series) {
      const value = month.values[series.index] ?? 0;
      if (value <= 0) continue;
      const top = y(base + value);
      const segH = y(base) - top;
      base += value;
      const pattern = seriesPattern(series.index);
      const common = { x, y: top, width: barW, height: segH };
      children.push(
        h('rect', {
          class: `seg ${seriesClass(series.index)}`,
          ...common,
          'data-month': i,
          'data-series': series.index,
          ...(model.byApiKey
            ? { role: 'img', 'aria-label': describeSegment(model, i, series.index, locale).aria, tabindex: isFocus(series.index) ? 0 : -1, 'data-focus': 'segment' }
            : { 'aria-hidden': 'true' }),
        }),
      );
      // not localised: a reference to a pattern of the chart
      if (pattern) children.push(h('rect', { class: 'pat', fill: `url(#fc-pat-${pattern})`, ...common, 'aria-hidden': 'true' }));
    }
    if (month.partial) {
      const top = y(stackHeight(month));
      // Hatching plus a dashed outline plus words: "in progress" never rests on colour alone.
      // not localised: a reference to the hatch pattern
      if (top < bottom) children.push(h('rect', { class: 'progress-hatch', fill: 'url(#fc-hatch)', x, y: top, width: barW, height: bottom - top, 'aria-hidden': 'true' }));
      children.push(h('rect', { class: 'progress-outline', x: x - 1.5, y: Math.min(top, bottom - 2) - 1.5, width: barW + 3, height: Math.max(2, bottom - top) + 1.5, 'aria-hidden': 'true' }));
    }
    const text = labelText.get(i);
    if (text !== undefined) {
      const cx = slotX + slot / 2;
      // Near the right edge a centred label would be clipped.
      const anchor = i === last && lastEndAnchored ? 'end' : 'middle';
      const lx = anchor === 'end' ? Math.min(MARGIN.left + plotW, slotX + slot) : cx;
      children.push(h('text', { class: 'month-label', x: lx, y: bottom + 16, 'text-anchor': anchor, 'aria-hidden': 'true' }, [text]));
      if (month.partial) children.push(h('text', { class: 'progress-label', x: lx, y: bottom + 31, 'text-anchor': anchor, 'aria-hidden': 'true' }, [month.partialLabel ?? inProgress]));
    }
    // not localised: CSS classes
    return h('g', { class: month.partial ? 'month partial' : 'month', 'data-month': i }, children);
  });

  const layers: VChild[] = [patternDefs(), grid, h('g', { class: 'bars' }, months)];
  // The label ends at `end` and may reach left to the plot's edge, never over the axis labels; the page
  // measures it in the real font and picks again (data-space).
  const planWords = (end: number, attrs: Record<string, number | string>) => {
    const space = Math.max(0, Math.floor(end - MARGIN.left));
    return h('text', { class: 'plan-label', x: end, 'text-anchor': 'end', 'data-space': space, ...attrs }, [fitPlanLabel(planLabels(model, locale), space)]);
  };
  if (model.plan !== undefined && !model.planOffChart) {
    const py = y(model.plan);
    layers.push(
      h('g', { class: 'plan', role: 'img', 'aria-label': planText(model, locale) }, [
        h('line', { class: 'plan-line', x1: MARGIN.left, x2: MARGIN.left + plotW, y1: py, y2: py }),
        planWords(MARGIN.left + plotW, { y: py - 5 }),
      ]),
    );
  } else if (model.plan !== undefined) {
    // Far above the bars: a marker at the top edge says where it is instead of squashing them.
    const right = MARGIN.left + plotW;
    const top = MARGIN.top;
    layers.push(
      // not localised: CSS classes
      h('g', { class: 'plan plan-off', role: 'img', 'aria-label': planAboveText(model, locale) }, [
        h('path', { class: 'plan-arrow', d: `M ${right - 5} ${top - 4} l 5 -8 l 5 8 z`, transform: 'translate(-5 0)' }),
        h('line', { class: 'plan-tick', x1: right - 40, x2: right, y1: top, y2: top }),
        planWords(right - 16, { y: top - 6 }),
      ]),
    );
  }
  return h(
    'svg',
    {
      class: 'chart',
      xmlns: 'http://www.w3.org/2000/svg',
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
      role: 'group',
      'aria-label': chartLabel(model, locale),
    },
    layers,
  );
}
