// Entry of the browser extension host (vscode.dev, github.dev, Codespaces in a browser):
// dist/web/extension.js, a web-worker bundle; the parts loaded on first use (the feedback wizard,
// the Research view's actions, the agent tools) are bundles of their own beside it in dist/web/.
import type * as vscode from 'vscode';
import { activateExtension, deactivateExtension, type TestApi } from './activation';
import { setPlatform } from './host/platform';
import { webPlatform } from './platform/web';

export function activate(context: vscode.ExtensionContext): TestApi | undefined {
  setPlatform(webPlatform);
  return activateExtension(context);
}

export function deactivate(): Promise<void> | undefined {
  return deactivateExtension();
}
