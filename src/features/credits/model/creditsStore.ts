// The one source of truth for the team's balance and its queue (active and waiting jobs against the
// plan's concurrency). The status bar and the usage chart render it; nothing else asks the server for
// either. Refreshes only while a window is focused, both in one refresh (the balance shown as soon as it
// comes, the queue added when it answers), shares one in-flight request among all callers, and backs
// off on failure (of the balance: the queue is an extra).
import { askedWaitMs, type CreditUsage, isFirecrawlError, isKeyRejected, isUnsupportedOnServer, type QueueStatus } from '../../../api';
import { type Clock, isAhead } from '../../../shared/clock';
import { backoffDelay, MAX_SERVER_WAIT_MS } from '../../../shared/backoff';
import { DisposableBase, Emitter, type FocusSource } from '../../../shared/events';
import { DueTimer } from '../../../shared/dueTimer';
import type { TeamFile } from '../../../shared/sharedFiles';
import { failureError, type SharedCredits, type SharedFailure, sharedFailure } from './sharedCredits';

export interface CreditsSnapshot {
  usage: CreditUsage;
  /** Absent when the server has no queue route or its answer failed. */
  queue?: QueueStatus;
  fetchedAt: number;
}

/** What went wrong, kept as the error itself: the UI words it (host/errorText), the store decides what to do. */
export type CreditsProblem =
  | { kind: 'noKey' }
  | { kind: 'unauthorized'; error: unknown }
  | { kind: 'noBilling'; error: unknown }
  /** A self-hosted server answers 500 on the credit routes: not an error to retry. */
  | { kind: 'unsupported'; error: unknown }
  /** Offline, timeout, 5xx, 429 or an unreadable body: the last value stays, marked stale. */
  | { kind: 'unavailable'; error: unknown; retryAt: number };

export interface CreditsState {
  snapshot?: CreditsSnapshot;
  loading: boolean;
  problem?: CreditsProblem;
}

export interface CreditsStoreOptions {
  /** `onRetry` is called when the client waits to try again within this fetch. */
  fetch: (signal: AbortSignal, onRetry: (error: unknown, delayMs: number) => void) => Promise<CreditUsage>;
  /** The team's queue, asked in the same refresh as the balance. */
  fetchQueue?: (signal: AbortSignal) => Promise<QueueStatus>;
  /** Whether this window polls for the team (default: yes); the others follow `shared`. */
  isLeader?: () => boolean;
  /** The balance as the team's windows share it: the window that polls publishes each new value, and a window opening shows the last one. */
  shared?: Pick<TeamFile<SharedCredits>, 'publish' | 'read' | 'onDidPublish'>;
  hasKey: () => boolean;
  /** Settles once `hasKey` can be trusted and the team's shared files have a name (both known a moment after activation). */
  ready?: () => Promise<void>;
  isSelfHosted: () => boolean;
  intervalMs: () => number;
  clock: Clock;
  focus: FocusSource;
  random?: () => number;
}

/** The first retry comes 20–40 s after a failure, then twice that, up to the refresh interval. */
const BACKOFF_BASE_MS = 40_000;

export class CreditsStore extends DisposableBase {
  private current: CreditsState = { loading: false };
  private inFlight: Promise<void> | undefined;
  private controller: AbortController | undefined;
  private readonly due: DueTimer;
  private failures = 0;
  /** When the key or server last changed: a balance fetched before then is another account's. */
  private resetAt = Number.NEGATIVE_INFINITY;
  private readonly changed = this._register(new Emitter<CreditsState>());
  private disposed = false;
  /** The server answered that it has no queue route: not asked again until the key or server changes. */
  private queueUnsupported = false;
  readonly onDidChange = this.changed.event;

  constructor(private readonly options: CreditsStoreOptions) {
    super();
    this.due = this._register(new DueTimer({ clock: options.clock, focus: options.focus, canPoll: () => this.leader, poll: () => void this.refresh() }));
    if (options.shared) this._register(options.shared.onDidPublish((snapshot) => this.adopt(snapshot)));
  }

  private get leader(): boolean {
    return this.options.isLeader?.() ?? true;
  }

  /** This window started or stopped polling for the team. */
  roleChanged(): void {
    if (!this.leader) {
      this.due.pause();
      void this.options.shared?.read().then((snapshot) => snapshot && this.adopt(snapshot));
      return;
    }
    if (this.due.due === undefined || this.due.overdue) void this.refresh();
    else this.due.arm();
  }

