// GET /v2/team/activity: the team's API jobs of the last 24 hours on the sandbox clock, newest first,
// cursor-paged and filterable by endpoint, with `created_at` in ClickHouse's form (live dialect) or
// ISO (spec dialect). Every job the sandbox creates is recorded here when it is created.
import { randomUUID } from 'node:crypto';
import { ACTIVITY_ENDPOINTS, type ActivityEndpoint, type ActivityEntryInit, type Dialect } from './types';

export const ACTIVITY_WINDOW_MS = 24 * 60 * 60 * 1000;
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 100;

export interface ActivityRecord {
  id: string;
  /** Usually one of ACTIVITY_ENDPOINTS; tests may record other kinds the service might add. */
  endpoint: string;
  apiVersion: 'v1' | 'v2';
  createdAt: number;
  target: string | null;
  /** Insertion order, so entries created in the same millisecond keep a stable order. */
  seq: number;
}

/** How a record is listed: as it is, under another kind, or not at all (undefined). */
export type ListingRule = (record: ActivityRecord) => ActivityRecord | undefined;

export interface ActivityReply {
  status: number;
  body: Record<string, unknown>;
}

/** `2026-11-22 09:41:00.123`: how ClickHouse's DateTime64(3) reaches the service's JSON (UTC, no T, no Z). */
export function clickHouseTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}

function encodeCursor(record: ActivityRecord): string {
  return Buffer.from(JSON.stringify({ t: record.createdAt, s: record.seq }), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { t: number; s: number } | undefined {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { t, s } = value as { t?: unknown; s?: unknown };
    return typeof t === 'number' && typeof s === 'number' && Number.isFinite(t) && Number.isFinite(s) ? { t, s } : undefined;
  } catch {
    return undefined;
  }
}

/** Newest first; for the same instant, the one recorded later first. */
function newerFirst(a: ActivityRecord, b: ActivityRecord): number {
  return b.createdAt - a.createdAt || b.seq - a.seq;
}

function isOlder(record: ActivityRecord, than: { t: number; s: number }): boolean {
  return record.createdAt < than.t || (record.createdAt === than.t && record.seq < than.s);
}

export class ActivityLog {
  private readonly records: ActivityRecord[] = [];
  private seq = 0;

  /** Records a job; the id is the job's own. */
  add(init: { id?: string; endpoint: string; apiVersion?: 'v1' | 'v2'; createdAt: number; target?: string | null }): ActivityRecord {
    const record: ActivityRecord = {
      id: init.id ?? randomUUID(),
      endpoint: init.endpoint,
      apiVersion: init.apiVersion ?? 'v2',
      createdAt: init.createdAt,
      target: init.target ?? null,
      seq: this.seq++,
    };
    this.records.push(record);
    return record;
  }

  /** What a test or the control API asks to add: any kind, any age. */
  addEntry(init: ActivityEntryInit, now: number): ActivityRecord {
    return this.add({
      ...(init.id !== undefined ? { id: init.id } : {}),
      endpoint: init.endpoint,
      apiVersion: init.apiVersion ?? 'v2',
      createdAt: now - Math.max(0, init.ageMs ?? 0),
      target: init.target ?? null,
    });
  }

  /**
   * Every record still inside the 24-hour window at `now`, newest first, as `shown` lists it (the
   * service may list a kind under another name, or leave it out: undefined).
   */
  visible(now: number, shown: ListingRule = (r) => r): ActivityRecord[] {
    const out: ActivityRecord[] = [];
    for (const record of this.records) {
      if (record.createdAt > now || now - record.createdAt >= ACTIVITY_WINDOW_MS) continue;
      const listed = shown(record);
      if (listed) out.push(listed);
    }
    return out.sort(newerFirst);
  }

  /** The route's answer for a query string, as the service's controller validates it. */
  query(params: URLSearchParams, now: number, dialect: Dialect, shown?: ListingRule): ActivityReply {
    const endpoint = params.get('endpoint');
    if (endpoint !== null && !ACTIVITY_ENDPOINTS.includes(endpoint as ActivityEndpoint)) {
      return { status: 400, body: { success: false, error: `Invalid endpoint filter. Must be one of: ${ACTIVITY_ENDPOINTS.join(', ')}` } };
    }
    const rawLimit = params.get('limit');
    const limit = rawLimit === null ? DEFAULT_LIMIT : Number(rawLimit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
      return { status: 400, body: { success: false, error: `Invalid limit. Must be an integer between 1 and ${MAX_LIMIT}.` } };
    }
    const rawCursor = params.get('cursor');
    const after = rawCursor === null ? undefined : decodeCursor(rawCursor);
    if (rawCursor !== null && !after) return { status: 400, body: { success: false, error: 'Invalid cursor.' } };

    const matching = this.visible(now, shown).filter((r) => (endpoint === null || r.endpoint === endpoint) && (!after || isOlder(r, after)));
    const page = matching.slice(0, limit);
    const hasMore = matching.length > limit;
    const last = page.at(-1);
    return {
      status: 200,
      body: {
        success: true,
        data: page.map((r) => ({
          id: r.id,
          endpoint: r.endpoint,
          api_version: r.apiVersion,
          created_at: dialect === 'live' ? clickHouseTime(r.createdAt) : new Date(r.createdAt).toISOString(),
          target: r.target,
        })),
        cursor: hasMore && last ? encodeCursor(last) : null,
        has_more: hasMore,
      },
    };
  }
}

/** Checks what the control API is given to record. */
export function validateActivityEntry(value: unknown): ActivityEntryInit {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('an activity entry must be an object');
  const o = value as Record<string, unknown>;
  if (typeof o.endpoint !== 'string' || !o.endpoint) throw new Error('endpoint must be a non-empty string');
  if (o.id !== undefined && typeof o.id !== 'string') throw new Error('id must be a string');
  if (o.target !== undefined && o.target !== null && typeof o.target !== 'string') throw new Error('target must be a string or null');
  if (o.apiVersion !== undefined && o.apiVersion !== 'v1' && o.apiVersion !== 'v2') throw new Error("apiVersion must be 'v1' or 'v2'");
  if (o.ageMs !== undefined && (typeof o.ageMs !== 'number' || !Number.isFinite(o.ageMs) || o.ageMs < 0)) throw new Error('ageMs must be a number >= 0');
  return o as unknown as ActivityEntryInit;
}
