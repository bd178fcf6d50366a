// The one source of truth for tracked deep research jobs. Views render it; nothing else asks the
// service about jobs. Polls only jobs that are still running, with one self-rescheduling timer set
// for the earliest due job (none at all once every job is finished), a shared request budget, and
// one request per job at a time shared by every caller.
import { type CallOptions, type FirecrawlError, isFirecrawlError, type ResearchJob } from '../../../api';
import type { Clock } from '../../../shared/clock';
import { type Disposable, Emitter, type Event } from '../../../shared/events';
import { isFinalPhase, isTerminalStatus, progressSignature, snapshotSignature } from './jobFacts';
import { isJobId } from '../../../shared/jobIds';
import { backoffDelay, POLL, pollInterval } from './pollPolicy';
import { fromPersisted, INDEX_KEY, jobKey, type PersistableJob, type ResearchStorage, toPersisted } from './storage';
import { isFinished, type PollState, type TrackedJob } from './trackedJob';

export interface ResearchJobReader {
  getResearchJob(id: string, options?: CallOptions): Promise<ResearchJob>;
}

/** Read at every request (ClientProvider fits), so a key or URL change applies to the next poll. */
export interface ResearchClientSource {
  readonly client: ResearchJobReader;
}

export interface ResearchLog {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
}

export interface ResearchStoreOptions {
  source: ResearchClientSource;
  storage: ResearchStorage;
  clock: Clock;
  log?: ResearchLog;
  random?: () => number;
  /** `firecrawl.research.maxPollMinutes`, read at each decision so a settings change applies. */
  maxPollMs?: () => number;
  /** Requests in flight at once across all jobs. */
  concurrency?: number;
  requestTimeoutMs?: number;
  /** Writes are gathered for this long, so a burst of polls costs one write per job. */
  persistDelayMs?: number;
  /**
   * How long a running job's new snapshot may wait to be written. It is asked again right after a
   * restart anyway, and at scale (1,000 activities and sources) each write is a few hundred KB.
   */
  runningPersistDelayMs?: number;
}

export interface RefreshOutcome {
  job: TrackedJob | undefined;
  /** Why the request failed, for a manual refresh to report. */
  error?: FirecrawlError | Error;
}

export interface TrackResult {
  added: string[];
  existing: string[];
}

export const DEFAULT_MAX_POLL_MS = 30 * 60_000;

interface JobRecord extends PersistableJob {
  nextPollAt: number | undefined;
  revision: number;
  /** When the last request for it was sent. */
  lastPolledAt: number | undefined;
  /** The single request for this job, shared by the timer and manual refreshes. */
  pending: Promise<RefreshOutcome> | undefined;
  controller: AbortController | undefined;
  /** Progress when polling stopped on the time limit: a refresh that shows more resumes it. */
  stoppedProgress: string | undefined;
  /** What was last shown, to tell a poll that changed something from one that did not. */
  shown: string;
}

const nullLog: ResearchLog = { debug: () => undefined, info: () => undefined, warn: () => undefined };

export class ResearchStore implements Disposable {
  private readonly records = new Map<string, JobRecord>();
  /** Newest first, as the view lists them. */
  private order: string[] = [];
  private readonly log: ResearchLog;
  private readonly random: () => number;
  private readonly concurrency: number;
  private timer: Disposable | undefined;
  private timerAt: number | undefined;
  private persistTimer: Disposable | undefined;
  private persistAt = Infinity;
  private readonly dirty = new Set<string>();
  private indexDirty = false;
  private running = 0;
  private readonly slots: Array<() => void> = [];
  /** A 429 is about the whole team: nothing is sent before this. */
  private pauseUntil = 0;
  private background = false;
  private readonly noticesLogged = new Set<string>();
  private disposed = false;
  private started = false;

  private readonly listChanged = new Emitter<void>();
  private readonly jobChanged = new Emitter<TrackedJob>();
  private readonly jobFinished = new Emitter<TrackedJob>();
  /** Jobs were added, removed or reordered. */
  readonly onDidChangeJobs: Event<void> = this.listChanged.event;
  /** When something shown about one job changed: its `revision` moved. Polls that brought nothing new are silent. */
  readonly onDidChangeJob: Event<TrackedJob> = this.jobChanged.event;
  /** A job this editor watched while processing completed, failed or was cancelled. */
  readonly onDidFinishJob: Event<TrackedJob> = this.jobFinished.event;

  constructor(private readonly options: ResearchStoreOptions) {
    this.log = options.log ?? nullLog;
    this.random = options.random ?? Math.random;
    this.concurrency = Math.max(1, options.concurrency ?? 6);
    this.restore();
  }

