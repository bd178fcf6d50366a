// The one backoff rule of the extension: a capped exponential step with equal jitter. At least half
// the step, so a failing server is not hammered; spread over the other half, so clients (or jobs)
// that failed together do not retry together.

/** The wait after the `failures`-th failure in a row (1 = the first). */
export function backoffDelay(failures: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
  const step = Math.min(capMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/** However long a server asks to wait (a 429's or a 503's Retry-After), a poll asks again after this. */
export const MAX_SERVER_WAIT_MS = 15 * 60_000;
