// The team's recent activity as hovers read it: one list (every kind, the newest page), read when a
// hover first needs it and kept for a minute, so hovering many ids costs at most one request a
// minute and typing or scrolling costs none. Concurrent hovers share the request in flight; a
// failure is remembered for the same minute (a hover then says only what else is known).
// Pure: no `vscode`; the reader and the clock are injected.
import type { ActivityEntry, ActivityList, ActivityQuery } from '../../../api';
import type { Clock } from '../../../shared/clock';
import { isJobId, normalizeJobId } from '../../../shared/jobIds';

export interface ActivityListReader {
  listActivity(query: ActivityQuery): Promise<ActivityList>;
}

export const ACTIVITY_CACHE_MS = 60_000;
const ACTIVITY_LIMIT = 100;
const ACTIVITY_TIMEOUT_MS = 5_000;

export class RecentActivityCache {
  private entries: Map<string, ActivityEntry> | undefined;
  private readAt = -Infinity;
  private inFlight: Promise<Map<string, ActivityEntry>> | undefined;
  private generation = 0;

  constructor(private readonly reader: () => ActivityListReader, private readonly clock: Clock) {}

  /** The entry naming `id`, reading the list only when the last read is over a minute old. */
  async find(id: string): Promise<ActivityEntry | undefined> {
    const entries = await this.list();
    return entries.get(normalizeJobId(id));
  }

  /** Forgets the list: the key or the server changed, so it belongs to another team. */
  clear(): void {
    this.generation += 1;
    this.entries = undefined;
    this.readAt = -Infinity;
    this.inFlight = undefined;
  }

  private fresh(): boolean {
    return this.clock.now() - this.readAt < ACTIVITY_CACHE_MS;
  }

  private list(): Promise<Map<string, ActivityEntry>> {
    if (this.entries && this.fresh()) return Promise.resolve(this.entries);
    if (this.inFlight) return this.inFlight;
    const generation = this.generation;
    const pending = this.reader()
      .listActivity({ limit: ACTIVITY_LIMIT, timeoutMs: ACTIVITY_TIMEOUT_MS, maxAttempts: 1 })
      .then(
        (list) => byId(list.entries),
        () => new Map<string, ActivityEntry>(),
      )
      .then((entries) => {
        if (generation === this.generation) {
          this.entries = entries;
          this.readAt = this.clock.now();
          this.inFlight = undefined;
        }
        return entries;
      });
    this.inFlight = pending;
    return pending;
  }
}

function byId(entries: readonly ActivityEntry[]): Map<string, ActivityEntry> {
  const map = new Map<string, ActivityEntry>();
  for (const entry of entries) {
    if (!isJobId(entry.id)) continue;
    const key = normalizeJobId(entry.id);
    if (!map.has(key)) map.set(key, entry);
  }
  return map;
}
