// The transport under every operation: auth header, timeouts, cancellation, retries of idempotent
// reads, a response size cap, and the mapping of every failure to a typed error.
// Browser-safe: global fetch, AbortController, URL, TextDecoder only.
import {
  API_KEY_PATH,
  BadRequestError,
  CancelledError,
  FeedbackError,
  type FirecrawlError,
  ForbiddenError,
  GoneError,
  InvalidRequestError,
  InvalidResponseError,
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
import { clampDelay, type Clock, systemClock } from '../shared/clock';
import { keyProblem } from './apiKeyText';
import { backoffDelay } from '../shared/backoff';
import { readIssueDetails } from './issueDetails';
import { redact, redactJson, type Secrets } from './redact';
import { haveRules, provideRules, type ResponseRules, rules } from './rules';

export interface RequestLog {
  operation: Operation;
  method: string;
  /** Path and query only: the key is never in a URL. */
  path: string;
  status?: number;
  durationMs: number;
  attempt: number;
  /** Why this attempt failed, already redacted. */
  error?: string;
  /** How long the client waits before the next attempt, when it retries. */
  retryInMs?: number;
}

/** The part of a fetch `Response` the transport reads; a host may plug in a faster transport. */
export interface ResponseLike {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  readonly body: ReadableStream<Uint8Array> | null;
  text(): Promise<string>;
  /**
   * Set by a transport that hands over the body as it came off the wire, so `Content-Length`
   * counts what `text()` returns. A browser's fetch decodes gzip first: its length counts the
   * compressed bytes, and its bodies are counted as they are decoded instead.
   */
  readonly lengthIsBodySize?: boolean;
}

export interface RequestInitLike {
  method: string;
  headers: Record<string, string>;
  /** JSON text, or the bytes of an upload. */
  body?: string | Uint8Array<ArrayBuffer>;
  signal: AbortSignal;
  /** Never followed: the key would go along, and a redirect is reported as one instead. */
  redirect: 'manual';
}

/** Global `fetch` fits this; so does the Node adapter in src/platform/nodeTransport.ts. */
export type FetchLike = (url: string, init: RequestInitLike) => Promise<ResponseLike>;

export interface TransportOptions {
  baseUrl: string;
  /** Read at every request so a key change applies at once. */
  apiKey: () => string | undefined;
  /**
   * Every key this session has held. An answer is redacted against these as well as the key its
   * request sent: a server may echo an older key after a change.
   */
  pastKeys?: () => readonly string[];
  /** Awaited before every request: a host may still be reading the key when the first one starts. */
  ready?: () => Promise<void>;
  /** Where the response schemas come from when a host keeps them out of its first bundle (see rules.ts). */
  loadRules?: () => Promise<ResponseRules>;
  userAgent: string;
  timeoutMs?: number;
  maxAttempts?: number;
  maxBodyBytes?: number;
  fetch?: FetchLike;
  random?: () => number;
  /** Time and timers (the per-attempt timeout, waits between attempts); the system clock by default. */
  clock?: Clock;
  /** Overrides the clock's time only (tests that fake the time of day). */
  now?: () => number;
  /** Overrides waiting between attempts (tests that skip waits). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  onRequest?: (log: RequestLog) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Per-attempt timeout; defaults to the transport's (30 s). */
  timeoutMs?: number;
  /** Absolute time (ms, same clock as `now`) after which no attempt starts and no wait is taken. */
  deadline?: number;
  /** Attempts for a read (default 3); pollers with their own backoff ask for 1. Writes always get 1. */
  maxAttempts?: number;
  /**
   * Told before the client waits to try again, so a caller can say why it is waiting (a 429's
   * "retrying in 7 s") instead of showing an older problem for the whole wait.
   */
  onRetry?: (error: FirecrawlError, delayMs: number) => void;
}

export interface RequestSpec extends CallOptions {
  operation: Operation;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** Sent as is instead of JSON (a multipart upload). */
  upload?: { contentType: string; bytes: Uint8Array<ArrayBuffer> };
  /** A larger cap than the transport's for an answer that is the result itself (a paid run's). */
  maxBodyBytes?: number;
}

export interface RawResponse {
  status: number;
  headers: ResponseLike['headers'];
  body: unknown;
  /** The keys the body was redacted against; whoever reads the headers redacts with the same. */
  secrets: Secrets;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;
const RETRY_STATUSES = new Set([429, 502, 503, 504]);
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 8_000;
/** A 429 asking for a longer wait than this is returned to the caller instead of waited out here. */
const MAX_INLINE_RATE_LIMIT_WAIT_MS = 10_000;

function sleepOn(clock: Clock): (ms: number, signal?: AbortSignal) => Promise<void> {
  return (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = clock.schedule(ms, () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
      const onAbort = () => {
        timer.dispose();
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
}

/** Seconds to wait from a `Retry-After` header (seconds or HTTP date), else from the service's "retry after Ns" text. */
export function parseRetryAfter(header: string | null, text: string | undefined, now: number): number | undefined {
  const value = header?.trim();
  // Seconds are digits only; an HTTP date has a weekday and a month. A blank or negative value is
  // neither ("-5" parses as a year), so the service's own words decide.
  if (value && /^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  if (value && /[a-z]/i.test(value)) {
    const date = Date.parse(value);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const match = text ? /retry after\s+(\d+(?:\.\d+)?)\s*s/i.exec(text) : null;
  return match?.[1] ? Number(match[1]) * 1000 : undefined;
}

export class Transport {
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;
  private readonly maxBodyBytes: number;
  private readonly fetchImpl: FetchLike;
  private readonly random: () => number;
  private readonly clock: Clock;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly options: TransportOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.fetchImpl = options.fetch ?? ((url, init) => fetch(url, init));
    this.random = options.random ?? Math.random;
    this.clock = options.clock ?? systemClock;
    this.now = options.now ?? (() => this.clock.now());
    this.sleep = options.sleep ?? sleepOn(this.clock);
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** A pause on this transport's clock, ended early (rejected) by `signal`. */
  wait(ms: number, signal?: AbortSignal): Promise<void> {
    return this.sleep(ms, signal);
  }

  async request(spec: RequestSpec): Promise<RawResponse> {
    if (this.options.ready) await this.options.ready();
    if (this.options.loadRules && !haveRules()) provideRules(await this.options.loadRules());
    // Only reads are retried: a feedback POST may already have refunded credits, a DELETE cancelled a run.
    const attempts = spec.method === 'GET' ? Math.max(1, spec.maxAttempts ?? this.maxAttempts) : 1;
    for (let attempt = 1; ; attempt++) {
      const started = this.now();
      let failure: FirecrawlError;
      let response: RawResponse | undefined;
      try {
        response = await this.attempt(spec);
      } catch (error) {
        failure = error as FirecrawlError;
        const retryIn = attempt < attempts ? this.retryDelay(failure, attempt, spec.deadline) : undefined;
        this.log(spec, {
          attempt,
          durationMs: this.now() - started,
          error: failure.message,
          ...(failure.status ? { status: failure.status } : {}),
          ...(retryIn !== undefined ? { retryInMs: retryIn } : {}),
        });
        if (retryIn === undefined) throw failure;
        spec.onRetry?.(failure, retryIn);
        try {
          await this.sleep(retryIn, spec.signal);
        } catch {
          throw new CancelledError({ operation: spec.operation });
        }
        continue;
      }
      this.log(spec, { attempt, durationMs: this.now() - started, status: response.status });
      return response;
    }
  }

  /** How long to wait before retrying after `error`, or undefined when it must not be retried. */
  private retryDelay(error: FirecrawlError, attempt: number, deadline: number | undefined): number | undefined {
    let delay: number;
    if (error instanceof RateLimitedError || (error instanceof ServerError && RETRY_STATUSES.has(error.status ?? 0))) {
      // A 503 in maintenance may ask for minutes too: a wait that long is the caller's, not a quick retry.
      if (error.retryAfterMs !== undefined && error.retryAfterMs > MAX_INLINE_RATE_LIMIT_WAIT_MS) return undefined;
      delay = error.retryAfterMs ?? this.backoff(attempt);
    } else if (error instanceof NetworkError) {
      delay = this.backoff(attempt);
    } else {
      return undefined;
    }
    if (deadline !== undefined && this.now() + delay >= deadline) return undefined;
    return delay;
  }

  private backoff(attempt: number): number {
    return backoffDelay(attempt, BACKOFF_BASE_MS, BACKOFF_CAP_MS, this.random);
  }

  private log(spec: RequestSpec, entry: Omit<RequestLog, 'operation' | 'method' | 'path'>): void {
    if (!this.options.onRequest) return;
    this.options.onRequest({ operation: spec.operation, method: spec.method, path: this.pathWithQuery(spec), ...entry });
  }

  private pathWithQuery(spec: RequestSpec): string {
    const query = spec.query ? new URLSearchParams(spec.query).toString() : '';
    return query ? `${spec.path}?${query}` : spec.path;
  }

  private buildUrl(spec: RequestSpec): string {
    const base = this.options.baseUrl.replace(/\/+$/, '');
    return `${base}${this.pathWithQuery(spec)}`;
  }

  private async attempt(spec: RequestSpec): Promise<RawResponse> {
    const { operation } = spec;
    if (spec.signal?.aborted) throw new CancelledError({ operation });
    const key = this.options.apiKey();
    // A header cannot carry it, and a transport would fail as "could not reach": say what is wrong
    // instead, before any timer or listener exists that would have to be cleared.
    // The problem is what follows "the key": errorText words the whole sentence.
    const keyFault = key ? keyProblem(key) : undefined;
    if (keyFault) throw new InvalidRequestError({ operation, problems: [{ path: API_KEY_PATH, message: keyFault }] });
    const timeoutMs = clampDelay(Math.min(spec.timeoutMs ?? this.timeoutMs, spec.deadline !== undefined ? spec.deadline - this.now() : Infinity));
    const controller = new AbortController();
    let timedOut = false;
    const timer = this.clock.schedule(timeoutMs, () => {
      timedOut = true;
      controller.abort();
    });
    const onCallerAbort = () => controller.abort();
    spec.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': this.options.userAgent };
    if (key) headers.Authorization = `Bearer ${key}`;
    if (spec.upload) headers['Content-Type'] = spec.upload.contentType;
    else if (spec.body !== undefined) headers['Content-Type'] = 'application/json';

    // `status`: the service had begun to answer, so it got the request (a paid run may have run).
    const interrupted = (cause: unknown, status?: number): FirecrawlError => {
      if (spec.signal?.aborted) return new CancelledError({ operation, cause, sent: true });
      if (timedOut) return new TimeoutError({ operation, timeoutMs, cause });
      return new NetworkError({ operation, baseUrl: this.options.baseUrl, cause, ...(status !== undefined ? { status } : {}) });
    };

    try {
      let response: ResponseLike;
      try {
        response = await this.fetchImpl(this.buildUrl(spec), {
          method: spec.method,
          headers,
          signal: controller.signal,
          redirect: 'manual',
          ...(spec.upload ? { body: spec.upload.bytes } : spec.body !== undefined ? { body: JSON.stringify(spec.body) } : {}),
        });
      } catch (error) {
        throw interrupted(error);
      }
      let text: string;
      try {
        text = await this.readBody(response, controller, operation, spec.maxBodyBytes ?? this.maxBodyBytes);
      } catch (error) {
        if (error instanceof InvalidResponseError) throw error;
        throw interrupted(error, response.status);
      }
      return this.interpret(spec, response, text, this.secrets(key));
    } finally {
      timer.dispose();
      spec.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  private async readBody(response: ResponseLike, controller: AbortController, operation: Operation, maxBytes: number): Promise<string> {
    const tooLarge = () => new InvalidResponseError({ operation, path: '', problem: `the body is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`, limitBytes: maxBytes });
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      controller.abort();
      throw tooLarge();
    }
    // A declared length within the cap needs no byte counting where it counts the body as read.
    if (response.lengthIsBodySize && Number.isFinite(declared) && response.headers.get('content-length') !== null) return response.text();
    if (!response.body) {
      // A transport without a stream hands over the text whole: at least refuse it whole.
      const whole = await response.text();
      // Counted in UTF-8 bytes, as a stream is: a character can take up to three (only counted where it could matter).
      if (whole.length > maxBytes || (whole.length * 3 > maxBytes && new TextEncoder().encode(whole).byteLength > maxBytes)) throw tooLarge();
      return whole;
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let received = 0;
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        controller.abort();
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      text += decoder.decode(value, { stream: true });
    }
    return text + decoder.decode();
  }

  /** The key this attempt sent, the key now current (it may have changed meanwhile) and every earlier one. */
  private secrets(sent: string | undefined): Secrets {
    return [sent, this.options.apiKey(), ...(this.options.pastKeys?.() ?? [])];
  }

  private interpret(spec: RequestSpec, response: ResponseLike, text: string, secret: Secrets): RawResponse {
    const { operation } = spec;
    let body: unknown;
    let parsed = true;
    try {
      // Everything the server says is redacted before anyone reads it: the key in any form it echoed.
      body = text === '' ? undefined : redactJson(JSON.parse(text), secret);
    } catch {
      parsed = false;
    }
    const status = response.status;
    if (status >= 200 && status < 300) {
      if (!parsed || body === undefined || typeof body !== 'object' || body === null) {
        throw new InvalidResponseError({ operation, status, path: '', problem: parsed ? 'the body is not a JSON object' : 'the body is not valid JSON' });
      }
      return { status, headers: response.headers, body, secrets: secret };
    }

    const envelope = parsed ? rules().schemas().errorBody.safeParse(body) : undefined;
    const fields = envelope?.success ? envelope.data : {};
    const serverMessage = typeof fields.error === 'string' ? redact(fields.error, secret).slice(0, 500) : undefined;
    const code = typeof fields.code === 'string' ? redact(fields.code, secret).slice(0, 100) : undefined;
    // The service answers every failure with {success:false, error:"…"}; a proxy or another web server does not.
    const serviceBody = fields.success === false && typeof fields.error === 'string';
    const init = { operation, status, serviceBody, ...(serverMessage ? { serverMessage } : {}), ...(code ? { code } : {}) };

    if (typeof fields.feedbackErrorCode === 'string') {
      throw new FeedbackError({ ...init, feedbackErrorCode: redact(fields.feedbackErrorCode, secret).slice(0, 100), details: readIssueDetails(fields.details, secret) });
    }
    // A browser's fetch reports a redirect it was told not to follow as status 0, without the address.
    if ((status >= 300 && status < 400) || status === 0) {
      const location = response.headers.get('location');
      // Status 0 is the browser hiding the real one: unknown, not a status to show.
      throw new RedirectError({ ...init, ...(status === 0 ? { status: undefined } : {}), ...(location ? { location: redact(location, secret).slice(0, 500) } : {}) });
    }
    switch (status) {
      case 401:
        // Only the service's own {success:false,error} is Firecrawl refusing the key; a page is a proxy's sign-in.
        throw new UnauthorizedError(init);
      case 403:
        throw new ForbiddenError(init);
      case 404:
        // Only the service's own {success:false,error} means "no such job or team"; a page (Express's
        // "Cannot GET") or a proxy's answer means nothing is served at this path.
        if (!serviceBody) throw new NoRouteError(init);
        throw new NotFoundError(init);
      case 410:
        throw new GoneError(init);
      case 429:
        throw new RateLimitedError({ ...init, retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), serverMessage, this.now()) });
    }
    if (status >= 500) {
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), undefined, this.now());
      throw new ServerError({ ...init, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) });
    }
    throw new BadRequestError({ ...init, details: readIssueDetails(fields.details, secret) });
  }
}
