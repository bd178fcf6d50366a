// What each row of the Deep Research tree shows, as plain data: no `vscode`, so it is unit-tested
// and benchmarked in Node, and every string from the server stays a string (labels and descriptions
// are plain text in VS Code; tooltips are built from these rows with every value escaped). Tooltips
// are built only when VS Code asks (a hover), never for a row that is merely shown.
import type { ResearchActivity, ResearchJob, ResearchSource } from '../../../api';
import { analysisTitle } from '../model/jobFacts';
import { shortJobId } from '../../../shared/jobIds';
import { isFinished, type JobCondition, jobCondition, type TrackedJob } from '../model/trackedJob';
import { formatAgo, formatDuration, formatTimestamp, parseTime, plural } from '../../../shared/format';
import { describeError, JOB_NOT_FOUND_TEXT } from '../../../host/errorText';
import { plainText } from '../../../shared/text';
import { hostOf, isWebUrl } from '../../../shared/urls';
import { COMMANDS } from '../../../ids';

export type GroupKind = 'notice' | 'activities' | 'sources' | 'analysis' | 'json' | 'error';

export type ResearchNode =
  | { readonly kind: 'job'; readonly jobId: string }
  | { readonly kind: 'group'; readonly jobId: string; readonly group: GroupKind }
  | { readonly kind: 'activity' | 'source'; readonly jobId: string; readonly index: number };

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
  /** Built on demand. */
  tooltip?: () => TooltipSpec;
  icon?: IconSpec;
  contextValue?: string;
  collapsible: 'none' | 'collapsed';
  command?: CommandSpec;
  accessibilityLabel?: string;
}

const CONDITION_TEXT: Record<JobCondition, string> = {
  pending: 'checking…',
  processing: 'processing',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
  expired: 'expired or not found',
  unreachable: 'unreachable, retrying',
  rateLimited: 'rate limited, retrying',
  timedOut: 'stopped polling',
  rejected: 'refused',
};

const GREEN = 'testing.iconPassed';
const RED = 'testing.iconFailed';
const YELLOW = 'problemsWarningIcon.foreground';

const CONDITION_ICON: Record<JobCondition, IconSpec> = {
  pending: { id: 'sync~spin' },
  processing: { id: 'sync~spin' },
  completed: { id: 'pass', color: GREEN },
  failed: { id: 'error', color: RED },
  cancelled: { id: 'circle-slash' },
  expired: { id: 'warning', color: YELLOW },
  unreachable: { id: 'warning', color: YELLOW },
  rateLimited: { id: 'warning', color: YELLOW },
  timedOut: { id: 'warning', color: YELLOW },
  rejected: { id: 'warning', color: YELLOW },
};

const ACTIVITY_ICON: Record<string, string> = {
  search: 'search',
  analyze: 'beaker',
  synthesis: 'sparkle',
  extract: 'file-text',
  reasoning: 'lightbulb',
  thought: 'comment',
};

export function jobTitle(job: TrackedJob): string | undefined {
  return analysisTitle(job.snapshot?.finalAnalysis);
}

/** Plain text: the title comes from the server, and quick picks render `$(icons)` in labels. */
export function jobLabel(job: TrackedJob): string {
  const title = jobTitle(job);
  return title ? plainText(title, 120) : `Job ${shortJobId(job.id)}`;
}

export function conditionText(job: TrackedJob): string {
  return CONDITION_TEXT[jobCondition(job)];
}

/** Best estimate of when the job began: the earlier of our first look and its first activity. */
function startedAt(job: TrackedJob, now: number): number | undefined {
  const first = parseTime(job.snapshot?.activities[0]?.timestamp);
  const watched = job.watchStartedAt;
  const candidates = [first, watched].filter((t): t is number => t !== undefined && t <= now);
  return candidates.length ? Math.min(...candidates) : undefined;
}

