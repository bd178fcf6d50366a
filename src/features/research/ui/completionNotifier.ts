// Tells the user when a watched job finishes: one notification per burst (jobs finishing in the
// same moment share one), plain text only, and "Don't Show Again" turns the setting off everywhere.
// The words load with the research actions bundle when the first job finishes.
import type * as vscode from 'vscode';
import type { ResearchStore } from '../model/researchStore';
import type { TrackedJob } from '../model/trackedJob';
import type { Clock } from '../../../shared/clock';
import { type Disposable, Emitter, type Event } from '../../../shared/events';

const GATHER_MS = 400;

export interface NotifierActions {
  openAnalysis(jobId: string): Thenable<unknown> | Promise<unknown>;
  revealJob(jobId: string): Thenable<unknown> | Promise<unknown>;
  /** An agent run's JSON result, for a run whose result is data rather than text. */
  openJson(jobId: string): Thenable<unknown> | Promise<unknown>;
  /** The prompt or query the team's recent lists name for a job the service gives no title (an agent run). */
  recentTitle?(jobId: string): string | undefined;
}

export class CompletionNotifier implements vscode.Disposable {
  private batch: TrackedJob[] = [];
  private timer: Disposable | undefined;
  private readonly subscription: { dispose(): void };
  private readonly decided = new Emitter<{ jobId: string; announced: boolean }>();
  /**
   * Each finished job as the notifier decides on it: announced (gathered into the next notification)
   * or not (the setting is off, or another window says it). Tests wait on it rather than on time.
   */
  readonly onDidDecide: Event<{ jobId: string; announced: boolean }> = this.decided.event;

  constructor(
    private readonly store: Pick<ResearchStore, 'onDidFinishJob' | 'get'>,
    private readonly clock: Clock,
    private readonly actions: NotifierActions,
    /** Shows the notification (the on-demand bundle's showCompletion). */
    private readonly show: (jobs: readonly TrackedJob[], actions: NotifierActions) => Promise<void>,
    /** With several windows open, one of them says it: the focused one, else the one that polls. */
    private readonly shouldNotify: () => boolean = () => true,
    /** `firecrawl.research.notifyOnCompletion`. */
    private readonly enabled: () => boolean = () => true,
  ) {
    this.subscription = store.onDidFinishJob((job) => this.onFinished(job));
  }

  private onFinished(job: TrackedJob): void {
    const announced = this.enabled() && this.shouldNotify();
    if (announced) {
      this.batch.push(job);
      this.timer ??= this.clock.schedule(GATHER_MS, () => {
        this.timer = undefined;
        // A job untracked (or tracked again) while the burst gathered is no longer news to give.
        const jobs = this.batch.splice(0).filter((job) => this.store.get(job.id) === job);
        if (jobs.length) void this.show(jobs, this.actions);
      });
    }
    this.decided.fire({ jobId: job.id, announced });
  }

  dispose(): void {
    this.timer?.dispose();
    this.subscription.dispose();
    this.decided.dispose();
  }
}
