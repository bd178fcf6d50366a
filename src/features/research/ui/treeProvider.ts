// Renders the research store as a tree. Job and group nodes are kept as stable objects (VS Code
// matches refreshed elements by identity, and their ids keep what the user expanded). The store says
// when a job changed (its revision moved, announced by onDidChangeJob); only that job's row is
// refreshed. Children are described on demand when expanded, tooltips when hovered.
import * as vscode from 'vscode';
import type { ErrorContext } from '../../../host/errorText';
import { DisposableBase, type Event } from '../../../shared/events';
import type { RecentRun, RecentRunsState } from '../model/recentRuns';
import { readableUntilShutdown, type ResearchStore } from '../model/researchStore';
import type { TrackedJob } from '../model/trackedJob';
import { untrackedRuns } from '../model/recentRuns';
import { isRecentNode, type RecentNode, type ResearchTreeNode } from './rowTypes';
import type { ResearchRows } from './rowsBundle';
import type { GroupKind, ItemDescriptor, ResearchNode } from './treeRows';

type JobNode = Extract<ResearchNode, { kind: 'job' }>;
type GroupNode = Extract<ResearchNode, { kind: 'group' }>;
type RecentRunNode = Extract<RecentNode, { kind: 'recentRun' }>;

/** The runs of the last 24 hours the Recent group shows (model/recentRuns.ts), and whether it is on. */
export interface RecentSource {
  readonly state: RecentRunsState;
  readonly runs: readonly RecentRun[];
  readonly onDidChange: Event<void>;
  /** `firecrawl.research.showRecent`. */
  shown(): boolean;
}

