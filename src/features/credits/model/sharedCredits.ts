// The balance as the windows of one team share it: the window that polls writes each new value to
// the team's folder in the shared global storage; the others take it from there when it changes.
// Only a value from the same server is taken; one that cannot be read is ignored. When the polling
// window's refresh fails, it shares that too, so no window shows its balance as fresh meanwhile; a
// rejected key (revoked on the dashboard) most of all, since the polling window then stops asking, and
// an answer meaning there is no balance at all (no billing record, a server without the credit route).
import { type ErrorInfo, errorFromInfo, errorInfo } from '../../../api';
import type { Event } from '../../../shared/events';
import { type SharedFiles, type TeamFile, teamFile } from '../../../shared/sharedFiles';
import type { CreditsSnapshot } from './creditsStore';

/** What the polling window made of its failed refresh; only it can tell (a 404 means "no billing" only from the service). */
export type SharedFailureKind = 'unauthorized' | 'noBilling' | 'unsupported' | 'unavailable';

/** The polling window's last refresh failed: the error as it saw it, so the others word it the same way, and when it tries again. */
export interface SharedFailure {
  at: number;
  retryAt: number;
  kind: SharedFailureKind;
  error: ErrorInfo;
}

export type SharedCredits = CreditsSnapshot & { failure?: SharedFailure };

export function sharedFailure(kind: SharedFailureKind, error: unknown, at: number, retryAt: number): SharedFailure {
  return { at, retryAt, kind, error: errorInfo(error) };
}

/** The error another window's failure stands for: its server text, redirect target and whether the body was the service's own come with it. */
export function failureError(failure: SharedFailure): Error {
  return errorFromInfo(failure.error);
}

const FAILURE_KINDS: ReadonlySet<unknown> = new Set<SharedFailureKind>(['unauthorized', 'noBilling', 'unsupported', 'unavailable']);
const isTime = (n: unknown): boolean => typeof n === 'number' && Number.isFinite(n);
const isOptional = (value: unknown, check: (v: unknown) => boolean): boolean => value === undefined || check(value);

/** The error itself is read by errorFromInfo, which takes only what reads right from it. */
function isFailure(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const { at, retryAt, kind, error } = value as Record<string, unknown>;
  return isTime(at) && isTime(retryAt) && FAILURE_KINDS.has(kind) && !!error && typeof error === 'object';
}

const isCount = (n: unknown): boolean => typeof n === 'number' && Number.isFinite(n) && n >= 0;
const isDateOrNull = (v: unknown): boolean => v === null || (typeof v === 'string' && v.length <= 64);

function isQueue(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const { active, waiting, maxConcurrency, mostRecentSuccess } = value as Record<string, unknown>;
  return isCount(active) && isCount(waiting) && (maxConcurrency === null || isCount(maxConcurrency)) && (mostRecentSuccess === null || typeof mostRecentSuccess === 'string');
}

function isShared(value: unknown): value is SharedCredits {
  if (!value || typeof value !== 'object') return false;
  const { usage, fetchedAt, queue, failure } = value as { usage?: Record<string, unknown>; fetchedAt?: unknown; queue?: unknown; failure?: unknown };
  return (
    typeof fetchedAt === 'number' &&
    Number.isFinite(fetchedAt) &&
    !!usage &&
    typeof usage.remainingCredits === 'number' &&
    Number.isFinite(usage.remainingCredits) &&
    (usage.planCredits === null || (typeof usage.planCredits === 'number' && Number.isFinite(usage.planCredits))) &&
    isDateOrNull(usage.billingPeriodStart) &&
    isDateOrNull(usage.billingPeriodEnd) &&
    (queue === undefined || isQueue(queue)) &&
    isOptional(failure, isFailure)
  );
}

/** The balance the leading window fetched, in the team's shared folder; other windows take it from there. */
export function sharedCredits(files: SharedFiles, sharedName: (file: string) => string | undefined, apiUrl: () => string, looks?: Event<void>): TeamFile<SharedCredits> {
  return teamFile(files, sharedName, apiUrl, 'credits.json', (value) => (isShared(value) ? value : undefined), looks);
}
