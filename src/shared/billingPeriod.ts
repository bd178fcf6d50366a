// The billing period's dates as instants, as far as they can be read. A period that ends before (or
// as) it starts has a wrong date, and which one is not known: it is read as a period without dates,
// rather than a range printed backwards, a reset count or a forecast over a negative span.
import { parseTime } from './format';

export interface BillingPeriod {
  start?: number;
  end?: number;
}

export function billingPeriod(usage: { billingPeriodStart: string | null; billingPeriodEnd: string | null }): BillingPeriod {
  const start = parseTime(usage.billingPeriodStart);
  const end = parseTime(usage.billingPeriodEnd);
  if (start !== undefined && end !== undefined && start >= end) return {};
  return { ...(start !== undefined ? { start } : {}), ...(end !== undefined ? { end } : {}) };
}
