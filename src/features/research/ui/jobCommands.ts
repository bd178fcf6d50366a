// The Research view's commands. Each takes what VS Code passes from a tree menu (the clicked node,
// then every selected node) or a plain job id / URL string, so they also work from other code.
import * as vscode from 'vscode';
import { isFirecrawlError } from '../../../api';
import { formatExact, plural } from '../../../shared/format';
import { shortJobId } from '../../../shared/jobIds';
import type { ResearchStore, RefreshOutcome } from '../model/researchStore';
import { resultJson, resultMarkdown } from '../model/jobFacts';
import { isCancelable, type TrackedJob } from '../model/trackedJob';
import { isNode, jobIdOf, jobIdsOf, noResultYet, pickJob } from './jobArguments';
import { isWebUrl } from '../../../shared/urls';
import { cancelConflictText, describeError, type ErrorContext } from '../../../host/errorText';
import { notifyWithSteps } from '../../../host/nextStepCommands';
import { COMMANDS, VIEWS } from '../../../ids';
import { documentUri } from './documents';

export interface JobCommandDeps {
  store: ResearchStore;
  /** Where requests go, for the words of a failed refresh or cancel. */
  errors(): ErrorContext;
}

export async function untrackJobs(deps: JobCommandDeps, clicked?: unknown, selected?: unknown): Promise<number> {
  let ids = jobIdsOf(clicked, selected);
  if (!ids.length) {
    const picked = await pickJob(deps.store, vscode.l10n.t('Stop tracking which job?'));
    ids = picked ? [picked] : [];
  }
  let removed = 0;
  for (const id of ids) if (deps.store.untrack(id)) removed++;
  return removed;
}

export function clearFinishedJobs(deps: JobCommandDeps): number {
  const { removed, kept } = deps.store.clearFinished();
  const n = formatExact(removed);
  const message = removed ? plural(removed, vscode.l10n.t('Cleared {0} finished job', n), vscode.l10n.t('Cleared {0} finished jobs', n)) : vscode.l10n.t('No finished jobs to clear');
  if (!kept.length) vscode.window.setStatusBarMessage(message, 3000);
  else {
    // Said where it stays until read: what is kept, why, and how to let them go.
    const k = formatExact(kept.length);
    const why = plural(
      kept.length,
      vscode.l10n.t('Kept {0} deep research job: the Deep Research API was shut down, so what it found is only here. Save its result if you want it, then stop tracking it from its row.', k),
      vscode.l10n.t('Kept {0} deep research jobs: the Deep Research API was shut down, so what they found is only here. Save the results you want, then stop tracking them from their rows.', k),
    );
    // A button keeps the whole message on screen (a notice without one shows its first line), and saves.
    const save = vscode.l10n.t('Save Result…');
    void vscode.window
      .showInformationMessage(vscode.l10n.t({ message: '{0}. {1}', args: [message, why], comment: ['how many jobs were cleared, then which were kept and why'] }), save)
      .then((choice) => (choice === save ? vscode.commands.executeCommand(COMMANDS.saveJobResult, kept.length === 1 ? kept[0] : undefined) : undefined));
  }
  return removed;
}

export async function copyJobId(deps: JobCommandDeps, clicked?: unknown, selected?: unknown): Promise<string | undefined> {
  let ids = jobIdsOf(clicked, selected);
  if (!ids.length) {
    const picked = await pickJob(deps.store, vscode.l10n.t('Copy the id of which job?'));
    ids = picked ? [picked] : [];
  }
  if (!ids.length) return undefined;
  const text = ids.join('\n');
  await vscode.env.clipboard.writeText(text);
  // One id is named (its short form); several are counted.
  const n = formatExact(ids.length);
  const message = ids.length === 1 ? vscode.l10n.t('Copied job id {0}…', shortJobId(ids[0]!)) : plural(ids.length, vscode.l10n.t('Copied {0} job id', n), vscode.l10n.t('Copied {0} job ids', n));
  vscode.window.setStatusBarMessage(message, 3000);
  return text;
}

/**
 * Said once for the refresh, with the first failure's words and next steps; Retry refreshes the same
 * jobs again. A job the service no longer has is not an error to shout about: its row says it.
 */
function reportFailures(outcomes: RefreshOutcome[], errors: ErrorContext, again: () => unknown): void {
  const failed = outcomes.filter((o) => o.error && !(isFirecrawlError(o.error) && o.error.kind === 'notFound' && o.error.serviceBody));
  const first = failed[0];
  if (!first?.error) return;
  const why = describeError(first.error, errors);
  const message =
    failed.length > 1 ? vscode.l10n.t('Could not refresh jobs (and {0} more): {1}', formatExact(failed.length - 1), why.message) : vscode.l10n.t('Could not refresh job: {0}', why.message);
  notifyWithSteps('warning', message, why.actions, failed.some((o) => isTransient(o.error)) ? again : undefined);
}

/** A failure that asking again may not meet (the network, a timeout, a busy or failing server). */
function isTransient(error: unknown): boolean {
  return isFirecrawlError(error) && error.transient;
}

export async function refreshAllJobs(deps: JobCommandDeps): Promise<RefreshOutcome[]> {
  const outcomes = await vscode.window.withProgress({ location: { viewId: VIEWS.research } }, () => deps.store.refreshAll());
  reportFailures(outcomes, deps.errors(), () => refreshAllJobs(deps));
  return outcomes;
}

