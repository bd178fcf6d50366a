// A deterministic Clock for stores and pollers: time moves only when a test advances it, and
// promise callbacks scheduled by fired timers get to run before the next timer fires.
import { type Clock, clampDelay, MAX_TIMER_MS } from '../../src/shared/clock';
import type { Disposable } from '../../src/shared/events';

interface Timer {
  at: number;
  seq: number;
  fn: () => void;
}

export class FakeClock implements Clock {
  private time: number;
  private seq = 0;
  private timers = new Set<Timer>();

  constructor(start = Date.parse('2026-11-20T12:00:00.000Z')) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  schedule(ms: number, fn: () => void): Disposable {
    // Delays are clamped as the system clock clamps them, and a delay beyond what a timer holds fires
    // after 1 ms as a real timer's would: a clamp that stops working shows up here as a loop.
    const delay = clampDelay(ms);
    const timer: Timer = { at: this.time + (delay > MAX_TIMER_MS ? 1 : delay), seq: this.seq++, fn };
    this.timers.add(timer);
    return { dispose: () => this.timers.delete(timer) };
  }

  get pending(): number {
    return this.timers.size;
  }

  /** Lets queued promise callbacks (e.g. a fake fetch resolving) run. */
  async flush(): Promise<void> {
    for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /**
   * The machine sleeps for `ms`: the wall clock jumps, and timers fire as long after waking as they
   * were due after the moment it slept (timers run on a clock that stops while the machine sleeps).
   */
  sleep(ms: number): void {
    this.time += ms;
    for (const timer of this.timers) timer.at += ms;
  }

  /**
   * The wall clock is set back by `ms` (an NTP fix, a virtual machine resumed): timers still fire after
   * the delay they were given (they run on a clock that is never set).
   */
  stepBack(ms: number): void {
    this.time -= ms;
    for (const timer of this.timers) timer.at -= ms;
  }

  /** Moves time forward by `ms`, firing every timer that falls due, in order. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    await this.flush();
    for (;;) {
      const next = [...this.timers].filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!next) break;
      this.timers.delete(next);
      this.time = next.at;
      next.fn();
      await this.flush();
    }
    this.time = end;
    await this.flush();
  }
}
