// The rows under a deep research job: its activities, its sources, the final analysis and the JSON
// result. Server text stays plain text (labels) or tooltip rows (escaped when rendered).
import type { ResearchActivity, ResearchJob, ResearchSource } from '../../../api';
import { isRunning } from '../../../api';
import { COMMANDS } from '../../../ids';
import { formatAgo, formatExact, formatTimestamp, parseTime, plural } from '../../../shared/format';
import * as l10n from '@vscode/l10n';
import { serviceStatusText } from '../../../shared/statusWords';
import { plainText } from '../../../shared/text';
import { hostOf, isWebUrl } from '../../../shared/urls';
import { analysisTitle } from '../model/jobFacts';
import type { TrackedJob, Trimmed } from '../model/trackedJob';
import { type GroupKind, type IconSpec, type ItemDescriptor, RED, type TooltipSpec } from './rowTypes';

// The kinds of step the service names (it sends search, analyze and synthesis; its types also list
// extract, reasoning and thought), each with its icon and its name in the reader's language. A kind
// it adds later keeps a plain icon and the word it sent, as plain text.
const STEP_KINDS: Readonly<Record<string, { icon: string; text: () => string }>> = {
  search: { icon: 'search', text: () => l10n.t({ message: 'search', comment: ['kind of deep research step'] }) },
  analyze: { icon: 'beaker', text: () => l10n.t({ message: 'analysis', comment: ['kind of deep research step'] }) },
  synthesis: { icon: 'sparkle', text: () => l10n.t({ message: 'synthesis', comment: ['kind of deep research step'] }) },
  extract: { icon: 'file-text', text: () => l10n.t({ message: 'extraction', comment: ['kind of deep research step'] }) },
  reasoning: { icon: 'lightbulb', text: () => l10n.t({ message: 'reasoning', comment: ['kind of deep research step'] }) },
  thought: { icon: 'comment', text: () => l10n.t({ message: 'thought', comment: ['kind of deep research step'] }) },
};

/** Own keys only: a kind such as `constructor` is a word from the server, not a property of every object. */
function stepKind(type: string): { icon: string; text: () => string } | undefined {
  return Object.hasOwn(STEP_KINDS, type) ? STEP_KINDS[type] : undefined;
}

function stepKindText(type: string, max: number): string {
  return stepKind(type)?.text() ?? plainText(type, max);
}

/** The title a job's result gives it (a deep research analysis's heading); agent results have none. */
export function jobTitle(job: TrackedJob): string | undefined {
  return job.snapshot?.kind === 'deepResearch' ? deepResearchTitle(job.snapshot) : undefined;
}

/** The name a job's row goes by: its result's title, else the prompt it was started with here. */
export function jobName(job: TrackedJob): string | undefined {
  return jobTitle(job) ?? job.prompt;
}

export function deepResearchTitle(job: ResearchJob): string | undefined {
  return analysisTitle(job.finalAnalysis);
}

export function urlsText(n: number): string {
  return plural(n, l10n.t('{0} URL', formatExact(n)), l10n.t('{0} URLs', formatExact(n)));
}

export function wordsText(n: number): string {
  return plural(n, l10n.t('{0} word', formatExact(n)), l10n.t('{0} words', formatExact(n)));
}

export function urlCount(s: ResearchJob): number {
  return Math.max(s.totalUrls, s.sources.length);
}

/** The description parts after the condition: depth and URLs. */
export function deepResearchFacts(s: ResearchJob): string[] {
  const parts: string[] = [];
  if (s.maxDepth > 0) parts.push(l10n.t('depth {0}/{1}', formatExact(s.currentDepth), formatExact(s.maxDepth)));
  parts.push(urlsText(urlCount(s)));
  return parts;
}

/** `trimmed`: what a saved copy left out, counted as the group rows count it ("4,425 of 5,000"). */
export function deepResearchTooltipRows(s: ResearchJob, trimmed?: Trimmed): TooltipSpec['rows'] {
  return [
    [l10n.t('Depth'), l10n.t({ message: '{0} of {1}', args: [formatExact(s.currentDepth), formatExact(s.maxDepth)], comment: ['depth of max depth'] })],
    [l10n.t('URLs found'), formatExact(urlCount(s))],
    [l10n.t('Activities'), ofTotal(s.activities.length, trimmed?.activities ?? 0)],
    [l10n.t('Sources'), ofTotal(s.sources.length, trimmed?.sources ?? 0)],
  ];
}

