// What the credits tool tells an AI agent about the team's balance, from the balance, the queue and
// the burn figures the status bar shows.
import type { CreditUsage, QueueStatus } from '../../../api';
import { billingPeriod } from '../../../shared/billingPeriod';

export interface TeamCredits {
  remaining?: number;
  plan?: number | null;
  /** When the balance was read: one read before the call asked again is the last there was (that read failed). */
  readAt?: number;
  lastHour?: number;
  last24h?: number;
  /** The status bar's forecast sentence, when the balance runs out before the period ends. */
  runOut?: string;
  /** The billing period's end is known: without it no pace says whether the balance lasts. */
  periodKnown?: boolean;
  queue?: { active: number; waiting: number; maxConcurrency: number | null };
  /** Why the balance is not known, in our words. */
  problem?: string;
}

/** `balance` is absent when it is not known: the burn figures still are. */
export function teamCreditFacts(balance: { usage: CreditUsage; queue?: QueueStatus; fetchedAt?: number } | undefined, burn: { lastHour?: number; last24h?: number }, runOut?: string): TeamCredits {
  const out: TeamCredits = {};
  if (burn.last24h !== undefined) {
    out.last24h = burn.last24h;
    out.lastHour = burn.lastHour ?? 0;
  }
  if (!balance) return out;
  const { usage, queue } = balance;
  out.remaining = usage.remainingCredits;
  out.plan = usage.planCredits;
  if (balance.fetchedAt !== undefined) out.readAt = balance.fetchedAt;
  if (queue) out.queue = { active: queue.active, waiting: queue.waiting, maxConcurrency: queue.maxConcurrency };
  out.periodKnown = billingPeriod(usage).end !== undefined;
  if (runOut) out.runOut = runOut;
  return out;
}
