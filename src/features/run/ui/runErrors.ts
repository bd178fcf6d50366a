// A failed run as one notification with its next steps (host/errorText words it). Retry sends again
// what was typed, Edit and Retry opens it first; the other steps run here. The command does not wait
// for the person's choice.
import * as vscode from 'vscode';
import { COMMANDS, SETTINGS } from '../../../ids';
import { describeRunError, isCommonStep, type RunErrorText, type RunStep, runStepLabel } from '../../../host/errorText';
import { runCommonStep } from '../../../host/nextStepCommands';
import { openSetting, runSettings } from '../../../host/settings';
import { isFirecrawlError, MAX_SCRAPE_TIMEOUT_MS } from '../../../api';
import { plainText } from '../../../shared/text';
import type { RunServices } from './services';

/**
 * What the person may do next. `retry` sends the same again; `edit` opens what was sent for a change
 * (where there is nothing to edit, a refused field has no step that could help, and none is offered);
 * `choose` asks for another file where Retry sends the same one again (by default, choosing another
 * file is the retry); `skip` goes on with the pages or files after the failed one, when there are any.
 */
export interface RunSteps {
  retry: () => unknown;
  edit?: () => unknown;
  choose?: () => unknown;
  skip?: () => unknown;
}

/**
 * Says why the run failed and returns those words (undefined for a cancel the person asked for that
 * sent nothing that could still run). `about` names the page or file first, when the run did several.
 */
export function reportRunError(error: unknown, services: RunServices, steps: RunSteps, about?: string): RunErrorText | undefined {
  services.log.warn(`Run failed: ${error instanceof Error ? error.message : String(error)}`);
  // A cancelled agent start whose request had left is said: the run may be under way.
  const cancelled = isFirecrawlError(error) && error.kind === 'cancelled';
  if (cancelled && (error.operation !== 'agentStart' || (error as { sent?: boolean }).sent !== true)) return undefined;
  const balance = services.balance();
  const described = describeRunError(error, {
    ...services.provider.errorContext,
    ...(balance !== undefined ? { balance } : {}),
    timeoutAtMost: runSettings.scrapeTimeoutMs() >= MAX_SCRAPE_TIMEOUT_MS,
  });
  const offered = steps.edit ? described.actions : described.actions.filter((a) => a !== 'editAndRetry');
  // Skipping comes before the logs: it is a way on, the logs are a way to look.
  const logs = offered.indexOf('showLogs');
  const actions: RunStep[] = !steps.skip ? offered : logs < 0 ? [...offered, 'skip'] : [...offered.slice(0, logs), 'skip', ...offered.slice(logs)];
  const message = about
    ? vscode.l10n.t({ message: '{0}: {1}', args: [plainText(about, 100), described.message], comment: ['a page or file of several run in turn, then why it failed'] })
    : described.message;
  const text = { message, actions };
  const show = cancelled ? vscode.window.showWarningMessage : vscode.window.showErrorMessage;
  void show(text.message, ...text.actions.map(runStepLabel))
    .then(async (choice) => {
      const step = text.actions.find((a) => runStepLabel(a) === choice);
      if (!step) return;
      if (step === 'retry') await steps.retry();
      else if (step === 'chooseFile') await (steps.choose ?? steps.retry)();
      else if (step === 'editAndRetry') await steps.edit?.();
      else if (step === 'skip') await steps.skip?.();
      else if (step === 'openDashboard') await vscode.commands.executeCommand(COMMANDS.openDashboard);
      else if (step === 'addRecentJobs') await vscode.commands.executeCommand(COMMANDS.addRecentJobs);
      else if (step === 'openSettings' && isFirecrawlError(error) && error.status === 408) await openSetting(SETTINGS.scrapeTimeoutSeconds);
      else if (isCommonStep(step)) await runCommonStep(step);
    })
    .then(undefined, (failure: unknown) => {
      // A next step that failed outside the run's own reports (an editor that could not open) is said, not lost in the host's log.
      reportRunError(failure, services, steps, about);
    });
  return text;
}

/** What a run command ends with: the documents it opened, and why it stopped early if it did. */
export interface RunOutcome {
  opened: vscode.TextDocument[];
  failure?: RunErrorText;
  cancelled?: boolean;
}
