// Every failure of the client is one of these, so the UI can turn it into a message and a next step
// without parsing text. Messages never contain the API key: they are built from redacted server text.

export type Operation =
  'creditUsage' | 'creditUsageHistory' | 'queueStatus' | 'researchJob' | 'agentJob' | 'agentCancel' | 'feedback' | 'activity' | 'agentList' | 'scrape' | 'search' | 'map' | 'agentStart' | 'parse';

export type FirecrawlErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'noRoute'
  | 'gone'
  | 'redirect'
  | 'rateLimited'
  | 'badRequest'
  | 'feedback'
  | 'invalidRequest'
  | 'server'
  | 'invalidResponse'
  | 'network'
  | 'timeout'
  | 'cancelled';

export interface ErrorInit {
  operation: Operation;
  status?: number;
  /** The service's own text, already redacted. */
  serverMessage?: string;
  /** The service's `code` field (e.g. UNKNOWN_ERROR), when it sent one. */
  code?: string;
  /**
   * The body was the service's own JSON error (`{success:false, error:"…"}`), not a proxy's page or
   * another web server's answer: a 404 means "no such thing" only then.
   */
  serviceBody?: boolean;
  cause?: unknown;
}

/**
 * Marks our errors across bundles: a lazily loaded feature bundle has its own copies of these
 * classes, so `instanceof` fails there while a registry symbol is shared.
 */
const BRAND = Symbol.for('firecrawl-vscode.error');

export abstract class FirecrawlError extends Error {
  abstract readonly kind: FirecrawlErrorKind;
  readonly [BRAND] = true;
  readonly operation: Operation;
  readonly status: number | undefined;
  readonly serverMessage: string | undefined;
  readonly code: string | undefined;
  readonly serviceBody: boolean;

  protected constructor(message: string, init: ErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.operation = init.operation;
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.code = init.code;
    this.serviceBody = init.serviceBody === true;
  }

  /** Whether trying the same request again later can succeed without the user changing anything. */
  get transient(): boolean {
    return false;
  }
}

/**
 * The message every error carries is for the log: short, technical, with the service's own text. What
 * a person reads is worded from the error's fields by host/errorText.
 */
function logText(what: string, init: ErrorInit): string {
  return `${what} (${init.operation})${init.serverMessage ? `: ${init.serverMessage}` : ''}`;
}

/** 401. Without the service's own body (`serviceBody` false) it is something in between asking for its sign-in, not Firecrawl refusing the key. */
export class UnauthorizedError extends FirecrawlError {
  readonly kind = 'unauthorized';
  constructor(init: ErrorInit) {
    super(logText('401 Unauthorized', init), { ...init, status: 401, serviceBody: init.serviceBody ?? true });
  }
}

export class ForbiddenError extends FirecrawlError {
  readonly kind = 'forbidden';
  constructor(init: ErrorInit) {
    super(logText('403 Forbidden', init), { ...init, status: 403 });
  }
}

/** 404 in the service's own words: no such job, or no billing record. Any other 404 is a NoRouteError. */
export class NotFoundError extends FirecrawlError {
  readonly kind = 'notFound';
  constructor(init: ErrorInit) {
    // not localised: the error's technical message, for the log; errorText words it for people
    super(logText('404 Not Found', init), { ...init, status: 404, serviceBody: init.serviceBody ?? true });
  }
}

/** 404 whose body is not the service's JSON: nothing is mounted at this path (an old server, a wrong base URL). */
export class NoRouteError extends FirecrawlError {
  readonly kind = 'noRoute';
  constructor(init: ErrorInit) {
    // not localised: the error's technical message, for the log; errorText words it for people
    super(logText('404 with no API answer (route not served)', init), { ...init, status: 404 });
  }
}

/** 410: the service shut this API down for good; asking again cannot help. */
export class GoneError extends FirecrawlError {
  readonly kind = 'gone';
  constructor(init: ErrorInit) {
    super(logText('410 Gone', init), { ...init, status: 410 });
  }
}