function timeText(job: TrackedJob, now: number): string | undefined {
  const condition = jobCondition(job);
  if (condition === 'expired') return undefined;
  if (condition === 'processing' || condition === 'pending' || condition === 'unreachable' || condition === 'rateLimited') {
    const start = startedAt(job, now);
    return start === undefined ? undefined : formatDuration(now - start);
  }
  const expires = parseTime(job.snapshot?.expiresAt);
  if (expires === undefined) return undefined;
  return expires > now ? `expires in ${formatDuration(expires - now)}` : 'expired';
}

function urlCount(s: ResearchJob): number {
  return Math.max(s.totalUrls, s.sources.length);
}

export function describeJob(job: TrackedJob, now: number): ItemDescriptor {
  const condition = jobCondition(job);
  const s = job.snapshot;
  const parts = [CONDITION_TEXT[condition]];
  if (s) {
    if (s.maxDepth > 0) parts.push(`depth ${s.currentDepth}/${s.maxDepth}`);
    parts.push(plural(urlCount(s), 'URL'));
  }
  const time = timeText(job, now);
  if (time) parts.push(time);
  const label = jobLabel(job);
  const description = parts.join(' · ');
  return {
    id: job.id,
    label,
    description,
    tooltip: () => jobTooltip(job, now),
    icon: CONDITION_ICON[condition],
    contextValue: jobContextValue(job),
    collapsible: jobChildren(job).length ? 'collapsed' : 'none',
    accessibilityLabel: `Deep research job ${label}: ${description}`,
  };
}

/**
 * Space-separated tokens the menus match with `viewItem =~ /…/`: `job` always, the condition,
 * `finished` or `running`, `refreshable` when a manual refresh can tell something new, `analysis`
 * and `json` when those documents exist.
 */
export function jobContextValue(job: TrackedJob): string {
  const condition = jobCondition(job);
  const tokens = ['job', condition, isFinished(job) ? 'finished' : 'running'];
  if (job.poll.kind === 'stopped' || job.poll.kind === 'retrying') tokens.push('refreshable');
  if (job.snapshot?.finalAnalysis) tokens.push('analysis');
  if (job.snapshot?.json !== undefined) tokens.push('json');
  return tokens.join(' ');
}

function jobTooltip(job: TrackedJob, now: number): TooltipSpec {
  const s = job.snapshot;
  const rows: TooltipSpec['rows'] = [['Job id', job.id], ['Status', conditionText(job)]];
  const title = jobTitle(job);
  if (title) rows.push(['Title', title]);
  if (s) {
    if (s.status !== jobCondition(job)) rows.push(['Last known service status', s.status]);
    rows.push(['Depth', `${s.currentDepth} of ${s.maxDepth}`]);
    rows.push(['URLs found', String(urlCount(s))]);
    rows.push(['Activities', String(s.activities.length)]);
    rows.push(['Sources', String(s.sources.length)]);
    if (s.error) rows.push(['Error', s.error]);
    const expires = parseTime(s.expiresAt);
    if (expires !== undefined) rows.push([expires > now ? 'Readable until' : 'Expired at', formatTimestamp(expires)]);
  }
  const start = startedAt(job, now);
  if (start !== undefined) rows.push(['Started', `${formatTimestamp(start)} (${formatAgo(start, now)})`]);
  if (job.finishedAt !== undefined) rows.push(['Seen finished', `${formatTimestamp(job.finishedAt)} (${formatAgo(job.finishedAt, now)})`]);
  rows.push(['Tracked since', formatTimestamp(job.trackedAt)]);
  if (job.fetchedAt !== undefined) rows.push(['Last checked', `${formatTimestamp(job.fetchedAt)} (${formatAgo(job.fetchedAt, now)})`]);
  const notice = pollNotice(job, now);
  if (notice) rows.push(['Polling', notice]);
  else if (job.poll.kind === 'polling' && job.nextPollAt !== undefined) rows.push(['Next check', `in ${formatDuration(Math.max(0, job.nextPollAt - now))}`]);
  return { heading: 'Deep research job', rows };
}

