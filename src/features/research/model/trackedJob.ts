// What the store knows about one tracked job (a deep research job or an agent run): the last snapshot
// the service sent, and where polling stands. Views render this; the store is the only writer.
import { isFirecrawlError, isNoAnswer, isRunning } from '../../../api';
import type { TrackedSnapshot } from '../../../api';

/** Which API a job belongs to; unknown until the first answer says. */
export type JobKind = TrackedSnapshot['kind'];

export type StopReason =
  /** 404: the id is wrong, belongs to another team, or the job expired. */
  | 'notFound'
  /** 410: the API that served the job was shut down; its last snapshot is all there will be. */
  | 'gone'
  /** Still processing after `firecrawl.research.maxPollMinutes`: probably a crashed worker. */
  | 'timeLimit'
  /** 401/403 or a request the service refused: polling again cannot help until the key or URL changes. */
  | 'rejected';

export type PollState =
  /** Not finished: asked again on schedule. */
  | { kind: 'polling' }
  /** Finished (completed, failed, cancelled): nothing more will change. */
  | { kind: 'idle' }
  /** The last request failed in a way that may pass; the last snapshot stays on screen. */
  | { kind: 'retrying'; reason: 'unreachable' | 'rateLimited'; error: unknown; retryAt: number; failures: number }
  /** `error` is kept for a rejection (it says why); `afterMs` for the time limit (how long it was watched). */
  | { kind: 'stopped'; reason: StopReason; at: number; error?: unknown; afterMs?: number };

/**
 * Whether a poll being retried got no answer at all (see isNoAnswer): only that is "offline". A failure
 * that is no FirecrawlError said nothing of the server either.
 */
export function reachedNoServer(error: unknown): boolean {
  return !isFirecrawlError(error) || isNoAnswer(error);
}

/**
 * What a saved copy of a job left out to stay under the size cap a job file has (jobFit.ts): counts
 * of list items (the oldest activities and sources, the last suggestions) and the sizes of data
 * left out whole (an agent run's partial data, a result too large to keep). The window that fetched
 * the job has all of it; a window that read the copy shows what is missing, and a refresh fetches it.
 */
export interface Trimmed {
  activities: number;
  sources: number;
  suggestions?: number;
  partialBytes?: number;
  resultBytes?: number;
}

export interface TrackedJob {
  readonly id: string;
  /** Undefined until the service has answered for this id. */
  readonly kind: JobKind | undefined;
  readonly trackedAt: number;
  /** The last answer, kept through errors, expiry and restarts. */
  readonly snapshot: TrackedSnapshot | undefined;
  /** Last successful fetch. */
  readonly fetchedAt: number | undefined;
  /** When polling of this job began; the time limit and the easing count from here. */
  readonly watchStartedAt: number | undefined;
  /** When this editor first saw the job finished. */
  readonly finishedAt: number | undefined;
  readonly poll: PollState;
  /** When the next automatic request is due, if one is. */
  readonly nextPollAt: number | undefined;
  /** Bumped whenever something shown about the job changed (not on a poll that brought nothing new). */
  readonly revision: number;
  /** Set when the snapshot came from a saved copy that left things out (see Trimmed). */
  readonly trimmed?: Trimmed;
  /** What the person asked, for an agent run started in this editor: the service's answers never say it. */
  readonly prompt?: string | undefined;
  /** When the run began, where known (started here, or listed in the team's recent activity). */
  readonly ranAt?: number | undefined;
}

/** Finished for good: no more polling, and "Clear Finished Jobs" removes it. */
export function isFinished(job: TrackedJob): boolean {
  return job.poll.kind === 'idle' || (job.poll.kind === 'stopped' && (job.poll.reason === 'notFound' || job.poll.reason === 'gone'));
}

/**
 * An agent run the service may still stop: its last answer said running, the service still has it,
 * and it has not refused this key for it (a cancel goes to the same service with the same key, so it
 * would be refused too; Refresh tells when the key works again). The row's Cancel and the command's
 * own check and pick ask this one question.
 */
export function isCancelable(job: TrackedJob): boolean {
  const refused = job.poll.kind === 'stopped' && job.poll.reason === 'rejected';
  return job.kind === 'agent' && isRunning(job.snapshot) && !isFinished(job) && !refused;
}

/**
 * Whether the job has something to save or copy (what resultFiles would offer), decided without
 * building any text: the tree asks it for every row.
 */
export function hasKeepableResult(job: TrackedJob, markdown: string | undefined, json: unknown): boolean {
  const s = job.snapshot;
  if (!s) return false;
  const found = s.kind === 'deepResearch' && (s.activities.length > 0 || s.sources.length > 0);
  if (isRunning(s)) return found && isFinished(job);
  // A deep research job that failed without a result still has the steps it took and the sources it read.
  return Boolean(markdown) || json !== undefined || found;
}

/** The one word the views lead with. */
export type JobCondition =
  | 'pending'
  | 'processing'
  | 'completed'
  | 'failed'
  /** An agent run that spent its `maxCredits` and stopped there, keeping what it had found. */
  | 'creditLimit'
  | 'cancelled'
  | 'expired'
  | 'shutDown'
  | 'unreachable'
  | 'rateLimited'
  | 'timedOut'
  | 'rejected';

export function jobCondition(job: TrackedJob): JobCondition {
  const { poll, snapshot } = job;
  if (poll.kind === 'stopped') {
    if (poll.reason === 'notFound') return 'expired';
    if (poll.reason === 'gone') return 'shutDown';
    return poll.reason === 'timeLimit' ? 'timedOut' : 'rejected';
  }
  if (poll.kind === 'retrying') return poll.reason;
  if (!snapshot) return 'pending';
  switch (snapshot.status) {
    case 'completed':
      return 'completed';
    case 'failed':
      return snapshot.kind === 'agent' && snapshot.stopReason === 'credit_limit_reached' ? 'creditLimit' : 'failed';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'processing';
  }
}
