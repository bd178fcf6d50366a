// What the Recent group and "Add Recent Jobs…" show of a run that is not tracked: its prompt or query
// as plain text, its kind, age and status where the service said it. Plain data, no `vscode`, like
// the other rows; a click on a row tracks the run (its kind is known, so no second look is needed).
import * as l10n from '@vscode/l10n';
import { type ErrorContext, recentJobsUnavailableText } from '../../../host/errorText';
import { COMMANDS } from '../../../ids';
import { formatAgo, formatTimestamp } from '../../../shared/format';
import { shortJobId } from '../../../shared/jobIds';
import { serviceStatusText } from '../../../shared/statusWords';
import type { RecentRun, RecentRunsState } from '../model/recentRuns';
import type { ItemDescriptor, TooltipSpec } from './rowTypes';
import { kindName, titledLabel } from './treeRows';

export const RECENT_GROUP_ID = 'recent';

/** Looked up when the group is drawn, after the language is set. */
export function recentGroupLabel(): string {
  return l10n.t('Recent (last 24 h)');
}

function targetLabel(run: RecentRun): string {
  return run.kind === 'agent' ? l10n.t('Prompt') : l10n.t('Query');
}

/** What a tracking command is given for a run of the list: its id and its kind. */
export interface RecentRunArgument {
  id: string;
  kind: RecentRun['kind'];
}

/** The kind first, as on tracked rows: "Agent job: <prompt>", "Deep research: <query>". */
export function recentRunLabel(run: RecentRun): string {
  if (run.target) return titledLabel(run.kind, run.target);
  return run.kind === 'agent' ? l10n.t('Agent run {0}', shortJobId(run.id)) : l10n.t('Deep research {0}', shortJobId(run.id));
}

/** `agent · 5m ago · completed`: the kind first, as on tracked rows. */
export function recentRunDescription(run: RecentRun, now: number): string {
  const parts: string[] = [kindName(run.kind)];
  if (run.ranAt !== undefined) parts.push(formatAgo(run.ranAt, now));
  if (run.status) parts.push(serviceStatusText(run.status, 30));
  return parts.join(' · ');
}

function recentRunTooltip(run: RecentRun, now: number): TooltipSpec {
  const rows: TooltipSpec['rows'] = [
    [l10n.t('Job id'), run.id],
    [l10n.t({ message: 'Kind', comment: ['tooltip label: job kind'] }), kindName(run.kind)],
  ];
  if (run.ranAt !== undefined) rows.push([l10n.t({ message: 'Ran', comment: ['tooltip label: run time'] }), `${formatTimestamp(run.ranAt)} (${formatAgo(run.ranAt, now)})`]);
  if (run.status) rows.push([l10n.t({ message: 'Status', comment: ['tooltip label'] }), serviceStatusText(run.status, 200)]);
  if (run.model) rows.push([l10n.t({ message: 'Model', comment: ['tooltip label: AI model'] }), run.model]);
  if (run.target) rows.push([targetLabel(run), run.target]);
  rows.push(['', l10n.t('Not tracked: click to track it here.')]);
  return { heading: run.kind === 'agent' ? l10n.t('Recent agent run') : l10n.t('Recent deep research job'), rows };
}

export function describeRecentRun(run: RecentRun, now: number): ItemDescriptor {
  const label = recentRunLabel(run);
  const description = recentRunDescription(run, now);
  const argument: RecentRunArgument = { id: run.id, kind: run.kind };
  return {
    id: `${RECENT_GROUP_ID}/${run.id}`,
    label,
    description,
    tooltip: () => recentRunTooltip(run, now),
    icon: { id: run.kind === 'agent' ? 'hubot' : 'search' },
    contextValue: 'recentRun',
    collapsible: 'none',
    command: { command: COMMANDS.trackRecentJob, title: l10n.t('Track Job'), arguments: [argument] },
    accessibilityLabel: l10n.t('Not tracked: {0}, {1}. Select to track it.', label, description),
  };
}

export function describeRecentGroup(state: RecentRunsState, count: number, now: number, errors: ErrorContext = {}): ItemDescriptor {
  const failed = state.kind === 'unavailable';
  const description = failed ? l10n.t('could not refresh') : state.kind === 'loaded' ? l10n.t({ message: 'updated {0}', args: [formatAgo(state.at, now)], comment: ['when the list was read'] }) : '';
  const rows: TooltipSpec['rows'] = [
    ['', l10n.t('Agent runs and deep research jobs of the last 24 hours that are not tracked. Click one to track it.')],
    ['', l10n.t('The list is read at most once a minute, and only while this view is visible and the window focused.')],
  ];
  if (state.kind !== 'idle') rows.push([l10n.t('Last read'), `${formatTimestamp(state.at)} (${formatAgo(state.at, now)})`]);
  if (failed) rows.push([l10n.t('Problem'), recentJobsUnavailableText(state.error, errors)]);
  if (state.kind === 'loaded' && state.truncated) rows.push(['', l10n.t('Only the newest runs are listed: the team ran more than one request returns.')]);
  const label = recentGroupLabel();
  return {
    id: RECENT_GROUP_ID,
    label,
    description,
    tooltip: () => ({ heading: label, rows }),
    icon: { id: failed ? 'warning' : 'history' },
    contextValue: 'recentGroup',
    collapsible: count > 0 ? 'expanded' : 'none',
    accessibilityLabel: `${label}: ${description}`,
  };
}

/**
 * A tracked job the service gives no title of its own (an agent run's status never names its prompt)
 * takes the prompt or query the recent lists named for it: the row reads as what the person asked.
 */
export function withRecentTitle(row: ItemDescriptor, run: RecentRun | undefined): ItemDescriptor {
  if (!run?.target) return row;
  // The kind stays first, as on every other job row.
  const label = titledLabel(run.kind, run.target);
  const tooltip = row.tooltip;
  return {
    ...row,
    label,
    // The row's own spoken words with the new label: its description repeats the kind the label leads with.
    accessibilityLabel: row.accessibilityLabel?.replace(row.label, () => label) ?? `${label}: ${row.description ?? ''}`,
    ...(tooltip
      ? {
          tooltip: () => {
            const spec = tooltip();
            return { ...spec, rows: [...spec.rows, [targetLabel(run), run.target ?? '']] };
          },
        }
      : {}),
  };
}
