// Shared by the integration tests: the activated extension's test API and a polling wait.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

const root = path.resolve(__dirname, '..', '..', '..');
export const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
export const extensionId = `${manifest.publisher}.${manifest.name}`;

export async function activateExtension<T = Record<string, unknown>>(): Promise<T> {
  const extension = vscode.extensions.getExtension(extensionId);
  if (!extension) throw new Error(`${extensionId} is not loaded`);
  const api = await extension.activate();
  if (!api) throw new Error('the extension returned no test API: is the host in test mode?');
  return api as T;
}

/** Polls until `check` returns a truthy value, or fails with `what` after `timeoutMs`. */
export async function until<T>(what: string, check: () => T | Promise<T>, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function setApiUrl(url: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('firecrawl').update('apiUrl', url, vscode.ConfigurationTarget.Global);
}
