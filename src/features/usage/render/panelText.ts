// The words around the chart for each panel state: balance header, billing period, loading, stale,
// error and empty states, and which action fits. Pure, so each state is checked in unit tests.
import { formatAgo, formatDate, formatExact, parseTime } from '../../../shared/format';
import type { PageCommand, PanelState } from '../protocol';

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
  const { problem, history, loading } = state;
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
        : { tone: 'error', text: `Could not load usage history: ${problem.message}`, action: { command: 'showLogs', label: 'Show Logs' } };
    default:
      break;
  }
  if (loading) return { tone: 'info', text: history ? 'Refreshing usage history…' : state.byApiKey ? 'Loading usage per API key…' : 'Loading usage history…' };
  return undefined;
}

export function describePanel(state: PanelState): PanelText {
  const locale = state.locale;
  const history = state.problem?.kind === 'unsupported' ? undefined : state.history;
  const status = statusOf(state);
  return {
    ...balanceLines(state, locale),
    ...(history ? { updated: `Usage updated ${formatAgo(history.fetchedAt, state.now, state.locale)}` } : {}),
    ...(status ? { status } : {}),
    showData: !!history && history.periods.length > 0,
    empty: !!history && history.periods.length === 0,
  };
}
