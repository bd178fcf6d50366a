// What one answer from the service does to a tracked job: a snapshot moves it on (finished, still
// running, or stalled past the time limit); a failure stops it, retries it with backoff, or leaves a
// finished job as it was. The store decides when to ask; this decides what the answer means.
import { askedWaitMs, awaitsApproval, type FirecrawlError, isFirecrawlError, isTerminalStatus, type TrackedSnapshot } from '../../../api';
import { backoffDelay } from '../../../shared/backoff';
import { parseTime } from '../../../shared/format';
import { progressSignature } from './jobFacts';
import { type JobRecord, wasRunning } from './jobRecord';
import { POLL } from './pollPolicy';
import type { ResearchLog } from './storeOptions';

export interface AnswerContext {
  now: number;
  maxPollMs: number;
  log: ResearchLog;
  random: () => number;
  /** The poll interval for this job now (it depends on the other jobs and on who is looking). */
  interval(r: JobRecord): number;
  /** A 429 is about the whole team: every request waits until then. */
  pause(until: number): void;
  /** When Deep Research stops answering: the service's Sunset, else the published date. */
  sunsetAt: number;
}

/**
 * Takes a snapshot in. Returns whether it showed a job this editor watched run finish (news), and
 * whether the job's kind changed (its entry is rewritten).
 */
export function applySnapshot(r: JobRecord, job: TrackedSnapshot, manual: boolean, ctx: AnswerContext): { finished: boolean; kindChanged: boolean } {
  const { now } = ctx;
  // A finished job never runs again: an answer that shows it running was read before its end.
  if (r.snapshot && isTerminalStatus(r.snapshot.status) && !isTerminalStatus(job.status)) return { finished: false, kindChanged: false };
  const kindChanged = r.kind !== job.kind;
  r.kind = job.kind;
  const running = wasRunning(r);
  const previous = r.poll;
  const wasAwaiting = awaitsApproval(r.snapshot);
  r.snapshot = job.kind === 'deepResearch' && job.warnings.length ? { ...job, warnings: [] } : job;
  r.fetchedAt = now;
  // A fresh answer is whole, whatever a saved copy left out.
  r.trimmed = undefined;
  // A deep research job's first step dates its start; kept apart, as a saved copy may leave that step out.
  if (job.kind === 'deepResearch') {
    const first = parseTime(job.activities[0]?.timestamp);
    if (first !== undefined && first <= now && (r.ranAt === undefined || first < r.ranAt)) r.ranAt = first;
  }

  if (isTerminalStatus(job.status)) {
    r.poll = { kind: 'idle' };
    r.nextPollAt = undefined;
    r.finishedAt ??= now;
    if (previous.kind !== 'idle') ctx.log.info(`Job ${r.id} ${job.status}${job.error ? `: ${job.error}` : ''}`);
    // Only a change this editor watched is news; a job tracked after it finished is not.
    return { finished: running, kindChanged };
  }

  r.finishedAt = undefined;
  r.watchStartedAt ??= now;
  if (previous.kind === 'stopped' && previous.reason === 'timeLimit') {
    if (!manual || progressSignature(job) === r.stoppedProgress) return { finished: false, kindChanged };
    // It moved after all: give it a fresh time window.
    r.watchStartedAt = now;
    ctx.log.info(`Job ${r.id} progressed again; polling resumes`);
  }
  // A run waiting for a person's approval has not stalled: the time limit counts from when it was given.
  const awaiting = awaitsApproval(job);
  if (wasAwaiting && !awaiting) r.watchStartedAt = now;
  if (!awaiting && now - r.watchStartedAt >= ctx.maxPollMs) {
    stopForTimeLimit(r, job, ctx);
  } else {
    r.poll = { kind: 'polling' };
    r.nextPollAt = now + ctx.interval(r);
  }
  return { finished: false, kindChanged };
}

export function stopForTimeLimit(r: JobRecord, job: TrackedSnapshot | undefined, ctx: AnswerContext): void {
  const minutes = Math.round(ctx.maxPollMs / 60_000);
  r.poll = { kind: 'stopped', reason: 'timeLimit', at: ctx.now, afterMs: ctx.maxPollMs };
  r.nextPollAt = undefined;
  r.stoppedProgress = job ? progressSignature(job) : undefined;
  ctx.log.warn(`Job ${r.id}: stopped polling after ${minutes} min`);
}

