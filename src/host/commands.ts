// Commands are registered at activation, before the key has been read from SecretStorage (activation
// waits for nothing from the host). A command run in that moment waits for the key instead of acting
// as if there were none.
import * as vscode from 'vscode';
import { isBundleLoadError } from './bundleError';
import { describeError } from './errorText';
import { notifyWithSteps } from './nextStepCommands';

let gate: Promise<unknown> = Promise.resolve();

/** Commands registered through `registerCommand` run once `ready` settles. */
export function holdCommandsUntil(ready: Promise<unknown>): void {
  gate = ready.catch(() => undefined);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- command arguments are whatever the caller passes
export function registerCommand(id: string, handler: (...args: any[]) => unknown): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    await gate;
    try {
      return await handler(...args);
    } catch (error) {
      // Most commands load their code on first use; when that fails the workbench would say only
      // "Running the contributed command … failed": say which file and what to do instead.
      if (!isBundleLoadError(error)) throw error;
      const { message, actions } = describeError(error);
      notifyWithSteps('error', message, actions);
      return undefined;
    }
  });
}
