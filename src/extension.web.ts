// Entry of the browser extension host (vscode.dev, github.dev, Codespaces in a browser):
// dist/web/extension.js, one web-worker bundle with the wizard inside.
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
