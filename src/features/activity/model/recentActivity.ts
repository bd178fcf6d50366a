// The team's recent activity (every kind of job of the last 24 hours, newest first), read once and
// shared by everything that shows it: the job-id hover, the feedback wizard's job page and the
// Research view's Recent group each filter the same list. A read is kept for a minute unless a
// caller asks for a fresher one (the wizard, a manual refresh, an id the list does not name: it may
// have been printed by a job that just ran); callers that ask while a read is on
// its way share it. A failure is kept like a list, so a broken server is not asked on every hover;
// a server that has no such list (self-hosted, older) is not asked again for half an hour.
// Pure: no `vscode`; the reader and the clock are injected.
import { type ActivityEntry, type ActivityList, type ActivityQuery, isDefaultApiUrl } from '../../../api';
import { isListingUnsupported } from '../../../host/errorText';
import { backoffDelay } from '../../../shared/backoff';
import { type Clock, isAhead } from '../../../shared/clock';
import { isJobId, normalizeJobId } from '../../../shared/jobIds';

export interface ActivityListReader {
  listActivity(query: ActivityQuery): Promise<ActivityList>;
  /** The server asked: at a server of one's own, an older release's 500 means it has no list. */
  readonly baseUrl?: string;
}

/** How long a read serves callers that ask for nothing fresher. */
export const RECENT_ACTIVITY_MS = 60_000;
/**
 * An id a list older than this does not name is looked for in a new read: its job may have run since.
 * Each new read that still does not name it doubles the wait for that id, up to the list's own minute:
 * an id that is no job of the team's (any UUID in a file) costs no more than the list itself.
 */
export const MISS_REREAD_MS = 10_000;
/** Ids whose misses are counted at most: the oldest goes first. */
const MAX_MISSES = 500;
/** The list covers the service's own window. */
export const RECENT_ACTIVITY_WINDOW_MS = 24 * 60 * 60_000;
/** A server that said it has no list is asked again after this long (it may have been upgraded). */
export const UNSUPPORTED_RETRY_MS = 30 * 60_000;
/** Pages of 100 read at most: the newest 300 jobs, whatever their kind. */
const PAGES = 3;
const TIMEOUT_MS = 8_000;

type Found = { kind: 'found'; entry: ActivityEntry } | { kind: 'unlisted' } | Extract<ActivityRead, { kind: 'failed' }> | undefined;

export type ActivityRead = { kind: 'loaded'; list: ActivityList; at: number } | { kind: 'failed'; error: unknown; at: number; unsupported: boolean };

export class RecentActivity {
  private last: ActivityRead | undefined;
  /** The last loaded list by id, built on the first lookup of that list. */
  private index: { of: ActivityRead; byId: Map<string, ActivityEntry> } | undefined;
  private inFlight: { read: Promise<ActivityRead>; at: number } | undefined;
  /** Ids looked for again in a read of their own and still not named, by how many times. */
  private readonly misses = new Map<string, number>();
  /** The reads on their way, aborted together when the team changes. */
  private readonly controllers = new Set<AbortController>();
  /** Reads started so far (each one to three requests), for the figures. */
  reads = 0;

  constructor(
    private readonly reader: () => ActivityListReader,
    private readonly clock: Clock,
  ) {}

  /** The last read when it is younger than `maxAgeMs` (a server without the list: half an hour), else undefined. */
  cached(maxAgeMs = RECENT_ACTIVITY_MS): ActivityRead | undefined {
    const last = this.last;
    if (!last) return undefined;
    const keep = last.kind === 'failed' && last.unsupported ? UNSUPPORTED_RETRY_MS : maxAgeMs;
    const now = this.clock.now();
    // Read before the clock was set back: its age says nothing, and it would pass for fresh until the clock caught up.
    return !isAhead(last.at, now) && now - last.at < keep ? last : undefined;
  }

  /** The list (or why there is none), read again only when the last read is older than `maxAgeMs`. Never rejects. */
  read(maxAgeMs = RECENT_ACTIVITY_MS): Promise<ActivityRead> {
    const cached = this.cached(maxAgeMs);
    if (cached) return Promise.resolve(cached);
    // A read on its way serves only a caller it is fresh enough for: one asked for before a job was
    // run cannot list that job.
    const inFlight = this.inFlight;
    if (inFlight && this.clock.now() - inFlight.at <= maxAgeMs) return inFlight.read;
    const at = this.clock.now();
    const read = this.load(at);
    this.inFlight = { read, at };
    return read;
  }

  /** The entry naming `id`; undefined when the list does not name it; the failed read when there is no list to look in. */
  async find(id: string): Promise<Found> {
    const key = normalizeJobId(id);
    const read = await this.read();
    const found = this.lookUp(read, key);
    const missed = this.misses.get(key) ?? 0;
    // The full step of the one backoff rule, without its jitter: a person hovering is one caller.
    const wait = backoffDelay(missed + 1, MISS_REREAD_MS, RECENT_ACTIVITY_MS, () => 1);
    if ((found && found.kind !== 'unlisted') || read.kind !== 'loaded' || this.clock.now() - read.at < wait) return this.counted(key, found);
    const again = this.lookUp(await this.read(wait), key);
    if (again?.kind === 'found') return this.counted(key, again);
    this.misses.delete(key);
    this.misses.set(key, missed + 1);
    if (this.misses.size > MAX_MISSES) this.misses.delete(this.misses.keys().next().value as string);
    return again;
  }

  /** A found id starts counting again, should it go missing (another key's list, say). */
  private counted(key: string, found: Found): Found {
    if (found?.kind === 'found') this.misses.delete(key);
    return found;
  }

  private lookUp(read: ActivityRead, key: string): Found {
    if (read.kind !== 'loaded') return read;
    if (this.index?.of !== read) this.index = { of: read, byId: byId(read.list.entries) };
    const entry = this.index.byId.get(key);
    if (entry) return { kind: 'found', entry };
    // Only the newest pages were read: a job older than them was not looked for.
    return read.list.truncated ? { kind: 'unlisted' } : undefined;
  }

  /** Forgets the list and drops a read on its way: the key or the server changed, so it is another team's. */
  clear(): void {
    for (const controller of this.controllers) controller.abort();
    this.controllers.clear();
    this.inFlight = undefined;
    this.last = undefined;
    this.misses.clear();
  }

  private async load(started: number): Promise<ActivityRead> {
    const controller = new AbortController();
    this.controllers.add(controller);
    this.reads++;
    let read: ActivityRead;
    const reader = this.reader();
    try {
      const list = await reader.listActivity({
        since: started - RECENT_ACTIVITY_WINDOW_MS,
        limit: 100,
        maxPages: PAGES,
        signal: controller.signal,
        timeoutMs: TIMEOUT_MS,
        // Someone is waiting (a hover, the wizard's page): one try; the next caller asks again.
        maxAttempts: 1,
      });
      // Its age counts from when it was asked for: nothing after that can be in it.
      read = { kind: 'loaded', list, at: started };
    } catch (error) {
      read = { kind: 'failed', error, at: started, unsupported: isListingUnsupported(error, reader.baseUrl !== undefined && !isDefaultApiUrl(reader.baseUrl)) };
    }
    // A read dropped by clear() answers its own callers but is not kept; nor is one that answers after a newer one.
    if (!this.controllers.delete(controller)) return read;
    if (this.inFlight?.at === started) this.inFlight = undefined;
    // A list stamped ahead of the clock (set back since) is older than any read now, whatever its stamp says.
    if (!this.last || this.last.at <= started || isAhead(this.last.at, this.clock.now())) this.last = read;
    return read;
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
