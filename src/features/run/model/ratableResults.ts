// Which open result documents can be rated, and how: the endpoint and job id the run's answer
// named, the page it was about, whether the server has closed its window, and whether it was rated. Keyed by the
// document's URI as text. Pure: no `vscode`.
import { FEEDBACK_LIMITS, type FeedbackEndpoint, webUrlProblem } from '../../../api';
import { Emitter } from '../../../shared/events';
import { isJobId } from '../../../shared/jobIds';

export interface RatableResult {
  endpoint: FeedbackEndpoint;
  jobId: string;
  /** The page the job was about (scrape, map); a signal the service counts, so "good" needs no more. */
  url?: string;
  /** The credits the run used, shown beside the rating. */
  creditsUsed?: number;
  /** The API URL the job ran at: a server's refusal to take feedback at all says nothing of another's jobs. */
  server?: string;
  /** The team (key and server) that ran it: a team's refusal says nothing of another team's jobs. */
  team?: string;
  /** Set once the server said it is too late (its window in seconds, when it said one), or that it takes no feedback at all. */
  closed?: Closed;
  /** Set once a rating was recorded: the receipt's words. Firecrawl takes one per job; a repeat refunds nothing. */
  rated?: { receipt: string };
}

/** The first address feedback can take as its `url` (http or https, at most 2,048 characters): the service's may be neither. */
export function feedbackUrl(...candidates: ReadonlyArray<string | undefined>): string | undefined {
  return candidates.find((url): url is string => url !== undefined && url.trim().length <= FEEDBACK_LIMITS.urlMaxLength && !webUrlProblem(url));
}

/**
 * Why a result cannot be rated any more: its window passed, its server has no database to take
 * feedback, or the team that ran it may not send any (turned off for it, or a preview team).
 */
export type Closed = { windowSeconds?: number } | { noFeedback: true } | { teamRefused: 'optedOut' | 'preview' };

export class RatableResults {
  /** By document; what was rated is not theirs to hold (`receipts`). */
  private readonly results = new Map<string, Omit<RatableResult, 'rated'>>();
  /**
   * The receipt of each job rated in this window, by endpoint and job id: the one record of a rating,
   * so it outlives the document it was given in and the job shown again (a notification's Rate button)
   * is not rated twice.
   */
  private readonly receipts = new Map<string, string>();
  private readonly changed = new Emitter<string>();
  /** Fires the document key whose rating changed. */
  readonly onDidChange = this.changed.event;

  /** Only a job id of the service's shape can be rated (and shown in a CodeLens, which renders `$(icons)`). */
  add(key: string, result: RatableResult): void {
    if (!isJobId(result.jobId)) return;
    const { rated, ...rest } = result;
    if (rated) this.receipts.set(jobKey(rest), rated.receipt);
    this.results.set(key, rest);
    this.changed.fire(key);
  }

  /** The document that holds this job's result now, whatever name a Save gave it since. */
  keyOf(endpoint: string, jobId: string): string | undefined {
    for (const [key, result] of this.results) if (result.endpoint === endpoint && result.jobId === jobId) return key;
    return undefined;
  }

  get(key: string): RatableResult | undefined {
    const result = this.results.get(key);
    if (!result) return undefined;
    const receipt = this.receipts.get(jobKey(result));
    return receipt === undefined ? result : { ...result, rated: { receipt } };
  }

  /** Whether the document can still be rated now. */
  isOpen(key: string): boolean {
    const result = this.results.get(key);
    return result !== undefined && result.closed === undefined && !this.receipts.has(jobKey(result));
  }

  /** A rating of this result was recorded: rating it again would only repeat it. */
  rated(key: string, receipt: string): void {
    const result = this.results.get(key);
    if (!result) return;
    this.receipts.set(jobKey(result), receipt);
    // Taken after all (a server with a database since, a team allowed again): the lens says rated, not why it was closed.
    delete result.closed;
    this.changed.fire(key);
  }

  /** The server refused for good: this result cannot be rated any more. */
  close(key: string, closed: Closed): void {
    const result = this.results.get(key);
    // A rating recorded stays what the result says: a later "too late" for the same job (the window is
    // checked before duplicates) is about the repeat, not about a rating never given.
    if (!result || this.receipts.has(jobKey(result))) return;
    result.closed = closed;
    this.changed.fire(key);
  }

  /**
   * Feedback for a job was answered (sent from a result, the palette, or a later Send Again): every
   * open result of that job learns it.
   */
  answered(endpoint: FeedbackEndpoint, jobId: string, answer: { receipt: string } | { closed: Closed }): void {
    if ('receipt' in answer) this.receipts.set(jobKey({ endpoint, jobId }), answer.receipt);
    for (const [key, result] of this.results) {
      if (result.endpoint !== endpoint || result.jobId !== jobId) continue;
      if ('receipt' in answer) this.rated(key, answer.receipt);
      else this.close(key, answer.closed);
    }
  }

  /**
   * A server takes no feedback for any job (no database), or a team may send none: every open result
   * of a job run there (or by it) is closed. A result opened later is not: the server may have a
   * database by then, the team feedback again, and its first rating says again if not.
   */
  closeEvery(ranThere: (result: RatableResult) => boolean, closed: Closed): void {
    for (const [key, result] of this.results) if (ranThere(result) && this.isOpen(key)) this.close(key, closed);
  }

  /**
   * The team in use may send no feedback: its open results close, and those of the job it was refused
   * for, unless another team ran that one (a job id given to Submit Feedback may be any team's).
   * `team` is undefined while the window has not joined one: nothing is known to be another team's.
   */
  teamRefused(team: string | undefined, job: { endpoint: string; jobId: string }, closed: Closed): void {
    const otherTeam = (r: RatableResult) => r.team !== undefined && team !== undefined && r.team !== team;
    this.closeEvery((r) => !otherTeam(r) && ((r.endpoint === job.endpoint && r.jobId === job.jobId) || (team !== undefined && r.team === team)), closed);
  }

  /** A closed document is forgotten. */
  remove(key: string): void {
    if (this.results.delete(key)) this.changed.fire(key);
  }

  /** The document was saved under another name: its result, rated or not, goes with it. */
  move(from: string, to: string): void {
    const result = this.results.get(from);
    if (!result || from === to) return;
    this.results.delete(from);
    this.results.set(to, result);
    this.changed.fire(from);
    this.changed.fire(to);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function jobKey(job: { endpoint: string; jobId: string }): string {
  return `${job.endpoint}/${job.jobId}`;
}
