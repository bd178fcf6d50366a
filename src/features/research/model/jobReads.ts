// One read of a tracked job. An id whose kind is not known yet is asked as an agent job first (the
// kind that lives on), then as deep research; every request waits for its place in the budget.
import { type CallOptions, CancelledError, isFirecrawlError, type TrackedSnapshot } from '../../../api';
import type { JobKind } from './trackedJob';
import type { ResearchJobReader } from './storeOptions';

/** Waits for the request's slot; false when it should not be sent any more. */
export type Pace = (abandoned: () => boolean) => Promise<boolean>;

export async function readJob(
  client: ResearchJobReader,
  job: { id: string; kind: JobKind | undefined },
  options: CallOptions,
  pace: Pace,
): Promise<{ snapshot: TrackedSnapshot } | { error: unknown; kind?: JobKind; researchGone?: boolean }> {
  const signal = options.signal;
  const paced = async <T>(send: () => Promise<T>): Promise<T> => {
    if (!(await pace(() => signal?.aborted === true))) throw new CancelledError({ operation: 'researchJob' });
    return send();
  };
  try {
    if (job.kind === 'agent') return { snapshot: await paced(() => client.getAgentJob(job.id, options)) };
    if (job.kind === 'deepResearch') return { snapshot: await paced(() => client.getResearchJob(job.id, options)) };
  } catch (error) {
    return { error };
  }
  let asAgent: unknown;
  try {
    return { snapshot: await paced(() => client.getAgentJob(job.id, options)) };
  } catch (error) {
    const kind = isFirecrawlError(error) ? error.kind : undefined;
    if (kind !== 'notFound' && kind !== 'noRoute') return { error };
    asAgent = error;
  }
  try {
    return { snapshot: await paced(() => client.getResearchJob(job.id, options)) };
  } catch (error) {
    if (!isFirecrawlError(error) || error.kind !== 'gone') return { error };
    // A 410 answers for every id, so it says nothing of this one: after the service's own "no such
    // agent job", the id is as likely mistyped, expired or another team's as a deep research job's.
    if (isFirecrawlError(asAgent) && asAgent.kind === 'notFound' && asAgent.serviceBody) return { error: asAgent, researchGone: true };
    return { error, kind: 'deepResearch' };
  }
}
