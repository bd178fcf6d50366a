// Running Firecrawl from the editor inside a real extension host, against the sandbox started in this
// host on 127.0.0.1: each command through its real prompts (driven with the workbench's quick-input
// commands; the text is set on the widget, since the extension host cannot type), the result
// documents with their CodeLens, a cancelled prompt sending nothing, a 402 with Retry keeping what was
// typed, an agent start tracked in the Research view, and rating a result through the wizard.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import type { AgentOutcome, RunCommands, RunOutcome } from '../../src/features/run';
import type { FeedbackRunResult } from '../../src/features/feedback';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, until, useSandbox, wizardPages } from './helpers';

type Shown = { message: string; items: string[] };

describe('running Firecrawl from the editor', function () {
  this.timeout(60_000);
  let api: TestApi;
  let sandbox: Sandbox;
  let run: RunCommands;
  const errors: Shown[] = [];
  let answer: string | undefined;
  const original = vscode.window.showErrorMessage;

  before(async () => {
    api = await activateExtension();
    sandbox = await startSandbox();
    await useSandbox(api, sandbox);
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = (message: string, ...items: unknown[]) => {
      errors.push({ message, items: items.filter((i): i is string => typeof i === 'string') });
      return Promise.resolve(answer);
    };
    run = await api.run.commands();
  });

  after(async () => {
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = original;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await sandbox?.close();
  });

  beforeEach(() => {
    sandbox.clearFaults();
    sandbox.resetCounts();
    errors.length = 0;
    answer = undefined;
  });

  const prompt = () => run.prompt;
  /** Waits for a prompt whose title matches, sets its text if given, and accepts it. */
  async function answerPrompt(title: RegExp, text?: string): Promise<void> {
    const shown = await until(`a prompt titled ${title}`, () => (prompt() && title.test(prompt()?.title ?? '') ? prompt() : undefined));
    if (text !== undefined) (shown as vscode.InputBox).value = text;
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await until('the prompt to go', () => prompt() !== shown);
  }
  const lensTitles = async (uri: vscode.Uri) => ((await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? []).map((l) => l.command?.title ?? '');

  it('Scrape URL with a URL given: one POST with the integration and origin, and a Markdown result with its facts and a Rate CodeLens', async () => {
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://docs.example.org/start'))!;
    const [document] = outcome.opened;
    assert.ok(document);
    assert.equal(document.languageId, 'markdown');
    assert.equal(document.uri.scheme, 'untitled');
    const text = document.getText();
    assert.match(text, /^> Source: `https:\/\/docs\.example\.org\/start`/);
    assert.match(text, /Credits used: 1 credit/);
    const sent = sandbox.requests().filter((r) => r.route === 'scrape');
    assert.equal(sent.length, 1);
    const body = sent[0]?.body as Record<string, unknown>;
    assert.equal(body.integration, '_vscode');
    assert.match(String(body.origin), /^firecrawl-vscode@\d+\.\d+\.\d+/);
    assert.equal(body.timeout, 60_000);
    assert.equal(body.onlyMainContent, true);
    const jobId = /Job id: `([0-9a-f-]+)`/.exec(text)?.[1];
    assert.ok(jobId && sandbox.activity().some((a) => a.id === jobId));
    const titles = await until('the CodeLens', async () => ((await lensTitles(document.uri)).length ? lensTitles(document.uri) : undefined));
    assert.ok(
      titles.some((t) => /Rate this result \(scrape job/.test(t)),
      titles.join(' | '),
    );
  });

  it('a cancelled prompt sends nothing; a non-web address is refused in the box before sending', async () => {
    const pending = vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl');
    const box = (await until('the URL box', () => prompt())) as vscode.InputBox;
    // Text set on the widget fires no change event: Enter checks it again, refuses it and stays.
    box.value = 'file:///etc/passwd';
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await until('the refusal', () => /file/.test(String(box.validationMessage ?? '')));
    assert.equal(prompt(), box, 'Enter does nothing while the address is refused');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    const outcome = (await pending)!;
    assert.equal(outcome.cancelled, true);
    assert.equal(sandbox.requestCount('scrape'), 0);
  });

  it('402: the balance and Open Dashboard, and Retry sends the same URL again', async () => {
    sandbox.fault({ kind: 'status', status: 402, route: 'scrape' });
    answer = 'Retry';
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://example.com/pricing'))!;
    assert.match(outcome.failure?.message ?? '', /Not enough Firecrawl credits for scraping the page \(402\)/);
    assert.deepEqual(errors[0]?.items, ['Open Dashboard', 'Retry']);
    await until('the retry', () => sandbox.requestCount('scrape') === 2);
    const urls = sandbox
      .requests()
      .filter((r) => r.route === 'scrape')
      .map((r) => (r.body as { url: string }).url);
    assert.deepEqual(urls, ['https://example.com/pricing', 'https://example.com/pricing']);
  });

  it('Search the Web: the results in a pick as plain text, and Enter with none checked opens them as a list rated as the search', async () => {
    const pending = vscode.commands.executeCommand<RunOutcome>('firecrawl.searchWeb');
    await answerPrompt(/Search the Web/, 'web scraping api');
    const pick = (await until('the results', () => (prompt() && (prompt() as vscode.QuickPick<vscode.QuickPickItem>).items?.length ? prompt() : undefined))) as vscode.QuickPick<vscode.QuickPickItem>;
    assert.equal(pick.canSelectMany, true);
    assert.equal(pick.items.length, 10);
    // The sandbox's second result tries a command link and an icon in its title.
    const hostile = pick.items[1]!;
    assert.doesNotMatch(hostile.label, /\]\(command:/);
    assert.doesNotMatch(hostile.label, /\$\(alert\)/);
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const outcome = (await pending)!;
    const [document] = outcome.opened;
    assert.match(document?.getText() ?? '', /Search: web scraping api/);
    const body = sandbox.requests().find((r) => r.route === 'search')?.body as Record<string, unknown>;
    assert.deepEqual(body, { query: 'web scraping api', limit: 10, integration: '_vscode', origin: body.origin });
    const titles = await lensTitles(document!.uri);
    assert.ok(
      titles.some((t) => /search job/.test(t)),
      titles.join(' | '),
    );
  });

  it('Map a Site: the links as a document, one a line, and in a pick', async () => {
    const pending = vscode.commands.executeCommand<RunOutcome>('firecrawl.mapSite');
    await answerPrompt(/Map a Site/, 'https://docs.example.org');
    await until('the links', () => (prompt() as vscode.QuickPick<vscode.QuickPickItem> | undefined)?.items?.length);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    const outcome = (await pending)!;
    const text = outcome.opened[0]?.getText() ?? '';
    assert.match(text, /^- `https:\/\/docs\.example\.org\/pricing` Sandbox pricing$/m);
    assert.equal(sandbox.requestCount('scrape'), 0, 'closing the pick scrapes nothing');
  });

  it('Parse File to Markdown: a workspace CSV uploaded and opened like a scrape result, rated as a parse', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(api.globalStorage);
    const file = vscode.Uri.joinPath(folder, 'plans.csv');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode('name,plan\nExample,Hobby\n'));
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.parseFile', file))!;
    const text = outcome.opened[0]?.getText() ?? '';
    assert.match(text, /^> Source: `plans\.csv`/);
    assert.match(text, /- Example,Hobby/);
    const titles = await lensTitles(outcome.opened[0]!.uri);
    assert.ok(
      titles.some((t) => /parse job/.test(t)),
      titles.join(' | '),
    );
    const wrong = vscode.Uri.joinPath(folder, 'notes.txt');
    await vscode.workspace.fs.writeFile(wrong, new TextEncoder().encode('x'));
    const refused = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.parseFile', wrong))!;
    assert.match(refused.failure?.message ?? '', /not \.txt/);
    assert.equal(sandbox.requestCount('parse'), 1, 'a refused file is not sent');
  });

  it('Start Agent Job: maxCredits from the setting, the run tracked in the Research view at once', async () => {
    const pending = vscode.commands.executeCommand<AgentOutcome>('firecrawl.startAgentJob');
    await answerPrompt(/Start Agent Job/, 'Compare the plans of three scraping APIs');
    await answerPrompt(/Start Agent Job/, 'https://a.example, https://b.example');
    await answerPrompt(/Start Agent Job/);
    await answerPrompt(/Start Agent Job/);
    const confirm = await until('the confirm step', () => (/At most 500 credits/.test((prompt() as vscode.QuickPick<vscode.QuickPickItem> | undefined)?.placeholder ?? '') ? prompt() : undefined));
    assert.ok(confirm);
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const outcome = (await pending)!;
    assert.ok(outcome.id);
    const body = sandbox.requests().find((r) => r.route === 'agentStart')?.body as Record<string, unknown>;
    assert.deepEqual(body.urls, ['https://a.example', 'https://b.example']);
    assert.equal(body.maxCredits, 500);
    assert.equal(body.integration, '_vscode');
    assert.ok(
      api.research.store.jobs.some((j) => j.id === outcome.id),
      `tracked at once: ${JSON.stringify({ id: outcome.id, team: api.research.store.teamId, current: api.team.current, size: api.research.store.size, other: [...(await api.research.store.otherTeams())] })}`,
    );
  });

  it('Rate This Result on a scrape: the wizard opens at the rating with the job chosen, and "good" is sent with the page', async () => {
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://example.com/rate-me'))!;
    const document = outcome.opened[0]!;
    const jobId = /Job id: `([0-9a-f-]+)`/.exec(document.getText())?.[1];
    const rated = vscode.commands.executeCommand<FeedbackRunResult>('firecrawl.rateResult', document.uri);
    const { page, accept } = await wizardPages(api);
    await accept(await page(/Rating/));
    await accept(await page(/Review/));
    const result = (await rated)!;
    assert.equal(result.kind, 'sent');
    const sent = sandbox.feedbackSubmissions().at(-1);
    assert.equal(sent?.jobId, jobId);
    assert.equal(sent?.body.rating, 'good');
    assert.equal(sent?.body.url, 'https://example.com/rate-me');
    assert.equal(sent?.body.integration, '_vscode');
  });

  it('a 409 naming the window closes rating for that result, and the CodeLens says so', async () => {
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://example.com/too-late'))!;
    const document = outcome.opened[0]!;
    sandbox.advanceClock(121_000);
    const rated = vscode.commands.executeCommand<FeedbackRunResult>('firecrawl.rateResult', document.uri);
    const { page, accept } = await wizardPages(api);
    await accept(await page(/Rating/));
    await accept(await page(/Review/));
    const result = (await rated)!;
    assert.equal(result.kind, 'failed');
    assert.equal(result.kind === 'failed' ? result.code : undefined, 'FEEDBACK_WINDOW_EXPIRED');
    const titles = await until('the closed CodeLens', async () => {
      const now = await lensTitles(document.uri);
      return now.some((t) => /Rating closed/.test(t)) ? now : undefined;
    });
    assert.ok(
      titles.some((t) => /within 120 seconds/.test(t)),
      titles.join(' | '),
    );
    const before = sandbox.requestCount('feedback');
    assert.equal(await vscode.commands.executeCommand('firecrawl.rateResult', document.uri), undefined, 'rating it again opens nothing');
    assert.equal(sandbox.requestCount('feedback'), before);
  });

  it('rating a result on a server without a database (503 DB_DISABLED) says plainly that it cannot take feedback', async () => {
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://example.com/self-hosted'))!;
    const document = outcome.opened[0]!;
    sandbox.setFeedbackMode('dbDisabled');
    try {
      const rated = vscode.commands.executeCommand<FeedbackRunResult>('firecrawl.rateResult', document.uri);
      const { page, accept } = await wizardPages(api);
      await accept(await page(/Rating/));
      await accept(await page(/Review/));
      const result = (await rated)!;
      assert.equal(result.kind, 'failed');
      assert.equal(result.kind === 'failed' ? result.code : undefined, 'DB_DISABLED');
      const said = /^The server at http:\/\/127\.0\.0\.1:\d+ runs without a database \(a self-hosted Firecrawl\), so it cannot take feedback\./;
      assert.match(result.kind === 'failed' ? result.message : '', said);
      const shown = await until('the error message', () => errors.find((e) => said.test(e.message)));
      assert.deepEqual(shown.items, ['Open Settings', 'Edit and Retry']);
      assert.equal(sandbox.requestCount('feedback'), 1, 'never sent again by itself');
    } finally {
      sandbox.setFeedbackMode('normal');
    }
  });
});
