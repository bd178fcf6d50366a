// Keeping what a job found: Save Result… writes the analysis as Markdown or the result as JSON to a
// file the person picks, Copy Result puts it on the clipboard.
import * as vscode from 'vscode';
import { defaultSaveUri, fileNameOf } from '../../../host/saveLocation';
import { plainText } from '../../../shared/text';
import type { ResearchStore } from '../model/researchStore';
import type { TrackedJob } from '../model/trackedJob';
import { jobIdOf, pickJob } from './jobArguments';
import { type ResultFormat, resultFileName, resultFormats } from './resultFiles';
import { jobLabel, kindText } from './treeRows';

export interface ResultCommandDeps {
  store: ResearchStore;
}

async function chooseResult(store: ResearchStore, clicked: unknown, verb: string): Promise<{ job: TrackedJob; format: ResultFormat } | undefined> {
  const id = jobIdOf(clicked) ?? (await pickJob(store, `${verb} the result of which job?`, (j) => resultFormats(j).length > 0));
  const job = id ? store.get(id) : undefined;
  if (!job) return undefined;
  const formats = resultFormats(job);
  if (!formats.length) {
    void vscode.window.showInformationMessage(`${plainText(jobLabel(job), 80)} has no result to keep${job.snapshot?.status === 'processing' ? ' yet: it is still running' : ''}.`);
    return undefined;
  }
  if (formats.length === 1) return { job, format: formats[0]! };
  const picked = await vscode.window.showQuickPick(
    formats.map((f) => ({ label: f.label, format: f })),
    { placeHolder: `${verb} which part of ${plainText(jobLabel(job), 60)}?` },
  );
  return picked ? { job, format: picked.format } : undefined;
}

export async function saveResult(deps: ResultCommandDeps, clicked?: unknown): Promise<vscode.Uri | undefined> {
  const chosen = await chooseResult(deps.store, clicked, 'Save');
  if (!chosen) return undefined;
  const { job, format } = chosen;
  const defaultUri = defaultSaveUri(resultFileName(job, format));
  const target = await vscode.window.showSaveDialog({
    title: `Save ${kindText(job)} result`,
    saveLabel: 'Save Result',
    ...(defaultUri ? { defaultUri } : {}),
    filters: format.format === 'markdown' ? { Markdown: ['md'] } : { JSON: ['json'] },
  });
  if (!target) return undefined;
  try {
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(format.text));
  } catch (error) {
    void vscode.window.showErrorMessage(`Could not save ${fileNameOf(target)}: ${plainText(error instanceof Error ? error.message : String(error), 300)}`);
    return undefined;
  }
  vscode.window.setStatusBarMessage(`Saved ${fileNameOf(target)}`, 4000);
  return target;
}

export async function copyResult(deps: ResultCommandDeps, clicked?: unknown): Promise<string | undefined> {
  const chosen = await chooseResult(deps.store, clicked, 'Copy');
  if (!chosen) return undefined;
  await vscode.env.clipboard.writeText(chosen.format.text);
  vscode.window.setStatusBarMessage(`Copied the ${chosen.format.format === 'markdown' ? 'Markdown' : 'JSON'} result`, 3000);
  return chosen.format.text;
}
