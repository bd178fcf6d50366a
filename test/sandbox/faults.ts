// Injected faults: a queue consumed by API requests, and what each fault kind does to the answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { JSON_TYPE, sendJson, sendText, unknownErrorBody, utcDateString } from './http';
import { renderResearch } from './research';
import { ROUTE_NAMES, type Dialect, type Fault, type FaultKind, type RouteName } from './types';

const KINDS: readonly FaultKind[] = ['latency', 'hang', 'status', 'malformedJson', 'wrongTypes', 'oversized', 'compressed', 'connectionReset'];
const DEFAULT_OVERSIZED_BYTES = 7 * 1024 * 1024;

export function validateFault(f: unknown): Fault {
  if (typeof f !== 'object' || f === null || Array.isArray(f)) throw new Error('fault must be an object');
  const o = f as Record<string, unknown>;
  if (!KINDS.includes(o.kind as FaultKind)) throw new Error(`kind must be one of ${KINDS.join(', ')}`);
  if (o.route !== undefined && !ROUTE_NAMES.includes(o.route as RouteName)) throw new Error(`route must be one of ${ROUTE_NAMES.join(', ')}`);
  for (const k of ['times', 'ms', 'status', 'retryAfterSeconds', 'bytes']) {
    if (o[k] !== undefined && (typeof o[k] !== 'number' || !Number.isFinite(o[k]) || (o[k] as number) < 0)) throw new Error(`${k} must be a number >= 0`);
  }
  for (const k of ['retryAfterHeader', 'text', 'contentType', 'location']) {
    if (o[k] !== undefined && typeof o[k] !== 'string') throw new Error(`${k} must be a string`);
  }
  if (o.headers !== undefined) {
    const h = o.headers;
    if (typeof h !== 'object' || h === null || Array.isArray(h) || !Object.values(h).every((v) => typeof v === 'string')) {
      throw new Error('headers must be an object of strings');
    }
  }
  return { ...o } as unknown as Fault;
}

export class FaultQueue {
  private queue: Array<{ fault: Fault; remaining: number }> = [];

  add(fault: Fault): void {
    const f = validateFault(fault);
    this.queue.push({ fault: f, remaining: Math.max(1, Math.floor(f.times ?? 1)) });
  }

  clear(): void {
    this.queue = [];
  }

  /** Consumes one use of the first fault that applies to `route`. */
  take(route: RouteName): Fault | undefined {
    const index = this.queue.findIndex((q) => q.fault.route === undefined || q.fault.route === route);
    const entry = this.queue[index];
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.queue.splice(index, 1);
    return entry.fault;
  }

  pending(): Array<Fault & { remaining: number }> {
    return this.queue.map((q) => ({ ...q.fault, remaining: q.remaining }));
  }
}

export interface FaultEnv {
  req: IncomingMessage;
  res: ServerResponse;
  route: RouteName;
  dialect: Dialect;
  now: number;
  /** Waits `ms`, or less if the server closes; resolves false when the client went away. */
  sleep(ms: number): Promise<boolean>;
}

