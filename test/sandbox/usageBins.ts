// Credit usage by hour and by day: `GET /v2/team/credit-usage/historical?timeRange=day|week|month`.
// The team's usage is kept as credits per UTC hour on the sandbox clock (a demo rhythm when seeded,
// or hours set by a test), plus an optional burst in one hour (the switchable spike). Bins are cut
// from it the way the service cuts them: a window ending now, bins aligned to UTC hours or days, the
// first and last partial. Usage inside an hour is taken as even, so a partial bin holds its share.
import type { Dialect } from './types';
import type { JsonReply } from './credits';
import { unknownErrorBody } from './http';

export type TimeRange = 'day' | 'week' | 'month';
export const TIME_RANGES: readonly TimeRange[] = ['day', 'week', 'month'];

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

const SPAN: Record<TimeRange, { spanMs: number; binSize: 'hour' | 'day'; binMs: number }> = {
  day: { spanMs: DAY_MS, binSize: 'hour', binMs: HOUR_MS },
  week: { spanMs: 7 * DAY_MS, binSize: 'day', binMs: DAY_MS },
  month: { spanMs: 30 * DAY_MS, binSize: 'day', binMs: DAY_MS },
};

/** The service's texts for what it refuses. */
export const TIME_RANGE_INVALID = 'timeRange must be day, week, or month.';
export const TIME_RANGE_WITH_KEYS = 'byApiKey cannot be combined with timeRange.';

/** One hour of usage a test sets: the hour's start (ISO or epoch ms; any instant in it counts) and its credits. */
export interface UsageHour {
  hour: string | number;
  credits: number;
}

/** A burst of usage: all of it at one instant. */
export interface UsageSpike {
  at: number;
  credits: number;
}

/** Default size of the spike `npm start` and tests switch on: about what one runaway connector burned in 13 minutes. */
export const DEFAULT_SPIKE_CREDITS = 1_200;

/** Credits per UTC hour of day on a weekday, before the jitter: quiet nights, busy working hours. */
const WEEKDAY_RHYTHM = [4, 3, 2, 2, 3, 5, 9, 16, 28, 40, 46, 44, 38, 42, 47, 45, 39, 30, 21, 15, 12, 9, 7, 5];

/** A number in [0, 1) that depends only on the hour, so the demo looks the same on every run. */
function jitter(hourStart: number): number {
  let x = Math.floor(hourStart / HOUR_MS) * 2654435761;
  x ^= x >>> 13;
  x = Math.imul(x, 1597334677);
  x ^= x >>> 16;
  return ((x >>> 0) % 10_000) / 10_000;
}

/** The demo team's usage in the hour starting at `hourStart`: about 600 credits a weekday, less at weekends. */
export function demoHourCredits(hourStart: number): number {
  const d = new Date(hourStart);
  const weekend = d.getUTCDay() === 0 || d.getUTCDay() === 6;
  const base = WEEKDAY_RHYTHM[d.getUTCHours()] ?? 10;
  return Math.round(base * (weekend ? 0.35 : 1) * (0.7 + 0.6 * jitter(hourStart)));
}

function hourOf(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS;
}

function readInstant(value: unknown, what: string): number {
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms)) throw new Error(`${what} must be an ISO date or epoch ms`);
  return ms;
}

export function validateUsageHours(rows: unknown): Map<number, number> {
  if (!Array.isArray(rows)) throw new Error('hours must be an array of {hour, credits}');
  const hours = new Map<number, number>();
  rows.forEach((row, i) => {
    if (typeof row !== 'object' || row === null) throw new Error(`hours[${i}] must be an object`);
    const o = row as Record<string, unknown>;
    const at = hourOf(readInstant(o.hour, `hours[${i}].hour`));
    if (typeof o.credits !== 'number' || !Number.isFinite(o.credits)) throw new Error(`hours[${i}].credits must be a number`);
    hours.set(at, (hours.get(at) ?? 0) + o.credits);
  });
  return hours;
}

