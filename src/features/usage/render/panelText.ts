// The words around the chart for each panel state: balance header, billing period, loading, stale,
// error and empty states, and which action fits. Pure, so each state is checked in unit tests.
import { formatAgo, formatDate, formatExact, parseTime } from '../../../shared/format';
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

export const EMPTY_TEXT = 'No credit usage in the last 90 days.';

/** The words that change with the range. */
export const RANGE_TEXT: Record<UsageRange, { loading: string; refreshing: string; empty: string; failed: string }> = {
  months: { loading: 'Loading usage history…', refreshing: 'Refreshing usage history…', empty: EMPTY_TEXT, failed: 'Could not load usage history: {message}' },
  last30d: { loading: 'Loading the last 30 days…', refreshing: 'Refreshing the last 30 days…', empty: 'No credit usage in the last 30 days.', failed: 'Could not load the last 30 days: {message}' },
  last7d: { loading: 'Loading the last 7 days…', refreshing: 'Refreshing the last 7 days…', empty: 'No credit usage in the last 7 days.', failed: 'Could not load the last 7 days: {message}' },
  last24h: { loading: 'Loading the last 24 hours…', refreshing: 'Refreshing the last 24 hours…', empty: 'No credit usage in the last 24 hours.', failed: 'Could not load the last 24 hours: {message}' },
};

/** What the page says while it waits for the host's first state of a range. */
export function loadingText(range: UsageRange, byApiKey: boolean): string {
  return range === 'months' && byApiKey ? 'Loading usage per API key…' : RANGE_TEXT[range].loading;
}

/** Why Per API key cannot be pressed outside the months. */
export const PER_KEY_UNAVAILABLE = 'Per API key is available for Months only: Firecrawl reports days and hours for the whole team.';

function balanceLines(state: PanelState, locale: string): Pick<PanelText, 'balance' | 'period' | 'balanceNote' | 'balanceStale'> {
  const c = state.credits;
  if (!c) return state.creditsNote ? { balanceNote: state.creditsNote } : {};
  const over = formatExact(-c.remainingCredits, locale);
  const plan = c.planCredits === null ? undefined : formatExact(c.planCredits, locale);
  const balance =
    c.remainingCredits < 0
      ? plan === undefined ? `Over by ${over} credits` : `Over plan by ${over} credits (plan ${plan})`
      : `${formatExact(c.remainingCredits, locale)}${plan === undefined ? '' : ` of ${plan}`} credits remaining`;
  const startAt = parseTime(c.billingPeriodStart);
  const endAt = parseTime(c.billingPeriodEnd);
  const start = startAt === undefined ? undefined : formatDate(startAt, locale);
  const end = endAt === undefined ? undefined : formatDate(endAt, locale);
  const period = start && end ? `Billing period ${start} – ${end}` : end ? `Billing period ends ${end}` : start ? `Billing period since ${start}` : undefined;
  return {
    balance,
    ...(period ? { period } : {}),
    ...(c.stale ? { balanceNote: `Balance as of ${formatAgo(c.fetchedAt, state.now, locale)}; the last refresh failed.`, balanceStale: true } : {}),
  };
}

function statusOf(state: PanelState): PanelStatus | undefined {
  const { problem, loading } = state;
  const history = state.range === 'months' ? state.history : state.bins;
  const words = RANGE_TEXT[state.range];
  switch (problem?.kind) {
    case 'noKey':
      return { tone: 'info', text: problem.message, action: { command: 'setApiKey', label: 'Set API Key' } };
    case 'unauthorized':
      return { tone: 'error', text: 'Firecrawl rejected the API key. Set a new key to see your usage history.', action: { command: 'setApiKey', label: 'Set API Key' } };
    case 'unsupported':
      return { tone: 'info', text: problem.message, action: { command: 'openSettings', label: 'Open API URL Setting' } };
    case 'unavailable':
      if (loading) break;
      return history
        ? { tone: 'warning', text: `Could not refresh: ${problem.message} Showing the data loaded ${formatAgo(history.fetchedAt, state.now, state.locale)}.` }
        : { tone: 'error', text: words.failed.replace('{message}', problem.message), action: { command: 'showLogs', label: 'Show Logs' } };
    default:
      break;
  }
  if (loading) return { tone: 'info', text: history ? words.refreshing : loadingText(state.range, state.byApiKey) };
  return undefined;
}

export function describePanel(state: PanelState): PanelText {
  const locale = state.locale;
  const unsupported = state.problem?.kind === 'unsupported';
  const status = statusOf(state);
  const data = unsupported ? undefined : state.range === 'months' ? state.history : state.bins;
  // Months: no periods at all. Bins: every bin of the window is 0 (or was left out).
  const empty = !data ? false : state.range === 'months' ? (state.history?.periods.length ?? 0) === 0 : !(state.bins?.bins.some((b) => b.creditsUsed !== 0) ?? false);
  return {
    ...balanceLines(state, locale),
    ...(data ? { updated: `Usage updated ${formatAgo(data.fetchedAt, state.now, state.locale)}` } : {}),
    ...(status ? { status } : {}),
    showData: !!data && !empty,
    empty,
  };
}
