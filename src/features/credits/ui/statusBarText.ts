// What the status bar shows for each credits state, as plain data: the view only copies it onto a
// StatusBarItem, and unit tests check every state without VS Code. Words come from @vscode/l10n in
// the editor's language; icons (`$(warning)`) and command links stay outside the messages.
import * as l10n from '@vscode/l10n';
import type { CreditUsage, QueueStatus, UsagePeriod } from '../../../api';
import { describeError, type ErrorContext } from '../../../host/errorText';
import type { KeySource } from '../../../host/keyService';
import { COMMANDS } from '../../../ids';
import type { CreditsState } from '../model/creditsStore';
import { forecastRunOut, forecastSentence } from '../model/forecast';
import { formatAgo, formatCredits, formatDate, formatExact, formatPercent, formatRatio, parseTime, plural, pluralCount, utcDaysBetween } from '../../../shared/format';
import { billingPeriod } from '../../../shared/billingPeriod';
import { balanceText, toolShareText } from '../../../shared/creditWords';
import { sparkline } from '../../../shared/sparkline';
import { escapeMarkdown } from '../../../shared/text';
import type { BurnView } from '../../burn';

export type Level = 'normal' | 'warning' | 'critical';

export interface Thresholds {
  /** Percent of plan remaining at or below which the item turns to a warning. */
  warningPercent: number;
  criticalPercent: number;
}

export interface PresentationContext {
  now: number;
  locale?: string;
  thresholds: Thresholds;
  keySource?: KeySource;
  /** Where requests go, for the words of a failure (ClientProvider.errorContext). */
  errors: ErrorContext;
  history?: readonly UsagePeriod[];
  /** The last 24 hours, the 7-day pace and any spike (features/burn). */
  burn?: BurnView;
  /** Credits the editor's AI agents spent through Firecrawl tools (features/agentTools). */
  tools?: { lastHour: number; lastDay: number };
}

export interface CreditsPresentation {
  text: string;
  /** Markdown; every piece of server text in it is escaped. */
  tooltip: string;
  level: Level;
  command: string;
  accessibilityLabel: string;
}

export const TOOLTIP_COMMANDS = [COMMANDS.refreshCredits, COMMANDS.showUsageHistory, COMMANDS.setApiKey, COMMANDS.resumeSpikeAlerts] as const;

/** Hourly bins older than this are labelled with their age. */
const BURN_AGE_SHOWN_MS = 30 * 60_000;

/** "Last 24 h: N credits", a sparkline of the hours, a spike while it lasts, and the alerts' state. */
function burnLines(burn: BurnView | undefined, ctx: PresentationContext): string[] {
  if (!burn) return [];
  const day = burn.summary.day;
  // Whether alerts are off or muted is said with or without the hours to show: it is the way back.
  if (!day)
    return burn.alertsOff
      ? ['', l10n.t('Spike alerts are off. [Turn On]({0})', `command:${COMMANDS.resumeSpikeAlerts}`)]
      : burn.muted
        ? ['', l10n.t('Spike alerts are muted for today. [Turn On]({0})', `command:${COMMANDS.resumeSpikeAlerts}`)]
        : [];
  const { locale } = ctx;
  const lines = [
    '',
    pluralCount(
      day.total,
      locale,
      (n) => l10n.t('Last 24 h: **{0}** credit', n),
      (n) => l10n.t('Last 24 h: **{0}** credits', n),
    ),
  ];
  // Inline code keeps the blocks in one font; the row reads oldest to newest.
  lines.push('', l10n.t('{0} hourly, oldest first; busiest hour {1}', `\`${sparkline(day.hourly)}\``, formatExact(day.peak, locale)));
  const tools = ctx.tools;
  // The tools' record is live and the bins lag: "of these" is never more than the bins' own total.
  const toolDay = tools ? Math.min(tools.lastDay, day.total) : 0;
  if (toolDay > 0) {
    lines.push(
      '',
      pluralCount(
        Math.round(toolDay),
        locale,
        (n) => l10n.t('AI agents spent {0} credit of these through Firecrawl tools.', n),
        (n) => l10n.t('AI agents spent {0} credits of these through Firecrawl tools.', n),
      ),
    );
  }
  if (burn.dayFetchedAt !== undefined && ctx.now - burn.dayFetchedAt > BURN_AGE_SHOWN_MS) lines.push('', l10n.t('Hourly usage as of {0}', formatAgo(burn.dayFetchedAt, ctx.now, locale)));
  const spike = burn.summary.spike;
  if (spike) {
    const ratio = formatRatio(spike.ratio, locale);
    const rate = formatRatio(spike.perHour, locale);
    const said = pluralCount(
      spike.lastHour,
      locale,
      (n) => l10n.t('**Spike:** {0} credit in the last hour, {1}× the usual rate of the last 7 days ({2} an hour).', n, ratio, rate),
      (n) => l10n.t('**Spike:** {0} credits in the last hour, {1}× the usual rate of the last 7 days ({2} an hour).', n, ratio, rate),
    );
    lines.push('', `$(warning) ${said}`);
    const share = toolShareText(tools?.lastHour, spike.lastHour, locale);
    if (share) lines.push('', share);
  }
  if (burn.alertsOff) lines.push('', l10n.t('Spike alerts are off. [Turn On]({0})', `command:${COMMANDS.resumeSpikeAlerts}`));
  else if (burn.muted) lines.push('', l10n.t('Spike alerts are muted for today. [Turn On]({0})', `command:${COMMANDS.resumeSpikeAlerts}`));
  return lines;
}