  /**
   * A newer balance another window fetched, or the polling window's failure to refresh it: shown here as
   * if it happened here, and the next fetch counts from it.
   */
  private adopt({ failure, ...snapshot }: SharedCredits): void {
    const mine = this.current.snapshot;
    // A window's write for the old team can arrive after the key changed (file events lag, and the
    // team's folder is renamed only once the new team is joined): never show it for the new key.
    if (snapshot.fetchedAt < this.resetAt || isAhead(snapshot.fetchedAt, this.options.clock.now())) return;
    if (this.disposed || !this.options.hasKey()) return;
    // With no billing record or no credit route there is no balance: the one in the record is the last
    // there was, kept only so the record reads as every other. Not even a window that polls takes it
    // (its own write comes back to it), and it asks for itself when it is due.
    const gone = failure?.kind === 'noBilling' || failure?.kind === 'unsupported';
    if (gone && this.leader) return;
    // This window's own failure it words from the error itself.
    const failed = this.leader ? undefined : failure;
    const problem = this.current.problem;
    const known = !failed || (failed.kind === 'unauthorized' || gone ? problem?.kind === failed.kind : problem?.kind === 'unavailable' && problem.retryAt === failed.retryAt);
    // A balance of this window's stamped ahead (read before the clock stepped back) is older than any read since.
    // The polling window shares a balance as soon as it comes and the same one again once its queue
    // answered: the second completes the first, never the other way round (its own first write, late).
    const completes = snapshot.queue !== undefined && mine?.queue === undefined;
    const mineNewer = mine && !isAhead(mine.fetchedAt, this.options.clock.now()) && (mine.fetchedAt > snapshot.fetchedAt || (mine.fetchedAt === snapshot.fetchedAt && known && !completes));
    if (mine ? mineNewer : gone && known) return;
    this.failures = 0;
    this.update({ snapshot: gone ? undefined : snapshot, loading: false, problem: failed && sharedProblem(failed) });
    this.due.set(failed ? failed.retryAt : snapshot.fetchedAt + this.options.intervalMs());
  }

  get state(): CreditsState {
    return this.current;
  }

  /** Shows the team's last balance (kept in its folder across restarts), then refreshes when it is due or nobody else can. */
  start(): void {
    const begin = async () => {
      const shared = await this.options.shared?.read().catch(() => undefined);
      if (this.disposed) return;
      if (shared) this.adopt(shared);
      if (this.leader || !this.options.hasKey()) {
        if (this.due.due === undefined || this.due.overdue) void this.refresh();
        else this.due.arm();
      }
      // Nothing shared yet (the leader has no balance to share, e.g. a team without billing): this
      // window asks once for itself rather than show nothing.
      else if (!this.current.snapshot && !this.current.problem && !this.inFlight) void this.refresh();
    };
    void (this.options.ready ? this.options.ready().then(begin) : begin());
  }

  /** The key or API URL changed: the old balance belongs to another account or server. */
  reset(): void {
    // The request under way asks for the old account: drop it so the refresh below starts afresh.
    this.controller?.abort();
    this.inFlight = undefined;
    this.failures = 0;
    this.resetAt = this.options.clock.now();
    this.queueUnsupported = false;
    this.current = { loading: false };
    // Nothing is due from the old account. Whoever polls for the new team asks at once, and a window
    // that follows asks once too, as one opening does: a leader whose answer holds no balance (no
    // billing record, a self-hosted server, a rejected key) shares nothing, so waiting for it would
    // leave this window loading for good.
    this.due.set(undefined);
    this.update({});
    void this.refresh();
  }

  /** Refreshes now, sharing a request already under way. */
  refresh(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (!this.inFlight) {
      const current: Promise<void> = this.load().finally(() => {
        if (this.inFlight === current) this.inFlight = undefined;
      });
      this.inFlight = current;
    }
    return this.inFlight;
  }

  /** Settles when no refresh is under way (at once when none is): for words that quote the balance. */
  whenIdle(): Promise<void> {
    return this.inFlight ?? Promise.resolve();
  }

  /** A refresh the user asked for: forget any backoff first. */
  refreshNow(): Promise<void> {
    this.failures = 0;
    return this.refresh();
  }

  /** The refresh interval setting changed. */
  reschedule(): void {
    if (this.current.problem === undefined && this.current.snapshot) this.schedule(this.options.intervalMs());
  }

