// When a store that polls for the team asks next. A poll is due at a time; the timer runs only while
// a window of the team is focused and this window polls for it, so an unfocused hour costs nothing and
// focus catches up at once on what fell due meanwhile. The credits and usage-by-hour stores share it.
import type { Clock } from './clock';
import type { Disposable, FocusSource } from './events';

export interface DueTimerOptions {
  clock: Clock;
  focus: FocusSource;
  /** Whether this window may poll now (it leads the team, the store has started). */
  canPoll: () => boolean;
  poll: () => void;
}

export class DueTimer implements Disposable {
  private dueAt: number | undefined;
  private timer: Disposable | undefined;
  private readonly focusSubscription: Disposable;

  constructor(private readonly options: DueTimerOptions) {
    this.focusSubscription = options.focus.onDidChange((focused) => (focused ? this.arm() : this.pause()));
  }

  /** When the next poll is due; undefined when none is (a rejected key, a server without the route). */
  get due(): number | undefined {
    return this.dueAt;
  }

  /** Whether a poll fell due and has not been made. */
  get overdue(): boolean {
    return this.dueAt !== undefined && this.dueAt <= this.options.clock.now();
  }

  /** Sets when the next poll is due (undefined: none), counting the wait only while focused. */
  set(at: number | undefined): void {
    this.pause();
    this.dueAt = at;
    this.arm();
  }

  /** Starts the countdown to the due time, when polling is allowed now (a time past is polled at once). */
  arm(): void {
    if (this.dueAt === undefined || !this.options.focus.focused || !this.options.canPoll()) return;
    this.timer?.dispose();
    this.timer = this.options.clock.schedule(Math.max(0, this.dueAt - this.options.clock.now()), () => {
      this.timer = undefined;
      this.options.poll();
    });
  }

  /** Stops the countdown; the due time stays for when focus comes back. */
  pause(): void {
    this.timer?.dispose();
    this.timer = undefined;
  }

  dispose(): void {
    this.pause();
    this.focusSubscription.dispose();
  }
}
