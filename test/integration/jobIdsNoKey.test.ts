// The job-id hover with no API key set: it says so plainly, instead of reporting a failed read as if
// a key had been rejected.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, setApiUrl, until, useSandbox } from './helpers';
import { recordNotices } from './notices';

const UNKNOWN = '5c0ffee0-1234-4abc-8def-0123456789ab';

describe('the job-id hover with no API key', function () {
  this.timeout(60_000);
  let api: TestApi;
  let sandbox: Sandbox;

  before(async () => {
    api = await activateExtension();
    sandbox = await startSandbox({ seed: false });
    await useSandbox(api, sandbox);
  });

  after(async () => {
    await api.keys.clear();
    await setApiUrl(undefined);
    await sandbox.close();
  });

  it('says no key is set, not that a key was rejected', async () => {
    await api.keys.clear();
    await until('the key to be gone', () => api.keys.current === undefined);
    api.activity.clear();
    const document = await vscode.workspace.openTextDocument({ content: `id ${UNKNOWN}` });
    const position = document.positionAt(document.getText().indexOf(UNKNOWN) + 5);
    const hovers = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position)) ?? [];
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.doesNotMatch(text, /rejected the API key/);
    assert.match(text, /the recent activity could not be read\\?: The server at http\S+ asks for an API key \\?\(401\\?\) and none is set/);
  });

  it('at the hosted service, asks it nothing: it answers no one without a key', async () => {
    await setApiUrl(undefined);
    await until('the hosted service to be the server', () => !api.provider.isSelfHosted);
    api.activity.clear();
    const before = api.activity.reads;
    const document = await vscode.workspace.openTextDocument({ content: `id ${UNKNOWN}` });
    const position = document.positionAt(document.getText().indexOf(UNKNOWN) + 5);
    const hovers = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position)) ?? [];
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /the recent activity could not be read\\: no API key is set/);
    assert.equal(api.activity.reads, before, 'no request to the hosted service');
  });

  it('Look Up with no key asks the hosted service nothing and tracks nothing; a server of its own that asks for a key leaves nothing tracked', async () => {
    await api.keys.clear();
    await setApiUrl(undefined);
    await until('the hosted service to be the server', () => !api.provider.isSelfHosted && api.keys.current === undefined);
    const hosted = '0ddba11e-2222-4abc-8def-0123456789ab';
    await vscode.commands.executeCommand('firecrawl.lookUpJobId', hosted);
    assert.equal(api.research.store.get(hosted), undefined);

    await setApiUrl(sandbox.url);
    await until('the sandbox to be the server', () => api.provider.url.url === sandbox.url);
    const own = '0ddba11e-3333-4abc-8def-0123456789ab';
    sandbox.resetCounts();
    await vscode.commands.executeCommand('firecrawl.lookUpJobId', own);
    assert.equal(sandbox.requestCount('agentStatus'), 1, 'a server of its own is asked: it may need no key');
    assert.equal(api.research.store.get(own), undefined);
  });

  it('Look Up at a self-hosted server that keeps no such jobs: no advice about a key and a team, the first time or the second', async () => {
    await setApiUrl(sandbox.url);
    await until('the sandbox to be the server', () => api.provider.url.url === sandbox.url && api.provider.isSelfHosted);
    sandbox.selfHosted = true;
    const notices = recordNotices(['warning']);
    notices.answer = () => undefined;
    try {
      const id = '0ddba11e-4444-4abc-8def-0123456789ab';
      await vscode.commands.executeCommand('firecrawl.lookUpJobId', id);
      const first = await until('the answer', () => notices.notices.find((n) => /^Not found at /.test(n.message)));
      assert.match(
        first.message,
        /^Not found at http:\/\/127\.0\.0\.1:\d+: [0-9a-f]{8}\. Check the id, and that the job ran on this server: a self-hosted Firecrawl may keep no agent or deep research jobs\.$/,
      );
      await vscode.commands.executeCommand('firecrawl.lookUpJobId', id);
      const again = await until('the remembered answer', () => notices.notices.find((n) => / was looked up /.test(n.message)));
      assert.match(again.message, /: not found at http:\/\/127\.0\.0\.1:\d+\. Check the id, and that the job ran on this server/);
      assert.ok(
        notices.notices.every((n) => !/API key belongs to the team/.test(n.message)),
        notices.messages().join('\n'),
      );
    } finally {
      notices.restore();
      sandbox.selfHosted = false;
    }
  });
});
