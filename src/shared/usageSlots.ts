// Usage bins placed on a time line: one slot per UTC hour or day across the window the service
// covered, slots the service left out (no usage) filled with zero, duplicates added up, and which
// slots are partial: cut by the window's start, or still in progress at its end. Pure: the burn
// rules and the usage chart both read bins through this, so they never disagree about a bin.

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The part of a bin this needs (structurally the API's UsageBin; shared/ imports nothing else). */
export interface BinLike {
  startDate: string | null;
  endDate: string | null;
  creditsUsed: number;
}

export interface UsageSlot {
  /** Epoch ms; the slot covers [start, end). */
  start: number;
  end: number;
  /** What the service sent for it, added up (0 for a slot it left out). */
  credits: number;
  /** `start`: cut by the window's start; `current`: still in progress. Absent for a whole slot. */
  partial?: 'start' | 'current';
}

export interface PlacedSlots {
  slots: UsageSlot[];
  /** Credits in bins without a readable start: counted, but on no slot. */
  undated: number;
}

/** More slots than this is not a window the service sends (30 days of days, 24 hours of hours). */
export const MAX_SLOTS = 2_000;

function align(ms: number, unitMs: number): number {
  return Math.floor(ms / unitMs) * unitMs;
}

function parse(iso: string | null | undefined): number | undefined {
  if (!iso) return undefined;
  const t = Date.parse(iso);
  return Number.isFinite(t) ? t : undefined;
}

/**
 * `windowStart`/`windowEnd` are the window the service said it covered; without them the bins'
 * own span is used. A bin that ends at the last millisecond of its unit (`…:59:59.999Z`) is whole.
 */
export function placeSlots(bins: readonly BinLike[], unitMs: number, windowStart?: string | null, windowEnd?: string | null): PlacedSlots {
  const byStart = new Map<number, number>();
  let undated = 0;
  let first = parse(windowStart) ?? Infinity;
  let last = parse(windowEnd) ?? -Infinity;
  const windowKnown = parse(windowEnd) !== undefined;
  for (const bin of bins) {
    const credits = Number.isFinite(bin.creditsUsed) ? bin.creditsUsed : 0;
    const start = parse(bin.startDate);
    if (start === undefined) {
      undated += credits;
      continue;
    }
    const slot = align(start, unitMs);
    byStart.set(slot, (byStart.get(slot) ?? 0) + credits);
    first = Math.min(first, start);
    if (!windowKnown) {
      const end = parse(bin.endDate);
      // The last millisecond of a unit stands for its end; anything else is where the bin stopped.
      const exclusive = end === undefined || end <= start ? slot + unitMs : (end + 1) % unitMs === 0 ? end + 1 : end;
      last = Math.max(last, exclusive);
    } else if (start >= last) {
      // Past the window's end (not what the service sends): still counted, on a slot of its own.
      last = slot + unitMs;
    }
  }
  if (!Number.isFinite(first) || !Number.isFinite(last) || last <= first) return { slots: [], undated };
  let from = align(first, unitMs);
  // A hostile window (years of hours) would mean millions of slots: keep the newest that fit.
  if ((last - from) / unitMs > MAX_SLOTS) from = align(last - 1, unitMs) - (MAX_SLOTS - 1) * unitMs;
  const slots: UsageSlot[] = [];
  for (let aligned = from; aligned < last; aligned += unitMs) {
    const start = Math.max(aligned, first);
    const end = Math.min(aligned + unitMs, last);
    const slot: UsageSlot = { start, end, credits: byStart.get(aligned) ?? 0 };
    if (end < aligned + unitMs) slot.partial = 'current';
    else if (start > aligned) slot.partial = 'start';
    slots.push(slot);
  }
  return { slots, undated };
}

/** How much of its unit a slot covers, 0…1. */
export function coverage(slot: UsageSlot, unitMs: number): number {
  return Math.max(0, Math.min(1, (slot.end - slot.start) / unitMs));
}
