// What the feedback wizard is opened with for a result: endpoint and job id chosen, and the page the
// job was about as the feedback's `url` (a signal the service counts, so rating "good" needs nothing
// more). Pure: no `vscode`.
import type { RatableResult } from './ratableResults';

/** The arguments of the feedback command (features/feedback reads exactly these). */
export interface RatingStart {
  endpoint: RatableResult['endpoint'];
  jobId: string;
  url?: string;
  /** Start on the rating page: endpoint and job are not asked. */
  rateResult: true;
}

export function ratingStart(result: RatableResult): RatingStart {
  return {
    endpoint: result.endpoint,
    jobId: result.jobId,
    // Search feedback is about the results, not one page: its signals are asked for.
    ...(result.url && result.endpoint !== 'search' ? { url: result.url } : {}),
    rateResult: true,
  };
}
