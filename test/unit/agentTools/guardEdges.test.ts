// The credit guard where its promise is easiest to break: two windows at the same moment, a cost above
// its estimate or unknown, a call that fails after its hold, the day turning, a window that crashed
// with a hold out, and a key or server change between the question and the call.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { RefusalEpisodes } from '../../../src/features/agentTools/model/refusals';
import { ToolDocuments } from '../../../src/features/agentTools/model/toolDocuments';
import { ToolRunner, type ToolSettings } from '../../../src/features/agentTools/model/toolRunner';
import { SPENDING_FOLDER, ToolSpending } from '../../../src/features/agentTools/model/toolSpending';
import { Team, type TeamDeps, teamName } from '../../../src/host/team';
import { Emitter } from '../../../src/shared/events';
import type { SharedFiles } from '../../../src/shared/sharedFiles';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { FakeClock } from '../../support/fakeClock';
import { MemoryDisk } from '../../support/memoryFiles';
import { sandboxClient } from '../../support/sandboxClient';
import { until } from '../../support/until';

let sandbox: Sandbox;
before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.clearFaults();
  sandbox.resetCounts();
});

/** One window's tools on the shared `disk`, its team and budget changeable as the test goes. */
function window(options: {
  disk?: MemoryDisk;
  clock?: FakeClock;
  windowId: string;
  budget?: number;
  team?: string;
  teamOf?: () => string | undefined;
  /** The person's answer to the extension's own question past the budget (none: no one to ask). */
  answer?: (question: { title: string; message: string; yes: string }) => boolean | Promise<boolean>;
  /** The disk as this window sees it, when not the plain view. */
  files?: (disk: MemoryDisk) => SharedFiles;
}) {
  const clock = options.clock ?? new FakeClock(new Date().setHours(12, 0, 0, 0));
  const disk = options.disk ?? new MemoryDisk(() => clock.now());
  const state = { budget: options.budget ?? 1, team: options.team ?? ('team-1' as string | undefined) };
  const client = sandboxClient(sandbox);
  const settings: ToolSettings = {
    dailyBudget: () => state.budget,
    maxResultCharacters: () => 12_000,
    onlyMainContent: () => true,
    scrapeTimeoutMs: () => 30_000,
    searchLimit: () => 10,
    mapLimit: () => 500,
    agentMaxCredits: () => 500,
  };
  const spending = new ToolSpending({ files: options.files ? options.files(disk) : disk.view(), clock, windowId: options.windowId });
  const tools = new ToolRunner({
    client: () => client,
    selfHosted: () => false,
    errors: () => ({ apiUrl: sandbox.url }),
    team: options.teamOf ?? (() => state.team),
    balance: () => 62_418,
    teamCredits: async () => ({ remaining: 62_418 }),
    spending,
    documents: new ToolDocuments(),
    refusals: new RefusalEpisodes(),
    clock,
    settings,
    documentName: (key) => `firecrawl-tool-result:/${key}.md`,
    nonce: () => '0123456789ab',
    ...(options.answer ? { askPastBudget: async (question: { title: string; message: string; yes: string }) => options.answer!(question) } : {}),
  });
  return { tools, spending, disk, clock, state };
}

const scrapeBody = (creditsUsed?: number) => ({
  success: true,
  data: { markdown: 'hello', metadata: { sourceURL: 'https://example.com/', statusCode: 200, ...(creditsUsed === undefined ? {} : { creditsUsed }) } },
});

