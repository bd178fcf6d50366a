// What the status bar shows for each credits state, as plain data: the view only copies it onto a
// StatusBarItem, and unit tests check every state without VS Code.
import type { CreditUsage, UsagePeriod } from '../../../api';
import { describeError } from '../../../host/errorText';
import type { KeySource } from '../../../host/keyService';
import { COMMANDS } from '../../../ids';
import type { CreditsState } from '../model/creditsStore';
import { forecastRunOut } from '../model/forecast';
import { daysBetween, formatAgo, formatCredits, formatDate, formatExact, formatPercent, formatRatio, parseTime, pluralPhrase } from '../../../shared/format';
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
  apiUrl: string;
  /** The API URL is not the hosted service. */
  selfHosted: boolean;
  history?: readonly UsagePeriod[];
  /** Whether the usage chart exists to be opened. */
  hasHistoryView: boolean;
  /** The last 24 hours, the 7-day pace and any spike (features/burn). */
  burn?: BurnView;
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
  const day = burn?.summary.day;
  if (!burn || !day) return [];
  const { locale } = ctx;
  const lines = ['', pluralPhrase(day.total, locale, { one: 'Last 24 h: **{count}** credit', other: 'Last 24 h: **{count}** credits' })];
  // Inline code keeps the blocks in one font; the row reads oldest to newest.
  lines.push('', `\`${sparkline(day.hourly)}\` hourly, oldest first; busiest hour ${formatExact(day.peak, locale)}`);
  if (burn.dayFetchedAt !== undefined && ctx.now - burn.dayFetchedAt > BURN_AGE_SHOWN_MS) lines.push('', `Hourly usage as of ${formatAgo(burn.dayFetchedAt, ctx.now, locale)}`);
  const spike = burn.summary.spike;
  if (spike) {
    lines.push(
      '',
      pluralPhrase(spike.lastHour, locale, {
        one: '$(warning) **Spike:** {count} credit in the last hour, {ratio}× the usual rate of the last 7 days ({rate} an hour).',
        other: '$(warning) **Spike:** {count} credits in the last hour, {ratio}× the usual rate of the last 7 days ({rate} an hour).',
      })
        .replace('{ratio}', formatRatio(spike.ratio, locale))
        .replace('{rate}', formatRatio(spike.perHour, locale)),
    );
  }
  if (burn.alertsOff) lines.push('', `Spike alerts are off. [Turn On](command:${COMMANDS.resumeSpikeAlerts})`);
  else if (burn.muted) lines.push('', 'Spike alerts are muted for today.');
  return lines;
}

/** Which pace the forecast used, said in its sentence. */
function forecastLine(basis: 'week' | 'period' | 'history', perDay: string, date: string): string {
  switch (basis) {
    case 'week':
      return `$(warning) At the last 7 days' pace (~${perDay}/day) credits run out around **${date}**, before the period ends.`;
    case 'period':
      return `$(warning) At this period's pace so far (~${perDay}/day) credits run out around **${date}**, before the period ends.`;
    case 'history':
      return `$(warning) At last month's pace (~${perDay}/day) credits run out around **${date}**, before the period ends.`;
  }
}

/** Without a plan there is nothing to take a percentage of: only an empty or overdrawn balance stands out. */
export function levelFor(remaining: number, plan: number | null, thresholds: Thresholds): Level {
  if (remaining < 0) return 'critical';
  if (plan === null || plan <= 0) return remaining === 0 ? 'critical' : 'normal';
  const percent = (remaining / plan) * 100;
  if (percent <= thresholds.criticalPercent) return 'critical';
  if (percent <= thresholds.warningPercent) return 'warning';
  return 'normal';
}

function links(ctx: PresentationContext): string {
  const items = [`[Refresh](command:${COMMANDS.refreshCredits})`];
  if (ctx.hasHistoryView) items.push(`[Usage History](command:${COMMANDS.showUsageHistory})`);
  items.push(`[Set API Key](command:${COMMANDS.setApiKey})`);
  return items.join(' · ');
}

