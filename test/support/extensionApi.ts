// The activated extension as integration tests see it (inside the extension host): its typed test
// API, and a research feature rebuilt from the same stored state, which is what a window reload shows.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import type { ResearchFeature } from '../../src/features/research';

const root = path.resolve(__dirname, '..', '..', '..');
export const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
export const extensionId = `${manifest.publisher}.${manifest.name}`;

export async function activateExtension(): Promise<TestApi> {
  const extension = vscode.extensions.getExtension<TestApi | undefined>(extensionId);
  if (!extension) throw new Error(`${extensionId} is not loaded`);
  const api = await extension.activate();
  if (!api) throw new Error('the extension returned no test API: is the host in test mode?');
  // Activation returns before the key is read; tests start from a window that has settled.
  await api.started;
  return api;
}

/** Disposes the live research feature after its last write and builds a new one from the same state. */
export async function restartResearch(api: TestApi): Promise<ResearchFeature> {
  await api.research.store.flush();
  api.research.dispose();
  // Let the workbench take the old view down before the new one registers under the same id.
  await new Promise((resolve) => setTimeout(resolve, 250));
  api.research = api.newResearch();
  // The list is there at once; the snapshots follow from their files.
  await api.research.store.ready;
  return api.research;
}