  private async load(): Promise<void> {
    this.due.set(undefined);
    if (this.options.ready) {
      await this.options.ready();
      if (this.disposed) return;
    }
    if (!this.options.hasKey()) {
      this.update({ snapshot: undefined, loading: false, problem: { kind: 'noKey' } });
      return;
    }
    const controller = new AbortController();
    this.controller = controller;
    this.update({ loading: true });
    // A wait inside the request (a 429 asking for a few seconds) is news: say it rather than an older problem.
    const onRetry = (error: unknown, delayMs: number) => {
      if (controller.signal.aborted || this.disposed || this.controller !== controller) return;
      this.update({ problem: { kind: 'unavailable', error, retryAt: this.options.clock.now() + delayMs } });
    };
    // The queue is asked alongside, and what it answered by the time the balance comes goes with it.
    let queue: { answer: QueueStatus | undefined } | undefined;
    const queued = this.readQueue(controller.signal).then((answer) => (queue = { answer }));
    let snapshot: CreditsSnapshot;
    try {
      const usage = await this.options.fetch(controller.signal, onRetry);
      if (controller.signal.aborted || this.disposed) return;
      snapshot = { usage, ...(queue?.answer ? { queue: queue.answer } : {}), fetchedAt: this.options.clock.now() };
      this.failures = 0;
      this.options.shared?.publish(snapshot);
      this.update({ snapshot, loading: false, problem: undefined });
      this.schedule(this.options.intervalMs());
    } catch (error) {
      if (controller.signal.aborted || this.disposed) return;
      this.fail(error);
      return;
    }
    // A slow queue (up to the request timeout) never held the balance back: it joins the same
    // snapshot when it answers, unless something newer took that snapshot's place meanwhile.
    if (queue) return;
    const { answer } = await queued;
    if (!answer || controller.signal.aborted || this.disposed || this.current.snapshot !== snapshot) return;
    const completed: CreditsSnapshot = { ...snapshot, queue: answer };
    this.options.shared?.publish(completed);
    this.update({ snapshot: completed });
  }

  /** The queue, or undefined: its failure never holds up or fails the balance. */
  private async readQueue(signal: AbortSignal): Promise<QueueStatus | undefined> {
    if (!this.options.fetchQueue || this.queueUnsupported) return undefined;
    try {
      return await this.options.fetchQueue(signal);
    } catch (error) {
      // A server without the route (self-hosted, older): stop asking. Anything else may pass.
      const kind = isFirecrawlError(error) ? error.kind : 'unknown';
      if (kind === 'noRoute' || kind === 'notFound' || isUnsupportedOnServer(error, this.options.isSelfHosted())) this.queueUnsupported = true;
      return undefined;
    }
  }

  private fail(error: unknown): void {
    const kind = isFirecrawlError(error) ? error.kind : 'unknown';
    if (isKeyRejected(error)) {
      // Polling a rejected key only burns requests: wait for a new key or a manual refresh. The
      // windows that follow would otherwise show the last balance as fresh for as long as that lasts.
      this.update({ loading: false, problem: { kind: 'unauthorized', error } });
      const last = this.current.snapshot;
      const now = this.options.clock.now();
      if (last && this.leader) this.options.shared?.publish({ ...last, failure: sharedFailure('unauthorized', error, now, now) });
      return;
    }
    if (isUnsupportedOnServer(error, this.options.isSelfHosted())) {
      this.shareGone(error, 'unsupported', 0);
      this.update({ snapshot: undefined, loading: false, problem: { kind: 'unsupported', error } });
      return;
    }
    // Only the service's own 404 means "no billing record"; another server's is a wrong address, retried like an outage.
    if (kind === 'notFound' && isFirecrawlError(error) && error.serviceBody) {
      this.shareGone(error, 'noBilling', this.options.intervalMs());
      this.update({ snapshot: undefined, loading: false, problem: { kind: 'noBilling', error } });
      this.schedule(this.options.intervalMs());
      return;
    }
    this.failures += 1;
    const jittered = backoffDelay(this.failures, BACKOFF_BASE_MS, this.options.intervalMs(), this.options.random);
    const asked = Math.min(askedWaitMs(error) ?? 0, MAX_SERVER_WAIT_MS);
    const delay = Math.max(jittered, asked);
    const now = this.options.clock.now();
    this.update({ loading: false, problem: { kind: 'unavailable', error, retryAt: now + delay } });
    const last = this.current.snapshot;
    if (last && this.leader) this.options.shared?.publish({ ...last, failure: sharedFailure('unavailable', error, now, now + delay) });
    this.schedule(delay);
  }

  /** The balance is gone, not stale: the windows that follow would otherwise show the last one as current. */
  private shareGone(error: unknown, gone: 'noBilling' | 'unsupported', retryInMs: number): void {
    const last = this.current.snapshot;
    const now = this.options.clock.now();
    if (last && this.leader) this.options.shared?.publish({ ...last, failure: sharedFailure(gone, error, now, now + retryInMs) });
  }

  private schedule(delayMs: number): void {
    this.due.set(this.options.clock.now() + delayMs);
  }

  private update(patch: Partial<CreditsState>): void {
    this.current = { ...this.current, ...patch };
    if ('problem' in patch && patch.problem === undefined) delete this.current.problem;
    if ('snapshot' in patch && patch.snapshot === undefined) delete this.current.snapshot;
    this.changed.fire(this.current);
  }

  override dispose(): void {
    this.disposed = true;
    this.controller?.abort();
    super.dispose();
  }
}

function sharedProblem(failure: SharedFailure): CreditsProblem {
  const error = failureError(failure);
  return failure.kind === 'unavailable' ? { kind: 'unavailable', error, retryAt: failure.retryAt } : { kind: failure.kind, error };
}