/** Without a plan there is nothing to take a percentage of: only an empty or overdrawn balance stands out. */
export function levelFor(remaining: number, plan: number | null, thresholds: Thresholds): Level {
  if (remaining < 0) return 'critical';
  if (plan === null || plan <= 0) return remaining === 0 ? 'critical' : 'normal';
  // Compared without dividing: (7 / 100) * 100 is 7.000000000000001, above a 7% threshold.
  if (remaining * 100 <= thresholds.criticalPercent * plan) return 'critical';
  if (remaining * 100 <= thresholds.warningPercent * plan) return 'warning';
  return 'normal';
}

function links(): string {
  const items = [`[${l10n.t({ message: 'Refresh', comment: ['tooltip link: load the balance again'] })}](command:${COMMANDS.refreshCredits})`];
  items.push(`[${l10n.t('Usage History')}](command:${COMMANDS.showUsageHistory})`);
  items.push(setKeyLink());
  return items.join(' · ');
}

function setKeyLink(): string {
  return `[${l10n.t('Set API Key')}](command:${COMMANDS.setApiKey})`;
}

function keyLine(ctx: PresentationContext): string | undefined {
  if (!ctx.keySource) return undefined;
  return ctx.keySource === 'stored' ? l10n.t('Key: stored in VS Code secret storage') : l10n.t('Key: from the {0} environment variable', 'FIRECRAWL\\_API\\_KEY');
}

/** Remaining against the plan, what was used, or what is beyond it; the balance alone when there is no plan. */
function balanceLines(remaining: number, plan: number | null, level: Level, locale: string | undefined): string[] {
  const bold = (n: string) => `**${n}**`;
  if (plan === null) {
    // Without a plan an empty or overdrawn balance is still critical (levelFor): "no warning level" beside red would be untrue.
    const why =
      level === 'critical'
        ? l10n.t('This server reports no plan, so there is no usage share; the balance is marked critical because no credits are left.')
        : l10n.t('This server reports no plan, so there is no usage share or warning level.');
    return [balanceText(remaining, null, locale, bold), '', why];
  }
  const lines = [balanceText(remaining, plan, locale, bold)];
  if (plan > 0 && remaining >= 0 && remaining <= plan) {
    const used = plan - remaining;
    lines.push('', l10n.t('Used this period: {0} ({1})', formatExact(used, locale), formatPercent(used / plan, locale)));
  }
  return lines;
}

/** The level as a share of the plan, in words (an overdrawn or empty balance without a plan says it already). */
function lowLines(level: Level, remaining: number, plan: number | null, ctx: PresentationContext): string[] {
  if (level === 'normal' || remaining < 0 || plan === null || plan <= 0) return [];
  const share = (percent: number) => formatPercent(percent / 100, ctx.locale);
  return [
    '',
    level === 'critical'
      ? `$(error) ${l10n.t('Critically low: {0} of the plan or less remains.', share(ctx.thresholds.criticalPercent))}`
      : `$(warning) ${l10n.t('Running low: {0} of the plan or less remains.', share(ctx.thresholds.warningPercent))}`,
  ];
}

function lowSaid(level: Level, balance: string): string {
  return level === 'critical' ? l10n.t('{0}, critically low', balance) : level === 'warning' ? l10n.t('{0}, running low', balance) : balance;
}

