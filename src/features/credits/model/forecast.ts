// "At this pace credits run out around <date>": from the last 7 days' pace when the period began
// before them (it is the more recent), from this period's usage so far otherwise, or, early in a
// period with too little to go on, from the last complete month of history. The 7-day pace comes
// from usage bins, so it holds when packs or grants make "used" unknown.
import * as l10n from '@vscode/l10n';
import type { CreditUsage, UsagePeriod } from '../../../api';
import { billingPeriod } from '../../../shared/billingPeriod';
import { formatCredits, formatDate, formatLocalDate, formatRatio } from '../../../shared/format';
import { DAY_MS } from '../../../shared/usageSlots';
/** Below this much of the period the current pace is noise (one big crawl on day one). */
const MIN_ELAPSED_MS = 2 * DAY_MS;

export interface Forecast {
  /** When remaining credits reach zero at the current pace. */
  runOutAt: number;
  /** The period's end it comes before. */
  periodEnd: number;
  /** Credits per day the forecast assumed. */
  perDay: number;
  basis: 'week' | 'period' | 'history';
}

const WEEK_MS = 7 * DAY_MS;
/** A calendar month ends at most this long before a billing period that began after it. */
const MONTH_MS = 31 * DAY_MS;

/**
 * `asOf`: when the balance was read (default `now`). A balance read days ago (offline, a restart) ran
 * out that much sooner, and "used" is what was used by then.
 */
export function forecastRunOut(usage: CreditUsage, now: number, history?: readonly UsagePeriod[], weekPerDay?: number, asOf = now): Forecast | undefined {
  const { start, end } = billingPeriod(usage);
  // The balance as the status bar shows it: 0.4 left reads 0, used up, with no run-out date beside it.
  if (Math.round(usage.remainingCredits) <= 0 || start === undefined || end === undefined || end <= now || asOf <= start) return undefined;

  let perDay: number | undefined;
  let basis: Forecast['basis'] = 'period';
  const elapsed = asOf - start;
  // Packs and grants can push remaining above plan: then "used" is unknown, not negative.
  // Without a plan, "used" is unknown too: only the history can tell the pace.
  const used = usage.planCredits === null ? 0 : usage.planCredits - usage.remainingCredits;
  const week = weekPerDay !== undefined && Number.isFinite(weekPerDay) && weekPerDay >= 0 ? weekPerDay : undefined;
  if (week !== undefined && elapsed > WEEK_MS) {
    perDay = week;
    basis = 'week';
  } else if (elapsed >= MIN_ELAPSED_MS && used > 0) perDay = (used / elapsed) * DAY_MS;
  else if (week !== undefined) {
    // Nothing used in the last 7 days is a pace too: no run-out, as a pace of one a day would give
    // none. Last month's pace is only for when the recent one is not known.
    perDay = week;
    basis = 'week';
  }
  if (perDay === undefined && history) {
    // Last month's: a history kept from a while ago (the panel last opened in summer) says nothing of now.
    const recent = (end: number) => end <= now && end >= start - MONTH_MS;
    const full = [...history].reverse().find((p) => p.startDate !== null && p.endDate !== null && Date.parse(p.endDate) > Date.parse(p.startDate) && recent(Date.parse(p.endDate)));
    if (full?.endDate && full.startDate) {
      const total = history.filter((p) => p.startDate === full.startDate).reduce((sum, p) => sum + p.creditsUsed, 0);
      const days = (Date.parse(full.endDate) - Date.parse(full.startDate)) / DAY_MS;
      if (total > 0 && days > 0) {
        perDay = total / days;
        basis = 'history';
      }
    }
  }
  if (!perDay || perDay <= 0) return undefined;
  const runOutAt = asOf + (usage.remainingCredits / perDay) * DAY_MS;
  return runOutAt < end ? { runOutAt, periodEnd: end, perDay, basis } : undefined;
}

/**
 * A moment, not a date the service named: the day it falls on where the person is. Unless that day is
 * after the period's end as printed (its UTC date): east of UTC a run-out a few hours before the end
 * can fall on the next local day, and "Dec 11, before the period ends" would sit beside "Dec 10".
 * Then it is said as the UTC day, as the end is, which is never after the end's.
 */
function runOutDate(forecast: Forecast, locale: string | undefined): string {
  const local = new Date(forecast.runOutAt);
  const end = new Date(forecast.periodEnd);
  const localDay = local.getFullYear() * 10_000 + local.getMonth() * 100 + local.getDate();
  const endDay = end.getUTCFullYear() * 10_000 + end.getUTCMonth() * 100 + end.getUTCDate();
  return localDay > endDay ? formatDate(forecast.runOutAt, locale) : formatLocalDate(forecast.runOutAt, locale);
}

/** The forecast as one sentence, naming the pace it assumed; the date is in bold. */
export function forecastSentence(forecast: Forecast, locale: string | undefined): string {
  // A slow pace keeps its decimal: a few credits left can run out at under one a day, never "~0/day".
  const perDay = forecast.perDay < 10 ? formatRatio(forecast.perDay, locale) : formatCredits(forecast.perDay, locale);
  const date = runOutDate(forecast, locale);
  switch (forecast.basis) {
    case 'week':
      return l10n.t("At the last 7 days' pace (~{0}/day) credits run out around **{1}**, before the period ends.", perDay, date);
    case 'period':
      return l10n.t("At this period's pace so far (~{0}/day) credits run out around **{1}**, before the period ends.", perDay, date);
    case 'history':
      return l10n.t("At last month's pace (~{0}/day) credits run out around **{1}**, before the period ends.", perDay, date);
  }
}
