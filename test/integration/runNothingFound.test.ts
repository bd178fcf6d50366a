// A search or map that finds nothing is still a paid job: it is said plainly (never an empty pick),
// what was asked can be changed and sent again, and the job can be rated (a bad rating may refund it).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import type { RunCommands, RunOutcome } from '../../src/features/run';
import { COMMANDS } from '../../src/ids';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, until, useSandbox, wizardPages } from './helpers';
import { type Notice, type NoticeRecorder, recordNotices } from './notices';

describe('running Firecrawl: a search or map that finds nothing', function () {
  this.timeout(60_000);
  let api: TestApi;
  let sandbox: Sandbox;
  let run: RunCommands;
  let shown: NoticeRecorder;
  let notices: Notice[];

  before(async () => {
    api = await activateExtension();
    sandbox = await startSandbox();
    await useSandbox(api, sandbox);
    shown = recordNotices();
    notices = shown.notices;
    run = await api.run.commands();
  });

  after(async () => {
    shown.restore();
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await sandbox?.close();
  });

  beforeEach(() => {
    notices.length = 0;
    sandbox.resetCounts();
  });

  const prompt = () => run.prompt;
  async function answerPrompt(title: RegExp, text: string): Promise<void> {
    const box = (await until(`a prompt titled ${title}`, () => (title.test(prompt()?.title ?? '') ? prompt() : undefined))) as vscode.InputBox;
    box.value = text;
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await until('the prompt to go', () => prompt() !== box);
  }
  /** The notice that says nothing was found. */
  const nothingNotice = (pattern: RegExp) => until('the notice that nothing was found', () => notices.find((n) => pattern.test(n.message)));
  const lensTitles = async (uri: vscode.Uri) => ((await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? []).map((l) => l.command?.title ?? '');

  it('Search the Web with no results: says so, no empty pick, the result can be rated, and Search Again… opens the query to change', async () => {
    const query = 'zero-results for this query';
    const pending = vscode.commands.executeCommand<RunOutcome>(COMMANDS.searchWeb);
    await answerPrompt(/Search the Web/, query);
    const notice = await nothingNotice(/no results/i);
    assert.match(notice.message, /zero-results for this query/);
    assert.deepEqual(notice.items, ['Search Again…', 'Rate This Result']);
    const outcome = (await pending)!;
    assert.equal(prompt(), undefined, 'no pick of nothing');
    const [document] = outcome.opened;
    assert.match(document?.getText() ?? '', /0 results/);
    const titles = await until('the Rate CodeLens', async () => {
      const now = await lensTitles(document!.uri);
      return now.some((t) => /Rate this result \(search job/.test(t)) ? now : undefined;
    });
    assert.ok(titles.length);
    notice.choose('Search Again…');
    const box = (await until('the search box again', () => (/Search the Web/.test(prompt()?.title ?? '') ? prompt() : undefined))) as vscode.InputBox;
    assert.equal(box.value, query, 'what was asked, to change');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(sandbox.requestCount('search'), 1, 'nothing sent again until asked');
  });

  it('Map a Site with no links: says so, no empty pick, Rate This Result rates the map job, and Map Again… opens the URL to change', async () => {
    const site = 'https://empty.example.org/';
    const pending = vscode.commands.executeCommand<RunOutcome>(COMMANDS.mapSite);
    await answerPrompt(/Map a Site/, site);
    const notice = await nothingNotice(/no links/i);
    assert.match(notice.message, /empty\.example\.org/);
    assert.deepEqual(notice.items, ['Map Again…', 'Rate This Result']);
    const outcome = (await pending)!;
    assert.equal(prompt(), undefined, 'no pick of nothing');
    const [document] = outcome.opened;
    assert.match(document?.getText() ?? '', /0 links/);
    const jobId = /Job id: `([0-9a-f-]+)`/.exec(document!.getText())?.[1];
    assert.ok(jobId);

    const submissions = sandbox.feedbackSubmissions().length;
    notice.choose('Rate This Result');
    const { page, accept } = await wizardPages(api);
    await accept(await page(/Rating/));
    await accept(await page(/Review/));
    await until('the rating sent', () => sandbox.feedbackSubmissions().length === submissions + 1);
    assert.equal(sandbox.feedbackSubmissions().at(-1)?.jobId, jobId, 'the map job rated');

    // Another map of the same site, and Map Again… from its notice: the URL is offered to change.
    notices.length = 0;
    const second = vscode.commands.executeCommand<RunOutcome>(COMMANDS.mapSite);
    await answerPrompt(/Map a Site/, site);
    (await nothingNotice(/no links/i)).choose('Map Again…');
    await second;
    const box = (await until('the map box again', () => (/Map a Site/.test(prompt()?.title ?? '') ? prompt() : undefined))) as vscode.InputBox;
    assert.equal(box.value, site, 'what was asked, to change');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(sandbox.requestCount('map'), 2);
  });

  it('in a window nobody looks at, a search or map that finds nothing is one notification, not a second "result ready" one', async () => {
    const services = run.services;
    const focused = services.focused;
    services.focused = () => false;
    try {
      const search = vscode.commands.executeCommand<RunOutcome>(COMMANDS.searchWeb);
      await answerPrompt(/Search the Web/, 'zero-results while away');
      await search;
      const map = vscode.commands.executeCommand<RunOutcome>(COMMANDS.mapSite);
      await answerPrompt(/Map a Site/, 'https://empty.example.net/');
      await map;
      // Each command asks for its notices before it returns.
      const said = notices.map((n) => n.message);
      assert.equal(said.length, 2, said.join(' | '));
      assert.match(said[0]!, /no results for “zero-results while away”/);
      assert.match(said[1]!, /no links found on https:\/\/empty\.example\.net/);
    } finally {
      services.focused = focused;
      for (const n of notices) n.choose(undefined);
    }
  });
});
