// Time as a dependency: stores and pollers take a Clock so tests can drive them with a fake one.
import type { Disposable } from './events';

export interface Clock {
  now(): number;
  /** Runs `fn` once after `ms` (at most MAX_TIMER_MS; a longer wait fires then); disposing cancels it. */
  schedule(ms: number, fn: () => void): Disposable;
}

/** The longest delay timers can hold (2^31−1 ms, about 24.8 days); a longer one would fire at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Any requested delay as one a timer can hold: never negative, never NaN, never beyond MAX_TIMER_MS. */
export function clampDelay(ms: number): number {
  if (!(ms > 0)) return 0;
  return Math.min(ms, MAX_TIMER_MS);
}

/** How far ahead of the clock a time written on this machine may be before it means the clock stepped back. */
const AHEAD_SLACK_MS = 2_000;

/** A time written when the clock ran ahead (it has stepped back since): it says nothing about age or freshness. */
export function isAhead(at: number, now: number): boolean {
  return at > now + AHEAD_SLACK_MS;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(ms, fn) {
    const handle = setTimeout(fn, clampDelay(ms));
    return { dispose: () => clearTimeout(handle) };
  },
};
