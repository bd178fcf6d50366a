// What the credits tool tells an AI agent about the team's balance, from the balance, the queue and
// the burn figures the status bar shows.
import type { CreditUsage, QueueStatus } from '../../../api';

export interface TeamCredits {
  remaining?: number;
  plan?: number | null;
  lastHour?: number;
  last24h?: number;
  /** When the balance runs out at the last 7 days' pace, before the period ends. */
  runOutAt?: number;
  /** The billing period's end is known: without it no pace says whether the balance lasts. */
  periodKnown?: boolean;
  queue?: { active: number; waiting: number; maxConcurrency: number | null };
  /** Why the balance is not known, in our words. */
  problem?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `balance` is absent when it is not known: the burn figures still are. */
export function teamCreditFacts(balance: { usage: CreditUsage; queue?: QueueStatus } | undefined, burn: { lastHour?: number; last24h?: number; weekPerDay?: number }, now: number): TeamCredits {
  const out: TeamCredits = {};
  if (burn.last24h !== undefined) {
    out.last24h = burn.last24h;
    out.lastHour = burn.lastHour ?? 0;
  }
  if (!balance) return out;
  const { usage, queue } = balance;
  out.remaining = usage.remainingCredits;
  out.plan = usage.planCredits;
  if (queue) out.queue = { active: queue.active, waiting: queue.waiting, maxConcurrency: queue.maxConcurrency };
  const end = usage.billingPeriodEnd ? Date.parse(usage.billingPeriodEnd) : NaN;
  out.periodKnown = !Number.isNaN(end);
  const perDay = burn.weekPerDay;
  if (out.periodKnown && perDay && perDay > 0 && usage.remainingCredits > 0) {
    const at = now + (usage.remainingCredits / perDay) * DAY_MS;
    if (at < end) out.runOutAt = at;
  }
  return out;
}
