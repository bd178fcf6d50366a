// Usage bins for model tests, cut by the sandbox's own code from an hourly usage series and read by
// the client's schema: the rules are tested on exactly what the service's shape turns into.
import type { UsageBins, UsageTimeRange } from '../../src/api';
import { binSchemas, normalizeUsageBins } from '../../src/api/schemas';
import { HOUR_MS, UsageLedger, usageBins } from '../sandbox/usageBins';

export { HOUR_MS };
export const DAY_MS = 24 * HOUR_MS;

export interface Series {
  /** Credits per hour for hours not listed (a steady team); default 0. */
  steady?: number;
  /** Credits in particular hours: [hour start (ms), credits]. */
  hours?: ReadonlyArray<readonly [number, number]>;
  /** Nothing was used before this (a new team). */
  since?: number;
  /** A burst at one instant. */
  spike?: { at: number; credits: number };
}

/** The bins of `range` ending at `now`, for a team that used `series`. */
export function binsFor(range: UsageTimeRange, now: number, series: Series): UsageBins {
  const ledger = new UsageLedger(false);
  const hours = new Map<number, number>();
  if (series.steady) for (let h = Math.floor((now - 31 * DAY_MS) / HOUR_MS) * HOUR_MS; h <= now; h += HOUR_MS) hours.set(h, series.steady);
  for (const [at, credits] of series.hours ?? []) hours.set(Math.floor(at / HOUR_MS) * HOUR_MS, credits);
  ledger.setHours(hours, series.since);
  if (series.spike) ledger.spike = series.spike;
  const reply = usageBins(ledger, range, now, 'live', false);
  return normalizeUsageBins(binSchemas().usageBinsResponse.parse(reply.body), range);
}
