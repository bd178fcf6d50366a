// Runs the next steps every surface offers the same way (see host/errorText/nextSteps).
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { type CommonStep, isCommonStep, type NextStep, nextStepLabel } from './errorText';
import { openSetting } from './settings';

export function runCommonStep(step: CommonStep): Thenable<unknown> {
  switch (step) {
    case 'setApiKey':
      return vscode.commands.executeCommand(COMMANDS.setApiKey);
    case 'openSettings':
      return openSetting();
    case 'showLogs':
      return vscode.commands.executeCommand(COMMANDS.showLogs);
  }
}

/**
 * A notification with the next steps its words call for as buttons: Retry first when `retry` is given
 * (it does again what failed), then the steps every surface runs the same way. Does not wait for the
 * person's choice.
 */
export function notifyWithSteps(severity: 'error' | 'warning', message: string, steps: readonly NextStep[], retry?: () => unknown): void {
  const offered: NextStep[] = [...(retry ? (['retry'] as const) : []), ...steps.filter(isCommonStep)];
  const show = severity === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
  void show(message, ...offered.map(nextStepLabel)).then((choice) => {
    const step = offered.find((s) => nextStepLabel(s) === choice);
    if (step === 'retry') void retry?.();
    else if (step && isCommonStep(step)) void runCommonStep(step);
  });
}
