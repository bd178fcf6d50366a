// Running Firecrawl from the editor inside a real extension host, against the sandbox started in this
// host on 127.0.0.1: each command through its real prompts (driven with the workbench's quick-input
// commands; the text is set on the widget, since the extension host cannot type), the result
// documents with their CodeLens, a cancelled prompt sending nothing, a 402 with Retry keeping what was
// typed, several search results or map links checked (each opens as its own page, nothing unchecked
// does; a cancelled pick opens nothing), an agent start tracked in the Research view, rating a result
// through the wizard, and a result arriving while the window is not focused (a notification whose Rate
// opens the wizard at the rating for that job).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import type { AgentOutcome, RunCommands, RunOutcome } from '../../src/features/run';
import type { FeedbackRunResult } from '../../src/features/feedback';
import { COMMANDS, SETTINGS } from '../../src/ids';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { teamName } from '../../src/host/team';
import { activateExtension, setApiUrl, until, useSandbox, wizardPages } from './helpers';
import { type Notice, type NoticeRecorder, recordNotices } from './notices';

describe('running Firecrawl from the editor', function () {
  this.timeout(60_000);
  let api: TestApi;
  let sandbox: Sandbox;
  let run: RunCommands;
  let shownErrors: NoticeRecorder;
  let errors: Notice[];
  /** The button each error notification is answered with (undefined: closed). */
  let answer: string | undefined;

  before(async () => {
    api = await activateExtension();
    sandbox = await startSandbox();
    await useSandbox(api, sandbox);
    shownErrors = recordNotices(['error']);
    errors = shownErrors.notices;
    shownErrors.answer = () => answer;
    run = await api.run.commands();
  });

  after(async () => {
    shownErrors.restore();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await sandbox?.close();
  });

  beforeEach(() => {
    sandbox.clearFaults();
    sandbox.resetCounts();
    errors.length = 0;
    answer = undefined;
  });

  const watching: Array<{ dispose(): void }> = [];
  afterEach(() => {
    for (const watch of watching.splice(0)) watch.dispose();
  });

  const prompt = () => run.prompt;
  /** The error notifications' answer given later, by `choose` (to the last one shown), rather than at once. */
  function answerLater(): { choose(choice: string): void; restore(): void } {
    const immediate = shownErrors.answer;
    shownErrors.answer = undefined;
    return {
      choose: (choice) => errors.at(-1)?.choose(choice),
      restore: () => (shownErrors.answer = immediate),
    };
  }
  /** Waits for a prompt whose title matches, sets its text if given, and accepts it. */
  async function answerPrompt(title: RegExp, text?: string): Promise<void> {
    const shown = await until(`a prompt titled ${title}`, () => (prompt() && title.test(prompt()?.title ?? '') ? prompt() : undefined));
    if (text !== undefined) (shown as vscode.InputBox).value = text;
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await until('the prompt to go', () => prompt() !== shown);
  }
  type Pick = vscode.QuickPick<vscode.QuickPickItem & { value: string }>;
  /** The run's multi-select pick once its items are on screen. */
  const resultsPick = () => until('the pick of results', () => (prompt() && (prompt() as Pick).items?.length ? (prompt() as Pick) : undefined));
  /**
   * Checks the rows at `indexes` as a person does with the arrow keys and Space: the workbench's own
   * commands move the highlight and toggle its check, and the extension sees each change come back.
   */
  async function checkRows(pick: Pick, indexes: readonly number[]): Promise<void> {
    const at = () => (pick.activeItems[0] ? pick.items.indexOf(pick.activeItems[0]) : -1);
    for (const index of [...indexes].sort((a, b) => a - b)) {
      while (at() < index) {
        const from = at();
        await vscode.commands.executeCommand('quickInput.next');
        await until(`the highlight to move down from row ${from}`, () => at() > from);
      }
      const checked = pick.selectedItems.length;
      await vscode.commands.executeCommand('workbench.action.quickPickManyToggle');
      await until(`row ${index} checked`, () => pick.selectedItems.length === checked + 1 && pick.selectedItems.includes(pick.items[index]!));
    }
  }
  type Opened = { documents: vscode.TextDocument[]; inTabs(): string[] };
  /** The untitled documents opened from now on (until the test ends), and the editor tabs showing them. */
  function watchOpened(): Opened {
    const documents: vscode.TextDocument[] = [];
    watching.push(
      vscode.workspace.onDidOpenTextDocument((d) => {
        if (d.uri.scheme === 'untitled') documents.push(d);
      }),
    );
    const inTabs = () => {
      const shown = new Set(vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => (t.input instanceof vscode.TabInputText ? t.input.uri.toString() : '')));
      return uris(documents).filter((u) => shown.has(u));
    };
    return { documents, inTabs };
  }
  const uris = (documents: readonly vscode.TextDocument[]) => documents.map((d) => d.uri.toString());
  /**
   * Runs Search the Web or Map a Site (`command`, its prompt titled `title`) with `text`, checks `rows`
   * in its pick of results and ends the pick with Enter (`accept`) or Escape (`close`); `onPick` looks at
   * the pick's URLs before any row is checked. `opened` holds the documents opened since the command ran.
   */
  async function pickResults(
    command: string,
    title: RegExp,
    text: string,
    rows: readonly number[],
    end: 'accept' | 'close',
    onPick?: (urls: string[], opened: Opened) => unknown,
  ): Promise<{ outcome: RunOutcome; urls: string[]; opened: Opened }> {
    const opened = watchOpened();
    const pending = vscode.commands.executeCommand<RunOutcome>(command);
    await answerPrompt(title, text);
    const pick = await resultsPick();
    const urls = pick.items.map((i) => i.value);
    await onPick?.(urls, opened);
    await checkRows(pick, rows);
    await vscode.commands.executeCommand(end === 'accept' ? 'workbench.action.acceptSelectedQuickOpenItem' : 'workbench.action.closeQuickOpen');
    return { outcome: (await pending)!, urls, opened };
  }
  /** The workspace folder's files of these names, each written with a small CSV unless `unwritten` (a file that is missing). */
  async function workspaceFiles(names: readonly string[], unwritten: readonly string[] = []): Promise<vscode.Uri[]> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(api.globalStorage);
    const files = names.map((name) => vscode.Uri.joinPath(folder, name));
    for (const [i, file] of files.entries()) if (!unwritten.includes(names[i]!)) await vscode.workspace.fs.writeFile(file, new TextEncoder().encode('name,plan\nExample,Hobby\n'));
    return files;
  }
  const scrapedUrls = () => sandbox.requestsTo('scrape').map((r) => (r.body as { url: string }).url);
  const lensTitles = async (uri: vscode.Uri) => ((await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? []).map((l) => l.command?.title ?? '');
  /** Rate This Result on `document` through the wizard: Enter on the rating page (its highlighted choice, "good"), Enter on the review. */
  async function rateGood(document: vscode.TextDocument): Promise<FeedbackRunResult> {
    const rated = vscode.commands.executeCommand<FeedbackRunResult>('firecrawl.rateResult', document.uri);
    const { page, accept } = await wizardPages(api);
    await accept(await page(/Rating/));
    await accept(await page(/Review/));
    return (await rated)!;
  }
  /** The CodeLens titles on `uri` once there are any. */
  const lensesShown = (what: string, uri: vscode.Uri) =>
    until(what, async () => {
      const now = await lensTitles(uri);
      return now.length ? now : undefined;
    });

  it('Scrape URL with a URL given: one POST with the integration and origin, and a Markdown result with its facts and a Rate CodeLens', async () => {
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://docs.example.org/start'))!;
    const [document] = outcome.opened;
    assert.ok(document);
    assert.equal(document.languageId, 'markdown');
    assert.equal(document.uri.scheme, 'untitled');
    assert.equal(
      document.uri.path,
      vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'docs.example.org-start.md').path,
      'named after the URL in the workspace folder: the tab reads it and Save writes there',
    );
    const text = document.getText();
    assert.match(text, /^> Source: `https:\/\/docs\.example\.org\/start`/);
    assert.match(text, /Credits used: 1 credit/);
    const sent = sandbox.requestsTo('scrape');
    assert.equal(sent.length, 1);
    const body = sent[0]?.body as Record<string, unknown>;
    assert.equal(body.integration, '_vscode');
    assert.match(String(body.origin), /^firecrawl-vscode@\d+\.\d+\.\d+/);
    assert.equal(body.timeout, 60_000);
    assert.equal(body.onlyMainContent, true);
    const jobId = /Job id: `([0-9a-f-]+)`/.exec(text)?.[1];
    assert.ok(jobId && sandbox.activity().some((a) => a.id === jobId));
    const titles = await lensesShown('the CodeLens', document.uri);
    assert.ok(
      titles.some((t) => /Rate this result \(scrape job/.test(t)),
      titles.join(' | '),
    );
  });

  it('the same URL scraped twice opens two documents, the second named with -2, each with its own page', async () => {
    const first = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://docs.example.org/twice'))!.opened[0]!;
    const second = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://docs.example.org/twice'))!.opened[0]!;
    assert.deepEqual(
      [first.uri.path, second.uri.path].map((p) => p.split('/').at(-1)),
      ['docs.example.org-twice.md', 'docs.example.org-twice-2.md'],
    );
    for (const document of [first, second]) assert.match(document.getText(), /^> Source: `https:\/\/docs\.example\.org\/twice`/);
    assert.notEqual(first.getText(), second.getText(), 'each its own fetch time and job id');
  });

  it('two results of the same URL arriving together open two documents, each rated as its own job', async () => {
    const [a, b] = await Promise.all([1, 2].map(async () => (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://docs.example.org/together'))!.opened[0]!));
    assert.notEqual(a!.uri.toString(), b!.uri.toString());
    const jobIds = [a!, b!].map((d) => /Job id: `([^`]+)`/.exec(d.getText())?.[1]);
    assert.equal(new Set(jobIds).size, 2, 'each its own job');
    for (const [i, d] of [a!, b!].entries()) {
      assert.equal(d.getText().match(/^> Source:/gm)?.length, 1, 'one page a document');
      assert.equal(run.services.results.get(d.uri.toString())?.jobId, jobIds[i]);
    }
  });

  it("a scraped page's command links are not links in its document: Ctrl+Click cannot run a command the page chose", async () => {
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://hostile.example/'))!;
    const [document] = outcome.opened;
    assert.ok(document);
    // VS Code's Markdown support links every `[text](scheme:…)` it finds, and the editor opens links with commands allowed.
    const links = async () => (await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri)) ?? [];
    await until('the Markdown links', async () => (await links()).some((l) => l.target?.scheme === 'https'));
    const targets = (await links()).map((l) => l.target?.toString(true) ?? '');
    assert.ok(targets.includes('https://example.com/'), targets.join(' | '));
    assert.deepEqual(
      targets.filter((t) => /^(command|vscode(-insiders)?):/i.test(t)),
      [],
      "neither a command nor an address for another extension's URI handler",
    );
    assert.match(document.getText(), /\[this harmless link\]/, 'the page text is kept');
    assert.match(document.getText(), /\[this address\]\(vscode\u200b:\/\/firecrawl-community/);
  });

  it("a page's Unicode line and paragraph separators and NEL become the breaks they mean: none is left for VS Code to ask about", async () => {
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://separators.example/'))!;
    const [document] = outcome.opened;
    assert.ok(document);
    assert.doesNotMatch(document.getText(), /[\u2028\u2029\u0085]/);
    const lines = Array.from({ length: document.lineCount }, (_, i) => document.lineAt(i).text);
    const at = lines.indexOf('Monday to Friday: 9 to 17');
    assert.deepEqual(lines.slice(at, at + 5), ['Monday to Friday: 9 to 17', 'Saturday: 10 to 14', '', 'Closed on public holidays.', 'Call ahead for appointments.'], lines.join(' | '));
    assert.ok(run.services.results.get(document.uri.toString()), 'the result can be rated');
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

  it('a box closed with Escape keeps what it held: the next Scrape URL, Search and Map offer it again', async () => {
    for (const [command, text] of [
      ['firecrawl.scrapeUrl', 'https://docs.example.org/a/long/path/typed/by/hand'],
      ['firecrawl.searchWeb', 'firecrawl pricing typed by hand'],
      ['firecrawl.mapSite', 'https://docs.example.org/typed'],
    ] as const) {
      const first = vscode.commands.executeCommand<RunOutcome>(command);
      const box = (await until(`the box of ${command}`, () => prompt())) as vscode.InputBox;
      box.value = text;
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.equal((await first)?.cancelled, true);
      const second = vscode.commands.executeCommand<RunOutcome>(command);
      const again = (await until(`the box of ${command} again`, () => (prompt() !== box ? prompt() : undefined))) as vscode.InputBox;
      assert.equal(again.value, text, command);
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await second;
    }
    assert.equal(sandbox.requests().filter((r) => ['scrape', 'search', 'map'].includes(r.route)).length, 0);
  });

  it('402: the balance and Open Dashboard, and Retry sends the same URL again', async () => {
    sandbox.fault({ kind: 'status', status: 402, route: 'scrape' });
    answer = 'Retry';
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://example.com/pricing'))!;
    assert.match(outcome.failure?.message ?? '', /Not enough Firecrawl credits for scraping the page \(402\)/);
    assert.deepEqual(errors[0]?.items, ['Open Dashboard', 'Retry']);
    await until('the retry', () => sandbox.requestCount('scrape') === 2);
    assert.deepEqual(scrapedUrls(), ['https://example.com/pricing', 'https://example.com/pricing']);
  });

  it('400 naming the URL: Edit and Retry opens it in the box rather than sending it again unchanged', async () => {
    sandbox.fault({
      kind: 'status',
      status: 400,
      route: 'scrape',
      body: { success: false, code: 'BAD_REQUEST', error: 'Bad Request: url: This website is not supported', details: [{ code: 'custom', path: ['url'], message: 'This website is not supported' }] },
    });
    answer = 'Edit and Retry';
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://blocked.example.com/page'))!;
    assert.match(outcome.failure?.message ?? '', /refused url in the request for scraping the page: This website is not supported/);
    assert.deepEqual(errors[0]?.items, ['Edit and Retry', 'Show Logs'], 'no Retry: the same URL is refused the same way');
    const box = (await until('the Scrape URL box', () => (prompt() && /Scrape URL/.test(prompt()?.title ?? '') ? prompt() : undefined))) as vscode.InputBox;
    assert.equal(box.value, 'https://blocked.example.com/page', 'the URL that was refused, ready to change');
    assert.equal(sandbox.requestCount('scrape'), 1, 'nothing sent again by itself');
    await answerPrompt(/Scrape URL/, 'https://example.com/page');
    await until('the edited scrape', () => sandbox.requestCount('scrape') === 2);
    assert.deepEqual(scrapedUrls(), ['https://blocked.example.com/page', 'https://example.com/page']);
  });

  it("a site on the service's blocklist (403): said as the site refused, not the key; Edit and Retry, no Set API Key", async () => {
    answer = undefined;
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://www.linkedin.com/in/someone'))!;
    assert.match(
      outcome.failure?.message ?? '',
      /^The server at http:\/\/127\.0\.0\.1:\d+ does not fetch this site \(403\): it is on the list of sites it refuses, whatever the key\. Firecrawl said: We apologize for the inconvenience but we do not support this site\./,
    );
    assert.deepEqual(errors[0]?.items, ['Edit and Retry']);
    assert.equal(outcome.opened.length, 0);
  });

  it('Map a Site answered 200 with success:false: the service’s words as plain text in the error, nothing opens, Retry maps again', async () => {
    sandbox.fault({ kind: 'status', status: 200, route: 'map', body: { success: false, error: 'Map failed: see [why](command:workbench.action.quit)' } });
    answer = 'Retry';
    const pending = vscode.commands.executeCommand<RunOutcome>(COMMANDS.mapSite);
    await answerPrompt(/Map a Site/, 'https://docs.example.org');
    const outcome = (await pending)!;
    assert.deepEqual(outcome.opened, [], 'no map document for a failed map');
    const said = /Firecrawl said: Map failed: see \[why\]\u200b\(command:workbench\.action\.quit\)\./;
    assert.match(outcome.failure?.message ?? '', said);
    const shown = await until('the error message', () => errors.find((e) => said.test(e.message)));
    assert.ok(shown.items.includes('Retry'), shown.items.join(', '));
    // The retry gets the sandbox's normal answer: the map document and its pick of links.
    await until('the retry', () => sandbox.requestCount('map') === 2);
    await resultsPick();
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  it('Search the Web: the results in a pick as plain text, and Enter with none checked opens them as a list rated as the search', async () => {
    const pending = vscode.commands.executeCommand<RunOutcome>('firecrawl.searchWeb');
    await answerPrompt(/Search the Web/, 'web scraping api');
    const pick = await resultsPick();
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
    const body = sandbox.requestsTo('search')[0]?.body as Record<string, unknown>;
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
    assert.equal((await resultsPick()).placeholder, '30 links: check the pages to scrape', 'all 30 of the site’s pages, under the setting’s 500');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    const outcome = (await pending)!;
    const text = outcome.opened[0]?.getText() ?? '';
    assert.doesNotMatch(text, /may have more/);
    assert.match(text, /^- `https:\/\/docs\.example\.org\/pricing` Sandbox pricing$/m);
    assert.match(text, /^- `https:\/\/docs\.example\.org\/docs\/page-7` Sandbox docs\/page-7$/m, 'an ordinary title reads as written');
    assert.equal(sandbox.requestCount('scrape'), 0, 'closing the pick scrapes nothing');
    // The sandbox's fourth title is a command link: in the source it reads as written, and it is no link.
    assert.match(text, /^- `https:\/\/docs\.example\.org\/blog` \\\[Open me\\\]\(command:workbench\.action\.quit\)$/m);
    const document = outcome.opened[0]!;
    const links = async () => (await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri)) ?? [];
    await until('the Markdown links', async () => (await links()).some((l) => l.target?.scheme === 'https'));
    assert.deepEqual(
      (await links()).map((l) => l.target?.toString(true) ?? '').filter((t) => !/^https:\/\/docs\.example\.org\//.test(t)),
      [],
      'only the site’s addresses are links',
    );
  });

  it('Map a Site that returns as many links as the setting asks for says the site may have more, in the pick and the document', async () => {
    const settings = vscode.workspace.getConfiguration();
    await settings.update(SETTINGS.mapLimit, 12, vscode.ConfigurationTarget.Global);
    try {
      const pending = vscode.commands.executeCommand<RunOutcome>('firecrawl.mapSite');
      await answerPrompt(/Map a Site/, 'https://docs.example.org');
      const pick = await resultsPick();
      assert.equal(pick.items.length, 12);
      assert.equal(pick.placeholder, '12 links, the limit (the site may have more): check pages to scrape');
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      const text = (await pending)!.opened[0]?.getText() ?? '';
      assert.match(text, /^> ⚠ The map stopped at the 12 links it asked for: the site may have more\. Raise the setting firecrawl\.run\.mapLimit to list more\. {2}$/m);
      assert.equal((sandbox.requestsTo('map').at(-1)?.body as { limit?: number }).limit, 12);
    } finally {
      await settings.update(SETTINGS.mapLimit, undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('Search the Web with several results checked: each checked one is scraped and opens as its own document, in order, and nothing unchecked opens', async () => {
    const { outcome, urls, opened } = await pickResults(COMMANDS.searchWeb, /Search the Web/, 'pricing pages', [0, 2, 4], 'accept', (urls) => assert.equal(urls.length, 10));
    const picked = [urls[0]!, urls[2]!, urls[4]!];
    assert.deepEqual(scrapedUrls(), picked, 'only the checked results are scraped, in the order shown');
    assert.equal(sandbox.requestCount('search'), 1);
    assert.equal(outcome.opened.length, 3);
    assert.deepEqual(uris(opened.documents), uris(outcome.opened), 'exactly the scraped pages opened: no list of all results, no unchecked page');
    outcome.opened.forEach((document, i) => {
      const text = document.getText();
      assert.equal(document.languageId, 'markdown');
      assert.ok(text.startsWith(`> Source: \`${picked[i]}\``), text.slice(0, 200));
      assert.ok(text.includes(`This is the sandbox's page for ${picked[i]}.`), text);
      assert.match(text, /Credits used: 1 credit/);
      for (const other of urls.filter((u) => u !== picked[i])) assert.ok(!text.includes(other), `${picked[i]}'s page mentions ${other}`);
    });
    const jobIds = outcome.opened.map((d) => /Job id: `([0-9a-f-]+)`/.exec(d.getText())?.[1]);
    assert.equal(new Set(jobIds).size, 3, 'each page is its own scrape job');
    await until('each page in an editor tab', () => opened.inTabs().length === 3);
    const titles = await lensesShown('the Rate CodeLens on the last page', outcome.opened[2]!.uri);
    assert.ok(
      titles.some((t) => /Rate this result \(scrape job/.test(t)),
      titles.join(' | '),
    );
  });

  it('Search the Web with several results checked, the first scrape cancelled: the pages after it are said as not scraped, and Scrape the Rest scrapes them', async () => {
    const { notices, restore } = recordNotices();
    try {
      sandbox.fault({ kind: 'hang', route: 'scrape' });
      const running = pickResults(COMMANDS.searchWeb, /Search the Web/, 'pricing pages', [0, 2, 4], 'accept');
      await until('the first scrape at the service', () => sandbox.requestCount('scrape') === 1);
      // The progress notification's Cancel (the extension host cannot click it).
      assert.equal(run.cancelRunsInProgress(), 1);
      const { outcome, urls, opened } = await running;
      assert.equal(outcome.cancelled, true);
      const notice = await until('the notice', () => notices.find((n) => /not scraped/.test(n.message)));
      assert.deepEqual([notice.message, notice.items], ['Firecrawl: stopped; 2 checked pages were not scraped.', ['Scrape the Rest']]);
      assert.equal(sandbox.requestCount('scrape'), 1, 'nothing more sent before the answer');
      notice.choose('Scrape the Rest');
      await until('the rest scraped and opened', () => opened.documents.length === 2 && opened.documents.every((d) => d.getText().startsWith('> Source: ')));
      assert.deepEqual(scrapedUrls(), [urls[0]!, urls[2]!, urls[4]!]);
      assert.deepEqual(
        opened.documents.map((d) => /^> Source: `([^`]+)`/.exec(d.getText())?.[1]),
        [urls[2], urls[4]],
      );
    } finally {
      restore();
    }
  });

  it('Search the Web: cancelling the pick of results opens and scrapes nothing, and the paid results can be shown again without a second search', async () => {
    const { notices, restore } = recordNotices();
    try {
      // Checked rows are not an answer: only Enter is.
      const { outcome, urls, opened } = await pickResults(COMMANDS.searchWeb, /Search the Web/, 'pricing pages', [1, 3], 'close');
      assert.equal(outcome.cancelled, true);
      assert.deepEqual(outcome.opened, []);
      assert.equal(sandbox.requestCount('scrape'), 0);
      assert.deepEqual(opened.documents, [], 'no document opened');
      await until('the notice', () => notices.length === 1);
      assert.deepEqual([notices[0]!.message, notices[0]!.items], ['Firecrawl: the search results for pricing pages were closed; nothing was opened.', ['Show Results Again']]);
      notices[0]!.choose('Show Results Again');
      const shown = await resultsPick();
      assert.deepEqual(
        shown.items.map((i) => i.value),
        urls,
        'the same results',
      );
      assert.equal(sandbox.requestCount('search'), 1, 'not searched again');
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await until('the notice again', () => notices.length === 2);
      notices[1]!.choose(undefined);
    } finally {
      restore();
    }
  });

  it('Map a Site with several links checked: the map document, then each checked page as its own document; nothing unchecked opens', async () => {
    const { outcome, urls, opened } = await pickResults(COMMANDS.mapSite, /Map a Site/, 'https://docs.example.org', [1, 2, 5], 'accept', async (urls, opened) => {
      assert.equal(urls.length, 30);
      // The map document is open already, behind the pick.
      await until('the map document', () => opened.documents.length === 1);
    });
    const picked = ['https://docs.example.org/docs', 'https://docs.example.org/pricing', 'https://docs.example.org/docs/page-1'];
    assert.deepEqual([urls[1], urls[2], urls[5]], picked);
    assert.deepEqual(scrapedUrls(), picked, 'only the checked links are scraped, in the order shown');
    assert.equal(outcome.opened.length, 4);
    assert.deepEqual(uris(opened.documents), uris(outcome.opened), 'the map and the checked pages opened, nothing else');
    const [map, ...pages] = outcome.opened;
    const mapText = map!.getText();
    assert.match(mapText, /^> Map of `https:\/\/docs\.example\.org\/?`/);
    assert.match(mapText, /30 links/);
    assert.equal(mapText.split('\n').filter((l) => l.startsWith('- `https://docs.example.org/')).length, 30, 'one line per link');
    pages.forEach((document, i) => {
      const text = document.getText();
      assert.ok(text.startsWith(`> Source: \`${picked[i]}\``), text.slice(0, 200));
      assert.ok(text.includes(`This is the sandbox's page for ${picked[i]}.`), text);
    });
    await until('the map and each page in an editor tab', () => opened.inTabs().length === 4);
    const mapLens = await lensesShown('the map CodeLens', map!.uri);
    assert.ok(
      mapLens.some((t) => /Rate this result \(map job/.test(t)),
      mapLens.join(' | '),
    );
  });

  it('Map a Site with links checked, the first refused (400): Edit and Retry opens it, then goes on with the rest', async () => {
    sandbox.fault({
      kind: 'status',
      status: 400,
      route: 'scrape',
      body: { success: false, code: 'BAD_REQUEST', error: 'Bad Request: url: Not allowed', details: [{ code: 'custom', path: ['url'], message: 'Not allowed' }] },
    });
    answer = 'Edit and Retry';
    const pending = pickResults(COMMANDS.mapSite, /Map a Site/, 'https://docs.example.org', [1, 2, 5], 'accept');
    const box = (await until('the Scrape URL box', () => (prompt() && /Scrape URL/.test(prompt()?.title ?? '') ? prompt() : undefined))) as vscode.InputBox;
    assert.equal(box.value, 'https://docs.example.org/docs', 'the refused page, ready to change');
    await answerPrompt(/Scrape URL/, 'https://docs.example.org/docs/');
    const { outcome, opened } = await pending;
    assert.ok(outcome.failure, 'the first try ended at the refusal');
    // Until the last page is open, or the next test would see it open.
    await until('the rest scraped and the last page open', () => opened.documents.some((d) => d.getText().startsWith('> Source: `https://docs.example.org/docs/page-1`')));
    assert.deepEqual(scrapedUrls(), ['https://docs.example.org/docs', 'https://docs.example.org/docs/', 'https://docs.example.org/pricing', 'https://docs.example.org/docs/page-1']);
  });

  it('Map a Site with links checked, the first refused (400): leaving the Edit and Retry box says the pages after it were not scraped, and offers them', async () => {
    sandbox.fault({
      kind: 'status',
      status: 400,
      route: 'scrape',
      body: { success: false, code: 'BAD_REQUEST', error: 'Bad Request: url: Not allowed', details: [{ code: 'custom', path: ['url'], message: 'Not allowed' }] },
    });
    answer = 'Edit and Retry';
    const infos = recordNotices(['info']);
    try {
      const pending = pickResults(COMMANDS.mapSite, /Map a Site/, 'https://docs.example.org', [1, 2, 5], 'accept');
      await until('the Scrape URL box', () => (prompt() && /Scrape URL/.test(prompt()?.title ?? '') ? prompt() : undefined));
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await pending;
      const said = await until('the pages not scraped, said', () => infos.notices.find((n) => /checked pages were not scraped/.test(n.message)));
      assert.match(said.message, /^Firecrawl: stopped; 2 checked pages were not scraped\.$/);
      assert.deepEqual(said.items, ['Scrape the Rest']);
      assert.deepEqual(scrapedUrls(), ['https://docs.example.org/docs'], 'nothing more was sent');
      said.choose(undefined);
    } finally {
      infos.restore();
    }
  });

  it('Search the Web with several results checked, the first page failing: Skip and Go On scrapes the pages after it, without the failed one', async () => {
    sandbox.fault({ kind: 'status', status: 200, route: 'scrape', body: { success: false, error: 'Request timed out while loading the page' } });
    answer = 'Skip and Go On';
    const { outcome, urls, opened } = await pickResults(COMMANDS.searchWeb, /Search the Web/, 'pricing pages', [0, 2, 4], 'accept');
    assert.ok(outcome.failure, 'the first try ended at the failure');
    assert.ok(outcome.failure.actions.includes('skip'), outcome.failure.actions.join());
    assert.match(outcome.failure.message, new RegExp(`^${urls[0]!.replace(/[.?/]/g, '\\$&')}: Firecrawl could not do it while scraping the page`), 'the page of several that failed is named first');
    assert.equal(errors.length, 1);
    assert.ok(errors[0]!.items.includes('Skip and Go On'), errors[0]!.items.join(' | '));
    // The test before may still be opening its last page: only this search's pages count.
    const sources = () => opened.documents.map((d) => /^> Source: `([^`]+)`/.exec(d.getText())?.[1]).filter((url) => url !== undefined && urls.includes(url));
    await until('the rest scraped and opened', () => sources().includes(urls[4]));
    assert.deepEqual(scrapedUrls(), [urls[0]!, urls[2]!, urls[4]!], 'the failed page is not sent again');
    assert.deepEqual(sources(), [urls[2], urls[4]]);
  });

  it('a single page that fails offers no Skip: there is nothing after it', async () => {
    sandbox.fault({ kind: 'status', status: 200, route: 'scrape', body: { success: false, error: 'Request timed out while loading the page' } });
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://docs.example.org/alone'))!;
    assert.ok(outcome.failure);
    assert.ok(!outcome.failure.actions.includes('skip'), outcome.failure.actions.join());
    assert.match(outcome.failure.message, /^Firecrawl could not do it/, 'a single page is named by its progress and its prompt, not again');
    assert.ok(!errors[0]!.items.includes('Skip and Go On'), errors[0]!.items.join(' | '));
  });

  it('Edit and Retry after editing a search the selection began: the box holds what was typed, not the selection', async () => {
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: 'vector databases\n' }));
    editor.selection = new vscode.Selection(0, 0, 0, 'vector databases'.length);
    // Closed unanswered and opened again with the same selection: the selection again, not an older search.
    const closed = vscode.commands.executeCommand<RunOutcome>(COMMANDS.searchWeb);
    const opened = (await until('the search box', () => (prompt() && /Search the Web/.test(prompt()?.title ?? '') ? prompt() : undefined))) as vscode.InputBox;
    assert.equal(opened.value, 'vector databases');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal((await closed)?.cancelled, true);
    sandbox.fault({
      kind: 'status',
      status: 400,
      route: 'search',
      body: { success: false, code: 'BAD_REQUEST', error: 'Bad Request: query: Too vague', details: [{ code: 'custom', path: ['query'], message: 'Too vague' }] },
    });
    answer = 'Edit and Retry';
    const pending = vscode.commands.executeCommand<RunOutcome>(COMMANDS.searchWeb);
    const first = (await until('the search box', () => (prompt() && /Search the Web/.test(prompt()?.title ?? '') ? prompt() : undefined))) as vscode.InputBox;
    assert.equal(first.value, 'vector databases', 'the same selection, as nothing else was typed since');
    await answerPrompt(/Search the Web/, 'vector databases compared');
    assert.ok((await pending)?.failure);
    const again = (await until('the search box again', () => (prompt() && prompt() !== first && /Search the Web/.test(prompt()?.title ?? '') ? prompt() : undefined))) as vscode.InputBox;
    assert.equal(again.value, 'vector databases compared', 'what was typed, with the selection still there');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('Edit and Retry opens the search that failed, even with other text selected since', async () => {
    sandbox.fault({
      kind: 'status',
      status: 400,
      route: 'search',
      body: { success: false, code: 'BAD_REQUEST', error: 'Bad Request: query: Too vague', details: [{ code: 'custom', path: ['query'], message: 'Too vague' }] },
    });
    const later = answerLater();
    try {
      const pending = vscode.commands.executeCommand<RunOutcome>(COMMANDS.searchWeb);
      await answerPrompt(/Search the Web/, 'headless browsers compared');
      assert.ok((await pending)?.failure);
      const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: 'something else entirely\n' }));
      editor.selection = new vscode.Selection(0, 0, 0, 'something else entirely'.length);
      later.choose('Edit and Retry');
      const again = (await until('the search box again', () => (prompt() && /Search the Web/.test(prompt()?.title ?? '') ? prompt() : undefined))) as vscode.InputBox;
      assert.equal(again.value, 'headless browsers compared');
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    } finally {
      later.restore();
    }
  });

  it('Map a Site: cancelling the pick of links scrapes and opens nothing beyond the map document', async () => {
    const { outcome, opened } = await pickResults(COMMANDS.mapSite, /Map a Site/, 'https://docs.example.org', [0, 1], 'close');
    assert.equal(outcome.opened.length, 1);
    assert.match(outcome.opened[0]!.getText(), /^> Map of /);
    assert.equal(sandbox.requestCount('scrape'), 0);
    assert.deepEqual(uris(opened.documents), [outcome.opened[0]!.uri.toString()], 'only the map document opened');
  });

  it('Map a Site: the links closed, or No to scraping many, come back without a second map; after No, still checked', async () => {
    const recorder = recordNotices(['warning', 'info']);
    // The modal question is answered No; the notification waits to be chosen from.
    recorder.answer = (notice) => (notice.modal ? undefined : null);
    const said = () => recorder.notices.filter((n) => n.kind === 'info');
    try {
      const eleven = Array.from({ length: 11 }, (_, i) => i);
      const declined = await pickResults(COMMANDS.mapSite, /Map a Site/, 'https://docs.example.org', eleven, 'accept');
      assert.equal(declined.outcome.cancelled, true);
      const notice = await until('the notice', () => said()[0]);
      assert.deepEqual([notice.message, notice.items], ['Firecrawl: the links of https://docs.example.org were closed; nothing was scraped.', ['Show Links Again']]);
      notice.choose('Show Links Again');
      const shown = await resultsPick();
      assert.deepEqual(
        shown.items.map((i) => i.value),
        declined.urls,
        'the same links',
      );
      assert.deepEqual(
        shown.selectedItems.map((i) => i.value),
        declined.urls.slice(0, 11),
        'checked as they were',
      );
      assert.equal(sandbox.requestCount('map'), 1, 'not mapped again');
      assert.equal(sandbox.requestCount('scrape'), 0);
      // Closed again: offered again, with nothing checked to keep.
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await until('the notice again', () => said().length === 2);
      said()[1]!.choose(undefined);
    } finally {
      recorder.restore();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('Map a Site with more than 10 links checked asks first, in a modal dialog naming the count: No scrapes nothing, Yes scrapes each', async () => {
    const warnings = recordNotices(['warning']);
    const asked = warnings.notices;
    warnings.answer = () => undefined;
    const eleven = Array.from({ length: 11 }, (_, i) => i);
    try {
      // A tenth page checked is scraped without a question, as before.
      const few = await pickResults(COMMANDS.mapSite, /Map a Site/, 'https://docs.example.org', eleven.slice(0, 10), 'accept');
      assert.equal(asked.length, 0, 'ten pages: no question');
      assert.equal(sandbox.requestCount('scrape'), 10);
      assert.equal(few.outcome.opened.length, 11, 'the map and ten pages');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      sandbox.resetCounts();

      const declined = await pickResults(COMMANDS.mapSite, /Map a Site/, 'https://docs.example.org', eleven, 'accept');
      assert.equal(asked.length, 1);
      assert.equal(asked[0]!.modal, true);
      assert.match(asked[0]!.message, /11 checked pages/);
      assert.deepEqual(asked[0]!.items, ['Scrape 11 Pages']);
      assert.equal(sandbox.requestCount('scrape'), 0, 'declined: nothing scraped');
      assert.equal(declined.outcome.cancelled, true);
      assert.equal(declined.outcome.opened.length, 1, 'the map document alone');

      warnings.answer = (notice) => notice.items[0];
      const accepted = await pickResults(COMMANDS.mapSite, /Map a Site/, 'https://docs.example.org', eleven, 'accept');
      assert.equal(asked.length, 2);
      assert.equal(sandbox.requestCount('scrape'), 11);
      assert.equal(accepted.outcome.opened.length, 12, 'the map and eleven pages');
    } finally {
      warnings.restore();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('Parse File to Markdown: a workspace CSV uploaded and opened like a scrape result, rated as a parse', async () => {
    const [file] = (await workspaceFiles(['plans.csv'])) as [vscode.Uri];
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.parseFile', file))!;
    const text = outcome.opened[0]?.getText() ?? '';
    assert.match(text, /^> Source: `plans\.csv`/);
    assert.doesNotMatch(text, /Site status/, 'an upload has no site');
    assert.match(text, /- Example,Hobby/);
    const titles = await lensTitles(outcome.opened[0]!.uri);
    assert.ok(
      titles.some((t) => /parse job/.test(t)),
      titles.join(' | '),
    );
    const [wrong] = (await workspaceFiles(['notes.txt'])) as [vscode.Uri];
    // Sending the same file again would be refused again: the step offered is another file.
    const dialog = vscode.window.showOpenDialog;
    let asked = 0;
    (vscode.window as { showOpenDialog: unknown }).showOpenDialog = () => {
      asked++;
      return Promise.resolve(undefined);
    };
    answer = 'Choose Another File…';
    try {
      const refused = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.parseFile', wrong))!;
      assert.match(refused.failure?.message ?? '', /not \.txt/);
      assert.deepEqual(refused.failure?.actions, ['chooseFile']);
      assert.deepEqual(errors.at(-1)?.items, ['Choose Another File…']);
      await until('the file dialog', () => asked === 1);
    } finally {
      (vscode.window as { showOpenDialog: unknown }).showOpenDialog = dialog;
    }
    assert.equal(sandbox.requestCount('parse'), 1, 'a refused file is not sent');
  });

  it('Parse File on files selected together: those of a type Firecrawl parses, in turn, each its own document; a missing one is said and the rest go on', async () => {
    const [first, notes, gone, last] = (await workspaceFiles(['q1.csv', 'notes.txt', 'gone.csv', 'q2.html'], ['gone.csv'])) as [vscode.Uri, vscode.Uri, vscode.Uri, vscode.Uri];
    const infos = recordNotices(['info']);
    infos.answer = () => undefined;
    try {
      // As the explorer passes them: the file clicked, then the whole selection.
      const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.parseFile', first, [first, notes, gone, last]))!;
      assert.deepEqual(
        outcome.opened.map((d) => /^> Source: `([^`]+)`/.exec(d.getText())?.[1]),
        ['q1.csv', 'q2.html'],
      );
      assert.equal(sandbox.requestCount('parse'), 2, 'neither the text file nor the missing one is sent');
      assert.deepEqual(
        infos.messages().filter((m) => /left out/.test(m)),
        ['Firecrawl: 1 selected item is left out; Parse File takes PDF, DOCX, XLSX, PPTX, HTML, EPUB and CSV files.'],
      );
      assert.equal(errors.length, 1, errors.map((e) => e.message).join(' | '));
      assert.match(errors[0]!.message, /gone\.csv/);
      assert.equal(outcome.failure?.message, errors[0]!.message);
    } finally {
      infos.restore();
    }
  });

  it('Parse File on several files: one the server refuses is named and the rest go on; another failure, named, offers Skip and Go On to the ones after it', async () => {
    const files = await workspaceFiles(['big.csv', 'down.csv', 'after.csv']);
    // A proxy in front of a self-hosted server refuses the first file's size, and names no file.
    sandbox.fault({ route: 'parse', kind: 'status', status: 413, text: '<html><body><h1>413 Request Entity Too Large</h1></body></html>', contentType: 'text/html' });
    sandbox.fault({ route: 'parse', kind: 'status', status: 500, body: { success: false, error: 'Internal server error' } });
    const opened = watchOpened();
    const later = answerLater();
    try {
      const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.parseFile', files[0], files))!;
      assert.equal(errors.length, 2, errors.map((e) => e.message).join(' | '));
      assert.match(errors[0]!.message, /^big\.csv: .*413/, "the refused file is named: the proxy's words do not name it");
      assert.deepEqual(errors[0]!.items, ['Choose Another File…']);
      assert.match(errors[1]!.message, /^down\.csv: /);
      assert.ok(errors[1]!.items.includes('Skip and Go On'), errors[1]!.items.join(' | '));
      assert.equal(outcome.failure?.message, errors[1]!.message, 'the outcome carries the failure that stopped it');
      assert.equal(sandbox.requestCount('parse'), 2, 'nothing after the failure before the answer');
      later.choose('Skip and Go On');
      await until('the file after the failure parsed and opened', () => opened.documents.some((d) => d.getText().startsWith('> Source: `after.csv`')));
      assert.equal(sandbox.requestCount('parse'), 3, 'the failed file is not sent again');
    } finally {
      later.restore();
    }
  });

  it('Parse File on several files, the first cancelled: the files after it are said as not parsed, and Parse the Rest parses them', async () => {
    const files = await workspaceFiles(['slow.csv', 'next.csv', 'last.csv']);
    const { notices, restore } = recordNotices(['info']);
    const opened = watchOpened();
    try {
      sandbox.fault({ kind: 'hang', route: 'parse' });
      const running = vscode.commands.executeCommand<RunOutcome>('firecrawl.parseFile', files[0], files);
      await until('the first upload at the service', () => sandbox.requestCount('parse') === 1);
      // The progress notification's Cancel (the extension host cannot click it).
      assert.equal(run.cancelRunsInProgress(), 1);
      assert.equal((await running)?.cancelled, true);
      const notice = await until('the notice', () => notices.find((n) => /not parsed/.test(n.message)));
      assert.deepEqual([notice.message, notice.items], ['Firecrawl: stopped; 2 selected files were not parsed.', ['Parse the Rest']]);
      assert.equal(sandbox.requestCount('parse'), 1, 'nothing more sent before the answer');
      notice.choose('Parse the Rest');
      const sources = () => opened.documents.map((d) => /^> Source: `([^`]+)`/.exec(d.getText())?.[1]);
      await until('the rest parsed and opened', () => sources().includes('last.csv'));
      assert.deepEqual(sources(), ['next.csv', 'last.csv']);
      assert.equal(sandbox.requestCount('parse'), 3);
    } finally {
      restore();
    }
  });

  it('Parse File on more than ten files asks first; No sends nothing', async () => {
    // Never read: the question comes first.
    const names = Array.from({ length: 11 }, (_, i) => `batch-${i + 1}.csv`);
    const files = await workspaceFiles(names, names);
    const warnings = recordNotices(['warning']);
    warnings.answer = () => undefined;
    try {
      const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.parseFile', files[0], files))!;
      assert.deepEqual(outcome, { opened: [], cancelled: true });
      assert.deepEqual(
        warnings.notices.map((n) => [n.message, n.modal, n.items]),
        [['Parse 11 files?', true, ['Parse 11 Files']]],
      );
      assert.equal(sandbox.requestCount('parse'), 0);
    } finally {
      warnings.restore();
    }
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
    const body = sandbox.requestsTo('agentStart')[0]?.body as Record<string, unknown>;
    assert.deepEqual(body.urls, ['https://a.example', 'https://b.example']);
    assert.equal(body.maxCredits, 500);
    assert.equal(body.integration, '_vscode');
    assert.ok(
      api.research.store.jobs.some((j) => j.id === outcome.id),
      `tracked at once: ${JSON.stringify({ id: outcome.id, team: api.research.store.teamId, current: api.team.current, size: api.research.store.size, other: [...(await api.research.store.otherTeams())] })}`,
    );
    // Named by its prompt from the start: the service's answers never say it.
    const tree = api.research.tree;
    await tree.loadRows();
    const label = tree.item(tree.jobNode(outcome.id!)).label;
    assert.equal(typeof label === 'string' ? label : label?.label, 'Agent job: Compare the plans of three scraping APIs');
  });

  it('a run started here that ends before the Research view first reads it is still announced', async () => {
    sandbox.startedAgentDurationMs = 0;
    // Every decision, by job: the run may end, and be decided on, before the command returns its id.
    const decisions = new Map<string, boolean>();
    const decision = api.research.notifier.onDidDecide((d) => decisions.set(d.jobId, d.announced));
    try {
      const pending = vscode.commands.executeCommand<AgentOutcome>('firecrawl.startAgentJob');
      await answerPrompt(/Start Agent Job/, 'Summarise one page');
      await answerPrompt(/Start Agent Job/, 'https://a.example');
      await answerPrompt(/Start Agent Job/);
      await answerPrompt(/Start Agent Job/);
      await until('the confirm step', () => (/At most/.test((prompt() as vscode.QuickPick<vscode.QuickPickItem> | undefined)?.placeholder ?? '') ? prompt() : undefined));
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      const id = (await pending)!.id;
      assert.ok(id);
      await until('the Research view to read it completed', () => api.research.store.get(id)?.snapshot?.status === 'completed');
      await until("the notifier's decision on it", () => decisions.has(id));
      assert.equal(decisions.get(id), true);
    } finally {
      decision.dispose();
      sandbox.startedAgentDurationMs = undefined;
    }
  });

  it('Retry on an agent start refused earlier sends that prompt, even after the wizard started another run', async () => {
    /** Runs the wizard with `text` as the prompt and no URLs through to Start. */
    const startRun = async (text: string) => {
      const pending = vscode.commands.executeCommand<AgentOutcome>('firecrawl.startAgentJob');
      await answerPrompt(/Start Agent Job/, text);
      await answerPrompt(/Start Agent Job/, '');
      await answerPrompt(/Start Agent Job/);
      await answerPrompt(/Start Agent Job/);
      await until('the confirm step', () => (/At most/.test((prompt() as vscode.QuickPick<vscode.QuickPickItem> | undefined)?.placeholder ?? '') ? prompt() : undefined));
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      return (await pending)!;
    };
    const later = answerLater();
    try {
      sandbox.fault({ kind: 'status', status: 429, route: 'agentStart' });
      const refused = await startRun('Prompt A: compare the pricing pages');
      assert.ok(refused.failure);
      assert.ok((await startRun('Prompt B: list every changelog entry')).id);
      later.choose('Retry');
      await until('the retry', () => sandbox.requestsTo('agentStart').length === 3);
      const prompts = sandbox.requestsTo('agentStart').map((r) => (r.body as { prompt?: string }).prompt);
      assert.deepEqual(prompts, ['Prompt A: compare the pricing pages', 'Prompt B: list every changelog entry', 'Prompt A: compare the pricing pages']);
    } finally {
      later.restore();
    }
  });

  it('Start Agent Job: Back from the URLs keeps what was typed there, and the page offers it again', async () => {
    const pending = vscode.commands.executeCommand<AgentOutcome>('firecrawl.startAgentJob');
    await answerPrompt(/Start Agent Job/, 'Find the pricing pages');
    const urls = await until('the URLs page', () => (prompt()?.step === 2 ? (prompt() as vscode.InputBox) : undefined));
    urls.value = 'https://a.example/pricing https://b.example/plans';
    await vscode.commands.executeCommand('workbench.action.quickInputBack');
    await until('the prompt page again', () => (prompt()?.step === 1 ? prompt() : undefined));
    await answerPrompt(/Start Agent Job/);
    const again = await until('the URLs page again', () => (prompt()?.step === 2 ? (prompt() as vscode.InputBox) : undefined));
    assert.equal(again.value, 'https://a.example/pricing https://b.example/plans');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.deepEqual(await pending, { cancelled: true });
    assert.equal(sandbox.requestsTo('agentStart').length, 0);
  });

  it('Start Agent Job: Escape on the URLs keeps them and the prompt for the next run', async () => {
    const first = vscode.commands.executeCommand<AgentOutcome>('firecrawl.startAgentJob');
    await answerPrompt(/Start Agent Job/, 'Find the pricing of every plan');
    const urls = await until('the URLs page', () => (prompt()?.step === 2 ? (prompt() as vscode.InputBox) : undefined));
    urls.value = 'https://a.example/pricing https://b.example/plans';
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.deepEqual(await first, { cancelled: true });
    const second = vscode.commands.executeCommand<AgentOutcome>('firecrawl.startAgentJob');
    const step1 = await until('the prompt page', () => (prompt()?.step === 1 ? (prompt() as vscode.InputBox) : undefined));
    assert.equal(step1.value, 'Find the pricing of every plan');
    await answerPrompt(/Start Agent Job/);
    const again = await until('the URLs page again', () => (prompt()?.step === 2 ? (prompt() as vscode.InputBox) : undefined));
    assert.equal(again.value, 'https://a.example/pricing https://b.example/plans');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.deepEqual(await second, { cancelled: true });
    assert.equal(sandbox.requestsTo('agentStart').length, 0);
  });

  it('Start Agent Job: JSON with comments in the editor is not offered as the schema (the service takes plain JSON); without comments it is', async () => {
    for (const [content, offered] of [
      ['{\n  // the plans\n  "type": "object",\n}', false],
      ['{ "type": "object" }', true],
    ] as const) {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: 'jsonc', content }));
      const pending = vscode.commands.executeCommand<AgentOutcome>('firecrawl.startAgentJob');
      await answerPrompt(/Start Agent Job/, 'Compare the plans of three scraping APIs');
      await answerPrompt(/Start Agent Job/, '');
      const page = await until('the schema page', () => (prompt()?.step === 3 ? (prompt() as Pick) : undefined));
      assert.equal(
        page.items.some((i) => i.label === 'Use the JSON in the editor'),
        offered,
        content,
      );
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.deepEqual(await pending, { cancelled: true });
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('Start Agent Job: leaving at the confirm step to change the credit limit keeps the schema (read again) and the effort for the next run', async () => {
    const schema = { type: 'object', properties: { plans: { type: 'array' } } };
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: 'json', content: JSON.stringify(schema) }));
    /** Moves the highlight of the pick on screen to the row labelled `label`, as the arrow keys do. */
    const choose = async (label: RegExp) => {
      const pick = await until(`a pick with ${label}`, () => ((prompt() as Pick | undefined)?.items?.some((i) => label.test(i.label)) ? (prompt() as Pick) : undefined));
      while (!label.test(pick.activeItems[0]?.label ?? '')) {
        const from = pick.activeItems[0];
        await vscode.commands.executeCommand('quickInput.next');
        await until('the highlight to move', () => pick.activeItems[0] !== from);
      }
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await until('the pick to go', () => prompt() !== pick);
    };
    const first = vscode.commands.executeCommand<AgentOutcome>('firecrawl.startAgentJob');
    await answerPrompt(/Start Agent Job/, 'Compare the plans of three scraping APIs');
    await answerPrompt(/Start Agent Job/, '');
    await choose(/^Use the JSON in the editor$/);
    await choose(/^High effort$/);
    await choose(/Change the credit limit/);
    assert.deepEqual(await first, { cancelled: true });
    assert.equal(sandbox.requestCount('agentStart'), 0);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor'); // the Settings editor
    await vscode.window.showTextDocument(editor.document);
    // The schema is mended meanwhile: Keep sends it as it is now, not as it was read.
    const mended = { type: 'object', properties: { plans: { type: 'array', items: { type: 'string' } } } };
    const mend = new vscode.WorkspaceEdit();
    mend.replace(editor.document.uri, new vscode.Range(0, 0, editor.document.lineCount, 0), JSON.stringify(mended));
    assert.ok(await vscode.workspace.applyEdit(mend));

    const again = vscode.commands.executeCommand<AgentOutcome>('firecrawl.startAgentJob');
    await answerPrompt(/Start Agent Job/);
    await answerPrompt(/Start Agent Job/);
    const schemaPage = await until('the schema page', () => (prompt()?.step === 3 ? (prompt() as Pick) : undefined));
    assert.equal(schemaPage.activeItems[0]?.label, `Keep ${editor.document.fileName.split(/[\\/]/).pop()}`, 'the schema chosen before');
    await answerPrompt(/Start Agent Job/);
    const effortPage = await until('the effort page', () => (prompt()?.step === 4 ? (prompt() as Pick) : undefined));
    assert.equal(effortPage.activeItems[0]?.label, 'High effort');
    await answerPrompt(/Start Agent Job/);
    await until('the confirm step', () => (prompt()?.step === 5 ? prompt() : undefined));
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    assert.ok((await again)?.id);
    const body = sandbox.requestsTo('agentStart')[0]?.body as Record<string, unknown>;
    assert.equal(body.prompt, 'Compare the plans of three scraping APIs');
    assert.deepEqual(body.schema, mended);
    assert.equal(body.effort, 'high');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Rate This Result on a scrape: the wizard opens at the rating with the job chosen, and "good" is sent with the page', async () => {
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://example.com/rate-me'))!;
    const document = outcome.opened[0]!;
    const jobId = /Job id: `([0-9a-f-]+)`/.exec(document.getText())?.[1];
    const result = await rateGood(document);
    assert.equal(result.kind, 'sent');
    const sent = sandbox.feedbackSubmissions().at(-1);
    assert.equal(sent?.jobId, jobId);
    assert.equal(sent?.body.rating, 'good');
    assert.equal(sent?.body.url, 'https://example.com/rate-me');
    assert.equal(sent?.body.integration, '_vscode');
    // Rated: the CodeLens says so, and the command shows the receipt again rather than a second rating.
    const titles = await until('the CodeLens to say rated', async () => {
      const now = await lensTitles(document.uri);
      return now.some((t) => /^\$\(check\) Rated \(scrape job [0-9a-f]{8}…\)$/.test(t)) ? now : undefined;
    });
    assert.ok(!titles.some((t) => /Rate this result/.test(t)), titles.join(' | '));
    const infos = recordNotices();
    infos.answer = () => undefined;
    try {
      const submissions = sandbox.feedbackSubmissions().length;
      assert.equal(await vscode.commands.executeCommand('firecrawl.rateResult', document.uri), undefined);
      assert.deepEqual(
        infos.notices.map((n) => n.message),
        [(result as { message: string }).message],
        'the receipt, again',
      );
      assert.equal(sandbox.feedbackSubmissions().length, submissions, 'nothing sent again');
      assert.equal(api.feedback.page, undefined, 'no wizard page opened');
    } finally {
      infos.restore();
    }
  });

  it('Rate This Result, then Back to another job: the feedback goes to that job, and this result stays unrated', async () => {
    const first = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://example.com/rate-first'))!.opened[0]!;
    const second = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://example.com/rate-second'))!.opened[0]!;
    const secondId = /Job id: `([0-9a-f-]+)`/.exec(second.getText())?.[1];
    assert.ok(secondId);
    const rated = vscode.commands.executeCommand<FeedbackRunResult>('firecrawl.rateResult', first.uri);
    const { feedback, page, accept } = await wizardPages(api);
    const rating = await page(/Rating/);
    await vscode.commands.executeCommand('workbench.action.quickInputBack');
    await until('the job page', () => (feedback.page !== rating && /Job id/.test(feedback.page?.widget.title ?? '') ? feedback.page : undefined));
    // Back reaches the job page: the list of recent scrape jobs; the highlight moves to the second one.
    const job = await page(/Job id/);
    assert.equal(job.kind, 'pick');
    const names = () => `${job.widget.activeItems[0]?.label ?? ''} ${job.widget.activeItems[0]?.detail ?? ''}`;
    await until('the job list to load', () => !job.widget.busy && job.widget.activeItems.length > 0);
    for (let i = 0; i < 30 && !names().includes(secondId); i++) {
      const before = job.widget.activeItems[0];
      await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
      await until('the highlight to move', () => job.widget.activeItems[0] !== before, 2_000);
    }
    assert.ok(names().includes(secondId), names());
    await accept(job);
    await accept(await page(/Rating/));
    await accept(await page(/Review/));
    const result = (await rated)!;
    assert.equal(result.kind, 'sent');
    assert.equal(result.kind === 'sent' ? result.job.jobId : undefined, secondId);
    assert.equal(sandbox.feedbackSubmissions().at(-1)?.jobId, secondId);
    const titles = await lensTitles(first.uri);
    assert.ok(titles.some((t) => /Rate this result/.test(t)) && !titles.some((t) => /Rated/.test(t)), `the first result is still to be rated: ${titles.join(' | ')}`);
  });

  it('Save puts a result in the workspace folder under its name without asking, and the saved file keeps its Rate CodeLens', async () => {
    const folder = vscode.workspace.workspaceFolders![0]!.uri;
    // A file of that name is never overwritten: the result takes the next name.
    const taken = vscode.Uri.joinPath(folder, 'example.com-save-me.md');
    await vscode.workspace.fs.writeFile(taken, new TextEncoder().encode('# mine\n'));
    const second = vscode.Uri.joinPath(folder, 'example.com-save-me-2.md');
    try {
      const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://example.com/save-me'))!;
      const untitled = outcome.opened[0]!;
      const jobId = /Job id: `([0-9a-f-]+)`/.exec(untitled.getText())?.[1];
      assert.equal(untitled.uri.scheme, 'untitled');
      assert.equal(untitled.uri.path, second.path, 'bound to the workspace folder, beside the file already there');
      await vscode.window.showTextDocument(untitled);
      await vscode.commands.executeCommand('workbench.action.files.save');
      await until('the untitled result to close', () => untitled.isClosed);
      assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(taken)), '# mine\n', 'the file already there is untouched');
      const saved = await vscode.workspace.openTextDocument(second);
      assert.match(saved.getText(), /^# Sandbox page example\.com\/save-me$/m);
      const titles = await lensesShown('the CodeLens on the saved file', saved.uri);
      assert.ok(
        titles.some((t) => /^\$\(feedback\) Rate this result \(scrape job [0-9a-f]{8}…\)$/.test(t)),
        titles.join(' | '),
      );
      const result = await rateGood(saved);
      assert.equal(result.kind, 'sent');
      assert.equal(sandbox.feedbackSubmissions().at(-1)?.jobId, jobId);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      for (const file of [taken, second]) await vscode.workspace.fs.delete(file).then(undefined, () => undefined);
    }
  });

  it("a file holding a saved result takes another result's lens when that result's text is saved into it (Save As onto it); an ordinary edit and save keeps its own", async () => {
    const jobOf = (document: vscode.TextDocument) => /Job id: `([0-9a-f-]+)`/.exec(document.getText())?.[1] ?? '';
    const rateTitle = (jobId: string) => `$(feedback) Rate this result (scrape job ${jobId.slice(0, 8)}…)`;
    const first = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://example.com/saved-first'))!.opened[0]!;
    const firstJob = jobOf(first);
    const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, first.uri.path.split('/').pop()!);
    try {
      await vscode.window.showTextDocument(first);
      await vscode.commands.executeCommand('workbench.action.files.save');
      await until('the untitled result to close', () => first.isClosed);
      const saved = await vscode.workspace.openTextDocument(file);
      const lensFor = async (jobId: string) => (await lensesShown(`the CodeLens of job ${jobId}`, file)).some((t) => t === rateTitle(jobId));
      assert.ok(await lensFor(firstJob));

      const edit = new vscode.WorkspaceEdit();
      edit.insert(file, saved.positionAt(saved.getText().length), '\nMy note.\n');
      await vscode.workspace.applyEdit(edit);
      assert.ok(await saved.save());
      assert.ok(await lensFor(firstJob), 'an ordinary save keeps the result');

      const second = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://example.com/saved-over'))!.opened[0]!;
      const secondJob = jobOf(second);
      assert.notEqual(secondJob, firstJob);
      // As Save As onto that file leaves it: the second result's text saved there, the untitled one still open.
      const replace = new vscode.WorkspaceEdit();
      replace.replace(file, new vscode.Range(saved.positionAt(0), saved.positionAt(saved.getText().length)), second.getText());
      await vscode.workspace.applyEdit(replace);
      assert.ok(await saved.save());
      await until('the second result lens on the file', () => lensFor(secondJob).then((shown) => shown || undefined));
      assert.deepEqual(
        (await lensTitles(file)).filter((t) => t.includes(firstJob.slice(0, 8))),
        [],
        "the first result's lens is gone",
      );
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(file).then(undefined, () => undefined);
    }
  });

  it("Save As of one result under another unsaved result's name takes its own lens there; the other result keeps its lens", async () => {
    const jobOf = (document: vscode.TextDocument) => /Job id: `([0-9a-f-]+)`/.exec(document.getText())?.[1] ?? '';
    const rateTitle = (jobId: string) => `$(feedback) Rate this result (scrape job ${jobId.slice(0, 8)}…)`;
    const first = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://example.com/same-name'))!.opened[0]!;
    const second = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://example.com/same-name'))!.opened[0]!;
    assert.notEqual(second.uri.path, first.uri.path, 'the second result takes the next name');
    // As Save As of the second result onto the first one's name leaves it: a new file there holding the second's text.
    const file = vscode.Uri.file(first.uri.path);
    try {
      await vscode.workspace.fs.writeFile(file, new Uint8Array());
      const saved = await vscode.workspace.openTextDocument(file);
      const edit = new vscode.WorkspaceEdit();
      edit.insert(file, new vscode.Position(0, 0), second.getText());
      await vscode.workspace.applyEdit(edit);
      assert.ok(await saved.save());
      const titles = await lensesShown('the lens on the saved file', file);
      assert.deepEqual(
        titles.filter((t) => t.startsWith('$(feedback)')),
        [rateTitle(jobOf(second))],
      );
      assert.ok((await lensTitles(first.uri)).includes(rateTitle(jobOf(first))), 'the other result can still be rated');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(file).then(undefined, () => undefined);
    }
  });

  it('a result that arrives while the window is not focused says so with Rate This Result, which opens the wizard at the rating for that job; in a focused window it says nothing', async () => {
    const services = run.services;
    const focused = services.focused;
    const infos = recordNotices();
    infos.answer = (notice) => (/^Firecrawl result ready/.test(notice.message) ? 'Rate This Result' : undefined);
    const ready = () => infos.notices.filter((s) => /^Firecrawl result ready/.test(s.message)).map(({ message, items }) => ({ message, items }));
    try {
      services.focused = () => true;
      const seen = (await vscode.commands.executeCommand<RunOutcome>(COMMANDS.scrapeUrl, 'https://example.com/while-looking'))!;
      assert.equal(seen.opened.length, 1);
      assert.deepEqual(ready(), [], 'a person looking at the window needs no notification');

      services.focused = () => false;
      const before = sandbox.feedbackSubmissions().length;
      const outcome = (await vscode.commands.executeCommand<RunOutcome>(COMMANDS.scrapeUrl, 'https://example.com/while-away'))!;
      const document = outcome.opened[0]!;
      const jobId = /Job id: `([0-9a-f-]+)`/.exec(document.getText())?.[1];
      assert.ok(jobId);
      assert.deepEqual(ready(), [{ message: 'Firecrawl result ready: Sandbox page example.com/while-away', items: ['Rate This Result'] }]);
      // Rate was chosen on the notification: the wizard opens on the rating, endpoint and job not asked.
      const { page, accept } = await wizardPages(api);
      const rating = await page(/Rating/);
      assert.equal(rating.kind, 'pick');
      assert.equal(rating.widget.step, 3, 'the fast path counts the rating as its third page');
      await accept(rating);
      await accept(await page(/Review/));
      const sent = await until('the feedback', () => (sandbox.feedbackSubmissions().length > before ? sandbox.feedbackSubmissions().at(-1) : undefined));
      assert.equal(sent.jobId, jobId, 'the rating is for the result the notification named');
      assert.equal(sent.endpoint, 'scrape');
      assert.equal(sent.body.rating, 'good');
      assert.equal(sent.body.url, 'https://example.com/while-away');
    } finally {
      services.focused = focused;
      infos.restore();
    }
  });

  it('a rating that failed and then went through on Send Again is recorded on the result: the CodeLens says Rated, and rating again opens nothing', async () => {
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://example.com/send-again'))!;
    const document = outcome.opened[0]!;
    sandbox.fault({ route: 'feedback', kind: 'status', status: 500, body: { success: false, error: 'Internal error', feedbackErrorCode: 'INTERNAL' } });
    answer = 'Send Again';
    const result = await rateGood(document);
    assert.equal(result.kind, 'failed', 'the first try failed');
    await until('the second try', () => sandbox.requestCount('feedback') === 2);
    await until('the rated CodeLens', async () => ((await lensTitles(document.uri)).some((t) => /Rated \(scrape job/.test(t)) ? true : undefined));
    answer = undefined;
    assert.equal(await vscode.commands.executeCommand('firecrawl.rateResult', document.uri), undefined, 'rating it again opens nothing');
    assert.equal(sandbox.requestCount('feedback'), 2);
  });

  it('a 409 naming the window closes rating for that result, and the CodeLens says so', async () => {
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://example.com/too-late'))!;
    const document = outcome.opened[0]!;
    sandbox.advanceClock(121_000);
    const result = await rateGood(document);
    assert.equal(result.kind, 'failed');
    assert.equal(result.kind === 'failed' ? result.code : undefined, 'FEEDBACK_WINDOW_EXPIRED');
    const titles = await until('the closed CodeLens', async () => {
      const now = await lensTitles(document.uri);
      return now.some((t) => /Rating closed/.test(t)) ? now : undefined;
    });
    assert.ok(
      titles.some((t) => /within 2 minutes of the job/.test(t)),
      titles.join(' | '),
    );
    const before = sandbox.requestCount('feedback');
    assert.equal(await vscode.commands.executeCommand('firecrawl.rateResult', document.uri), undefined, 'rating it again opens nothing');
    assert.equal(sandbox.requestCount('feedback'), before);
  });

  it("a team that may not send feedback (403 TEAM_OPTED_OUT, PREVIEW_TEAM_NOT_ALLOWED) closes rating for every open result of that team's jobs, not for a later one", async () => {
    for (const [mode, closedTitle] of [
      ['optedOut', 'Rating closed: feedback is turned off for the Firecrawl team that ran this job.'],
      ['previewTeam', 'Rating closed: preview teams cannot send feedback.'],
    ] as const) {
      const rated = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', `https://example.com/${mode}-rated`))!.opened[0]!;
      const other = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', `https://example.com/${mode}-other`))!.opened[0]!;
      sandbox.setFeedbackMode(mode);
      try {
        const result = await rateGood(rated);
        assert.equal(result.kind === 'failed' ? result.code : undefined, mode === 'optedOut' ? 'TEAM_OPTED_OUT' : 'PREVIEW_TEAM_NOT_ALLOWED');
        for (const document of [rated, other]) await until(`the closed CodeLens (${mode})`, async () => ((await lensTitles(document.uri)).includes(closedTitle) ? true : undefined));
        const before = sandbox.requestCount('feedback');
        assert.equal(await vscode.commands.executeCommand('firecrawl.rateResult', other.uri), undefined, 'rating the other result opens nothing');
        assert.equal(sandbox.requestCount('feedback'), before);
        // Support may turn feedback back on, or the team may leave the preview: a result opened later is offered again.
        const later = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', `https://example.com/${mode}-later`))!.opened[0]!;
        assert.ok((await lensesShown('the later lens', later.uri)).some((t) => t.startsWith('$(feedback) Rate this result')));
      } finally {
        sandbox.setFeedbackMode('normal');
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      }
    }
  });

  it('a result run with another API key, or at another server, is not rated with the ones in use: a warning says which to set back, and nothing is sent', async () => {
    const document = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://example.com/rated-elsewhere'))!.opened[0]!;
    const notices = recordNotices(['info', 'warning']);
    // Asked whether the new key is of the same team: it is not.
    notices.answer = (notice) => (notice.items.includes('Keep Apart') ? 'Keep Apart' : undefined);
    const other = await startSandbox();
    try {
      await api.keys.store(sandbox.keys.restricted);
      const restricted = await teamName(sandbox.url, sandbox.keys.restricted);
      await until('the window to join the other key’s team', () => api.team.current?.id === restricted);
      assert.equal(await vscode.commands.executeCommand('firecrawl.rateResult', document.uri), undefined);
      const byKey = await until('the warning', () => notices.notices.find((n) => n.kind === 'warning' && n.message.startsWith('This result was run with another API key.')));
      assert.deepEqual(byKey.items, ['Set API Key']);

      await setApiUrl(other.url);
      await until('the provider to follow the setting', () => api.provider.url.url === other.url);
      assert.equal(await vscode.commands.executeCommand('firecrawl.rateResult', document.uri), undefined);
      const byServer = await until('the warning', () => notices.notices.find((n) => n.kind === 'warning' && n.message.startsWith('This result was run at ')));
      assert.equal(
        byServer.message,
        `This result was run at ${sandbox.url}, and Firecrawl is now set to ${other.url}. Its rating has to go to the server that ran the job: set firecrawl.apiUrl back to ${sandbox.url} to rate it.`,
      );
      assert.deepEqual(byServer.items, ['Open Settings']);
      assert.equal(sandbox.requestCount('feedback') + other.requestCount('feedback'), 0, 'nothing sent');
      assert.ok(
        (await lensTitles(document.uri)).some((t) => t.startsWith('$(feedback) Rate this result')),
        'still open: with its key and server back it can be rated',
      );
    } finally {
      notices.restore();
      await useSandbox(api, sandbox);
      await other.close();
    }
    const result = await rateGood(document);
    assert.equal(result.kind, 'sent', 'rated once its key and server are back');
  });

  it('a result whose answer came after the server was changed is rated where it ran: rating it says to set that server back, and nothing is sent', async () => {
    let answer!: () => void;
    const before = sandbox.requestCount('scrape');
    sandbox.fault({ route: 'scrape', kind: 'latency', until: new Promise<void>((resolve) => (answer = resolve)) });
    const pending = vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://example.com/answered-after-a-change');
    await until('the scrape sent', () => sandbox.requestCount('scrape') > before);
    const notices = recordNotices(['warning']);
    const other = await startSandbox();
    try {
      await setApiUrl(other.url);
      await until('the provider to follow the setting', () => api.provider.url.url === other.url);
      answer();
      const document = (await pending)!.opened[0]!;
      assert.ok(document, 'the page opened');
      assert.equal(await vscode.commands.executeCommand('firecrawl.rateResult', document.uri), undefined);
      const byServer = await until('the warning', () => notices.notices.find((n) => n.message.startsWith('This result was run at ')));
      assert.ok(byServer.message.startsWith(`This result was run at ${sandbox.url}, and Firecrawl is now set to ${other.url}.`), byServer.message);
      assert.equal(sandbox.requestCount('feedback') + other.requestCount('feedback'), 0, 'nothing sent');
    } finally {
      notices.restore();
      await useSandbox(api, sandbox);
      await other.close();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('rating a result on a server without a database (503 DB_DISABLED) says plainly that it cannot take feedback, and closes rating for that result', async () => {
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.scrapeUrl', 'https://example.com/self-hosted'))!;
    const document = outcome.opened[0]!;
    sandbox.setFeedbackMode('dbDisabled');
    try {
      const result = await rateGood(document);
      assert.equal(result.kind, 'failed');
      assert.equal(result.kind === 'failed' ? result.code : undefined, 'DB_DISABLED');
      const said = /^The server at http:\/\/127\.0\.0\.1:\d+ runs without a database \(a self-hosted Firecrawl\), so it cannot take feedback, nor can a job that ran there be rated anywhere else\./;
      assert.match(result.kind === 'failed' ? result.message : '', said);
      const shown = await until('the error message', () => errors.find((e) => said.test(e.message)));
      assert.deepEqual(shown.items, ['Open Settings', 'Edit and Retry']);
      assert.equal(sandbox.requestCount('feedback'), 1, 'never sent again by itself');
      await until('the closed CodeLens', async () => ((await lensTitles(document.uri)).includes('Rating closed: this server runs without a database and takes no feedback.') ? true : undefined));
      assert.equal(await vscode.commands.executeCommand('firecrawl.rateResult', document.uri), undefined, 'rating it again opens nothing');
      assert.equal(sandbox.requestCount('feedback'), 1);
    } finally {
      sandbox.setFeedbackMode('normal');
    }
  });
});
