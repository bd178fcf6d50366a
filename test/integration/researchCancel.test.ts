// Cancel Agent Job, inside a real extension host against the sandbox: offered for the runs the row
// offers it for, and only those.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, setApiUrl, until, useSandbox } from './helpers';
import { type NoticeRecorder, recordNotices } from './notices';

describe('cancel agent job', function () {
  this.timeout(60_000);
  let api: TestApi;
  let sandbox: Sandbox;
  let notices: NoticeRecorder;
  const picked: string[][] = [];
  const showQuickPick = vscode.window.showQuickPick;
  const store = () => api.research.store;

  before(async () => {
    api = await activateExtension();
    await api.research.tree.loadRows();
    sandbox = await startSandbox({ seed: false });
    await useSandbox(api, sandbox);
    notices = recordNotices(['info', 'warning']);
    notices.answer = () => undefined;
    (vscode.window as { showQuickPick: unknown }).showQuickPick = (items: Array<{ id?: string }>) => {
      picked.push(items.map((i) => i.id ?? ''));
      return Promise.resolve(undefined);
    };
  });

  after(async () => {
    notices.restore();
    (vscode.window as { showQuickPick: unknown }).showQuickPick = showQuickPick;
    for (const job of store().jobs) store().untrack(job.id);
    await api.keys.clear();
    await setApiUrl(undefined);
    await sandbox.close();
  });

  it('a run the service no longer has (its last answer said processing) is not offered for cancelling, from the row or the palette', async () => {
    const id = sandbox.createAgentJob({ durationMs: 600_000 });
    await vscode.commands.executeCommand('firecrawl.trackJob', id);
    await until('processing', () => store().get(id)?.snapshot?.status === 'processing');
    sandbox.fault({ route: 'agentStatus', kind: 'status', status: 404 });
    await store().refresh(id);
    const job = await until('the row to say it is gone', () => (store().get(id)?.poll.kind === 'stopped' ? store().get(id) : undefined));
    assert.equal(job.snapshot?.status, 'processing', 'the last answer still says processing');
    const tree = api.research.tree;
    assert.doesNotMatch(String(tree.item(tree.jobNode(id)).contextValue), /\bcancelable\b/);

    notices.notices.length = 0;
    assert.equal(await vscode.commands.executeCommand('firecrawl.cancelAgentJob', id), false);
    assert.deepEqual(notices.messages(), [], 'no confirmation asked for a run that cannot be cancelled');
    assert.equal(await vscode.commands.executeCommand('firecrawl.cancelAgentJob'), false);
    assert.deepEqual(picked, [], 'the palette offers no run to cancel');
    assert.deepEqual(notices.messages(), ['No tracked agent job is running.']);
    assert.equal(sandbox.requestCount('agentCancel'), 0);
  });
});
