// The team's agent runs and deep research jobs of the last 24 hours, for "Add Recent Jobs…" and the
// view's Recent group: the window's shared recent-activity list (its agent and deep research entries)
// and the agent list, merged by id. The group refreshes the whole list at once, never an entry by
// itself, and only while its view is visible in a focused window: at most once a minute, easing to
// once in five minutes while nothing changes, backing off on errors, and not at all on a server that
// has no such list. Pure: no `vscode`; the client, the shared list and the clock are injected.
import { type AgentListQuery, type AgentRunList, askedWaitMs, isDefaultApiUrl } from '../../../api';
import type { ActivityRead } from '../../activity';
import { isListingUnsupported } from '../../../host/errorText';
import { MAX_SERVER_WAIT_MS } from '../../../shared/backoff';
import { type Clock, isAhead } from '../../../shared/clock';
import { type Disposable, Emitter, type Event } from '../../../shared/events';
import { parseTime } from '../../../shared/format';
import { isJobId, normalizeJobId } from '../../../shared/jobIds';
import { DEEP_RESEARCH_SUNSET } from './storeOptions';
import type { JobKind } from './trackedJob';

export interface RecentRun {
  id: string;
  kind: JobKind;
  /** The prompt or query (untrusted text); undefined when neither list names one. */
  target: string | undefined;
  /** Epoch ms, or undefined when no list gave a readable time. */
  ranAt: number | undefined;
  /** Only the agent list knows it: `processing`, `completed`, `failed`, or what the service says. */
  status: string | undefined;
  model: string | undefined;
}

export interface RecentRunsReader {
  listAgentJobs(query: AgentListQuery): Promise<AgentRunList>;
  /** The server asked: at a server of one's own, a 500 from the lists means it has none. */
  readonly baseUrl?: string;
}

/** The window's shared recent-activity list (features/activity). */
export interface ActivitySource {
  read(maxAgeMs: number): Promise<ActivityRead>;
}

