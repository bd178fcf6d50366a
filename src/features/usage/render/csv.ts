// Usage history as CSV (RFC 4180) for spreadsheets. Key names are chosen by people and arrive from
// a server: every text cell is quoted, and anything a spreadsheet could run as a formula is defused,
// at the start of the cell and after any character some locale or importer splits cells on.
import type { UsageHistory, UsagePeriod } from '../../../api';
import type { UsageRange } from '../protocol';
import { shapeHistory } from './shape';
import type { BinsData } from './shapeBins';
import { DAY_MS, HOUR_MS, placeSlots } from '../../../shared/usageSlots';

/** A formula trigger at the start or right after a separator (`,` `;` tab, line breaks): Excel locales split on `;`. */
const FORMULA_AFTER_SEPARATOR = /(^|[,;\t\r\n])(?=[=+\-@])/g;
/** A cell that starts with a tab or CR is read as a formula by some importers too. */
const CONTROL_START = /^(?=[\t\r])/;

/** One text cell: always quoted (RFC 4180), formula triggers prefixed with an apostrophe wherever a cell could begin. */
export function csvText(value: string): string {
  const safe = value.replace(FORMULA_AFTER_SEPARATOR, "$1'").replace(CONTROL_START, "'");
  return `"${safe.replace(/"/g, '""')}"`;
}

function csvNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : '';
}

/** A month's end as its last day: the service ends a finished month at the next one's first instant. */
function lastDayEnd(iso: string | null): string | null {
  const time = iso === null ? Number.NaN : Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const date = new Date(time);
  const firstInstant = date.getUTCDate() === 1 && time % (24 * 60 * 60_000) === 0;
  return firstInstant ? new Date(time - 1).toISOString() : iso;
}

function csvDate(iso: string | null): string {
  if (iso === null) return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? csvText(iso) : new Date(time).toISOString().slice(0, 10);
}

/**
 * One row per month (and per key with the breakdown), oldest first, in legend order within a month.
 * CRLF line ends, as RFC 4180 and Excel expect.
 */
export function toCsv(periods: readonly UsagePeriod[], byApiKey: boolean, now?: number): string {
  // Every key gets its own rows: the chart folds keys beyond its limit into "Other", a file does not.
  // not localised: a cell, kept stable for scripts as the headers are
  const model = shapeHistory(periods, byApiKey, { maxSeries: Infinity, unknownKey: 'Unknown', ...(now === undefined ? {} : { now }) });
  // not localised: CSV headers stay stable for scripts
  const header = byApiKey ? ['month_start', 'month_end', 'in_progress', 'api_key', 'credits_used'] : ['month_start', 'month_end', 'in_progress', 'credits_used'];
  const lines = [header.join(',')];
  for (const month of model.months) {
    const common = [csvDate(month.startDate), csvDate(lastDayEnd(month.endDate)), month.partial && !month.cut ? 'true' : 'false'];
    if (!byApiKey) {
      lines.push([...common, csvNumber(month.total)].join(','));
      continue;
    }
    // Only keys with rows that month (values are sparse), in legend order.
    const indices = Object.keys(month.values)
      .map(Number)
      .sort((a, b) => a - b);
    // A month no key used (left out by the service, or the month of the reading before any use) is a 0
    // bar in the chart and a row in the table: without a row here the file would skip it unsaid.
    if (!indices.length) lines.push([...common, '', csvNumber(0)].join(','));
    for (const index of indices) lines.push([...common, csvText(model.series[index]!.name), csvNumber(month.values[index] ?? 0)].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Bins as CSV: one row per hour or day of the window, oldest first, hours and days the service left
 * out as 0, exact UTC start and end (end exclusive), and whether the bin is partial.
 */
export function binsToCsv(data: BinsData): string {
  const unitMs = data.binSize === 'hour' ? HOUR_MS : DAY_MS;
  const { slots, undated } = placeSlots(data.bins, unitMs, data.windowStart, data.windowEnd);
  // not localised: CSV headers stay stable for scripts
  const lines = ['bin_start,bin_end,partial,credits_used'];
  for (const slot of slots) lines.push([new Date(slot.start).toISOString(), new Date(slot.end).toISOString(), slot.partial ? 'true' : 'false', csvNumber(slot.credits)].join(','));
  if (undated !== 0) lines.push(['', '', 'false', csvNumber(undated)].join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * How many rows a CSV written here holds below its header. A key name may hold a line break, quoted
 * inside its cell: only line ends outside quotes end a row.
 */
export function csvRowCount(csv: string): number {
  return csv.replace(/"[^"]*"/g, '').split('\r\n').length - 2;
}

/** A CSV ready to copy or save, and the name it is saved under. */
export interface CsvFile {
  csv: string;
  fileName: string;
}

const RANGE_SUFFIX: Record<UsageRange, string> = { months: '', last30d: '-30d', last7d: '-7d', last24h: '-24h' };

/** `2026-11-20`: the day a file is saved where the person is (8 pm in Los Angeles is not tomorrow yet, as in UTC). */
function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The months as the chart shows them: placed as of when they were read (a history read in October,
 * exported in November, ends with October in progress), in a file named for the day it is saved.
 */
export function historyCsv(snapshot: { history: UsageHistory; fetchedAt: number } | undefined, now: Date): CsvFile | undefined {
  if (!snapshot) return undefined;
  const { history, fetchedAt } = snapshot;
  const day = localDay(now);
  // not localised: a file name, the same in every language so scripts and people find it
  return { csv: toCsv(history.periods, history.byApiKey, fetchedAt), fileName: `firecrawl-credit-usage${history.byApiKey ? '-by-key' : ''}-${day}.csv` };
}

export function binsCsv(range: UsageRange, bins: BinsData | undefined, now: Date): CsvFile | undefined {
  if (!bins) return undefined;
  // not localised: a file name, the same in every language so scripts and people find it
  return { csv: binsToCsv(bins), fileName: `firecrawl-credit-usage${RANGE_SUFFIX[range]}-${localDay(now)}.csv` };
}