/** Applies a fault. 'continue' = answer normally afterwards (latency), 'handled' = done. */
export async function applyFault(fault: Fault, env: FaultEnv): Promise<'continue' | 'handled'> {
  const { res, route } = env;
  switch (fault.kind) {
    case 'latency': {
      if (!fault.until) return (await env.sleep(fault.ms ?? 1000)) ? 'continue' : 'handled';
      // Up to an hour: the server's close or the client going away still ends it.
      const answered = await Promise.race([
        fault.until.then(
          () => true,
          () => true,
        ),
        env.sleep(60 * 60_000),
      ]);
      return answered && !env.res.destroyed ? 'continue' : 'handled';
    }
    case 'hang':
      // Never answer; the socket is destroyed when the client aborts or the server closes.
      return 'handled';
    case 'connectionReset': {
      const socket = env.req.socket as typeof env.req.socket & { resetAndDestroy?: () => void };
      if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
      else socket.destroy();
      return 'handled';
    }
    case 'malformedJson':
      sendText(res, 200, '{"success":true,"data":{"status":"processing","remainingCredits":62', JSON_TYPE);
      return 'handled';
    case 'wrongTypes':
      sendJson(res, 200, wrongTypesBody(route));
      return 'handled';
    case 'oversized':
      await streamOversized(res, Math.max(1024, Math.floor(fault.bytes ?? DEFAULT_OVERSIZED_BYTES)));
      return 'handled';
    case 'compressed':
      sendCompressed(env, Math.max(1024, Math.floor(fault.bytes ?? DEFAULT_OVERSIZED_BYTES)));
      return 'handled';
    case 'status':
      sendStatus(fault, env);
      return 'handled';
  }
  return 'handled';
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function sendStatus(fault: Fault, env: FaultEnv): void {
  const status = Math.floor(fault.status ?? 500);
  const extra = fault.headers ?? {};
  if (REDIRECTS.has(status)) {
    // Express's res.redirect(): a Location header and a one-line text body.
    const location = fault.location ?? `https://api.firecrawl.dev${new URL(env.req.url ?? '/', 'http://127.0.0.1').pathname}`;
    const headers = { Location: location, ...extra };
    if (fault.body !== undefined) sendJson(env.res, status, fault.body, headers);
    else sendText(env.res, status, fault.text ?? `${status === 301 ? 'Moved Permanently' : 'Found'}. Redirecting to ${location}`, fault.contentType ?? 'text/plain; charset=utf-8', headers);
    return;
  }
  if (fault.text !== undefined) {
    sendText(env.res, status, fault.text, fault.contentType ?? 'text/html; charset=utf-8', extra);
    return;
  }
  if (fault.body !== undefined) {
    sendJson(env.res, status, fault.body, extra);
    return;
  }
  const { res, route } = env;
  switch (status) {
    case 401:
      sendJson(res, 401, { success: false, error: 'Unauthorized: Invalid token' });
      return;
    case 403:
      sendJson(res, 403, { success: false, error: "Request blocked: your IP address is not on this team's allow-list." });
      return;
    case 404: {
      if (route === 'deepResearch') {
        const r = renderResearch(null, env.dialect);
        sendJson(res, r.status, r.body, r.headers);
      } else if (route === 'feedback') {
        sendJson(res, 404, { success: false, error: 'scrape job not found for this team.', feedbackErrorCode: 'JOB_NOT_FOUND' });
      } else if (route === 'agentStatus' || route === 'agentCancel') {
        sendJson(res, 404, { success: false, error: 'Agent job not found' });
      } else if (route === 'searchFeedback') {
        sendJson(res, 404, { success: false, error: 'search job not found for this team.', feedbackErrorCode: 'SEARCH_NOT_FOUND' });
      } else {
        sendJson(res, 404, { success: false, error: 'Could not find credit usage information' });
      }
      return;
    }
    case 402:
      sendJson(res, 402, { success: false, error: 'Insufficient credits to perform this request. For more credits, you can upgrade your plan at https://firecrawl.dev/pricing.' });
      return;
    case 408:
      sendJson(res, 408, { success: false, code: 'SCRAPE_TIMEOUT', error: 'Scrape timed out after waiting in the concurrency limit queue' });
      return;
    case 429: {
      const seconds = fault.retryAfterSeconds ?? 7;
      const limit = route === 'deepResearch' ? 500 : 1000;
      const headers: Record<string, string> = { ...(fault.retryAfterHeader !== undefined ? { 'Retry-After': fault.retryAfterHeader } : {}), ...extra };
      sendJson(
        res,
        429,
        {
          success: false,
          error:
            `Rate limit exceeded. Consumed (req/min): ${limit + 1}, Remaining (req/min): 0. Upgrade your plan at https://firecrawl.dev/pricing ` +
            `for increased rate limits or please retry after ${seconds}s, resets at ${utcDateString(env.now + seconds * 1000)}`,
        },
        headers,
      );
      return;
    }
    case 500:
      sendJson(res, 500, unknownErrorBody());
      return;
    case 502:
    case 503: {
      // Answered by the edge in front of the service, not by the service: HTML, not JSON.
      const title = status === 502 ? '502 Bad Gateway' : '503 Service Temporarily Unavailable';
      sendText(res, status, `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n</body>\r\n</html>\r\n`, 'text/html');
      return;
    }
    default:
      sendJson(res, status, { success: false, error: `Sandbox fault: HTTP ${status}` });
  }
}

/** A 200 body of the route's shape with the wrong JSON types in it. */
export function wrongTypesBody(route: RouteName): unknown {
  switch (route) {
    case 'creditUsage':
      return { success: true, data: { remainingCredits: '62418', planCredits: '100000', billingPeriodStart: 20260501, billingPeriodEnd: false } };
    case 'creditUsageV1':
      return { success: true, data: { remaining_credits: '62418', plan_credits: '100000', billing_period_start: 20260501, billing_period_end: false } };
    case 'creditUsageHistorical':
      return { success: true, periods: [{ startDate: 1714521600000, endDate: 0, creditsUsed: '812', totalCredits: '812', apiKey: 42 }] };
    case 'deepResearch':
      return {
        success: true,
        status: 3,
        data: { finalAnalysis: 42, sources: 'none', activities: {}, json: 'not-an-object' },
        currentDepth: '2',
        maxDepth: null,
        totalUrls: 'many',
        expiresAt: 12345,
        activities: 'none',
        sources: {},
      };
    case 'agentStatus':
      return { success: true, status: 3, model: 5, expiresAt: 12345, creditsUsed: 'lots', suggestions: 'none' };
    case 'agentList':
      return { success: true, agents: { id: 1 }, next: 5 };
    case 'activity':
      return { success: true, data: [{ id: 7, endpoint: null, api_version: 2, created_at: 1763804460123, target: ['x'] }], cursor: 5, has_more: 'no' };
    case 'feedback':
    case 'searchFeedback':
      return { success: true, feedbackId: 12345, creditsRefunded: '1', creditsRefundedToday: null, dailyRefundCap: '50', alreadySubmitted: 'false' };
  }
  return { success: 'yes' };
}

/**
 * The credits body padded to `bytes`, gzip-compressed when the client accepts gzip (a browser's
 * fetch does, and decodes it): Content-Length then counts the few compressed bytes on the wire.
 */
function sendCompressed(env: FaultEnv, bytes: number): void {
  const head = '{"success":true,"data":{"remainingCredits":62418,"planCredits":100000},"padding":"';
  const tail = '"}';
  const plain = Buffer.from(`${head}${'x'.repeat(Math.max(0, bytes - head.length - tail.length))}${tail}`);
  if (!/\bgzip\b/i.test(String(env.req.headers['accept-encoding'] ?? ''))) {
    env.res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Length': plain.length });
    env.res.end(plain);
    return;
  }
  const packed = gzipSync(plain);
  env.res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Encoding': 'gzip', 'Content-Length': packed.length, Vary: 'Accept-Encoding' });
  env.res.end(packed);
}

/** A valid JSON document larger than `bytes`, streamed in chunks with backpressure. */
async function streamOversized(res: ServerResponse, bytes: number): Promise<void> {
  if (res.destroyed) return;
  res.writeHead(200, { 'Content-Type': JSON_TYPE });
  const head = '{"success":true,"data":{"remainingCredits":62418,"planCredits":100000},"padding":"';
  const tail = '"}';
  const chunk = 'x'.repeat(64 * 1024);
  let written = 0;
  const write = (text: string): Promise<void> =>
    new Promise((resolve) => {
      if (res.destroyed) return resolve();
      written += Buffer.byteLength(text);
      if (res.write(text)) resolve();
      else {
        const done = (): void => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      }
    });
  await write(head);
  while (!res.destroyed && written + tail.length < bytes) {
    const left = bytes - written - tail.length;
    await write(left >= chunk.length ? chunk : chunk.slice(0, left));
  }
  if (!res.destroyed) res.end(tail);
}
