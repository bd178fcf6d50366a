// GET /v2/team/queue-status: the team's jobs against its plan's concurrency, as the service's
// controller answers it (active jobs hold a slot, waiting ones are backlogged at the limit;
// `maxConcurrency` is 2 when billing has no value; `mostRecentSuccess` is null after a day idle).

export interface QueueState {
  active: number;
  waiting: number;
  /** Undefined: billing has no value, and the service answers 2. */
  maxConcurrency: number | undefined;
  /** Milliseconds on the sandbox clock, or undefined for none within a day. */
  mostRecentSuccessAt: number | undefined;
}

export function defaultQueue(now: number): QueueState {
  return { active: 1, waiting: 0, maxConcurrency: 5, mostRecentSuccessAt: now - 4 * 60_000 };
}

export function queueStatusBody(q: QueueState, now: number): Record<string, unknown> {
  const success = q.mostRecentSuccessAt !== undefined && now - q.mostRecentSuccessAt < 24 * 3_600_000 ? new Date(q.mostRecentSuccessAt).toISOString() : null;
  return {
    success: true,
    jobsInQueue: q.active + q.waiting,
    activeJobsInQueue: q.active,
    waitingJobsInQueue: q.waiting,
    maxConcurrency: q.maxConcurrency ?? 2,
    mostRecentSuccess: success,
  };
}