  get jobs(): readonly TrackedJob[] {
    const out: TrackedJob[] = [];
    for (const id of this.order) {
      const r = this.records.get(id);
      if (r) out.push(r);
    }
    return out;
  }

  get size(): number {
    return this.order.length;
  }

  get(id: string): TrackedJob | undefined {
    return this.records.get(id.toLowerCase());
  }

  /** Whether a timer is waiting: false once every job is finished or stopped. */
  get isPolling(): boolean {
    return this.timer !== undefined;
  }

  /** Requests sent or queued and not answered yet. */
  get inFlight(): number {
    let n = 0;
    for (const r of this.records.values()) if (r.pending) n++;
    return n;
  }

  /** Begins polling what was restored. Separate from construction so activation paints first. */
  start(): void {
    if (this.started || this.disposed) return;
    this.started = true;
    const now = this.now();
    for (const r of this.records.values()) if (r.poll.kind === 'polling') r.nextPollAt = now;
    this.schedule();
  }

  track(ids: readonly string[]): TrackResult {
    const added: string[] = [];
    const existing: string[] = [];
    const now = this.now();
    for (const raw of ids) {
      const id = raw.trim().toLowerCase();
      if (!isJobId(id)) continue;
      if (this.records.has(id)) {
        if (!existing.includes(id)) existing.push(id);
        continue;
      }
      const record = this.newRecord(id, now);
      record.watchStartedAt = now;
      record.nextPollAt = now;
      this.records.set(id, record);
      added.push(id);
    }
    if (added.length === 0) return { added, existing };
    // Pasted lists read top to bottom; keep that order at the top of the view.
    this.order = [...added, ...this.order];
    this.indexDirty = true;
    for (const id of added) this.dirty.add(id);
    this.persistSoon();
    this.log.info(`Tracking ${added.join(', ')}`);
    this.listChanged.fire();
    this.schedule();
    return { added, existing };
  }

  untrack(id: string): boolean {
    const key = id.toLowerCase();
    const record = this.records.get(key);
    if (!record) return false;
    this.remove([record]);
    this.log.info(`Stopped tracking ${key}`);
    return true;
  }

  /** Removes finished and expired jobs; returns how many. */
  clearFinished(): number {
    const finished = [...this.records.values()].filter(isFinished);
    if (finished.length) this.remove(finished);
    return finished.length;
  }

  /** A manual refresh of one job, whatever its state; a time-limited job that moved resumes polling. */
  refresh(id: string): Promise<RefreshOutcome> {
    const record = this.records.get(id.toLowerCase());
    if (!record) return Promise.resolve({ job: undefined });
    return this.request(record, true);
  }

  /** Refreshes every job that is not finished for good. */
  async refreshAll(): Promise<RefreshOutcome[]> {
    const targets = [...this.records.values()].filter((r) => !isFinished(r));
    return Promise.all(targets.map((r) => this.request(r, true)));
  }

  /** Sends one request for every job that is due now, and resolves when all have answered. */
  async tick(): Promise<void> {
    this.clearTimer();
    const now = this.now();
    const due: Promise<RefreshOutcome>[] = [];
    if (now >= this.pauseUntil) {
      for (const r of this.records.values()) {
        if (r.nextPollAt !== undefined && r.nextPollAt <= now && !r.pending) due.push(this.request(r, false));
      }
    }
    this.schedule();
    await Promise.all(due);
  }

  /**
   * Window focus and view visibility. Nobody looking (both false) slows polling to the background
   * pace; when someone looks again, jobs not checked in the last moment are checked at once.
   */
  setAttention(attention: { focused: boolean; visible: boolean }): void {
    const wasBackground = this.background;
    this.background = !attention.focused && !attention.visible;
    if (wasBackground && !this.background) {
      const now = this.now();
      for (const r of this.records.values()) {
        if (r.poll.kind !== 'polling' || r.pending || r.nextPollAt === undefined) continue;
        if (now - (r.lastPolledAt ?? -Infinity) >= POLL.catchUpFreshMs) r.nextPollAt = now;
      }
    }
    this.schedule();
  }

  /** The key or API URL changed: answers from the old server or account no longer hold. */
  endpointChanged(): void {
    const now = this.now();
    this.pauseUntil = 0;
    for (const r of this.records.values()) {
      const retry = r.poll.kind === 'polling' || r.poll.kind === 'retrying' || (r.poll.kind === 'stopped' && r.poll.reason !== 'timeLimit');
      if (!retry) continue;
      if (r.pending) {
        // Its answer would come from the old endpoint; drop it and ask again.
        r.controller?.abort();
        r.pending = undefined;
        r.controller = undefined;
      }
      if (r.poll.kind !== 'polling') {
        r.poll = { kind: 'polling' };
        this.changed(r);
      }
      r.nextPollAt = now;
    }
    this.schedule();
  }

