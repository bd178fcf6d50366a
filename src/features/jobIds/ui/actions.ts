// A job id's actions as commands: the hover's links and the terminal link's quick pick run the same
// ones. Rate opens the feedback wizard at the rating page with the endpoint and the job chosen; Track
// and Look Up hand the id to Track Job (which finds the kind: agent first, then deep research).
import * as vscode from 'vscode';
import { COMMANDS } from '../../../ids';
import type { JobIdAction } from '../model/jobIdFacts';

/** Every command a hover may link to: its `isTrusted` allows these and nothing else. */
export const JOB_ID_COMMANDS: readonly string[] = [COMMANDS.submitFeedback, COMMANDS.trackJob, COMMANDS.copyJobIdText];

export function actionCommand(action: JobIdAction, id: string): { command: string; args: unknown[] } {
  switch (action.kind) {
    case 'rate':
      return { command: COMMANDS.submitFeedback, args: [{ endpoint: action.endpoint, jobId: id, rateResult: true }] };
    case 'track':
    case 'lookUp':
      return { command: COMMANDS.trackJob, args: [id] };
    case 'copy':
      return { command: COMMANDS.copyJobIdText, args: [id] };
  }
}

export function actionLabel(action: JobIdAction): string {
  switch (action.kind) {
    case 'rate':
      return vscode.l10n.t('Rate This Job…');
    case 'track':
      return vscode.l10n.t('Track');
    case 'lookUp':
      return vscode.l10n.t('Look Up');
    case 'copy':
      return vscode.l10n.t('Copy');
  }
}

/** A `command:` link for Markdown: the arguments are JSON, encoded for a URI. */
export function commandLink(action: JobIdAction, id: string): string {
  const { command, args } = actionCommand(action, id);
  return `command:${command}?${encodeURIComponent(JSON.stringify(args))}`;
}

export function runAction(action: JobIdAction, id: string): Thenable<unknown> {
  const { command, args } = actionCommand(action, id);
  return vscode.commands.executeCommand(command, ...args);
}

/** The Copy action's command: the id it is given goes to the clipboard. */
export async function copyJobIdText(given: unknown): Promise<void> {
  if (typeof given !== 'string' || !given) return;
  await vscode.env.clipboard.writeText(given);
  void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied job id {0}', given), 3000);
}
