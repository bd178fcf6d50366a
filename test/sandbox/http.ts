// Small HTTP helpers for the sandbox (Node built-ins only).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';

export const JSON_TYPE = 'application/json; charset=utf-8';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string, contentType: string, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/**
 * What Express's cors() does with its defaults: every answer allows any origin, and a preflight
 * (OPTIONS) gets 204 with the default methods and the request's own headers. True when answered.
 */
export function answerCors(req: IncomingMessage, res: ServerResponse, method: string): boolean {
  res.setHeader('Access-Control-Allow-Origin', '*');
  if (method !== 'OPTIONS') return false;
  const asked = req.headers['access-control-request-headers'];
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
    ...(asked ? { 'Access-Control-Allow-Headers': String(asked), Vary: 'Access-Control-Request-Headers' } : {}),
    'Content-Length': '0',
  });
  res.end();
  return true;
}

export class BodyTooLargeError extends Error {}

/** Reads the whole request body, refusing more than `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLargeError(`body larger than ${limit} bytes`));
        req.removeAllListeners('data');
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function lowerCaseHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export function newId(): string {
  return randomUUID();
}

/** The live service's generic 500 body. */
export function unknownErrorBody(): { success: false; code: string; error: string } {
  return {
    success: false,
    code: 'UNKNOWN_ERROR',
    error: `An unexpected error occurred. Please contact help@firecrawl.com for help. Your exception ID is ${newId()}`,
  };
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Date#toString()` as printed by a server running in UTC, independent of this machine's time zone. */
export function utcDateString(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return (
    `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())} ${d.getUTCFullYear()} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} GMT+0000 (Coordinated Universal Time)`
  );
}

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
