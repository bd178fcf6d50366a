// The jobs the feedback wizard offers to rate: the chosen endpoint's recent v2 jobs, filtered from the
// team's activity list the window shares (with the job-id hover and the Recent group). Loading starts
// while the person is still choosing the endpoint, so the job page usually opens on a list that is
// already there. Each wizard reads the list once when it opens (a job run just before, in a script or
// here, must be in it: a hover's read a few seconds old may predate it); after that, one read serves
// every endpoint for 15 s. Pure: no `vscode`; the shared list is injected.
import type { ActivityList, FeedbackEndpoint } from '../../../api';
import type { ActivityRead } from '../../activity';
import { type Disposable, Emitter, type Event } from '../../../shared/events';
import { parseTime } from '../../../shared/format';
import { isJobId, normalizeJobId } from '../../../shared/jobIds';

export interface RecentFeedbackJob {
  id: string;
  /** When it ran (epoch ms), or undefined when the service sent no readable time. */
  ranAt: number | undefined;
  /** The URL or query it ran on: untrusted text. */
  target: string | undefined;
}

export type RecentJobsState = { kind: 'loading' } | { kind: 'loaded'; jobs: readonly RecentFeedbackJob[]; at: number } | { kind: 'unavailable'; error: unknown; at: number };

/** The window's shared recent-activity list (features/activity). */
export interface ActivitySource {
  cached(maxAgeMs: number): ActivityRead | undefined;
  read(maxAgeMs: number): Promise<ActivityRead>;
}

/** Jobs offered at most: the jobs still inside the window and the newest few past it. */
export const RECENT_FEEDBACK_LIMIT = 25;
/** A list younger than this is shown as it is; an older one is read again behind what is shown. */
export const RECENT_FRESH_MS = 15_000;

/**
 * One wizard's lists, per endpoint. `state` is undefined until `prefetch` was asked for it. Jobs
 * are kept only when the activity list names them as the endpoint's own v2 jobs with a valid id.
 */
export class RecentFeedbackJobs implements Disposable {
  private readonly states = new Map<FeedbackEndpoint, RecentJobsState>();
  private readonly loading = new Set<FeedbackEndpoint>();
  private readonly changed = new Emitter<FeedbackEndpoint>();
  private disposed = false;
  /** Whether this wizard has read the list yet: its first read is a new one. */
  private read = false;
  /** That first read while it is out: every endpoint waits for it, rather than taking the older list cached. */
  private first: Promise<ActivityRead> | undefined;
  /** The list of an endpoint changed state (loading, loaded, unavailable). */
  readonly onDidChange: Event<FeedbackEndpoint> = this.changed.event;

  constructor(private readonly activity: ActivitySource) {}

  state(endpoint: FeedbackEndpoint): RecentJobsState | undefined {
    const own = this.states.get(endpoint);
    if (own) return own;
    // A server known to have no list is said at once, before anything was asked for.
    const known = this.activity.cached(0);
    return known?.kind === 'failed' && known.unsupported ? { kind: 'unavailable', error: known.error, at: known.at } : undefined;
  }

  /** When a job of the endpoint's loaded list ran, if the list has it and a time for it. */
  ranAt(endpoint: FeedbackEndpoint, id: string): number | undefined {
    const state = this.states.get(endpoint);
    return state?.kind === 'loaded' ? state.jobs.find((job) => job.id === normalizeJobId(id))?.ranAt : undefined;
  }

  /** Starts loading the endpoint's list unless it is loading or fresh already. */
  prefetch(endpoint: FeedbackEndpoint): void {
    if (this.disposed || this.loading.has(endpoint)) return;
    const cached = this.read && !this.first ? this.activity.cached(RECENT_FRESH_MS) : undefined;
    const current = this.states.get(endpoint);
    if (cached && current && current.kind !== 'loading' && current.at === cached.at) return;
    if (cached) return this.set(endpoint, stateOf(cached, endpoint));
    void this.load(endpoint);
  }

  private async load(endpoint: FeedbackEndpoint): Promise<void> {
    this.loading.add(endpoint);
    // A list on screen stays while a newer one loads.
    if (this.states.get(endpoint)?.kind !== 'loaded') this.set(endpoint, { kind: 'loading' });
    const list = await this.readList();
    this.loading.delete(endpoint);
    if (!this.disposed) this.set(endpoint, stateOf(list, endpoint));
  }

  private readList(): Promise<ActivityRead> {
    if (this.first) return this.first;
    if (this.read) return this.activity.read(RECENT_FRESH_MS);
    this.read = true;
    const first = this.activity.read(0).finally(() => {
      if (this.first === first) this.first = undefined;
    });
    this.first = first;
    return first;
  }

  private set(endpoint: FeedbackEndpoint, state: RecentJobsState): void {
    this.states.set(endpoint, state);
    this.changed.fire(endpoint);
  }

  dispose(): void {
    this.disposed = true;
    this.changed.dispose();
  }
}

function stateOf(read: ActivityRead, endpoint: FeedbackEndpoint): RecentJobsState {
  return read.kind === 'loaded' ? { kind: 'loaded', jobs: feedbackJobs(read.list, endpoint), at: read.at } : { kind: 'unavailable', error: read.error, at: read.at };
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
  return jobs.sort((a, b) => (a.ranAt === undefined ? (b.ranAt === undefined ? 0 : 1) : b.ranAt === undefined ? -1 : b.ranAt - a.ranAt)).slice(0, RECENT_FEEDBACK_LIMIT);
}
