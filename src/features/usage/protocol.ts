// Messages between the usage panel host and its webview page. Both sides check every message with
// these guards before acting on it: the page could be compromised by data it renders, and the host
// is the only side that may touch the clipboard, files or commands. The API key is never part of it.
import type { UsageBin, UsagePeriod, UsageTimeRange } from '../../api';
import type { CommonStep } from '../../host/errorText/nextSteps';
import { PANELS } from '../../ids';
import { oneLine } from '../../shared/text';

export const VIEW_TYPE = PANELS.usage;

export type ProblemKind = 'noKey' | 'unauthorized' | 'unsupported' | 'unavailable';

/** What the panel shows: calendar months (with the per-key view), or the last 30 days, 7 days or 24 hours. */
export type UsageRange = 'months' | 'last30d' | 'last7d' | 'last24h';
export const USAGE_RANGES: readonly UsageRange[] = ['months', 'last30d', 'last7d', 'last24h'];

/** The service's `timeRange` for a range of bins. */
export function timeRangeOf(range: Exclude<UsageRange, 'months'>): UsageTimeRange {
  return range === 'last30d' ? 'month' : range === 'last7d' ? 'week' : 'day';
}

/** Bins as the page gets them. */
export interface PanelBins {
  binSize: 'hour' | 'day';
  windowStart: string | null;
  windowEnd: string | null;
  bins: UsageBin[];
  fetchedAt: number;
}
const PROBLEM_KINDS: readonly ProblemKind[] = ['noKey', 'unauthorized', 'unsupported', 'unavailable'];

/** What the page shows about the balance; a copy of the credits store, never fetched for the chart. */
export interface CreditsHeader {
  remainingCredits: number;
  /** null when the server reports no plan. */
  planCredits: number | null;
  billingPeriodStart: string | null;
  billingPeriodEnd: string | null;
  fetchedAt: number;
  /** The last refresh failed; the numbers are from `fetchedAt`. */
  stale: boolean;
}

export interface PanelState {
  range: UsageRange;
  /** The months' breakdown (always false for the other ranges: the service has no per-key bins). */
  byApiKey: boolean;
  locale: string;
  /** Host clock when sent, so ages read the same as in the status bar. */
  now: number;
  /**
   * Which team (key and server) the state is for, as an opaque name; absent until the host knows it.
   * A page restored from its saved state keeps the saved data only for the same team.
   */
  account?: string;
  loading: boolean;
  history?: { periods: UsagePeriod[]; fetchedAt: number };
  /** The range's bins, for every range but months. */
  bins?: PanelBins;
  /** `step`: what the error says to do, when it is something the page can offer (else the log). */
  problem?: { kind: ProblemKind; message: string; step?: PageCommand };
  credits?: CreditsHeader;
  /** Why there is no balance header, when there is none and a reason is known. */
  creditsNote?: string;
}

export type HostMessage =
  | { type: 'state'; state: PanelState }
  | { type: 'notice'; level: 'info' | 'error'; text: string }
  /** The host shows another range (the spike alert's "Show Usage"): the page switches to it. */
  | { type: 'range'; range: UsageRange };

/** Commands the page may ask for, by name; the host maps them to its own command ids. */
export type PageCommand = CommonStep;
const PAGE_COMMANDS: readonly PageCommand[] = ['setApiKey', 'openSettings', 'showLogs'];

export type PageMessage =
  /**
   * Sent on every page load (first open, reveal after hiding, reload). `byApiKey` is the page's own
   * saved choice; without one the page follows the host's.
   */
  | { type: 'ready'; byApiKey?: boolean; range?: UsageRange }
  | { type: 'refresh' }
  | { type: 'setBreakdown'; byApiKey: boolean }
  | { type: 'setRange'; range: UsageRange }
  | { type: 'copyCsv' }
  | { type: 'saveCsv' }
  | { type: 'run'; command: PageCommand }
  /** The page refused a message from the host (a version mismatch, a bug): the host logs it. */
  | { type: 'rejected'; reason: string };

/** What the page keeps with setState, and what the serializer gets back after a reload. */
export interface SavedPageState {
  version: 1;
  byApiKey: boolean;
  /** Absent in states saved before ranges existed: months. */
  range?: UsageRange;
  view: 'chart' | 'table';
  last?: PanelState;
  /** When `last` came, by the page's clock: a restored page says its age. */
  lastAt?: number;
}

