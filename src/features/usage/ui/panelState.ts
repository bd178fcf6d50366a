// What the usage panel shows, assembled from the two stores it renders: usage history for the chart,
// the shared credits store for the balance header. Pure, so every state is unit-testable.
import { describeError, type ErrorContext } from '../../../host/errorText';
import type { CreditsState } from '../../credits';
import { type HistoryProblem, modeOf, type UsageHistoryState } from '../model/historyStore';
import { boundPeriods, type PanelState } from '../protocol';

export interface PanelContext {
  byApiKey: boolean;
  locale: string;
  now: number;
  errors: ErrorContext;
}

export const NO_KEY_TEXT = 'No API key yet. Set one to see your credit usage history.';

function problemPart(problem: HistoryProblem, errors: ErrorContext): NonNullable<PanelState['problem']> {
  const message = problem.kind === 'noKey' ? NO_KEY_TEXT : describeError(problem.error, errors).message;
  return { kind: problem.kind, message };
}

function creditsPart(credits: CreditsState, errors: ErrorContext): Pick<PanelState, 'credits' | 'creditsNote'> {
  const { snapshot, problem } = credits;
  if (snapshot) {
    return { credits: { ...snapshot.usage, fetchedAt: snapshot.fetchedAt, stale: problem?.kind === 'unavailable' } };
  }
  if (!problem || problem.kind === 'noKey') return {};
  // The history problem already explains a rejected key; say nothing twice.
  if (problem.kind === 'unauthorized') return {};
  return { creditsNote: describeError(problem.error, errors).message };
}

export function buildPanelState(history: UsageHistoryState, credits: CreditsState, ctx: PanelContext): PanelState {
  const part = history[modeOf(ctx.byApiKey)];
  return {
    byApiKey: ctx.byApiKey,
    locale: ctx.locale,
    now: ctx.now,
    loading: part.loading,
    // Cut to what the page accepts here, on the host: a page that refused the state would show nothing.
    ...(part.snapshot ? { history: { periods: boundPeriods(part.snapshot.history.periods), fetchedAt: part.snapshot.fetchedAt } } : {}),
    ...(part.problem ? { problem: problemPart(part.problem, ctx.errors) } : {}),
    ...creditsPart(credits, ctx.errors),
  };
}