export function deepResearchGroups(s: ResearchJob): GroupKind[] {
  const groups: GroupKind[] = [];
  if (s.status === 'failed' || s.error) groups.push('error');
  groups.push('activities', 'sources');
  if (s.finalAnalysis) groups.push('analysis');
  if (s.json !== undefined) groups.push('json');
  return groups;
}

export function describeDeepResearchGroup(job: TrackedJob, s: ResearchJob, group: 'activities' | 'sources' | 'analysis' | 'json'): ItemDescriptor {
  const id = `${job.id}/${group}`;
  switch (group) {
    case 'activities': {
      const n = s.activities.length;
      const left = job.trimmed?.activities ?? 0;
      return {
        id,
        label: l10n.t('Activities ({0})', ofTotal(n, left)),
        ...notKept(left, 'activities'),
        icon: { id: 'pulse' },
        contextValue: 'activities',
        collapsible: n ? 'collapsed' : 'none',
      };
    }
    case 'sources': {
      const n = s.sources.length;
      const left = job.trimmed?.sources ?? 0;
      return { id, label: l10n.t('Sources ({0})', ofTotal(n, left)), ...notKept(left, 'sources'), icon: { id: 'globe' }, contextValue: 'sources', collapsible: n ? 'collapsed' : 'none' };
    }
    case 'analysis': {
      const words = s.finalAnalysis ? s.finalAnalysis.split(/\s+/).filter(Boolean).length : 0;
      return {
        id,
        label: l10n.t('Final analysis'),
        description: wordsText(words),
        icon: { id: 'markdown' },
        contextValue: 'analysis',
        collapsible: 'none',
        command: { command: COMMANDS.openAnalysis, title: l10n.t('Open Final Analysis'), arguments: [job.id] },
      };
    }
    case 'json':
      return {
        id,
        label: l10n.t('JSON result'),
        icon: { id: 'json' },
        contextValue: 'json',
        collapsible: 'none',
        command: { command: COMMANDS.openJson, title: l10n.t('Open JSON Result'), arguments: [job.id] },
      };
  }
}

/** "4,425 of 5,000" when a saved copy left some out (the label stays readable in a narrow sidebar), else "5,000". */
function ofTotal(kept: number, left: number): string {
  return left ? l10n.t({ message: '{0} of {1}', args: [formatExact(kept), formatExact(kept + left)], comment: ['items kept of all items'] }) : formatExact(kept);
}

/** What a saved copy left out, counted: one sentence per kind, so each language can agree with the count. */
function notKeptText(left: number, what: 'activities' | 'sources' | 'suggestions'): { text: string; heading: string } {
  const n = formatExact(left);
  switch (what) {
    case 'activities':
      return { heading: l10n.t('Activities'), text: plural(left, l10n.t('{0} earlier activity not kept', n), l10n.t('{0} earlier activities not kept', n)) };
    case 'sources':
      return { heading: l10n.t('Sources'), text: plural(left, l10n.t('{0} earlier source not kept', n), l10n.t('{0} earlier sources not kept', n)) };
    case 'suggestions':
      return { heading: l10n.t('Suggestions'), text: plural(left, l10n.t('{0} more suggestion not kept', n), l10n.t('{0} more suggestions not kept', n)) };
  }
}

/**
 * A group's note that its saved copy left items out (too large to keep whole; see jobFit.ts), e.g.
 * "1,000 earlier activities not kept", with a tooltip that says how to get them back.
 */
export function notKept(left: number, what: 'activities' | 'sources' | 'suggestions'): Pick<ItemDescriptor, 'description' | 'tooltip'> {
  if (!left) return {};
  const { text, heading } = notKeptText(left, what);
  return {
    description: text,
    tooltip: () => ({
      heading,
      rows: [['', l10n.t('{0}: the saved copy of this job is kept under a size limit. Refresh the job to fetch everything again while the service still has it.', text)]],
    }),
  };
}

