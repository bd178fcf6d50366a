// When to ask about a processing job again. Pure functions of what the poller knows, so the timing
// can be tested and tuned without a server or a timer.
import { MAX_SERVER_WAIT_MS } from '../../../shared/backoff';

export const POLL = {
  /** What the official SDKs use, for a job's first seconds: short jobs finish there. */
  fastMs: 2_000,
  /** The pace once the job shows its final phase: completion is close and is seen within 3 s. */
  finalMs: 3_000,
  /** Long jobs settle here: a 10-minute job has little news per second. */
  slowMs: 10_000,
  /** Nobody is looking (window unfocused and view hidden): only the notification matters. */
  backgroundMs: 30_000,
  /** Jobs shorter than this never slow down. */
  easeStartMs: 10_000,
  /**
   * By this much watching, the interval has eased all the way to `slowMs`. Jobs run 30–600 s and
   * the middle of a job has little news per second; the final phase speeds polling up again.
   */
  easeEndMs: 60_000,
  /**
   * Requests per minute all tracked jobs share. The service allows 500/min per team for this route,
   * shared with every other client of the team, so one editor stays well under half.
   */
  budgetPerMinute: 240,
  backoffBaseMs: 2_000,
  backoffCapMs: 60_000,
  maxServerWaitMs: MAX_SERVER_WAIT_MS,
  /** A focus or visibility catch-up skips jobs polled this recently. */
  catchUpFreshMs: 1_000,
} as const;

export interface PollContext {
  /** How long this job has been watched while processing. */
  watchedMs: number;
  finalPhase: boolean;
  /** Window unfocused and the view hidden. */
  background: boolean;
  /** Jobs currently being polled, all sharing the request budget. */
  activeJobs: number;
  /** An agent run waiting for a person's approval: it moves only once they give it. */
  awaitingApproval?: boolean;
}

export function pollInterval(ctx: PollContext): number {
  let interval: number;
  if (ctx.background || ctx.awaitingApproval) interval = POLL.backgroundMs;
  else if (ctx.watchedMs <= POLL.easeStartMs) interval = POLL.fastMs;
  else if (ctx.finalPhase) interval = POLL.finalMs;
  else {
    const progress = Math.min(1, (ctx.watchedMs - POLL.easeStartMs) / (POLL.easeEndMs - POLL.easeStartMs));
    interval = Math.round(POLL.fastMs + progress * (POLL.slowMs - POLL.fastMs));
  }
  const budgetFloor = Math.ceil((Math.max(1, ctx.activeJobs) * 60_000) / POLL.budgetPerMinute);
  return Math.max(interval, budgetFloor);
}
