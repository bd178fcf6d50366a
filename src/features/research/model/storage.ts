// What a team's folder of tracked jobs holds, and how it is read back. `research/<team>/<id>.json` is a
// job (written whole, at once); `research/<team>/<id>.removed.json` says the job was dropped at a time.
// Everything read from disk is checked as strictly as what comes from the network: a file that does
// not hold what the views read is damaged, and costs only its own job.
import { type ErrorInfo, errorFromInfo, errorInfo, type TrackedSnapshot } from '../../../api';
import { isJobId } from '../../../shared/jobIds';
import type { JobKind, PollState, StopReason, Trimmed } from './trackedJob';

/** The part of vscode.Memento the research store needs (context.globalState fits). */
export interface ResearchStorage {
  get<T>(key: string): T | undefined;
  keys(): readonly string[];
  update(key: string, value: unknown): PromiseLike<void>;
}

export const JOB_FOLDER = 'research';
const TEAM_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const REMOVED = '.removed.json';

export const teamJobFolder = (team: string): string => `${JOB_FOLDER}/${team}`;
/** A team's file for a job. */
export const jobFileName = (team: string, id: string): string => `${JOB_FOLDER}/${team}/${id}.json`;
/** A team's note that a job was dropped. */
export const removalFileName = (team: string, id: string): string => `${JOB_FOLDER}/${team}/${id}${REMOVED}`;

/** What a shared file is (its name relative to the global storage folder): a team's job or removal note. */
export function parseJobFileName(name: string): { team: string; id: string; removal: boolean } | undefined {
  const match = /^research\/([^/]+)\/([^/]+)\.json$/.exec(name);
  if (!match?.[1] || !match[2] || !TEAM_NAME.test(match[1])) return undefined;
  const removal = match[2].endsWith('.removed');
  const id = removal ? match[2].slice(0, -'.removed'.length) : match[2];
  return isJobId(id) ? { team: match[1], id, removal } : undefined;
}

export type PersistedPoll =
  | { kind: 'polling' }
  | { kind: 'idle' }
  | { kind: 'retrying'; reason: 'unreachable' | 'rateLimited'; retryAt: number; failures: number; error: ErrorInfo }
  | { kind: 'stopped'; reason: StopReason; at: number; afterMs?: number; error?: ErrorInfo };

/** The job files this version writes and reads; a file with a higher number is a later version's. */
export const JOB_FILE_VERSION = 2;

export interface JobFile {
  v: 2;
  id: string;
  kind?: JobKind;
  trackedAt: number;
  /** Position within the batch it was tracked in: a pasted list keeps its order. */
  seq: number;
  /** When and by which window this copy was written: the newest copy wins. */
  writtenAt: number;
  writtenBy: string;
  snapshot?: TrackedSnapshot;
  fetchedAt?: number;
  watchStartedAt?: number;
  finishedAt?: number;
  poll: PersistedPoll;
  nextPollAt?: number;
  /** What was left out of this copy to keep the file under its size cap (see jobFit.ts). */
  trimmed?: Trimmed;
  /** A window asked the service to cancel this agent run (see cancelledRuns.ts): every window keeps it. */
  cancelRequested?: true;
  /** What the person asked, for a run started in this editor: the service's answers never say it. */
  prompt?: string;
  /** When the run began, where known (started here, or listed in the team's recent activity). */
  ranAt?: number;
}

/** A job dropped at `removedAt`: a copy of it tracked before then is a leftover, whoever writes it. */
export interface Removal {
  v: 2;
  id: string;
  removedAt: number;
  removedBy: string;
}

export function removal(id: string, removedAt: number, removedBy: string): Removal {
  return { v: 2, id, removedAt, removedBy };
}

export function readRemoval(value: unknown, id: string): Removal | undefined {
  if (!isObject(value)) return undefined;
  return value.v === 2 && value.id === id && num(value.removedAt) ? { v: 2, id, removedAt: value.removedAt, removedBy: typeof value.removedBy === 'string' ? value.removedBy : '' } : undefined;
}

