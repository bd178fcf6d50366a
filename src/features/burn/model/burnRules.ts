// How fast credits go: the last 24 hours, the last hour, the team's usual hourly rate over the last
// 7 days, the last 7 days' pace, and when the last hour counts as a spike. Pure functions of usage
// bins, never of balance changes: a top-up or a pack can neither hide a spike nor read as negative
// burn, and a negative balance changes only what the run-out time says.
import type { UsageBins } from '../../../api';
import { coverage, DAY_MS, HOUR_MS, placeSlots, type UsageSlot } from '../../../shared/usageSlots';

export interface SpikeThresholds {
  /** The last hour must be at least this many times the usual hourly rate. */
  multiplier: number;
  /** And at least this many credits. */
  minCredits: number;
}

export const DEFAULT_SPIKE_THRESHOLDS: SpikeThresholds = { multiplier: 5, minCredits: 100 };

/** Whole days of history, counted from the first day with usage, before a rate counts as usual. */
export const MIN_HISTORY_DAYS = 2;

/** Hourly bins older than this say nothing about whether a spike still lasts. */
export const SPIKE_DATA_MAX_AGE_MS = 60 * 60_000;

/** The week's bins older than this (a team file left from weeks ago) are no usual rate and no pace. */
export const WEEK_DATA_MAX_AGE_MS = 24 * 60 * 60_000;

/** A refund can arrive as a negative bin: it is nothing used, never negative burn. */
function used(slot: UsageSlot): number {
  return Math.max(0, slot.credits);
}

function slotsOf(bins: UsageBins, unitMs: number, fetchedAt?: number): UsageSlot[] {
  // Without the window's end, the bins alone cannot say how recent they are (empty ones may be left out): the answer ends when it was fetched.
  const end = bins.windowEnd ?? (fetchedAt !== undefined ? new Date(fetchedAt).toISOString() : null);
  return placeSlots(bins.bins, unitMs, bins.windowStart, end).slots;
}

export interface LastDay {
  /** Net of refunds, as the 24-hour table and chart of the same bins total it (the hours are not). */
  total: number;
  /** Credits per hourly slot, oldest first (the first and last may be partial hours); a refunded hour is 0. */
  hourly: number[];
  /** The busiest hour. */
  peak: number;
  /** The end of the newest bin: how recent this is (never after `fetchedAt`, as for the last hour). */
  asOf: number;
}

export function lastDay(day: UsageBins, fetchedAt?: number): LastDay | undefined {
  const slots = slotsOf(day, HOUR_MS, fetchedAt);
  if (slots.length === 0) return undefined;
  const hourly = slots.map(used);
  // The total is said beside the usage table's: a refund counted as 0 here would put it above that one.
  const total = slots.reduce((sum, s) => sum + s.credits, 0);
  return { total, hourly, peak: Math.max(...hourly), asOf: slots[slots.length - 1]!.end };
}

export interface LastHour {
  credits: number;
  asOf: number;
}

/**
 * The 60 minutes before the newest bin's end: the hour in progress, plus the share of the hour before
 * it that falls inside those 60 minutes (usage inside an hour taken as even). A burst at 12:05 counts
 * in full at 12:15, rather than waiting for 13:00 to complete its hour.
 */
export function lastHour(day: UsageBins, fetchedAt?: number): LastHour | undefined {
  const slots = slotsOf(day, HOUR_MS, fetchedAt);
  const newest = slots[slots.length - 1];
  if (!newest) return undefined;
  const previous = slots[slots.length - 2];
  const rest = previous ? used(previous) * (1 - coverage(newest, HOUR_MS)) : 0;
  return { credits: used(newest) + rest, asOf: newest.end };
}

export type Baseline =
  /** Credits per hour over whole days since the team's first day with usage in the last 7. */
  | { kind: 'rate'; perHour: number; days: number }
  /** Nothing used in the last 7 days: no usual rate to compare with. */
  | { kind: 'empty' }
  /** Usage began too recently for a usual rate (a new team). */
  | { kind: 'new'; days: number };

/**
 * The usual hourly rate: whole UTC days of the week's bins, from the first day with usage on (a team
 * created mid-week is not averaged over days it did not exist), today left out (it holds the hour
 * being judged).
 */
export function usualRate(week: UsageBins): Baseline {
  const slots = slotsOf(week, DAY_MS);
  const firstUse = slots.find((s) => used(s) > 0);
  if (!firstUse) return { kind: 'empty' };
  const since = Math.floor(firstUse.start / DAY_MS) * DAY_MS;
  const days = slots.filter((s) => !s.partial && s.start >= since);
  if (days.length < MIN_HISTORY_DAYS) return { kind: 'new', days: days.length };
  const total = days.reduce((sum, s) => sum + used(s), 0);
  return { kind: 'rate', perHour: total / (days.length * 24), days: days.length };
}

