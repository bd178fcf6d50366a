// The one source of truth for usage by hour and by day: the status bar's last 24 hours and spike
// alert, and the usage panel's 30 days / 7 days / 24 hours ranges, read it. The window that polls for
// the team asks at most once every 15 minutes and only while a window of the team is focused: the
// hourly bins, or, when the 7-day baseline has grown old, the daily bins instead of them, so a focused
// hour costs four requests whatever it needs. One exception: hourly bins that could hold a spike (from
// a poll, the panel or a refresh), with no usual rate at hand (right after a start, before the week's
// turn), bring the week's bins along at once, since a spike cannot be told without them and the
// week's turn is up to 15 minutes away. Every answer is shared with the team's other windows.
import { askedWaitMs, isKeyRejected, isUnsupportedOnServer, type UsageBins, type UsageTimeRange, USAGE_TIME_RANGES } from '../../../api';
import { type Clock, isAhead } from '../../../shared/clock';
import { DisposableBase, Emitter, type FocusSource } from '../../../shared/events';
import { DueTimer } from '../../../shared/dueTimer';
import type { TeamFile } from '../../../shared/sharedFiles';
import { DAY_MS } from '../../../shared/usageSlots';

export interface BinsSnapshot {
  bins: UsageBins;
  fetchedAt: number;
}

export type BinsProblem =
  | { kind: 'noKey' }
  | { kind: 'unauthorized'; error: unknown }
  /** A self-hosted server answers 500 on the credit routes: nothing to retry. */
  | { kind: 'unsupported'; error: unknown }
  /** Offline, timeout, 5xx, 429, 400 or an unreadable body: the last bins stay, with their age. */
  | { kind: 'unavailable'; error: unknown };

export interface RangeState {
  snapshot?: BinsSnapshot;
  loading: boolean;
  problem?: BinsProblem;
}

export type RecentUsageState = Readonly<Record<UsageTimeRange, RangeState>>;
export type SharedSnapshots = Partial<Record<UsageTimeRange, BinsSnapshot>>;

export interface RecentUsageStoreOptions {
  fetch: (range: UsageTimeRange, signal: AbortSignal) => Promise<UsageBins>;
  /** Whether this window polls for the team (default: yes). */
  isLeader?: () => boolean;
  /** The bins as the team's windows share them (the leader's polls, and what any window loaded). */
  shared?: Pick<TeamFile<SharedSnapshots>, 'publish' | 'read' | 'onDidPublish'>;
  hasKey: () => boolean;
  /** Settles once `hasKey` can be trusted and the team's shared files have a name. */
  ready?: () => Promise<void>;
  isSelfHosted: () => boolean;
  clock: Clock;
  /** Focused when any window of the team is. */
  focus: FocusSource;
  /** At most one poll this often; default 15 minutes. */
  intervalMs?: number;
  /** The week's bins (the usual rate) are asked again when older than this or from before today (UTC); default 6 hours. */
  baselineMaxAgeMs?: number;
  /** Whether these hourly bins could hold a spike, which only the usual rate can tell (default: never). */
  couldSpike?: (day: BinsSnapshot) => boolean;
}

export const POLL_INTERVAL_MS = 15 * 60_000;
export const BASELINE_MAX_AGE_MS = 6 * 60 * 60_000;
/** Daily bins are asked again when newer hours count this much more used today (a share of what they show). */
const BEHIND_SHARE = 0.05;

function emptyState(): Record<UsageTimeRange, RangeState> {
  return { day: { loading: false }, week: { loading: false }, month: { loading: false } };
}

export class RecentUsageStore extends DisposableBase {
  private current = emptyState();
  private readonly inFlight = new Map<UsageTimeRange, Promise<void>>();
  private readonly controllers = new Map<UsageTimeRange, AbortController>();
  private readonly due: DueTimer;
  /** What the last poll asked: the week never takes two turns in a row (a failing one would starve the hours). */
  private lastTurn: UsageTimeRange | undefined;
  private readonly changed = this._register(new Emitter<RecentUsageState>());
  private started = false;
  private disposed = false;
  /** When the key or server last changed: bins fetched before then are another team's. */
  private resetAt = Number.NEGATIVE_INFINITY;
  /**
   * The new key's or server's first look, not taken yet: asked at once by the window that leads, focused
   * or not (the team's lease and focus are settling while it is rejoined, and a due time armed in that
   * moment would wait for an event that may not come).
   */
  private owed = false;
  readonly onDidChange = this.changed.event;

  constructor(private readonly options: RecentUsageStoreOptions) {
    super();
    this.due = this._register(new DueTimer({ clock: options.clock, focus: options.focus, canPoll: () => this.leader && this.started && !this.disposed, poll: () => this.poll() }));
    if (options.shared) this._register(options.shared.onDidPublish((snapshots) => this.adopt(snapshots)));
  }

