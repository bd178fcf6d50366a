// What the client knows about the activity route without loading a schema: the kinds it can be
// filtered by, and how its times read. Small and free of zod, so stores and views may import it.

/** The values the activity route accepts as `endpoint`; anything else is answered with a 400. `parse` is not one. */
export const ACTIVITY_FILTERS = ['scrape', 'crawl', 'batch_scrape', 'search', 'extract', 'llmstxt', 'deep_research', 'map', 'agent', 'browser', 'interact', 'alexandria'] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];

export function isActivityFilter(value: string): value is ActivityFilter {
  return (ACTIVITY_FILTERS as readonly string[]).includes(value);
}

// A date and a time without a zone: ClickHouse's DateTime64 as the service passes it on, always UTC.
const ZONELESS = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?$/;

/**
 * A time the service sent, as ISO (UTC), or null when it is missing or unreadable. A zoneless time
 * is UTC: `Date.parse` would read `2026-11-22 09:41:00` as local time, hours off in most places.
 */
export function readServiceTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  const zoneless = ZONELESS.exec(text);
  const ms = zoneless ? Date.parse(`${zoneless[1]}T${zoneless[2]}.${(zoneless[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`) : Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
