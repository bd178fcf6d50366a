// The words for one bar or one segment, shared by screen-reader labels and the hover/focus tooltip,
// so what people hear and what they see never differ.
import { formatExact, formatRatio } from '../../../shared/format';
import { type ChartModel, type ChartMonth, IN_PROGRESS_LABEL } from './shape';

export const IN_PROGRESS = IN_PROGRESS_LABEL;
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

function monthTitle(month: ChartMonth): string {
  return month.partial ? `${month.longLabel} ${month.partialLabel ?? IN_PROGRESS}` : month.longLabel;
}

function credits(value: number, locale: string | undefined): string {
  return `${formatExact(value, locale)} credit${Math.round(value) === 1 ? '' : 's'}`;
}

/** The plan in words for the bar's unit: per billing period for months, its pace for days and hours. */
export function planText(model: ChartModel, locale: string | undefined): string {
  switch (model.unit) {
    case 'month':
      return `Plan: ${formatExact(model.plan ?? 0, locale)} per billing period`;
    case 'day':
      return `Plan pace: ${formatRatio(model.plan ?? 0, locale)} a day`;
    case 'hour':
      return `Plan pace: ${formatRatio(model.plan ?? 0, locale)} an hour`;
  }
}

/** The short label beside the plan line, or on the marker when the plan is above the chart. */
export function planLabel(model: ChartModel, locale: string | undefined): string {
  const off = model.planOffChart;
  switch (model.unit) {
    case 'month': {
      const plan = formatExact(model.plan ?? 0, locale);
      return off ? `Plan ${plan} (above the chart)` : `Plan ${plan}`;
    }
    case 'day': {
      const pace = formatRatio(model.plan ?? 0, locale);
      return off ? `Plan pace ${pace} a day (above the chart)` : `Plan pace ${pace} a day`;
    }
    case 'hour': {
      const pace = formatRatio(model.plan ?? 0, locale);
      return off ? `Plan pace ${pace} an hour (above the chart)` : `Plan pace ${pace} an hour`;
    }
  }
}

/** The plan marker above the chart, for screen readers. */
export function planAboveText(model: ChartModel, locale: string | undefined): string {
  switch (model.unit) {
    case 'month':
      return `Plan: ${formatExact(model.plan ?? 0, locale)} per billing period, above the top of this chart`;
    case 'day':
      return `Plan pace: ${formatRatio(model.plan ?? 0, locale)} a day, above the top of this chart`;
    case 'hour':
      return `Plan pace: ${formatRatio(model.plan ?? 0, locale)} an hour, above the top of this chart`;
  }
}

/** Keys of a month in legend order, skipping those that used nothing. */
export function usedKeys(model: ChartModel, month: ChartMonth): Array<{ name: string; index: number; value: number }> {
  return model.series.filter((s) => (month.values[s.index] ?? 0) !== 0).map((s) => ({ name: s.name, index: s.index, value: month.values[s.index] ?? 0 }));
}

export function describeMonth(model: ChartModel, monthIndex: number, locale?: string, maxLines = 12): Description {
  const month = model.months[monthIndex]!;
  const title = monthTitle(month);
  const totalText = credits(month.total, locale);
  if (!model.byApiKey) {
    const plan = model.plan ? ` ${planText(model, locale)}.` : '';
    return { title, lines: [{ label: 'Used', value: totalText }], aria: `${title}: ${totalText} used.${plan}` };
  }
  const keys = usedKeys(model, month);
  const shown = keys.slice(0, maxLines);
  const lines: TooltipLine[] = shown.map((k) => ({ label: k.name, value: formatExact(k.value, locale), series: k.index }));
  if (keys.length > shown.length) {
    const rest = keys.slice(shown.length).reduce((sum, k) => sum + k.value, 0);
    lines.push({ label: `${keys.length - shown.length} more keys`, value: formatExact(rest, locale) });
  }
  lines.push({ label: 'Total', value: totalText });
  const spoken = keys.slice(0, SPOKEN_KEYS).map((k) => `${k.name} ${formatExact(k.value, locale)}`);
  const more = keys.length > SPOKEN_KEYS ? `, and ${keys.length - SPOKEN_KEYS} more keys` : '';
  const detail = keys.length ? ` ${spoken.join(', ')}${more}.` : ' No key used credits.';
  return { title, lines, aria: `${title}: ${totalText} used by ${keys.length} key${keys.length === 1 ? '' : 's'}.${detail}` };
}

export function describeSegment(model: ChartModel, monthIndex: number, seriesIndex: number, locale?: string): Description {
  const month = model.months[monthIndex]!;
  const series = model.series[seriesIndex]!;
  const value = month.values[seriesIndex] ?? 0;
  const title = monthTitle(month);
  const share = month.total > 0 ? ` (${Math.round((value / month.total) * 100)}% of ${formatExact(month.total, locale)})` : '';
  return {
    title,
    lines: [{ label: series.name, value: `${formatExact(value, locale)}${share}`, series: seriesIndex }],
    aria: `${series.name}, ${title}: ${credits(value, locale)}${share}.`,
  };
}