  /** Writes pending changes now (on deactivation). */
  flush(): Promise<void> {
    this.persistTimer?.dispose();
    this.persistTimer = undefined;
    this.persistAt = Infinity;
    const writes: PromiseLike<void>[] = [];
    const { storage } = this.options;
    if (this.indexDirty) {
      writes.push(storage.update(INDEX_KEY, [...this.order]));
      this.indexDirty = false;
    }
    for (const id of this.dirty) {
      const r = this.records.get(id);
      writes.push(storage.update(jobKey(id), r ? toPersisted(r) : undefined));
    }
    this.dirty.clear();
    return Promise.all(writes).then(() => undefined);
  }

  dispose(): void {
    if (this.disposed) return;
    void this.flush();
    this.disposed = true;
    this.clearTimer();
    for (const r of this.records.values()) r.controller?.abort();
    for (const wake of this.slots.splice(0)) wake();
    this.listChanged.dispose();
    this.jobChanged.dispose();
    this.jobFinished.dispose();
  }

  // ---------------------------------------------------------------------------------------------

  private now(): number {
    return this.options.clock.now();
  }

  private maxPollMs(): number {
    const value = this.options.maxPollMs?.() ?? DEFAULT_MAX_POLL_MS;
    return Number.isFinite(value) && value > 0 ? value : DEFAULT_MAX_POLL_MS;
  }

  private newRecord(id: string, trackedAt: number): JobRecord {
    return {
      id,
      trackedAt,
      snapshot: undefined,
      fetchedAt: undefined,
      watchStartedAt: undefined,
      finishedAt: undefined,
      poll: { kind: 'polling' },
      nextPollAt: undefined,
      revision: 0,
      lastPolledAt: undefined,
      pending: undefined,
      controller: undefined,
      stoppedProgress: undefined,
      shown: '',
    };
  }

  private restore(): void {
    const { storage } = this.options;
    const index = storage.get<unknown>(INDEX_KEY);
    if (!Array.isArray(index)) return;
    for (const raw of index) {
      if (typeof raw !== 'string' || this.records.has(raw)) continue;
      const saved = fromPersisted(storage.get<unknown>(jobKey(raw)), raw);
      if (!saved) {
        this.log.warn(`Dropped unreadable saved state of job ${raw}`);
        continue;
      }
      const r = this.newRecord(saved.id, saved.trackedAt);
      r.snapshot = saved.snapshot;
      r.fetchedAt = saved.fetchedAt;
      r.watchStartedAt = saved.watchStartedAt ?? saved.trackedAt;
      r.finishedAt = saved.finishedAt;
      if (saved.stopped) {
        r.poll = { kind: 'stopped', ...saved.stopped };
        if (saved.stopped.reason === 'timeLimit' && saved.snapshot) r.stoppedProgress = progressSignature(saved.snapshot);
      } else if (saved.snapshot && isTerminalStatus(saved.snapshot.status)) {
        r.poll = { kind: 'idle' };
      }
      r.shown = this.shownKey(r);
      this.records.set(r.id, r);
      this.order.push(r.id);
    }
  }

  private remove(records: JobRecord[]): void {
    for (const r of records) {
      r.controller?.abort();
      r.pending = undefined;
      this.records.delete(r.id);
      this.dirty.add(r.id);
    }
    const gone = new Set(records.map((r) => r.id));
    this.order = this.order.filter((id) => !gone.has(id));
    this.indexDirty = true;
    this.persistSoon();
    this.listChanged.fire();
    this.schedule();
  }

  /** One request for `r`, shared with whoever else asks while it is in flight. */
  private request(r: JobRecord, manual: boolean): Promise<RefreshOutcome> {
    if (r.pending) return r.pending;
    const controller = new AbortController();
    r.controller = controller;
    r.nextPollAt = undefined;
    const pending = this.limited(() => this.fetch(r, controller, manual)).finally(() => {
      if (r.pending === pending) {
        r.pending = undefined;
        r.controller = undefined;
      }
      this.schedule();
    });
    r.pending = pending;
    return pending;
  }

  private async limited<T>(fn: () => Promise<T>): Promise<T> {
    while (this.running >= this.concurrency && !this.disposed) await new Promise<void>((resolve) => this.slots.push(resolve));
    this.running++;
    try {
      return await fn();
    } finally {
      this.running--;
      this.slots.shift()?.();
    }
  }

