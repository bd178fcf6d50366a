// Job ids in any document and in the terminal, inside a real extension host against the sandbox on
// 127.0.0.1: the hover VS Code asks our provider for on a tracked agent run, on a scrape in the team's
// recent activity (its target escaped) and on an unknown id; links only to our commands; one activity
// request for many hovers; the terminal link provider's links for a line; and the hover setting.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, setApiUrl, until, useSandbox } from './helpers';
import { recordNotices } from './notices';

const UNKNOWN = '5c0ffee0-1234-4abc-8def-0123456789ab';

function hoverText(hovers: vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

function commandsLinked(text: string): string[] {
  return [...text.matchAll(/\]\((\w+):([\w.]+)/g)].map((m) => `${m[1]}:${m[2]}`);
}

describe('job ids in documents and the terminal', function () {
  this.timeout(60_000);
  let api: TestApi;
  let sandbox: Sandbox;

  before(async () => {
    api = await activateExtension();
    sandbox = await startSandbox({ seed: false });
    await useSandbox(api, sandbox);
    api.activity.clear();
  });

  after(async () => {
    for (const job of api.research.store.jobs) api.research.store.untrack(job.id);
    await vscode.workspace.getConfiguration('firecrawl.jobIds').update('hover', undefined, vscode.ConfigurationTarget.Global);
    await api.keys.clear();
    await setApiUrl(undefined);
    await sandbox.close();
  });

  async function hoverOn(document: vscode.TextDocument, id: string): Promise<vscode.Hover[]> {
    const offset = document.getText().indexOf(id);
    const position = document.positionAt(offset + 5);
    return (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position)) ?? [];
  }

  it('says what is known about a tracked, a recent and an unknown id, with links to our commands only', async () => {
    const agent = sandbox.createAgentJob({ prompt: 'Find three pricing pages', durationMs: 60_000 });
    await vscode.commands.executeCommand('firecrawl.trackJob', agent);
    await until('the agent run to be read', () => api.research.store.get(agent)?.snapshot);
    const scrape = sandbox.createV2Job('scrape', { target: 'https://example.com/[click](command:workbench.action.quit) *bold*' });
    const document = await vscode.workspace.openTextDocument({
      content: `agent started ${agent}\n[scrape] id=${scrape} ok\nfrom a bug note: ${UNKNOWN}\n`,
    });
    sandbox.resetCounts();

    const tracked = hoverText(await hoverOn(document, agent));
    assert.match(tracked, /Agent run/);
    assert.match(tracked, /Status: /);
    assert.match(tracked, /Tracked: /);
    assert.deepEqual(commandsLinked(tracked), ['command:firecrawl.trackJob', 'command:firecrawl.copyJobIdText']);
    assert.equal(sandbox.requestCount('activity'), 0, 'a tracked job needs no list');
    // Show Job reveals the row and says nothing more: "already tracked" would tell what the hover just said.
    const showLink = /\]\(command:firecrawl\.trackJob\?([^)]+)\)/.exec(tracked)?.[1];
    const showArgs = JSON.parse(decodeURIComponent(showLink ?? '')) as unknown[];
    assert.deepEqual(showArgs, [agent, { show: true }]);
    const infos = recordNotices();
    infos.answer = () => undefined;
    try {
      const outcome = await vscode.commands.executeCommand<{ existing: string[] }>('firecrawl.trackJob', ...showArgs);
      assert.deepEqual(outcome.existing, [agent]);
      await vscode.commands.executeCommand('firecrawl.trackJob', agent);
    } finally {
      infos.restore();
    }
    // Another feature may speak meanwhile (a research job finishing): only "already tracked" counts.
    assert.deepEqual(
      infos.notices.map((n) => n.message).filter((m) => /already tracked/.test(m)),
      ['That job is already tracked.'],
      'only Track Job itself says so',
    );

    // A run that stopped at its credit limit reads "failed" from the service: the hover says what the Research view says.
    const limited = sandbox.createAgentJob({ prompt: 'Compare plans', durationMs: 1_000, credits: 500, maxCredits: 100 });
    await vscode.commands.executeCommand('firecrawl.trackJob', limited);
    await until('the run to stop at its limit', () => api.research.store.get(limited)?.snapshot?.status === 'failed');
    const limitedDocument = await vscode.workspace.openTextDocument({ content: `run ${limited}\n` });
    assert.match(hoverText(await hoverOn(limitedDocument, limited)), /Status: stopped at its credit limit/);
    api.research.store.untrack(limited);

    const recent = hoverText(await hoverOn(document, scrape));
    assert.match(recent, /recent activity/);
    assert.match(recent, /Endpoint: scrape/);
    // The server's text is shown as text: its link and emphasis are escaped.
    assert.match(recent, /\\\[click\\\]\u200b?\\\(command\\:workbench\\\.action\\\.quit\\\) \\\*bold\\\*/);
    assert.deepEqual(commandsLinked(recent), ['command:firecrawl.submitFeedback', 'command:firecrawl.copyJobIdText']);
    const rateLink = /\]\(command:firecrawl\.submitFeedback\?([^)]+)\)/.exec(recent)?.[1];
    assert.deepEqual(JSON.parse(decodeURIComponent(rateLink ?? '')), [{ endpoint: 'scrape', jobId: scrape, rateResult: true }]);

    const unknown = hoverText(await hoverOn(document, UNKNOWN));
    assert.match(unknown, /Not tracked and not in the team's recent activity yet/);
    assert.deepEqual(commandsLinked(unknown), ['command:firecrawl.lookUpJobId', 'command:firecrawl.copyJobIdText']);

    // Both lookups that needed the list shared one read of it.
    assert.equal(sandbox.requestCount('activity'), 1);
    const hovers = await hoverOn(document, scrape);
    const markdown = hovers[0]?.contents[0] as vscode.MarkdownString;
    assert.deepEqual(markdown.isTrusted, { enabledCommands: ['firecrawl.submitFeedback', 'firecrawl.trackJob', 'firecrawl.lookUpJobId', 'firecrawl.copyJobIdText'] });
    assert.equal(sandbox.requestCount('activity'), 1);
  });

  it('Look Up asks at most twice (agent, then deep research) and remembers a miss: the same id again asks nothing', async () => {
    const missing = '7e57ab1e-0000-4abc-8def-0123456789ab';
    // About this id only: jobs tracked by the tests before may be polled meanwhile.
    const asked = (id = missing) => ({ agent: sandbox.requestsAbout(id, 'agentStatus').length, research: sandbox.requestsAbout(id, 'deepResearch').length });
    sandbox.resetCounts();
    await vscode.commands.executeCommand('workbench.view.explorer');
    await until('the Research view to be hidden', () => !api.research.view.treeView.visible);
    await vscode.commands.executeCommand('firecrawl.lookUpJobId', missing);
    assert.deepEqual(asked(), { agent: 1, research: 1 });
    assert.equal(api.research.store.get(missing), undefined, 'a miss is not left tracked');
    assert.equal(api.research.view.treeView.visible, false, 'Look Up is a question: the view opens only for a job it finds');
    assert.ok(api.jobIds.misses.missed(missing)?.at !== undefined);
    await vscode.commands.executeCommand('firecrawl.lookUpJobId', missing.toUpperCase());
    assert.deepEqual(asked(), { agent: 1, research: 1 }, 'the second Look Up made no request');

    // An id that is found is tracked (one request: it is an agent run) and not remembered as a miss.
    const agent = sandbox.createAgentJob({ prompt: 'Looked up', durationMs: 60_000 });
    sandbox.resetCounts();
    await vscode.commands.executeCommand('firecrawl.lookUpJobId', agent);
    assert.ok(api.research.store.get(agent));
    await until('the Research view to show the job found', () => api.research.view.treeView.visible);
    assert.equal(api.jobIds.misses.missed(agent)?.at, undefined);
    assert.equal(asked(agent).research, 0);

    // Another key or server: what was missing for one team may be another's.
    await api.keys.clear();
    await until('the misses to be forgotten', () => api.jobIds.misses.missed(missing)?.at === undefined);
    await useSandbox(api, sandbox);
  });

  it('Look Up of an id no answer says anything of (a refused key, the server unreachable) leaves nothing tracked', async () => {
    for (const kind of ['refused', 'unreachable'] as const) {
      const id = kind === 'refused' ? '0ddba11e-0000-4abc-8def-0123456789ab' : '0ddba11e-1111-4abc-8def-0123456789ab';
      if (kind === 'refused') sandbox.fault({ route: 'agentStatus', kind: 'status', status: 401 });
      else sandbox.fault({ route: 'agentStatus', kind: 'connectionReset', times: 50 });
      try {
        await vscode.commands.executeCommand('firecrawl.lookUpJobId', id);
        assert.equal(api.research.store.get(id), undefined, `${kind}: not left in the Research view`);
        assert.equal(api.jobIds.misses.missed(id)?.at, undefined, `${kind}: not remembered as missing: it was never answered`);
      } finally {
        sandbox.clearFaults();
      }
    }
  });

  it("a recent-activity read that failed is said whole in the hover, with the step our words give and the server's words", async () => {
    api.activity.clear();
    sandbox.fault({ route: 'activity', kind: 'status', status: 403, body: { success: false, error: 'Request blocked: key restricted.' } });
    try {
      const id = '0ddba11e-2222-4abc-8def-0123456789ab';
      const document = await vscode.workspace.openTextDocument({ content: `seen: ${id}\n` });
      const text = hoverText(await hoverOn(document, id)).replace(/\\/g, '');
      assert.match(
        text,
        /the recent activity could not be read: Firecrawl refused .*\(403\): the team may be blocked, or your IP not on its allow-list\. Firecrawl said: Request blocked: key restricted\./,
      );
    } finally {
      sandbox.clearFaults();
      api.activity.clear();
    }
  });

  it('finds ids in a terminal line as links', () => {
    const line = `Scrape done: ${UNKNOWN} (2 credits) and ff${UNKNOWN}`;
    const links = api.jobIds.terminalLinks.provideTerminalLinks({ line, terminal: undefined as unknown as vscode.Terminal });
    assert.deepEqual(
      links.map((l) => [l.startIndex, l.length, l.id]),
      [[line.indexOf(UNKNOWN), 36, UNKNOWN]],
    );
  });

  it("a hover moved away from, or a terminal link's pick closed, stops waiting for a recent-activity read that hangs", async () => {
    api.activity.clear();
    sandbox.fault({ route: 'activity', kind: 'hang' });
    try {
      const document = await vscode.workspace.openTextDocument({ content: `id ${UNKNOWN}` });
      const position = document.positionAt(document.getText().indexOf(UNKNOWN) + 5);
      const leaving = new vscode.CancellationTokenSource();
      const hover = api.jobIds.hover.provideHover(document, position, leaving.token);
      await until('the read to be asked for', () => sandbox.requestCount('activity') > 0);
      leaving.cancel();
      assert.equal(await hover, undefined);
      assert.equal(api.activity.cached(), undefined, 'the read is still out: the hover did not wait for it');

      // The pick opens at once, busy; closing it ends the click, however long the read takes.
      const click = api.jobIds.terminalLinks.handleTerminalLink({ id: UNKNOWN, startIndex: 0, length: 36 });
      let ended = false;
      void click.then(() => (ended = true));
      await until('the pick to close the click', async () => {
        await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
        return ended;
      });
      assert.equal(api.activity.cached(), undefined, 'the read is still out');
    } finally {
      sandbox.clearFaults();
      api.activity.clear();
    }
  });

  it('turning the hover setting off removes the hover at once', async () => {
    const document = await vscode.workspace.openTextDocument({ content: `id ${UNKNOWN}` });
    assert.ok(hoverText(await hoverOn(document, UNKNOWN)).includes('Firecrawl job id'));
    await vscode.workspace.getConfiguration('firecrawl.jobIds').update('hover', false, vscode.ConfigurationTarget.Global);
    await until('the hover to go', async () => !hoverText(await hoverOn(document, UNKNOWN)).includes('Firecrawl job id'));
    await vscode.workspace.getConfiguration('firecrawl.jobIds').update('hover', undefined, vscode.ConfigurationTarget.Global);
    await until('the hover to come back', async () => hoverText(await hoverOn(document, UNKNOWN)).includes('Firecrawl job id'));
  });
});