/** Why the job is not polled normally (retrying, stopped), in words; undefined while all is well. */
export function pollNotice(job: TrackedJob, now: number): string | undefined {
  const { poll } = job;
  if (poll.kind === 'retrying') return describeError(poll.error, { retryInMs: Math.max(0, poll.retryAt - now) }).message;
  if (poll.kind !== 'stopped') return undefined;
  switch (poll.reason) {
    case 'notFound':
      return JOB_NOT_FOUND_TEXT;
    case 'timeLimit': {
      const minutes = poll.afterMs === undefined ? undefined : Math.round(poll.afterMs / 60_000);
      return `Still processing${minutes === undefined ? '' : ` after ${minutes} min of polling`}; stopped checking (the job may have stalled). Refresh to check again.`;
    }
    case 'rejected':
      return describeError(poll.error).message;
  }
}

/** The groups under a job, in display order. */
export function jobChildren(job: TrackedJob): GroupKind[] {
  const groups: GroupKind[] = [];
  const s = job.snapshot;
  if (job.poll.kind === 'retrying' || job.poll.kind === 'stopped') groups.push('notice');
  if (!s) return groups;
  if (s.status === 'failed' || s.error) groups.push('error');
  groups.push('activities', 'sources');
  if (s.finalAnalysis) groups.push('analysis');
  if (s.json !== undefined) groups.push('json');
  return groups;
}

export function describeGroup(job: TrackedJob, group: GroupKind, now: number): ItemDescriptor {
  const s = job.snapshot;
  const id = `${job.id}/${group}`;
  switch (group) {
    case 'notice': {
      const message = pollNotice(job, now) ?? '';
      return {
        id,
        label: plainText(message, 120),
        tooltip: () => ({ heading: conditionText(job), rows: [['', message]] }),
        icon: { id: 'info' },
        contextValue: 'notice',
        collapsible: 'none',
      };
    }
    case 'activities': {
      const n = s?.activities.length ?? 0;
      return { id, label: `Activities (${n.toLocaleString('en-US')})`, icon: { id: 'pulse' }, contextValue: 'activities', collapsible: n ? 'collapsed' : 'none' };
    }
    case 'sources': {
      const n = s?.sources.length ?? 0;
      return { id, label: `Sources (${n.toLocaleString('en-US')})`, icon: { id: 'globe' }, contextValue: 'sources', collapsible: n ? 'collapsed' : 'none' };
    }
    case 'analysis': {
      const words = s?.finalAnalysis ? s.finalAnalysis.split(/\s+/).filter(Boolean).length : 0;
      return {
        id,
        label: 'Final analysis',
        description: plural(words, 'word'),
        icon: { id: 'markdown' },
        contextValue: 'analysis',
        collapsible: 'none',
        command: { command: COMMANDS.openAnalysis, title: 'Open Final Analysis', arguments: [job.id] },
      };
    }
    case 'json':
      return {
        id,
        label: 'JSON result',
        icon: { id: 'json' },
        contextValue: 'json',
        collapsible: 'none',
        command: { command: COMMANDS.openJson, title: 'Open JSON Result', arguments: [job.id] },
      };
    case 'error': {
      const text = s?.error ?? 'The job failed without saying why.';
      return {
        id,
        label: 'Error',
        description: plainText(text, 120),
        tooltip: () => ({ heading: 'Why the job failed', rows: [['', text]] }),
        icon: { id: 'error', color: RED },
        contextValue: 'error',
        collapsible: 'none',
      };
    }
  }
}