describe('the guard at the edges of its promise', () => {
  /** Two windows on one disk whose file watcher tells of a write 150 ms late (150–900 ms in VS Code), each asking the person (who declines). */
  function twoWindows(budget: number) {
    const questions: string[] = [];
    const a = window({ windowId: 'a', budget, answer: () => (questions.push('a'), false) });
    a.disk.watchDelay = { ms: () => 150, schedule: (ms, fn) => a.clock.schedule(ms, fn) };
    const b = window({ windowId: 'b', budget, disk: a.disk, clock: a.clock, answer: () => (questions.push('b'), false) });
    return { a, b, questions };
  }

  test('two windows, each under the budget alone and over it together, calling at the same moment: only what the budget holds is sent unasked', async () => {
    const { a, b, questions } = twoWindows(1);
    assert.equal((await a.tools.prepare('scrape', { url: 'https://example.com/a' })).confirmation, undefined);
    assert.equal((await b.tools.prepare('scrape', { url: 'https://example.com/b' })).confirmation, undefined);
    const outs = await Promise.all([a.tools.run('scrape', { url: 'https://example.com/a' }), b.tools.run('scrape', { url: 'https://example.com/b' })]);
    const sent = sandbox.requestCount('scrape');
    assert.ok(sent <= 1, `a budget of 1 holds one scrape sent unasked, not ${sent}`);
    assert.equal(questions.length, 2 - sent, 'a call not sent unasked was asked');
    for (const out of outs.filter((o) => o.charged === undefined)) assert.match(out.parts[0] ?? '', /^Not run: the user declined to go past today's budget/);
    // Once the watcher has told each window of the other's file, both count the same day.
    await a.clock.advance(900);
    assert.equal(await a.tools.spentToday(), sent);
    assert.equal(await b.tools.spentToday(), sent);
  });

  test('two windows whose holds both land before either reads the other: both ask, neither is sent unasked', async () => {
    const { a, b, questions } = twoWindows(1);
    // The disk takes both writes in before either is done (a slow disk, or two writes at one moment).
    let release: () => void = () => undefined;
    const bothOut = new Promise<void>((resolve) => (release = resolve));
    a.disk.writeGate = () => (a.disk.writes === 2 && release(), bothOut);
    await Promise.all([a.tools.run('scrape', { url: 'https://example.com/a' }), b.tools.run('scrape', { url: 'https://example.com/b' })]);
    assert.equal(sandbox.requestCount('scrape'), 0);
    assert.deepEqual(questions.sort(), ['a', 'b']);
    a.disk.writeGate = undefined;
    await a.clock.advance(900);
    assert.equal(await a.tools.spentToday(), 0, 'the holds went with the questions: nothing was sent or spent');
    assert.equal(await b.tools.spentToday(), 0);
  });

  test("a window whose hold is written, before the other window's watcher tells of it: the other's call sees it and asks (agent runs: 500 credits each, a budget of 600)", async () => {
    const { a, b, questions } = twoWindows(600);
    // Both read the files a moment ago (the guard's figures): neither reads them again within 5 s on that account.
    assert.equal((await a.tools.prepare('startAgent', { prompt: 'Compare plans' })).decision.reason, 'agentRun');
    assert.equal((await b.tools.prepare('startAgent', { prompt: 'Compare prices' })).decision.reason, 'agentRun');
    const held = new Promise<void>((resolve) => {
      const heard = a.spending.onDidChange(() => (heard.dispose(), resolve()));
    });
    const first = a.tools.run('startAgent', { prompt: 'Compare plans' });
    await held;
    await a.spending.whenWritten();
    assert.match(a.disk.files.get(`${SPENDING_FOLDER}/a.json`) ?? '', /"units":500,"unit":"credits","team":"team-1","upTo":true/, "window a's hold is in its file");
    const second = await b.tools.run('startAgent', { prompt: 'Compare prices' });
    assert.deepEqual(questions, ['b'], "window b is asked: window a's run holds 500 of the 600");
    assert.match(second.parts[0] ?? '', /^Not run: the user declined to go past today's budget/);
    assert.match(second.parts[0] ?? '', /spent 500 of today's 600 credits/);
    assert.equal((await first).charged, 500);
    assert.equal(sandbox.requestCount('agentStart'), 1, 'one run of 500 credits within a budget of 600, not two');
  });

  /**
   * Window b's file is being replaced (VS Code deletes it first) when window a cross-checks before paying:
   * the replace lands right after a's listing, and a's watcher tells of b's writes late (900 ms).
   */
  async function crossCheckDuringReplace(aKnewTheFile: boolean) {
    const questions: string[] = [];
    const b = window({ windowId: 'b', budget: 1, answer: () => (questions.push('b'), false) });
    let land: (() => void) | undefined;
    const a = window({
      windowId: 'a',
      budget: 1,
      disk: b.disk,
      clock: b.clock,
      answer: () => (questions.push('a'), false),
      files: (disk) => {
        const view = disk.view();
        return { ...view, list: (folder) => view.list(folder).finally(() => (land?.(), (land = undefined))) };
      },
    });
    b.disk.watchDelay = { ms: () => 900, schedule: (ms, fn) => b.clock.schedule(ms, fn) };
    if (aKnewTheFile) await b.spending.record({ id: 'earlier', at: b.clock.now(), tool: 'credits', units: 0, unit: 'credits', team: 'team-1' });
    // Window a read the folder a moment ago: it does not read it again for its figures, only to cross-check.
    await a.spending.refresh();
    assert.equal((await b.tools.run('map', { url: 'https://example.com/b' })).charged, 1);
    b.disk.replaceGap = { ms: () => 1, schedule: (_ms, fn) => ((land = fn), (b.disk.replaceGap = undefined)) };
    await until('the replace to be under way', () => land !== undefined && !b.disk.files.has(`${SPENDING_FOLDER}/b.json`), 5_000);
    const second = await a.tools.run('map', { url: 'https://example.com/a' });
    assert.equal(sandbox.requestCount('map'), 1, 'a budget of 1 holds one map sent unasked, not two');
    assert.deepEqual(questions, ['a']);
    assert.match(second.parts[0] ?? '', /^Not run: the user declined to go past today's budget/);
  }

  test('a window whose file the other read before is in the middle of a replace when the other cross-checks: the other reads it again, sees the charge, and asks', () => crossCheckDuringReplace(true));

  test('a window whose file the other has never read is in the middle of a replace when the other cross-checks: its temporary file says a write is under way, and it is read once it lands', () =>
    crossCheckDuringReplace(false));

  test('a call that cost more than its estimate: counted at what it cost, and the next call asks', async () => {
    const w = window({ windowId: 'a', budget: 3 });
    sandbox.fault({ route: 'scrape', kind: 'status', status: 200, body: scrapeBody(7) });
    assert.equal((await w.tools.run('scrape', { url: 'https://example.com/pdf' })).charged, 7);
    assert.equal(await w.tools.spentToday(), 7);
    assert.equal((await w.tools.prepare('map', { url: 'https://example.com/' })).decision.reason, 'overBudget');
    assert.match((await w.tools.run('map', { url: 'https://example.com/other' })).parts[0] ?? '', /^Not run: /, 'a call that did not ask is not sent');
    await w.spending.whenWritten();
    const other = window({ windowId: 'b', disk: w.disk, clock: w.clock, budget: 3 });
    assert.equal(await other.tools.spentToday(), 7, 'another window counts what it cost too');
  });

  test('a call whose cost the service does not say: its estimate is its charge', async () => {
    const w = window({ windowId: 'a', budget: 3 });
    sandbox.fault({ route: 'scrape', kind: 'status', status: 200, body: scrapeBody() });
    assert.equal((await w.tools.run('scrape', { url: 'https://example.com/' })).charged, 1);
    assert.equal(await w.tools.spentToday(), 1);
  });

  test('a hold out over midnight belongs to the day it was sent; the new day starts from nothing, with the calls still out counted where they began', async () => {
    const clock = new FakeClock(new Date().setHours(23, 59, 59, 0));
    const w = window({ windowId: 'a', clock, budget: 1 });
    assert.equal((await w.tools.run('scrape', { url: 'https://example.com/a' })).charged, 1);
    assert.equal((await w.tools.prepare('scrape', { url: 'https://example.com/b' })).decision.reason, 'overBudget');
    await clock.advance(2_000);
    assert.equal(await w.tools.spentToday(), 0, 'a new day');
    assert.equal((await w.tools.run('scrape', { url: 'https://example.com/b' })).charged, 1);
    assert.match((await w.tools.run('scrape', { url: 'https://example.com/c' })).parts[0] ?? '', /^Not run: /);
  });

  test("a window that crashed with a call out: its hold still counts in the others' budget", async () => {
    const a = window({ windowId: 'a', budget: 1 });
    // What a crashed window leaves: its hold, never settled.
    await a.spending.record({ id: 'call-x', at: a.clock.now(), tool: 'scrape', units: 1, unit: 'credits', team: 'team-1', upTo: true });
    a.spending.dispose();
    assert.ok(a.disk.files.has(`${SPENDING_FOLDER}/a.json`));
    const b = window({ windowId: 'b', disk: a.disk, clock: a.clock, budget: 1 });
    assert.equal((await b.tools.prepare('scrape', { url: 'https://example.com/' })).decision.reason, 'overBudget');
    assert.match((await b.tools.run('scrape', { url: 'https://example.com/other' })).parts[0] ?? '', /^Not run: /, 'a call that did not ask is not sent');
    assert.equal(sandbox.requestCount('scrape'), 0);
  });

  test('past the budget the extension asks the person itself, every time: no approval VS Code keeps for the tool (Always Allow, chat.tools.autoApprove) lets a call past', async () => {
    const questions: Array<{ title: string; message: string; yes: string }> = [];
    const answers = [false, true];
    const w = window({ windowId: 'a', budget: 1, answer: (q) => (questions.push(q), answers.shift() ?? false) });
    assert.equal((await w.tools.run('scrape', { url: 'https://example.com/a' })).charged, 1);
    // VS Code is not asked to confirm: its question can be skipped for good, and the person would be asked twice.
    const prepared = await w.tools.prepare('scrape', { url: 'https://example.com/b' });
    assert.equal(prepared.decision.reason, 'overBudget');
    assert.equal(prepared.confirmation, undefined, 'no confirmationMessages for VS Code');
    // VS Code invokes at once (a standing approval): the runner asks, and a no sends nothing.
    const declined = await w.tools.run('scrape', { url: 'https://example.com/b' });
    assert.equal(questions.length, 1, 'asked before sending');
    assert.equal(questions[0]?.title, "Go past today's budget for Firecrawl AI agent tools?");
    assert.equal(questions[0]?.yes, 'Spend Past the Budget');
    assert.equal(
      questions[0]?.message,
      "Scrape https://example.com/b · about 1 credit\n\nAI agent tools have spent 1 of today's 1 credit (setting firecrawl.agentTools.dailyCreditBudget).\n\nThis call would take it past the budget.\n\nBalance: 62,418 credits.",
      'plain text, for a dialog',
    );
    assert.match(declined.parts[0] ?? '', /^Not run: the user declined to go past today's budget for Firecrawl AI agent tools\. Nothing was sent or spent\./);
    assert.equal(declined.charged, undefined);
    assert.equal(sandbox.requestCount('scrape'), 1, 'declined: not sent');
    // Invoked again without a prepare of its own (as VS Code may): asked again, and a yes sends it.
    assert.equal((await w.tools.run('scrape', { url: 'https://example.com/b' })).charged, 1);
    assert.equal(questions.length, 2);
    assert.equal(sandbox.requestCount('scrape'), 2);
    // An agent run whose credit limit would pass the budget is asked the same way (VS Code's own question for agent runs can be allowed for good too).
    const run = await w.tools.prepare('startAgent', { prompt: 'Compare plans', maxCredits: 5 });
    assert.equal(run.decision.reason, 'overBudget');
    assert.equal(run.confirmation, undefined);
    assert.match((await w.tools.run('startAgent', { prompt: 'Compare plans', maxCredits: 5 })).parts[0] ?? '', /^Not run: the user declined/);
    assert.equal(questions.length, 3);
    assert.equal(sandbox.requestCount('agentStart'), 0);
  });

  test('an agent run prepared past the budget (VS Code asked nothing) is asked by the extension when invoked, even if the day turned meanwhile', async () => {
    const questions: Array<{ title: string; message: string; yes: string }> = [];
    const w = window({ windowId: 'a', budget: 10, answer: (q) => (questions.push(q), false) });
    sandbox.fault({ route: 'scrape', kind: 'status', status: 200, body: scrapeBody(8) });
    assert.equal((await w.tools.run('scrape', { url: 'https://example.com/a' })).charged, 8);
    const prepared = await w.tools.prepare('startAgent', { prompt: 'Compare plans', maxCredits: 5 });
    assert.equal(prepared.decision.reason, 'overBudget');
    assert.equal(prepared.confirmation, undefined, 'VS Code is given no question: the extension asks at invocation');
    // Midnight passes before VS Code invokes: the run now fits in the budget, but nobody has been asked.
    await w.clock.advance(24 * 60 * 60_000);
    assert.equal((await w.tools.prepare('scrape', { url: 'https://example.com/b' })).decision.reason, 'withinBudget');
    const out = await w.tools.run('startAgent', { prompt: 'Compare plans', maxCredits: 5 });
    assert.equal(questions.length, 1, 'asked');
    assert.equal(questions[0]?.title, 'Start a Firecrawl agent run?');
    assert.equal(questions[0]?.yes, 'Start Agent Run', 'a run within the budget is not said to spend past it');
    assert.match(out.parts[0] ?? '', /^Not run: the user declined to start the agent run\. Nothing was sent or spent\./);
    assert.equal(sandbox.requestCount('agentStart'), 0);
  });

  test('a yes to an agent run within the budget is looked at again: another window that spent the budget meanwhile makes it ask about going past it', async () => {
    const questions: Array<{ title: string; message: string; yes: string }> = [];
    const other = window({ windowId: 'b', budget: 10 });
    const w = window({
      windowId: 'a',
      disk: other.disk,
      clock: other.clock,
      budget: 10,
      answer: async (q) => {
        questions.push(q);
        if (questions.length > 1) return false;
        // While the question is open, the other window spends 8 of the 10 credits.
        sandbox.fault({ route: 'scrape', kind: 'status', status: 200, body: scrapeBody(8) });
        assert.equal((await other.tools.run('scrape', { url: 'https://example.com/b' })).charged, 8);
        await other.spending.whenWritten();
        return true;
      },
    });
    // Prepared past the budget (VS Code asks nothing), invoked after midnight: within it, and asked by the extension.
    sandbox.fault({ route: 'scrape', kind: 'status', status: 200, body: scrapeBody(9) });
    assert.equal((await w.tools.run('scrape', { url: 'https://example.com/a' })).charged, 9);
    assert.equal((await w.tools.prepare('startAgent', { prompt: 'Compare plans', maxCredits: 5 })).decision.reason, 'overBudget');
    await w.clock.advance(24 * 60 * 60_000);
    const out = await w.tools.run('startAgent', { prompt: 'Compare plans', maxCredits: 5 });
    assert.deepEqual(
      questions.map((q) => q.yes),
      ['Start Agent Run', questions[1]?.yes],
    );
    assert.notEqual(questions[1]?.yes, 'Start Agent Run', 'the second question is about going past the budget');
    assert.match(questions[1]?.message ?? '', /8 of today's 10 credits/);
    assert.match(out.parts[0] ?? '', /^Not run: the user declined to go past today's budget/);
    assert.equal(sandbox.requestCount('agentStart'), 0);
    assert.equal(await w.tools.spentToday(), 8, 'nothing held for the run');
  });

  test('a window with no one to ask (no dialog) sends nothing past the budget', async () => {
    const w = window({ windowId: 'a', budget: 1 });
    assert.equal((await w.tools.run('scrape', { url: 'https://example.com/a' })).charged, 1);
    assert.match((await w.tools.run('scrape', { url: 'https://example.com/b' })).parts[0] ?? '', /^Not run: /);
    assert.equal(sandbox.requestCount('scrape'), 1);
  });

  test("a yes given with one key's figures does not take another key past its own budget", async () => {
    const spent = window({ windowId: 'other', budget: 1, team: 'team-2' });
    // Today the other key (team-2) has spent its budget too, in another window.
    assert.equal((await spent.tools.run('scrape', { url: 'https://example.com/2' })).charged, 1);
    await spent.spending.whenWritten();
    const questions: string[] = [];
    const w = window({
      windowId: 'a',
      disk: spent.disk,
      clock: spent.clock,
      budget: 1,
      answer: (q) => {
        questions.push(q.message);
        // The person agrees to go past team-1's budget, with team-1's figures in front of them, and the
        // key changes before the answer reaches the tool.
        if (questions.length === 1) w.state.team = 'team-2';
        return true;
      },
    });
    assert.equal((await w.tools.run('scrape', { url: 'https://example.com/1' })).charged, 1);
    const out = await w.tools.run('scrape', { url: 'https://example.com/x' });
    assert.match(out.parts[0] ?? '', /^Not run: the API key or server changed after this call was approved/);
    assert.equal(sandbox.requestCount('scrape'), 2, 'not sent with the other key');
    // Asked again, under the key now in use, the person's answer counts for it.
    assert.equal((await w.tools.run('scrape', { url: 'https://example.com/x' })).charged, 1);
    assert.equal(questions.length, 2);
  });

  test('a key change during the question to a key still within its budget: the call goes unasked again', async () => {
    const w = window({
      windowId: 'a',
      budget: 1,
      answer: () => {
        w.state.team = 'team-3';
        return true;
      },
    });
    assert.equal((await w.tools.run('scrape', { url: 'https://example.com/1' })).charged, 1);
    assert.equal((await w.tools.run('scrape', { url: 'https://example.com/x' })).charged, 1);
    assert.equal(await w.tools.spentToday(), 1, "team-3's spending");
  });

  test("a call made while a key change is being joined is not charged to the old key's team: the new team's budget counts it", async () => {
    const clock = new FakeClock(new Date().setHours(12, 0, 0, 0));
    const disk = new MemoryDisk(() => clock.now());
    const providerChanged = new Emitter<void>();
    const keys = { current: { value: 'fc-old' } as { value: string } | undefined };
    const team = new Team({
      files: disk.view(),
      keys,
      provider: { url: { url: 'https://api.firecrawl.dev' }, onDidChange: providerChanged.event },
      focus: { focused: true, onDidChange: new Emitter<boolean>().event },
      clock,
      log: { info: () => undefined },
    } as unknown as TeamDeps);
    await team.start();
    // As activation wires the tools to the team.
    const w = window({ windowId: 'a', disk, clock, budget: 1, teamOf: () => team.settledId });
    // The key changes; the client sends with the new key at once, while the window joins the new team.
    keys.current = { value: 'fc-new' };
    providerChanged.fire();
    assert.equal((await w.tools.run('scrape', { url: 'https://example.com/a' })).charged, 1);
    const next = await teamName('https://api.firecrawl.dev', 'fc-new');
    for (let turn = 0; turn < 1_000 && team.current?.id !== next; turn++) await clock.advance(0);
    assert.equal(team.current?.id, next);
    assert.equal(await w.tools.spentToday(), 1, "the scrape was sent with the new key: it is the new team's spending");
    assert.match((await w.tools.run('scrape', { url: 'https://example.com/b' })).parts[0] ?? '', /^Not run: /, 'a budget of 1 holds one scrape');
    team.dispose();
  });
});
