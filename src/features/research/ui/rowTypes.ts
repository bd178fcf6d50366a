// The plain data the research tree is described in: which node is which, and what a row shows. No
// `vscode`: rows are unit-tested and benchmarked in Node, and turned into TreeItems in treeItems.ts.

/** The groups under a job, by kind: deep research has activities and sources, an agent run has its message, suggestions and data. */
export type GroupKind =
  | 'notice'
  | 'error'
  | 'activities'
  | 'sources'
  | 'analysis'
  | 'json'
  | 'message'
  | 'approval'
  | 'suggestions'
  | 'partial'
  /** What the saved copy this window read left out whole (a result, partial data), and how to fetch it again. */
  | 'notKept';

export type ResearchNode =
  | { readonly kind: 'job'; readonly jobId: string }
  | { readonly kind: 'group'; readonly jobId: string; readonly group: GroupKind }
  | { readonly kind: 'activity' | 'source' | 'suggestion'; readonly jobId: string; readonly index: number };

/** The Recent group at the bottom of the view and its runs: not tracked jobs, so no `jobId`. */
export type RecentNode = { readonly kind: 'recent' } | { readonly kind: 'recentRun'; readonly runId: string };

/** Every element of the Research tree. */
export type ResearchTreeNode = ResearchNode | RecentNode;

export function isRecentNode(node: ResearchTreeNode): node is RecentNode {
  return node.kind === 'recent' || node.kind === 'recentRun';
}

/**
 * What a multi-select command acts on: the clicked row alone, or, when VS Code passes a selection of
 * several, the selected rows of the clicked row's kind. A source selected beside a job row does not
 * stand for its job: Stop Tracking drops only the jobs selected.
 */
export function selectedOf<T>(clicked: unknown, selected: unknown, pick: (value: unknown) => T | undefined): T[] {
  const kindOf = (value: unknown) => (typeof value === 'object' && value !== null ? (value as { kind?: unknown }).kind : undefined);
  const rows = Array.isArray(selected) && selected.length > 1 ? selected.filter((value) => kindOf(value) === kindOf(clicked)) : [clicked];
  return [...new Set(rows.map(pick).filter((v): v is T => v !== undefined))];
}

export interface IconSpec {
  /** A codicon id, e.g. `sync~spin`. */
  id: string;
  /** A theme colour id, e.g. `testing.iconPassed`. */
  color?: string;
}

/** Tooltip as label/value rows: labels are ours, values are shown as text whatever they contain. */
export interface TooltipSpec {
  heading: string;
  rows: Array<[label: string, value: string]>;
}

export interface CommandSpec {
  command: string;
  title: string;
  arguments: unknown[];
}

export interface ItemDescriptor {
  id: string;
  label: string;
  description?: string;
  /** Built on demand (a hover), never for a row that is merely shown. */
  tooltip?: () => TooltipSpec;
  icon?: IconSpec;
  contextValue?: string;
  /** `expanded` only for a group that just got its first children (see the tree provider). */
  collapsible: 'none' | 'collapsed' | 'expanded';
  command?: CommandSpec;
  accessibilityLabel?: string;
}

export const GREEN = 'testing.iconPassed';
export const RED = 'testing.iconFailed';
export const YELLOW = 'problemsWarningIcon.foreground';