/** The part of the store's record of a job that is written. */
export interface PersistableJob {
  id: string;
  kind: JobKind | undefined;
  trackedAt: number;
  seq: number;
  snapshot: TrackedSnapshot | undefined;
  fetchedAt: number | undefined;
  watchStartedAt: number | undefined;
  finishedAt: number | undefined;
  poll: PollState;
  nextPollAt: number | undefined;
  /** What the snapshot held in memory already lacks (it was read from a trimmed copy). */
  trimmed?: Trimmed | undefined;
  /** A window asked the service to cancel this agent run. */
  cancelRequested?: boolean;
  /** What the person asked, for a run started in this editor (at most PROMPT_KEPT characters). */
  prompt?: string | undefined;
  /** When the run began, where known: a status answer never says it. */
  ranAt?: number | undefined;
}

/** A prompt's start is all a row or a notification can show; the whole of it may be 10,000 characters. */
export const PROMPT_KEPT = 500;

/** A record as the store keeps it, and when its file was last written or read by this window. */
export type PersistedRecord = PersistableJob & { writtenAt: number };

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const str = (v: unknown): v is string => typeof v === 'string';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optional = (v: unknown, check: (x: unknown) => boolean) => v === undefined || check(v);

/** Newest tracked first; a batch in the order it was pasted. */
export function compareEntries(a: { trackedAt: number; seq: number }, b: { trackedAt: number; seq: number }): number {
  return b.trackedAt - a.trackedAt || a.seq - b.seq;
}

function persistPoll(poll: PollState): PersistedPoll {
  switch (poll.kind) {
    case 'polling':
    case 'idle':
      return { kind: poll.kind };
    case 'retrying':
      return { kind: 'retrying', reason: poll.reason, retryAt: poll.retryAt, failures: poll.failures, error: errorInfo(poll.error) };
    case 'stopped':
      return {
        kind: 'stopped',
        reason: poll.reason,
        at: poll.at,
        ...(poll.afterMs !== undefined ? { afterMs: poll.afterMs } : {}),
        ...(poll.error !== undefined ? { error: errorInfo(poll.error) } : {}),
      };
  }
}

export function readPoll(value: unknown): PollState | undefined {
  if (!isObject(value)) return undefined;
  const v = value;
  if (v.kind === 'polling' || v.kind === 'idle') return { kind: v.kind };
  if (v.kind === 'retrying' && (v.reason === 'unreachable' || v.reason === 'rateLimited') && num(v.retryAt) && num(v.failures)) {
    return { kind: 'retrying', reason: v.reason, retryAt: v.retryAt, failures: v.failures, error: errorFromInfo(v.error) };
  }
  const reasons: readonly StopReason[] = ['notFound', 'gone', 'timeLimit', 'rejected'];
  if (v.kind === 'stopped' && reasons.includes(v.reason as StopReason) && num(v.at)) {
    return {
      kind: 'stopped',
      reason: v.reason as StopReason,
      at: v.at,
      ...(num(v.afterMs) ? { afterMs: v.afterMs } : {}),
      ...(v.error !== undefined ? { error: errorFromInfo(v.error) } : {}),
    };
  }
  return undefined;
}

/** Warnings are the same deprecation notice on every deep research job: not worth the space. */
function withoutNotices(snapshot: TrackedSnapshot): TrackedSnapshot {
  return snapshot.kind === 'agent' ? snapshot : { ...snapshot, warnings: [] };
}

export function toJobFile(job: PersistableJob, writtenAt: number, writtenBy: string): JobFile {
  const out: JobFile = { v: 2, id: job.id, trackedAt: job.trackedAt, seq: job.seq, writtenAt, writtenBy, poll: persistPoll(job.poll) };
  if (job.kind) out.kind = job.kind;
  if (job.snapshot) out.snapshot = withoutNotices(job.snapshot);
  if (job.fetchedAt !== undefined) out.fetchedAt = job.fetchedAt;
  if (job.watchStartedAt !== undefined) out.watchStartedAt = job.watchStartedAt;
  if (job.finishedAt !== undefined) out.finishedAt = job.finishedAt;
  if (job.nextPollAt !== undefined) out.nextPollAt = job.nextPollAt;
  if (job.trimmed) out.trimmed = job.trimmed;
  if (job.cancelRequested) out.cancelRequested = true;
  if (job.prompt) out.prompt = job.prompt;
  if (job.ranAt !== undefined) out.ranAt = job.ranAt;
  return out;
}