  private async fetch(r: JobRecord, controller: AbortController, manual: boolean): Promise<RefreshOutcome> {
    if (controller.signal.aborted || this.disposed) return { job: this.records.get(r.id) };
    r.lastPolledAt = this.now();
    let snapshot: ResearchJob;
    try {
      snapshot = await this.options.source.client.getResearchJob(r.id, {
        signal: controller.signal,
        timeoutMs: this.options.requestTimeoutMs ?? 20_000,
        // The store backs off per job with jitter; transport retries would multiply one tick's requests.
        maxAttempts: 1,
      });
    } catch (error) {
      if (!this.isCurrent(r, controller)) return { job: this.records.get(r.id) };
      const failure = error instanceof Error ? error : new Error(String(error));
      this.onFailure(r, failure, manual);
      return { job: r, error: failure };
    }
    if (!this.isCurrent(r, controller)) return { job: this.records.get(r.id) };
    this.onSnapshot(r, snapshot, manual);
    return { job: r };
  }

  /** False when the job was untracked, the store disposed or the endpoint changed meanwhile. */
  private isCurrent(r: JobRecord, controller: AbortController): boolean {
    return !this.disposed && !controller.signal.aborted && this.records.get(r.id) === r;
  }

  private onSnapshot(r: JobRecord, job: ResearchJob, manual: boolean): void {
    const now = this.now();
    this.logNotices(job.warnings);
    const wasRunning = r.snapshot !== undefined && !isTerminalStatus(r.snapshot.status);
    const previous = r.poll;
    r.snapshot = job.warnings.length ? { ...job, warnings: [] } : job;
    r.fetchedAt = now;

    if (isTerminalStatus(job.status)) {
      r.poll = { kind: 'idle' };
      r.nextPollAt = undefined;
      r.finishedAt ??= now;
      this.changed(r);
      if (previous.kind !== 'idle') this.log.info(`Job ${r.id} ${job.status}${job.error ? `: ${job.error}` : ''}`);
      // Only a change this editor watched is news; a job tracked after it finished is not.
      if (wasRunning) this.jobFinished.fire(r);
      return;
    }

    r.finishedAt = undefined;
    r.watchStartedAt ??= now;
    if (previous.kind === 'stopped' && previous.reason === 'timeLimit') {
      if (!manual || progressSignature(job) === r.stoppedProgress) {
        this.changed(r);
        return;
      }
      // It moved after all: give it a fresh time window.
      r.watchStartedAt = now;
      this.log.info(`Job ${r.id} progressed again; polling resumes`);
    }
    if (now - r.watchStartedAt >= this.maxPollMs()) {
      this.stopForTimeLimit(r, job);
    } else {
      r.poll = { kind: 'polling' };
      r.nextPollAt = now + this.intervalFor(r, now);
    }
    this.changed(r);
  }

  private stopForTimeLimit(r: JobRecord, job: ResearchJob | undefined): void {
    const minutes = Math.round(this.maxPollMs() / 60_000);
    r.poll = { kind: 'stopped', reason: 'timeLimit', at: this.now(), afterMs: this.maxPollMs() };
    r.nextPollAt = undefined;
    r.stoppedProgress = job ? progressSignature(job) : undefined;
    this.log.warn(`Job ${r.id}: stopped polling after ${minutes} min`);
  }

