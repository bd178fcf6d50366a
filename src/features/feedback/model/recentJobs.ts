// The jobs the feedback wizard offers to rate: the chosen endpoint's recent v2 jobs from the team's
// activity list, newest first. Loading starts while the person is still choosing the endpoint (one
// request with the endpoint filter, per endpoint highlighted), so the job page usually opens on a
// list that is already there. A server without the list (self-hosted, older) is remembered and not
// asked again. Pure: no `vscode`; the client and the clock are injected.
import type { ActivityList, ActivityQuery, FeedbackEndpoint } from '../../../api';
import type { Clock } from '../../../shared/clock';
import { type Disposable, Emitter, type Event } from '../../../shared/events';
import { parseTime } from '../../../shared/format';
import { isJobId, normalizeJobId } from '../../../shared/jobIds';
import { isListingUnsupported } from '../../../host/errorText';

export interface RecentFeedbackJob {
  id: string;
  /** When it ran (epoch ms), or undefined when the service sent no readable time. */
  ranAt: number | undefined;
  /** The URL or query it ran on: untrusted text. */
  target: string | undefined;
}

export type RecentJobsState =
  | { kind: 'loading' }
  | { kind: 'loaded'; jobs: readonly RecentFeedbackJob[]; at: number }
  | { kind: 'unavailable'; error: unknown; at: number };

export interface ActivityReader {
  listActivity(query: ActivityQuery): Promise<ActivityList>;
}

/** What the activity route is asked for each endpoint; parse has no filter of its own. */
export function activityFilter(endpoint: FeedbackEndpoint): string | undefined {
  return endpoint === 'parse' ? undefined : endpoint;
}

/** Entries asked for: the jobs still inside the window and the newest few past it. */
export const RECENT_FEEDBACK_LIMIT = 25;
/** A list younger than this is shown as it is when the job page opens again. */
export const RECENT_FRESH_MS = 15_000;
/** A request that takes longer than this is abandoned: the paste box is always there instead. */
export const RECENT_TIMEOUT_MS = 8_000;
/** A server that said it has no list is asked again after this long (it may have been upgraded). */
export const UNSUPPORTED_RETRY_MS = 30 * 60_000;

export interface RecentFeedbackJobsOptions {
  /** Read at each request, so a key or URL change applies. */
  reader: () => ActivityReader;
  clock: Clock;
  /** Servers known not to list activity, with what they answered and when (shared by every wizard of the window). */
  unsupported: Map<string, { error: unknown; at: number }>;
  /** The current API URL: the key of `unsupported`. */
  server: () => string;
}

/**
 * One wizard's lists, per endpoint. `state` is undefined until `prefetch` was asked for it. Jobs
 * are kept only when the activity list names them as the endpoint's own v2 jobs with a valid id.
 */
export class RecentFeedbackJobs implements Disposable {
  private readonly states = new Map<FeedbackEndpoint, RecentJobsState>();
  private readonly requests = new Map<FeedbackEndpoint, AbortController>();
  private readonly changed = new Emitter<FeedbackEndpoint>();
  private disposed = false;
  /** The list of an endpoint changed state (loading, loaded, unavailable). */
  readonly onDidChange: Event<FeedbackEndpoint> = this.changed.event;

  constructor(private readonly options: RecentFeedbackJobsOptions) {}

  state(endpoint: FeedbackEndpoint): RecentJobsState | undefined {
    const known = this.unsupported();
    if (known && !this.states.has(endpoint)) return { kind: 'unavailable', error: known.error, at: known.at };
    return this.states.get(endpoint);
  }

  /** What the current server said when it last answered that it has no list, while that still holds. */
  private unsupported(): { error: unknown; at: number } | undefined {
    const server = this.options.server();
    const known = this.options.unsupported.get(server);
    if (known && this.options.clock.now() - known.at >= UNSUPPORTED_RETRY_MS) this.options.unsupported.delete(server);
    return this.options.unsupported.get(server);
  }

  /** Starts loading the endpoint's list unless it is loading or fresh already. */
  prefetch(endpoint: FeedbackEndpoint): void {
    if (this.disposed || this.unsupported()) return;
    if (this.requests.has(endpoint)) return;
    const current = this.states.get(endpoint);
    if (current && current.kind !== 'loading' && this.options.clock.now() - current.at < RECENT_FRESH_MS) return;
    void this.load(endpoint);
  }

  private async load(endpoint: FeedbackEndpoint): Promise<void> {
    const controller = new AbortController();
    this.requests.set(endpoint, controller);
    const previous = this.states.get(endpoint);
    // A list on screen stays while a newer one loads.
    if (previous?.kind !== 'loaded') this.set(endpoint, { kind: 'loading' });
    const server = this.options.server();
    const filter = activityFilter(endpoint);
    let next: RecentJobsState;
    try {
      const list = await this.options.reader().listActivity({
        ...(filter ? { endpoint: filter } : {}),
        limit: RECENT_FEEDBACK_LIMIT,
        signal: controller.signal,
        timeoutMs: RECENT_TIMEOUT_MS,
        // The wizard is waiting: one try, and the paste box if it fails.
        maxAttempts: 1,
      });
      next = { kind: 'loaded', jobs: feedbackJobs(list, endpoint), at: this.options.clock.now() };
    } catch (error) {
      if (isListingUnsupported(error)) this.options.unsupported.set(server, { error, at: this.options.clock.now() });
      next = { kind: 'unavailable', error, at: this.options.clock.now() };
    }
    if (this.requests.get(endpoint) !== controller || this.disposed) return;
    this.requests.delete(endpoint);
    this.set(endpoint, next);
  }

  private set(endpoint: FeedbackEndpoint, state: RecentJobsState): void {
    this.states.set(endpoint, state);
    this.changed.fire(endpoint);
  }

  dispose(): void {
    this.disposed = true;
    for (const controller of this.requests.values()) controller.abort();
    this.requests.clear();
    this.changed.dispose();
  }
}

/** The endpoint's v2 jobs with valid ids, newest first (undated ones last), each once. */
export function feedbackJobs(list: ActivityList, endpoint: FeedbackEndpoint): RecentFeedbackJob[] {
  const seen = new Set<string>();
  const jobs: RecentFeedbackJob[] = [];
  for (const entry of list.entries) {
    if (entry.endpoint !== endpoint || entry.apiVersion === 'v1' || !isJobId(entry.id)) continue;
    const id = normalizeJobId(entry.id);
    if (seen.has(id)) continue;
    seen.add(id);
    jobs.push({ id, ranAt: parseTime(entry.createdAt), target: entry.target ?? undefined });
  }
  return jobs.sort((a, b) => (a.ranAt === undefined ? (b.ranAt === undefined ? 0 : 1) : b.ranAt === undefined ? -1 : b.ranAt - a.ranAt));
}