export function describeActivity(job: TrackedJob, index: number, now: number): ItemDescriptor | undefined {
  const a: ResearchActivity | undefined = job.snapshot?.activities[index];
  if (!a) return undefined;
  const at = parseTime(a.timestamp);
  const parts = [`depth ${a.depth}`];
  if (at !== undefined) parts.push(formatAgo(at, now));
  if (a.status !== 'complete') parts.push(a.status === 'processing' ? 'running' : plainText(a.status, 40));
  const icon: IconSpec =
    a.status === 'error' ? { id: 'error', color: RED } : a.status === 'processing' ? { id: 'loading~spin' } : { id: ACTIVITY_ICON[a.type] ?? 'circle-outline' };
  const rows: TooltipSpec['rows'] = [['Type', a.type], ['Status', a.status], ['Depth', String(a.depth)]];
  if (at !== undefined) rows.push(['At', formatTimestamp(at)]);
  rows.push(['Message', a.message]);
  return {
    id: `${job.id}/activities/${index}`,
    label: a.message ? plainText(a.message, 160) : `(${plainText(a.type, 40)})`,
    description: parts.join(' · '),
    tooltip: () => ({ heading: `Activity ${index + 1}`, rows }),
    icon,
    // Menus match context values with regular expressions: only word characters from the server.
    contextValue: `activity ${a.type.replace(/\W+/g, '_')} ${a.status.replace(/\W+/g, '_')}`,
    collapsible: 'none',
  };
}

export function describeSource(job: TrackedJob, index: number): ItemDescriptor | undefined {
  const src: ResearchSource | undefined = job.snapshot?.sources[index];
  if (!src) return undefined;
  const web = isWebUrl(src.url);
  const rows: TooltipSpec['rows'] = [];
  if (src.title) rows.push(['Title', src.title]);
  rows.push(['URL', src.url]);
  if (src.description) rows.push(['Description', src.description]);
  if (!web) rows.push(['', 'Not a web address: it will not be opened.']);
  return {
    id: `${job.id}/sources/${index}`,
    label: src.title ? plainText(src.title, 160) : (hostOf(src.url) ?? plainText(src.url, 160)),
    description: plainText(src.url, 200),
    tooltip: () => ({ heading: `Source ${index + 1}`, rows }),
    icon: { id: web ? 'link' : 'circle-slash' },
    contextValue: web ? 'source web' : 'source',
    collapsible: 'none',
    ...(web ? { command: { command: COMMANDS.openSource, title: 'Open in Browser', arguments: [src.url] } } : {}),
  };
}

/** The child nodes of `node`, built without reading their contents (a group of 1,000 stays cheap). */
export function childNodes(job: TrackedJob, node: ResearchNode): ResearchNode[] {
  if (node.kind === 'job') return jobChildren(job).map((group) => ({ kind: 'group', jobId: job.id, group }));
  if (node.kind !== 'group') return [];
  const s = job.snapshot;
  if (!s) return [];
  const n = node.group === 'activities' ? s.activities.length : node.group === 'sources' ? s.sources.length : 0;
  const kind = node.group === 'activities' ? 'activity' : 'source';
  const out: ResearchNode[] = new Array(n);
  for (let index = 0; index < n; index++) out[index] = { kind, jobId: job.id, index };
  return out;
}

/** The descriptor of any node, or undefined when the job no longer has it. */
export function describeNode(job: TrackedJob, node: ResearchNode, now: number): ItemDescriptor | undefined {
  switch (node.kind) {
    case 'job':
      return describeJob(job, now);
    case 'group':
      return describeGroup(job, node.group, now);
    case 'activity':
      return describeActivity(job, node.index, now);
    case 'source':
      return describeSource(job, node.index);
  }
}

/** Every child of `node` fully described: what the tree builds when the user expands it. */
export function describeChildren(job: TrackedJob, node: ResearchNode, now: number): ItemDescriptor[] {
  const out: ItemDescriptor[] = [];
  for (const child of childNodes(job, node)) {
    const d = describeNode(job, child, now);
    if (d) out.push(d);
  }
  return out;
}