export class ResearchTreeProvider extends DisposableBase implements vscode.TreeDataProvider<ResearchTreeNode> {
  private readonly changed = this._register(new vscode.EventEmitter<ResearchTreeNode | ResearchTreeNode[] | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly jobNodes = new Map<string, JobNode>();
  private readonly groupNodes = new Map<string, GroupNode>();
  private readonly recentGroup: RecentNode = { kind: 'recent' };
  private readonly recentRunNodes = new Map<string, RecentRunNode>();
  /** Each shown job row's description, which also moves with the clock (elapsed, expiry). */
  private readonly shownDescriptions = new Map<string, string>();
  /**
   * Rows that open by themselves once they have children: groups shown while still empty, and a job
   * the person just tracked with its groups (nobody watching a new job should have to expand each by
   * hand). A refresh re-applies the state it is given, so every render says the same until the
   * person expands or collapses the row; from then on their choice is what every render says.
   */
  private readonly openWhenFilled = new Set<string>();
  private readonly chosen = new Map<string, boolean>();
  /** Rows already asked to open: the state given in an item alone is not applied to a row VS Code already knows. */
  private readonly opening = new Set<string>();
  private readonly autoOpen = this._register(new vscode.EventEmitter<ResearchNode>());
  /** A row should open now (the view expands it, which the state in a refreshed item alone does not). */
  readonly onDidAskToOpen = this.autoOpen.event;

  /** The rows' words and shapes, once their bundle has loaded (see rowsBundle.ts). */
  private rows: ResearchRows | undefined;
  private rowsLoading: Promise<ResearchRows> | undefined;

  constructor(
    private readonly store: ResearchStore,
    /** Loads the rows bundle (an on-demand bundle in the extension; the module itself in tests). */
    private readonly loadRowsBundle: () => Promise<ResearchRows>,
    private readonly now: () => number = Date.now,
    private readonly recent?: RecentSource,
    /** Where requests go, for the words of a job's or the Recent group's error. */
    private readonly errors: () => ErrorContext = () => ({}),
  ) {
    super();
    this._register(
      store.onDidChangeJobs(() => this.onListChanged()),
      store.onDidChangeJob((job) => this.onJobChanged(job)),
    );
    if (recent) this._register(recent.onDidChange(() => this.changed.fire(undefined)));
  }

  /** The rows bundle, loaded once; what VS Code asked for meanwhile is answered when it is here. */
  loadRows(): Promise<ResearchRows> {
    this.rowsLoading ??= this.loadRowsBundle().then((rows) => (this.rows = rows));
    // A failed load (a file missing after an update, say) is tried again next time.
    this.rowsLoading.catch(() => (this.rowsLoading = undefined));
    return this.rowsLoading;
  }

  /** The rows bundle if it has loaded. */
  rowsNow(): ResearchRows | undefined {
    return this.rows;
  }

  private get loadedRows(): ResearchRows {
    if (!this.rows) throw new Error('the Research view rows have not loaded yet (await loadRows())');
    return this.rows;
  }

  /** The runs the Recent group lists now: not tracked, newest first; none while the group is off. */
  recentRuns(): RecentRun[] {
    if (!this.recent?.shown()) return [];
    return untrackedRuns(this.recent.runs, (id) => this.store.get(id) !== undefined);
  }

  /** The setting that shows the group changed. */
  recentSettingChanged(): void {
    this.changed.fire(undefined);
  }

  private recentRunNode(runId: string): RecentRunNode {
    let node = this.recentRunNodes.get(runId);
    if (!node) {
      node = { kind: 'recentRun', runId };
      this.recentRunNodes.set(runId, node);
    }
    return node;
  }

  private recentChildren(element?: RecentNode): RecentNode[] {
    const runs = this.recentRuns();
    if (!element) return runs.length ? [this.recentGroup] : [];
    if (element.kind !== 'recent') return [];
    const live = new Set(runs.map((r) => r.id));
    for (const id of [...this.recentRunNodes.keys()]) if (!live.has(id)) this.recentRunNodes.delete(id);
    return runs.map((r) => this.recentRunNode(r.id));
  }

  /** A job row without a title of its own takes the prompt or query the recent lists named for it. */
  private titled(job: TrackedJob, row: ItemDescriptor): ItemDescriptor {
    if (!this.recent || this.loadedRows.jobName(job)) return row;
    return this.loadedRows.withRecentTitle(
      row,
      this.recent.runs.find((r) => r.id === job.id),
    );
  }

  private describeRecent(element: RecentNode): ItemDescriptor | undefined {
    if (!this.recent) return undefined;
    const rows = this.loadedRows;
    if (element.kind === 'recent') return rows.describeRecentGroup(this.recent.state, this.recentRuns().length, this.now(), this.errors());
    const run = this.recent.runs.find((r) => r.id === element.runId);
    return run ? rows.describeRecentRun(run, this.now()) : undefined;
  }

  jobNode(id: string): JobNode {
    let node = this.jobNodes.get(id);
    if (!node) {
      node = { kind: 'job', jobId: id };
      this.jobNodes.set(id, node);
    }
    return node;
  }

  groupNode(jobId: string, group: GroupKind): GroupNode {
    const key = `${jobId}/${group}`;
    let node = this.groupNodes.get(key);
    if (!node) {
      node = { kind: 'group', jobId, group };
      this.groupNodes.set(key, node);
    }
    return node;
  }

  getChildren(element?: ResearchTreeNode): ResearchTreeNode[] | Promise<ResearchTreeNode[]> {
    return this.rows ? this.children(element) : this.loadRows().then(() => this.children(element));
  }

  getTreeItem(element: ResearchTreeNode): vscode.TreeItem | Promise<vscode.TreeItem> {
    return this.rows ? this.item(element) : this.loadRows().then(() => this.item(element));
  }

  resolveTreeItem(item: vscode.TreeItem, element: ResearchTreeNode): vscode.TreeItem | Promise<vscode.TreeItem> {
    return this.rows ? this.resolveItem(item, element) : this.loadRows().then(() => this.resolveItem(item, element));
  }

  /** getChildren once the rows have loaded (tests call it directly after loadRows()). */
  children(element?: ResearchTreeNode): ResearchTreeNode[] {
    // The Recent group comes last, below every tracked job.
    if (!element) return [...this.store.jobs.map((j) => this.jobNode(j.id)), ...this.recentChildren()];
    if (isRecentNode(element)) return this.recentChildren(element);
    const job = this.store.get(element.jobId);
    if (!job) return [];
    return this.loadedRows.childNodes(job, element).map((child) => (child.kind === 'group' ? this.groupNode(child.jobId, child.group) : child));
  }

  /** getTreeItem once the rows have loaded. */
  item(element: ResearchTreeNode): vscode.TreeItem {
    const { describeNode, toTreeItem } = this.loadedRows;
    if (isRecentNode(element)) {
      const recent = this.describeRecent(element);
      return recent ? toTreeItem(recent) : new vscode.TreeItem(vscode.l10n.t('(no longer available)'));
    }
    const job = this.store.get(element.jobId);
    const described = job ? describeNode(job, element, this.now(), this.errors(), readableUntilShutdown(this.store.deepResearchNotice)) : undefined;
    if (!job || !described) return new vscode.TreeItem(vscode.l10n.t('(no longer available)'));
    const descriptor = element.kind === 'job' ? this.titled(job, described) : described;
    if (element.kind === 'job') this.shownDescriptions.set(element.jobId, descriptor.description ?? '');
    if ((element.kind === 'job' || element.kind === 'group') && descriptor.collapsible !== 'none') {
      const chosen = this.chosen.get(descriptor.id);
      const open = chosen ?? (this.openWhenFilled.has(descriptor.id) || (element.kind === 'group' && this.openWhenFilled.has(element.jobId)));
      if (open && chosen === undefined && !this.opening.has(descriptor.id)) {
        this.opening.add(descriptor.id);
        this.autoOpen.fire(element);
      }
      return toTreeItem({ ...descriptor, collapsible: open ? 'expanded' : 'collapsed' });
    }
    if (element.kind === 'group') this.openWhenFilled.add(descriptor.id);
    return toTreeItem(descriptor);
  }

  /** resolveTreeItem once the rows have loaded. */
  resolveItem(item: vscode.TreeItem, element: ResearchTreeNode): vscode.TreeItem {
    const { describeNode, tooltipMarkdown } = this.loadedRows;
    if (isRecentNode(element)) {
      const tooltip = this.describeRecent(element)?.tooltip;
      if (tooltip) item.tooltip = tooltipMarkdown(tooltip());
      return item;
    }
    const job = this.store.get(element.jobId);
    const described = job ? describeNode(job, element, this.now(), this.errors(), readableUntilShutdown(this.store.deepResearchNotice)) : undefined;
    const tooltip = job && described && element.kind === 'job' ? this.titled(job, described).tooltip : described?.tooltip;
    if (tooltip) item.tooltip = tooltipMarkdown(tooltip());
    return item;
  }

  getParent(element: ResearchTreeNode): ResearchTreeNode | undefined {
    switch (element.kind) {
      case 'job':
      case 'recent':
        return undefined;
      case 'recentRun':
        return this.recentGroup;
      case 'group':
        return this.jobNode(element.jobId);
      case 'activity':
        return this.groupNode(element.jobId, 'activities');
      case 'source':
        return this.groupNode(element.jobId, 'sources');
      case 'suggestion':
        return this.groupNode(element.jobId, 'suggestions');
    }
  }

  /** The job and its groups open by themselves as they fill (a job just tracked, or shown from a notification). */
  openAsItFills(jobId: string): void {
    if (!this.chosen.has(jobId)) this.openWhenFilled.add(jobId);
  }

  /** The person expanded or collapsed a row (TreeView.onDidExpandElement / onDidCollapseElement). */
  noteExpansion(element: ResearchTreeNode, expanded: boolean): void {
    if (element.kind === 'job') this.chosen.set(element.jobId, expanded);
    else if (element.kind === 'group') this.chosen.set(`${element.jobId}/${element.group}`, expanded);
  }

  /** Re-renders the shown jobs whose time-based text moved (the view calls this while visible). */
  refreshClocks(): void {
    // Nothing has been shown before the rows load.
    if (!this.rows) return;
    const { describeJob } = this.rows;
    const now = this.now();
    const stale: JobNode[] = [];
    for (const job of this.store.jobs) {
      const shown = this.shownDescriptions.get(job.id);
      if (shown !== undefined && describeJob(job, now, {}, readableUntilShutdown(this.store.deepResearchNotice)).description !== shown) stale.push(this.jobNode(job.id));
    }
    const refresh: ResearchTreeNode[] = stale;
    // Ages in the Recent group move too; the group re-renders with its rows.
    if (this.recentRuns().length) refresh.push(this.recentGroup);
    if (refresh.length) this.changed.fire(refresh);
  }

  private onListChanged(): void {
    const live = new Set(this.store.jobs.map((j) => j.id));
    for (const id of [...this.jobNodes.keys()]) if (!live.has(id)) this.jobNodes.delete(id);
    for (const [key, node] of [...this.groupNodes]) if (!live.has(node.jobId)) this.groupNodes.delete(key);
    for (const id of [...this.shownDescriptions.keys()]) if (!live.has(id)) this.shownDescriptions.delete(id);
    for (const id of [...this.openWhenFilled]) if (!live.has(id.split('/')[0] ?? '')) this.openWhenFilled.delete(id);
    for (const id of [...this.chosen.keys()]) if (!live.has(id.split('/')[0] ?? '')) this.chosen.delete(id);
    for (const id of [...this.opening]) if (!live.has(id.split('/')[0] ?? '')) this.opening.delete(id);
    this.changed.fire(undefined);
  }

  private onJobChanged(job: TrackedJob): void {
    // Never shown: nothing on screen to update.
    if (this.shownDescriptions.has(job.id)) this.changed.fire(this.jobNode(job.id));
  }
}
