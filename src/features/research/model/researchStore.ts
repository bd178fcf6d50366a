// The one source of truth for tracked research jobs: deep research jobs and agent runs. Views render
// it; nothing else asks the service about jobs. With several windows open only the team's leading
// window polls; the others follow its results through the shared job files (see jobPersistence). Polls only jobs that are still running, with one self-rescheduling timer set
// for the earliest due job (none at all once every job is finished), a shared request budget, and
// one request per job at a time shared by every caller.
import { type CallOptions, type FirecrawlError, isFirecrawlError, type TrackedSnapshot } from '../../../api';
import type { Clock } from '../../../shared/clock';
import { type Disposable, Emitter, type Event } from '../../../shared/events';
import { isJobId } from '../../../shared/jobIds';
import { STORAGE } from '../../../ids';
import { isFinalPhase, isTerminalStatus, progressSignature } from './jobFacts';
import { JobPersistence } from './jobPersistence';
import { readJob } from './jobReads';
import { applyJobFile, type JobRecord, newRecord, shownKey } from './jobRecord';
import { backoffDelay, POLL, pollInterval } from './pollPolicy';
import { RequestPacer } from './requestPacer';
import { compareEntries, idOfJobFile, type IndexEntry, type JobFile } from './storage';
import {
  DEEP_RESEARCH_SUNSET,
  type DeepResearchNotice,
  type RefreshOutcome,
  type ResearchLog,
  type ResearchStoreOptions,
  type TrackResult,
} from './storeOptions';
import { isFinished, type JobKind, type TrackedJob } from './trackedJob';

export * from './storeOptions';