export const RECENT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Never more often than this (the group's own pace while something changes). */
export const RECENT_MIN_INTERVAL_MS = 60_000;
/** While nothing changes the pace eases, doubling up to this. */
export const RECENT_MAX_INTERVAL_MS = 5 * 60_000;
/** After a failure the next try waits at least this, doubling up to RECENT_ERROR_MAX_MS. */
const RECENT_ERROR_MAX_MS = 10 * 60_000;
/** Pages of the agent list read at most: 3 × 20 runs. */
const AGENT_PAGES = 3;
const REQUEST_TIMEOUT_MS = 20_000;
const ACTIVITY_KINDS: Readonly<Record<string, JobKind>> = { agent: 'agent', deep_research: 'deepResearch' };
/** The service keeps a deep research job about six hours after its last update, then answers 404. */
const DEEP_RESEARCH_KEPT_MS = 6 * 60 * 60_000;

/**
 * Reads the agent list (it adds statuses; not when `skipAgents`) and the shared activity list when it
 * is older than `maxAgeMs`, and merges them by id, newest first. A list that fails is left out while
 * the other answers (`agentsUnsupported` when the server has no agent list); when neither does, the
 * activity list's failure is thrown.
 */
export async function loadRecentRuns(
  reader: RecentRunsReader,
  activity: ActivitySource,
  now: number,
  maxAgeMs: number,
  signal?: AbortSignal,
  researchSunset = DEEP_RESEARCH_SUNSET,
  skipAgents = false,
): Promise<{ runs: RecentRun[]; truncated: boolean; agentsUnsupported: boolean }> {
  const since = now - RECENT_WINDOW_MS;
  let agentsUnsupported = false;
  const [read, agents] = await Promise.all([
    activity.read(maxAgeMs),
    skipAgents
      ? undefined
      : reader.listAgentJobs({ since, signal, timeoutMs: REQUEST_TIMEOUT_MS, maxAttempts: 1, maxPages: AGENT_PAGES }).then(
          (list) => list,
          (error: unknown) => {
            agentsUnsupported = isListingUnsupported(error, reader.baseUrl !== undefined && !isDefaultApiUrl(reader.baseUrl));
            return undefined;
          },
        ),
  ]);
  if (read.kind === 'failed' && !agents) throw read.error;

  const byId = new Map<string, RecentRun>();
  const merge = (id: string, kind: JobKind, fields: Partial<RecentRun>) => {
    if (!isJobId(id)) return;
    const key = normalizeJobId(id);
    const known = byId.get(key);
    const run: RecentRun = known ?? { id: key, kind, target: undefined, ranAt: undefined, status: undefined, model: undefined };
    // The first list to name a field wins; the agent list's prompt is the run's own words.
    for (const [name, value] of Object.entries(fields) as Array<[keyof RecentRun, unknown]>) {
      if (value !== undefined && (run[name] === undefined || name === 'status')) (run as unknown as Record<string, unknown>)[name] = value;
    }
    byId.set(key, run);
  };
  // A run hidden in the dashboard stays hidden: the activity list, which knows nothing of it, must not bring it back.
  const hidden = new Set<string>();
  for (const a of agents?.runs ?? []) {
    if (a.hidden) hidden.add(normalizeJobId(a.id));
    else merge(a.id, 'agent', { target: a.prompt ?? a.targetHint, ranAt: parseTime(a.createdAt), status: a.status, model: a.model });
  }
  for (const e of read.kind === 'loaded' ? read.list.entries : []) {
    const kind = ACTIVITY_KINDS[e.endpoint];
    const ranAt = parseTime(e.createdAt);
    if (kind === 'deepResearch' && !readableResearch(ranAt, now, researchSunset)) continue;
    if (kind && !hidden.has(normalizeJobId(e.id))) merge(e.id, kind, { target: e.target ?? undefined, ranAt });
  }
  const runs = [...byId.values()]
    .filter((r) => r.ranAt === undefined || r.ranAt > since)
    .sort((a, b) => (a.ranAt === undefined ? (b.ranAt === undefined ? 0 : 1) : b.ranAt === undefined ? -1 : b.ranAt - a.ranAt));
  const truncated = (read.kind === 'loaded' && read.list.truncated) || agents?.truncated === true;
  return { runs, truncated, agentsUnsupported };
}

/** Within the 24 hours the lists cover; a run dated ahead of the clock (set back since) too. */
function isRecent(run: RecentRun, now: number): boolean {
  return run.ranAt === undefined || run.ranAt > now - RECENT_WINDOW_MS;
}

/**
 * Whether a deep research job the activity list names can still be read: not after the shutdown (but a
 * job begun after the announced date shows this server still runs it), and not once it is past the
 * hours the service keeps it (offered, it would only be an empty row).
 */
function readableResearch(ranAt: number | undefined, now: number, sunset: number): boolean {
  const served = now < sunset || (ranAt !== undefined && ranAt >= sunset);
  return served && (ranAt === undefined || now - ranAt < DEEP_RESEARCH_KEPT_MS);
}

export type RecentRunsState =
  | { kind: 'idle' }
  | { kind: 'loaded'; runs: readonly RecentRun[]; at: number; truncated: boolean }
  /** `runs` are the last ones read, kept on screen through the failure. */
  | { kind: 'unavailable'; error: unknown; at: number; runs: readonly RecentRun[]; unsupported: boolean };

export interface RecentRunsOptions {
  /** Read at each refresh, so a key or URL change applies. */
  reader: () => RecentRunsReader;
  /** The window's recent-activity list, shared with the hover and the wizard. */
  activity: ActivitySource;
  clock: Clock;
  /** `firecrawl.research.showRecent`, read at each decision. */
  enabled: () => boolean;
  /** When deep research can no longer be read: the service's Sunset (default: the published date). */
  researchSunset?: () => number;
  log?: { debug(message: string): void; warn(message: string): void };
}

export class RecentRuns implements Disposable {
  private current: RecentRunsState = { kind: 'idle' };
  private attention = { visible: false, focused: false };
  private timer: Disposable | undefined;
  private inFlight: Promise<void> | undefined;
  private controller: AbortController | undefined;
  private lastAttemptAt: number | undefined;
  private interval = RECENT_MIN_INTERVAL_MS;
  private failures = 0;
  /** The server answered that it has no agent list (self-hosted without a database): only the activity list is read, until the key or server changes. */
  private agentsUnsupported = false;
  private disposed = false;
  private readonly changed = new Emitter<void>();
  /** The list or its state changed. */
  readonly onDidChange: Event<void> = this.changed.event;
  /** Reads of the lists so far (each two requests when both fit one page and no one read the activity list just before), for the figures. */
  refreshes = 0;

  constructor(private readonly options: RecentRunsOptions) {}

  get state(): RecentRunsState {
    return this.current;
  }

  /**
   * The runs last read (also through a failure), newest first, less those that have aged out since:
   * a list that cannot be read again for hours (offline, unfocused) would offer yesterday's runs as
   * recent, and deep research jobs the service no longer keeps.
   */
  get runs(): readonly RecentRun[] {
    if (this.current.kind === 'idle') return [];
    const runs = this.current.runs;
    const now = this.options.clock.now();
    const sunset = this.options.researchSunset?.() ?? DEEP_RESEARCH_SUNSET;
    const offered = runs.filter((r) => isRecent(r, now) && (r.kind !== 'deepResearch' || readableResearch(r.ranAt, now, sunset)));
    return offered.length === runs.length ? runs : offered;
  }

  /** Whether the Recent group may refresh now: enabled, its view visible, this window focused. */
  get active(): boolean {
    return !this.disposed && this.options.enabled() && this.attention.visible && this.attention.focused;
  }

  /** The view's visibility and this window's focus; refreshing starts and stops with them. */
  setAttention(attention: { visible: boolean; focused: boolean }): void {
    const was = this.active;
    this.attention = { ...attention };
    // Someone looks again: the list is read at the quick pace for a while.
    if (!was && this.active) this.interval = RECENT_MIN_INTERVAL_MS;
    this.schedule();
  }

  /** The setting changed. */
  settingsChanged(): void {
    this.schedule();
  }

  /** The key or API URL changed: the old list belongs to another team or server. */
  endpointChanged(): void {
    this.controller?.abort();
    this.inFlight = undefined;
    this.current = { kind: 'idle' };
    this.lastAttemptAt = undefined;
    this.interval = RECENT_MIN_INTERVAL_MS;
    this.failures = 0;
    this.agentsUnsupported = false;
    this.changed.fire();
    this.schedule();
  }

  /**
   * Reads the lists now, whatever the pace (Add Recent Jobs asks for this), sharing a read already on
   * its way; an activity list younger than `maxAgeMs` is taken as it is. Resolves when the state is up to date.
   */
  refresh(maxAgeMs = 0): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (this.inFlight) return this.inFlight;
    const reading: Promise<void> = this.load(maxAgeMs).finally(() => {
      // A read abandoned for a new key or server must not forget the read that replaced it.
      if (this.inFlight !== reading) return;
      this.inFlight = undefined;
      this.schedule();
    });
    this.inFlight = reading;
    return reading;
  }

  private async load(maxAgeMs: number): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    const started = this.options.clock.now();
    this.lastAttemptAt = started;
    const before = this.runs;
    this.refreshes++;
    const reader = this.options.reader();
    try {
      const { runs, truncated, agentsUnsupported } = await loadRecentRuns(reader, this.options.activity, started, maxAgeMs, controller.signal, this.options.researchSunset?.(), this.agentsUnsupported);
      if (controller.signal.aborted || this.disposed) return;
      if (agentsUnsupported) this.agentsUnsupported = true;
      this.failures = 0;
      // Nothing new since the last read: the pace eases; anything new brings it back to a minute.
      this.interval = sameRuns(before, runs) && this.current.kind === 'loaded' ? Math.min(RECENT_MAX_INTERVAL_MS, this.interval * 2) : RECENT_MIN_INTERVAL_MS;
      this.current = { kind: 'loaded', runs, at: this.options.clock.now(), truncated };
    } catch (error) {
      if (controller.signal.aborted || this.disposed) return;
      const unsupported = isListingUnsupported(error, reader.baseUrl !== undefined && !isDefaultApiUrl(reader.baseUrl));
      this.failures++;
      this.options.log?.warn(`Recent jobs could not be listed: ${error instanceof Error ? error.message : String(error)}`);
      this.current = { kind: 'unavailable', error, at: this.options.clock.now(), runs: before, unsupported };
    } finally {
      if (this.controller === controller) this.controller = undefined;
    }
    this.changed.fire();
  }

  /** When the group reads the lists next, or undefined when it does not (inactive, unsupported). */
  nextRefreshAt(): number | undefined {
    if (!this.active) return undefined;
    const state = this.current;
    if (state.kind === 'unavailable' && state.unsupported) return undefined;
    const now = this.options.clock.now();
    if (this.lastAttemptAt === undefined) return now;
    // Made before the clock was set back: counted as made now, or the next read would wait as long as the clock moved.
    const last = isAhead(this.lastAttemptAt, now) ? now : this.lastAttemptAt;
    if (state.kind === 'unavailable') {
      const backoff = Math.min(RECENT_ERROR_MAX_MS, RECENT_MIN_INTERVAL_MS * 2 ** Math.max(0, this.failures - 1));
      return last + Math.max(backoff, Math.min(askedWaitMs(state.error) ?? 0, MAX_SERVER_WAIT_MS));
    }
    return last + this.interval;
  }

  private schedule(): void {
    this.timer?.dispose();
    this.timer = undefined;
    if (this.inFlight) return;
    const at = this.nextRefreshAt();
    if (at === undefined) return;
    this.timer = this.options.clock.schedule(Math.max(0, at - this.options.clock.now()), () => {
      this.timer = undefined;
      // Its own pace: a list someone else read within the minute serves.
      if (this.active) void this.refresh(RECENT_MIN_INTERVAL_MS);
    });
  }

  dispose(): void {
    this.disposed = true;
    this.timer?.dispose();
    this.controller?.abort();
    this.changed.dispose();
  }
}

function sameRuns(a: readonly RecentRun[], b: readonly RecentRun[]): boolean {
  return a.length === b.length && a.every((r, i) => r.id === b[i]?.id && r.status === b[i]?.status && r.target === b[i]?.target);
}

/** The runs the group lists: those not tracked, newest first. */
export function untrackedRuns(runs: readonly RecentRun[], isTracked: (id: string) => boolean): RecentRun[] {
  return runs.filter((run) => !isTracked(run.id));
}
