// Team credit routes: remaining credits (v2 and the snake_case v1 twin) and monthly history.
import { unknownErrorBody } from './http';
import type { CreditState, Dialect, HistoryRow } from './types';

export interface JsonReply {
  status: number;
  body: unknown;
}

const NO_CREDITS: JsonReply = { status: 404, body: { success: false, error: 'Could not find credit usage information' } };

export function creditUsage(credits: CreditState | null, selfHosted: boolean): JsonReply {
  if (selfHosted) return { status: 500, body: unknownErrorBody() };
  if (!credits) return NO_CREDITS;
  return { status: 200, body: { success: true, data: { ...credits } } };
}

export function creditUsageV1(credits: CreditState | null, selfHosted: boolean): JsonReply {
  if (selfHosted) return { status: 500, body: unknownErrorBody() };
  if (!credits) return NO_CREDITS;
  return {
    status: 200,
    body: {
      success: true,
      data: {
        remaining_credits: credits.remainingCredits,
        plan_credits: credits.planCredits,
        billing_period_start: credits.billingPeriodStart,
        billing_period_end: credits.billingPeriodEnd,
      },
    },
  };
}

/** Oldest first; unparseable dates last, as the service sorts. */
function byStartDate(a: { startDate: string }, b: { startDate: string }): number {
  const x = Date.parse(a.startDate);
  const y = Date.parse(b.startDate);
  if (Number.isNaN(x) || Number.isNaN(y)) return Number(Number.isNaN(x)) - Number(Number.isNaN(y));
  return x - y;
}

/** `byApiKey` is the raw query value: only the exact string 'true' asks for the per-key breakdown. */
export function creditUsageHistorical(rows: readonly HistoryRow[], byApiKey: string | null, dialect: Dialect, selfHosted: boolean): JsonReply {
  if (selfHosted) return { status: 500, body: unknownErrorBody() };
  const field = dialect === 'live' ? 'creditsUsed' : 'totalCredits';
  let periods: Array<Record<string, unknown> & { startDate: string }>;
  if (byApiKey === 'true') {
    periods = [...rows].sort(byStartDate).map((r) => ({ startDate: r.startDate, endDate: r.endDate, apiKey: r.apiKey, [field]: r.creditsUsed }));
  } else {
    const months = new Map<string, { startDate: string; endDate: string | null; total: number }>();
    for (const r of rows) {
      const m = months.get(r.startDate) ?? { startDate: r.startDate, endDate: r.endDate, total: 0 };
      m.total += r.creditsUsed;
      months.set(r.startDate, m);
    }
    periods = [...months.values()].sort(byStartDate).map((m) => ({ startDate: m.startDate, endDate: m.endDate, [field]: m.total }));
  }
  return { status: 200, body: { success: true, periods } };
}

export function validateCredits(c: unknown): CreditState | null {
  if (c === null) return null;
  if (typeof c !== 'object' || Array.isArray(c)) throw new Error('credits must be an object or null');
  const o = c as Record<string, unknown>;
  for (const k of ['remainingCredits', 'planCredits']) {
    if (typeof o[k] !== 'number' || !Number.isFinite(o[k])) throw new Error(`${k} must be a number`);
  }
  for (const k of ['billingPeriodStart', 'billingPeriodEnd']) {
    if (o[k] !== null && typeof o[k] !== 'string') throw new Error(`${k} must be a string or null`);
  }
  return {
    remainingCredits: o.remainingCredits as number,
    planCredits: o.planCredits as number,
    billingPeriodStart: o.billingPeriodStart as string | null,
    billingPeriodEnd: o.billingPeriodEnd as string | null,
  };
}

export function validateHistory(rows: unknown): HistoryRow[] {
  if (!Array.isArray(rows)) throw new Error('periods must be an array');
  return rows.map((r, i) => {
    if (typeof r !== 'object' || r === null) throw new Error(`periods[${i}] must be an object`);
    const o = r as Record<string, unknown>;
    if (typeof o.startDate !== 'string') throw new Error(`periods[${i}].startDate must be a string`);
    if (o.endDate !== null && typeof o.endDate !== 'string') throw new Error(`periods[${i}].endDate must be a string or null`);
    if (typeof o.creditsUsed !== 'number' || !Number.isFinite(o.creditsUsed)) throw new Error(`periods[${i}].creditsUsed must be a number`);
    if (typeof o.apiKey !== 'string') throw new Error(`periods[${i}].apiKey must be a string`);
    return { startDate: o.startDate, endDate: o.endDate as string | null, creditsUsed: o.creditsUsed, apiKey: o.apiKey };
  });
}
