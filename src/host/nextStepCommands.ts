// Runs the next steps every surface offers the same way (see host/errorText/nextSteps).
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import type { CommonStep } from './errorText';
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
