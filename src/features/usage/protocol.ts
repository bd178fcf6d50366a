// Messages between the usage panel host and its webview page. Both sides check every message with
// these guards before acting on it: the page could be compromised by data it renders, and the host
// is the only side that may touch the clipboard, files or commands. The API key is never part of it.
import type { UsagePeriod } from '../../api';
import type { CommonStep } from '../../host/errorText/nextSteps';
import { PANELS } from '../../ids';

export const VIEW_TYPE = PANELS.usage;

export type ProblemKind = 'noKey' | 'unauthorized' | 'unsupported' | 'unavailable';
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
  byApiKey: boolean;
  locale: string;
  /** Host clock when sent, so ages read the same as in the status bar. */
  now: number;
  loading: boolean;
  history?: { periods: UsagePeriod[]; fetchedAt: number };
  problem?: { kind: ProblemKind; message: string };
  credits?: CreditsHeader;
  /** Why there is no balance header, when there is none and a reason is known. */
  creditsNote?: string;
}

export type HostMessage = { type: 'state'; state: PanelState } | { type: 'notice'; level: 'info' | 'error'; text: string };

/** Commands the page may ask for, by name; the host maps them to its own command ids. */
export type PageCommand = CommonStep;
const PAGE_COMMANDS: readonly PageCommand[] = ['setApiKey', 'openSettings', 'showLogs'];

export type PageMessage =
  /**
   * Sent on every page load (first open, reveal after hiding, reload). `byApiKey` is the page's own
   * saved choice; without one the page follows the host's.
   */
  | { type: 'ready'; byApiKey?: boolean }
  | { type: 'refresh' }
  | { type: 'setBreakdown'; byApiKey: boolean }
  | { type: 'copyCsv' }
  | { type: 'saveCsv' }
  | { type: 'run'; command: PageCommand }
  /** The page refused a message from the host (a version mismatch, a bug): the host logs it. */
  | { type: 'rejected'; reason: string };

/** What the page keeps with setState, and what the serializer gets back after a reload. */
export interface SavedPageState {
  version: 1;
  byApiKey: boolean;
  view: 'chart' | 'table';
  last?: PanelState;
}

// Generous bounds: 36 months × 50 keys is the documented scale; anything far above it is not data.
// The host trims what it sends to these (boundPeriods), so the page never has to refuse real data.
export const MAX_PERIODS = 20_000;
const MAX_TEXT = 2_000;
const MAX_DATE = 64;
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
  return (
    isDateOrNull(value.startDate) &&
    isDateOrNull(value.endDate) &&
    isNumber(value.creditsUsed) &&
    (value.apiKey === undefined || isText(value.apiKey, MAX_KEY_NAME))
  );
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
  if (!isDict(value)) return 'not an object';
  if (typeof value.byApiKey !== 'boolean' || !isText(value.locale, 64) || !isNumber(value.now) || typeof value.loading !== 'boolean') return 'byApiKey, locale, now or loading';
  if (value.history !== undefined) {
    const h = value.history;
    if (!isDict(h) || !isNumber(h.fetchedAt) || !Array.isArray(h.periods)) return 'history';
    if (h.periods.length > MAX_PERIODS) return `history: ${h.periods.length} periods, more than ${MAX_PERIODS}`;
    const bad = h.periods.findIndex((p) => !isUsagePeriod(p));
    if (bad >= 0) return `history.periods[${bad}]`;
  }
  if (value.problem !== undefined) {
    const p = value.problem;
    if (!isDict(p) || !isOneOf(p.kind, PROBLEM_KINDS) || !isText(p.message)) return 'problem';
  }
  if (value.credits !== undefined && !isCreditsHeader(value.credits)) return 'credits';
  if (value.creditsNote !== undefined && !isText(value.creditsNote)) return 'creditsNote';
  return undefined;
}

export function isPanelState(value: unknown): value is PanelState {
  return panelStateProblem(value) === undefined;
}

export function isHostMessage(value: unknown): value is HostMessage {
  if (!isDict(value)) return false;
  if (value.type === 'state') return isPanelState(value.state);
  if (value.type === 'notice') return isOneOf(value.level, ['info', 'error'] as const) && isText(value.text, 500);
  return false;
}

export function isPageMessage(value: unknown): value is PageMessage {
  if (!isDict(value)) return false;
  switch (value.type) {
    case 'ready':
      return value.byApiKey === undefined || typeof value.byApiKey === 'boolean';
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
  const fallback: SavedPageState = { version: 1, byApiKey: false, view: 'chart' };
  if (!isDict(value)) return fallback;
  return {
    version: 1,
    byApiKey: typeof value.byApiKey === 'boolean' ? value.byApiKey : false,
    view: value.view === 'table' ? 'table' : 'chart',
    ...(isPanelState(value.last) ? { last: value.last } : {}),
  };
}