const isActivity = (a: unknown): boolean => isObject(a) && str(a.type) && str(a.status) && str(a.message) && num(a.depth) && str(a.timestamp);
const isSource = (s: unknown): boolean => isObject(s) && str(s.url) && optional(s.title, str) && optional(s.description, str) && optional(s.icon, str);
const isExpiry = (v: unknown): boolean => v === null || str(v);

/**
 * A saved snapshot, checked field by field for what the views and documents read; undefined when any
 * of it is not what a snapshot holds (the whole file is then damaged: a half-trusted job is worse than
 * one asked again).
 */
export function readSnapshot(value: unknown, kind: JobKind | undefined): TrackedSnapshot | undefined {
  if (!isObject(value) || !str(value.id) || !str(value.status)) return undefined;
  const s = value;
  const texts = ['error', 'model', 'effort', 'message', 'stopReason', 'finalAnalysis'] as const;
  if (!texts.every((key) => optional(s[key], str)) || !optional(s.creditsUsed, num)) return undefined;
  if ((s.kind ?? kind) === 'agent') {
    const ok = s.kind === 'agent' && Array.isArray(s.suggestions) && s.suggestions.every(str) && isExpiry(s.expiresAt ?? null);
    return ok ? (s as unknown as TrackedSnapshot) : undefined;
  }
  const ok =
    optional(s.kind, (k) => k === 'deepResearch') &&
    ['currentDepth', 'maxDepth', 'totalUrls'].every((key) => num(s[key])) &&
    isExpiry(s.expiresAt ?? null) &&
    Array.isArray(s.activities) &&
    s.activities.every(isActivity) &&
    Array.isArray(s.sources) &&
    s.sources.every(isSource);
  return ok ? { ...(s as unknown as TrackedSnapshot & { kind: 'deepResearch' }), kind: 'deepResearch', warnings: [] } : undefined;
}

/** A job file as written by any window, checked; undefined when any part of it cannot be trusted. */
export function fromJobFile(value: unknown, id: string): JobFile | undefined {
  if (!isObject(value)) return undefined;
  const v = value;
  if (v.v !== 2 || v.id !== id || !isJobId(id) || !num(v.trackedAt) || !num(v.writtenAt)) return undefined;
  if (v.kind !== undefined && v.kind !== 'agent' && v.kind !== 'deepResearch') return undefined;
  const kind: JobKind | undefined = v.kind;
  const poll = readPoll(v.poll);
  if (!poll) return undefined;
  const out: JobFile = {
    v: 2,
    id,
    trackedAt: v.trackedAt,
    seq: num(v.seq) ? v.seq : 0,
    writtenAt: v.writtenAt,
    writtenBy: str(v.writtenBy) ? v.writtenBy : '',
    poll: persistPoll(poll),
  };
  if (kind) out.kind = kind;
  if (v.snapshot !== undefined) {
    const snapshot = readSnapshot(v.snapshot, kind);
    if (!snapshot || snapshot.id !== id) return undefined;
    out.snapshot = snapshot;
  }
  for (const key of ['fetchedAt', 'watchStartedAt', 'finishedAt', 'nextPollAt', 'ranAt'] as const) {
    const value = v[key];
    if (value === undefined) continue;
    if (!num(value)) return undefined;
    out[key] = value;
  }
  const trimmed = readTrimmed(v.trimmed);
  if (trimmed) out.trimmed = trimmed;
  if (v.cancelRequested === true) out.cancelRequested = true;
  if (v.prompt !== undefined) {
    if (!str(v.prompt)) return undefined;
    if (v.prompt) out.prompt = v.prompt.slice(0, PROMPT_KEPT);
  }
  return out;
}

function readTrimmed(value: unknown): Trimmed | undefined {
  if (!isObject(value)) return undefined;
  const v = value;
  const count = (x: unknown) => (num(x) && x > 0 ? Math.floor(x) : 0);
  const out: Trimmed = { activities: count(v.activities), sources: count(v.sources) };
  for (const key of ['suggestions', 'partialBytes', 'resultBytes'] as const) {
    const n = count(v[key]);
    if (n) out[key] = n;
  }
  return out.activities || out.sources || out.suggestions || out.partialBytes || out.resultBytes ? out : undefined;
}
