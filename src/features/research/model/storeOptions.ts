// What the research store is given and what it answers: its client, storage, team role and limits,
// and the results of its commands.
import type { AgentJob, CallOptions, FirecrawlError, ResearchJob } from '../../../api';
import type { Clock } from '../../../shared/clock';
import type { CancelConflict } from '../../../host/errorText';
import type { SharedFiles } from '../../../shared/sharedFiles';
import type { ResearchStorage } from './storage';
import type { TrackedJob } from './trackedJob';

export interface ResearchJobReader {
  getResearchJob(id: string, options?: CallOptions): Promise<ResearchJob>;
  getAgentJob(id: string, options?: CallOptions): Promise<AgentJob>;
  cancelAgentJob(id: string, options?: CallOptions): Promise<void>;
}

/** The published shutdown of the Deep Research API, unless the service says otherwise (Sunset). */
export const DEEP_RESEARCH_SUNSET = Date.parse('2026-12-10T15:00:00.000Z');

export interface DeepResearchNotice {
  /** When deep research stops (stopped) answering: the service's Sunset if it sent one, else the published date. */
  sunsetAt: number;
  /** When a 410 was first seen: the API is gone. */
  shutDownAt?: number;
  /** When a deep research answer first came at or past the sunset: the API still serves, whatever the date said. */
  servedPastSunset?: number;
}

/** Whether the Deep Research API is gone by `now`: a 410 said so, or its sunset has passed and nothing answered since. */
export function hasShutDown(notice: DeepResearchNotice, now: number): boolean {
  return notice.shutDownAt !== undefined || (now >= notice.sunsetAt && notice.servedPastSunset === undefined);
}

/** Until when deep research jobs can be read: the sunset, or the 410 that came before it; no end known while it answers past its date. */
export function readableUntilShutdown(notice: DeepResearchNotice): number {
  return Math.min(notice.servedPastSunset === undefined ? notice.sunsetAt : Infinity, notice.shutDownAt ?? Infinity);
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
  /** The job files, shared with the other windows. */
  files: SharedFiles;
  /** This window, in the files it writes. */
  windowId?: string;
  /**
   * The team (one key on one server; host/team.ts) whose jobs this window lists, when it is known at
   * construction; otherwise nothing is listed until joinTeam().
   */
  team?: string;
  /** Whether this window polls for the team (default: yes, alone). Read at every decision. */
  isLeader?: () => boolean;
  /** At most this many jobs are tracked per team (default 200): tracking more drops the ones finished longest ago. */
  maxJobs?: number;
  /** A job's file is kept under this many bytes (default 4 MB; see jobFit.ts). */
  maxJobBytes?: number;
  clock: Clock;
  log?: ResearchLog;
  random?: () => number;
  /** `firecrawl.research.maxPollMinutes`, read at each decision so a settings change applies. */
  maxPollMs?: () => number;
  /** Requests in flight at once across all jobs. */
  concurrency?: number;
  /** Requests a minute across all jobs (default POLL.budgetPerMinute); Infinity turns pacing off. */
  requestsPerMinute?: number;
  requestTimeoutMs?: number;
  /** Writes are gathered for this long, so a burst of polls costs one write per job. */
  persistDelayMs?: number;
  /** How long a running job's new snapshot may wait to be written (other windows follow it). */
  runningPersistDelayMs?: number;
}

export interface RefreshOutcome {
  job: TrackedJob | undefined;
  /** Why the request failed, for a manual refresh to report. */
  error?: FirecrawlError | Error;
  /** A cancel the service refused because the run had already finished or been cancelled. */
  conflict?: CancelConflict;
  /** Not found as an agent job, and the deep research route answered 410 (as it does for every id once shut down). */
  researchGone?: boolean;
}

/** What is known of a run being tracked beyond its id: the service's status answers say none of it. */
export interface RunFacts {
  id: string;
  /** Started by this editor a moment ago: its end is news even when the first answer already shows it. */
  startedHere?: boolean;
  /** What it was asked, for a run started here. */
  prompt?: string;
  /** When it began, as the team's recent activity says (a run started here began now). */
  ranAt?: number;
  /**
   * The team whose key and server started it, when known as it was sent: a key or server changed while
   * the start was on its way leaves the run that team's, listed with its jobs, not this window's.
   */
  team?: string;
}

export interface TrackResult {
  added: string[];
  existing: string[];
  /** Finished jobs no longer tracked, to make room (finished longest ago first). */
  evicted: string[];
  /** New ids not tracked: the cap was reached with jobs still running (or the team is not known yet). */
  refused: string[];
  /** Runs another team started (RunFacts.team): listed with that team's jobs, not shown here. */
  otherTeam: string[];
}
