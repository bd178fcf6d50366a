// Agent jobs and the Deep Research shutdown inside a real extension host, against the sandbox
// started in this host on 127.0.0.1: tracking both kinds through the real command, cancelling after
// the confirmation, the shutdown switched on while a job is polled, and Save/Copy Result.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import type { TrackOutcome } from '../../src/features/research';
import { agentOf, deepResearchOf } from '../support/snapshots';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, setApiUrl, storeTicked, until, useSandbox } from './helpers';
import { type Notice, type NoticeRecorder, recordNotices } from './notices';

describe('agent jobs and the Deep Research shutdown', function () {
  this.timeout(60_000);
  let api: TestApi;
  let sandbox: Sandbox;
  let notices: NoticeRecorder;
  let shown: Notice[];
  /** The button each notification is answered with (undefined: closed). */
  let answer: string | undefined;
  let saveTo: vscode.Uri | undefined;
  const showSaveDialog = vscode.window.showSaveDialog;
  const store = () => api.research.store;
  const track = async (ids: string) => (await vscode.commands.executeCommand<TrackOutcome | undefined>('firecrawl.trackJob', ids))!;
  const row = (id: string) => {
    const tree = api.research.tree;
    const node = tree.children().find((n) => 'jobId' in n && n.jobId === id);
    return node ? tree.item(node) : undefined;
  };
  const labels = (id: string) => api.research.tree.children(api.research.tree.jobNode(id)).map((n) => api.research.tree.item(n).label);

  before(async () => {
    api = await activateExtension();
    // The rows load with the view (an on-demand bundle); these tests read rows without showing it.
    await api.research.tree.loadRows();
    sandbox = await startSandbox({ seed: false });
    await useSandbox(api, sandbox);
    notices = recordNotices(['info', 'warning']);
    notices.answer = () => answer;
    shown = notices.notices;
    (vscode.window as { showSaveDialog: unknown }).showSaveDialog = () => Promise.resolve(saveTo);
  });

  beforeEach(() => {
    for (const job of store().jobs) store().untrack(job.id);
    sandbox.researchShutdown = undefined;
    sandbox.resetCounts();
    shown.length = 0;
    answer = undefined;
  });

  after(async () => {
    for (const job of store().jobs) store().untrack(job.id);
    notices.restore();
    (vscode.window as { showSaveDialog: unknown }).showSaveDialog = showSaveDialog;
    await api.keys.clear();
    await setApiUrl(undefined);
    await sandbox.close();
  });

  it('tracks an agent job and a deep research job with one command; each row says its kind', async () => {
    const agent = sandbox.createAgentJob({ durationMs: 2_000, model: 'spark-1-mini' });
    const research = sandbox.createResearchJob({ durationMs: 6_000 });
    const outcome = await track(`${agent}\n${research}`);
    assert.deepEqual(outcome.added, [agent, research]);
    assert.deepEqual([store().get(agent)?.kind, store().get(research)?.kind], ['agent', 'deepResearch']);
    assert.match(String(row(agent)?.description), /^processing · agent · spark-1-mini/);
    assert.match(String(row(research)?.description), /^processing · deep research/);
    await until('both finished', () => store().get(agent)?.snapshot?.status === 'completed' && store().get(research)?.snapshot?.status === 'completed', 20_000);
    assert.ok(agentOf(store().get(agent)?.snapshot)?.data);
    assert.deepEqual(labels(agent), ['Result (JSON)', 'Suggestions (2)']);
    const agentCalls = sandbox.requestsAbout(research, 'agentStatus');
    assert.equal(agentCalls.length, 1, 'the deep research id was asked as an agent job once');
    await until('the completion notice', () => shown.some((s) => s.message.startsWith('Agent job completed')));
  });

  it('cancels a running agent job after the confirmation; the row follows the service', async () => {
    const id = sandbox.createAgentJob({ durationMs: 120_000 });
    await track(id);
    assert.match(String(row(id)?.contextValue), /\bcancelable\b/);
    answer = undefined; // the person closes the confirmation
    assert.equal(await vscode.commands.executeCommand('firecrawl.cancelAgentJob', id), false);
    assert.equal(sandbox.requestCount('agentCancel'), 0);
    const confirm = shown.find((s) => s.modal);
    assert.match(confirm?.message ?? '', /^Cancel agent job [0-9a-f]{8}\? The run stops where it is/);
    answer = 'Cancel Job';
    assert.equal(await vscode.commands.executeCommand('firecrawl.cancelAgentJob', api.research.tree.jobNode(id)), true);
    assert.equal(sandbox.requestCount('agentCancel'), 1);
    await until('cancelled', () => store().get(id)?.snapshot?.status === 'cancelled');
    assert.match(String(row(id)?.description), /^cancelled · agent/);
    assert.doesNotMatch(String(row(id)?.contextValue), /\bcancelable\b/);
  });

  it('cancel on a run that finished meanwhile (409 "Agent already finished"): the row is read again and one message says so', async () => {
    const id = sandbox.createAgentJob({ durationMs: 600_000 });
    await track(id);
    await until('processing', () => store().get(id)?.snapshot?.status === 'processing');
    // The run ends on the service; the row has not heard yet when Cancel is chosen.
    sandbox.advanceClock(600_000);
    answer = 'Cancel Job';
    assert.equal(await vscode.commands.executeCommand('firecrawl.cancelAgentJob', id), false);
    assert.equal(sandbox.requestCount('agentCancel'), 1);
    assert.equal(store().get(id)?.snapshot?.status, 'completed', 'read again at once');
    const said = shown.filter((s) => !s.modal).map((s) => s.message);
    assert.ok(
      said.some((m) => /^Agent job [0-9a-f]{8} had already finished before it could be cancelled/.test(m)),
      said.join(' | '),
    );
    assert.ok(!said.some((m) => /Could not cancel/.test(m)));
  });

  it('a cancel that meets a passing failure (503) offers Retry, which sends the cancel again without asking again', async () => {
    const id = sandbox.createAgentJob({ durationMs: 600_000 });
    await track(id);
    await until('processing', () => store().get(id)?.snapshot?.status === 'processing');
    sandbox.fault({ route: 'agentCancel', kind: 'status', status: 503 });
    // Yes to the confirmation; Retry on the failure.
    notices.answer = ({ modal, items }) => (modal ? 'Cancel Job' : items.includes('Retry') ? 'Retry' : undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('firecrawl.cancelAgentJob', id), false);
      const failed = shown.find((s) => /^Could not cancel the agent job: /.test(s.message));
      assert.match(failed?.message ?? '', /server error \(HTTP 503\)/);
      assert.deepEqual(failed?.items, ['Retry', 'Show Logs']);
      await until('cancelled by the retry', () => store().get(id)?.snapshot?.status === 'cancelled');
      assert.equal(sandbox.requestCount('agentCancel'), 2);
      assert.equal(shown.filter((s) => s.modal).length, 1, 'the person was asked once');
    } finally {
      notices.answer = () => answer;
    }
  });

  it('a run we cancelled that the service then reads as failed shows as cancelled', async () => {
    sandbox.agentCancelledReads = 'failed';
    try {
      const id = sandbox.createAgentJob({ durationMs: 120_000 });
      await track(id);
      answer = 'Cancel Job';
      assert.equal(await vscode.commands.executeCommand('firecrawl.cancelAgentJob', id), true);
      await until('cancelled', () => store().get(id)?.snapshot?.status === 'cancelled');
      assert.match(String(row(id)?.description), /^cancelled · agent/);
    } finally {
      sandbox.agentCancelledReads = 'cancelled';
    }
  });

  it('a run stopped at its credit limit: a warning row with its credits, and its partial result saved like a result', async () => {
    const id = sandbox.createAgentJob({ durationMs: 2_000, credits: 400, maxCredits: 100 });
    answer = 'Open Result';
    await track(id);
    await until('stopped', () => store().get(id)?.snapshot?.status === 'failed', 15_000);
    const item = row(id)!;
    assert.match(String(item.description), /^stopped at its credit limit · agent · spark-1-pro · 100 credits/);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'warning');
    assert.equal(((item.iconPath as vscode.ThemeIcon).color as vscode.ThemeColor).id, 'problemsWarningIcon.foreground');
    assert.deepEqual(labels(id), ['Partial result (JSON)']);
    assert.match(String(item.contextValue), /\bresult\b/);
    // Its notice offers what it found, not only the row.
    await until('the notice', () => shown.some((s) => s.message.startsWith('Agent job stopped at its credit limit')));
    const notice = shown.find((s) => s.message.startsWith('Agent job stopped at its credit limit'))!;
    assert.equal(notice.kind, 'warning');
    assert.deepEqual(notice.items, ['Open Result', "Don't Show Again"]);
    await until('the partial result open', () => vscode.window.activeTextEditor?.document.languageId === 'json');
    assert.deepEqual(JSON.parse(vscode.window.activeTextEditor!.document.getText()), agentOf(store().get(id)?.snapshot)?.partial);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'firecrawl-partial-'));
    try {
      saveTo = vscode.Uri.file(path.join(dir, 'partial.json'));
      await vscode.commands.executeCommand('firecrawl.saveJobResult', id);
      assert.deepEqual(JSON.parse(fs.readFileSync(saveTo.fsPath, 'utf8')), agentOf(store().get(id)?.snapshot)?.partial);
      // A place that takes no file (a file where a folder should be): why, in words, not the file system's code and path.
      const errors = recordNotices(['error']);
      errors.answer = () => undefined;
      try {
        saveTo = vscode.Uri.file(path.join(dir, 'partial.json', 'inside.json'));
        assert.equal(await vscode.commands.executeCommand('firecrawl.saveJobResult', id), undefined);
      } finally {
        errors.restore();
      }
      assert.deepEqual(errors.messages(), ['inside.json could not be saved: part of the path is a file, not a folder.']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a text run stopped at its credit limit: its notice opens the partial text as the result', async () => {
    const id = sandbox.createAgentJob({ durationMs: 2_000, credits: 400, maxCredits: 100, data: 'A text answer' });
    answer = 'Open Result';
    await track(id);
    await until('the notice', () => shown.some((s) => s.message.startsWith('Agent job stopped at its credit limit')));
    assert.deepEqual(shown.find((s) => s.message.startsWith('Agent job stopped at its credit limit'))?.items, ['Open Result', "Don't Show Again"]);
    // The analysis opens in the Markdown preview, which reads it as a document.
    await until('the partial text open', () => vscode.workspace.textDocuments.some((d) => d.uri.toString().includes(id) && d.getText().includes('Partial findings for:')));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('runs finishing together share one notice, which counts a run stopped at its credit limit apart from failures', async () => {
    const done = sandbox.createAgentJob({ durationMs: 600_000 });
    const limited = sandbox.createAgentJob({ durationMs: 600_000, credits: 400, maxCredits: 100 });
    const failed = sandbox.createAgentJob({ durationMs: 600_000, outcome: 'failed' });
    await track(`${done}\n${limited}\n${failed}`);
    await until('all processing', () => [done, limited, failed].every((id) => store().get(id)?.snapshot?.status === 'processing'));
    sandbox.advanceClock(600_000);
    // One refresh reads all three at once, so they end in the same moment.
    await vscode.commands.executeCommand('firecrawl.refreshResearchJobs');
    await until('the notice', () => shown.some((s) => s.message.startsWith('Research jobs finished')));
    const notices = shown.filter((s) => s.message.startsWith('Research jobs finished') || s.message.startsWith('Agent job'));
    assert.deepEqual(
      notices.map((s) => s.message),
      ['Research jobs finished: 1 completed, 1 stopped at their credit limit, 1 failed or cancelled (agent jobs: 3, deep research: 0).'],
    );
  });

  it('the shutdown switched on mid-poll: the job keeps its snapshot, stops polling, says shut down; the view message changes', async () => {
    const id = sandbox.createResearchJob({ durationMs: 300_000, activities: 60 });
    await track(id);
    await until('some activities', () => (deepResearchOf(store().get(id)?.snapshot)?.activities.length ?? 0) > 0, 20_000);
    assert.match(api.research.view.treeView.message ?? '', /^Deep Research shuts down on .* \(in \d+ days\)\. Save results you want to keep\.$/);
    const kept = deepResearchOf(store().get(id)?.snapshot)!.activities.length;
    sandbox.researchShutdown = { at: sandbox.now(), mode: 'gone' };
    await until('the 410', () => store().get(id)?.poll.kind === 'stopped', 30_000);
    assert.match(String(row(id)?.description), /^API shut down · deep research/);
    assert.ok((deepResearchOf(store().get(id)?.snapshot)?.activities.length ?? 0) >= kept, 'the last snapshot stays');
    assert.match(api.research.view.treeView.message ?? '', /^Deep Research was shut down/);
    // Whoever waited for it to finish hears that it will not, once.
    const said = /^Deep research API shut down \(.+\): it can no longer be read; what it found before is kept\.$/;
    const notice = await until('the notice that it can no longer be read', () => shown.find((s) => s.kind === 'warning' && said.test(s.message)));
    assert.deepEqual(notice.items, ['Show Job', "Don't Show Again"]);
    const asked = sandbox.requestsAbout(id).length;
    // Deep research is shut down now: an agent run shows the store's timer firing again.
    await storeTicked(api, sandbox, 'agent');
    assert.equal(sandbox.requestsAbout(id).length, asked, 'no more polling');
    store().untrack(id);
    await until('the message to go with the job', () => api.research.view.treeView.message === undefined);
    assert.equal(shown.filter((s) => said.test(s.message)).length, 1, 'said once');
  });

  it('a 410 before the announced date: a finished deep research job kept with its findings says the API was shut down, not when it expires', async () => {
    const done = sandbox.createResearchJob({ durationMs: 1_000, activities: 3, sources: 2 });
    await track(done);
    sandbox.advanceClock(2_000);
    await vscode.commands.executeCommand('firecrawl.refreshResearchJobs');
    await until('it completed', () => store().get(done)?.snapshot?.status === 'completed', 20_000);
    assert.match(String(row(done)?.description), /^completed · deep research · .* · expires in /);
    sandbox.researchShutdown = { at: sandbox.now(), mode: 'gone' };
    // Any request now meets the 410: here, tracking another id.
    await track(sandbox.createResearchJob({ durationMs: 10_000 }));
    await until('the store to hear of it', () => store().deepResearchNotice.shutDownAt !== undefined);
    assert.match(String(row(done)?.description), /^completed · deep research · .* · API shut down$/);
    assert.match(api.research.view.treeView.message ?? '', /^Deep Research was shut down\. /);
  });

  it('a deep research job the shutdown stopped before it found anything: its notice says so, and Save Result says it has none, not that it still runs', async () => {
    // Its one step and its one source come late in a long run: at the shutdown it has found nothing.
    const empty = sandbox.createResearchJob({ durationMs: 36_000_000, activities: 1, sources: 1 });
    await track(empty);
    await until('its first answer', () => store().get(empty)?.snapshot?.status === 'processing', 20_000);
    assert.deepEqual(deepResearchOf(store().get(empty)?.snapshot)?.activities, []);
    sandbox.researchShutdown = { at: sandbox.now(), mode: 'gone' };
    await until('the 410', () => store().get(empty)?.poll.kind === 'stopped', 30_000);
    const notice = await until('its notice', () => shown.find((s) => s.kind === 'warning' && s.message.startsWith('Deep research API shut down')));
    assert.equal(notice.message, `Deep research API shut down (job ${empty.slice(0, 8)}): it can no longer be read, and it had found nothing yet.`);
    await vscode.commands.executeCommand('firecrawl.saveJobResult', empty);
    const none = await until('the no-result message', () => shown.find((s) => s.message.includes('has no result to keep')));
    assert.equal(none.message, `Deep research ${empty.slice(0, 8)} has no result to keep.`);
  });

  it('an agent run lost while running says whether it had found anything: nothing yet, or its preview kept', async () => {
    // Half-way through, a run shows what it found so far (its preview); before that, nothing.
    const lose = async (id: string) => {
      sandbox.fault({ route: 'agentStatus', kind: 'status', status: 404, body: { success: false, error: 'Agent job not found' } });
      await vscode.commands.executeCommand('firecrawl.refreshResearchJobs');
      return until('its notice', () => shown.find((s) => s.kind === 'warning' && s.message.includes(id.slice(0, 8))), 20_000);
    };
    const early = sandbox.createAgentJob({ prompt: 'Lost before it found anything', durationMs: 36_000_000 });
    await track(early);
    await until('its first answer', () => store().get(early)?.snapshot?.status === 'processing', 20_000);
    assert.match((await lose(early)).message, /: it can no longer be read, and it had found nothing yet\.$/);

    const late = sandbox.createAgentJob({ prompt: 'Lost with a preview', durationMs: 36_000_000 });
    sandbox.advanceClock(20_000_000);
    await track(late);
    await until('its preview', () => agentOf(store().get(late)?.snapshot)?.partial !== undefined, 20_000);
    assert.match((await lose(late)).message, /: it can no longer be read; what it found before is kept\.$/);
  });

  it('tracking an id after the shutdown that is no agent job says, in one message, that a deep research job cannot be read any more (the 410 answers every id alike)', async () => {
    const id = sandbox.createResearchJob({ durationMs: 10_000 });
    sandbox.researchShutdown = { at: sandbox.now(), mode: 'gone' };
    const outcome = await track(id);
    assert.deepEqual(outcome.notFound, [id]);
    assert.deepEqual(outcome.notFoundResearchGone, [id]);
    assert.deepEqual(outcome.shutDown, []);
    assert.equal(store().get(id), undefined);
    assert.equal(store().deepResearchNotice.shutDownAt !== undefined, true, 'the 410 told the store the API is gone');
    const warnings = shown.filter((s) => s.kind === 'warning');
    assert.equal(warnings.length, 1);
    assert.match(
      warnings[0]!.message,
      /^Not found: [0-9a-f]{8}\. A deep research job cannot be read any more: the Deep Research API was shut down\. For an agent job, check the id, and that your API key belongs to the team that ran it\.$/,
    );
  });

  it('Look Up after the shutdown says the same, and a second Look Up of that id (remembered, nothing asked) still says a deep research job cannot be read, not that it was looked for as one', async () => {
    const id = sandbox.createResearchJob({ durationMs: 10_000 });
    sandbox.researchShutdown = { at: sandbox.now(), mode: 'gone' };
    await vscode.commands.executeCommand('firecrawl.lookUpJobId', id);
    const gone = /A deep research job cannot be read any more: the Deep Research API was shut down\. For an agent job, check the id/;
    await until('the first answer', () => shown.find((s) => s.kind === 'warning' && /^Not found: /.test(s.message) && gone.test(s.message)));
    const asked = sandbox.requestsAbout(id).length;
    await vscode.commands.executeCommand('firecrawl.lookUpJobId', id);
    const again = await until('the remembered answer', () => shown.find((s) => s.kind === 'warning' && / was looked up /.test(s.message)));
    assert.match(again.message, /^[0-9a-f]{8} was looked up .+: not found\. A deep research job cannot be read any more/);
    assert.doesNotMatch(again.message, /as an agent job or a deep research job/);
    assert.equal(sandbox.requestsAbout(id).length, asked, 'nothing asked the second time');
  });

  it('a deep research route that is simply gone (a plain 404 page) is said as such, not as an expired or refused job', async () => {
    const id = sandbox.createResearchJob({ durationMs: 10_000 });
    sandbox.researchShutdown = { at: sandbox.now(), mode: 'unmounted' };
    const outcome = await track(id);
    assert.deepEqual(outcome.unrouted, [id]);
    assert.equal(store().get(id), undefined, 'no refused row left behind');
    const warnings = shown.filter((s) => s.kind === 'warning');
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!.message, /^Cannot track [0-9a-f]{8}: This server no longer serves the Deep Research API .*agent jobs/);
  });

  it('deep research jobs lost together at the shutdown share one notice, which does not count them as failed or cancelled', async () => {
    const jobs = [sandbox.createResearchJob({ durationMs: 600_000, activities: 20 }), sandbox.createResearchJob({ durationMs: 600_000, activities: 20 })];
    await track(jobs.join('\n'));
    await until('both processing', () => jobs.every((id) => store().get(id)?.snapshot?.status === 'processing'), 20_000);
    // A minute in, each has found something to keep.
    sandbox.advanceClock(60_000);
    await vscode.commands.executeCommand('firecrawl.refreshResearchJobs');
    await until('steps in both', () => jobs.every((id) => (deepResearchOf(store().get(id)?.snapshot)?.activities.length ?? 0) > 0), 20_000);
    sandbox.researchShutdown = { at: sandbox.now(), mode: 'gone' };
    // One refresh reads both at once, so they are lost in the same moment.
    await vscode.commands.executeCommand('firecrawl.refreshResearchJobs');
    const notice = await until('the notice', () => shown.find((s) => s.message.startsWith('Research jobs finished')));
    assert.equal(
      notice.message,
      'Research jobs finished: 0 completed, 0 failed or cancelled (agent jobs: 0, deep research: 2). 2 more can no longer be read (they expired, or the Deep Research API was shut down); what they found before is kept.',
    );
    for (const id of jobs) store().untrack(id);
  });

  it('deep research jobs lost together before they found anything: their shared notice says so, not that findings are kept', async () => {
    // One step and one source each, late in a long run: at the shutdown neither has found anything.
    const jobs = [sandbox.createResearchJob({ durationMs: 36_000_000, activities: 1, sources: 1 }), sandbox.createResearchJob({ durationMs: 36_000_000, activities: 1, sources: 1 })];
    await track(jobs.join('\n'));
    await until('both processing', () => jobs.every((id) => store().get(id)?.snapshot?.status === 'processing'), 20_000);
    sandbox.researchShutdown = { at: sandbox.now(), mode: 'gone' };
    await vscode.commands.executeCommand('firecrawl.refreshResearchJobs');
    const notice = await until('the notice', () => shown.find((s) => s.message.startsWith('Research jobs finished')));
    assert.equal(
      notice.message,
      'Research jobs finished: 0 completed, 0 failed or cancelled (agent jobs: 0, deep research: 2). 2 more can no longer be read (they expired, or the Deep Research API was shut down), and they had found nothing yet.',
    );
    for (const id of jobs) store().untrack(id);
  });

  it('Save Result writes the analysis as Markdown and the result as JSON; Copy Result copies it', async () => {
    const research = sandbox.createResearchJob({ durationMs: 500, withJson: true });
    const agent = sandbox.createAgentJob({ durationMs: 500 });
    await track(`${research} ${agent}`);
    await until('both finished', () => store().get(research)?.snapshot?.status === 'completed' && store().get(agent)?.snapshot?.status === 'completed', 15_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'firecrawl-save-'));
    try {
      // A job with both: the quick pick chooses; pick the first (the Markdown analysis). The pick is
      // answered here (accepting the real one races its items arriving; the UI tests drive real picks).
      saveTo = vscode.Uri.file(path.join(dir, 'analysis.md'));
      const offered: string[] = [];
      const showQuickPick = vscode.window.showQuickPick;
      (vscode.window as { showQuickPick: unknown }).showQuickPick = async (items: Thenable<readonly vscode.QuickPickItem[]> | readonly vscode.QuickPickItem[]) => {
        const list = await items;
        offered.push(...list.map((i) => i.label));
        return list[0];
      };
      const picking = Promise.resolve(vscode.commands.executeCommand<vscode.Uri | undefined>('firecrawl.saveJobResult', research)).finally(() => {
        (vscode.window as { showQuickPick: unknown }).showQuickPick = showQuickPick;
      });
      const saved = await picking;
      assert.equal(offered.length, 2, `one pick between the analysis and the JSON: ${offered.join(' | ')}`);
      assert.equal(saved?.fsPath, saveTo.fsPath);
      assert.equal(fs.readFileSync(saveTo.fsPath, 'utf8'), deepResearchOf(store().get(research)?.snapshot)?.finalAnalysis);

      saveTo = vscode.Uri.file(path.join(dir, 'agent.json'));
      await vscode.commands.executeCommand('firecrawl.saveJobResult', agent);
      assert.deepEqual(JSON.parse(fs.readFileSync(saveTo.fsPath, 'utf8')), agentOf(store().get(agent)?.snapshot)?.data);

      const copied = await vscode.commands.executeCommand<string | undefined>('firecrawl.copyJobResult', agent);
      assert.equal(copied, fs.readFileSync(saveTo.fsPath, 'utf8'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the previous command id still tracks jobs', async () => {
    const id = sandbox.createAgentJob({ durationMs: 60_000 });
    const outcome = await vscode.commands.executeCommand<TrackOutcome | undefined>('firecrawl.trackJob', id);
    assert.deepEqual(outcome?.added, [id]);
    assert.equal(store().get(id)?.kind, 'agent');
  });
});
