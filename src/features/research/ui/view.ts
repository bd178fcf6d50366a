// The Deep Research view: the tree, its badge of jobs finished while nobody looked, the context key
// behind the "no jobs" welcome, and the attention signal (window focus, view visibility) that sets
// the polling pace.
import * as vscode from 'vscode';
import { type Clock, systemClock } from '../../../shared/clock';
import type { ResearchStore } from '../model/researchStore';
import type { ResearchNode } from './treeRows';
import { HAS_JOBS_CONTEXT, VIEW_ID } from '../../../ids';
import type { ResearchTreeProvider } from './treeProvider';

export interface FocusSignal {
  readonly focused: boolean;
  readonly onDidChange: (listener: (focused: boolean) => void) => { dispose(): void };
}

/** While the view is visible, elapsed and expiry texts are brought up to date this often. */
const CLOCK_TICK_MS = 60_000;

export class ResearchView implements vscode.Disposable {
  readonly treeView: vscode.TreeView<ResearchNode>;
  private unseenFinished = 0;
  private clockTimer: { dispose(): void } | undefined;
  private readonly subscriptions: Array<{ dispose(): void }> = [];

  constructor(
    private readonly store: ResearchStore,
    private readonly tree: ResearchTreeProvider,
    private readonly focus: FocusSignal,
    private readonly clock: Clock = systemClock,
  ) {
    this.treeView = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: tree, showCollapseAll: true, canSelectMany: true });
    this.subscriptions.push(
      this.treeView,
      this.treeView.onDidChangeVisibility((e) => {
        if (e.visible) {
          this.unseenFinished = 0;
          this.updateBadge();
          tree.refreshClocks();
        }
        this.updateClockTimer();
        this.updateAttention();
      }),
      focus.onDidChange(() => this.updateAttention()),
      store.onDidFinishJob(() => {
        if (this.treeView.visible) return;
        this.unseenFinished++;
        this.updateBadge();
      }),
      store.onDidChangeJobs(() => this.updateHasJobs()),
    );
    this.updateHasJobs();
    this.updateAttention();
    this.updateClockTimer();
  }

  /** Finished jobs are not polled, so nothing else would refresh their "expires in" text. */
  private updateClockTimer(): void {
    this.clockTimer?.dispose();
    this.clockTimer = undefined;
    if (!this.treeView.visible) return;
    this.clockTimer = this.clock.schedule(CLOCK_TICK_MS, () => {
      this.clockTimer = undefined;
      this.tree.refreshClocks();
      this.updateClockTimer();
    });
  }

  get badgeCount(): number {
    return this.unseenFinished;
  }

  /** Shows the view and selects the job, e.g. from a notification. */
  async reveal(jobId: string): Promise<void> {
    if (!this.store.get(jobId)) return;
    await this.treeView.reveal(this.tree.jobNode(jobId), { select: true, focus: true, expand: true });
  }

  private updateBadge(): void {
    const n = this.unseenFinished;
    this.treeView.badge = n ? { value: n, tooltip: `${n} deep research ${n === 1 ? 'job' : 'jobs'} finished since you last looked` } : undefined;
  }

  private updateHasJobs(): void {
    void vscode.commands.executeCommand('setContext', HAS_JOBS_CONTEXT, this.store.size > 0);
  }

  private updateAttention(): void {
    this.store.setAttention({ focused: this.focus.focused, visible: this.treeView.visible });
  }

  dispose(): void {
    this.clockTimer?.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
