// How tracked jobs outlive a restart and reach other windows. A job belongs to the team that tracked
// it (one API key on one server; host/team.ts): the list is one small globalState entry per job under
// its team (adding or removing a job never rewrites the others', so windows cannot overwrite each
// other's changes), and each job's snapshot is a file of its own in the team's folder of the shared
// global storage folder, written whole and at once. Everything read back is checked: what cannot be
// trusted is dropped.
import { type ErrorInfo, errorFromInfo, errorInfo, type TrackedSnapshot } from '../../../api';
import { STORAGE } from '../../../ids';
import { isJobId } from '../../../shared/jobIds';
import type { JobKind, PollState, StopReason, Trimmed } from './trackedJob';

/** The part of vscode.Memento the research store needs (context.globalState fits). */
export interface ResearchStorage {
  get<T>(key: string): T | undefined;
  keys(): readonly string[];
  update(key: string, value: unknown): PromiseLike<void>;
}

/** The list before job files existed: an array of ids, the whole record in each job's entry. */
export const LEGACY_INDEX_KEY = STORAGE.researchIndex;
export const JOB_FOLDER = 'research';
const TEAM_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** A team's entry for a job: the prefix, the team, the id. */
export const jobKey = (team: string, id: string): string => `${STORAGE.researchJobPrefix}${team}/${id}`;
/** A team's file for a job. */
export const jobFileName = (team: string, id: string): string => `${JOB_FOLDER}/${team}/${id}.json`;
export const teamJobFolder = (team: string): string => `${JOB_FOLDER}/${team}`;
/** Before jobs belonged to a team: the entry and file of a job by its id alone (the first team to read them adopts them). */
export const unownedJobKey = (id: string): string => `${STORAGE.researchJobPrefix}${id}`;
export const unownedJobFileName = (id: string): string => `${JOB_FOLDER}/${id}.json`;

/** Whose entry a globalState key is: a team's (`team` set) or an unowned one; undefined when it is no job entry. */
export function parseJobKey(key: string): { team: string | undefined; id: string } | undefined {
  if (!key.startsWith(STORAGE.researchJobPrefix)) return undefined;
  const rest = key.slice(STORAGE.researchJobPrefix.length);
  const slash = rest.indexOf('/');
  if (slash < 0) return rest ? { team: undefined, id: rest } : undefined;
  const team = rest.slice(0, slash);
  const id = rest.slice(slash + 1);
  return TEAM_NAME.test(team) && id && !id.includes('/') ? { team, id } : undefined;
}

/** Whose job file a shared file is (its name relative to the global storage folder). */
export function parseJobFileName(name: string): { team: string | undefined; id: string } | undefined {
  const match = /^research\/(?:([^/]+)\/)?([^/]+)\.json$/.exec(name);
  if (!match?.[2] || !isJobId(match[2])) return undefined;
  if (match[1] !== undefined && !TEAM_NAME.test(match[1])) return undefined;
  return { team: match[1], id: match[2] };
}

/** What globalState holds per job: enough to list it, nothing that grows. */
export interface IndexEntry {
  v: 2;
  id: string;
  kind?: JobKind;
  trackedAt: number;
  /** Position within the batch it was tracked in: a pasted list keeps its order. */
  seq: number;
}

export type PersistedPoll =
  | { kind: 'polling' }
  | { kind: 'idle' }
  | { kind: 'retrying'; reason: 'unreachable' | 'rateLimited'; retryAt: number; failures: number; error: ErrorInfo }
  | { kind: 'stopped'; reason: StopReason; at: number; afterMs?: number; error?: ErrorInfo };

export interface JobFile {
  v: 2;
  id: string;
  kind?: JobKind;
  trackedAt: number;
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
}

/**
 * What a job's file becomes when the job is no longer tracked: removals are written to the file, not
 * only to globalState (which can lose a write; see shared/settledState.ts), so a late write of another
 * window cannot bring the job back. It has no `trackedAt`, so versions before teams would not read it
 * as a job (they never look in a team's folder anyway). Removed for good after a while (JobPersistence.sweep).
 */
export interface Tombstone {
  v: 2;
  id: string;
  removedAt: number;
  removedBy: string;
}

export function tombstone(id: string, removedAt: number, removedBy: string): Tombstone {
  return { v: 2, id, removedAt, removedBy };
}

export function readTombstone(value: unknown, id: string): Tombstone | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  return v.v === 2 && v.id === id && num(v.removedAt) && v.trackedAt === undefined ? { v: 2, id, removedAt: v.removedAt, removedBy: typeof v.removedBy === 'string' ? v.removedBy : '' } : undefined;
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
}

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Newest tracked first; a batch in the order it was pasted. */
export function compareEntries(a: { trackedAt: number; seq: number }, b: { trackedAt: number; seq: number }): number {
  return b.trackedAt - a.trackedAt || a.seq - b.seq;
}

export function indexEntry(job: { id: string; kind: JobKind | undefined; trackedAt: number; seq: number }): IndexEntry {
  return { v: 2, id: job.id, ...(job.kind ? { kind: job.kind } : {}), trackedAt: job.trackedAt, seq: job.seq };
}

