// The deep research view inside a real extension host, against the sandbox started in this host on
// 127.0.0.1: tracking through the real commands, polling to completion on the real clock, the
// notification, the tree's rows, the documents, untracking, persistence across a rebuild from the
// same globalState, 404 and failed jobs, key changes, and both response dialects.
import { deepResearchOf } from '../support/snapshots';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import type { RefreshOutcome, TrackOutcome } from '../../src/features/research';
import type { ResearchNode } from '../../src/features/research/ui/treeRows';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, restartResearch, setApiUrl, storeTicked, until, useSandbox } from './helpers';
import { type Notice, type NoticeRecorder, recordNotices } from './notices';

describe('deep research jobs', function () {
  this.timeout(60_000);
  let api: TestApi;
  let sandbox: Sandbox;
  let notices: NoticeRecorder;
  let shown: Notice[];
  const opened: string[] = [];
  /** The button each notification is answered with (undefined: closed). */
  let answer: string | undefined;
  const openExternal = vscode.env.openExternal;

  const feature = () => api.research;
  const store = () => api.research.store;
  const track = async (ids: string) => (await vscode.commands.executeCommand<TrackOutcome | undefined>('firecrawl.trackJob', ids))!;
  const status = (id: string) => store().get(id)?.snapshot?.status;
  const row = (id: string) => {
    const tree = feature().tree;
    const node = tree.children().find((n) => 'jobId' in n && n.jobId === id);
    return node ? tree.item(node) : undefined;
  };
  const children = (node: ResearchNode) =>
    feature()
      .tree.children(node)
      .map((n) => feature().tree.item(n));
  const labelOf = (item: vscode.TreeItem | undefined) => (typeof item?.label === 'string' ? item.label : item?.label?.label);
  const iconOf = (item: vscode.TreeItem | undefined) => (item?.iconPath as vscode.ThemeIcon | undefined)?.id;

  before(async () => {
    api = await activateExtension();
    // The rows load with the view (an on-demand bundle); these tests read rows without showing it.
    await api.research.tree.loadRows();
    sandbox = await startSandbox({ seed: false });
    await useSandbox(api, sandbox);
    // The extension's `vscode` object is this one: record what it shows instead of waiting on toasts.
    notices = recordNotices(['info', 'warning']);
    notices.answer = () => answer;
    shown = notices.notices;
    (vscode.env as { openExternal: unknown }).openExternal = (uri: vscode.Uri) => {
      opened.push(uri.toString(true));
      return Promise.resolve(true);
    };
  });

  beforeEach(async () => {
    for (const job of store().jobs) store().untrack(job.id);
    sandbox.dialect = 'live';
    sandbox.clearFaults();
    sandbox.resetCounts();
    shown.length = 0;
    opened.length = 0;
    answer = undefined;
    await vscode.workspace.getConfiguration('firecrawl.research').update('notifyOnCompletion', undefined, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    for (const job of store().jobs) store().untrack(job.id);
    notices.restore();
    Object.assign(vscode.env, { openExternal });
    await api.keys.clear();
    await setApiUrl(undefined);
    await sandbox.close();
  });

  it('tracks a job by command, polls it to completion, notifies, and shows it in the tree', async () => {
    const id = sandbox.createResearchJob({ durationMs: 5_000, sources: 4, activities: 5, withJson: true });
    const result = await track(id);
    assert.deepEqual(result.added, [id]);
    await until('the first snapshot', () => status(id));
    assert.equal(status(id), 'processing');
    assert.equal(iconOf(row(id)), 'sync~spin');
    assert.match(String(row(id)?.description), /^processing · deep research · depth \d\/3 · \d URLs?(?: · \d+s)?$/);
    assert.match(String(row(id)?.contextValue), /^job deepResearch processing running/);

    await until('completion', () => status(id) === 'completed', 20_000);
    const requests = sandbox.requestCount('deepResearch');
    assert.ok(requests >= 3 && requests <= 6, `requests for a 5 s job: ${requests}`);
    const item = row(id)!;
    assert.equal(labelOf(item), 'Deep research: Findings on How do web crawlers decide what to fetch next?');
    assert.equal(iconOf(item), 'pass');
    assert.equal(((item.iconPath as vscode.ThemeIcon).color as vscode.ThemeColor).id, 'testing.iconPassed');
    assert.match(String(item.description), /^completed · deep research · depth 3\/3 · 4 URLs · expires in 5h 59m$/);
    assert.equal(item.tooltip, undefined, 'the tooltip waits for a hover');
    const tooltip = feature().tree.resolveItem(item, feature().tree.jobNode(id)).tooltip as vscode.MarkdownString;
    assert.equal(tooltip.isTrusted, false);
    assert.equal(tooltip.supportHtml, false);
    assert.ok(tooltip.value.includes(id.replace(/-/g, '\\-')), 'the id, Markdown-escaped');

    const groups = children(feature().tree.jobNode(id));
    assert.deepEqual(groups.map(labelOf), ['Activities (5)', 'Sources (4)', 'Final analysis', 'JSON result']);
    const sources = children(feature().tree.groupNode(id, 'sources'));
    assert.equal(sources.length, 4);
    assert.match(String(sources[0]?.description), /^https:\/\//);
    assert.equal(sources[0]?.command?.command, 'firecrawl.openResearchSource');

    await until('the notification', () => shown.find((s) => s.message.startsWith('Deep research completed')));
    const note = shown.find((s) => s.message.startsWith('Deep research completed'))!;
    assert.deepEqual(note.items, ['Open Analysis', "Don't Show Again"]);
    assert.equal(feature().view.badgeCount, feature().view.treeView.visible ? 0 : 1);

    await until('its last answer in', () => store().inFlight === 0);
    assert.equal(store().isPolling, false);
    const polled = sandbox.requestsAbout(id).length;
    await storeTicked(api, sandbox);
    assert.equal(sandbox.requestsAbout(id).length, polled, 'no polling once finished');
  });

  it('opens the final analysis and the JSON result as read-only documents', async () => {
    const id = sandbox.createResearchJob({ durationMs: 0, withJson: true, finalAnalysis: '# Report\n\n[run](command:workbench.action.quit) body' });
    await track(id);
    await until('completion', () => status(id) === 'completed');
    const uri = await vscode.commands.executeCommand<vscode.Uri>('firecrawl.openResearchAnalysisText', id);
    assert.equal(uri.scheme, 'firecrawl-research');
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.match(doc.getText(), /^# Report/);
    assert.doesNotMatch(doc.getText(), /\(command:/, 'command links are made inert');
    const jsonUri = await vscode.commands.executeCommand<vscode.Uri>('firecrawl.openResearchJson', id);
    const json = JSON.parse((await vscode.workspace.openTextDocument(jsonUri)).getText());
    assert.equal(json.confidence, 0.82);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a job that fails with link and icon syntax in its error is announced in plain text', async () => {
    const id = sandbox.createResearchJob({ durationMs: 2_500, outcome: 'failed', error: 'See [Quit](command:workbench.action.quit) $(alert)' });
    await track(id);
    await until('the failure', () => status(id) === 'failed', 15_000);
    const note = await until('the notification', () => shown.find((s) => s.message.startsWith('Deep research failed')));
    assert.doesNotMatch(note.message, /\]\(|\$\(/);
    assert.match(note.message.replace(/\u200b/g, ''), /: See \[Quit\]\(command:workbench\.action\.quit\) \$\(alert\)$/);
  });

  it('opens only http(s) sources', async () => {
    assert.equal(await vscode.commands.executeCommand('firecrawl.openResearchSource', 'javascript:alert(1)'), false);
    assert.equal(await vscode.commands.executeCommand('firecrawl.openResearchSource', 'command:workbench.action.quit'), false);
    assert.equal(await vscode.commands.executeCommand('firecrawl.openResearchSource', 'https://example.com/a?b=1'), true);
    assert.deepEqual(opened, ['https://example.com/a?b=1']);
  });

  it('"Don\'t Show Again" also turns off a workspace setting that turned the notification on (it would win over the global value)', async () => {
    const setting = () => vscode.workspace.getConfiguration('firecrawl.research');
    await setting().update('notifyOnCompletion', true, vscode.ConfigurationTarget.Workspace);
    try {
      answer = "Don't Show Again";
      const id = sandbox.createResearchJob({ durationMs: 2_000 });
      await track(id);
      await until('the setting to turn off', () => setting().get<boolean>('notifyOnCompletion') === false, 15_000);
      assert.deepEqual([setting().inspect<boolean>('notifyOnCompletion')?.globalValue, setting().inspect<boolean>('notifyOnCompletion')?.workspaceValue], [false, false]);
    } finally {
      await setting().update('notifyOnCompletion', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('"Don\'t Show Again" turns the notification setting off globally', async () => {
    answer = "Don't Show Again";
    const id = sandbox.createResearchJob({ durationMs: 3_000 });
    await track(id);
    await until('completion', () => status(id) === 'completed', 15_000);
    await until('the setting to turn off', () => vscode.workspace.getConfiguration('firecrawl.research').inspect<boolean>('notifyOnCompletion')?.globalValue === false);
    shown.length = 0;
    const second = sandbox.createResearchJob({ durationMs: 2_000 });
    // The notifier decides as the job finishes (and would show what it gathered 400 ms later): its decision is the state to wait for.
    let announced: boolean | undefined;
    const decision = feature().notifier.onDidDecide((d) => {
      if (d.jobId === second) announced = d.announced;
    });
    try {
      await track(second);
      await until('completion', () => status(second) === 'completed', 15_000);
      await until("the notifier's decision on it", () => announced !== undefined);
    } finally {
      decision.dispose();
    }
    assert.equal(announced, false, 'not announced: nothing gathered for a notification');
    assert.deepEqual(shown, []);
  });

  it('untracks through the command with a tree node, and clears finished jobs', async () => {
    // An agent run as the finished one: after the Deep Research shutdown (which an earlier test may have
    // brought), Clear Finished keeps a deep research job, whose findings nothing can read again.
    const a = sandbox.createAgentJob({ durationMs: 0 });
    const b = sandbox.createResearchJob({ durationMs: 600_000 });
    await track(`${a}, ${b}`);
    assert.deepEqual(
      store().jobs.map((j) => j.id),
      [a, b],
    );
    await until('a finished', () => status(a) === 'completed');
    assert.equal(await vscode.commands.executeCommand('firecrawl.clearFinishedResearchJobs'), 1);
    assert.deepEqual(
      store().jobs.map((j) => j.id),
      [b],
    );
    const removed = await vscode.commands.executeCommand('firecrawl.untrackResearchJob', feature().tree.jobNode(b));
    assert.equal(removed, 1);
    assert.equal(
      feature()
        .tree.children()
        .filter((n) => n.kind === 'job').length,
      0,
    );
    await until('nothing left to poll', () => !store().isPolling && store().inFlight === 0);
    const before = sandbox.requestsAbout(b).length;
    await storeTicked(api, sandbox);
    assert.equal(sandbox.requestsAbout(b).length, before, 'an untracked job is not polled');
  });

  it('keeps the tracked list and snapshots across a rebuild from the same state', async () => {
    const done = sandbox.createResearchJob({ durationMs: 0 });
    const running = sandbox.createResearchJob({ durationMs: 600_000 });
    await track(`${done} ${running}`);
    await until('both read', () => status(done) === 'completed' && status(running) === 'processing');
    await restartResearch(api);
    assert.deepEqual(
      store().jobs.map((j) => j.id),
      [done, running],
    );
    assert.equal(status(done), 'completed');
    assert.ok(deepResearchOf(store().get(done)?.snapshot)?.finalAnalysis);
    assert.equal(labelOf(row(done)), 'Deep research: Findings on How do web crawlers decide what to fetch next?');
    sandbox.resetCounts();
    await until('the running job polled again', () => sandbox.requestCount('deepResearch') >= 1);
    // The first round after the restart is over: everything it asked has answered, and the running job waits for its next turn.
    await until('the first round answered', () => store().inFlight === 0 && store().get(running)?.nextPollAt !== undefined);
    const paths = sandbox.requests().map((r) => r.path);
    assert.ok(
      paths.every((p) => p.endsWith(running)),
      'only the running job is asked after the restart',
    );
  });

  it('an unknown id: found as neither kind, dropped again with one message', async () => {
    const id = '0b7c1e2d-3f4a-4b5c-8d6e-7f8091a2b3c4';
    const outcome = await track(id);
    assert.deepEqual(outcome.notFound, [id]);
    assert.deepEqual(outcome.added, [], 'not counted as tracked');
    assert.equal(store().get(id), undefined);
    assert.deepEqual(
      sandbox.requestsAbout(id).map((r) => r.route),
      ['agentStatus', 'deepResearch'],
      'agent first, then deep research',
    );
    assert.equal(shown.length, 1);
    // Whatever an earlier file's shutdown left in the kept notice: this read's deep research answer was a 404.
    assert.match(shown[0]!.message, /^Not found as an agent job or a deep research job: 0b7c1e2d\. Check the id/);
  });

  it('an expired job: "expired or not found", the last results kept, no more polling', async () => {
    const id = sandbox.createResearchJob({ durationMs: 1_000, expireAfterMs: 60_000 });
    await track(id);
    await until('completion', () => status(id) === 'completed', 15_000);
    sandbox.advanceClock(120_000);
    const outcomes = await vscode.commands.executeCommand<RefreshOutcome[]>('firecrawl.refreshResearchJob', id);
    assert.equal(outcomes.length, 1);
    assert.equal(store().get(id)?.poll.kind, 'stopped');
    assert.match(String(row(id)?.description), /^expired or not found · deep research/);
    assert.equal(iconOf(row(id)), 'warning');
    assert.ok(deepResearchOf(store().get(id)?.snapshot)?.finalAnalysis, 'what the job found stays');
    const count = sandbox.requestsAbout(id).length;
    await storeTicked(api, sandbox);
    assert.equal(sandbox.requestsAbout(id).length, count);
    // A manual refresh of it says nothing more than the row already does.
    assert.equal(shown.filter((m) => m.kind === 'warning').length, 0);
  });

  it('a failed job: red icon, an Error child, a warning notification', async () => {
    const id = sandbox.createResearchJob({ durationMs: 2_000, outcome: 'failed', error: 'Research failed: [boom](command:x) <b>bold</b>' });
    await track(id);
    await until('failure', () => status(id) === 'failed', 15_000);
    assert.equal(iconOf(row(id)), 'error');
    const groups = children(feature().tree.jobNode(id));
    assert.equal(labelOf(groups[0]), 'Error');
    // Reads the same, with a zero-width space where link syntax could form.
    assert.equal(String(groups[0]?.description).replace(/\u200b/g, ''), 'Research failed: [boom](command:x) <b>bold</b>');
    assert.doesNotMatch(String(groups[0]?.description), /\]\(/);
    const note = await until('the warning', () => shown.find((s) => s.kind === 'warning'));
    assert.doesNotMatch(note.message, /\[boom\]\(command/, 'no link can form in the notification');
    assert.deepEqual(note.items, ['Show Job', "Don't Show Again"]);
  });

  it('Refresh All says nothing of a job the service no longer has: its row says it, as for a refresh of that one job', async () => {
    const id = sandbox.createAgentJob({ durationMs: 600_000 });
    await track(id);
    await until('processing', () => status(id) === 'processing');
    sandbox.fault({ route: 'agentStatus', kind: 'status', status: 404, body: { success: false, error: 'Agent job not found' }, times: 1_000 });
    try {
      const outcomes = await vscode.commands.executeCommand<RefreshOutcome[]>('firecrawl.refreshResearchJobs');
      assert.equal(outcomes.find((o) => o.job?.id === id)?.error?.name !== undefined, true, 'the refresh met the 404');
      assert.deepEqual(
        shown.filter((s) => /^Could not refresh job/.test(s.message)),
        [],
      );
    } finally {
      sandbox.clearFaults();
    }
  });

  it('a failed manual refresh offers what may help: Retry refreshes the same job again after a passing failure; a refused key offers Set API Key, not Retry', async () => {
    const id = sandbox.createAgentJob({ durationMs: 600_000 });
    await track(id);
    await until('processing', () => status(id) === 'processing');
    const refreshFailures = () => shown.filter((s) => /^Could not refresh job/.test(s.message));
    // The first notification is answered Retry, any later one is left alone.
    let retried = false;
    notices.answer = ({ items }) => {
      const choice = !retried && items.includes('Retry') ? 'Retry' : undefined;
      if (choice) retried = true;
      return choice;
    };
    try {
      sandbox.fault({ route: 'agentStatus', kind: 'status', status: 503, times: 1_000 });
      const asked = sandbox.requestsAbout(id).length;
      const outcomes = await vscode.commands.executeCommand<RefreshOutcome[]>('firecrawl.refreshResearchJob', id);
      assert.ok(outcomes[0]?.error, 'the refresh failed');
      const [first, again] = await until('the retry to fail too', () => (refreshFailures().length >= 2 ? refreshFailures() : undefined));
      assert.match(first!.message, /server error \(HTTP 503\)/);
      assert.deepEqual(first!.items, ['Retry', 'Show Logs']);
      assert.deepEqual(again!.items, ['Retry', 'Show Logs'], 'the retry is the same refresh');
      assert.ok(sandbox.requestsAbout(id).length >= asked + 2, 'Retry asked the service again');

      sandbox.clearFaults();
      sandbox.fault({ route: 'agentStatus', kind: 'status', status: 401, times: 1_000 });
      shown.length = 0;
      await vscode.commands.executeCommand<RefreshOutcome[]>('firecrawl.refreshResearchJob', id);
      const refused = await until('the refused refresh', () => refreshFailures()[0]);
      assert.match(refused.message, /rejected the API key \(401\)/);
      assert.deepEqual(refused.items, ['Set API Key'], 'asking again with the same key cannot help');
    } finally {
      notices.answer = () => answer;
      sandbox.clearFaults();
    }
  });

  it('a key restricted from deep research stops as refused; with a valid key, its jobs follow when asked to', async () => {
    const id = sandbox.createResearchJob({ durationMs: 600_000 });
    const validTeam = store().teamId;
    await api.keys.store(sandbox.keys.restricted);
    await store().listKnown;
    const restrictedTeam = store().teamId;
    assert.notEqual(restrictedTeam, validTeam, 'each key is a team of its own');
    try {
      await track(id);
      await until('the 403', () => store().get(id)?.poll.kind === 'stopped');
      // The first look (as an agent job) is refused already: the kind stays unknown.
      assert.match(String(row(id)?.description), /^refused · job/);
    } finally {
      // Both keys belong to one team here: follow the job with the valid key when the window asks.
      answer = 'Follow with This Key';
      await api.keys.store(sandbox.keys.valid);
    }
    await store().listKnown;
    assert.equal(store().teamId, validTeam);
    const offer = await until("the offer to follow the previous key's jobs", () => shown.find((s) => /tracked with the previous API key/.test(s.message)));
    assert.deepEqual(offer.items, ['Follow with This Key', 'Keep Apart']);
    await until('polling again after the key change', () => status(id) === 'processing' && store().get(id)?.poll.kind === 'polling');
    // Let go in the other key's folder once written here.
    await until('nothing left with the other key', async () => (await store().otherTeams()).get(restrictedTeam!) === undefined);
  });

  it('a job tracked right after the key changed twice belongs to the key in use', async () => {
    const id = sandbox.createResearchJob({ durationMs: 600_000 });
    const valid = store().teamId;
    answer = 'Keep Apart';
    // Two changes in a row: the second comes while the window is still joining the first one's team.
    await api.keys.store(sandbox.keys.restricted);
    await api.keys.store(sandbox.keys.valid);
    const outcome = await track(id);
    assert.deepEqual(outcome.added, [id]);
    assert.equal(store().teamId, valid);
    assert.equal(store().teamId, api.team.current?.id);
    await until('its first answer, with the valid key', () => status(id) === 'processing');
    assert.equal((await store().otherTeams()).get(valid!), undefined);
  });

  it('jobs of another key are hidden, not polled, and shown again with that key', async () => {
    const id = sandbox.createResearchJob({ durationMs: 600_000 });
    await track(id);
    await until('the first answer', () => status(id) === 'processing');
    const valid = store().teamId!;
    answer = 'Keep Apart';
    await api.keys.store(sandbox.keys.restricted);
    await store().listKnown;
    try {
      assert.notEqual(store().teamId, valid);
      assert.equal(store().get(id), undefined, "another key's job is not listed");
      await until('it to be kept for that key', async () => (await store().otherTeams()).get(valid) === 1);
      await until('the view to count it', () => store().hiddenJobs >= 1, 15_000);
      sandbox.resetCounts();
      // No job of this key can be polled (it may call no job route): an empty list with no timer and nothing in flight is all there is to wait for.
      await until('nothing to poll with this key', () => store().size === 0 && !store().isPolling && store().inFlight === 0);
      assert.equal(sandbox.requestCount('deepResearch'), 0, 'nor polled with this key');
    } finally {
      await api.keys.store(sandbox.keys.valid);
    }
    await store().listKnown;
    assert.equal(store().teamId, valid);
    await until('the job back with its key', () => status(id) === 'processing');
    assert.equal(store().get(id)?.poll.kind, 'polling', 'never marked expired by the other key');
  });

  it("the leader's sweep removes the temporary files crashed writes left in the shared storage once they are an hour old", async () => {
    await store().listKnown;
    const team = store().teamId!;
    const folders = [path.join(api.globalStorage, 'research', team), path.join(api.globalStorage, 'teams', team, 'windows'), path.join(api.globalStorage, 'agent-tools', 'spending')];
    const stale = folders.map((folder, i) => path.join(folder, `stale${i}.json.k3j5.tmp`));
    const fresh = path.join(folders[0]!, '1c8d2f3e-4a5b-4c6d-9e7f-8091a2b3c4d5.json.m2n4.tmp');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    for (const file of [...stale, fresh]) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, '{"v":2,"id":"0b7c1e2d-3f4a-4b5c');
    }
    for (const file of stale) fs.utimesSync(file, twoHoursAgo, twoHoursAgo);
    try {
      assert.equal(await api.team.sweep(), stale.length);
      for (const file of stale) assert.equal(fs.existsSync(file), false, `the hour-old ${path.relative(api.globalStorage, file)} went`);
      assert.equal(fs.existsSync(fresh), true, 'a write that may be under way stays');
    } finally {
      for (const file of [...stale, fresh]) fs.rmSync(file, { force: true });
    }
  });

  it('reads the spec dialect too (all fields in data, favicon)', async () => {
    sandbox.dialect = 'spec';
    const id = sandbox.createResearchJob({ durationMs: 3_000, sources: 3, sourceTitle: ['Array', 'title'] });
    await track(id);
    await until('completion', () => status(id) === 'completed', 15_000);
    const job = store().get(id)!;
    assert.equal(deepResearchOf(job.snapshot)?.sources.length, 3);
    assert.equal(deepResearchOf(job.snapshot)?.sources[0]?.title, 'Array · title');
    assert.ok(deepResearchOf(job.snapshot)?.sources[0]?.icon?.endsWith('favicon.ico'));
    assert.match(String(row(id)?.description), /^completed · deep research · depth 3\/3 · 3 URLs/);
  });

  it('counts jobs finished while the view was hidden on its badge, and clears it when shown', async () => {
    await vscode.commands.executeCommand('workbench.view.explorer');
    await until('the view to be hidden', () => !feature().view.treeView.visible);
    // Straight to the store: the command would reveal the view.
    const id = sandbox.createResearchJob({ durationMs: 2_000 });
    store().track([id]);
    await until('completion', () => status(id) === 'completed', 15_000);
    assert.equal(feature().view.badgeCount, 1);
    assert.equal(feature().view.treeView.badge?.value, 1);
    // A finished job untracked while the view is hidden is no longer waiting to be seen.
    const second = sandbox.createResearchJob({ durationMs: 2_000 });
    store().track([second]);
    await until('the second completion', () => status(second) === 'completed', 15_000);
    assert.equal(feature().view.treeView.badge?.value, 2);
    store().untrack(second);
    assert.equal(feature().view.treeView.badge?.value, 1);
    await vscode.commands.executeCommand('workbench.view.extension.firecrawl');
    await until('the view to be visible', () => feature().view.treeView.visible);
    assert.equal(feature().view.treeView.badge, undefined);
  });

  it('rejects text without a job id from the command argument', async () => {
    const result = await vscode.commands.executeCommand('firecrawl.trackJob', 'no id here');
    assert.equal(result, undefined);
    assert.equal(store().size, 0);
  });
});
