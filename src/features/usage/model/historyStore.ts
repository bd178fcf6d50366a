// The one source of truth for monthly credit usage, with and without the per-key breakdown.
// The chart renders it and the status bar forecast borrows it. History changes slowly, so it loads
// on demand (panel opened, refresh pressed) rather than on a timer; one request per breakdown is
// shared by every caller, and a failure keeps the last data with its age.
import { isKeyRejected, isUnsupportedOnServer, type UsageHistory, type UsagePeriod } from '../../../api';
import type { Clock } from '../../../shared/clock';
import { type Disposable, Emitter } from '../../../shared/events';

export type HistoryMode = 'total' | 'byKey';

export interface HistorySnapshot {
  history: UsageHistory;
  fetchedAt: number;
}

/** What went wrong, kept as the error itself: the panel words it (host/errorText). */
export type HistoryProblem =
  | { kind: 'noKey' }
  | { kind: 'unauthorized'; error: unknown }
  /** A self-hosted server answers 500 here: retrying cannot help, so it is not an error state. */
  | { kind: 'unsupported'; error: unknown }
  /** Offline, timeout, 5xx, 429, 403 or an unreadable body: the last data stays, with its age. */
  | { kind: 'unavailable'; error: unknown };

export interface HistoryModeState {
  snapshot?: HistorySnapshot;
  loading: boolean;
  problem?: HistoryProblem;
}

export type UsageHistoryState = Readonly<Record<HistoryMode, HistoryModeState>>;

export type SavedHistory = Partial<Record<HistoryMode, HistorySnapshot>>;

export interface HistoryStorage {
  /** What was kept last time, read once (from a file: activation does not wait for it). */
  load(): Promise<SavedHistory>;
  save(mode: HistoryMode, snapshot: HistorySnapshot): void;
}

export interface UsageHistoryStoreOptions {
  fetch: (byApiKey: boolean, signal: AbortSignal) => Promise<UsageHistory>;
  hasKey: () => boolean;
  /** Settles once `hasKey` can be trusted (the key is read after activation). */
  keyKnown?: () => Promise<void>;
  isSelfHosted: () => boolean;
  clock: Clock;
  storage?: HistoryStorage;
  /** `ensure` reuses data younger than this; default 10 minutes. */
  maxAgeMs?: number;
}

const DEFAULT_MAX_AGE_MS = 10 * 60_000;
const MODES: readonly HistoryMode[] = ['total', 'byKey'];

export function modeOf(byApiKey: boolean): HistoryMode {
  return byApiKey ? 'byKey' : 'total';
}

export class UsageHistoryStore implements Disposable {
  private current: Record<HistoryMode, HistoryModeState> = { total: { loading: false }, byKey: { loading: false } };
  private readonly inFlight = new Map<HistoryMode, Promise<void>>();
  private readonly controllers = new Map<HistoryMode, AbortController>();
  private readonly changed = new Emitter<UsageHistoryState>();
  private disposed = false;
  /** Counts resets: what was kept belongs to the key and server before the first one. */
  private resets = 0;
  readonly onDidChange = this.changed.event;
  /** Settles once what was kept last time is shown (or there was none). */
  readonly restored: Promise<void>;
  private isRestored = false;

  constructor(private readonly options: UsageHistoryStoreOptions) {
    this.isRestored = !options.storage;
    this.restored = options.storage
      ? options.storage
          .load()
          .then(
            (saved) => this.restore(saved),
            () => undefined,
          )
          .finally(() => (this.isRestored = true))
      : Promise.resolve();
  }

  private restore(saved: SavedHistory): void {
    if (this.disposed || this.resets > 0) return;
    for (const mode of MODES) {
      const snapshot = saved[mode];
      // A load that finished first has newer data.
      if (snapshot && !this.current[mode].snapshot) this.update(mode, { snapshot });
    }
  }

  get state(): UsageHistoryState {
    return this.current;
  }