function keyLine(ctx: PresentationContext): string | undefined {
  if (!ctx.keySource) return undefined;
  return ctx.keySource === 'stored' ? 'Key: stored in VS Code secret storage' : 'Key: from the FIRECRAWL\\_API\\_KEY environment variable';
}

/** Remaining against the plan, what was used, or what is beyond it; the balance alone when there is no plan. */
function balanceLines(remaining: number, plan: number | null, locale: string | undefined): string[] {
  if (plan === null) {
    const balance = remaining < 0 ? `**Over by ${formatExact(-remaining, locale)} credits**` : `**${formatExact(remaining, locale)}** credits remaining`;
    return [balance, '', 'This server reports no plan, so there is no usage share or warning level.'];
  }
  const lines = [remaining < 0 ? `**Over plan by ${formatExact(-remaining, locale)} credits** (plan ${formatExact(plan, locale)})` : `**${formatExact(remaining, locale)}** of ${formatExact(plan, locale)} remaining`];
  if (plan > 0 && remaining >= 0 && remaining <= plan) {
    const used = plan - remaining;
    lines.push('', `Used this period: ${formatExact(used, locale)} (${formatPercent(used / plan, locale)})`);
  } else if (remaining > plan) {
    lines.push('', 'Includes credits beyond the plan (packs or grants).');
  }
  return lines;
}

/** The billing period as far as its dates can be read; nothing for a date no calendar has. */
function periodLines(usage: CreditUsage, ctx: PresentationContext): string[] {
  const start = parseTime(usage.billingPeriodStart);
  const end = parseTime(usage.billingPeriodEnd);
  if (end !== undefined) {
    const left = daysBetween(ctx.now, end);
    const from = start === undefined ? '' : `${formatDate(start, ctx.locale)} – `;
    return ['', `Billing period: ${from}${formatDate(end, ctx.locale)} · resets in ${left} day${left === 1 ? '' : 's'}`];
  }
  return start === undefined ? [] : ['', `Billing period since ${formatDate(start, ctx.locale)}`];
}

/** The problem in words, escaped for the tooltip's Markdown. */
function problemText(error: unknown, ctx: PresentationContext, retryAt?: number): string {
  const retryInMs = retryAt === undefined ? undefined : Math.max(0, retryAt - ctx.now);
  return describeError(error, { apiUrl: ctx.apiUrl, selfHosted: ctx.selfHosted, ...(retryInMs !== undefined ? { retryInMs } : {}) }).message;
}