/** "Jobs: 2 running of 5 at once, 3 waiting · last success 4m ago", as the official CLI's `status` shows it. */
function queueLines(queue: QueueStatus | undefined, ctx: PresentationContext): string[] {
  if (!queue) return [];
  const { locale } = ctx;
  const active = formatExact(queue.active, locale);
  const running = queue.maxConcurrency === null ? l10n.t('Jobs running: {0}', active) : l10n.t('Jobs running: {0} of {1} at once', active, formatExact(queue.maxConcurrency, locale));
  const parts = [running, l10n.t('waiting: {0}', formatExact(queue.waiting, locale))];
  const success = parseTime(queue.mostRecentSuccess);
  parts.push(success === undefined ? l10n.t('no job succeeded in the last 24 h') : l10n.t('last success {0}', formatAgo(success, ctx.now, locale)));
  return ['', parts.join(' · ')];
}

/** The billing period as far as its dates can be read; nothing for a date no calendar has. */
function periodLines(usage: CreditUsage, ctx: PresentationContext): string[] {
  const { start, end } = billingPeriod(usage);
  if (end !== undefined) {
    // Counted to the date printed (its UTC day), not in 24-hour spans: a period ending at 14:00 on the 15th
    // is 1 day away all of the 14th, and "today" on the 15th.
    const left = utcDaysBetween(ctx.now, end);
    const days = formatExact(left, ctx.locale);
    const to = formatDate(end, ctx.locale);
    const span = start === undefined ? to : l10n.t({ message: '{0} – {1}', args: [formatDate(start, ctx.locale), to], comment: ['a range of dates'] });
    // The service can report a period for a while after its end (before it rolls over): nothing resets "in 0 days".
    if (end <= ctx.now) return ['', l10n.t({ message: 'Billing period: {0} · ended', args: [span], comment: ['the service has not reported the next period yet'] })];
    if (left === 0) return ['', l10n.t({ message: 'Billing period: {0} · resets today', args: [span], comment: ['the period ends later on the day printed'] })];
    return ['', plural(left, l10n.t('Billing period: {0} · resets in {1} day', span, days), l10n.t('Billing period: {0} · resets in {1} days', span, days))];
  }
  return start === undefined ? [] : ['', l10n.t('Billing period since {0}', formatDate(start, ctx.locale))];
}

/** The problem in words, escaped for the tooltip's Markdown. */
function problemText(error: unknown, ctx: PresentationContext, retryAt?: number): string {
  // A retry time gone by is not a countdown: this window is not the one retrying (another polls for the
  // team), or it waits for a focused window first. "Retrying in 1 s" would stay for the whole outage.
  const retryInMs = retryAt === undefined || retryAt <= ctx.now ? undefined : retryAt - ctx.now;
  return describeError(error, { ...ctx.errors, ...(retryInMs !== undefined ? { retryInMs } : {}) }).message;
}

