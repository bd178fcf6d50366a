// Renders the research store as a tree. Job and group nodes are kept as stable objects (VS Code
// matches refreshed elements by identity, and their ids keep what the user expanded), and a change
// refreshes only the job it concerns. Children are described on demand, when expanded.
import * as vscode from 'vscode';
import type { Clock } from '../../../shared/clock';
import type { ResearchStore } from '../model/researchStore';
import type { TrackedJob } from '../model/trackedJob';
import { childNodes, describeJob, describeNode, type GroupKind, type ResearchNode } from './treeRows';
import { toTreeItem } from './treeItems';

type JobNode = Extract<ResearchNode, { kind: 'job' }>;
type GroupNode = Extract<ResearchNode, { kind: 'group' }>;

/** A description that changed only because time passed (elapsed, expiry) is refreshed this often. */
const CLOCK_REFRESH_MS = 10_000;

interface Rendered {
  /** What changes with the job's data or state. */
  key: string;
  description: string;
  at: number;
}

export class ResearchTreeProvider implements vscode.TreeDataProvider<ResearchNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ResearchNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly jobNodes = new Map<string, JobNode>();
  private readonly groupNodes = new Map<string, GroupNode>();
  private readonly rendered = new Map<string, Rendered>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly store: ResearchStore,
    private readonly clock: Clock,
  ) {
    const list = store.onDidChangeJobs(() => this.onListChanged());
    const job = store.onDidChangeJob((j) => this.onJobChanged(j));
    this.subscriptions.push({ dispose: () => list.dispose() }, { dispose: () => job.dispose() });
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

  getChildren(element?: ResearchNode): ResearchNode[] {
    if (!element) return this.store.jobs.map((j) => this.jobNode(j.id));
    const job = this.store.get(element.jobId);
    if (!job) return [];
    return childNodes(job, element).map((child) => (child.kind === 'group' ? this.groupNode(child.jobId, child.group) : child));
  }

  getTreeItem(element: ResearchNode): vscode.TreeItem {
    const job = this.store.get(element.jobId);
    const now = this.clock.now();
    const descriptor = job ? describeNode(job, element, now) : undefined;
    if (!descriptor) return new vscode.TreeItem('(no longer available)');
    if (element.kind === 'job' && job) {
      this.rendered.set(job.id, { key: this.keyOf(job, descriptor.label, descriptor.contextValue, descriptor.collapsible), description: descriptor.description ?? '', at: now });
    }
    return toTreeItem(descriptor);
  }

  getParent(element: ResearchNode): ResearchNode | undefined {
    switch (element.kind) {
      case 'job':
        return undefined;
      case 'group':
        return this.jobNode(element.jobId);
      case 'activity':
        return this.groupNode(element.jobId, 'activities');
      case 'source':
        return this.groupNode(element.jobId, 'sources');
    }
  }

  /** Re-renders every job whose time-based text is stale (called when the view becomes visible). */
  refreshClocks(): void {
    for (const job of this.store.jobs) this.onJobChanged(job, true);
  }

  private onListChanged(): void {
    const live = new Set(this.store.jobs.map((j) => j.id));
    for (const id of [...this.jobNodes.keys()]) if (!live.has(id)) this.jobNodes.delete(id);
    for (const [key, node] of [...this.groupNodes]) if (!live.has(node.jobId)) this.groupNodes.delete(key);
    for (const id of [...this.rendered.keys()]) if (!live.has(id)) this.rendered.delete(id);
    this.changed.fire(undefined);
  }

  private onJobChanged(job: TrackedJob, clocksOnly = false): void {
    const last = this.rendered.get(job.id);
    if (!last) return; // never shown: nothing on screen to update
    const now = this.clock.now();
    const d = describeJob(job, now);
    const key = this.keyOf(job, d.label, d.contextValue, d.collapsible);
    const dataChanged = !clocksOnly && key !== last.key;
    const clockChanged = d.description !== last.description && now - last.at >= CLOCK_REFRESH_MS;
    if (!dataChanged && !clockChanged && !(clocksOnly && d.description !== last.description)) return;
    this.changed.fire(this.jobNode(job.id));
  }

  private keyOf(job: TrackedJob, label: string, contextValue: string | undefined, collapsible: string): string {
    return `${job.revision}|${label}|${contextValue ?? ''}|${collapsible}`;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}