/** A 3xx: never followed, since the key would go along to wherever it points. */
export class RedirectError extends FirecrawlError {
  readonly kind = 'redirect';
  /** Where the server pointed, already redacted; undefined when it did not say (or a browser hid it). */
  readonly location: string | undefined;
  constructor(init: ErrorInit & { location?: string }) {
    super(`redirect (${init.operation}): HTTP ${init.status ?? '3xx'}${init.location ? ` to ${init.location}` : ''}`, init);
    this.location = init.location;
  }
}

export class RateLimitedError extends FirecrawlError {
  readonly kind = 'rateLimited';
  /** How long the service asked us to wait, when it said so. */
  readonly retryAfterMs: number | undefined;
  constructor(init: ErrorInit & { retryAfterMs: number | undefined }) {
    // not localised: the error's technical message, for the log; errorText words it for people
    const wait = init.retryAfterMs === undefined ? '' : `, asked to wait ${init.retryAfterMs} ms`;
    // not localised: as above
    super(logText(`429 Too Many Requests${wait}`, init), { ...init, status: 429 });
    this.retryAfterMs = init.retryAfterMs;
  }
  override get transient(): boolean {
    return true;
  }
}

export class BadRequestError extends FirecrawlError {
  readonly kind = 'badRequest';
  /** The fields the service named, when its body listed them (`details`, zod issues). */
  readonly details: readonly FeedbackErrorDetail[];
  constructor(init: ErrorInit & { details?: readonly FeedbackErrorDetail[] }) {
    super(logText(`HTTP ${init.status ?? 400}`, init), init);
    this.details = init.details ?? [];
  }
}

export interface FeedbackErrorDetail {
  path: string;
  message: string;
}

/** A feedback rejection the service explained with a `feedbackErrorCode`. */
export class FeedbackError extends FirecrawlError {
  readonly kind = 'feedback';
  readonly feedbackErrorCode: string;
  readonly details: readonly FeedbackErrorDetail[];
  constructor(init: ErrorInit & { feedbackErrorCode: string; details: readonly FeedbackErrorDetail[] }) {
    super(logText(`HTTP ${init.status ?? '?'} ${init.feedbackErrorCode}`, init), init);
    this.feedbackErrorCode = init.feedbackErrorCode;
    this.details = init.details;
  }
  override get transient(): boolean {
    return this.feedbackErrorCode === 'INTERNAL';
  }
}

/** The `path` of an InvalidRequestError about the API key itself (not a field of the request). */
export const API_KEY_PATH = 'apiKey';

/** The request was never sent: it broke the service's rules, checked locally. */
export class InvalidRequestError extends FirecrawlError {
  readonly kind = 'invalidRequest';
  readonly problems: readonly FeedbackErrorDetail[];
  constructor(init: ErrorInit & { problems: readonly FeedbackErrorDetail[] }) {
    const list = init.problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; ');
    // not localised: the error's technical message, for the log; errorText words it for people
    super(`not sent (${init.operation}): ${list}`, init);
    this.problems = init.problems;
  }
}

export class ServerError extends FirecrawlError {
  readonly kind = 'server';
  /** What a `Retry-After` asked for (a 503 in maintenance), if anything. */
  readonly retryAfterMs: number | undefined;
  constructor(init: ErrorInit & { retryAfterMs?: number }) {
    super(logText(`HTTP ${init.status ?? '5xx'}`, init), init);
    this.retryAfterMs = init.retryAfterMs;
  }
  override get transient(): boolean {
    return true;
  }
}

export class InvalidResponseError extends FirecrawlError {
  readonly kind = 'invalidResponse';
  /** Where in the body the problem is, e.g. `data.remainingCredits`; empty for the body as a whole. */
  readonly path: string;
  readonly problem: string;
  /** Set when the body was refused for its size: the most the client reads, in bytes. */
  readonly limitBytes: number | undefined;
  constructor(init: ErrorInit & { path: string; problem: string; limitBytes?: number }) {
    const where = init.path ? ` at ${init.path}` : '';
    // not localised: the error's technical message, for the log; errorText words it for people
    super(`unreadable response (${init.operation})${where}: ${init.problem}`, init);
    this.path = init.path;
    this.problem = init.problem;
    this.limitBytes = init.limitBytes;
  }
  override get transient(): boolean {
    // The same request brings the same body: a body too large is too large again.
    return this.limitBytes === undefined;
  }
}

