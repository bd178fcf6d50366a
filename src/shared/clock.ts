// Time as a dependency: stores and pollers take a Clock so tests can drive them with a fake one.
import type { Disposable } from './events';

export interface Clock {
  now(): number;
  /** Runs `fn` once after `ms`; disposing cancels it. */
  schedule(ms: number, fn: () => void): Disposable;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(ms, fn) {
    const handle = setTimeout(fn, ms);
    return { dispose: () => clearTimeout(handle) };
  },
};
