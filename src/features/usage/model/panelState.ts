// What the usage panel shows, assembled from the two stores it renders: usage history for the chart,
// the shared credits store for the balance header. Pure, so every state is unit-testable.
import type { CreditsState } from '../../credits/model/creditsStore';
import { modeOf, type UsageHistoryState } from './historyStore';
import type { PanelState } from '../protocol';

export interface PanelContext {
  byApiKey: boolean;
  locale: string;
  now: number;
}

function creditsPart(credits: CreditsState): Pick<PanelState, 'credits' | 'creditsNote'> {
  const { snapshot, problem } = credits;
  if (snapshot) {
    return { credits: { ...snapshot.usage, fetchedAt: snapshot.fetchedAt, stale: problem?.kind === 'unavailable' } };
  }
  if (!problem || problem.kind === 'noKey') return {};
  // The history problem already explains a rejected key; say nothing twice.
  if (problem.kind === 'unauthorized') return {};
  return { creditsNote: problem.message };
}

export function buildPanelState(history: UsageHistoryState, credits: CreditsState, ctx: PanelContext): PanelState {
  const part = history[modeOf(ctx.byApiKey)];
  return {
    byApiKey: ctx.byApiKey,
    locale: ctx.locale,
    now: ctx.now,
    loading: part.loading,
    ...(part.snapshot ? { history: { periods: part.snapshot.history.periods, fetchedAt: part.snapshot.fetchedAt } } : {}),
    ...(part.problem ? { problem: { kind: part.problem.kind, message: part.problem.message } } : {}),
    ...creditsPart(credits),
  };
}