/** Failures that happen before a connection stands: the request never left. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EHOSTDOWN', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);

function neverConnected(cause: unknown): boolean {
  for (let c = cause, depth = 0; c && typeof c === 'object' && depth < 3; c = (c as { cause?: unknown }).cause, depth++) {
    if (NOT_CONNECTED.has(String((c as { code?: unknown }).code))) return true;
  }
  return false;
}

export class NetworkError extends FirecrawlError {
  readonly kind = 'network';
  /** The server that could not be reached. */
  readonly baseUrl: string;
  /**
   * The request may have reached the service (a paid call may have run): unless the connection was
   * never made (refused, no such host). A browser's fetch says neither, so it may have.
   */
  readonly maybeSent: boolean;
  constructor(init: ErrorInit & { baseUrl: string }) {
    const cause = init.cause instanceof Error ? `: ${init.cause.message}` : '';
    // not localised: the error's technical message, for the log; errorText words it for people
    super(`network error (${init.operation}): could not reach ${init.baseUrl}${cause}`, init);
    this.baseUrl = init.baseUrl;
    this.maybeSent = init.status !== undefined || !neverConnected(init.cause);
  }
  override get transient(): boolean {
    return true;
  }
}

export class TimeoutError extends FirecrawlError {
  readonly kind = 'timeout';
  readonly timeoutMs: number;
  constructor(init: ErrorInit & { timeoutMs: number }) {
    // not localised: the error's technical message, for the log; errorText words it for people
    super(`timeout (${init.operation}): no answer within ${init.timeoutMs} ms`, init);
    this.timeoutMs = init.timeoutMs;
  }
  override get transient(): boolean {
    return true;
  }
}

export class CancelledError extends FirecrawlError {
  readonly kind = 'cancelled';
  /** The request had left when it was cancelled: the service may have acted on it (a paid run may have started). */
  readonly sent: boolean;
  constructor(init: ErrorInit & { sent?: boolean }) {
    super(`cancelled (${init.operation})`, init);
    this.sent = init.sent === true;
  }
}

export type AnyFirecrawlError =
  | UnauthorizedError
  | ForbiddenError
  | NotFoundError
  | NoRouteError
  | GoneError
  | RedirectError
  | RateLimitedError
  | BadRequestError
  | FeedbackError
  | InvalidRequestError
  | ServerError
  | InvalidResponseError
  | NetworkError
  | TimeoutError
  | CancelledError;

/**
 * A self-hosted Firecrawl answers the credit routes with a plain 500: the feature does not exist
 * there, and no retry changes that. A 502–504 is an outage anywhere, never this.
 */
export function isUnsupportedOnServer(error: unknown, selfHosted: boolean): boolean {
  return selfHosted && isFirecrawlError(error) && error.kind === 'server' && error.status === 500;
}

/** The wait the server asked for (a 429's, or a 503's `Retry-After`), if it asked. */
export function askedWaitMs(error: unknown): number | undefined {
  return isFirecrawlError(error) && (error.kind === 'rateLimited' || error.kind === 'server') ? error.retryAfterMs : undefined;
}

/**
 * Firecrawl refused the key, in its own words: asking again with it is pointless until a new one is set.
 * A 401 from something in between (a proxy's sign-in) says nothing of the key and may pass.
 */
export function isKeyRejected(error: unknown): boolean {
  return isFirecrawlError(error) && error.kind === 'unauthorized' && error.serviceBody;
}

/** True for any error of this client, from whichever bundle; narrow further by `kind`. */
export function isFirecrawlError(value: unknown): value is AnyFirecrawlError {
  return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
}

/**
 * No answer came (no network, or none in time), as against a server that answered with an error: the
 * one failure that says this machine or its path to the server is offline.
 */
export function isNoAnswer(error: unknown): boolean {
  return isFirecrawlError(error) && (error.kind === 'network' || error.kind === 'timeout');
}
