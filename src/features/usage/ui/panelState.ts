// What the usage panel shows, assembled from the stores it renders: monthly history or the range's
// bins for the chart, the shared credits store for the balance header. Pure, so every state is
// unit-testable.
import * as l10n from '@vscode/l10n';
import { describeError, type ErrorContext, isCommonStep } from '../../../host/errorText';
import type { RecentUsageState } from '../../burn';
import type { CreditsState } from '../../credits';
import { type HistoryProblem, modeOf, type UsageHistoryState } from '../model/historyStore';
import { boundBins, boundPeriods, type PanelState, timeRangeOf, type UsageRange } from '../protocol';

export interface PanelContext {
  range?: UsageRange;
  byApiKey: boolean;
  locale: string;
  now: number;
  /** The team (key and server) the stores hold, when known. */
  account?: string;
  errors: ErrorContext;
}

export function noKeyText(): string {
  return l10n.t('No API key yet. Set one to see your credit usage history.');
}

/** The two stores' problems have the same kinds; only the words differ by what failed. */
type Problem = HistoryProblem;

function problemPart(problem: Problem, errors: ErrorContext): NonNullable<PanelState['problem']> {
  if (problem.kind === 'noKey') return { kind: problem.kind, message: noKeyText() };
  const { message, actions } = describeError(problem.error, errors);
  const step = actions.find(isCommonStep);
  return { kind: problem.kind, message, ...(step ? { step } : {}) };
}

function creditsPart(credits: CreditsState, errors: ErrorContext): Pick<PanelState, 'credits' | 'creditsNote'> {
  const { snapshot, problem } = credits;
  if (snapshot) {
    // Whatever the last refresh met (the network, a rejected key), the balance shown is as old as it is.
    return { credits: { ...snapshot.usage, fetchedAt: snapshot.fetchedAt, stale: problem !== undefined && problem.kind !== 'noKey' } };
  }
  if (!problem || problem.kind === 'noKey') return {};
  // The history problem already explains a rejected key; say nothing twice.
  if (problem.kind === 'unauthorized') return {};
  return { creditsNote: describeError(problem.error, errors).message };
}

/** A range with neither data nor a problem is on its way: its store is still waiting (for the key, for the saved history) before it asks. */
function loadingOf(part: { loading: boolean; snapshot?: unknown; problem?: unknown }): boolean {
  return part.loading || (part.snapshot === undefined && part.problem === undefined);
}

export function buildPanelState(history: UsageHistoryState, credits: CreditsState, ctx: PanelContext, recent?: RecentUsageState): PanelState {
  const range = ctx.range ?? 'months';
  const common = {
    range,
    byApiKey: range === 'months' ? ctx.byApiKey : false,
    locale: ctx.locale,
    now: ctx.now,
    ...(ctx.account !== undefined ? { account: ctx.account } : {}),
    ...creditsPart(credits, ctx.errors),
  };
  if (range !== 'months') {
    const part = recent?.[timeRangeOf(range)] ?? { loading: true };
    const snapshot = part.snapshot;
    return {
      ...common,
      loading: loadingOf(part),
      ...(snapshot
        ? { bins: { binSize: snapshot.bins.binSize, windowStart: snapshot.bins.windowStart, windowEnd: snapshot.bins.windowEnd, bins: boundBins(snapshot.bins.bins), fetchedAt: snapshot.fetchedAt } }
        : {}),
      ...(part.problem ? { problem: problemPart(part.problem, ctx.errors) } : {}),
    };
  }
  const part = history[modeOf(ctx.byApiKey)];
  return {
    ...common,
    loading: loadingOf(part),
    // Cut to what the page accepts here, on the host: a page that refused the state would show nothing.
    ...(part.snapshot ? { history: { periods: boundPeriods(part.snapshot.history.periods), fetchedAt: part.snapshot.fetchedAt } } : {}),
    ...(part.problem ? { problem: problemPart(part.problem, ctx.errors) } : {}),
  };
}
