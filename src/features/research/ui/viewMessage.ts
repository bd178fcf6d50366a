// The line above the Research tree: about the Deep Research shutdown (shown while a deep research job
// is tracked, stated once: it is the view's message, not a notification per poll, and gone with the
// last such job), and about jobs tracked with another API key or server, which this window neither
// shows nor polls. Pure, so every case is unit-tested on any clock.
import { formatDate } from '../../../shared/format';
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

/** Jobs are listed per team (one API key on one server): the others stay saved for when that key is back. */
export function hiddenJobsMessage(hidden: number): string | undefined {
  if (hidden <= 0) return undefined;
  const n = hidden.toLocaleString('en-US');
  return `${hidden === 1 ? '1 job' : `${n} jobs`} tracked with another API key or server ${hidden === 1 ? 'is' : 'are'} not shown here: ${hidden === 1 ? 'it shows' : 'they show'} again with that key and server, or run "Follow Jobs of Another API Key" if both keys belong to one team.`;
}

/** The view's message: each part that applies, in one line. */
export function viewMessage(parts: ReadonlyArray<string | undefined>): string | undefined {
  const present = parts.filter((p): p is string => !!p);
  return present.length ? present.join(' ') : undefined;
}
