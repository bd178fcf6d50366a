// The words around the chart for each panel state: balance header, billing period, loading, stale,
// error and empty states, and which action fits. Pure, so each state is checked in unit tests.
import * as l10n from '@vscode/l10n';
import { billingPeriod } from '../../../shared/billingPeriod';
import { balanceText } from '../../../shared/creditWords';
import { formatAgo, formatDate } from '../../../shared/format';
import type { PageCommand, PanelState, UsageRange } from '../protocol';

export interface PanelStatus {
  tone: 'info' | 'warning' | 'error';
  text: string;
  action?: { command: PageCommand; label: string };
}

export interface PanelText {
  balance?: string;
  period?: string;
  /** Under the balance: why it is missing, or that it is old. */
  balanceNote?: string;
  /** The note says the balance is old (rather than why there is none). */
  balanceStale?: boolean;
  updated?: string;
  status?: PanelStatus;
  /** Draw the chart/table. */
  showData: boolean;
  /** The team used nothing in the window the service covers. */
  empty: boolean;
}

/** The words that change with the range. */
export interface RangeText {
  loading: string;
  refreshing: string;
  empty: string;
  failed: (message: string) => string;
}

export function rangeText(range: UsageRange): RangeText {
  switch (range) {
    case 'months':
      return {
        loading: l10n.t('Loading usage history…'),
        refreshing: l10n.t('Refreshing usage history…'),
        empty: l10n.t('No credit usage in the last 90 days.'),
        failed: (message) => l10n.t('Could not load usage history: {0}', message),
      };
    case 'last30d':
      return {
        loading: l10n.t('Loading the last 30 days…'),
        refreshing: l10n.t('Refreshing the last 30 days…'),
        empty: l10n.t('No credit usage in the last 30 days.'),
        failed: (message) => l10n.t('Could not load the last 30 days: {0}', message),
      };
    case 'last7d':
      return {
        loading: l10n.t('Loading the last 7 days…'),
        refreshing: l10n.t('Refreshing the last 7 days…'),
        empty: l10n.t('No credit usage in the last 7 days.'),
        failed: (message) => l10n.t('Could not load the last 7 days: {0}', message),
      };
    case 'last24h':
      return {
        loading: l10n.t('Loading the last 24 hours…'),
        refreshing: l10n.t('Refreshing the last 24 hours…'),
        empty: l10n.t('No credit usage in the last 24 hours.'),
        failed: (message) => l10n.t('Could not load the last 24 hours: {0}', message),
      };
  }
}

/** What the page says while it waits for the host's first state of a range. */
export function loadingText(range: UsageRange, byApiKey: boolean): string {
  return range === 'months' && byApiKey ? l10n.t('Loading usage per API key…') : rangeText(range).loading;
}

/** Why Per API key cannot be pressed outside the months. */
export function perKeyUnavailable(): string {
  return l10n.t('Per API key is available for Months only: Firecrawl reports days and hours for the whole team.');
}

/** The balance as a phrase: what is left of the plan, or how far beyond it (or beyond nothing) it went. */
function balanceLines(state: PanelState, locale: string): Pick<PanelText, 'balance' | 'period' | 'balanceNote' | 'balanceStale'> {
  const c = state.credits;
  if (!c) return state.creditsNote ? { balanceNote: state.creditsNote } : {};
  const balance = balanceText(c.remainingCredits, c.planCredits, locale);
  const { start: startAt, end: endAt } = billingPeriod(c);
  const start = startAt === undefined ? undefined : formatDate(startAt, locale);
  const end = endAt === undefined ? undefined : formatDate(endAt, locale);
  const period = start && end ? l10n.t('Billing period {0} – {1}', start, end) : end ? l10n.t('Billing period ends {0}', end) : start ? l10n.t('Billing period since {0}', start) : undefined;
  return {
    balance,
    ...(period ? { period } : {}),
    ...(c.stale ? { balanceNote: l10n.t('Balance as of {0}; the last refresh failed.', formatAgo(c.fetchedAt, state.now, locale)), balanceStale: true } : {}),
  };
}

function stepAction(command: PageCommand): NonNullable<PanelStatus['action']> {
  const label = command === 'setApiKey' ? l10n.t('Set API Key') : command === 'openSettings' ? l10n.t('Open API URL Setting') : l10n.t('Show Logs');
  return { command, label };
}

function statusOf(state: PanelState): PanelStatus | undefined {
  const { problem, loading } = state;
  const history = state.range === 'months' ? state.history : state.bins;
  const words = rangeText(state.range);
  switch (problem?.kind) {
    case 'noKey':
      return { tone: 'info', text: problem.message, action: { command: 'setApiKey', label: l10n.t('Set API Key') } };
    case 'unauthorized':
      return { tone: 'error', text: l10n.t('Firecrawl rejected the API key. Set a new key to see your usage history.'), action: { command: 'setApiKey', label: l10n.t('Set API Key') } };
    case 'unsupported':
      return { tone: 'info', text: problem.message, action: { command: 'openSettings', label: l10n.t('Open API URL Setting') } };
    case 'unavailable':
      if (loading) break;
      // What the error says to do (a key, the URL setting); else the log. Over older data, only a real step.
      return history
        ? {
            tone: 'warning',
            text: l10n.t('Could not refresh: {0} Showing the data loaded {1}.', problem.message, formatAgo(history.fetchedAt, state.now, state.locale)),
            ...(problem.step && problem.step !== 'showLogs' ? { action: stepAction(problem.step) } : {}),
          }
        : { tone: 'error', text: words.failed(problem.message), action: stepAction(problem.step ?? 'showLogs') };
    default:
      break;
  }
  if (loading) return { tone: 'info', text: history ? words.refreshing : loadingText(state.range, state.byApiKey) };
  return undefined;
}

/**
 * The one rule for "No credit usage" in every range: no row with usage. Rows of 0 and rows left out
 * count alike (the service may send either, per month and key as per day or hour), as do unreadable
 * numbers, which the chart draws as 0; a refund (below 0) is something to show.
 */
function usedNothing(rows: ReadonlyArray<{ creditsUsed: number }>): boolean {
  return !rows.some((row) => Number.isFinite(row.creditsUsed) && row.creditsUsed !== 0);
}

export function describePanel(state: PanelState): PanelText {
  const locale = state.locale;
  const unsupported = state.problem?.kind === 'unsupported';
  const status = statusOf(state);
  const data = unsupported ? undefined : state.range === 'months' ? state.history : state.bins;
  const empty = !!data && usedNothing(state.range === 'months' ? (state.history?.periods ?? []) : (state.bins?.bins ?? []));
  return {
    ...balanceLines(state, locale),
    ...(data ? { updated: l10n.t('Usage updated {0}', formatAgo(data.fetchedAt, state.now, state.locale)) } : {}),
    ...(status ? { status } : {}),
    showData: !!data && !empty,
    empty,
  };
}
