// The words for one bar or one segment, shared by screen-reader labels and the hover/focus tooltip,
// so what people hear and what they see never differ.
import * as l10n from '@vscode/l10n';
import { formatExact, formatPercent, formatRatio, plural, pluralCount } from '../../../shared/format';
import { type ChartModel, type ChartMonth, inProgressLabel } from './shape';

/** Per-key names spoken in a bar label; the rest are reachable with Up/Down. */
const SPOKEN_KEYS = 5;

export interface TooltipLine {
  label: string;
  value: string;
  /** Series index for a colour swatch; absent for totals. */
  series?: number;
}

export interface Description {
  title: string;
  lines: TooltipLine[];
  aria: string;
}

/** A month's or bin's long label, with why it is partial: "November 2026 (in progress)". */
export function partialTitle(label: string, partial: string): string {
  return l10n.t({ message: '{0} {1}', args: [label, partial], comment: ['a month, day or hour of the chart ({0}) and why it is not whole ({1}), e.g. "November 2026 (in progress)"'] });
}

function monthTitle(month: ChartMonth): string {
  return month.partial ? partialTitle(month.longLabel, month.partialLabel ?? inProgressLabel()) : month.longLabel;
}

function credits(value: number, locale: string | undefined): string {
  return pluralCount(
    value,
    locale,
    (n) => l10n.t('{0} credit', n),
    (n) => l10n.t('{0} credits', n),
  );
}

/** The plan in words for the bar's unit: per billing period for months, its pace for days and hours. */
export function planText(model: ChartModel, locale: string | undefined): string {
  switch (model.unit) {
    case 'month':
      return l10n.t('Plan: {0} per billing period', formatExact(model.plan ?? 0, locale));
    case 'day':
      return l10n.t('Plan pace: {0} a day', formatRatio(model.plan ?? 0, locale));
    case 'hour':
      return l10n.t('Plan pace: {0} an hour', formatRatio(model.plan ?? 0, locale));
  }
}

/**
 * The short label beside the plan line, or on the marker when the plan is above the chart, in the forms a narrow chart may draw, longest first: the whole label, then
 * without "(above the chart)" (the marker's arrow says it), then with the number in short ("100K").
 * The plan's aria-label always says the whole fact.
 */
export function planLabels(model: ChartModel, locale: string | undefined): string[] {
  const exact = planLabelWith(model, model.planOffChart, (value) => (model.unit === 'month' ? formatExact(value, locale) : formatRatio(value, locale)));
  const short = planLabelWith(model, false, (value) => (model.unit === 'month' ? formatExact(value, locale) : formatRatio(value, locale)));
  const compact = planLabelWith(model, false, (value) => new Intl.NumberFormat(locale, { notation: 'compact', maximumSignificantDigits: 3 }).format(value));
  return [...new Set([exact, short, compact])];
}

function planLabelWith(model: ChartModel, off: boolean, number: (value: number) => string): string {
  const value = number(model.plan ?? 0);
  switch (model.unit) {
    case 'month':
      return off ? l10n.t('Plan {0} (above the chart)', value) : l10n.t('Plan {0}', value);
    case 'day':
      return off ? l10n.t('Plan pace {0} a day (above the chart)', value) : l10n.t('Plan pace {0} a day', value);
    case 'hour':
      return off ? l10n.t('Plan pace {0} an hour (above the chart)', value) : l10n.t('Plan pace {0} an hour', value);
  }
}

/** The plan marker above the chart, for screen readers. */
export function planAboveText(model: ChartModel, locale: string | undefined): string {
  switch (model.unit) {
    case 'month':
      return l10n.t('Plan: {0} per billing period, above the top of this chart', formatExact(model.plan ?? 0, locale));
    case 'day':
      return l10n.t('Plan pace: {0} a day, above the top of this chart', formatRatio(model.plan ?? 0, locale));
    case 'hour':
      return l10n.t('Plan pace: {0} an hour, above the top of this chart', formatRatio(model.plan ?? 0, locale));
  }
}

/**
 * Keys of a month in legend order, skipping those that used nothing. `keys`: how many API keys the
 * entry stands for ("Other" stands for those of its keys that used credits here).
 */
export function usedKeys(model: ChartModel, month: ChartMonth): Array<{ name: string; index: number; value: number; keys: number }> {
  return model.series
    .filter((s) => (month.values[s.index] ?? 0) !== 0)
    .map((s) => ({ name: s.name, index: s.index, value: month.values[s.index] ?? 0, keys: s.others !== undefined ? (month.folded ?? 0) : 1 }));
}

