// How tracked jobs outlive a restart and reach other windows. The list is one small globalState entry
// per job (adding or removing a job never rewrites the others', so windows cannot overwrite each
// other's changes); each job's snapshot is a file of its own in the shared global storage folder,
// written whole and at once. Everything read back is checked: what cannot be trusted is dropped.
import { type ErrorInfo, errorFromInfo, errorInfo, type TrackedSnapshot } from '../../../api';
import { STORAGE } from '../../../ids';
import { isJobId } from '../../../shared/jobIds';
import type { JobKind, PollState, StopReason } from './trackedJob';

/** The part of vscode.Memento the research store needs (context.globalState fits). */
export interface ResearchStorage {
  get<T>(key: string): T | undefined;
  keys(): readonly string[];
  update(key: string, value: unknown): PromiseLike<void>;
}

/** The list before job files existed: an array of ids, the whole record in each job's entry. */
export const LEGACY_INDEX_KEY = STORAGE.researchIndex;
export const jobKey = (id: string): string => `${STORAGE.researchJobPrefix}${id}`;
export const jobFileName = (id: string): string => `research/${id}.json`;
export const JOB_FOLDER = 'research';

export function idOfJobKey(key: string): string | undefined {
  return key.startsWith(STORAGE.researchJobPrefix) ? key.slice(STORAGE.researchJobPrefix.length) : undefined;
}

export function idOfJobFile(name: string): string | undefined {
  const match = /^research\/([^/]+)\.json$/.exec(name);
  return match?.[1] && isJobId(match[1]) ? match[1] : undefined;
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
  /** Items left out of this copy to keep the file under its size cap (the oldest go first). */
  trimmed?: { activities: number; sources: number };
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
}

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Newest tracked first; a batch in the order it was pasted. */
export function compareEntries(a: { trackedAt: number; seq: number }, b: { trackedAt: number; seq: number }): number {
  return b.trackedAt - a.trackedAt || a.seq - b.seq;
}

export function indexEntry(job: { id: string; kind: JobKind | undefined; trackedAt: number; seq: number }): IndexEntry {
  return { v: 2, id: job.id, ...(job.kind ? { kind: job.kind } : {}), trackedAt: job.trackedAt, seq: job.seq };
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
  const trimmed = v.trimmed as JobFile['trimmed'];
  if (trimmed && num(trimmed.activities) && num(trimmed.sources)) out.trimmed = { activities: trimmed.activities, sources: trimmed.sources };
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

/**
 * A copy of the file within `maxBytes` (as JSON): the oldest activities and sources are left out first.
 * Returns the text and how many of each were left out.
 */
export function fitJobFile(file: JobFile, maxBytes: number): { text: string; trimmed?: { activities: number; sources: number } } {
  let text = JSON.stringify(file);
  const s = file.snapshot;
  if (text.length <= maxBytes || !s || s.kind !== 'deepResearch') return { text };
  let activities = s.activities;
  let sources = s.sources;
  // Halve what is kept until it fits: a few passes even for a huge job.
  while (text.length > maxBytes && (activities.length > 1 || sources.length > 1)) {
    activities = activities.slice(Math.floor(activities.length / 2));
    sources = sources.slice(Math.floor(sources.length / 2));
    const trimmed = { activities: s.activities.length - activities.length, sources: s.sources.length - sources.length };
    text = JSON.stringify({ ...file, snapshot: { ...s, activities, sources }, trimmed });
  }
  return { text, trimmed: { activities: s.activities.length - activities.length, sources: s.sources.length - sources.length } };
}
