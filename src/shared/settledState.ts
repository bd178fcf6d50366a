// globalState is shared by the windows of one editor, but not key by key: it is one value per
// extension, and a window takes another window's write whole, replacing its own view. Measured in the
// real host (test/ui/propagation.test.ts): another window's get() sees a change after about 0.1–0.3 s,
// and when two windows write (different keys) within that time, each ends up with the other's value
// and one of the writes is gone, also from the storage; a window left with such a view can later take
// a key away again when it writes anything. So a write that must last is looked at again once the
// other windows' writes have had time to arrive, and then at growing intervals for about a minute
// (another window may write again from an old view), and made again whenever it did not last.
import type { Clock } from './clock';
import type { Disposable } from './events';

/** The part of vscode.Memento this needs. */
export interface SettledStorage {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

/** When a write is first looked at again: well past the 0.1–0.3 s another window's write takes to arrive. */
export const SETTLE_MS = 1_500;
/** Looks after each write: the wait doubles each time (about 2, 4, 8, 16 and 32 s), so about a minute in all. */
const LOOKS = 5;
/** Writes made again at most this many times. */
const MAX_ATTEMPTS = 8;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export class SettledWrites implements Disposable {
  private readonly checks = new Map<string, Disposable>();
  private disposed = false;

  constructor(
    private readonly storage: SettledStorage,
    private readonly clock: Clock,
    private readonly random: () => number = Math.random,
    private readonly onRewrite: (key: string, attempt: number) => void = () => undefined,
  ) {}

  /**
   * Writes `value` (undefined removes the key) and resolves when the write is done; then makes sure it
   * lasted, writing it again while `wanted(current)` says this window still wants it (a newer write of
   * its own, or another window's deliberate change, wins). Only the last write of a key is looked after.
   */
  async write(key: string, value: unknown, wanted: (current: unknown) => boolean | Promise<boolean> = () => true): Promise<void> {
    this.checks.get(key)?.dispose();
    this.checks.delete(key);
    await this.storage.update(key, value);
    this.recheck(key, value, wanted, 1, 0);
  }

  /** Keys written and not yet seen to have lasted. */
  get pending(): number {
    return this.checks.size;
  }

  dispose(): void {
    this.disposed = true;
    for (const check of this.checks.values()) check.dispose();
    this.checks.clear();
  }

  private recheck(key: string, value: unknown, wanted: (current: unknown) => boolean | Promise<boolean>, attempt: number, look: number): void {
    if (this.disposed) return;
    // A random part, so two windows that lost each other's writes do not write again in step.
    const wait = (SETTLE_MS + Math.floor(this.random() * SETTLE_MS)) * 2 ** look;
    const check = this.clock.schedule(wait, () => {
      if (this.checks.get(key) !== check) return;
      const current = this.storage.get<unknown>(key);
      if (same(current, value)) {
        if (look + 1 >= LOOKS) this.checks.delete(key);
        else this.recheck(key, value, wanted, attempt, look + 1);
        return;
      }
      if (attempt > MAX_ATTEMPTS) {
        this.checks.delete(key);
        return;
      }
      void (async () => {
        const still = await Promise.resolve(wanted(current)).catch(() => false);
        // A write of the key made meanwhile looks after itself.
        if (this.checks.get(key) !== check) return;
        this.checks.delete(key);
        if (!still || this.disposed) return;
        this.onRewrite(key, attempt);
        await this.storage.update(key, value);
        if (!this.checks.has(key)) this.recheck(key, value, wanted, attempt + 1, 0);
      })().catch(() => undefined);
    });
    this.checks.set(key, check);
  }
}
