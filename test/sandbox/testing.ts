// Helpers for tests that talk to a sandbox over real HTTP (global fetch).
import { startSandbox, type Sandbox, type SandboxOptions } from './server';

export interface FakeClock {
  now: () => number;
  set(ms: number): void;
  advance(ms: number): void;
}

/** A clock that only moves when told to. Default start: 2026-05-15T12:00:00Z. */
export function fakeClock(start = Date.UTC(2026, 4, 15, 12, 0, 0)): FakeClock {
  let t = start;
  return {
    now: () => t,
    set: (ms) => {
      t = ms;
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body, or undefined when it is not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read fields of the sandbox's answers directly
  json: any;
}

export interface CallOptions {
  method?: string;
  /** API key sent as 'Authorization: Bearer <key>'; null = no header. Default: the sandbox's valid key. */
  key?: string | null;
  /** Sent as JSON with Content-Type application/json unless `raw` is given. */
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function call(sb: Sandbox, path: string, opts: CallOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  const key = opts.key === undefined ? sb.keys.valid : opts.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await fetch(`${sb.url}${path}`, { method: opts.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, signal: opts.signal });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Starts a sandbox for one test and closes it afterwards, even when the test fails. */
export async function withSandbox<T>(opts: SandboxOptions, fn: (sb: Sandbox) => Promise<T>): Promise<T> {
  const sb = await startSandbox(opts);
  try {
    return await fn(sb);
  } finally {
    await sb.close();
  }
}
