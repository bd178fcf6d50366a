// The store's private record of one tracked job: what views see (TrackedJob) plus the polling
// bookkeeping, and how a job file written by this or another window is taken in.
import { isTerminalStatus } from '../../../api';
import { keepCancelled } from './cancelledRuns';
import { progressSignature, snapshotSignature } from './jobFacts';
import type { ListedJob } from './jobFolder';
import { type JobFile, type PersistedRecord, readPoll } from './storage';
import type { JobKind } from './trackedJob';
import type { RefreshOutcome } from './storeOptions';

export interface JobRecord extends PersistedRecord {
  /** Its saved snapshot has been read (or there was none): only then does the leader poll it. */
  loaded: boolean;
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
  /** Started from this window a moment ago: its first answer is news even when it shows the end. */
  startedHere?: boolean;
}

/** Whether `r` was running as this window last knew it, so an end it learns of now is news. */
export function wasRunning(r: JobRecord): boolean {
  return r.snapshot ? !isTerminalStatus(r.snapshot.status) : r.startedHere === true;
}

export function newRecord(id: string, trackedAt: number, kind: JobKind | undefined, seq: number): JobRecord {
  return {
    id,
    kind,
    trackedAt,
    seq,
    writtenAt: 0,
    loaded: false,
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
    trimmed: undefined,
  };
}

/** What the views show of a job, as one string: a poll that leaves it unchanged changes nothing shown. */
export function shownKey(r: JobRecord): string {
  const p = r.poll;
  const poll = p.kind === 'retrying' ? `${p.kind}:${p.reason}:${p.failures}` : p.kind === 'stopped' ? `${p.kind}:${p.reason}:${p.at}` : p.kind;
  const t = r.trimmed;
  const trimmed = t ? `${t.activities}:${t.sources}:${t.suggestions ?? 0}:${t.partialBytes ?? 0}:${t.resultBytes ?? 0}` : '';
  return `${r.snapshot ? snapshotSignature(r.snapshot) : ''}#${poll}#${trimmed}`;
}

/**
 * A running job this window followed that can no longer be read (the service no longer knows it, or
 * its API shut down): for the person waiting on it, it has ended, and is announced like a finish.
 */
export function lostWhileRunning(before: JobRecord['poll'], r: JobRecord): boolean {
  const followed = before.kind === 'polling' || before.kind === 'retrying';
  const lost = r.poll.kind === 'stopped' && (r.poll.reason === 'gone' || r.poll.reason === 'notFound');
  return followed && lost && r.snapshot !== undefined && !isTerminalStatus(r.snapshot.status);
}

/**
 * Takes what a job file says. On restore a retry or a refusal is checked again, since the window
 * that saw it may be gone; from another window's fresh write, everything is taken as it is.
 * Returns true when this showed a job that was running finish, or end unread (lostWhileRunning).
 */
export function applyJobFile(r: JobRecord, file: JobFile, from: 'restore' | 'elsewhere', now: number): boolean {
  const running = wasRunning(r);
  const before = r.poll;
  r.kind = file.kind ?? r.kind;
  if (file.cancelRequested) r.cancelRequested = true;
  r.prompt = file.prompt ?? r.prompt;
  r.ranAt = file.ranAt ?? r.ranAt;
  r.snapshot = file.snapshot ? keepCancelled(r.snapshot, file.snapshot, r.cancelRequested === true) : r.snapshot;
  r.fetchedAt = file.fetchedAt ?? r.fetchedAt;
  r.watchStartedAt = file.watchStartedAt ?? r.watchStartedAt ?? file.trackedAt;
  r.finishedAt = file.finishedAt;
  r.writtenAt = file.writtenAt;
  // The copy's snapshot is what is shown now: what it left out is missing here too.
  if (file.snapshot) r.trimmed = file.trimmed;
  r.loaded = true;
  const poll = readPoll(file.poll) ?? { kind: 'polling' };
  const recheck = from === 'restore' && (poll.kind === 'retrying' || (poll.kind === 'stopped' && poll.reason === 'rejected'));
  r.poll = recheck ? { kind: 'polling' } : poll;
  if (r.poll.kind === 'stopped' && r.poll.reason === 'timeLimit' && r.snapshot) r.stoppedProgress = progressSignature(r.snapshot);
  const polled = r.poll.kind === 'polling' || r.poll.kind === 'retrying';
  r.nextPollAt = !polled ? undefined : from === 'restore' ? now : (file.nextPollAt ?? now);
  return from === 'elsewhere' && running && r.snapshot !== undefined && (isTerminalStatus(r.snapshot.status) || lostWhileRunning(before, r));
}

/**
 * A job as its team's folder lists it: from its file, or (a file that cannot be used) by its id alone,
 * loaded already so the leader asks the service about it.
 */
export function recordOfListed(job: ListedJob, now: number, from: 'restore' | 'elsewhere'): JobRecord {
  if (job.file) {
    const r = newRecord(job.id, job.file.trackedAt, job.file.kind, job.file.seq);
    applyJobFile(r, job.file, from, now);
    return r;
  }
  const r = newRecord(job.id, job.seenAt, undefined, 0);
  r.loaded = true;
  r.nextPollAt = now;
  r.shown = shownKey(r);
  return r;
}
