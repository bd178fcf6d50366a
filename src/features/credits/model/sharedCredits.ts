// The balance as the windows of one team share it: the window that polls writes each new value to
// the team's folder in the shared global storage; the others take it from there when it changes.
// Only a value from the same server is taken; one that cannot be read is ignored. When the polling
// window's refresh fails, it shares that too, so no window shows its balance as fresh meanwhile; a
// rejected key (revoked on the dashboard) most of all, since the polling window then stops asking, and
// an answer meaning there is no balance at all (no billing record, a server without the credit route).
import { type AnyFirecrawlError, InvalidResponseError, isFirecrawlError, NetworkError, NotFoundError, RateLimitedError, ServerError, TimeoutError, UnauthorizedError } from '../../../api';
import type { Event } from '../../../shared/events';
import { type SharedFiles, type TeamFile, teamFile } from '../../../shared/sharedFiles';
import type { CreditsSnapshot } from './creditsStore';

/** The polling window's last refresh failed: what the others need to word it as it does, and when it tries again. */
export interface SharedFailure {
  at: number;
  retryAt: number;
  kind: 'network' | 'timeout' | 'rateLimited' | 'invalidResponse' | 'server' | 'unauthorized' | 'noBilling' | 'unsupported';
  status?: number;
  baseUrl?: string;
  timeoutMs?: number;
  retryAfterMs?: number;
}

export type SharedCredits = CreditsSnapshot & { failure?: SharedFailure };

/**
 * The failure as it is shared; an error of another kind (a refused redirect, a proxy's 403) is shared as
 * the server failing. `gone` is what the store made of an answer that means there is no balance to show:
 * only the store knows that (a 404 or a 500 means it only from the service, or on a server of one's own).
 */
export function sharedFailure(error: unknown, at: number, retryAt: number, gone?: 'noBilling' | 'unsupported'): SharedFailure {
  const e = isFirecrawlError(error) ? error : undefined;
  const base = { at, retryAt, ...(e?.status === undefined ? {} : { status: e.status }) };
  if (gone) return { ...base, kind: gone };
  switch (e?.kind) {
    case 'network':
      return { ...base, kind: 'network', baseUrl: e.baseUrl };
    case 'timeout':
      return { ...base, kind: 'timeout', timeoutMs: e.timeoutMs };
    case 'rateLimited':
      return { ...base, kind: 'rateLimited', ...(e.retryAfterMs === undefined ? {} : { retryAfterMs: e.retryAfterMs }) };
    case 'invalidResponse':
      return { ...base, kind: 'invalidResponse' };
    case 'unauthorized':
      return { ...base, kind: 'unauthorized' };
    default:
      return { ...base, kind: 'server' };
  }
}

/** The error another window's failure stands for, so this window words it the same way. */
export function failureError(failure: SharedFailure): AnyFirecrawlError {
  const init = { operation: 'creditUsage' as const, status: failure.status };
  switch (failure.kind) {
    case 'network':
      return new NetworkError({ ...init, baseUrl: failure.baseUrl ?? '' });
    case 'timeout':
      return new TimeoutError({ ...init, timeoutMs: failure.timeoutMs ?? 0 });
    case 'rateLimited':
      return new RateLimitedError({ ...init, retryAfterMs: failure.retryAfterMs });
    case 'invalidResponse':
      return new InvalidResponseError({ ...init, path: '', problem: 'in another window' });
    case 'server':
    case 'unsupported':
      return new ServerError(init);
    case 'unauthorized':
      return new UnauthorizedError(init);
    case 'noBilling':
      return new NotFoundError(init);
  }
}

const FAILURE_KINDS: ReadonlySet<unknown> = new Set(['network', 'timeout', 'rateLimited', 'invalidResponse', 'server', 'unauthorized', 'noBilling', 'unsupported']);
const isTime = (n: unknown): boolean => typeof n === 'number' && Number.isFinite(n);
const isOptional = (value: unknown, check: (v: unknown) => boolean): boolean => value === undefined || check(value);

function isFailure(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const { at, retryAt, kind, status, baseUrl, timeoutMs, retryAfterMs } = value as Record<string, unknown>;
  return (
    isTime(at) &&
    isTime(retryAt) &&
    FAILURE_KINDS.has(kind) &&
    isOptional(status, isCount) &&
    isOptional(baseUrl, (v) => typeof v === 'string' && v.length <= 2048) &&
    isOptional(timeoutMs, isCount) &&
    isOptional(retryAfterMs, isCount)
  );
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
