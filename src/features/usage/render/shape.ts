// Usage periods → the numbers a chart, a table and a CSV need: months in order, keys stacked in a
// stable order, totals, the month in progress, the plan line and the scale. No DOM, no vscode:
// the host, the webview page and benchmarks all run it.
import * as l10n from '@vscode/l10n';
import type { UsagePeriod } from '../../../api';
import { formatExact, plural } from '../../../shared/format';

export interface ChartSeries {
  /** The key's display name as the server sent it: untrusted text. For the folded rest, "Other (N keys)". */
  name: string;
  /** Position in legend and stack order (0 = largest total, drawn at the bottom). */
  index: number;
  total: number;
  /** Set on the one series that holds every key beyond MAX_SERIES: how many keys it holds. */
  others?: number;
}

export interface ChartMonth {
  /** null for rows the service could not date: they form one "Undated" column at the end. */
  startDate: string | null;
  endDate: string | null;
  /** The month in progress (`endDate: null`), or a bin cut by its window: its total is not a whole one. */
  partial: boolean;
  /** Why it is partial, in words shown beside its label: "(in progress)", "(partial)". */
  partialLabel?: string;
  /** Partial because the window of what the service counts begins after its start (not in progress). */
  cut?: true;
  /**
   * Credits by series index, only for the series that have rows this month (sparse: a month of
   * thousands of keys that used nothing costs nothing). Read with `values[i] ?? 0`.
   */
  values: Readonly<Record<number, number>>;
  /** How many of the keys folded into "Other" used credits in this bar, when any did. */
  folded?: number;
  total: number;
  /** "Nov" and "Nov 2026" for the axis (which one depends on the labels around it), "November 2026" for readers. */
  shortLabel: string;
  shortYearLabel: string;
  longLabel: string;
  /**
   * The group whose change the axis marks with the longer label: the UTC year for months, the local
   * day for hours; undefined when the start date is unreadable.
   */
  year: number | undefined;
}

export type ChartUnit = 'month' | 'day' | 'hour';

/** How many API keys the series stand for: "Other" holds many. */
export function keyCount(series: readonly ChartSeries[]): number {
  return series.reduce((sum, s) => sum + (s.others ?? 1), 0);
}

export interface ChartModel {
  byApiKey: boolean;
  /** What one bar covers. */
  unit: ChartUnit;
  months: ChartMonth[];
  series: ChartSeries[];
  /** Plan credits per bar when known and positive: per billing period for months, the plan's pace per day or hour for bins. */
  plan: number | undefined;
  /**
   * The plan is far above every bar: scaling to it would leave slivers, so the axis fits the data and
   * the plan is a labelled marker at the top instead of a line.
   */
  planOffChart: boolean;
  /** Top of the value axis: a round number at or above every bar (and the plan line when it is drawn). */
  max: number;
  ticks: number[];
  grandTotal: number;
}

export interface ShapeOptions {
  planCredits?: number;
  locale?: string;
  /** Series beyond this (the folded rest included) become one "Other" series; default MAX_SERIES. */
  maxSeries?: number;
  /** The name of rows without a key name; default the translated "Unknown" (a CSV keeps it stable). */
  unknownKey?: string;
  /**
   * The time of the reading: the month that holds it is in progress, whatever end date it was given
   * (the spec gives its last day), and no other is; it is shown, as 0, when the service left it out
   * (it lists months from its rows, the newest with an open end); the oldest month, when the 90 days
   * begin after its start, is partial.
   */
  now?: number;
}

/** How far back the service's months reach: the first month listed is cut by it. */
const HISTORY_WINDOW_MS = 90 * 24 * 60 * 60_000;

// The words below are functions, not constants: a translation is known only once the language is
// configured, after every module has loaded.