/** The team's usage over time: where the bins come from. */
export class UsageLedger {
  /** The demo rhythm for every hour not set explicitly; off once a test sets hours. */
  private demo: boolean;
  private hours = new Map<number, number>();
  /** Nothing was used before this instant (a team created then); undefined = as far back as asked. */
  since: number | undefined;
  spike: UsageSpike | undefined;
  /** Leave bins without usage out of the answer, as a grouped query would. */
  sparse = false;

  constructor(seeded: boolean) {
    this.demo = seeded;
  }

  /** Replaces the whole series with these hours (nothing else used, no demo rhythm). */
  setHours(hours: Map<number, number>, since?: number): void {
    this.demo = false;
    this.hours = hours;
    this.since = since;
  }

  /**
   * Credits used in [from, to) (or [from, to] with `closed`, for the bin that ends now), taking usage
   * inside an hour as even and the spike as one instant.
   */
  usedBetween(from: number, to: number, closed = false): number {
    if (to < from || (to === from && !closed)) return 0;
    const start = this.since === undefined ? from : Math.max(from, this.since);
    let total = 0;
    for (let hour = hourOf(start); hour < to; hour += HOUR_MS) {
      const perHour = this.demo ? demoHourCredits(hour) : (this.hours.get(hour) ?? 0);
      if (perHour === 0) continue;
      const overlap = Math.min(to, hour + HOUR_MS) - Math.max(start, hour);
      if (overlap > 0) total += (perHour * overlap) / HOUR_MS;
    }
    const spike = this.spike;
    if (spike && spike.at >= from && (spike.at < to || (closed && spike.at === to)) && (this.since === undefined || spike.at >= this.since)) total += spike.credits;
    return total;
  }
}

export interface BinsQuery {
  /** The raw query values; null when absent. */
  timeRange: string | null;
  byApiKey: string | null;
  /** How many times `timeRange` was given: a repeated one is refused like a bad one. */
  timeRangeCount?: number;
}

/** 400 for a timeRange the service refuses, or undefined when the query is one it answers. */
export function refuseTimeRange(query: BinsQuery): JsonReply | undefined {
  if (query.timeRange === null) return undefined;
  if ((query.timeRangeCount ?? 1) > 1 || !(TIME_RANGES as readonly string[]).includes(query.timeRange)) return { status: 400, body: { success: false, error: TIME_RANGE_INVALID } };
  if (query.byApiKey === 'true') return { status: 400, body: { success: false, error: TIME_RANGE_WITH_KEYS } };
  return undefined;
}

/** The bins of one range, ending at `now`: oldest first, the first and last partial (unless `now` is on a boundary). */
export function usageBins(ledger: UsageLedger, timeRange: TimeRange, now: number, dialect: Dialect, selfHosted: boolean): JsonReply {
  if (selfHosted) return { status: 500, body: unknownErrorBody() };
  const { spanMs, binSize, binMs } = SPAN[timeRange];
  const start = now - spanMs;
  const field = dialect === 'live' ? 'creditsUsed' : 'totalCredits';
  const periods: Array<Record<string, unknown>> = [];
  for (let binStart = Math.floor(start / binMs) * binMs; binStart < now; binStart += binMs) {
    const from = Math.max(start, binStart);
    const to = Math.min(now, binStart + binMs);
    const used = Math.round(ledger.usedBetween(from, to, to === now));
    if (ledger.sparse && used === 0) continue;
    // Like the monthly rows: the last millisecond of a whole bin; the window's end for the bin in progress.
    periods.push({ startDate: new Date(from).toISOString(), endDate: new Date(to === binStart + binMs ? to - 1 : to).toISOString(), [field]: used });
  }
  return {
    status: 200,
    body: { success: true, window: { timeRange, binSize, startDate: new Date(start).toISOString(), endDate: new Date(now).toISOString() }, periods },
  };
}

export function readSpikeCredits(value: unknown): number {
  if (value === undefined) return DEFAULT_SPIKE_CREDITS;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw new Error('credits must be a number above 0');
  return value;
}

export { readInstant };
