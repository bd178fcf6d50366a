// The one source of truth for tracked research jobs: deep research jobs and agent runs. Views render
// it; nothing else asks the service about jobs. A job belongs to the team that tracked it (one API key
// on one server): a window lists its own team's jobs, and with several windows open only the team's
// leading window polls them; the others follow its results through the team's folder of job files
// (jobFolder.ts, the only record of what is tracked), and look at it again on the lease's beat, so they
// follow even where no file watcher tells them. Polls only jobs that are still running, with one self-rescheduling timer
// set for the earliest due job (none at all once every job is finished), a shared request budget,
// and one request per job at a time shared by every caller.
import { awaitsApproval, type CallOptions, type FirecrawlError, isTerminalStatus, type TrackedSnapshot } from '../../../api';
import { deferred, type Disposable, Emitter, type Event } from '../../../shared/events';
import { isJobId } from '../../../shared/jobIds';
import { agentCancelConflict } from '../../../host/errorText';
import { keepCancelled } from './cancelledRuns';
import { DEFAULT_MAX_JOBS, planTrack } from './jobCap';
import { isFinalPhase, resultJson, resultMarkdown } from './jobFacts';
import { type FolderHost, JobFolder, type ListedJob } from './jobFolder';
import { readJob } from './jobReads';
import { applyJobFile, type JobRecord, lostWhileRunning, newRecord, recordOfListed, shownKey } from './jobRecord';
import { type AnswerContext, applyFailure, applySnapshot } from './pollAnswers';
import { POLL, pollInterval } from './pollPolicy';
import { RequestPacer, Slots } from './requestPacer';
import { compareEntries, PROMPT_KEPT } from './storage';
import { ServiceNotices } from './serviceNotices';
import { type DeepResearchNotice, hasShutDown, type RefreshOutcome, type ResearchLog, type ResearchStoreOptions, type RunFacts, type TrackResult } from './storeOptions';
import { hasKeepableResult, isFinished, type JobKind, type TrackedJob } from './trackedJob';

export * from './storeOptions';

export const DEFAULT_MAX_POLL_MS = 30 * 60_000;
/** How often the leader removes what nothing refers to any more (see JobFolder.sweep). */
const SWEEP_EVERY_MS = 10 * 60_000;
/** A timer that fires this much before its wall-clock time means the clock was set back, not timer slack. */
const CLOCK_STEP_MS = 1_000;

const nullLog: ResearchLog = { debug: () => undefined, info: () => undefined, warn: () => undefined };

export class ResearchStore implements Disposable {
  /** The current team's jobs; a new map for each team, so a list being put away keeps its own. */
  private records = new Map<string, JobRecord>();
  /** Newest first, as the view lists them. */
  private order: string[] = [];
  private readonly log: ResearchLog;
  private readonly random: () => number;
  private timer: Disposable | undefined;
  private timerAt: number | undefined;
  /** The current team's folder of jobs; undefined until the team is known. */
  private folder: JobFolder | undefined;
  /** The folder whose saved jobs were last read in full: the list is known only while it is the current one. */
  private readFolder: JobFolder | undefined;
  private team: string | undefined;
  /** A key or server change: nothing is asked until the team it makes is known (joinTeam). */
  private teamWait: { promise: Promise<void>; resolve: () => void } | undefined;
  private readonly known: { promise: Promise<void>; resolve: () => void };
  private sweptAt = -Infinity;
  private putAwayWrites: Promise<void> = Promise.resolve();
  private readonly windowId: string;
  private readonly slots: Slots;
  /** Spreads requests over the budget; a 429 is about the whole team and pauses everything queued. */
  private readonly pacer: RequestPacer;
  private background = false;
  private readonly notices: ServiceNotices;
  private disposed = false;
  private started = false;
  private loading: Promise<void> = Promise.resolve();