  get state(): RecentUsageState {
    return this.current;
  }

  private get interval(): number {
    return this.options.intervalMs ?? POLL_INTERVAL_MS;
  }

  private get leader(): boolean {
    return this.options.isLeader?.() ?? true;
  }

  /** Takes what the team's windows shared (also after a restart: the file stays), then polls if this window leads. */
  start(): void {
    const begin = async () => {
      const snapshots = await this.options.shared?.read().catch(() => undefined);
      if (this.disposed) return;
      this.started = true;
      this.adopt(snapshots);
      this.due.set(this.due.due ?? this.options.clock.now());
    };
    void (this.options.ready ? this.options.ready().then(begin) : begin());
  }

  /** This window started or stopped polling for the team. */
  roleChanged(): void {
    if (!this.started) return;
    if (this.leader && this.owed) {
      this.poll();
      return;
    }
    if (!this.leader) {
      this.due.pause();
      void this.options.shared
        ?.read()
        .then((s) => this.adopt(s))
        .catch(() => undefined);
      return;
    }
    this.due.arm();
  }

  /** The key or API URL changed: the bins belong to another team or server, and the new one is asked at once. */
  reset(): void {
    for (const controller of this.controllers.values()) controller.abort();
    this.controllers.clear();
    this.inFlight.clear();
    this.resetAt = this.options.clock.now();
    this.current = emptyState();
    this.changed.fire(this.current);
    this.owed = true;
    this.due.set(this.options.clock.now());
    if (this.leader && this.started && !this.disposed) this.poll();
  }

  /**
   * Loads a range unless it is younger than `maxAgeMs` and no hourly bins fetched since show more used
   * today than its own today does (the panel opening, switching range, or new hours reaching an open panel).
   */
  ensure(range: UsageTimeRange, maxAgeMs = this.interval): Promise<void> {
    const state = this.current[range];
    const age = state.snapshot ? this.options.clock.now() - state.snapshot.fetchedAt : Infinity;
    if (age >= 0 && age < maxAgeMs && !state.problem && !this.behindTheHours(range)) return Promise.resolve();
    return this.refresh(range);
  }

  /** Whether hourly bins fetched after this range's daily bins count more credits since today's start (UTC) than they do. */
  private behindTheHours(range: UsageTimeRange): boolean {
    const days = this.current[range].snapshot;
    const hours = this.current.day.snapshot;
    if (range === 'day' || !days || !hours || hours.fetchedAt <= days.fetchedAt) return false;
    const today = Math.floor(hours.fetchedAt / DAY_MS) * DAY_MS;
    // Only a gap the bar would show: a steady team's few credits since are not worth a request per poll.
    const shown = usedSince(days.bins, today);
    return usedSince(hours.bins, today) - shown > Math.max(1, BEHIND_SHARE * Math.abs(shown));
  }

  /** Loads a range now, sharing a request for it already under way. */
  refresh(range: UsageTimeRange): Promise<void> {
    if (this.disposed) return Promise.resolve();
    let pending = this.inFlight.get(range);
    if (!pending) {
      const started: Promise<void> = this.load(range).finally(() => {
        if (this.inFlight.get(range) === started) this.inFlight.delete(range);
      });
      this.inFlight.set(range, started);
      pending = started;
    }
    return pending;
  }

  /** Whether the week's bins (the usual rate) need renewing: none yet, older than 6 hours, or from before today (UTC). */
  private get weekOld(): boolean {
    const now = this.options.clock.now();
    const week = this.current.week.snapshot;
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    return !week || now - week.fetchedAt >= (this.options.baselineMaxAgeMs ?? BASELINE_MAX_AGE_MS) || week.fetchedAt < today;
  }

  /** What the poll asks next: the hourly bins, or the week's when the usual rate needs renewing. */
  nextRange(): UsageTimeRange {
    // The last 24 hours come first (the tooltip shows them); the baseline takes the next turn.
    // Only after a turn of the hours: bins taken from the team's file at a start may be from yesterday.
    return this.weekOld && this.current.day.snapshot && this.lastTurn === 'day' ? 'week' : 'day';
  }

  /** A refresh someone asked for (Refresh Credits): the last 24 hours, and the week's bins too if they are old. */
  refreshNow(): Promise<void> {
    const pending = [this.refresh('day')];
    if (this.weekOld) pending.push(this.refresh('week'));
    return Promise.all(pending).then(() => undefined);
  }

