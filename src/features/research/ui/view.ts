// The Research view: the tree, its badge of jobs finished while nobody looked, the Deep Research
// shutdown message, the context key behind the "no jobs" welcome, and whether it is visible (which,
// with the other windows' word, sets the polling pace).
import * as vscode from 'vscode';
import type { Clock } from '../../../shared/clock';
import { DisposableBase } from '../../../shared/events';
import type { ResearchStore } from '../model/researchStore';
import type { ResearchTreeNode } from './rowTypes';
import { CONTEXT, VIEWS } from '../../../ids';
import { contextKey } from '../../../host/contextKey';
import { formatExact, plural } from '../../../shared/format';
import type { ResearchTreeProvider } from './treeProvider';
import type { ConnectionFacts } from './viewMessage';

/** While the view is visible, elapsed and expiry texts are brought up to date this often. */
const CLOCK_TICK_MS = 60_000;
/** …and this often while a job runs, whose elapsed time counts seconds. */
const RUNNING_CLOCK_TICK_MS = 10_000;

export class ResearchView extends DisposableBase {
  readonly treeView: vscode.TreeView<ResearchTreeNode>;
  /** Jobs finished while the view was hidden, still tracked: what the badge counts. */
  private readonly unseenFinished = new Set<string>();
  /** Rows to open after the render that asked for it, and the one timer that opens them. */
  private readonly toOpen: ResearchTreeNode[] = [];
  private openTimer: { dispose(): void } | undefined;
  /** The "no jobs" welcome's context key. */
  private readonly setEmpty = contextKey(CONTEXT.researchEmpty, false);
  private clockTimer: { dispose(): void } | undefined;

  constructor(
    private readonly store: ResearchStore,
    private readonly tree: ResearchTreeProvider,
    private readonly visibility: { setResearchVisible(visible: boolean): void },
    private readonly clock: Clock,
    private readonly connection: () => ConnectionFacts,
  ) {
    super();
    this.treeView = vscode.window.createTreeView(VIEWS.research, { treeDataProvider: tree, showCollapseAll: true, canSelectMany: true });
    this._register(
      this.treeView,
      this.treeView.onDidChangeVisibility((e) => {
        if (e.visible) {
          this.unseenFinished.clear();
          this.updateBadge();
          tree.refreshClocks();
          this.updateMessage();
        }
        this.updateClockTimer();
        this.updateAttention();
      }),
      this.treeView.onDidExpandElement((e) => tree.noteExpansion(e.element, true)),
      // After the render that asked for it: revealing from inside getTreeItem would re-enter the tree.
      tree.onDidAskToOpen((node) => {
        this.toOpen.push(node);
        this.openTimer ??= this.clock.schedule(0, () => {
          this.openTimer = undefined;
          for (const open of this.toOpen.splice(0)) {
            if (this.treeView.visible) void this.treeView.reveal(open, { expand: true, select: false, focus: false }).then(undefined, () => undefined);
          }
        });
      }),
      this.treeView.onDidCollapseElement((e) => tree.noteExpansion(e.element, false)),
      store.onDidFinishJob((job) => {
        if (this.treeView.visible) return;
        this.unseenFinished.add(job.id);
        this.updateBadge();
      }),
      store.onDidChangeJobs(() => {
        // A job untracked or cleared meanwhile is no longer waiting to be seen.
        const before = this.unseenFinished.size;
        for (const id of this.unseenFinished) if (!this.store.get(id)) this.unseenFinished.delete(id);
        if (this.unseenFinished.size !== before) this.updateBadge();
        this.updateEmpty();
        this.updateMessage();
      }),
      store.onDidChangeJob(() => this.updateMessage()),
      store.onDidChangeNotice(() => {
        // A 410 before the announced date moves every deep research row's "expires in" to now.
        tree.refreshClocks();
        this.updateMessage();
      }),
    );
    this.updateEmpty();
    // After activation: the first date formatted in a process loads the locale's data (milliseconds).
    this._register(this.clock.schedule(0, () => this.updateMessage()));
    this.updateAttention();
    this.updateClockTimer();
  }

  /** Finished jobs are not polled, so nothing else would refresh their "expires in" text. */
  private updateClockTimer(): void {
    this.clockTimer?.dispose();
    this.clockTimer = undefined;
    if (!this.treeView.visible) return;
    const running = this.store.jobs.some((job) => job.poll.kind === 'polling' || job.poll.kind === 'retrying');
    this.clockTimer = this.clock.schedule(running ? RUNNING_CLOCK_TICK_MS : CLOCK_TICK_MS, () => {
      this.clockTimer = undefined;
      this.tree.refreshClocks();
      this.updateMessage();
      this.updateClockTimer();
    });
  }

  get badgeCount(): number {
    return this.unseenFinished.size;
  }

  /** Shows the view and selects the job, e.g. from a notification. */
  async reveal(jobId: string): Promise<void> {
    if (!this.store.get(jobId)) return;
    this.tree.openAsItFills(jobId);
    await this.treeView.reveal(this.tree.jobNode(jobId), { select: true, focus: true, expand: true });
  }

  private updateBadge(): void {
    const n = this.unseenFinished.size;
    if (!n) {
      this.treeView.badge = undefined;
      return;
    }
    const count = formatExact(n);
    const tooltip = plural(n, vscode.l10n.t('{0} research job finished since you last looked', count), vscode.l10n.t('{0} research jobs finished since you last looked', count));
    this.treeView.badge = { value: n, tooltip };
  }

  /** Only a visible view shows it; becoming visible brings it up to date. */
  updateMessage(): void {
    if (!this.treeView.visible) return;
    const rows = this.tree.rowsNow();
    if (!rows) {
      void this.tree.loadRows().then(() => this.updateMessage());
      return;
    }
    const { connectionMessage, hiddenJobsMessage, keySourceMessage, shutdownMessage } = rows;
    const now = this.clock.now();
    // A message hides the welcome content, which is what an empty view should show instead, unless
    // this key's list is empty because the jobs were tracked with another key.
    const parts = (
      this.store.size === 0
        ? [hiddenJobsMessage(this.store.hiddenJobs)]
        : [
            shutdownMessage(this.store.jobs, this.store.deepResearchNotice, now, vscode.env.language),
            connectionMessage(this.store.jobs, this.connection(), now),
            hiddenJobsMessage(this.store.hiddenJobs),
          ]
    ).filter((part): part is string => part !== undefined);
    const message = parts.length ? parts.join(' ') : this.store.size ? keySourceMessage(this.connection()) : undefined;
    if (this.treeView.message !== message) this.treeView.message = message;
  }

  private updateEmpty(): void {
    // Unset reads as "not empty": no "no jobs" welcome until the window has read its team's saved
    // list (a team just joined lists nothing yet), and no message to the workbench at start or on
    // the polls that change nothing here.
    this.setEmpty(this.store.size === 0 && this.store.teamId !== undefined && this.store.listRead);
  }

  private updateAttention(): void {
    this.visibility.setResearchVisible(this.treeView.visible);
  }

  override dispose(): void {
    this.clockTimer?.dispose();
    this.openTimer?.dispose();
    super.dispose();
  }
}