  private onFailure(r: JobRecord, error: FirecrawlError | Error, manual: boolean): void {
    const now = this.now();
    const kind = isFirecrawlError(error) ? error.kind : 'network';
    const finished = r.snapshot !== undefined && isTerminalStatus(r.snapshot.status);
    const previous = r.poll;

    // Only the service's own 404 means the job is gone; any other server's 404 (an unmounted route, a
    // wrong API URL) is a refusal that names the address, not "expired".
    if (kind === 'notFound' && isFirecrawlError(error) && error.serviceBody) {
      r.poll = { kind: 'stopped', reason: 'notFound', at: now };
      r.nextPollAt = undefined;
      if (previous.kind !== 'stopped' || previous.reason !== 'notFound') this.log.warn(`Job ${r.id}: expired or not found (404); stopped polling`);
      this.changed(r);
      return;
    }
    if (kind === 'cancelled') return;
    const transient = isFirecrawlError(error) ? error.transient : true;

    // A finished or stopped job keeps its state; a failed manual check of it is reported, not retried.
    if (finished || (manual && previous.kind === 'stopped' && previous.reason !== 'rejected')) {
      this.log.warn(`Job ${r.id}: refresh failed: ${error.message}`);
      return;
    }
    if (!transient) {
      r.poll = { kind: 'stopped', reason: 'rejected', at: now, error };
      r.nextPollAt = undefined;
      this.log.warn(`Job ${r.id}: stopped polling: ${error.message}`);
      this.changed(r);
      return;
    }
    if (r.watchStartedAt !== undefined && now - r.watchStartedAt >= this.maxPollMs() && !manual) {
      this.stopForTimeLimit(r, r.snapshot);
      this.changed(r);
      return;
    }
    const failures = (previous.kind === 'retrying' ? previous.failures : 0) + 1;
    if (kind === 'rateLimited') {
      const asked = (error as { retryAfterMs?: number }).retryAfterMs;
      const wait = asked !== undefined && asked > 0 ? Math.min(asked, POLL.maxServerWaitMs) : backoffDelay(failures, this.random);
      this.pauseUntil = Math.max(this.pauseUntil, now + wait);
      r.poll = { kind: 'retrying', reason: 'rateLimited', failures, retryAt: now + wait, error };
      r.nextPollAt = now + wait;
    } else {
      const wait = backoffDelay(failures, this.random);
      r.poll = { kind: 'retrying', reason: 'unreachable', failures, retryAt: now + wait, error };
      r.nextPollAt = now + wait;
    }
    this.log[failures === 1 ? 'warn' : 'debug'](`Job ${r.id}: ${r.poll.reason}, retrying in ${Math.ceil((r.poll.retryAt - now) / 1000)} s: ${error.message}`);
    this.changed(r);
  }

  private intervalFor(r: JobRecord, now: number): number {
    let active = 0;
    for (const other of this.records.values()) if (other.poll.kind === 'polling' || other.poll.kind === 'retrying') active++;
    return pollInterval({
      watchedMs: now - (r.watchStartedAt ?? now),
      finalPhase: r.snapshot ? isFinalPhase(r.snapshot) : false,
      background: this.background,
      activeJobs: active,
    });
  }

  private logNotices(warnings: readonly string[]): void {
    for (const w of warnings) {
      if (this.noticesLogged.has(w)) continue;
      this.noticesLogged.add(w);
      this.log.warn(`The service says: ${w}`);
    }
  }

  /** Persists and announces `r`; bumps its revision only when what is shown changed. */
  private changed(r: JobRecord): void {
    const shown = this.shownKey(r);
    if (shown !== r.shown) {
      r.shown = shown;
      r.revision++;
      this.dirty.add(r.id);
      const running = r.poll.kind === 'polling' || r.poll.kind === 'retrying';
      this.persistSoon(running ? (this.options.runningPersistDelayMs ?? 30_000) : undefined);
      this.jobChanged.fire(r);
    }
  }

  private shownKey(r: JobRecord): string {
    const p = r.poll;
    const poll = p.kind === 'retrying' ? `${p.kind}:${p.reason}:${p.failures}` : p.kind === 'stopped' ? `${p.kind}:${p.reason}:${p.at}` : p.kind;
    return `${r.snapshot ? snapshotSignature(r.snapshot) : ''}#${poll}`;
  }

  /** Writes everything dirty within `delayMs`; an earlier deadline wins over a later one. */
  private persistSoon(delayMs = this.options.persistDelayMs ?? 1_000): void {
    if (this.disposed) return;
    const at = this.now() + delayMs;
    if (this.persistTimer && this.persistAt <= at) return;
    this.persistTimer?.dispose();
    this.persistAt = at;
    this.persistTimer = this.options.clock.schedule(delayMs, () => {
      this.persistTimer = undefined;
      this.persistAt = Infinity;
      void this.flush();
    });
  }

  private clearTimer(): void {
    this.timer?.dispose();
    this.timer = undefined;
    this.timerAt = undefined;
  }

  /** Sets the one timer for the earliest due job, or none when nothing is due. */
  private schedule(): void {
    if (this.disposed || !this.started) return;
    let earliest: number | undefined;
    for (const r of this.records.values()) {
      if (r.nextPollAt === undefined || r.pending) continue;
      if (earliest === undefined || r.nextPollAt < earliest) earliest = r.nextPollAt;
    }
    if (earliest !== undefined) earliest = Math.max(earliest, this.pauseUntil);
    if (earliest === this.timerAt) return;
    this.clearTimer();
    if (earliest === undefined) return;
    this.timerAt = earliest;
    this.timer = this.options.clock.schedule(Math.max(0, earliest - this.now()), () => {
      this.timer = undefined;
      this.timerAt = undefined;
      void this.tick();
    });
  }
}
