// Paces every request the research store sends: a small burst goes at once, the rest is spread so
// that no 60-second window holds more than the per-minute budget (a bucket of `burst` tokens refilled
// at what the budget leaves per minute), and nothing is sent while the service has asked the team to
// wait (a 429): requests already queued wait too. Tracking a thousand ids, a restart or a key change
// can never burst past the budget.
import type { Clock } from '../../../shared/clock';

export class RequestPacer {
  private tokens: number;
  private refilledAt: number;
  private pauseUntil = 0;
  private readonly msPerToken: number;
  private readonly sleepers = new Set<() => void>();

  constructor(
    private readonly clock: Clock,
    budgetPerMinute: number,
    private readonly burst = 6,
  ) {
    this.tokens = burst;
    this.refilledAt = clock.now();
    this.msPerToken = budgetPerMinute === Infinity ? 0 : 60_000 / Math.max(1, budgetPerMinute - burst);
  }

  /** Resolves true when a request may go now (and takes its token), false when `cancelled()` says to give up. */
  async take(cancelled: () => boolean): Promise<boolean> {
    // An infinite budget (a benchmark of the store's own cost) is no pacing at all, pauses aside.
    if (!Number.isFinite(this.msPerToken) || this.msPerToken === 0) return !cancelled();
    for (;;) {
      if (cancelled()) return false;
      const now = this.clock.now();
      this.refill(now);
      if (now >= this.pauseUntil && this.tokens >= 1) {
        this.tokens -= 1;
        return true;
      }
      const tokenAt = this.tokens >= 1 ? now : now + (1 - this.tokens) * this.msPerToken;
      await this.sleep(Math.max(1, Math.ceil(Math.max(tokenAt, this.pauseUntil) - now)));
    }
  }

  /** The service asked the team to wait: nothing is sent before `until`, queued requests included. */
  pause(until: number): void {
    this.pauseUntil = Math.max(this.pauseUntil, until);
  }

  /** Forgets a pause (the key or server changed: the old one no longer applies). */
  resume(): void {
    this.pauseUntil = 0;
    this.wakeAll();
  }

  /** The wall clock moved by `ms` (set back: below zero): a pause the service asked for counts from where the clock is now. */
  clockStepped(ms: number): void {
    if (this.pauseUntil > 0) this.pauseUntil += ms;
    this.wakeAll();
  }

  get pausedUntil(): number {
    return this.pauseUntil;
  }

  /** Wakes every waiter (they then check `cancelled()` and the time again). */
  wakeAll(): void {
    for (const wake of [...this.sleepers]) wake();
  }

  private refill(now: number): void {
    // A wall clock set back (an NTP fix) counts from where it is now, not once it catches up.
    if (now < this.refilledAt) this.refilledAt = now;
    if (now === this.refilledAt) return;
    this.tokens = Math.min(this.burst, this.tokens + (now - this.refilledAt) / this.msPerToken);
    this.refilledAt = now;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        timer.dispose();
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = this.clock.schedule(ms, wake);
      this.sleepers.add(wake);
    });
  }
}

/** At most `max` requests in flight at once; the others wait their turn in order. */
export class Slots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly max: number) {}

  async run<T>(fn: () => Promise<T>, stopped: () => boolean): Promise<T> {
    while (this.running >= this.max && !stopped()) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await fn();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /** Lets everyone waiting go (they see they were stopped). */
  wakeAll(): void {
    for (const wake of this.waiting.splice(0)) wake();
  }
}