/** The single series of the plain (not per-key) view. */
export function totalSeriesName(): string {
  return l10n.t('Credits used');
}
/** Rows the service could not attribute carry this name; a row without a name gets it too. */
export function unknownKeyName(): string {
  return l10n.t({ message: 'Unknown', args: [], comment: ['the name shown for credits used by no API key the service could name'] });
}
/**
 * Distinct series drawn, the folded rest included: eight theme colours times seven patterns stay
 * tellable apart up to here, and a chart or legend of thousands of keys says nothing anyway.
 */
export const MAX_SERIES = 50;
/** The one column for rows the service could not date: on the axis, and for readers. */
export function undatedLabels(): Pick<ChartMonth, 'shortLabel' | 'shortYearLabel' | 'longLabel' | 'year'> {
  const short = l10n.t({ message: 'Undated', args: [], comment: ['chart axis label of the column of usage without a date'] });
  return { shortLabel: short, shortYearLabel: short, longLabel: l10n.t('Undated usage'), year: undefined };
}
/** Beside a month or bin still in progress. */
export function inProgressLabel(): string {
  return l10n.t('(in progress)');
}
/** Beside a bin the window cuts at its start. */
export function partialLabel(): string {
  return l10n.t({ message: '(partial)', args: [], comment: ['beside a month, day or hour of the chart that the time window cuts at its start'] });
}

function startTime(startDate: string | null): number {
  return startDate === null ? Number.NaN : Date.parse(startDate);
}

/** Oldest first; unreadable and missing dates keep their server order at the end. */
function compareMonths(a: string | null, b: string | null): number {
  const x = startTime(a);
  const y = startTime(b);
  const xBad = Number.isNaN(x);
  const yBad = Number.isNaN(y);
  if (xBad || yBad) return Number(xBad) - Number(yBad);
  return x - y;
}

function monthLabels(startDate: string | null, locale: string | undefined): Pick<ChartMonth, 'shortLabel' | 'shortYearLabel' | 'longLabel' | 'year'> {
  if (startDate === null) return undatedLabels();
  const time = startTime(startDate);
  if (Number.isNaN(time)) return { shortLabel: startDate.slice(0, 10), shortYearLabel: startDate.slice(0, 10), longLabel: startDate.slice(0, 64), year: undefined };
  const date = new Date(time);
  const f = monthFormats(locale);
  return {
    shortLabel: f.short.format(date),
    shortYearLabel: f.shortYear.format(date),
    longLabel: f.long.format(date),
    year: date.getUTCFullYear(),
  };
}

const formatsByLocale = new Map<string, { short: Intl.DateTimeFormat; shortYear: Intl.DateTimeFormat; long: Intl.DateTimeFormat }>();
/** Building a DateTimeFormat costs far more than using one: a history of thousands of months labels each. */
function monthFormats(locale: string | undefined) {
  const key = locale ?? '';
  let formats = formatsByLocale.get(key);
  if (!formats) {
    const make = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options });
    formats = { short: make({ month: 'short' }), shortYear: make({ month: 'short', year: 'numeric' }), long: make({ month: 'long', year: 'numeric' }) };
    formatsByLocale.set(key, formats);
  }
  return formats;
}

/**
 * How high a bar stands: its positive parts stacked. A key's refund (a negative row) is in the total
 * and the table but draws nothing, so it neither lowers the axis under the bar nor the bar's outline.
 */
export function stackHeight(month: Pick<ChartMonth, 'values'>): number {
  let height = 0;
  for (const value of Object.values(month.values)) if (value > 0) height += value;
  return height;
}

/** The plan is drawn as a line (and the axis reaches it) when it is at most this many times the highest bar. */
export const PLAN_NEAR_FACTOR = 1.5;

/** The axis for bars up to `highest` and an optional plan: fit to the data, reaching the plan only when it is near. */
export function scaleFor(highest: number, plan: number | undefined): Pick<ChartModel, 'max' | 'ticks' | 'planOffChart'> {
  const near = plan !== undefined && highest > 0 && plan <= highest * PLAN_NEAR_FACTOR;
  const ticks = niceTicks(near ? Math.max(highest, plan) : highest);
  const max = ticks[ticks.length - 1]!;
  return { max, ticks, planOffChart: plan !== undefined && plan > max };
}

