// Keeping what a job found: Save Result… writes the analysis as Markdown or the result as JSON to a
// file the person picks, Copy Result puts it on the clipboard.
import { isRunning } from '../../../api';
import * as vscode from 'vscode';
import { defaultSaveUri, fileNameOf } from '../../../host/saveLocation';
import { fileWriteText } from '../../../host/errorText';
import { plainText } from '../../../shared/text';
import type { ResearchStore } from '../model/researchStore';
import { isFinished, type TrackedJob } from '../model/trackedJob';
import { jobIdOf, noResultYet, pickJob } from './jobArguments';
import { type ResultFormat, resultFileName, resultFormats } from './resultFiles';
import { jobLabel } from './treeRows';

export interface ResultCommandDeps {
  store: ResearchStore;
}

/** The two questions Save and Copy ask, each a whole sentence of its own. */
interface ResultPrompts {
  whichJob: string;
  whichPart(label: string): string;
}

const savePrompts = (): ResultPrompts => ({
  whichJob: vscode.l10n.t('Save the result of which job?'),
  whichPart: (label) => vscode.l10n.t('Save which part of {0}?', label),
});

const copyPrompts = (): ResultPrompts => ({
  whichJob: vscode.l10n.t('Copy the result of which job?'),
  whichPart: (label) => vscode.l10n.t('Copy which part of {0}?', label),
});

async function chooseResult(store: ResearchStore, clicked: unknown, prompts: ResultPrompts): Promise<{ job: TrackedJob; format: ResultFormat } | undefined> {
  const id = jobIdOf(clicked) ?? (await pickJob(store, prompts.whichJob, (j) => resultFormats(j).length > 0, noResultYet));
  const job = id ? store.get(id) : undefined;
  if (!job) return undefined;
  const formats = resultFormats(job);
  if (!formats.length) {
    const label = plainText(jobLabel(job), 80);
    void vscode.window.showInformationMessage(
      // A job stopped for good (the API shut down, the job gone) may last have said it was running: it is not any more.
      isRunning(job.snapshot) && !isFinished(job) ? vscode.l10n.t('{0} has no result to keep yet: it is still running.', label) : vscode.l10n.t('{0} has no result to keep.', label),
    );
    return undefined;
  }
  if (formats.length === 1) return { job, format: formats[0]! };
  const picked = await vscode.window.showQuickPick(
    formats.map((f) => ({ label: f.label, format: f })),
    { placeHolder: prompts.whichPart(plainText(jobLabel(job), 60)) },
  );
  return picked ? { job, format: picked.format } : undefined;
}

export async function saveResult(deps: ResultCommandDeps, clicked?: unknown): Promise<vscode.Uri | undefined> {
  const chosen = await chooseResult(deps.store, clicked, savePrompts());
  if (!chosen) return undefined;
  const { job, format } = chosen;
  const defaultUri = defaultSaveUri(resultFileName(job, format));
  const target = await vscode.window.showSaveDialog({
    title: job.kind === 'agent' ? vscode.l10n.t('Save agent result') : job.kind === 'deepResearch' ? vscode.l10n.t('Save deep research result') : vscode.l10n.t('Save job result'),
    saveLabel: vscode.l10n.t('Save Result'),
    ...(defaultUri ? { defaultUri } : {}),
    // not localised: Markdown and JSON are the formats' names
    filters: format.format === 'markdown' ? { Markdown: ['md'] } : { JSON: ['json'] },
  });
  if (!target) return undefined;
  try {
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(format.text));
  } catch (error) {
    void vscode.window.showErrorMessage(fileWriteText(fileNameOf(target), error));
    return undefined;
  }
  vscode.window.setStatusBarMessage(vscode.l10n.t('Saved {0}', fileNameOf(target)), 4000);
  return target;
}

export async function copyResult(deps: ResultCommandDeps, clicked?: unknown): Promise<string | undefined> {
  const chosen = await chooseResult(deps.store, clicked, copyPrompts());
  if (!chosen) return undefined;
  await vscode.env.clipboard.writeText(chosen.format.text);
  vscode.window.setStatusBarMessage(chosen.format.format === 'markdown' ? vscode.l10n.t('Copied the Markdown result') : vscode.l10n.t('Copied the JSON result'), 3000);
  return chosen.format.text;
}
