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