export function describeActivity(job: TrackedJob, index: number, now: number): ItemDescriptor | undefined {
  const s = job.snapshot;
  const a: ResearchActivity | undefined = s?.kind === 'deepResearch' ? s.activities[index] : undefined;
  if (!a) return undefined;
  const at = parseTime(a.timestamp);
  const said = a.message.trim() !== '';
  const parts = [l10n.t('depth {0}', formatExact(a.depth))];
  if (at !== undefined) parts.push(formatAgo(at, now));
  // A step the service still calls running only moves while the job does: once the job is over
  // (finished, failed, shut down, no longer polled) it is a step that never finished.
  const moving = a.status === 'processing' && (job.poll.kind === 'polling' || job.poll.kind === 'retrying') && isRunning(job.snapshot);
  if (a.status !== 'complete') {
    parts.push(
      a.status !== 'processing'
        ? serviceStatusText(a.status)
        : moving
          ? l10n.t({ message: 'running', comment: ['activity status'] })
          : l10n.t({ message: 'not finished', comment: ['activity status: the job ended before this step did'] }),
    );
  }
  const icon: IconSpec = a.status === 'error' ? { id: 'error', color: RED } : moving ? { id: 'loading~spin' } : { id: stepKind(a.type)?.icon ?? 'circle-outline' };
  // Built when the tooltip is asked for: a node lists up to a thousand of these rows at once.
  const rows = (): TooltipSpec['rows'] => [
    [l10n.t({ message: 'Type', comment: ['tooltip label: activity type'] }), stepKindText(a.type, 200)],
    [l10n.t({ message: 'Status', comment: ['tooltip label'] }), serviceStatusText(a.status, 200)],
    [l10n.t('Depth'), formatExact(a.depth)],
    ...(at !== undefined ? [[l10n.t({ message: 'At', comment: ['tooltip label: time'] }), formatTimestamp(at)] as [string, string]] : []),
    // A step the service sent without words has no message to show: an empty row says nothing.
    ...(said ? [[l10n.t({ message: 'Message', comment: ['tooltip label'] }), a.message] as [string, string]] : []),
  ];
  return {
    id: `${job.id}/activities/${index}`,
    label: said ? plainText(a.message, 160) : `(${stepKindText(a.type, 40)})`,
    description: parts.join(' · '),
    tooltip: () => ({ heading: l10n.t('Activity {0}', formatExact(index + 1 + (job.trimmed?.activities ?? 0))), rows: rows() }),
    icon,
    // Menus match context values with regular expressions: only word characters from the server.
    contextValue: `activity ${a.type.replace(/\W+/g, '_')} ${a.status.replace(/\W+/g, '_')}`,
    collapsible: 'none',
  };
}

export function describeSource(job: TrackedJob, index: number): ItemDescriptor | undefined {
  const s = job.snapshot;
  const src: ResearchSource | undefined = s?.kind === 'deepResearch' ? s.sources[index] : undefined;
  if (!src) return undefined;
  const web = isWebUrl(src.url);
  const rows = (): TooltipSpec['rows'] => {
    const out: TooltipSpec['rows'] = [];
    if (src.title) out.push([l10n.t('Title'), src.title]);
    out.push([l10n.t('URL'), src.url]);
    if (src.description) out.push([l10n.t('Description'), src.description]);
    if (!web) out.push(['', l10n.t('Not a web address: it will not be opened.')]);
    return out;
  };
  return {
    id: `${job.id}/sources/${index}`,
    label: plainText(src.title || hostOf(src.url) || src.url, 160),
    description: plainText(src.url, 200),
    tooltip: () => ({ heading: l10n.t('Source {0}', formatExact(index + 1 + (job.trimmed?.sources ?? 0))), rows: rows() }),
    icon: { id: web ? 'link' : 'circle-slash' },
    contextValue: web ? 'source web' : 'source', // not localised: context value the menus match
    collapsible: 'none',
    ...(web ? { command: { command: COMMANDS.openSource, title: l10n.t('Open in Browser'), arguments: [src.url] } } : {}),
  };
}
