// Which open result documents can be rated, and how: the endpoint and job id the run's answer
// named, the page it was about, and whether the server has closed its window. Keyed by the
// document's URI as text. Pure: no `vscode`.
import type { FeedbackEndpoint } from '../../../api';
import { Emitter } from '../../../shared/events';

export interface RatableResult {
  endpoint: FeedbackEndpoint;
  jobId: string;
  /** The page the job was about (scrape, map); a signal the service counts, so "good" needs no more. */
  url?: string;
  /** The credits the run used, shown beside the rating. */
  creditsUsed?: number;
  /** Set once the server said it is too late: its window in seconds, when it said one. */
  closed?: { windowSeconds?: number };
}

export class RatableResults {
  private readonly results = new Map<string, RatableResult>();
  private readonly changed = new Emitter<string>();
  /** Fires the document key whose rating changed. */
  readonly onDidChange = this.changed.event;

  add(key: string, result: RatableResult): void {
    this.results.set(key, { ...result });
    this.changed.fire(key);
  }

  get(key: string): RatableResult | undefined {
    return this.results.get(key);
  }

  /** Whether the document can still be rated now. */
  isOpen(key: string): boolean {
    const result = this.results.get(key);
    return result !== undefined && result.closed === undefined;
  }

  /** The server refused because its window passed: this result cannot be rated any more. */
  close(key: string, windowSeconds: number | undefined): void {
    const result = this.results.get(key);
    if (!result) return;
    result.closed = windowSeconds === undefined ? {} : { windowSeconds };
    this.changed.fire(key);
  }

  /** A closed document is forgotten. */
  remove(key: string): void {
    if (this.results.delete(key)) this.changed.fire(key);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
