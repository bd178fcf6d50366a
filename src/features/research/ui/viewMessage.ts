// The line above the Research tree about the Deep Research shutdown: shown while a deep research job
// is tracked, stated once (it is the view's message, not a notification per poll), and gone with the
// last such job. Pure, so every case is unit-tested on any clock.
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
