// The read-only result documents of a tracked job, inside a real extension host against the sandbox:
// an open document follows the job out of the list as well as through its changes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, setApiUrl, until, useSandbox } from './helpers';

describe('research documents', function () {
  this.timeout(60_000);
  let api: TestApi;
  let sandbox: Sandbox;
  const store = () => api.research.store;

  before(async () => {
    api = await activateExtension();
    sandbox = await startSandbox({ seed: false });
    await useSandbox(api, sandbox);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const job of store().jobs) store().untrack(job.id);
    await api.keys.clear();
    await setApiUrl(undefined);
    await sandbox.close();
  });

  it('an open analysis or JSON document says so once its job is untracked, rather than keep the result as if it were still followed', async () => {
    const id = sandbox.createResearchJob({ durationMs: 0, withJson: true, finalAnalysis: '# Report\n\nbody' });
    await vscode.commands.executeCommand('firecrawl.trackJob', id);
    await until('completion', () => store().get(id)?.snapshot?.status === 'completed');
    const analysis = await vscode.workspace.openTextDocument(await vscode.commands.executeCommand<vscode.Uri>('firecrawl.openResearchAnalysisText', id));
    const json = await vscode.workspace.openTextDocument(await vscode.commands.executeCommand<vscode.Uri>('firecrawl.openResearchJson', id));
    assert.match(analysis.getText(), /^# Report/);
    assert.match(json.getText(), /"confidence"/);

    store().untrack(id);
    await until('the analysis document to say the job is no longer tracked', () => /no longer tracked/.test(analysis.getText()));
    await until('the JSON document to say so too', () => /no longer tracked/.test(json.getText()));
  });
});