// Generous bounds: 36 months × 50 keys is the documented scale; anything far above it is not data.
// The host trims what it sends to these (boundPeriods), so the page never has to refuse real data.
export const MAX_PERIODS = 20_000;
/** 31 days or 25 hours are sent; anything far beyond is not bins. */
export const MAX_BINS = 1_000;
const MAX_TEXT = 2_000;
const MAX_DATE = 64;
/** BCP 47 tags are short; this is far above any real one. */
const MAX_LOCALE = 64;
/** The team's opaque name (hex of a digest). */
const MAX_ACCOUNT = 64;
const MAX_KEY_NAME = 500;
/** Key names are cut to this on the host: longer ones say nothing more in a legend. */
const SHOWN_KEY_NAME = 200;

type Dict = Record<string, unknown>;

function isDict(value: unknown): value is Dict {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown, max = MAX_TEXT): value is string {
  return typeof value === 'string' && value.length <= max;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isOneOf<T extends string>(value: unknown, options: readonly T[]): value is T {
  return typeof value === 'string' && (options as readonly string[]).includes(value);
}

function isDateOrNull(value: unknown): value is string | null {
  return value === null || isText(value, MAX_DATE);
}

export function isUsagePeriod(value: unknown): value is UsagePeriod {
  if (!isDict(value)) return false;
  return isDateOrNull(value.startDate) && isDateOrNull(value.endDate) && isNumber(value.creditsUsed) && (value.apiKey === undefined || isText(value.apiKey, MAX_KEY_NAME));
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Periods as the page accepts them: over-long names and dates cut (not refused, which would leave
 * the page with nothing), and at most MAX_PERIODS of them, the newest (the service sends oldest first).
 */
export function boundPeriods(periods: readonly UsagePeriod[]): UsagePeriod[] {
  return periods.slice(-MAX_PERIODS).map((p) => {
    const fits = (p.startDate === null || p.startDate.length <= MAX_DATE) && (p.endDate === null || p.endDate.length <= MAX_DATE) && (p.apiKey === undefined || p.apiKey.length <= SHOWN_KEY_NAME);
    if (fits && Number.isFinite(p.creditsUsed)) return p;
    return {
      startDate: p.startDate === null ? null : cut(p.startDate, MAX_DATE),
      endDate: p.endDate === null ? null : cut(p.endDate, MAX_DATE),
      creditsUsed: Number.isFinite(p.creditsUsed) ? p.creditsUsed : 0,
      ...(p.apiKey === undefined ? {} : { apiKey: cut(p.apiKey, SHOWN_KEY_NAME) }),
    };
  });
}

function isBin(value: unknown): value is UsageBin {
  return isDict(value) && isDateOrNull(value.startDate) && isDateOrNull(value.endDate) && isNumber(value.creditsUsed);
}

/** Bins cut to what the page accepts: the newest MAX_BINS, over-long dates cut. */
export function boundBins(bins: readonly UsageBin[]): UsageBin[] {
  return bins.slice(-MAX_BINS).map((b) => {
    if ((b.startDate === null || b.startDate.length <= MAX_DATE) && (b.endDate === null || b.endDate.length <= MAX_DATE) && Number.isFinite(b.creditsUsed)) return b;
    return {
      startDate: b.startDate === null ? null : cut(b.startDate, MAX_DATE),
      endDate: b.endDate === null ? null : cut(b.endDate, MAX_DATE),
      creditsUsed: Number.isFinite(b.creditsUsed) ? b.creditsUsed : 0,
    };
  });
}

function binsProblem(value: unknown): string | undefined {
  if (
    !isDict(value) ||
    !isNumber(value.fetchedAt) ||
    (value.binSize !== 'hour' && value.binSize !== 'day') ||
    !isDateOrNull(value.windowStart) ||
    !isDateOrNull(value.windowEnd) ||
    !Array.isArray(value.bins)
  )
    return 'bins';
  // not localised: which part was refused, for the log
  if (value.bins.length > MAX_BINS) return `bins: ${value.bins.length} bins, more than ${MAX_BINS}`;
  const bad = value.bins.findIndex((b) => !isBin(b));
  return bad >= 0 ? `bins.bins[${bad}]` : undefined; // not localised: a path into the state, for the log
}

function isCreditsHeader(value: unknown): value is CreditsHeader {
  return (
    isDict(value) &&
    isNumber(value.remainingCredits) &&
    (value.planCredits === null || isNumber(value.planCredits)) &&
    isDateOrNull(value.billingPeriodStart) &&
    isDateOrNull(value.billingPeriodEnd) &&
    isNumber(value.fetchedAt) &&
    typeof value.stale === 'boolean'
  );
}

/** Which part of a state the page would refuse (for the log), or undefined when it is acceptable. */
export function panelStateProblem(value: unknown): string | undefined {
  // not localised: which part was refused, for the log (here and below)
  if (!isDict(value)) return 'not an object';
  // not localised: field names, for the log
  if (typeof value.byApiKey !== 'boolean' || !isText(value.locale, MAX_LOCALE) || !isNumber(value.now) || typeof value.loading !== 'boolean') return 'byApiKey, locale, now or loading';
  if (!isOneOf(value.range, USAGE_RANGES)) return 'range';
  if (value.account !== undefined && !isText(value.account, MAX_ACCOUNT)) return 'account';
  if (value.bins !== undefined) {
    const problem = binsProblem(value.bins);
    if (problem) return problem;
  }
  if (value.history !== undefined) {
    const h = value.history;
    if (!isDict(h) || !isNumber(h.fetchedAt) || !Array.isArray(h.periods)) return 'history';
    // not localised: which part was refused, for the log
    if (h.periods.length > MAX_PERIODS) return `history: ${h.periods.length} periods, more than ${MAX_PERIODS}`;
    const bad = h.periods.findIndex((p) => !isUsagePeriod(p));
    if (bad >= 0) return `history.periods[${bad}]`; // not localised: a path into the state, for the log
  }
  if (value.problem !== undefined) {
    const p = value.problem;
    if (!isDict(p) || !isOneOf(p.kind, PROBLEM_KINDS) || !isText(p.message) || (p.step !== undefined && !isOneOf(p.step, PAGE_COMMANDS))) return 'problem';
  }
  if (value.credits !== undefined && !isCreditsHeader(value.credits)) return 'credits';
  if (value.creditsNote !== undefined && !isText(value.creditsNote)) return 'creditsNote';
  return undefined;
}

/**
 * What a page restored from its saved state shows for the host's state `next`: the saved data (and
 * balance) while the host has none to send and says nothing against them (it is still reading, or a
 * refresh failed), as long as they are the same team's; else `next` as it is. `kept`: the saved data
 * is still what is shown.
 */
export function withRestored(saved: PanelState | undefined, next: PanelState): { panel: PanelState; kept: boolean } {
  const keep =
    saved !== undefined &&
    !next.history &&
    !next.bins &&
    (!next.problem || next.problem.kind === 'unavailable') &&
    // Another key's or server's: a new team's first read (or its failure) must not show the last team's figures.
    (next.account === undefined || next.account === saved.account);
  if (!keep) return { panel: next, kept: false };
  return {
    panel: {
      ...next,
      ...(saved.history ? { history: saved.history } : {}),
      ...(saved.bins ? { bins: saved.bins } : {}),
      ...(saved.credits && !next.credits && !next.creditsNote ? { credits: saved.credits } : {}),
      ...(saved.account !== undefined && next.account === undefined ? { account: saved.account } : {}),
    },
    kept: true,
  };
}

export function isPanelState(value: unknown): value is PanelState {
  return panelStateProblem(value) === undefined;
}

/** The longest notice the page takes. */
const NOTICE_MAX = 500;

/** A notice the page will take: a long one (an error naming a deep path) is cut, not refused and lost. */
export function noticeMessage(level: 'info' | 'error', text: string): HostMessage {
  return { type: 'notice', level, text: oneLine(text, NOTICE_MAX) };
}

export function isHostMessage(value: unknown): value is HostMessage {
  if (!isDict(value)) return false;
  if (value.type === 'state') return isPanelState(value.state);
  if (value.type === 'notice') return isOneOf(value.level, ['info', 'error'] as const) && isText(value.text, NOTICE_MAX);
  if (value.type === 'range') return isOneOf(value.range, USAGE_RANGES);
  return false;
}

export function isPageMessage(value: unknown): value is PageMessage {
  if (!isDict(value)) return false;
  switch (value.type) {
    case 'ready':
      return (value.byApiKey === undefined || typeof value.byApiKey === 'boolean') && (value.range === undefined || isOneOf(value.range, USAGE_RANGES));
    case 'setRange':
      return isOneOf(value.range, USAGE_RANGES);
    case 'setBreakdown':
      return typeof value.byApiKey === 'boolean';
    case 'refresh':
    case 'copyCsv':
    case 'saveCsv':
      return true;
    case 'run':
      return isOneOf(value.command, PAGE_COMMANDS);
    case 'rejected':
      return isText(value.reason, 500);
    default:
      return false;
  }
}

/**
 * Reads what a page saved, keeping whatever parts are still valid: a state from an older build
 * should restore the toggles even if its cached data no longer passes.
 */
export function readSavedState(value: unknown): SavedPageState {
  const fallback: SavedPageState = { version: 1, byApiKey: false, range: 'months', view: 'chart' };
  if (!isDict(value)) return fallback;
  return {
    version: 1,
    byApiKey: typeof value.byApiKey === 'boolean' ? value.byApiKey : false,
    range: isOneOf(value.range, USAGE_RANGES) ? value.range : 'months',
    view: value.view === 'table' ? 'table' : 'chart',
    ...(isPanelState(value.last) ? { last: value.last } : {}),
    ...(typeof value.lastAt === 'number' && Number.isFinite(value.lastAt) ? { lastAt: value.lastAt } : {}),
  };
}

// ---- the page's language ------------------------------------------------------------------------

/**
 * The editor's language as the page needs it, handed over in the page's HTML so the page speaks it
 * from its first paint: the locale for numbers and dates, and `vscode.l10n.bundle` (English message
 * → translation), absent in English or in a language the extension has no translation for.
 */
export interface PageLanguage {
  locale: string;
  messages?: Record<string, string>;
}

/**
 * Bounds on the messages handed to the page: the whole extension's bundle, with room to spare (it
 * holds about 600 messages of under 300 characters). Anything far beyond is not a translation.
 */
export const MAX_MESSAGES = 5_000;
const MAX_MESSAGE = 4_000;
export const MAX_MESSAGE_CHARS = 2_000_000;

/** Which part of a language the page would refuse (for the log), or undefined when it is acceptable. */
export function pageLanguageProblem(value: unknown): string | undefined {
  if (!isDict(value)) return 'not an object'; // not localised: for the log
  if (!isText(value.locale, MAX_LOCALE) || !value.locale) return 'locale';
  if (value.messages === undefined) return undefined;
  if (!isDict(value.messages)) return 'messages';
  let count = 0;
  let chars = 0;
  for (const [key, message] of Object.entries(value.messages)) {
    count++;
    chars += key.length + (typeof message === 'string' ? message.length : 0);
    // not localised: which part was refused, for the log
    if (count > MAX_MESSAGES || chars > MAX_MESSAGE_CHARS) return `messages: more than ${MAX_MESSAGES} or ${MAX_MESSAGE_CHARS} characters`;
    if (key.length > MAX_MESSAGE || !isText(message, MAX_MESSAGE)) return `messages[${JSON.stringify(key.slice(0, 40))}]`; // not localised: for the log
  }
  return undefined;
}

export function isPageLanguage(value: unknown): value is PageLanguage {
  return pageLanguageProblem(value) === undefined;
}

/**
 * The language as the page accepts it, from what the editor says: messages that are not text or are
 * over-long are left out (they stay English), and past the bounds the rest stays English too, so
 * the page is never handed something it would refuse.
 */
export function boundLanguage(locale: string, bundle: Readonly<Record<string, unknown>> | undefined): PageLanguage {
  const language: PageLanguage = { locale: locale && locale.length <= MAX_LOCALE ? locale : 'en' };
  if (!bundle) return language;
  const messages: Record<string, string> = {};
  let count = 0;
  let chars = 0;
  for (const [key, message] of Object.entries(bundle)) {
    if (typeof message !== 'string' || key.length > MAX_MESSAGE || message.length > MAX_MESSAGE) continue;
    if (count + 1 > MAX_MESSAGES || chars + key.length + message.length > MAX_MESSAGE_CHARS) break;
    messages[key] = message;
    count++;
    chars += key.length + message.length;
  }
  return count ? { ...language, messages } : language;
}

/**
 * The language as JSON to put inside the page's `<script type="application/json">`: `<`, `>` and
 * `&` escaped (valid JSON still), so no text in it can close the element or start markup.
 */
export function languageJson(language: PageLanguage): string {
  return JSON.stringify(language).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Reads the language the host put in the page. Without one the page speaks English; one it cannot
 * use is refused (English too) with the reason, for the host's log.
 */
export function readPageLanguage(json: string | null | undefined): { language?: PageLanguage; problem?: string } {
  if (!json) return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { problem: 'not JSON' }; // not localised: for the log
  }
  const problem = pageLanguageProblem(value);
  return problem ? { problem } : { language: value as PageLanguage };
}
