// Usage bins (the last 30 or 7 days by day, the last 24 hours by hour) → the same ChartModel the
// monthly chart draws, so the chart, table, keyboard and tooltips work alike in every range. Bins sit
// on slots of shared/usageSlots (gaps filled, partial ones marked); days are UTC days, as the service
// cuts them (a cut day's time in UTC too), and hours are labelled in local time. The plan becomes its pace per day or per hour.
import * as l10n from '@vscode/l10n';
import type { UsageBin, UsageBinSize } from '../../../api';
import { DAY_MS, HOUR_MS, placeSlots, type UsageSlot } from '../../../shared/usageSlots';
import { type ChartModel, type ChartMonth, inProgressLabel, partialLabel, scaleFor, totalSeriesName, undatedLabels } from './shape';

export interface BinsData {
  binSize: UsageBinSize;
  windowStart: string | null;
  windowEnd: string | null;
  bins: readonly UsageBin[];
}

export interface BinsShapeOptions {
  locale?: string;
  planCredits?: number;
  /** The billing period's length, for the plan's pace; 30 days when unknown. */
  periodMs?: number;
}

const DEFAULT_PERIOD_MS = 30 * DAY_MS;

interface Formats {
  day: Intl.DateTimeFormat;
  dayLong: Intl.DateTimeFormat;
  hour: Intl.DateTimeFormat;
  hourWithDay: Intl.DateTimeFormat;
  dateLocal: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
  timeWithDay: Intl.DateTimeFormat;
  timeUtc: Intl.DateTimeFormat;
  hourZone: Intl.DateTimeFormat;
  hourWithDayZone: Intl.DateTimeFormat;
  timeZone: Intl.DateTimeFormat;
  timeWithDayZone: Intl.DateTimeFormat;
}

const formatsByLocale = new Map<string, Formats>();
/** By locale and the time zone now: a laptop that travels gets its new local hours. */
function formats(locale: string | undefined): Formats {
  const key = `${locale ?? ''} ${new Intl.DateTimeFormat().resolvedOptions().timeZone}`;
  let f = formatsByLocale.get(key);
  if (!f) {
    const make = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options);
    f = {
      day: make({ month: 'short', day: 'numeric', timeZone: 'UTC' }),
      dayLong: make({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
      hour: make({ hour: 'numeric' }),
      hourWithDay: make({ weekday: 'short', hour: 'numeric' }),
      dateLocal: make({ weekday: 'short', month: 'short', day: 'numeric' }),
      time: make({ hour: 'numeric', minute: '2-digit' }),
      timeWithDay: make({ weekday: 'short', hour: 'numeric', minute: '2-digit' }),
      timeUtc: make({ hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }),
      hourZone: make({ hour: 'numeric', timeZoneName: 'short' }),
      hourWithDayZone: make({ weekday: 'short', hour: 'numeric', timeZoneName: 'short' }),
      timeZone: make({ hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
      timeWithDayZone: make({ weekday: 'short', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
    };
    formatsByLocale.set(key, f);
  }
  return f;
}

function labels(slot: UsageSlot, binSize: UsageBinSize, f: Formats): Pick<ChartMonth, 'shortLabel' | 'shortYearLabel' | 'longLabel' | 'year'> {
  const start = new Date(slot.start);
  if (binSize === 'day') {
    const short = f.day.format(start);
    // A day cut by the window says from or until when on the same clock as its date: UTC.
    const long =
      slot.partial === 'start'
        ? l10n.t({ message: '{0}, from {1}', args: [f.dayLong.format(start), f.timeUtc.format(start)], comment: ['a day of the chart that starts late: {0} is the date, {1} the time it starts'] })
        : slot.partial === 'current'
          ? l10n.t({ message: '{0}, until {1}', args: [f.dayLong.format(start), f.timeUtc.format(new Date(slot.end))], comment: ['the day in progress: {0} is the date, {1} the time it reaches now'] })
          : // The service's days are UTC calendar days: beside the local hours of the 24 hours, said so.
            l10n.t({ message: '{0} (UTC)', args: [f.dayLong.format(start)], comment: ['a whole day of the chart, a calendar day in UTC: {0} is the date'] });
    return { shortLabel: short, shortYearLabel: short, longLabel: long, year: start.getUTCFullYear() };
  }
  const local = start.getFullYear() * 10_000 + (start.getMonth() + 1) * 100 + start.getDate();
  // In a zone half an hour off UTC (India) an hour starts at :30: the axis says so.
  const onTheHour = start.getMinutes() === 0;
  // Next to a clock change the wall time repeats (1 AM twice when clocks go back, an hour that reads
  // 1:00 – 1:00) or jumps: those hours name their zone's offset, so every bar reads as its own hour.
  const zoned = new Date(slot.start - HOUR_MS).getTimezoneOffset() !== new Date(slot.end).getTimezoneOffset();
  const time = zoned ? f.timeZone : f.time;
  return {
    shortLabel: (onTheHour ? (zoned ? f.hourZone : f.hour) : time).format(start),
    shortYearLabel: (onTheHour ? (zoned ? f.hourWithDayZone : f.hourWithDay) : zoned ? f.timeWithDayZone : f.timeWithDay).format(start),
    longLabel: l10n.t({
      message: '{0}, {1} – {2}',
      args: [f.dateLocal.format(start), time.format(start), time.format(new Date(slot.end))],
      comment: ['an hour of the chart: {0} is the date, {1} and {2} the times it starts and ends'],
    }),
    year: local,
  };
}

export function shapeBins(data: BinsData, options: BinsShapeOptions = {}): ChartModel {
  const unitMs = data.binSize === 'hour' ? HOUR_MS : DAY_MS;
  const { slots, undated } = placeSlots(data.bins, unitMs, data.windowStart, data.windowEnd);
  const inProgress = inProgressLabel();
  const cut = partialLabel();
  const f = formats(options.locale);
  const months: ChartMonth[] = slots.map((slot) => ({
    startDate: new Date(slot.start).toISOString(),
    endDate: new Date(slot.end).toISOString(),
    partial: slot.partial !== undefined,
    ...(slot.partial ? { partialLabel: slot.partial === 'current' ? inProgress : cut } : {}),
    values: (slot.credits !== 0 ? { 0: slot.credits } : {}) as Record<number, number>,
    total: slot.credits,
    ...labels(slot, data.binSize, f),
  }));
  // Bins the service could not date are counted, in one column at the end, as months are.
  if (undated !== 0 || data.bins.some((b) => b.startDate === null)) {
    months.push({ startDate: null, endDate: null, partial: false, values: (undated !== 0 ? { 0: undated } : {}) as Record<number, number>, total: undated, ...undatedLabels() });
  }
  const grandTotal = months.reduce((sum, m) => sum + m.total, 0);
  const periodMs = options.periodMs && options.periodMs > 0 ? options.periodMs : DEFAULT_PERIOD_MS;
  const planCredits = options.planCredits !== undefined && Number.isFinite(options.planCredits) && options.planCredits > 0 ? options.planCredits : undefined;
  const plan = planCredits === undefined ? undefined : (planCredits * unitMs) / periodMs;
  const highest = months.reduce((max, m) => Math.max(max, m.total), 0);
  return {
    byApiKey: false,
    unit: data.binSize,
    months,
    series: months.length ? [{ name: totalSeriesName(), index: 0, total: grandTotal }] : [],
    plan,
    ...scaleFor(highest, plan),
    grandTotal,
  };
}