export async function refreshJobs(deps: JobCommandDeps, clicked?: unknown, selected?: unknown): Promise<RefreshOutcome[]> {
  const ids = jobIdsOf(clicked, selected);
  if (!ids.length) return refreshAllJobs(deps);
  const outcomes = await vscode.window.withProgress({ location: { viewId: VIEWS.research } }, () => Promise.all(ids.map((id) => deps.store.refresh(id))));
  reportFailures(outcomes, deps.errors(), () => refreshJobs(deps, ids[0], ids));
  return outcomes;
}

async function openDocument(uri: vscode.Uri, language: string, preview: boolean): Promise<void> {
  if (preview) {
    try {
      await vscode.commands.executeCommand('markdown.showPreview', uri);
      return;
    } catch {
      // The built-in Markdown extension may be disabled: show the text instead.
    }
  }
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.languages.setTextDocumentLanguage(doc, language).then(undefined, () => undefined);
  await vscode.window.showTextDocument(doc, { preview: true });
}

async function jobForDocument(deps: JobCommandDeps, clicked: unknown, placeHolder: string, has: (job: TrackedJob) => boolean): Promise<string | undefined> {
  const id = jobIdOf(clicked) ?? (await pickJob(deps.store, placeHolder, has, noResultYet));
  if (!id) return undefined;
  const job = deps.store.get(id);
  if (!job || !has(job)) {
    void vscode.window.showInformationMessage(vscode.l10n.t('That job has no such result (yet).'));
    return undefined;
  }
  return id;
}

export async function openAnalysis(deps: JobCommandDeps, clicked?: unknown, asText = false): Promise<vscode.Uri | undefined> {
  const id = await jobForDocument(deps, clicked, vscode.l10n.t('Open the analysis of which job?'), (j) => Boolean(resultMarkdown(j.snapshot)));
  if (!id) return undefined;
  const uri = documentUri(id, 'analysis');
  await openDocument(uri, 'markdown', !asText);
  return uri;
}

/** The JSON result, or with `which` = 'partial' an agent run's data so far. */
export async function openJson(deps: JobCommandDeps, clicked?: unknown, which?: unknown): Promise<vscode.Uri | undefined> {
  const partial = which === 'partial';
  const has = partial ? (j: TrackedJob) => j.snapshot?.kind === 'agent' && j.snapshot.partial !== undefined : (j: TrackedJob) => resultJson(j.snapshot) !== undefined;
  const id = await jobForDocument(deps, clicked, vscode.l10n.t('Open the JSON result of which job?'), has);
  if (!id) return undefined;
  const uri = documentUri(id, partial ? 'partial' : 'json');
  await openDocument(uri, 'json', false);
  return uri;
}

function sourceUrlOf(deps: JobCommandDeps, value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!isNode(value) || value.kind !== 'source') return undefined;
  const s = deps.store.get(value.jobId)?.snapshot;
  return s?.kind === 'deepResearch' ? s.sources[value.index]?.url : undefined;
}

/** Opens a source in the browser, only when it is an http(s) address. */
export async function openSource(deps: JobCommandDeps, clicked?: unknown): Promise<boolean> {
  const url = sourceUrlOf(deps, clicked);
  if (!url) return false;
  if (!isWebUrl(url)) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Only http and https sources are opened. Use "Copy URL" to inspect this one.'));
    return false;
  }
  return vscode.env.openExternal(vscode.Uri.parse(url, true));
}

export async function copySourceUrl(deps: JobCommandDeps, clicked?: unknown): Promise<string | undefined> {
  const url = sourceUrlOf(deps, clicked);
  if (!url) return undefined;
  await vscode.env.clipboard.writeText(url);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Copied source URL'), 3000);
  return url;
}

/** After a confirmation; the row changes when the service says the run was cancelled, not before. */
export async function cancelAgentJob(deps: JobCommandDeps, clicked?: unknown): Promise<boolean> {
  const id = jobIdOf(clicked) ?? (await pickJob(deps.store, vscode.l10n.t('Cancel which agent job?'), isCancelable, () => vscode.l10n.t('No tracked agent job is running.')));
  const job = id ? deps.store.get(id) : undefined;
  if (!job || !isCancelable(job)) return false;
  const confirm = vscode.l10n.t('Cancel Job');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('Cancel agent job {0}? The run stops where it is; credits it has used are not refunded.', shortJobId(job.id)),
    { modal: true },
    confirm,
  );
  if (choice !== confirm) return false;
  return sendCancel(deps, job.id);
}

/** Retry sends the cancel again: the person said yes to it already. */
async function sendCancel(deps: JobCommandDeps, id: string): Promise<boolean> {
  const title = vscode.l10n.t('Cancelling the agent job…');
  const outcome = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, () => deps.store.cancel(id));
  if (outcome.conflict) {
    void vscode.window.showInformationMessage(cancelConflictText(outcome.conflict, shortJobId(id)));
    return false;
  }
  if (outcome.error) {
    const why = describeError(outcome.error, deps.errors());
    notifyWithSteps('warning', vscode.l10n.t('Could not cancel the agent job: {0}', why.message), why.actions, isTransient(outcome.error) ? () => sendCancel(deps, id) : undefined);
    return false;
  }
  return true;
}