export function presentCredits(state: CreditsState, ctx: PresentationContext): CreditsPresentation {
  const { problem, snapshot } = state;
  const openChart = COMMANDS.showUsageHistory;

  // A server of one's own may answer without a key; one that asks for it (401) rejected none.
  if (problem?.kind === 'noKey' || (problem?.kind === 'unauthorized' && ctx.errors.keySet === false)) {
    const why = problem.kind === 'noKey' ? l10n.t('No API key yet. Set one to see your remaining credits.') : escapeMarkdown(problemText(problem.error, ctx));
    return {
      text: `$(key) ${l10n.t('Firecrawl: Set API Key')}`,
      tooltip: `**Firecrawl**\n\n${why}\n\n${setKeyLink()}`,
      level: 'normal',
      command: COMMANDS.setApiKey,
      accessibilityLabel: l10n.t('Firecrawl: no API key. Activate to set one.'),
    };
  }
  if (problem?.kind === 'unauthorized') {
    return {
      text: `$(error) ${l10n.t('Firecrawl: key rejected')}`,
      tooltip: `**${l10n.t('Firecrawl: API key rejected')}**\n\n${escapeMarkdown(problemText(problem.error, ctx))}\n\n${links()}`,
      level: 'critical',
      command: COMMANDS.setApiKey,
      accessibilityLabel: l10n.t('Firecrawl: the API key was rejected. Activate to set a new key.'),
    };
  }
  if (problem?.kind === 'unsupported') {
    return {
      text: `$(flame) ${l10n.t({ message: 'n/a', comment: ['status bar: no credits on this server'] })}`,
      tooltip: `**Firecrawl**\n\n${escapeMarkdown(problemText(problem.error, ctx))}\n\n${l10n.t('Server: {0}', escapeMarkdown(ctx.errors.apiUrl ?? ''))}\n\n${links()}`,
      level: 'normal',
      command: openChart,
      accessibilityLabel: l10n.t('Firecrawl: credits are not available on this server.'),
    };
  }
  if (problem?.kind === 'noBilling') {
    return {
      text: `$(flame) ${l10n.t({ message: 'no billing info', comment: ['status bar: the team has no billing record'] })}`,
      tooltip: `**Firecrawl**\n\n${l10n.t('Firecrawl has no billing information for this team yet.')}\n\n${links()}`,
      level: 'normal',
      command: openChart,
      accessibilityLabel: l10n.t('Firecrawl: no billing information for this team.'),
    };
  }
  if (!snapshot) {
    const failed = problem?.kind === 'unavailable';
    const why = failed ? problemText(problem.error, ctx, problem.retryAt) : '';
    return {
      // not localised: an icon and the product's name
      text: failed ? '$(warning) Firecrawl' : '$(sync~spin) Firecrawl',
      tooltip: failed ? `**${l10n.t('Firecrawl: credits unavailable')}**\n\n${escapeMarkdown(why)}\n\n${links()}` : `**Firecrawl**\n\n${l10n.t('Loading remaining credits…')}`,
      level: 'normal',
      command: failed ? COMMANDS.refreshCredits : openChart,
      accessibilityLabel: failed ? l10n.t('Firecrawl: credits unavailable. {0}', why) : l10n.t('Firecrawl: loading remaining credits'),
    };
  }

  const { usage, fetchedAt } = snapshot;
  const plan = usage.planCredits;
  // Shown in whole credits, so the sign and the words follow the number shown: an overage of 0.4 is 0
  // remaining, not "-0" and "over plan by 0". (`+ 0` turns the -0 that rounding leaves into 0.)
  const remaining = Math.round(usage.remainingCredits) + 0;
  const spiking = ctx.burn?.summary.spike !== undefined;
  const balanceLevel = levelFor(remaining, plan, ctx.thresholds);
  // A spike shows in the warning colour while it lasts; a critical balance stays critical.
  const level = spiking && balanceLevel === 'normal' ? 'warning' : balanceLevel;
  const stale = problem?.kind === 'unavailable';
  // Not by colour alone: a low balance has its own icon (and words for screen readers and the tooltip).
  const icon = balanceLevel === 'critical' ? '$(error)' : stale || balanceLevel === 'warning' ? '$(warning)' : '$(flame)';
  const short = formatCredits(remaining, ctx.locale);
  const lines: string[] = [
    `**${l10n.t('Firecrawl credits')}**`,
    '',
    ...balanceLines(remaining, plan, balanceLevel, ctx.locale),
    ...lowLines(balanceLevel, remaining, plan, ctx),
    ...periodLines(usage, ctx),
  ];
  const forecast = forecastRunOut(usage, ctx.now, ctx.history, ctx.burn?.summary.weekPerDay, fetchedAt);
  if (forecast) lines.push('', `$(warning) ${forecastSentence(forecast, ctx.locale)}`);
  lines.push(...burnLines(ctx.burn, ctx));
  lines.push(...queueLines(snapshot.queue, ctx));
  lines.push('');
  const key = keyLine(ctx);
  if (key) lines.push(key, '');
  const age = formatAgo(fetchedAt, ctx.now, ctx.locale);
  lines.push(l10n.t('Updated {0}', age));
  if (stale) lines.push('', `$(warning) ${l10n.t('Could not refresh: {0}', escapeMarkdown(problemText(problem.error, ctx, problem.retryAt)))}`);
  lines.push('', links());

  const balance = lowSaid(balanceLevel, balanceText(remaining, plan, ctx.locale));
  const spike = ctx.burn?.summary.spike;
  let accessibilityLabel: string;
  if (!spike) accessibilityLabel = stale ? l10n.t('Firecrawl: {0}, last updated {1}, refresh failed', balance, age) : l10n.t('Firecrawl: {0}', balance);
  else {
    const first = stale ? l10n.t('Firecrawl: {0}, last updated {1}, refresh failed.', balance, age) : l10n.t('Firecrawl: {0}.', balance);
    const draining = pluralCount(
      spike.lastHour,
      ctx.locale,
      (n) => l10n.t('Credits are draining fast: {0} credit in the last hour.', n),
      (n) => l10n.t('Credits are draining fast: {0} credits in the last hour.', n),
    );
    accessibilityLabel = `${first} ${draining}`;
  }
  return {
    // Not by colour alone: a pulse beside the number while credits drain fast.
    text: `${icon} ${remaining < 0 ? `-${formatCredits(-remaining, ctx.locale)}` : short}${spiking ? ' $(pulse)' : ''}`,
    tooltip: lines.join('\n'),
    level,
    command: openChart,
    accessibilityLabel,
  };
}