/**
 * An entry that cannot be read: damaged, or not an entry at all. An entry of a later version (a window
 * not yet reloaded after an update may be running the older one) is not damaged: it is left alone.
 */
export function isDamagedEntry(value: unknown, id: string): boolean {
  if (readIndexEntry(value, id)) return false;
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>).v : undefined;
  return !(num(v) && v > 2);
}

export function readIndexEntry(value: unknown, id: string): IndexEntry | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (v.v !== 2 || v.id !== id || !isJobId(id) || !num(v.trackedAt)) return undefined;
  const kind = v.kind === 'agent' || v.kind === 'deepResearch' ? v.kind : undefined;
  return { v: 2, id, ...(kind ? { kind } : {}), trackedAt: v.trackedAt, seq: num(v.seq) ? v.seq : 0 };
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
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
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
  return out;
}

export function readSnapshot(value: unknown, kind: JobKind | undefined): TrackedSnapshot | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const s = value as Record<string, unknown>;
  if (typeof s.status !== 'string') return undefined;
  if ((s.kind ?? kind) === 'agent') {
    return s.kind === 'agent' && Array.isArray(s.suggestions) ? (s as unknown as TrackedSnapshot) : undefined;
  }
  if (!Array.isArray(s.activities) || !Array.isArray(s.sources)) return undefined;
  return { ...(s as unknown as TrackedSnapshot & { kind: 'deepResearch' }), kind: 'deepResearch', warnings: [] };
}

/** A job file as written by any window, checked; undefined when it cannot be trusted. */
export function fromJobFile(value: unknown, id: string): JobFile | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (v.v !== 2 || v.id !== id || !isJobId(id) || !num(v.trackedAt) || !num(v.writtenAt)) return undefined;
  const kind: JobKind | undefined = v.kind === 'agent' || v.kind === 'deepResearch' ? v.kind : undefined;
  const out: JobFile = {
    v: 2,
    id,
    trackedAt: v.trackedAt,
    seq: num(v.seq) ? v.seq : 0,
    writtenAt: v.writtenAt,
    writtenBy: typeof v.writtenBy === 'string' ? v.writtenBy : '',
    poll: persistPoll(readPoll(v.poll) ?? { kind: 'polling' }),
  };
  if (kind) out.kind = kind;
  const snapshot = readSnapshot(v.snapshot, kind);
  if (snapshot) out.snapshot = snapshot;
  for (const key of ['fetchedAt', 'watchStartedAt', 'finishedAt', 'nextPollAt'] as const) {
    const value = v[key];
    if (num(value)) out[key] = value;
  }
  const trimmed = readTrimmed(v.trimmed);
  if (trimmed) out.trimmed = trimmed;
  return out;
}

/**
 * A record written before job files existed (the whole job in its globalState entry), as a job file.
 * Only states that outlived a restart then were kept: a retry or a rejection is re-checked.
 */
export function fromLegacyRecord(value: unknown, id: string, seq: number): JobFile | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (v.v !== 1 || v.id !== id || !isJobId(id) || !num(v.trackedAt)) return undefined;
  const kind: JobKind | undefined = v.kind === 'agent' || v.kind === 'deepResearch' ? v.kind : v.snapshot ? 'deepResearch' : undefined;
  const snapshot = readSnapshot(v.snapshot, kind);
  const stopped = v.stopped as { reason?: unknown; at?: unknown; afterMs?: unknown } | undefined;
  const legacyStop = stopped && (stopped.reason === 'notFound' || stopped.reason === 'timeLimit' || stopped.reason === 'gone') && num(stopped.at);
  const out: JobFile = {
    v: 2,
    id,
    trackedAt: v.trackedAt,
    seq,
    writtenAt: v.trackedAt,
    writtenBy: '',
    poll: legacyStop
      ? { kind: 'stopped', reason: stopped.reason as StopReason, at: stopped.at as number, ...(num(stopped.afterMs) ? { afterMs: stopped.afterMs } : {}) }
      : snapshot && ['completed', 'failed', 'cancelled'].includes(snapshot.status)
        ? { kind: 'idle' }
        : { kind: 'polling' },
  };
  if (kind) out.kind = kind;
  if (snapshot) out.snapshot = snapshot;
  for (const key of ['fetchedAt', 'watchStartedAt', 'finishedAt'] as const) {
    const value = v[key];
    if (num(value)) out[key] = value;
  }
  return out;
}

function readTrimmed(value: unknown): Trimmed | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const count = (x: unknown) => (num(x) && x > 0 ? Math.floor(x) : 0);
  const out: Trimmed = { activities: count(v.activities), sources: count(v.sources) };
  for (const key of ['suggestions', 'partialBytes', 'resultBytes'] as const) {
    const n = count(v[key]);
    if (n) out[key] = n;
  }
  return out.activities || out.sources || out.suggestions || out.partialBytes || out.resultBytes ? out : undefined;
}