export const DEFAULT_MAX_POLL_MS = 30 * 60_000;
export const DEFAULT_MAX_JOBS = 200;

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
  private readonly persistence: JobPersistence;
  private readonly windowId: string;
  /** Jobs being read from their files; those whose file changed again meanwhile are read once more. */
  private readonly syncing = new Map<string, boolean>();
  private running = 0;
  private readonly slots: Array<() => void> = [];
  /** Spreads requests over the budget; a 429 is about the whole team and pauses everything queued. */
  private readonly pacer: RequestPacer;
  private background = false;
  private readonly noticesLogged = new Set<string>();
  private disposed = false;
  private started = false;
  private loading: Promise<void> = Promise.resolve();

  private readonly listChanged = new Emitter<void>();
  private readonly jobChanged = new Emitter<TrackedJob>();
  private readonly jobFinished = new Emitter<TrackedJob>();
  private readonly noticeChanged = new Emitter<void>();
  private readonly evicted = new Emitter<string[]>();
  private readonly fileSubscription: Disposable;
  private notice: DeepResearchNotice;
  /** Jobs were added, removed or reordered. */
  readonly onDidChangeJobs: Event<void> = this.listChanged.event;
  /** When something shown about one job changed: its `revision` moved. Polls that brought nothing new are silent. */
  readonly onDidChangeJob: Event<TrackedJob> = this.jobChanged.event;
  /** A job this editor watched while processing completed, failed or was cancelled. */
  readonly onDidFinishJob: Event<TrackedJob> = this.jobFinished.event;
  /** What the service said about the Deep Research shutdown changed. */
  readonly onDidChangeNotice: Event<void> = this.noticeChanged.event;
  /** Finished jobs were dropped to stay within the cap on tracked jobs; fires their ids. */
  readonly onDidEvict: Event<string[]> = this.evicted.event;

  constructor(private readonly options: ResearchStoreOptions) {
    this.log = options.log ?? nullLog;
    this.random = options.random ?? Math.random;
    this.concurrency = Math.max(1, options.concurrency ?? 6);
    this.pacer = new RequestPacer(options.clock, options.requestsPerMinute ?? POLL.budgetPerMinute);
    this.windowId = options.windowId ?? Math.random().toString(36).slice(2, 10);
    this.notice = storedNotice(options.storage.get<unknown>(STORAGE.researchNotice));
    this.persistence = new JobPersistence(
      {
        storage: options.storage,
        files: options.files,
        clock: options.clock,
        windowId: this.windowId,
        log: this.log,
        ...(options.persistDelayMs !== undefined ? { persistDelayMs: options.persistDelayMs } : {}),
        ...(options.runningPersistDelayMs !== undefined ? { runningPersistDelayMs: options.runningPersistDelayMs } : {}),
        ...(options.maxJobBytes !== undefined ? { maxJobBytes: options.maxJobBytes } : {}),
      },
      (id) => this.records.get(id),
      (ids) => this.dropFromElsewhere(ids.map((id) => this.records.get(id)).filter((r): r is JobRecord => r !== undefined)),
    );
    this.restore();
    this.fileSubscription = options.files.onDidChange((name) => {
      const id = idOfJobFile(name);
      if (id) this.sync(id);
    });
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

  /** When Deep Research shuts down (or that it has), as far as the service has said. */
  get deepResearchNotice(): DeepResearchNotice {
    return this.notice;
  }

  /**
   * Asks the service to cancel a running agent job, then reads it again: the row changes when the
   * service says so, never before. Failures are returned for the command to report.
   */
  async cancel(id: string): Promise<RefreshOutcome> {
    const record = this.records.get(id.toLowerCase());
    if (!record || record.kind !== 'agent') return { job: record };
    try {
      await this.options.source.client.cancelAgentJob(record.id, { timeoutMs: this.options.requestTimeoutMs ?? 20_000 });
    } catch (error) {
      return { job: record, error: error instanceof Error ? error : new Error(String(error)) };
    }
    this.log.info(`Asked to cancel agent job ${record.id}`);
    // The row follows the service's next answer; a failed read is the poller's to retry, not a failed cancel.
    return this.request(record, true).then((outcome) => ({ job: outcome.job }));
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

  /**
   * Reads the saved snapshots and begins polling. Separate from construction so activation paints
   * first: the list is there at once, each job's snapshot follows from its file.
   */
  start(): void {
    if (this.started || this.disposed) return;
    this.started = true;
    this.loading = this.loadSaved();
  }

  /** Resolves once every saved snapshot has been read (after start()). */
  get ready(): Promise<void> {
    return this.loading;
  }

  /** This window became the team's leader, or stopped being it. */
  roleChanged(): void {
    if (this.isLeader()) {
      const now = this.now();
      for (const r of this.records.values()) {
        if (r.loaded && r.nextPollAt === undefined && (r.poll.kind === 'polling' || r.poll.kind === 'retrying')) r.nextPollAt = now;
      }
      this.log.info('This window now polls the tracked jobs for the team');
    }
    this.schedule();
  }

  /** Tracks ids of a known kind, or (without `kind`) finds each one's kind: agent first, then deep research. */
  track(ids: readonly string[], kind?: JobKind): TrackResult {
    const added: string[] = [];
    const existing: string[] = [];
    const now = this.now();
    let seq = 0;
    for (const raw of ids) {
      const id = raw.trim().toLowerCase();
      if (!isJobId(id)) continue;
      if (this.records.has(id)) {
        if (!existing.includes(id)) existing.push(id);
        continue;
      }
      const record = newRecord(id, now, kind, seq++);
      record.loaded = true;
      record.watchStartedAt = now;
      record.nextPollAt = now;
      this.records.set(id, record);
      added.push(id);
    }
    if (added.length === 0) return { added, existing };
    // Pasted lists read top to bottom; keep that order at the top of the view.
    this.order = [...added, ...this.order];
    for (const id of added) this.persistence.markDirty(id, false);
    this.log.info(`Tracking ${added.join(', ')}`);
    this.evictBeyondCap();
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
    if (now >= this.pacer.pausedUntil) {
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
    this.pacer.resume();
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

  /** Writes pending changes now (on deactivation, which waits for it). */
  flush(): Promise<void> {
    return this.persistence.flush();
  }

  dispose(): void {
    if (this.disposed) return;
    void this.flush();
    this.disposed = true;
    this.clearTimer();
    this.fileSubscription.dispose();
    this.persistence.dispose();
    for (const r of this.records.values()) r.controller?.abort();
    for (const wake of this.slots.splice(0)) wake();
    this.pacer.wakeAll();
    this.listChanged.dispose();
    this.jobChanged.dispose();
    this.jobFinished.dispose();
    this.noticeChanged.dispose();
    this.evicted.dispose();
  }

  // ---------------------------------------------------------------------------------------------

  private now(): number {
    return this.options.clock.now();
  }

  private maxPollMs(): number {
    const value = this.options.maxPollMs?.() ?? DEFAULT_MAX_POLL_MS;
    return Number.isFinite(value) && value > 0 ? value : DEFAULT_MAX_POLL_MS;
  }

  private isLeader(): boolean {
    return this.options.isLeader?.() ?? true;
  }

  /** The list, at once and synchronously: each job's snapshot follows from its file (see loadSaved). */
  private restore(): void {
    const { entries, legacy } = this.persistence.readIndex();
    for (const file of legacy) {
      const r = newRecord(file.id, file.trackedAt, file.kind, file.seq);
      applyJobFile(r, file, 'restore', this.now());
      this.records.set(r.id, r);
      this.order.push(r.id);
    }
    for (const entry of entries) this.addEntry(entry);
    this.sortOrder();
  }

  private addEntry(entry: IndexEntry): JobRecord {
    const r = newRecord(entry.id, entry.trackedAt, entry.kind, entry.seq);
    r.shown = shownKey(r);
    this.records.set(r.id, r);
    this.order.push(r.id);
    return r;
  }

  private sortOrder(): void {
    this.order.sort((a, b) => {
      const x = this.records.get(a);
      const y = this.records.get(b);
      return x && y ? compareEntries(x, y) : 0;
    });
  }

  /** Reads every job's saved snapshot, newest first, one file at a time (activation does not wait). */
  private async loadSaved(): Promise<void> {
    for (const id of [...this.order]) {
      const r = this.records.get(id);
      if (!r || r.loaded || this.disposed) continue;
      const file = await this.persistence.load(id);
      if (this.disposed || this.records.get(id) !== r || r.loaded) continue;
      if (file) applyJobFile(r, file, 'restore', this.now());
      else r.nextPollAt = this.now(); // nothing saved: ask the service
      r.loaded = true;
      this.changed(r, false);
    }
    this.schedule();
  }

  private applyFromElsewhere(r: JobRecord, file: JobFile): void {
    if (applyJobFile(r, file, 'elsewhere', this.now())) this.jobFinished.fire(r);
  }

  /**
   * Another window wrote a job's file, or removed it: follow. The file decides (its event can come
   * before the list entry reaches this window): there and readable, the job is tracked; gone, it is not.
   */
  private sync(id: string): void {
    if (this.disposed) return;
    if (this.syncing.has(id)) {
      this.syncing.set(id, true);
      return;
    }
    this.syncing.set(id, false);
    void this.follow(id).finally(() => {
      const again = this.syncing.get(id);
      this.syncing.delete(id);
      if (again) this.sync(id);
    });
  }

  private async follow(id: string): Promise<void> {
    const read = await this.persistence.read(id);
    if (this.disposed || read.state === 'damaged' || this.persistence.isRemoving(id)) return;
    const current = this.records.get(id);
    if (read.state === 'missing') {
      // Written before and gone now: dropped elsewhere. Never written: tracked here a moment ago.
      if (current && current.writtenAt > 0) this.dropFromElsewhere([current]);
      return;
    }
    const { file } = read;
    if (!current) {
      // This window's own earlier write, of a job it has dropped since: not news.
      if (file.writtenBy === this.windowId) return;
      const added = this.addEntry({ v: 2, id, ...(file.kind ? { kind: file.kind } : {}), trackedAt: file.trackedAt, seq: file.seq });
      this.applyFromElsewhere(added, file);
      this.sortOrder();
      this.log.info(`Job ${id} was tracked in another window`);
      this.listChanged.fire();
      this.changed(added, false);
      this.evictBeyondCap();
      this.schedule();
      return;
    }
    if (file.writtenBy === this.windowId || file.writtenAt <= current.writtenAt || current.pending) return;
    this.applyFromElsewhere(current, file);
    this.changed(current, false);
    this.schedule();
  }

  /**
   * The list as stored now, against this window's: jobs added or dropped in other windows whose file
   * event never came (a host without a file watcher). Cheap; run when the window is looked at again.
   */
  syncList(): void {
    if (this.disposed || !this.started) return;
    const listed = this.persistence.listedIds();
    for (const id of listed) if (!this.records.has(id)) this.sync(id);
    const gone = [...this.records.values()].filter((r) => r.writtenAt > 0 && !listed.has(r.id) && !r.pending);
    if (gone.length) this.dropFromElsewhere(gone);
  }

  private dropFromElsewhere(records: JobRecord[]): void {
    if (!records.length) return;
    for (const r of records) {
      r.controller?.abort();
      r.pending = undefined;
      this.records.delete(r.id);
      this.persistence.forget(r.id);
    }
    const gone = new Set(records.map((r) => r.id));
    this.order = this.order.filter((id) => !gone.has(id));
    this.listChanged.fire();
    this.schedule();
  }

  /** Beyond the cap, the jobs finished longest ago go first; running jobs are never dropped. */
  private evictBeyondCap(): void {
    const max = this.options.maxJobs ?? DEFAULT_MAX_JOBS;
    const excess = this.records.size - max;
    if (excess <= 0) return;
    const finished = [...this.records.values()].filter(isFinished).sort((a, b) => (a.finishedAt ?? a.trackedAt) - (b.finishedAt ?? b.trackedAt));
    const drop = finished.slice(0, excess);
    if (!drop.length) return;
    this.removeRecords(drop);
    this.log.info(`Stopped tracking ${drop.length} finished job(s) to stay within ${max} tracked jobs`);
    this.evicted.fire(drop.map((r) => r.id));
  }

  private remove(records: JobRecord[]): void {
    this.removeRecords(records);
    this.listChanged.fire();
    this.schedule();
  }

  private removeRecords(records: JobRecord[]): void {
    for (const r of records) {
      r.controller?.abort();
      r.pending = undefined;
      this.records.delete(r.id);
      this.persistence.markRemoved(r.id);
    }
    const gone = new Set(records.map((r) => r.id));
    this.order = this.order.filter((id) => !gone.has(id));
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
    const options: CallOptions = {
      signal: controller.signal,
      timeoutMs: this.options.requestTimeoutMs ?? 20_000,
      // The store backs off per job with jitter; transport retries would multiply one tick's requests.
      maxAttempts: 1,
    };
    const pace = (abandoned: () => boolean) => this.pacer.take(() => this.disposed || abandoned());
    const answer = await readJob(this.options.source.client, r, options, pace);
    if (!this.isCurrent(r, controller)) return { job: this.records.get(r.id) };
    if ('error' in answer) {
      if (answer.kind) r.kind = answer.kind;
      const failure = answer.error instanceof Error ? answer.error : new Error(String(answer.error));
      this.onFailure(r, failure, manual);
      return { job: r, error: failure };
    }
    this.onSnapshot(r, answer.snapshot, manual);
    return { job: r };
  }

  /** False when the job was untracked, the store disposed or the endpoint changed meanwhile. */
  private isCurrent(r: JobRecord, controller: AbortController): boolean {
    return !this.disposed && !controller.signal.aborted && this.records.get(r.id) === r;
  }

  private onSnapshot(r: JobRecord, job: TrackedSnapshot, manual: boolean): void {
    const now = this.now();
    if (job.kind === 'deepResearch') {
      this.logNotices(job.warnings);
      this.noteSunset(job.deprecation?.sunsetAt);
    }
    if (r.kind !== job.kind) {
      r.kind = job.kind;
      this.persistence.markDirty(r.id, false);
    }
    const wasRunning = r.snapshot !== undefined && !isTerminalStatus(r.snapshot.status);
    const previous = r.poll;
    r.snapshot = job.kind === 'deepResearch' && job.warnings.length ? { ...job, warnings: [] } : job;
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

  private stopForTimeLimit(r: JobRecord, job: TrackedSnapshot | undefined): void {
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
    if (kind === 'gone') {
      r.poll = { kind: 'stopped', reason: 'gone', at: now };
      r.nextPollAt = undefined;
      if (previous.kind !== 'stopped' || previous.reason !== 'gone') this.log.warn(`Job ${r.id}: the service answered 410 Gone (the API was shut down); its last snapshot stays`);
      this.noteShutdown();
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
      this.pacer.pause(now + wait);
      r.poll = { kind: 'retrying', reason: 'rateLimited', failures, retryAt: now + wait, error };
      r.nextPollAt = now + wait;
    } else {
      const wait = backoffDelay(failures, this.random);
      r.poll = { kind: 'retrying', reason: 'unreachable', failures, retryAt: now + wait, error };
      r.nextPollAt = now + wait;
    }
    this.log[failures === 1 ? 'warn' : 'debug'](`Job ${r.id}: ${r.poll.reason}, retrying in ${Math.ceil((r.poll.retryAt - now) / 1000)} s: ${error.message}`); // not localised: a log line
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

  private noteSunset(sunsetAt: number | undefined): void {
    if (sunsetAt === undefined || sunsetAt === this.notice.sunsetAt) return;
    this.setNotice({ ...this.notice, sunsetAt });
  }

  private noteShutdown(): void {
    if (this.notice.shutDown) return;
    this.setNotice({ ...this.notice, shutDown: true });
  }

  /** Kept: finished and shut-down jobs are never asked again, so after a restart nothing would say it twice. */
  private setNotice(notice: DeepResearchNotice): void {
    this.notice = notice;
    void this.options.storage.update(STORAGE.researchNotice, notice);
    this.noticeChanged.fire();
  }

  private logNotices(warnings: readonly string[]): void {
    for (const w of warnings) {
      if (this.noticesLogged.has(w)) continue;
      this.noticesLogged.add(w);
      this.log.warn(`The service says: ${w}`);
    }
  }

  /**
   * Announces `r` when what is shown about it changed (its revision moves), and saves it unless the
   * change came from its file.
   */
  private changed(r: JobRecord, save = true): void {
    const shown = shownKey(r);
    if (shown === r.shown) return;
    r.shown = shown;
    r.revision++;
    if (save) this.persistence.markDirty(r.id, r.poll.kind === 'polling' || r.poll.kind === 'retrying');
    this.jobChanged.fire(r);
  }

  private clearTimer(): void {
    this.timer?.dispose();
    this.timer = undefined;
    this.timerAt = undefined;
  }

  /** Sets the one timer for the earliest due job, or none when nothing is due. */
  private schedule(): void {
    if (this.disposed || !this.started) return;
    if (!this.isLeader()) {
      // Another window polls for the team; this one follows the files it writes.
      this.clearTimer();
      return;
    }
    let earliest: number | undefined;
    for (const r of this.records.values()) {
      if (r.nextPollAt === undefined || r.pending) continue;
      if (earliest === undefined || r.nextPollAt < earliest) earliest = r.nextPollAt;
    }
    if (earliest !== undefined) earliest = Math.max(earliest, this.pacer.pausedUntil);
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

/** The notice as last stored; the published date when nothing (or nothing readable) is. */
function storedNotice(value: unknown): DeepResearchNotice {
  const stored = typeof value === 'object' && value !== null ? (value as Partial<Record<keyof DeepResearchNotice, unknown>>) : {};
  const sunsetAt = typeof stored.sunsetAt === 'number' && Number.isFinite(stored.sunsetAt) ? stored.sunsetAt : DEEP_RESEARCH_SUNSET;
  return { sunsetAt, shutDown: stored.shutDown === true };
}
