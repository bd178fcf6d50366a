// An error as plain JSON and back: what one window saw (a job retrying after a 429, refused with a
// 403) is stored with the job, and another window words it the same way from the copy.
import {
  BadRequestError,
  CancelledError,
  type ErrorInit,
  FeedbackError,
  type FeedbackErrorDetail,
  ForbiddenError,
  GoneError,
  InvalidRequestError,
  InvalidResponseError,
  isFirecrawlError,
  NetworkError,
  NoRouteError,
  NotFoundError,
  type Operation,
  RateLimitedError,
  RedirectError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from './errors';

export interface ErrorInfo {
  kind: string;
  operation?: Operation;
  status?: number;
  serverMessage?: string;
  code?: string;
  retryAfterMs?: number;
  baseUrl?: string;
  timeoutMs?: number;
  path?: string;
  problem?: string;
  feedbackErrorCode?: string;
  details?: FeedbackErrorDetail[];
  /** A redirect's address, already redacted. */
  location?: string;
  /** The body was the service's own error (see FirecrawlError.serviceBody). */
  serviceBody?: boolean;
  /** For errors that are not the client's: their message. */
  message?: string;
}

const OPERATIONS: readonly Operation[] = ['creditUsage', 'creditUsageHistory', 'queueStatus', 'researchJob', 'agentJob', 'agentCancel', 'feedback'];

export function errorInfo(error: unknown): ErrorInfo {
  if (!isFirecrawlError(error)) return { kind: 'unknown', message: error instanceof Error ? error.message : String(error) };
  const info: ErrorInfo = { kind: error.kind, operation: error.operation };
  if (error.status !== undefined) info.status = error.status;
  if (error.serverMessage !== undefined) info.serverMessage = error.serverMessage;
  if (error.code !== undefined) info.code = error.code;
  info.serviceBody = error.serviceBody;
  if ((error.kind === 'rateLimited' || error.kind === 'server') && error.retryAfterMs !== undefined) info.retryAfterMs = error.retryAfterMs;
  if (error.kind === 'redirect' && error.location !== undefined) info.location = error.location;
  if (error.kind === 'network') info.baseUrl = error.baseUrl;
  if (error.kind === 'timeout') info.timeoutMs = error.timeoutMs;
  if (error.kind === 'invalidResponse') Object.assign(info, { path: error.path, problem: error.problem });
  if (error.kind === 'feedback') Object.assign(info, { feedbackErrorCode: error.feedbackErrorCode, details: [...error.details] });
  if (error.kind === 'invalidRequest') info.details = [...error.problems];
  return info;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v.slice(0, 2_000) : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * The error an info describes; anything unreadable becomes a plain Error with what can be said.
 * Those messages are technical, like every error's: errorText words them for people.
 */
export function errorFromInfo(value: unknown): Error {
  // not localised: an Error's technical message (errorText says "Something went wrong: …")
  if (!value || typeof value !== 'object') return new Error('unknown error');
  const v = value as Record<string, unknown>;
  const operation = OPERATIONS.find((o) => o === v.operation);
  // not localised: as above
  if (!operation) return new Error(text(v.message) ?? 'unknown error');
  const init: ErrorInit = { operation };
  const status = num(v.status);
  if (status !== undefined) init.status = status;
  const serverMessage = text(v.serverMessage);
  if (serverMessage !== undefined) init.serverMessage = serverMessage;
  const code = text(v.code);
  if (code !== undefined) init.code = code;
  if (typeof v.serviceBody === 'boolean') init.serviceBody = v.serviceBody;
  const details = Array.isArray(v.details)
    ? v.details.flatMap((d) => (d && typeof d === 'object' ? [{ path: text((d as Record<string, unknown>).path) ?? '', message: text((d as Record<string, unknown>).message) ?? '' }] : []))
    : [];
  switch (v.kind) {
    case 'unauthorized':
      return new UnauthorizedError(init);
    case 'forbidden':
      return new ForbiddenError(init);
    case 'notFound':
      return new NotFoundError(init);
    case 'noRoute':
      return new NoRouteError(init);
    case 'gone':
      return new GoneError(init);
    case 'rateLimited':
      return new RateLimitedError({ ...init, retryAfterMs: num(v.retryAfterMs) });
    case 'badRequest':
      return new BadRequestError(init);
    case 'feedback':
      return new FeedbackError({ ...init, feedbackErrorCode: text(v.feedbackErrorCode) ?? 'UNKNOWN', details });
    case 'invalidRequest':
      return new InvalidRequestError({ ...init, problems: details });
    case 'server': {
      const retryAfterMs = num(v.retryAfterMs);
      return new ServerError({ ...init, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) });
    }
    case 'redirect': {
      const location = text(v.location);
      return new RedirectError({ ...init, ...(location !== undefined ? { location } : {}) });
    }
    case 'invalidResponse':
      return new InvalidResponseError({ ...init, path: text(v.path) ?? '', problem: text(v.problem) ?? 'unreadable' });
    case 'network':
      return new NetworkError({ ...init, baseUrl: text(v.baseUrl) ?? '' });
    case 'timeout':
      return new TimeoutError({ ...init, timeoutMs: num(v.timeoutMs) ?? 0 });
    case 'cancelled':
      return new CancelledError(init);
    default:
      // not localised: as above
      return new Error(text(v.message) ?? `unknown error (${String(v.kind).slice(0, 40)})`);
  }
}