  private readonly listChanged = new Emitter<void>();
  private readonly jobChanged = new Emitter<TrackedJob>();
  private readonly jobFinished = new Emitter<TrackedJob>();
  private readonly fileSubscription: Disposable;
  /** Jobs were added, removed or reordered (or the team changed, or how many jobs other teams hide). */
  readonly onDidChangeJobs: Event<void> = this.listChanged.event;
  /** When something shown about one job changed: its `revision` moved. Polls that brought nothing new are silent. */
  readonly onDidChangeJob: Event<TrackedJob> = this.jobChanged.event;
  /** A job this editor watched while processing completed, failed or was cancelled, or can no longer be read. */
  readonly onDidFinishJob: Event<TrackedJob> = this.jobFinished.event;
  /** What the service said about the Deep Research shutdown changed. */
  readonly onDidChangeNotice: Event<void>;

  constructor(private readonly options: ResearchStoreOptions) {
    this.log = options.log ?? nullLog;
    this.notices = new ServiceNotices(this.log, options.storage);
    this.onDidChangeNotice = this.notices.onDidChange;
    this.random = options.random ?? Math.random;
    this.slots = new Slots(Math.max(1, options.concurrency ?? 6));
    this.pacer = new RequestPacer(options.clock, options.requestsPerMinute ?? POLL.budgetPerMinute);
    this.windowId = options.windowId ?? Math.random().toString(36).slice(2, 10);
    this.known = deferred();
    this.fileSubscription = options.files.onDidChange((name) => this.folder?.fileChanged(name));
    if (options.team !== undefined) this.joinTeam(options.team);
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

  /** The team whose jobs are listed; undefined until the window knows its key and server. */
  get teamId(): string | undefined {
    return this.team;
  }

  /**
   * Resolves once the window knows its team, and so its list: at start, and after a key or server
   * change (commands that change the list wait for it, so a job goes to the team of the key in use).
   */
  get listKnown(): Promise<void> {
    return this.teamWait?.promise ?? this.known.promise;
  }

  /**
   * The current team's saved jobs have been read (after start()): until then an empty list says
   * nothing about whether the team has jobs.
   */
  get listRead(): boolean {
    return this.readFolder !== undefined && this.readFolder === this.folder;
  }

  /** Jobs other teams (other keys or servers) track: kept, not shown, not polled from here. */
  get hiddenJobs(): number {
    return this.folder?.hiddenJobs ?? 0;
  }

  /** The most jobs a team tracks at once. */
  get maxJobs(): number {
    return this.options.maxJobs ?? DEFAULT_MAX_JOBS;
  }

  /** When Deep Research shuts down (or that it has), as far as the service has said. */
  get deepResearchNotice(): DeepResearchNotice {
    return this.notices.notice;
  }

  /**
   * Asks the service to cancel a running agent job, then reads it again: the row changes when the
   * service says so, never before. Failures are returned for the command to report.
   */
  async cancel(id: string): Promise<RefreshOutcome> {
    const record = this.records.get(id.toLowerCase());
    if (!record || record.kind !== 'agent') return { job: record };
    let conflict: RefreshOutcome['conflict'];
    try {
      await this.options.source.client.cancelAgentJob(record.id, { timeoutMs: this.options.requestTimeoutMs ?? 20_000 });
      record.cancelRequested = true;
    } catch (error) {
      // 409: it had finished or was cancelled already. Not a failed cancel: read it again and say so.
      conflict = agentCancelConflict(error);
      if (!conflict) return { job: record, error: error instanceof Error ? error : new Error(String(error)) };
      if (conflict === 'cancelled') record.cancelRequested = true;
    }
    // The window that polls learns of the cancel from the job's file, at once: its next read may say `failed`.
    if (record.cancelRequested) {
      this.folder?.markDirty(record.id, false);
      void this.folder?.flush();
    }
    this.log.info(conflict ? `Agent job ${record.id} was not running any more (${conflict})` : `Asked to cancel agent job ${record.id}`);
    // The row follows the service's next answer; a failed read is the poller's to retry, not a failed cancel.
    return this.request(record, true).then((outcome) => ({ job: outcome.job, ...(conflict ? { conflict } : {}) }));
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
   * first: the list is there once the team is known, each job's snapshot follows from its file.
   */
  start(): void {
    if (this.started || this.disposed) return;
    this.started = true;
    if (this.folder) this.loading = this.loadSaved(this.folder);
  }

  /** Resolves once every saved snapshot of the current team has been read (after start()). */
  get ready(): Promise<void> {
    return this.loading;
  }

  /**
   * The window's team is known, or known again after a key or server change. Another team's list
   * replaces this one (this one stays saved, unpolled, for when its key comes back); the same team
   * asks again about every job not finished for good.
   */
  joinTeam(team: string): void {
    if (this.disposed) return;
    const wait = this.teamWait;
    this.teamWait = undefined;
    if (team === this.team) {
      if (wait) this.pollAgain();
      wait?.resolve();
      this.schedule();
      return;
    }
    this.putAway();
    const records = new Map<string, JobRecord>();
    this.records = records;
    this.team = team;
    const folder = new JobFolder({ ...this.options, windowId: this.windowId, team, log: this.log }, this.folderHost(records));
    this.folder = folder;
    this.listChanged.fire();
    if (this.started) this.loading = this.loadSaved(folder);
    // The list just put away is counted among other teams' jobs only once its files are written: the
    // count the new list makes may come first.
    void this.putAwayWrites
      .then(() => this.loading)
      .then(() => (this.folder === folder ? folder.recountHidden() : undefined))
      .catch(() => undefined);
    wait?.resolve();
    this.known.resolve();
    this.schedule();
  }

  /** Resolves once what the last team's list had to write is written (after a key or server change). */
  get previousWritten(): Promise<void> {
    return this.putAwayWrites;
  }

  /** Other teams (other keys or servers) with jobs saved, and how many each has. */
  otherTeams(): Promise<Map<string, number>> {
    return this.folder?.otherTeams() ?? Promise.resolve(new Map());
  }

  /**
   * Another team's jobs are followed with this key from now on (the person says both keys belong to
   * one Firecrawl team, e.g. after replacing a key): they move to this team's list, as many as fit
   * under the cap, newest first. Returns how many moved and how many stayed where they were.
   */
  async followTeam(from: string): Promise<{ moved: number; left: number }> {
    const folder = this.folder;
    if (!folder || from === this.team) return { moved: 0, left: 0 };
    await this.loading;
    const { files, already, left } = await folder.takeOver(from, this.maxJobs - this.size, (id) => this.records.has(id));
    if (this.folder !== folder) return { moved: 0, left: files.length + already.length + left };
    // One this key tracks too (already, or since the read) is followed here already: the other key's copy only goes.
    const followed = [...already];
    const added: string[] = [];
    for (const file of files) {
      if (this.records.has(file.id)) {
        followed.push(file.id);
        continue;
      }
      const r = recordOfListed({ id: file.id, file }, this.now(), 'restore');
      // What the other key was told (not found, refused) says nothing for this one.
      if (r.poll.kind === 'stopped' && (r.poll.reason === 'notFound' || r.poll.reason === 'rejected')) {
        r.poll = { kind: 'polling' };
        r.nextPollAt = this.now();
      }
      this.addRecord(r);
      folder.markDirty(r.id, false);
      added.push(r.id);
    }
    this.sortOrder();
    this.listChanged.fire();
    for (const id of added) this.changed(this.records.get(id)!, false);
    this.schedule();
    // Taken from the other team only once written here.
    const moved = [...followed, ...added];
    await folder.release(from, moved).catch((error: unknown) => this.log.warn(`Could not let the other key's jobs go: ${error instanceof Error ? error.message : String(error)}`));
    return { moved: moved.length, left };
  }

  /** This window became the team's leader, or stopped being it. */
  roleChanged(): void {
    if (this.isLeader()) {
      const now = this.now();
      for (const r of this.records.values()) {
        if (!r.loaded || (r.poll.kind !== 'polling' && r.poll.kind !== 'retrying')) continue;
        // No window sets a poll further ahead than a server may ask to wait: one further ahead was set
        // (in the leader's copy, now this window's) before the clock stepped back.
        if (r.nextPollAt === undefined || r.nextPollAt - now > POLL.maxServerWaitMs) r.nextPollAt = now;
      }
      this.log.info('This window now polls the tracked jobs for the team');
      // The leader polls every job of the team: make sure this window knows them all.
      void this.reconcile();
    }
    this.schedule();
  }

  /**
   * Tracks ids of a known kind, or (without `kind`) finds each one's kind: agent first, then deep
   * research. At most `maxJobs` are tracked: room is made by dropping the jobs that finished longest
   * ago, and what does not fit beside running jobs is not tracked (the result says which). An id of no
   * known kind may be no job at all: room for it is made only by `makeRoom`, once it was looked up, so
   * a mistyped id never costs a finished job. `facts`: what is known of some of them beyond the id (see
   * RunFacts). Runs of both kinds picked together are
   * tracked in one call (`kind` per id), so they keep the order they were picked in, here and in every
   * window that reads them back.
   */
  track(ids: readonly string[], kind?: JobKind | ReadonlyMap<string, JobKind>, facts: readonly RunFacts[] = []): TrackResult {
    const fresh: string[] = [];
    const existing: string[] = [];
    const otherTeam: string[] = [];
    const factsOf = (id: string) => facts.find((f) => f.id.trim().toLowerCase() === id);
    for (const raw of ids) {
      const id = raw.trim().toLowerCase();
      if (!isJobId(id)) continue;
      const run = factsOf(id);
      if (this.folder && run?.team !== undefined && run.team !== this.team) {
        if (otherTeam.includes(id)) continue;
        otherTeam.push(id);
        this.leaveWithTeam(id, typeof kind === 'object' ? kind.get(id) : kind, run, run.team);
      } else if (this.records.has(id)) {
        if (!existing.includes(id)) existing.push(id);
      } else if (!fresh.includes(id)) fresh.push(id);
    }
    const result: TrackResult = { added: [], existing, evicted: [], refused: [], otherTeam };
    if (!this.folder || fresh.length === 0) {
      result.refused = this.folder ? [] : fresh;
      return result;
    }
    const plan = planTrack(fresh, [...this.records.values()], this.maxJobs, this.unreadableAgain);
    if (kind !== undefined) result.evicted = this.evict(plan.evict);
    if (plan.refused.length) this.log.warn(`Not tracked: ${plan.refused.length} job(s) beyond the ${this.maxJobs} a team tracks (the others are still running)`);
    const now = this.now();
    plan.add.forEach((id, seq) => {
      const record = newRecord(id, now, typeof kind === 'object' ? kind.get(id) : kind, seq);
      record.loaded = true;
      record.watchStartedAt = now;
      record.nextPollAt = now;
      const run = factsOf(id);
      if (run) withRunFacts(record, run, now);
      this.records.set(id, record);
    });
    result.added = plan.add;
    result.refused = plan.refused;
    // Pasted lists read top to bottom; keep that order at the top of the view.
    this.order = [...plan.add, ...this.order];
    for (const id of plan.add) this.folder.markDirty(id, false);
    if (plan.add.length) this.log.info(`Tracking ${plan.add.join(', ')}`);
    if (plan.add.length || result.evicted.length) {
      this.listChanged.fire();
      this.schedule();
    }
    return result;
  }

  /** A run another team started: written to that team's list, where its windows (or this one, back on it) follow it. */
  private leaveWithTeam(id: string, kind: JobKind | undefined, run: RunFacts, team: string): void {
    const record = withRunFacts(newRecord(id, this.now(), kind, 0), run, this.now());
    this.log.info(`Job ${id} was started with another API key or server: listed with that one's jobs`);
    void this.folder?.leaveWith(team, record).catch((error: unknown) => this.log.warn(`Could not save job ${id} with its key's jobs: ${error instanceof Error ? error.message : String(error)}`));
  }

  /**
   * Drops the jobs that finished longest ago while more than `maxJobs` are tracked, never one of `keep`
   * (the ids just looked up); returns the ids dropped.
   */
  makeRoom(keep: readonly string[]): string[] {
    const over = this.records.size - this.maxJobs;
    if (over <= 0) return [];
    const others = [...this.records.values()].filter((r) => !keep.includes(r.id));
    const evicted = this.evict(planTrack([], others, others.length - over, this.unreadableAgain).evict);
    if (evicted.length) {
      this.listChanged.fire();
      this.schedule();
    }
    return evicted;
  }

  private evict(records: JobRecord[]): string[] {
    if (!records.length) return [];
    this.removeRecords(records);
    this.log.info(`Stopped tracking ${records.length} finished job(s), those finished longest ago, to stay within ${this.maxJobs} tracked jobs`);
    return records.map((r) => r.id);
  }

  untrack(id: string): boolean {
    const key = id.toLowerCase();
    const record = this.records.get(key);
    if (!record) return false;
    this.remove([record]);
    this.log.info(`Stopped tracking ${key}`);
    return true;
  }

  /**
   * Removes finished and expired jobs, but for deep research jobs once the API has shut down (their
   * findings here are the only copy): how many went, and which such were kept.
   */
  clearFinished(): { removed: number; kept: string[] } {
    const finished = [...this.records.values()].filter(isFinished);
    const going = finished.filter((r) => !this.unreadableAgain(r));
    if (going.length) this.remove(going);
    return { removed: going.length, kept: finished.filter(this.unreadableAgain).map((r) => r.id) };
  }

  /** A deep research job with findings kept here, once the API has shut down: nothing can read them again. One that found nothing keeps nothing. */
  private readonly unreadableAgain = (r: TrackedJob): boolean => {
    return r.kind === 'deepResearch' && hasShutDown(this.notices.notice, this.now()) && hasKeepableResult(r, resultMarkdown(r.snapshot), resultJson(r.snapshot));
  };

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
    if (now >= this.pacer.pausedUntil && !this.teamWait) {
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

  /**
   * The key or API URL changed: answers from the old server or account no longer hold, and the new
   * one may be another team. Requests under way are dropped and nothing is asked until joinTeam says
   * which team this window is in now (with the same team, every job not finished for good is asked again).
   */
  endpointChanged(): void {
    this.pacer.resume();
    this.teamWait ??= deferred();
    const now = this.now();
    for (const r of this.records.values()) {
      if (!r.pending) continue;
      // Its answer would come from the old endpoint; drop it and ask again.
      r.controller?.abort();
      r.pending = undefined;
      r.controller = undefined;
      if (r.poll.kind === 'polling' || r.poll.kind === 'retrying') r.nextPollAt = now;
    }
    this.clearTimer();
  }

  /**
   * Looks at the team's folder against this window's list: jobs other windows added or dropped (also
   * where no file watcher told this window), and in a following window the files of running jobs that
   * another window rewrote. Cheap (one folder listing, a stat per new or running job): run on the
   * lease's beat, when the window gains focus and when it starts leading.
   */
  reconcile(): Promise<void> {
    if (this.disposed || !this.started) return Promise.resolve();
    // Leftovers are removed at start and, by the leader, every few minutes.
    if (this.isLeader() && this.folder && this.now() - this.sweptAt >= SWEEP_EVERY_MS) {
      this.sweptAt = this.now();
      void this.folder.sweep();
    }
    return this.folder?.look() ?? Promise.resolve();
  }

  /** Writes pending changes now (on deactivation, which waits for it). */
  flush(): Promise<void> {
    return this.folder?.flush() ?? Promise.resolve();
  }

  /** Removes leftovers of dropped jobs (see JobFolder.sweep); resolves with how many files went. */
  sweep(): Promise<number> {
    return this.folder?.sweep() ?? Promise.resolve(0);
  }

  dispose(): void {
    if (this.disposed) return;
    void this.flush();
    this.disposed = true;
    this.clearTimer();
    this.fileSubscription.dispose();
    this.folder?.dispose();
    for (const r of this.records.values()) r.controller?.abort();
    this.slots.wakeAll();
    this.pacer.wakeAll();
    this.teamWait?.resolve();
    this.known.resolve();
    this.listChanged.dispose();
    this.jobChanged.dispose();
    this.jobFinished.dispose();
    this.notices.dispose();
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

  /** Puts the current team's list away: what waits to be written is written, nothing more is asked. */
  private putAway(): void {
    const old = this.folder;
    if (!old) return;
    for (const r of this.records.values()) {
      r.controller?.abort();
      r.pending = undefined;
      r.controller = undefined;
    }
    this.folder = undefined;
    this.order = [];
    this.clearTimer();
    this.putAwayWrites = old.flush().finally(() => old.dispose());
  }

  /** Same team after a key or server change: ask again about everything not finished for good. */
  private pollAgain(): void {
    const now = this.now();
    for (const r of this.records.values()) {
      // A job the service no longer knows, or whose API shut down, is finished for good (asked again, it
      // would be announced again); a refusal or an unreachable server may have been the old key's or URL's.
      const stopped = r.poll.kind === 'stopped' ? r.poll.reason : undefined;
      const retry = r.poll.kind === 'polling' || r.poll.kind === 'retrying' || (stopped !== undefined && stopped !== 'timeLimit' && stopped !== 'gone' && stopped !== 'notFound');
      if (!retry) continue;
      if (r.poll.kind !== 'polling') {
        r.poll = { kind: 'polling' };
        this.changed(r);
      }
      r.nextPollAt = now;
    }
  }

  private addRecord(r: JobRecord): JobRecord {
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

  /** Reads the team's folder (activation does not wait), lists what it holds, then removes leftovers. */
  private async loadSaved(folder: JobFolder): Promise<void> {
    const records = this.records;
    let listed: ListedJob[] = [];
    try {
      listed = await folder.load();
    } catch (error) {
      this.log.warn(`Could not read the saved jobs: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (this.disposed || this.folder !== folder) return;
    this.readFolder = folder;
    const now = this.now();
    const added: JobRecord[] = [];
    for (const job of listed) {
      if (records.has(job.id)) continue;
      added.push(this.addRecord(recordOfListed(job, now, 'restore')));
    }
    this.sortOrder();
    // Fired even with nothing added: the folder also said how many jobs other keys' teams keep.
    this.listChanged.fire();
    for (const r of added) this.changed(r, false);
    this.schedule();
    this.sweptAt = this.now();
    void folder.sweep();
  }

  /** How the current team's list takes in what other windows wrote. */
  private folderHost(records: Map<string, JobRecord>): FolderHost {
    return {
      get: (id) => records.get(id),
      running: () => [...records.values()].filter((r) => r.poll.kind === 'polling' || r.poll.kind === 'retrying').map((r) => r.id),
      isLeader: () => this.isLeader(),
      listed: (job) => {
        if (records.has(job.id)) return;
        const r = this.addRecord(recordOfListed(job, this.now(), 'elsewhere'));
        if (job.file) this.log.info(`Job ${r.id} was tracked in another window`);
        this.sortOrder();
        this.listChanged.fire();
        this.changed(r, false);
        this.schedule();
      },
      updated: (id, file, mine) => {
        const r = records.get(id);
        if (!r) return;
        const shownFinished = r.snapshot !== undefined && isTerminalStatus(r.snapshot.status);
        const copyFinished = file.snapshot !== undefined && isTerminalStatus(file.snapshot.status);
        // A finished job never runs again: a copy showing it running is an older answer (a manual
        // refresh in a window that does not poll), and this window's finished copy is written over it.
        // While this window's own request is out, only a copy that shows the end is taken: the answer,
        // read before that end, cannot undo it (applySnapshot), and nothing would bring the end here again.
        const older = shownFinished && file.snapshot !== undefined && !copyFinished;
        if (mine || older || (r.pending && !copyFinished)) {
          if (file.cancelRequested) this.cancelledElsewhere(r);
          if (older) this.folder?.markDirty(r.id, false);
          return;
        }
        if (applyJobFile(r, file, 'elsewhere', this.now())) this.jobFinished.fire(r);
        this.changed(r, false);
        this.schedule();
      },
      dropped: (ids) => {
        if (records === this.records) this.dropFromElsewhere(ids.map((id) => records.get(id)).filter((r): r is JobRecord => r !== undefined));
      },
      hiddenChanged: () => this.listChanged.fire(),
    };
  }

  /** Another window asked to cancel the run: its `failed` reads as cancelled here too, and this window's next write says so. */
  private cancelledElsewhere(r: JobRecord): void {
    if (r.cancelRequested) return;
    r.cancelRequested = true;
    if (r.snapshot) r.snapshot = keepCancelled(r.snapshot, r.snapshot, true);
    this.folder?.markDirty(r.id, r.poll.kind === 'polling' || r.poll.kind === 'retrying');
    this.changed(r, false);
  }

  private dropFromElsewhere(records: JobRecord[]): void {
    if (!records.length) return;
    this.removeRecords(records, false);
    this.listChanged.fire();
    this.schedule();
  }

  private remove(records: JobRecord[]): void {
    this.removeRecords(records);
    this.listChanged.fire();
    this.schedule();
  }

  /** Out of the list; `here`: this window dropped them (their entries and files go), else another window did. */
  private removeRecords(records: JobRecord[], here = true): void {
    for (const r of records) {
      r.controller?.abort();
      r.pending = undefined;
      this.records.delete(r.id);
      if (here) this.folder?.markRemoved(r.id, r.trackedAt);
      else this.folder?.forget(r.id);
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
    const pending = this.slots
      .run(
        () => this.fetch(r, controller, manual),
        () => this.disposed,
      )
      .finally(() => {
        if (r.pending === pending) {
          r.pending = undefined;
          r.controller = undefined;
        }
        this.schedule();
      });
    r.pending = pending;
    return pending;
  }

  private async fetch(r: JobRecord, controller: AbortController, manual: boolean): Promise<RefreshOutcome> {
    // A key or server change is being sorted out: the job may not be this key's to ask about.
    if (this.teamWait) await this.teamWait.promise;
    if (!this.isCurrent(r, controller)) return { job: this.records.get(r.id) };
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
    // A run read as failed may have been cancelled in another window (the service reads a cancel as
    // failed): its file says so, looked at before the end is announced.
    if (!('error' in answer) && !r.cancelRequested && keepCancelled(undefined, answer.snapshot, true) !== answer.snapshot) {
      await this.folder?.follow(r.id);
      if (!this.isCurrent(r, controller)) return { job: this.records.get(r.id) };
    }
    if ('error' in answer) {
      if (answer.kind) r.kind = answer.kind;
      if (answer.researchGone) this.notices.noteShutdown(this.now());
      const failure = answer.error instanceof Error ? answer.error : new Error(String(answer.error));
      this.onFailure(r, failure, manual);
      return { job: r, error: failure, ...(answer.researchGone ? { researchGone: true } : {}) };
    }
    this.onSnapshot(r, answer.snapshot, manual);
    return { job: r };
  }

  /** False when the job was untracked, the team changed, the store disposed or the endpoint changed meanwhile. */
  private isCurrent(r: JobRecord, controller: AbortController): boolean {
    return !this.disposed && !controller.signal.aborted && this.records.get(r.id) === r;
  }

  private answerContext(): AnswerContext {
    return {
      now: this.now(),
      maxPollMs: this.maxPollMs(),
      log: this.log,
      random: this.random,
      interval: (r) => this.intervalFor(r),
      pause: (until) => this.pacer.pause(until),
      sunsetAt: this.notices.notice.sunsetAt,
    };
  }

  private onSnapshot(r: JobRecord, answer: TrackedSnapshot, manual: boolean): void {
    const job = keepCancelled(r.snapshot, answer, r.cancelRequested === true);
    if (job.kind === 'deepResearch') {
      this.notices.logNotices(job.warnings);
      this.notices.noteAnswer(job.deprecation?.sunsetAt, this.now());
    }
    const { finished, kindChanged } = applySnapshot(r, job, manual, this.answerContext());
    if (kindChanged) this.folder?.markDirty(r.id, false);
    this.changed(r);
    if (finished) this.jobFinished.fire(r);
  }

  private onFailure(r: JobRecord, error: FirecrawlError | Error, manual: boolean): void {
    const before = r.poll;
    const { changed, shutDown } = applyFailure(r, error, manual, this.answerContext());
    if (shutDown) this.notices.noteShutdown(this.now());
    // A window that does not poll keeps its failed refresh to itself: saved, it would carry the older
    // snapshot over what the polling window writes meanwhile (a finished job read as running again).
    if (changed) this.changed(r, this.isLeader());
    if (lostWhileRunning(before, r)) this.jobFinished.fire(r);
  }

  private intervalFor(r: JobRecord): number {
    const now = this.now();
    let active = 0;
    for (const other of this.records.values()) if (other.poll.kind === 'polling' || other.poll.kind === 'retrying') active++;
    return pollInterval({
      watchedMs: now - (r.watchStartedAt ?? now),
      finalPhase: r.snapshot ? isFinalPhase(r.snapshot) : false,
      background: this.background,
      activeJobs: active,
      awaitingApproval: awaitsApproval(r.snapshot),
    });
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
    if (save) this.folder?.markDirty(r.id, r.poll.kind === 'polling' || r.poll.kind === 'retrying');
    this.jobChanged.fire(r);
  }

  private clearTimer(): void {
    this.timer?.dispose();
    this.timer = undefined;
    this.timerAt = undefined;
  }

  /** Sets the one timer for the earliest due job, or none when nothing is due. */
  private schedule(): void {
    if (this.disposed || !this.started || !this.folder || this.teamWait) {
      this.clearTimer();
      return;
    }
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
      // Timers run on their own clock: a wall clock set back meanwhile (an NTP fix) would leave every
      // job due only once it catches up. The times still ahead move back with it.
      const step = this.now() - earliest;
      if (step < -CLOCK_STEP_MS) {
        for (const r of this.records.values()) {
          if (r.nextPollAt !== undefined) r.nextPollAt += step;
          if (r.poll.kind === 'retrying' && r.poll.retryAt !== undefined) r.poll = { ...r.poll, retryAt: r.poll.retryAt + step };
        }
        this.pacer.clockStepped(step);
      }
      void this.tick();
    });
  }
}

/** What is known of a run as it is tracked: started here (its prompt, begun now), or when the team's activity says it began. */
function withRunFacts(record: JobRecord, run: RunFacts, now: number): JobRecord {
  if (run.startedHere) {
    record.startedHere = true;
    record.ranAt = now;
    // Whitespace as one space: the prompt is shown on one line.
    const prompt = run.prompt?.replace(/\s+/g, ' ').trim().slice(0, PROMPT_KEPT);
    if (prompt) record.prompt = prompt;
  } else if (run.ranAt !== undefined) record.ranAt = Math.min(run.ranAt, now);
  return record;
}
