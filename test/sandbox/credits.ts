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

/** Oldest first; null and unparseable dates last, as the service sorts. */
function byStartDate(a: { startDate: string | null }, b: { startDate: string | null }): number {
  const x = a.startDate === null ? NaN : Date.parse(a.startDate);
  const y = b.startDate === null ? NaN : Date.parse(b.startDate);
  if (Number.isNaN(x) || Number.isNaN(y)) return Number(Number.isNaN(x)) - Number(Number.isNaN(y));
  return x - y;
}

/** `byApiKey` is the raw query value: only the exact string 'true' asks for the per-key breakdown. */
export function creditUsageHistorical(rows: readonly HistoryRow[], byApiKey: string | null, dialect: Dialect, selfHosted: boolean): JsonReply {
  if (selfHosted) return { status: 500, body: unknownErrorBody() };
  const field = dialect === 'live' ? 'creditsUsed' : 'totalCredits';
  let periods: Array<Record<string, unknown> & { startDate: string | null }>;
  if (byApiKey === 'true') {
    periods = [...rows].sort(byStartDate).map((r) => ({ startDate: r.startDate, endDate: r.endDate, apiKey: r.apiKey, [field]: r.creditsUsed }));
  } else {
    const months = new Map<string | null, { startDate: string | null; endDate: string | null; total: number }>();
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
  if (typeof o.remainingCredits !== 'number' || !Number.isFinite(o.remainingCredits)) throw new Error('remainingCredits must be a number');
  // Older self-hosted releases know only the balance: the other fields may be left out.
  if (o.planCredits !== undefined && (typeof o.planCredits !== 'number' || !Number.isFinite(o.planCredits))) throw new Error('planCredits must be a number');
  for (const k of ['billingPeriodStart', 'billingPeriodEnd']) {
    if (o[k] !== undefined && o[k] !== null && typeof o[k] !== 'string') throw new Error(`${k} must be a string or null`);
  }
  const state: CreditState = { remainingCredits: o.remainingCredits };
  if (o.planCredits !== undefined) state.planCredits = o.planCredits as number;
  if (o.billingPeriodStart !== undefined) state.billingPeriodStart = o.billingPeriodStart as string | null;
  if (o.billingPeriodEnd !== undefined) state.billingPeriodEnd = o.billingPeriodEnd as string | null;
  return state;
}

export function validateHistory(rows: unknown): HistoryRow[] {
  if (!Array.isArray(rows)) throw new Error('periods must be an array');
  return rows.map((r, i) => {
    if (typeof r !== 'object' || r === null) throw new Error(`periods[${i}] must be an object`);
    const o = r as Record<string, unknown>;
    if (o.startDate !== null && typeof o.startDate !== 'string') throw new Error(`periods[${i}].startDate must be a string or null`);
    if (o.endDate !== null && typeof o.endDate !== 'string') throw new Error(`periods[${i}].endDate must be a string or null`);
    if (typeof o.creditsUsed !== 'number' || !Number.isFinite(o.creditsUsed)) throw new Error(`periods[${i}].creditsUsed must be a number`);
    if (typeof o.apiKey !== 'string') throw new Error(`periods[${i}].apiKey must be a string`);
    return { startDate: o.startDate as string | null, endDate: o.endDate as string | null, creditsUsed: o.creditsUsed, apiKey: o.apiKey };
  });
}