/** Credits per day over the whole week window (its partial ends included, by the time they cover). */
export function weekPerDay(week: UsageBins): number | undefined {
  const slots = slotsOf(week, DAY_MS);
  if (slots.length === 0) return undefined;
  const spanMs = slots[slots.length - 1]!.end - slots[0]!.start;
  if (spanMs < DAY_MS) return undefined;
  return (slots.reduce((sum, s) => sum + used(s), 0) / spanMs) * DAY_MS;
}

export interface Spike {
  /** Credits in the last hour. */
  lastHour: number;
  /** The usual rate it is compared with. */
  perHour: number;
  /** lastHour / perHour; Infinity when the usual rate is 0. */
  ratio: number;
  /** What the last hour had to reach: max(minCredits, multiplier × perHour). */
  threshold: number;
  /** The end of the newest hourly bin. */
  asOf: number;
}

/** Whether the last hour is large enough to be a spike at some usual rate: only the week's bins can tell. */
export function couldBeSpike(day: UsageBins, thresholds: SpikeThresholds): boolean {
  return (lastHour(day)?.credits ?? 0) >= thresholds.minCredits;
}

/**
 * Below this share of what a spike needs, the last hour says a spike is over. The last hour of a job
 * that spends in batches dips between them; ending the spike at each dip would alert every batch.
 */
export const SPIKE_END_SHARE = 0.5;

function spikeThreshold(perHour: number, thresholds: SpikeThresholds): number {
  return Math.max(thresholds.minCredits, thresholds.multiplier * perHour);
}

/** Whether the last hour is well below a spike (SPIKE_END_SHARE of what one needs): a spike still remembered is over. */
export function spikeOver(day: UsageBins, week: UsageBins, thresholds: SpikeThresholds, fetchedAt?: number): boolean {
  const hour = lastHour(day, fetchedAt);
  const baseline = usualRate(week);
  return hour !== undefined && baseline.kind === 'rate' && hour.credits < SPIKE_END_SHARE * spikeThreshold(baseline.perHour, thresholds);
}

/** The rule: the last hour ≥ minCredits and ≥ multiplier × the usual hourly rate of the last 7 days. */
export function detectSpike(day: UsageBins, week: UsageBins, thresholds: SpikeThresholds, fetchedAt?: number): Spike | undefined {
  const hour = lastHour(day, fetchedAt);
  const baseline = usualRate(week);
  if (!hour || baseline.kind !== 'rate') return undefined;
  const threshold = spikeThreshold(baseline.perHour, thresholds);
  if (hour.credits < threshold) return undefined;
  return {
    lastHour: hour.credits,
    perHour: baseline.perHour,
    ratio: baseline.perHour > 0 ? hour.credits / baseline.perHour : Number.POSITIVE_INFINITY,
    threshold,
    asOf: hour.asOf,
  };
}

export type RunOut =
  | { kind: 'at'; at: number }
  /** The balance is already below zero (overage) or exactly empty: nothing left to run out. */
  | { kind: 'over'; by: number }
  | { kind: 'never' };

/** When `remaining` credits are gone at `perHour`; a balance at or below zero has nothing left to lose. */
export function runOut(remaining: number, perHour: number, now: number): RunOut {
  if (remaining <= 0) return { kind: 'over', by: Math.max(0, -remaining) };
  if (!(perHour > 0) || !Number.isFinite(perHour)) return { kind: 'never' };
  return { kind: 'at', at: now + (remaining / perHour) * HOUR_MS };
}

export interface BurnSummary {
  day?: LastDay;
  /** The 60 minutes before the newest bin's end (see lastHour). */
  lastHour?: number;
  baseline?: Baseline;
  /** Set while the last hour is a spike (and the hourly bins are recent enough to say so). */
  spike?: Spike;
  /** The hourly bins are recent, and the last hour is well below a spike: one remembered is over. */
  spikeOver?: boolean;
  /** The last 7 days' pace, for the run-out forecast. */
  weekPerDay?: number;
}

export interface BurnInput {
  day?: { bins: UsageBins; fetchedAt: number };
  week?: { bins: UsageBins; fetchedAt: number };
}

export function summarizeBurn(input: BurnInput, thresholds: SpikeThresholds, now: number): BurnSummary {
  const summary: BurnSummary = {};
  if (input.day) {
    const day = lastDay(input.day.bins, input.day.fetchedAt);
    if (day) summary.day = day;
    const hour = lastHour(input.day.bins, input.day.fetchedAt);
    if (hour) summary.lastHour = hour.credits;
  }
  const week = input.week && now - input.week.fetchedAt <= WEEK_DATA_MAX_AGE_MS ? input.week : undefined;
  if (week) {
    summary.baseline = usualRate(week.bins);
    const pace = weekPerDay(week.bins);
    if (pace !== undefined) summary.weekPerDay = pace;
  }
  if (input.day && week && now - input.day.fetchedAt <= SPIKE_DATA_MAX_AGE_MS) {
    const spike = detectSpike(input.day.bins, week.bins, thresholds, input.day.fetchedAt);
    if (spike) summary.spike = spike;
    else if (spikeOver(input.day.bins, week.bins, thresholds, input.day.fetchedAt)) summary.spikeOver = true;
  }
  return summary;
}
