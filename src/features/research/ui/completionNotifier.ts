// Tells the user when a watched job finishes: one notification per burst (jobs finishing in the
// same moment share one), plain text only, and "Don't Show Again" turns the setting off everywhere.
import * as vscode from 'vscode';
import { formatExact } from '../../../shared/format';
import { shortJobId } from '../../../shared/jobIds';
import type { ResearchStore } from '../model/researchStore';
import type { TrackedJob } from '../model/trackedJob';
import { jobTitle } from './treeRows';
import { plainText } from '../../../shared/text';
import { resultMarkdown } from '../model/jobFacts';
import { researchSettings } from '../../../host/settings';
import type { Clock } from '../../../shared/clock';
import type { Disposable } from '../../../shared/events';

const DONT_SHOW = "Don't Show Again";
const GATHER_MS = 400;

export interface NotifierActions {
  openAnalysis(jobId: string): Thenable<unknown> | Promise<unknown>;
  revealJob(jobId: string): Thenable<unknown> | Promise<unknown>;
}

export class CompletionNotifier implements vscode.Disposable {
  private batch: TrackedJob[] = [];
  private timer: Disposable | undefined;
  private readonly subscription: { dispose(): void };

  constructor(
    store: ResearchStore,
    private readonly clock: Clock,
    private readonly actions: NotifierActions,
    /** With several windows open, one of them says it: the focused one, else the one that polls. */
    private readonly shouldNotify: () => boolean = () => true,
  ) {
    this.subscription = store.onDidFinishJob((job) => this.onFinished(job));
  }

  private enabled(): boolean {
    return researchSettings.notifyOnCompletion();
  }

  private onFinished(job: TrackedJob): void {
    if (!this.enabled() || !this.shouldNotify()) return;
    this.batch.push(job);
    this.timer ??= this.clock.schedule(GATHER_MS, () => {
      this.timer = undefined;
      const jobs = this.batch.splice(0);
      void this.show(jobs);
    });
  }

  private async show(jobs: TrackedJob[]): Promise<void> {
    const first = jobs[0];
    if (!first) return;
    let choice: string | undefined;
    if (jobs.length === 1) {
      const name = plainText(jobTitle(first) ?? `job ${shortJobId(first.id)}`, 120);
      const kind = first.kind === 'agent' ? 'Agent job' : 'Deep research';
      const hasDocument = Boolean(resultMarkdown(first.snapshot));
      if (first.snapshot?.status === 'completed' && hasDocument) {
        const open = first.kind === 'agent' ? 'Open Result' : 'Open Analysis';
        choice = await vscode.window.showInformationMessage(`${kind} completed: ${name}`, open, DONT_SHOW);
        if (choice === open) await this.actions.openAnalysis(first.id);
      } else if (first.snapshot?.status === 'completed') {
        choice = await vscode.window.showInformationMessage(`${kind} completed: ${name}`, 'Show Job', DONT_SHOW);
        if (choice === 'Show Job') await this.actions.revealJob(first.id);
      } else {
        const why = first.snapshot?.error ? `: ${plainText(first.snapshot.error, 200)}` : '';
        // The status is the service's word (unknown ones are kept), so it is plain text like the rest.
        const status = plainText(first.snapshot?.status ?? 'finished', 40);
        choice = await vscode.window.showWarningMessage(`${kind} ${status} (${name})${why}`, 'Show Job', DONT_SHOW);
        if (choice === 'Show Job') await this.actions.revealJob(first.id);
      }
    } else {
      const completed = jobs.filter((j) => j.snapshot?.status === 'completed').length;
      const agents = jobs.filter((j) => j.kind === 'agent').length;
      // Counts after colons: no plural to agree with, in any language.
      const message = vscode.l10n.t(
        'Research jobs finished: {0} completed, {1} failed or cancelled (agent jobs: {2}, deep research: {3}).',
        formatExact(completed), formatExact(jobs.length - completed), formatExact(agents), formatExact(jobs.length - agents),
      );
      choice = await vscode.window.showInformationMessage(message, 'Show Jobs', DONT_SHOW);
      if (choice === 'Show Jobs') await this.actions.revealJob(first.id);
    }
    if (choice === DONT_SHOW) {
      await researchSettings.stopNotifying();
    }
  }

  dispose(): void {
    this.timer?.dispose();
    this.subscription.dispose();
  }
}