  /** The monthly totals the forecast can use: the plain series if loaded, else the per-key rows. */
  periods(): readonly UsagePeriod[] | undefined {
    return (this.current.total.snapshot ?? this.current.byKey.snapshot)?.history.periods;
  }

  /** Loads only when there is no fresh data for this breakdown (opening the panel, switching mode). */
  ensure(byApiKey: boolean): Promise<void> {
    // What was kept may be fresh enough: no request at all then.
    if (!this.isRestored) return this.restored.then(() => this.ensure(byApiKey));
    const state = this.current[modeOf(byApiKey)];
    const age = state.snapshot ? this.options.clock.now() - state.snapshot.fetchedAt : Infinity;
    // A time ahead of the clock (it stepped back) says nothing about how old the data is.
    if (age >= 0 && age < (this.options.maxAgeMs ?? DEFAULT_MAX_AGE_MS) && !state.problem) return Promise.resolve();
    return this.refresh(byApiKey);
  }

  /** Loads now, sharing a request for the same breakdown that is already under way. */
  refresh(byApiKey: boolean): Promise<void> {
    if (this.disposed) return Promise.resolve();
    const mode = modeOf(byApiKey);
    let pending = this.inFlight.get(mode);
    if (!pending) {
      const started: Promise<void> = this.load(mode).finally(() => {
        if (this.inFlight.get(mode) === started) this.inFlight.delete(mode);
      });
      this.inFlight.set(mode, started);
      pending = started;
    }
    return pending;
  }

  /** The key or API URL changed: the old history belongs to another team or server. */
  reset(): void {
    this.resets += 1;
    // What was kept stays: it is the other team's, for its windows and for coming back to it.
    for (const mode of MODES) this.controllers.get(mode)?.abort();
    // An aborted request must not be shared with the first caller after the reset.
    this.inFlight.clear();
    this.current = { total: { loading: false }, byKey: { loading: false } };
    this.changed.fire(this.current);
  }

  private async load(mode: HistoryMode): Promise<void> {
    if (this.options.keyKnown) await this.options.keyKnown();
    if (!this.options.hasKey()) {
      this.update(mode, { snapshot: undefined, loading: false, problem: { kind: 'noKey' } });
      return;
    }
    const controller = new AbortController();
    this.controllers.set(mode, controller);
    this.update(mode, { loading: true });
    try {
      const history = await this.options.fetch(mode === 'byKey', controller.signal);
      if (controller.signal.aborted || this.disposed) return;
      const snapshot = { history, fetchedAt: this.options.clock.now() };
      this.options.storage?.save(mode, snapshot);
      this.update(mode, { snapshot, loading: false, problem: undefined });
    } catch (error) {
      if (controller.signal.aborted || this.disposed) return;
      this.update(mode, { loading: false, ...this.describe(error) });
    } finally {
      if (this.controllers.get(mode) === controller) this.controllers.delete(mode);
    }
  }

  private describe(error: unknown): Partial<HistoryModeState> {
    if (isKeyRejected(error)) return { problem: { kind: 'unauthorized', error } };
    if (isUnsupportedOnServer(error, this.options.isSelfHosted())) {
      // Whatever was shown came from another server setting; none of it applies here.
      return { snapshot: undefined, problem: { kind: 'unsupported', error } };
    }
    // An outage (a 502 too) keeps the last data on screen, with its age.
    return { problem: { kind: 'unavailable', error } };
  }

  private update(mode: HistoryMode, patch: Partial<HistoryModeState>): void {
    const next: HistoryModeState = { ...this.current[mode], ...patch };
    if ('problem' in patch && patch.problem === undefined) delete next.problem;
    if ('snapshot' in patch && patch.snapshot === undefined) delete next.snapshot;
    this.current = { ...this.current, [mode]: next };
    this.changed.fire(this.current);
  }

  dispose(): void {
    this.disposed = true;
    for (const controller of this.controllers.values()) controller.abort();
    this.changed.dispose();
  }
}
