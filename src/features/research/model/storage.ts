// Where tracked jobs survive restarts. The shape is the subset of vscode.Memento the store needs, so
// the extension passes context.globalState and unit tests pass a Map.
import { STORAGE } from '../../../ids';
import type { TrackedSnapshot } from '../../../api';
import { isJobId } from '../../../shared/jobIds';
import type { JobKind, PollState, StopReason } from './trackedJob';

export interface ResearchStorage {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

/** One key for the list and one per job, so a poll rewrites only the job that changed. */
export const INDEX_KEY = STORAGE.researchIndex;
export const jobKey = (id: string): string => `${STORAGE.researchJobPrefix}${id}`;

export interface PersistedJob {
  v: 1;
  id: string;
  trackedAt: number;
  /** Absent in records written before agent jobs existed: those are deep research jobs. */
  kind?: JobKind;
  snapshot?: TrackedSnapshot;
  fetchedAt?: number;
  watchStartedAt?: number;
  finishedAt?: number;
  /** Only states that outlive a restart: a retry or a rejection is re-checked instead. */
  stopped?: { reason: StopReason; at: number; afterMs?: number };
}

/** The part of the store's record of a job that survives a restart. */
export interface PersistableJob {
  id: string;
  trackedAt: number;
  kind: JobKind | undefined;
  snapshot: TrackedSnapshot | undefined;
  fetchedAt: number | undefined;
  watchStartedAt: number | undefined;
  finishedAt: number | undefined;
  poll: PollState;
}

export function toPersisted(job: PersistableJob): PersistedJob {
  const out: PersistedJob = { v: 1, id: job.id, trackedAt: job.trackedAt };
  if (job.kind) out.kind = job.kind;
  if (job.snapshot) out.snapshot = withoutNotices(job.snapshot);
  if (job.fetchedAt !== undefined) out.fetchedAt = job.fetchedAt;
  if (job.watchStartedAt !== undefined) out.watchStartedAt = job.watchStartedAt;
  if (job.finishedAt !== undefined) out.finishedAt = job.finishedAt;
  if (job.poll.kind === 'stopped' && job.poll.reason !== 'rejected') {
    out.stopped = { reason: job.poll.reason, at: job.poll.at, ...(job.poll.afterMs !== undefined ? { afterMs: job.poll.afterMs } : {}) };
  }
  return out;
}

/** Warnings are the same deprecation notice on every deep research job: not worth the space. */
function withoutNotices(snapshot: TrackedSnapshot): TrackedSnapshot {
  return snapshot.kind === 'agent' ? snapshot : { ...snapshot, warnings: [] };
}

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function readSnapshot(value: unknown, kind: JobKind | undefined): TrackedSnapshot | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const s = value as Record<string, unknown>;
  if (typeof s.status !== 'string') return undefined;
  if ((s.kind ?? kind) === 'agent') {
    return s.kind === 'agent' && Array.isArray(s.suggestions) ? (s as unknown as TrackedSnapshot) : undefined;
  }
  if (!Array.isArray(s.activities) || !Array.isArray(s.sources)) return undefined;
  return { ...(s as unknown as TrackedSnapshot & { kind: 'deepResearch' }), kind: 'deepResearch', warnings: [] };
}

/** Reads what an older or damaged state may hold, dropping what cannot be trusted. */
export function fromPersisted(value: unknown, id: string): PersistedJob | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (v.v !== 1 || v.id !== id || !isJobId(id) || !num(v.trackedAt)) return undefined;
  const out: PersistedJob = { v: 1, id, trackedAt: v.trackedAt };
  const kind: JobKind | undefined = v.kind === 'agent' || v.kind === 'deepResearch' ? v.kind : v.snapshot ? 'deepResearch' : undefined;
  if (kind) out.kind = kind;
  const snapshot = readSnapshot(v.snapshot, kind);
  if (snapshot) out.snapshot = snapshot;
  if (num(v.fetchedAt)) out.fetchedAt = v.fetchedAt;
  if (num(v.watchStartedAt)) out.watchStartedAt = v.watchStartedAt;
  if (num(v.finishedAt)) out.finishedAt = v.finishedAt;
  const stopped = v.stopped as PersistedJob['stopped'];
  if (stopped && (stopped.reason === 'notFound' || stopped.reason === 'timeLimit' || stopped.reason === 'gone') && num(stopped.at)) {
    out.stopped = { reason: stopped.reason, at: stopped.at, ...(num(stopped.afterMs) ? { afterMs: stopped.afterMs } : {}) };
  }
  return out;
}