  private async load(range: UsageTimeRange): Promise<void> {
    if (this.options.ready) await this.options.ready();
    if (this.disposed) return;
    if (!this.options.hasKey()) {
      this.update(range, { snapshot: undefined, loading: false, problem: { kind: 'noKey' } });
      return;
    }
    const controller = new AbortController();
    this.controllers.get(range)?.abort();
    this.controllers.set(range, controller);
    this.update(range, { loading: true });
    try {
      const bins = await this.options.fetch(range, controller.signal);
      if (controller.signal.aborted || this.disposed) return;
      const snapshot: BinsSnapshot = { bins, fetchedAt: this.options.clock.now() };
      this.update(range, { snapshot, loading: false, problem: undefined });
      // Only the range fetched: the team's file of another range may hold newer bins this window has not read.
      this.options.shared?.publish({ [range]: snapshot });
      // Any fresh hourly bins (a poll, the panel, Refresh) put the next poll a whole interval away.
      if (range === 'day') {
        this.schedule(snapshot.fetchedAt + this.interval);
        void this.usualRateForSpike();
      }
    } catch (error) {
      if (controller.signal.aborted || this.disposed) return;
      this.fail(range, error);
    } finally {
      if (this.controllers.get(range) === controller) this.controllers.delete(range);
    }
  }

  private fail(range: UsageTimeRange, error: unknown): void {
    const now = this.options.clock.now();
    if (isKeyRejected(error)) {
      // Polling a rejected key only burns requests: a new key (reset) or a refresh asks again.
      this.update(range, { loading: false, problem: { kind: 'unauthorized', error } });
      this.due.set(undefined);
      return;
    }
    if (isUnsupportedOnServer(error, this.options.isSelfHosted())) {
      this.update(range, { snapshot: undefined, loading: false, problem: { kind: 'unsupported', error } });
      this.due.set(undefined);
      return;
    }
    this.update(range, { loading: false, problem: { kind: 'unavailable', error } });
    // The next turn comes at the usual pace, or later when the service asks for a longer wait.
    const asked = askedWaitMs(error) ?? 0;
    if (range === 'day' || range === 'week') this.schedule(now + Math.max(this.interval, Math.min(asked, 4 * this.interval)));
  }

  /** Newer bins another window fetched: shown here as if fetched here; the next poll counts from them. */
  private adopt(snapshots: SharedSnapshots | undefined): void {
    if (!snapshots || this.disposed || !this.options.hasKey()) return;
    const now = this.options.clock.now();
    for (const range of USAGE_TIME_RANGES) {
      const theirs = snapshots[range];
      const mine = this.current[range].snapshot;
      // Bins of this window's stamped ahead (fetched before the clock stepped back) are older than any fetched since.
      if (!theirs || (mine && mine.fetchedAt >= theirs.fetchedAt && !isAhead(mine.fetchedAt, now)) || theirs.bins.timeRange !== range) continue;
      // Another team's (written before the key changed), or written when the clock ran ahead (it stepped back since).
      if (theirs.fetchedAt < this.resetAt || isAhead(theirs.fetchedAt, now)) continue;
      this.update(range, { snapshot: theirs, problem: undefined });
      if (range === 'day') this.schedule(theirs.fetchedAt + this.interval);
    }
  }

  private poll(): void {
    this.owed = false;
    const range = this.nextRange();
    this.lastTurn = range;
    void this.refresh(range).then(() => {
      // A week's turn (or a failure) leaves no hourly answer to count from: the next turn is an interval on.
      // (A rejected key or a server without credits leaves nothing due: it stays so.)
      if (this.due.overdue) this.schedule(this.options.clock.now() + this.interval);
    });
  }

  /** The week's bins now, when the hours just fetched could hold a spike and the usual rate is missing or old (a team file from weeks ago). */
  private usualRateForSpike(): Promise<void> | undefined {
    const { day, week } = this.current;
    if ((week.snapshot && !this.weekOld) || week.problem || week.loading || !day.snapshot || !this.options.couldSpike?.(day.snapshot)) return undefined;
    return this.refresh('week');
  }

  private schedule(at: number): void {
    this.due.set(at);
  }

  private update(range: UsageTimeRange, patch: Partial<RangeState>): void {
    const next: RangeState = { ...this.current[range], ...patch };
    if ('problem' in patch && patch.problem === undefined) delete next.problem;
    if ('snapshot' in patch && patch.snapshot === undefined) delete next.snapshot;
    this.current = { ...this.current, [range]: next };
    this.changed.fire(this.current);
  }

  override dispose(): void {
    this.disposed = true;
    for (const controller of this.controllers.values()) controller.abort();
    super.dispose();
  }
}

/** Credits in the bins that start at or after `start` (epoch ms). */
function usedSince(bins: UsageBins, start: number): number {
  let sum = 0;
  for (const bin of bins.bins) {
    const at = bin.startDate ? Date.parse(bin.startDate) : Number.NaN;
    if (at >= start) sum += bin.creditsUsed;
  }
  return sum;
}
