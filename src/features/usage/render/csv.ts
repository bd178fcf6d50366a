// Usage history as CSV (RFC 4180) for spreadsheets. Key names are user-chosen, so text cells are
// quoted when needed and cells a spreadsheet would run as a formula are defused.
import type { UsagePeriod } from '../../../api';
import { shapeHistory, UNKNOWN_KEY } from './shape';

/** Leading characters that make Excel, LibreOffice or Sheets treat a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One text cell: formula triggers get a leading apostrophe, then RFC 4180 quoting. */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : '';
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
export function toCsv(periods: readonly UsagePeriod[], byApiKey: boolean): string {
  const model = shapeHistory(periods, byApiKey);
  const header = byApiKey ? ['month_start', 'month_end', 'in_progress', 'api_key', 'credits_used'] : ['month_start', 'month_end', 'in_progress', 'credits_used'];
  const lines = [header.join(',')];
  const present = new Set(periods.map((p) => `${p.startDate}\u0000${p.apiKey || UNKNOWN_KEY}`));
  for (const month of model.months) {
    const common = [csvDate(month.startDate), csvDate(month.endDate), month.partial ? 'true' : 'false'];
    if (!byApiKey) {
      lines.push([...common, csvNumber(month.total)].join(','));
      continue;
    }
    for (const series of model.series) {
      // A key that used nothing that month has no row from the server either.
      if (!present.has(`${month.startDate}\u0000${series.name}`)) continue;
      lines.push([...common, csvText(series.name), csvNumber(month.values[series.index] ?? 0)].join(','));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
