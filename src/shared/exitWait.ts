// Closing a window: VS Code waits for deactivate(), but not for long, and a window that hangs on close
// is worse than a write that is a moment late. So the last writes get a bounded wait.
import type { Clock } from './clock';

/** How long deactivation waits for pending writes and the lease hand-over. */
export const EXIT_WAIT_MS = 2_500;

/** Waits for every task to settle (failures included), but no longer than `ms`. */
export async function settleWithin(tasks: ReadonlyArray<PromiseLike<unknown>>, ms: number, clock: Clock): Promise<'settled' | 'timedOut'> {
  let timer: { dispose(): void } | undefined;
  const deadline = new Promise<'timedOut'>((resolve) => {
    timer = clock.schedule(ms, () => resolve('timedOut'));
  });
  const work = Promise.allSettled(tasks).then(() => 'settled' as const);
  try {
    return await Promise.race([work, deadline]);
  } finally {
    timer?.dispose();
  }
}
