// What a research command was given: a tree node (the clicked one, then every selected one), a job id
// as text, or nothing, in which case the person picks a job.
import * as vscode from 'vscode';
import { isJobId, normalizeJobId } from '../../../shared/jobIds';
import type { ResearchStore } from '../model/researchStore';
import type { TrackedJob } from '../model/trackedJob';
import { selectedOf } from './rowTypes';
import { conditionText, jobLabel, kindText, type ResearchNode } from './treeRows';

export function isNode(value: unknown): value is ResearchNode {
  return typeof value === 'object' && value !== null && typeof (value as ResearchNode).jobId === 'string' && typeof (value as ResearchNode).kind === 'string';
}

export function jobIdOf(value: unknown): string | undefined {
  if (typeof value === 'string' && isJobId(value)) return normalizeJobId(value);
  if (isNode(value)) return value.jobId;
  return undefined;
}

/** The clicked node's job plus the other jobs selected with it (VS Code passes both for multi-select). */
export function jobIdsOf(clicked: unknown, selected: unknown): string[] {
  return selectedOf(clicked, selected, jobIdOf);
}

/** For a pick of jobs with a result: some are tracked, none of them has one. */
export const noResultYet = (): string => vscode.l10n.t('None of the tracked jobs has such a result yet.');

/** `none`: what to say when jobs are tracked but `filter` leaves none of them. */
export async function pickJob(store: ResearchStore, placeHolder: string, filter: (job: TrackedJob) => boolean = () => true, none?: () => string): Promise<string | undefined> {
  const items = store.jobs.filter(filter).map((job) => ({ label: jobLabel(job), description: `${kindText(job)} · ${conditionText(job)}`, detail: job.id, id: job.id }));
  if (!items.length) {
    void vscode.window.showInformationMessage(store.jobs.length && none ? none() : vscode.l10n.t('No research jobs are tracked.'));
    return undefined;
  }
  return (await vscode.window.showQuickPick(items, { placeHolder, matchOnDetail: true }))?.id;
}
