// Tracking ids typed or pasted: the first answer for each new id says its kind, and an id found as no
// job this editor can follow is dropped again. Pure: no `vscode`.
import { isFirecrawlError } from '../../../api';
import { normalizeJobId } from '../../../shared/jobIds';
import type { ResearchStore, TrackResult } from './researchStore';

export interface TrackOutcome extends TrackResult {
  /** Added, then dropped: found neither as an agent job nor as a deep research job. */
  notFound: string[];
  /** Of `notFound`, those whose deep research read answered 410: not an agent job, and no deep research job can be read any more. */
  notFoundResearchGone: string[];
  /** Added, then dropped: deep research ids after the Deep Research API was shut down. */
  shutDown: string[];
  /** Added, then dropped: not agent jobs, and the server has no deep research route any more. */
  unrouted: string[];
  /** Added, then dropped under `dropUnanswered`: no answer said what the id is (no key, a refused key, offline), with why. */
  unanswered: Array<{ id: string; error: unknown }>;
}

export interface TrackCheckedOptions {
  /**
   * Drop an id whose first answer says nothing of it, whatever the reason (Look Up: a question about an
   * id that may be no job at all, not a wish to follow it until an answer comes).
   */
  dropUnanswered?: boolean;
  /** When a run began, where the team's recent activity says: a status answer never does. */
  ranAt?(id: string): number | undefined;
}

/**
 * Tracks `ids` and waits for each new one's first answer. `tracked` hears what the store did at once
 * (to reveal a row before the answers are in). Room is made only for what was found (or could not be
 * asked yet): a mistyped id costs no finished job, is not counted as tracked, and a place it took
 * beside running jobs goes to the ids it kept out.
 */
export async function trackChecked(store: ResearchStore, ids: readonly string[], tracked?: (result: TrackResult) => Promise<void>, options: TrackCheckedOptions = {}): Promise<TrackOutcome> {
  // Right after start the window may not know its key's team yet: the job is that team's.
  await store.listKnown;
  const track = (ids: readonly string[]) => store.track(ids, undefined, options.ranAt ? ids.map((id) => ({ id, ranAt: options.ranAt?.(normalizeJobId(id)) })) : []);
  const result = track(ids);
  // Tracking again a job that stopped (expired, refused, time limit) is a request to look again.
  for (const id of result.existing) if (store.get(id)?.poll.kind === 'stopped') void store.refresh(id);
  // The first answer for each new id, shared with the poll the store starts for it anyway: asked for
  // before anything is awaited, or that poll may be over and the id asked about twice.
  const firstAnswers = (ids: readonly string[]) => Promise.all(ids.map((id) => store.refresh(id)));
  let answers = firstAnswers(result.added);
  await tracked?.(result);
  const outcome: TrackOutcome = { ...result, added: [], notFound: [], notFoundResearchGone: [], shutDown: [], unrouted: [], unanswered: [] };
  for (let round = result; ;) {
    const dropped = dropUnfollowable(store, await answers, outcome, options);
    outcome.added.push(...round.added.filter((id) => store.get(id) !== undefined));
    outcome.refused = round.refused;
    if (!dropped || !round.refused.length) break;
    round = track(round.refused);
    if (!round.added.length) break;
    answers = firstAnswers(round.added);
  }
  outcome.evicted = [...result.evicted, ...store.makeRoom(outcome.added)];
  return outcome;
}

/** Untracks the ids whose first answer says they are no job this editor can follow; returns how many. */
function dropUnfollowable(store: ResearchStore, answers: ReadonlyArray<Awaited<ReturnType<ResearchStore['refresh']>>>, outcome: TrackOutcome, options: TrackCheckedOptions): number {
  let dropped = 0;
  for (const { job, researchGone } of answers) {
    if (!job || job.snapshot) continue;
    const { poll } = job;
    const unanswered = options.dropUnanswered && job.kind === undefined && (poll.kind === 'stopped' || poll.kind === 'retrying');
    if (poll.kind !== 'stopped' && !unanswered) continue;
    const reason = poll.kind === 'stopped' ? poll.reason : undefined;
    const error = poll.kind === 'stopped' || poll.kind === 'retrying' ? poll.error : undefined;
    if (reason === 'notFound' && job.kind === undefined) {
      outcome.notFound.push(job.id);
      if (researchGone) outcome.notFoundResearchGone.push(job.id);
    } else if (reason === 'gone') outcome.shutDown.push(job.id);
    else if (reason === 'rejected' && job.kind === undefined && isFirecrawlError(error) && error.kind === 'noRoute' && error.operation === 'researchJob') outcome.unrouted.push(job.id);
    else if (unanswered) outcome.unanswered.push({ id: job.id, error });
    else continue;
    store.untrack(job.id);
    dropped++;
  }
  return dropped;
}
