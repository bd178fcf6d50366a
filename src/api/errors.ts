// Every failure of the client is one of these, so the UI can turn it into a message and a next step
// without parsing text. Messages never contain the API key: they are built from redacted server text.

export type Operation = 'creditUsage' | 'creditUsageHistory' | 'researchJob' | 'feedback';

export type FirecrawlErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
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

  protected constructor(message: string, init: ErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.operation = init.operation;
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.code = init.code;
  }

  /** Whether trying the same request again later can succeed without the user changing anything. */
  get transient(): boolean {
    return false;
  }
}

const OPERATION_TEXT: Record<Operation, string> = {
  creditUsage: 'reading remaining credits',
  creditUsageHistory: 'reading credit usage history',
  researchJob: 'reading the deep research job',
  feedback: 'sending feedback',
};

export function describeOperation(operation: Operation): string {
  return OPERATION_TEXT[operation];
}

function withServerText(base: string, serverMessage: string | undefined): string {
  return serverMessage ? `${base} (server said: ${serverMessage})` : base;
}

export class UnauthorizedError extends FirecrawlError {
  readonly kind = 'unauthorized';
  constructor(init: ErrorInit) {
    super(withServerText('Firecrawl rejected the API key. Check the key and set it again.', init.serverMessage), { ...init, status: 401 });
  }
}

export class ForbiddenError extends FirecrawlError {
  readonly kind = 'forbidden';
  constructor(init: ErrorInit) {
    super(
      withServerText(
        `Firecrawl refused ${describeOperation(init.operation)}: the key may be restricted to other endpoints, the team blocked, or your IP not on the allow-list.`,
        init.serverMessage,
      ),
      { ...init, status: 403 },
    );
  }
}

export class NotFoundError extends FirecrawlError {
  readonly kind = 'notFound';
  constructor(init: ErrorInit) {
    const text =
      init.operation === 'researchJob'
        ? 'Deep research job not found: the id is wrong, belongs to another team, or the job expired (jobs stay readable for about 6 hours).'
        : init.operation === 'creditUsage'
          ? 'Firecrawl has no billing information for this team.'
          : `Firecrawl found nothing while ${describeOperation(init.operation)}.`;
    super(text, { ...init, status: 404 });
  }
}

export class RateLimitedError extends FirecrawlError {
  readonly kind = 'rateLimited';
  /** How long the service asked us to wait, when it said so. */
  readonly retryAfterMs: number | undefined;
  constructor(init: ErrorInit & { retryAfterMs: number | undefined }) {
    const wait = init.retryAfterMs === undefined ? 'a moment' : `${Math.ceil(init.retryAfterMs / 1000)} s`;
    super(`Firecrawl rate limit reached while ${describeOperation(init.operation)}; try again in ${wait}.`, { ...init, status: 429 });
    this.retryAfterMs = init.retryAfterMs;
  }
  override get transient(): boolean {
    return true;
  }
}

export class BadRequestError extends FirecrawlError {
  readonly kind = 'badRequest';
  constructor(init: ErrorInit) {
    super(withServerText(`Firecrawl did not accept the request for ${describeOperation(init.operation)}.`, init.serverMessage), init);
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
    super(withServerText(`Feedback rejected (${init.feedbackErrorCode}).`, init.serverMessage), init);
    this.feedbackErrorCode = init.feedbackErrorCode;
    this.details = init.details;
  }
  override get transient(): boolean {
    return this.feedbackErrorCode === 'INTERNAL';
  }
}

/** The request was never sent: it broke the service's rules, checked locally. */
export class InvalidRequestError extends FirecrawlError {
  readonly kind = 'invalidRequest';
  readonly problems: readonly FeedbackErrorDetail[];
  constructor(init: ErrorInit & { problems: readonly FeedbackErrorDetail[] }) {
    const list = init.problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; ');
    super(`Not sent: ${list}`, init);
    this.problems = init.problems;
  }
}

export class ServerError extends FirecrawlError {
  readonly kind = 'server';
  constructor(init: ErrorInit) {
    super(withServerText(`Firecrawl had a server error (HTTP ${init.status ?? '5xx'}) while ${describeOperation(init.operation)}.`, init.serverMessage), init);
  }
  override get transient(): boolean {
    return true;
  }
}

export class InvalidResponseError extends FirecrawlError {
  readonly kind = 'invalidResponse';
  /** Where in the body the problem is, e.g. `data.remainingCredits`; empty for the body as a whole. */
  readonly path: string;
  constructor(init: ErrorInit & { path: string; problem: string }) {
    const where = init.path ? ` at ${init.path}` : '';
    super(`Firecrawl sent a response this extension cannot read while ${describeOperation(init.operation)}${where}: ${init.problem}.`, init);
    this.path = init.path;
  }
  override get transient(): boolean {
    return true;
  }
}

export class NetworkError extends FirecrawlError {
  readonly kind = 'network';
  constructor(init: ErrorInit & { baseUrl: string }) {
    super(`Could not reach Firecrawl at ${init.baseUrl} while ${describeOperation(init.operation)}. Check the network and the API URL setting.`, init);
  }
  override get transient(): boolean {
    return true;
  }
}

export class TimeoutError extends FirecrawlError {
  readonly kind = 'timeout';
  readonly timeoutMs: number;
  constructor(init: ErrorInit & { timeoutMs: number }) {
    super(`Firecrawl did not answer within ${Math.round(init.timeoutMs / 1000)} s while ${describeOperation(init.operation)}.`, init);
    this.timeoutMs = init.timeoutMs;
  }
  override get transient(): boolean {
    return true;
  }
}

export class CancelledError extends FirecrawlError {
  readonly kind = 'cancelled';
  constructor(init: ErrorInit) {
    super(`Cancelled ${describeOperation(init.operation)}.`, init);
  }
}

export type AnyFirecrawlError =
  | UnauthorizedError
  | ForbiddenError
  | NotFoundError
  | RateLimitedError
  | BadRequestError
  | FeedbackError
  | InvalidRequestError
  | ServerError
  | InvalidResponseError
  | NetworkError
  | TimeoutError
  | CancelledError;

/** True for any error of this client, from whichever bundle; narrow further by `kind`. */
export function isFirecrawlError(value: unknown): value is AnyFirecrawlError {
  return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
}