/**
 * Takes a failed request in. Returns whether anything shown about the job may have changed, and
 * whether the answer said the API is gone (410).
 */
export function applyFailure(r: JobRecord, error: FirecrawlError | Error, manual: boolean, ctx: AnswerContext): { changed: boolean; shutDown: boolean } {
  const { now } = ctx;
  const kind = isFirecrawlError(error) ? error.kind : 'network';
  const finished = r.snapshot !== undefined && isTerminalStatus(r.snapshot.status);
  const previous = r.poll;

  // Only the service's own 404 means the job is gone; any other server's 404 (an unmounted route, a
  // wrong API URL) is a refusal that names the address, not "expired".
  if (kind === 'notFound' && isFirecrawlError(error) && error.serviceBody) {
    r.poll = { kind: 'stopped', reason: 'notFound', at: now };
    r.nextPollAt = undefined;
    if (previous.kind !== 'stopped' || previous.reason !== 'notFound') ctx.log.warn(`Job ${r.id}: expired or not found (404); stopped polling`);
    return { changed: true, shutDown: false };
  }
  // Past the shutdown, a deep research route that is simply not there (a page, not the service's 404)
  // is the shutdown too: the service may unmount the route rather than answer 410.
  if (kind === 'gone' || (kind === 'noRoute' && r.kind === 'deepResearch' && now >= ctx.sunsetAt)) {
    r.poll = { kind: 'stopped', reason: 'gone', at: now };
    r.nextPollAt = undefined;
    if (previous.kind !== 'stopped' || previous.reason !== 'gone')
      ctx.log.warn(`Job ${r.id}: the service answered ${kind === 'gone' ? '410 Gone' : 'that the route is not there'} (the API was shut down); its last snapshot stays`);
    return { changed: true, shutDown: true };
  }
  if (kind === 'cancelled') return { changed: false, shutDown: false };
  const transient = isFirecrawlError(error) ? error.transient : true;

  // A finished or stopped job keeps its state; a failed manual check of it is reported, not retried.
  if (finished || (manual && previous.kind === 'stopped' && previous.reason !== 'rejected')) {
    ctx.log.warn(`Job ${r.id}: refresh failed: ${error.message}`);
    return { changed: false, shutDown: false };
  }
  if (!transient) {
    r.poll = { kind: 'stopped', reason: 'rejected', at: now, error };
    r.nextPollAt = undefined;
    ctx.log.warn(`Job ${r.id}: stopped polling: ${error.message}`);
    return { changed: true, shutDown: false };
  }
  // No time limit here: a failed request says nothing about a stall (the first one after a sleep or a
  // restart is often the network not back yet); the next answer that shows the job decides.
  const failures = (previous.kind === 'retrying' ? previous.failures : 0) + 1;
  if (kind === 'rateLimited') {
    const asked = (error as { retryAfterMs?: number }).retryAfterMs;
    const wait = asked !== undefined && asked > 0 ? Math.min(asked, POLL.maxServerWaitMs) : backoffDelay(failures, POLL.backoffBaseMs, POLL.backoffCapMs, ctx.random);
    ctx.pause(now + wait);
    r.poll = { kind: 'retrying', reason: 'rateLimited', failures, retryAt: now + wait, error };
    r.nextPollAt = now + wait;
  } else {
    // A 503 in maintenance may say how long: never sooner than it asked.
    const wait = Math.max(backoffDelay(failures, POLL.backoffBaseMs, POLL.backoffCapMs, ctx.random), Math.min(askedWaitMs(error) ?? 0, POLL.maxServerWaitMs));
    r.poll = { kind: 'retrying', reason: 'unreachable', failures, retryAt: now + wait, error };
    r.nextPollAt = now + wait;
  }
  ctx.log[failures === 1 ? 'warn' : 'debug'](`Job ${r.id}: ${r.poll.reason}, retrying in ${Math.ceil((r.poll.retryAt - now) / 1000)} s: ${error.message}`); // not localised: a log line
  return { changed: true, shutDown: false };
}
