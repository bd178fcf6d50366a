// A job id's actions as commands: the hover's links and the terminal link's quick pick run the same
// ones. Rate opens the feedback wizard at the rating page with the endpoint and the job chosen; Track
// hands the id to Track Job (which finds the kind: agent first, then deep research), and so does Look
// Up, unless that id was just found to be neither.
import * as vscode from 'vscode';
import type { ErrorText } from '../../../host/errorText';
import { notifyWithSteps } from '../../../host/nextStepCommands';
import { COMMANDS } from '../../../ids';
import { formatAgo } from '../../../shared/format';
import { isJobId, normalizeJobId, shortJobId } from '../../../shared/jobIds';
import { plainText } from '../../../shared/text';
import type { JobIdAction } from '../model/jobIdFacts';
import type { LookUpMisses } from '../model/lookUpMisses';

/** Every command a hover may link to: its `isTrusted` allows these and nothing else. */
export const JOB_ID_COMMANDS: readonly string[] = [COMMANDS.submitFeedback, COMMANDS.trackJob, COMMANDS.lookUpJobId, COMMANDS.copyJobIdText];

export function actionCommand(action: JobIdAction, id: string): { command: string; args: unknown[] } {
  switch (action.kind) {
    case 'rate':
      return { command: COMMANDS.submitFeedback, args: [{ endpoint: action.endpoint, jobId: id, rateResult: true }] };
    case 'track':
      // Show Job: the row is what was asked for; "already tracked" would tell the person what they know.
      return { command: COMMANDS.trackJob, args: action.tracked ? [id, { show: true }] : [id] };
    case 'lookUp':
      return { command: COMMANDS.lookUpJobId, args: [id] };
    case 'copy':
      return { command: COMMANDS.copyJobIdText, args: [id] };
  }
}

export function actionLabel(action: JobIdAction): string {
  switch (action.kind) {
    case 'rate':
      return vscode.l10n.t('Rate This Job…');
    case 'track':
      return action.tracked ? vscode.l10n.t('Show Job') : vscode.l10n.t('Track');
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

export interface LookUpDeps {
  misses: LookUpMisses;
  now: () => number;
  /** Why nothing can be asked (no key at a server that answers no one without one), or undefined. */
  cannotAsk: () => string | undefined;
  /** The server asked, when it is a server of one's own used without a key (no team to check a key against). */
  selfHostedAt: () => string | undefined;
  describe: (error: unknown) => ErrorText;
}

/**
 * The Look Up action's command: Track Job for the id (at most two requests: agent, then deep research),
 * unless it was found to be neither a short while ago; then it says so and asks nothing. Look Up is a
 * question: an id no answer said anything of (no key, a refused key, offline) is not left tracked.
 */
export async function lookUpJobId(deps: LookUpDeps, given: unknown): Promise<void> {
  if (typeof given !== 'string' || !isJobId(given)) return;
  const id = normalizeJobId(given);
  const miss = deps.misses.missed(id);
  if (miss !== undefined) {
    const ago = formatAgo(miss.at, deps.now());
    const server = deps.selfHostedAt();
    void vscode.window.showWarningMessage(
      server && !miss.researchGone
        ? vscode.l10n.t(
            '{0} was looked up {1}: not found at {2}. Check the id, and that the job ran on this server: a self-hosted Firecrawl may keep no agent or deep research jobs.',
            shortJobId(id),
            ago,
            plainText(server, 200),
          )
        : miss.researchGone
          ? vscode.l10n.t(
              '{0} was looked up {1}: not found. A deep research job cannot be read any more: the Deep Research API was shut down. For an agent job, check the id, and that your API key belongs to the team that ran it.',
              shortJobId(id),
              ago,
            )
          : vscode.l10n.t('{0} was looked up {1}: not found as an agent job or a deep research job. Check the id, and that your API key belongs to the team that ran it.', shortJobId(id), ago),
    );
    return;
  }
  const cannotAsk = deps.cannotAsk();
  if (cannotAsk !== undefined) return sayNotLookedUp(id, { message: cannotAsk, actions: ['setApiKey'] });
  const outcome = await vscode.commands.executeCommand<
    { notFound?: readonly string[]; notFoundResearchGone?: readonly string[]; unanswered?: ReadonlyArray<{ id: string; error: unknown }> } | undefined
  >(COMMANDS.trackJob, id, { lookUp: true });
  if (outcome?.notFound?.includes(id)) deps.misses.remember(id, outcome.notFoundResearchGone?.includes(id) === true);
  const unanswered = outcome?.unanswered?.find((u) => u.id === id);
  if (unanswered) sayNotLookedUp(id, deps.describe(unanswered.error));
}

function sayNotLookedUp(id: string, why: ErrorText): void {
  notifyWithSteps('warning', vscode.l10n.t('Could not look up {0}: {1}', shortJobId(id), why.message), why.actions);
}
