// The credit guard's rule: what a tool call may cost, and whether it runs without asking. Reads are
// free and never ask; any call whose estimate (an agent run's `maxCredits`) would take today's tool
// spending past the daily budget asks to go past it; within it an agent run still asks (nothing
// previews its cost, only its `maxCredits` caps it) and any other call runs unasked. On a self-hosted server there are no credits: every call counts as one. Pure.

export type ToolKind = 'scrape' | 'search' | 'map' | 'startAgent' | 'agentStatus' | 'credits';

export interface CostEstimate {
  /** Credits (or calls, on a self-hosted server) the call is expected to use. */
  units: number;
  /** `units` is a ceiling (an agent run's maxCredits), not an expectation. */
  upTo: boolean;
  unit: 'credits' | 'calls';
}

export interface CostInput {
  /** Search results asked for (search costs 2 credits per 10 results). */
  limit?: number;
  /** An agent run's ceiling. */
  maxCredits?: number;
}

/** What a call may cost; undefined for the reads, which cost nothing. */
export function estimateCost(kind: ToolKind, input: CostInput, selfHosted: boolean): CostEstimate | undefined {
  if (kind === 'agentStatus' || kind === 'credits') return undefined;
  if (selfHosted) return { units: 1, upTo: false, unit: 'calls' };
  switch (kind) {
    case 'scrape':
    case 'map':
      return { units: 1, upTo: false, unit: 'credits' };
    case 'search':
      return { units: Math.max(2, Math.ceil((input.limit ?? 10) / 10) * 2), upTo: false, unit: 'credits' };
    case 'startAgent':
      return { units: Math.max(1, Math.floor(input.maxCredits ?? 0)), upTo: true, unit: 'credits' };
  }
}

export type GuardReason = 'free' | 'withinBudget' | 'overBudget' | 'agentRun';

export interface GuardDecision {
  ask: boolean;
  reason: GuardReason;
  /** Today's tool spending before this call, and the budget it is held against. */
  spentToday: number;
  budget: number;
  /** Of `spentToday`, the ceilings still held: calls still out and agent runs not yet seen finished. */
  heldToday?: number;
}

export function decide(kind: ToolKind, estimate: CostEstimate | undefined, spentToday: number, budget: number, heldToday = 0): GuardDecision {
  const base = { spentToday, budget, ...(heldToday > 0 ? { heldToday } : {}) };
  if (!estimate) return { ask: false, reason: 'free', ...base };
  if (spentToday + estimate.units > budget) return { ask: true, reason: 'overBudget', ...base };
  if (kind === 'startAgent') return { ask: true, reason: 'agentRun', ...base };
  return { ask: false, reason: 'withinBudget', ...base };
}

/** Midnight of the local day holding `now`: "today" is the person's day. */
export function startOfLocalDay(now: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}