export function presentCredits(state: CreditsState, ctx: PresentationContext): CreditsPresentation {
  const { problem, snapshot } = state;
  const openChart = ctx.hasHistoryView ? COMMANDS.showUsageHistory : COMMANDS.refreshCredits;

  if (problem?.kind === 'noKey') {
    return {
      text: '$(key) Firecrawl: Set API Key',
      tooltip: `**Firecrawl**\n\nNo API key yet. Set one to see your remaining credits.\n\n[Set API Key](command:${COMMANDS.setApiKey})`,
      level: 'normal',
      command: COMMANDS.setApiKey,
      accessibilityLabel: 'Firecrawl: no API key. Activate to set one.',
    };
  }
  if (problem?.kind === 'unauthorized') {
    return {
      text: '$(error) Firecrawl: key rejected',
      tooltip: `**Firecrawl: API key rejected**\n\n${escapeMarkdown(problemText(problem.error, ctx))}\n\n${links(ctx)}`,
      level: 'critical',
      command: COMMANDS.setApiKey,
      accessibilityLabel: 'Firecrawl: the API key was rejected. Activate to set a new key.',
    };
  }
  if (problem?.kind === 'unsupported') {
    return {
      text: '$(flame) n/a',
      tooltip: `**Firecrawl**\n\n${escapeMarkdown(problemText(problem.error, ctx))}\n\nServer: ${escapeMarkdown(ctx.apiUrl)}\n\n${links(ctx)}`,
      level: 'normal',
      command: openChart,
      accessibilityLabel: 'Firecrawl: credits are not available on this server.',
    };
  }
  if (problem?.kind === 'noBilling') {
    return {
      text: '$(flame) no billing info',
      tooltip: `**Firecrawl**\n\nFirecrawl has no billing information for this team yet.\n\n${links(ctx)}`,
      level: 'normal',
      command: openChart,
      accessibilityLabel: 'Firecrawl: no billing information for this team.',
    };
  }
  if (!snapshot) {
    const failed = problem?.kind === 'unavailable';
    const why = failed ? problemText(problem.error, ctx, problem.retryAt) : '';
    return {
      text: failed ? '$(warning) Firecrawl' : '$(sync~spin) Firecrawl',
      tooltip: failed ? `**Firecrawl: credits unavailable**\n\n${escapeMarkdown(why)}\n\n${links(ctx)}` : '**Firecrawl**\n\nLoading remaining credits…',
      level: 'normal',
      command: failed ? COMMANDS.refreshCredits : openChart,
      accessibilityLabel: failed ? `Firecrawl: credits unavailable. ${why}` : 'Firecrawl: loading remaining credits',
    };
  }

  const { usage, fetchedAt } = snapshot;
  const { remainingCredits: remaining, planCredits: plan } = usage;
  const spiking = ctx.burn?.summary.spike !== undefined;
  const balanceLevel = levelFor(remaining, plan, ctx.thresholds);
  // A spike shows in the warning colour while it lasts; a critical balance stays critical.
  const level = spiking && balanceLevel === 'normal' ? 'warning' : balanceLevel;
  const stale = problem?.kind === 'unavailable';
  const icon = stale ? '$(warning)' : '$(flame)';
  const short = formatCredits(remaining, ctx.locale);
  const lines: string[] = ['**Firecrawl credits**', '', ...balanceLines(remaining, plan, ctx.locale), ...periodLines(usage, ctx)];
  const forecast = forecastRunOut(usage, ctx.now, ctx.history, ctx.burn?.summary.weekPerDay);
  if (forecast) lines.push('', forecastLine(forecast.basis, formatCredits(forecast.perDay, ctx.locale), formatDate(forecast.runOutAt, ctx.locale)));
  lines.push(...burnLines(ctx.burn, ctx));
  lines.push('');
  const key = keyLine(ctx);
  if (key) lines.push(key, '');
  lines.push(`Updated ${formatAgo(fetchedAt, ctx.now, ctx.locale)}`);
  if (stale) lines.push('', `$(warning) Could not refresh: ${escapeMarkdown(problemText(problem.error, ctx, problem.retryAt))}`);
  lines.push('', links(ctx));

  const overText =
    remaining < 0
      ? `over ${plan === null ? 'the balance' : 'plan'} by ${formatExact(-remaining, ctx.locale)} credits`
      : `${formatExact(remaining, ctx.locale)}${plan === null ? '' : ` of ${formatExact(plan, ctx.locale)}`} credits remaining`;
  const spikeLabel = spiking ? ` ${pluralPhrase(ctx.burn!.summary.spike!.lastHour, ctx.locale, { one: 'Credits are draining fast: {count} credit in the last hour.', other: 'Credits are draining fast: {count} credits in the last hour.' })}` : '';
  return {
    // Not by colour alone: a pulse beside the number while credits drain fast.
    text: `${icon} ${remaining < 0 ? `-${formatCredits(-remaining, ctx.locale)}` : short}${spiking ? ' $(pulse)' : ''}`,
    tooltip: lines.join('\n'),
    level,
    command: openChart,
    accessibilityLabel: `Firecrawl: ${overText}${stale ? `, last updated ${formatAgo(fetchedAt, ctx.now, ctx.locale)}, refresh failed` : ''}${spikeLabel ? `.${spikeLabel}` : ''}`,
  };
}
