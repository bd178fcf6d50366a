// The status bar's balance is read again once after a run; runs that end within a moment of each
// other share that one read. Pure: no `vscode`.
import type { Clock } from '../../../shared/clock';
import type { Disposable } from '../../../shared/events';

/** Long enough for several picked results scraped one after another to end inside it. */
export const REFRESH_AFTER_RUN_MS = 1_500;

export class CoalescedRefresh {
  private timer: Disposable | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly refresh: () => void,
    private readonly delayMs = REFRESH_AFTER_RUN_MS,
  ) {}

  /** A run ended: read the balance once, after the last run of a burst. */
  request(): void {
    this.timer?.dispose();
    this.timer = this.clock.schedule(this.delayMs, () => {
      this.timer = undefined;
      this.refresh();
    });
  }

  dispose(): void {
    this.timer?.dispose();
    this.timer = undefined;
  }
}
