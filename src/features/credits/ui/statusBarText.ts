// What the status bar shows for each credits state, as plain data: the view only copies it onto a
// StatusBarItem, and unit tests check every state without VS Code.
import type { CreditUsage, UsagePeriod } from '../../../api';
import { describeError } from '../../../host/errorText';
import type { KeySource } from '../../../host/keyService';
import { COMMANDS } from '../../../ids';
import type { CreditsState } from '../model/creditsStore';
import { forecastRunOut } from '../model/forecast';
import { daysBetween, formatAgo, formatCredits, formatDate, formatExact, formatPercent, parseTime } from '../../../shared/format';
import { escapeMarkdown } from '../../../shared/text';

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
}

export interface CreditsPresentation {
  text: string;
  /** Markdown; every piece of server text in it is escaped. */
  tooltip: string;
  level: Level;
  command: string;
  accessibilityLabel: string;
}

export const TOOLTIP_COMMANDS = [COMMANDS.refreshCredits, COMMANDS.showUsageHistory, COMMANDS.setApiKey] as const;

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
  const level = levelFor(remaining, plan, ctx.thresholds);
  const stale = problem?.kind === 'unavailable';
  const icon = stale ? '$(warning)' : '$(flame)';
  const short = formatCredits(remaining, ctx.locale);
  const lines: string[] = ['**Firecrawl credits**', '', ...balanceLines(remaining, plan, ctx.locale), ...periodLines(usage, ctx)];
  const forecast = forecastRunOut(usage, ctx.now, ctx.history);
  if (forecast) {
    lines.push('', `$(warning) At this pace (~${formatCredits(forecast.perDay, ctx.locale)}/day) credits run out around **${formatDate(forecast.runOutAt, ctx.locale)}**, before the period ends.`);
  }
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
  return {
    text: `${icon} ${remaining < 0 ? `-${formatCredits(-remaining, ctx.locale)}` : short}`,
    tooltip: lines.join('\n'),
    level,
    command: openChart,
    accessibilityLabel: `Firecrawl: ${overText}${stale ? `, last updated ${formatAgo(fetchedAt, ctx.now, ctx.locale)}, refresh failed` : ''}`,
  };
}
