// The line above the Research tree: the Deep Research shutdown (shown while a deep research job is
// tracked, stated once, gone with the last such job), and why what the jobs show may be old (offline,
// rate limited) or whose key asks. Pure, so every case is unit-tested on any clock.
import { formatAgo, formatDate } from '../../../shared/format';
import type { DeepResearchNotice } from '../model/researchStore';
import type { TrackedJob } from '../model/trackedJob';

const DAY_MS = 86_400_000;

export function shutdownMessage(jobs: readonly TrackedJob[], notice: DeepResearchNotice, now: number, locale?: string): string | undefined {
  if (!jobs.some((job) => job.kind === 'deepResearch')) return undefined;
  const date = formatDate(notice.sunsetAt, locale);
  if (notice.shutDown || now >= notice.sunsetAt) {
    return `Deep Research was shut down${notice.shutDown && now < notice.sunsetAt ? '' : ` on ${date}`}. Its jobs here keep their last results: save the ones you want to keep. New research runs as agent jobs.`;
  }
  const days = Math.ceil((notice.sunsetAt - now) / DAY_MS);
  const when = days <= 1 ? 'in less than a day' : `in ${days} days`;
  return `Deep Research shuts down on ${date} (${when}). Save results you want to keep.`;
}

/** Where the key comes from and where requests go, as far as the view's line needs them. */
export interface ConnectionFacts {
  keySource: 'stored' | 'environment' | undefined;
  /** The API URL's host, for "cannot reach …". */
  host: string;
}

/** The line's second part: why what the jobs show may be old (offline, rate limited). Undefined when all is well. */
export function connectionMessage(jobs: readonly TrackedJob[], facts: ConnectionFacts, now: number): string | undefined {
  const waiting = jobs.map((job) => job.poll).filter((poll) => poll.kind === 'retrying');
  const lastSeen = Math.max(...jobs.map((job) => job.fetchedAt ?? 0));
  const age = lastSeen > 0 ? ` (last checked ${formatAgo(lastSeen, now)})` : '';
  const parts: string[] = [];
  if (waiting.some((poll) => poll.reason === 'unreachable')) {
    parts.push(`Offline: cannot reach ${facts.host}. The jobs show what was last seen${age}; retrying.`);
  } else if (waiting.some((poll) => poll.reason === 'rateLimited')) {
    parts.push(`Rate limited by the service: the jobs show what was last seen${age}; retrying when it allows.`);
  }
  return parts.length ? parts.join(' ') : undefined;
}

/** Said only when nothing more pressing is: the view's line should stay one or two sentences. */
export function keySourceMessage(facts: ConnectionFacts): string | undefined {
  return facts.keySource === 'environment' ? 'Using FIRECRAWL_API_KEY from the environment; Set API Key keeps one in secret storage.' : undefined;
}