/**
 * 1, 2, 2.5 or 5 times a power of ten: axis steps people read at a glance. Credits are whole: 2.5 only
 * from 25 up, since the axis writes whole numbers (2.5, 7.5 and 12.5 would read 3, 8 and 13).
 */
export function niceStep(roughStep: number): number {
  if (!(roughStep > 0) || !Number.isFinite(roughStep)) return 1;
  const power = 10 ** Math.floor(Math.log10(roughStep));
  const fraction = roughStep / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 && power >= 10 ? 2.5 : fraction <= 5 ? 5 : 10;
  return Math.max(1, nice * power);
}

/** Round ticks from 0 to at least `max`, about `count` of them. */
export function niceTicks(max: number, count = 5): number[] {
  const top = max > 0 && Number.isFinite(max) ? max : 1;
  const step = niceStep(top / count);
  const ticks: number[] = [];
  for (let value = 0; ticks.length === 0 || ticks[ticks.length - 1]! < top; value += step) ticks.push(value);
  return ticks;
}

/** A gap longer than this is a date the server got wrong, not months without usage: filling it would draw thousands of empty bars. */
const MAX_FILLED_GAP = 120;

/** The UTC calendar month of a start date as one number (year × 12 + month), or undefined when unreadable. */
function monthIndex(startDate: string | null): number | undefined {
  const time = startTime(startDate);
  if (Number.isNaN(time)) return undefined;
  const date = new Date(time);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

function monthStartIso(index: number): string {
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: the latter reads years 0–99 as 1900–1999.
  date.setUTCFullYear(Math.floor(index / 12), index % 12, 1);
  return date.toISOString();
}

/** The last millisecond of a filled month, as the service ends a finished one. */
function monthEnd(startDate: string | null): string | null {
  const index = monthIndex(startDate);
  return index === undefined ? null : new Date(Date.parse(monthStartIso(index + 1)) - 1).toISOString();
}

/**
 * Sorted start dates with the UTC calendar months the service left out put back between them. With
 * the breakdown a key that used nothing in a month has no row, so a month no key used is missing;
 * without it, the bars on either side would stand together and the axis skip the month unsaid,
 * where the day and hour views show such a gap as a 0 bar.
 */
function withMissingMonths(ordered: Array<string | null>): Array<string | null> {
  const filled: Array<string | null> = [];
  let previous: number | undefined;
  for (const startDate of ordered) {
    const index = monthIndex(startDate);
    if (index !== undefined && previous !== undefined && index - previous - 1 <= MAX_FILLED_GAP) {
      for (let missing = previous + 1; missing < index; missing += 1) filled.push(monthStartIso(missing));
    }
    if (index !== undefined) previous = index;
    filled.push(startDate);
  }
  return filled;
}

export function shapeHistory(periods: readonly UsagePeriod[], byApiKey: boolean, options: ShapeOptions = {}): ChartModel {
  // Group rows by month and by key; duplicates of a pair add up rather than overwrite.
  const monthOrder: Array<string | null> = [];
  const monthInfo = new Map<string | null, { endDate: string | null; byKey: Map<string, number> }>();
  const keyTotals = new Map<string, number>();
  const unknown = options.unknownKey ?? unknownKeyName();
  const totalName = totalSeriesName();
  for (const period of periods) {
    const name = byApiKey ? period.apiKey || unknown : totalName;
    let month = monthInfo.get(period.startDate);
    if (!month) {
      month = { endDate: period.endDate, byKey: new Map() };
      monthInfo.set(period.startDate, month);
      monthOrder.push(period.startDate);
    }
    // Any row of the month saying "in progress" makes the month in progress.
    if (period.endDate === null) month.endDate = null;
    const used = Number.isFinite(period.creditsUsed) ? period.creditsUsed : 0;
    month.byKey.set(name, (month.byKey.get(name) ?? 0) + used);
    keyTotals.set(name, (keyTotals.get(name) ?? 0) + used);
  }

  // Largest first so the biggest consumer sits at the bottom and leads the legend; name breaks ties
  // so the order (and with it each key's colour) is the same on every refresh.
  const ranked = [...keyTotals.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const limit = Math.max(2, options.maxSeries ?? MAX_SERIES);
  const kept = ranked.length > limit ? ranked.slice(0, limit - 1) : ranked;
  const series: ChartSeries[] = kept.map(([name, total], index) => ({ name, index, total }));
  const indexOf = new Map(series.map((s) => [s.name, s.index]));
  if (ranked.length > kept.length) {
    const rest = ranked.slice(kept.length);
    const count = formatExact(rest.length, options.locale);
    const name = plural(rest.length, l10n.t('Other ({0} key)', count), l10n.t('Other ({0} keys)', count));
    const others: ChartSeries = { name, index: series.length, total: rest.reduce((sum, [, v]) => sum + v, 0), others: rest.length };
    series.push(others);
    for (const [name] of rest) indexOf.set(name, others.index);
  }

  const current = options.now === undefined ? undefined : monthIndex(new Date(options.now).toISOString());
  const sorted = [...monthOrder].sort(compareMonths);
  // The month of the reading, when the service listed none for it (its months come from its rows): a 0 in its place.
  const newest = sorted.reduce<number | undefined>((last, startDate) => monthIndex(startDate) ?? last, undefined);
  if (current !== undefined && newest !== undefined && newest < current && current - newest <= MAX_FILLED_GAP) {
    const startDate = monthStartIso(current);
    monthInfo.set(startDate, { endDate: null, byKey: new Map() });
    sorted.push(startDate);
    sorted.sort(compareMonths);
  }
  const ordered = withMissingMonths(sorted);
  const windowStart = options.now === undefined ? undefined : options.now - HISTORY_WINDOW_MS;
  const oldest = ordered.find((startDate) => monthIndex(startDate) !== undefined);
  const inProgress = inProgressLabel();
  const cut = partialLabel();
  const months: ChartMonth[] = ordered.map((startDate) => {
    const info = monthInfo.get(startDate) ?? { endDate: monthEnd(startDate), byKey: new Map<string, number>() };
    const values: Record<number, number> = {};
    let total = 0;
    let folded = 0;
    for (const [name, used] of info.byKey) {
      const index = indexOf.get(name)!;
      values[index] = (values[index] ?? 0) + used;
      total += used;
      if (used !== 0 && series[index]!.others !== undefined) folded++;
    }
    // Only a month with a date can be in progress: "Undated" rows have no end either, and are no month.
    const month = monthIndex(startDate);
    const running = month !== undefined && (current === undefined ? info.endDate === null : month === current);
    // A month past that the service left open (its newest row) ended as months do.
    const endDate = month !== undefined && !running && info.endDate === null ? monthEnd(startDate) : info.endDate;
    const cutAtStart = !running && startDate === oldest && windowStart !== undefined && startTime(startDate) < windowStart;
    const label = running ? inProgress : cutAtStart ? cut : undefined;
    return {
      startDate,
      endDate,
      partial: label !== undefined,
      ...(label ? { partialLabel: label } : {}),
      ...(cutAtStart ? { cut: true } : {}),
      values,
      ...(folded ? { folded } : {}),
      total,
      ...monthLabels(startDate, options.locale),
    };
  });

  const plan = options.planCredits !== undefined && Number.isFinite(options.planCredits) && options.planCredits > 0 ? options.planCredits : undefined;
  let highest = 0;
  for (const month of months) highest = Math.max(highest, stackHeight(month));
  return {
    byApiKey,
    unit: 'month',
    months,
    series,
    plan,
    ...scaleFor(highest, plan),
    grandTotal: months.reduce((sum, m) => sum + m.total, 0),
  };
}