function countKeys(keys: ReadonlyArray<{ keys: number }>): number {
  return keys.reduce((sum, k) => sum + k.keys, 0);
}

export function describeMonth(model: ChartModel, monthIndex: number, locale?: string, maxLines = 12): Description {
  const month = model.months[monthIndex]!;
  const title = monthTitle(month);
  const totalText = credits(month.total, locale);
  if (!model.byApiKey) {
    const used = l10n.t({ message: 'Used', args: [], comment: ['tooltip row: the credits one bar of the chart used'] });
    const aria = model.plan ? l10n.t('{0}: {1} used. {2}.', title, totalText, planText(model, locale)) : l10n.t('{0}: {1} used.', title, totalText);
    return { title, lines: [{ label: used, value: totalText }], aria };
  }
  const keys = usedKeys(model, month);
  const shown = keys.slice(0, maxLines);
  const lines: TooltipLine[] = shown.map((k) => ({ label: k.name, value: formatExact(k.value, locale), series: k.index }));
  if (keys.length > shown.length) {
    const rest = keys.slice(shown.length).reduce((sum, k) => sum + k.value, 0);
    const more = countKeys(keys.slice(shown.length));
    const count = formatExact(more, locale);
    lines.push({ label: plural(more, l10n.t('{0} more key', count), l10n.t('{0} more keys', count)), value: formatExact(rest, locale) });
  }
  lines.push({ label: l10n.t({ message: 'Total', args: [], comment: ['tooltip row: the credits all API keys used in one bar of the chart'] }), value: totalText });
  const used = countKeys(keys);
  const keyCount = formatExact(used, locale);
  const usedBy = plural(used, l10n.t('{0}: {1} used by {2} key.', title, totalText, keyCount), l10n.t('{0}: {1} used by {2} keys.', title, totalText, keyCount));
  return { title, lines, aria: `${usedBy} ${spokenKeys(keys, locale)}` };
}

/** The keys of a bar for screen readers, as one sentence: "Default 3,000, CI 1,000, and 4 more keys." */
function spokenKeys(keys: ReadonlyArray<{ name: string; value: number; keys: number }>, locale: string | undefined): string {
  if (!keys.length) return l10n.t('No key used credits.');
  const spoken = keys
    .slice(0, SPOKEN_KEYS)
    .map((k) => l10n.t({ message: '{0} {1}', args: [k.name, formatExact(k.value, locale)], comment: ["an API key's name ({0}) and the credits it used ({1}) in a spoken list"] }))
    .reduce((list, item) => l10n.t({ message: '{0}, {1}', args: [list, item], comment: ['joins the API keys of a spoken list: "Default 3,000, CI 1,000"'] }));
  const more = countKeys(keys.slice(SPOKEN_KEYS));
  if (more <= 0) return l10n.t({ message: '{0}.', args: [spoken], comment: ['a spoken list of API keys and their credits, as a sentence'] });
  const count = formatExact(more, locale);
  return plural(more, l10n.t('{0}, and {1} more key.', spoken, count), l10n.t('{0}, and {1} more keys.', spoken, count));
}

export function describeSegment(model: ChartModel, monthIndex: number, seriesIndex: number, locale?: string): Description {
  const month = model.months[monthIndex]!;
  const series = model.series[seriesIndex]!;
  const value = month.values[seriesIndex] ?? 0;
  const title = monthTitle(month);
  const amount = formatExact(value, locale);
  const used = credits(value, locale);
  // A key's refund makes the total net: a share of it says nothing (one key would read 150%).
  if (!(month.total > 0) || Object.values(month.values).some((v) => v < 0)) {
    return { title, lines: [{ label: series.name, value: amount, series: seriesIndex }], aria: l10n.t('{0}, {1}: {2}.', series.name, title, used) };
  }
  // Never 0% for a key that used credits, nor 100% beside another key's share.
  const share = formatPercent(value / month.total, locale);
  const total = formatExact(month.total, locale);
  return {
    title,
    lines: [{ label: series.name, value: l10n.t('{0} ({1} of {2})', amount, share, total), series: seriesIndex }],
    aria: l10n.t('{0}, {1}: {2} ({3} of {4}).', series.name, title, used, share, total),
  };
}
