// The Node extension host's bundle (dist/extension.js), loaded by dist/start.js (platform/start.ts) through V8's code cache.
import type * as vscode from 'vscode';
import { activateExtension, deactivateExtension, type TestApi } from './activation';
import { setPlatform } from './host/platform';
import { nodePlatform } from './platform/node';

export type { TestApi } from './activation';

export function activate(context: vscode.ExtensionContext): TestApi | undefined {
  setPlatform(nodePlatform);
  return activateExtension(context);
}

export function deactivate(): Promise<void> | undefined {
  return deactivateExtension();
}
