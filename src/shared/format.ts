// Credit numbers as people read them: exact while short, compact once long.

/** `12,345` below 100,000; `1.2M` / `250K` above, in the given locale. */
export function formatCredits(value: number, locale?: string): string {
  const rounded = Math.round(value);
  if (Math.abs(rounded) < 100_000) return rounded.toLocaleString(locale);
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(rounded);
}

export function formatExact(value: number, locale?: string): string {
  return Math.round(value).toLocaleString(locale);
}

export function formatPercent(fraction: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: fraction < 0.1 && fraction > 0 ? 1 : 0 }).format(fraction);
}

export function formatDate(iso: string | number, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** "just now", "5 min ago", "3 h ago", "2 days ago". */
export function formatAge(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

const DAY_MS = 86_400_000;

export function daysBetween(fromMs: number, toMs: number): number {
  return Math.max(0, Math.ceil((toMs - fromMs) / DAY_MS));
}
