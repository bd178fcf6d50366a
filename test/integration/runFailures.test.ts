// Runs that fail or are refused, through the real prompts and notifications: each says why and offers
// a step that can help, and nothing the person typed or chose is lost.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import type { AgentOutcome, RunCommands, RunOutcome } from '../../src/features/run';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, until, useSandbox } from './helpers';
import { type Notice, type NoticeRecorder, recordNotices } from './notices';

describe('running Firecrawl: failures that say what to do next', function () {
  this.timeout(60_000);
  let api: TestApi;
  let sandbox: Sandbox;
  let run: RunCommands;
  let notices: NoticeRecorder;
  let shown: Notice[];
  /** Answers the last notification shown. */
  const choose = (choice: string | undefined) => shown.at(-1)?.choose(choice);
  const openDialog = vscode.window.showOpenDialog;

  before(async () => {
    api = await activateExtension();
    sandbox = await startSandbox();
    await useSandbox(api, sandbox);
    notices = recordNotices(['error', 'warning']);
    shown = notices.notices;
    run = await api.run.commands();
  });

  after(async () => {
    notices.restore();
    (vscode.window as { showOpenDialog: unknown }).showOpenDialog = openDialog;
    await vscode.workspace.getConfiguration('firecrawl').update('run.agentMaxCredits', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await sandbox?.close();
  });

  beforeEach(() => {
    sandbox.clearFaults();
    sandbox.resetCounts();
    shown.length = 0;
  });

  const prompt = () => run.prompt;
  const agentStarts = () => sandbox.requestsTo('agentStart');
  /** Waits for a wizard page `step`, sets its text if given, and accepts it. */
  async function answerStep(step: number, text?: string): Promise<void> {
    const page = await until(`page ${step}`, () => (prompt()?.step === step ? prompt() : undefined));
    if (text !== undefined) (page as vscode.InputBox).value = text;
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await until(`page ${step} to go`, () => prompt() !== page);
  }
  /** Start Agent Job with `text` as the prompt and every other page as it opens, through to Start. */
  async function startAgent(text: string): Promise<{ pending: Thenable<AgentOutcome | undefined> }> {
    const pending = vscode.commands.executeCommand<AgentOutcome>('firecrawl.startAgentJob');
    await answerStep(1, text);
    await answerStep(2, '');
    await answerStep(3);
    await answerStep(4);
    await answerStep(5);
    // Wrapped: an async function returning the thenable itself would wait for the command to end.
    return { pending };
  }
  /** Counts the file dialogs asked for, each answered with no file. */
  function countDialogs(): { asked: () => number } {
    let asked = 0;
    (vscode.window as { showOpenDialog: unknown }).showOpenDialog = () => {
      asked++;
      return Promise.resolve(undefined);
    };
    return { asked: () => asked };
  }

  it('Parse File answered 400: Choose Another File… is offered (the same file is refused again) and asks for one', async () => {
    sandbox.fault({ kind: 'status', status: 400, route: 'parse', body: { success: false, code: 'BAD_REQUEST', error: 'Bad Request: the file could not be parsed' } });
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(api.globalStorage);
    const file = vscode.Uri.joinPath(folder, 'broken.csv');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode('a,b\n1,2\n'));
    const dialogs = countDialogs();
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.parseFile', file))!;
    assert.match(outcome.failure?.message ?? '', /refused the request for parsing the file \(400\)\. Firecrawl said: Bad Request: the file could not be parsed/);
    const error = await until('the error', () => shown.find((s) => s.kind === 'error'));
    assert.deepEqual(error.items, ['Choose Another File…', 'Show Logs']);
    choose('Choose Another File…');
    await until('the file dialog', () => dialogs.asked() === 1);
  });

  it('Parse File on a file that cannot be read: names it and why, offers another file or Retry, sends nothing', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(api.globalStorage);
    const gone = vscode.Uri.joinPath(folder, 'deleted-report.pdf');
    const dialogs = countDialogs();
    const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.parseFile', gone))!;
    assert.match(outcome.failure?.message ?? '', /^deleted-report\.pdf could not be read: it is not there any more/);
    assert.doesNotMatch(outcome.failure?.message ?? '', /Something went wrong/);
    // The file system's own text (an errno, the whole path) is not what a person reads.
    assert.doesNotMatch(outcome.failure?.message ?? '', /ENOENT|EntryNotFound|\//);
    const error = await until('the error', () => shown.find((s) => s.kind === 'error'));
    assert.deepEqual(error.items, ['Choose Another File…', 'Retry']);
    assert.equal(sandbox.requestCount('parse'), 0);
    choose('Choose Another File…');
    await until('the file dialog', () => dialogs.asked() === 1);
  });

  it('a next step that fails on its own (the file dialog would not open) is said, not lost in the log', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(api.globalStorage);
    (vscode.window as { showOpenDialog: unknown }).showOpenDialog = () => Promise.reject(new Error('the dialog would not open'));
    await vscode.commands.executeCommand<RunOutcome>('firecrawl.parseFile', vscode.Uri.joinPath(folder, 'deleted-report.pdf'));
    await until('the error', () => shown.find((s) => s.kind === 'error'));
    choose('Choose Another File…');
    const said = await until('the failed step, said', () => shown.filter((s) => s.kind === 'error')[1]);
    assert.match(said.message, /the dialog would not open/);
  });

  it('Start Agent Job cancelled while its request is on the way: says the run may have started and where to find it', async () => {
    sandbox.fault({ kind: 'hang', route: 'agentStart' });
    const { pending } = await startAgent('Find every pricing page');
    await until('the start request at the service', () => agentStarts().length === 1);
    // The progress notification's Cancel (the extension host cannot click it).
    assert.equal(run.cancelRunsInProgress(), 1);
    const outcome = (await pending)!;
    assert.equal(outcome.id, undefined);
    const said = await until('the warning', () => shown.find((s) => s.kind === 'warning'));
    assert.match(said.message, /may have started/);
    assert.match(said.message, /Recent/);
    assert.deepEqual(said.items, ['Add Recent Jobs…']);
    assert.equal(agentStarts().length, 1, 'not sent again');
    assert.ok(!shown.some((s) => s.kind === 'error'), JSON.stringify(shown));
  });

  it('Retry after a 402 on an agent start sends the credit limit as the setting now says, once it was lowered', async () => {
    sandbox.fault({ kind: 'status', status: 402, route: 'agentStart' });
    const outcome = (await (await startAgent('Compare three scraping APIs')).pending)!;
    assert.ok(outcome.failure);
    await until('the error', () => shown.find((s) => s.kind === 'error'));
    await vscode.workspace.getConfiguration('firecrawl').update('run.agentMaxCredits', 100, vscode.ConfigurationTarget.Global);
    try {
      choose('Retry');
      await until('the retry', () => agentStarts().length === 2);
      assert.deepEqual(
        agentStarts().map((r) => (r.body as { maxCredits?: number }).maxCredits),
        [500, 100],
      );
    } finally {
      await vscode.workspace.getConfiguration('firecrawl').update('run.agentMaxCredits', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('Start Agent Job: Enter on an emptied prompt says a prompt is needed and keeps the box as it is', async () => {
    const pending = vscode.commands.executeCommand<AgentOutcome>('firecrawl.startAgentJob');
    await answerStep(1, 'An earlier prompt');
    await until('the URLs page', () => (prompt()?.step === 2 ? prompt() : undefined));
    await vscode.commands.executeCommand('workbench.action.quickInputBack');
    const box = (await until('the prompt page again', () => (prompt()?.step === 1 ? prompt() : undefined))) as vscode.InputBox;
    assert.equal(box.value, 'An earlier prompt');
    box.value = '   ';
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await until('the reason', () => (box.validationMessage ? true : undefined));
    assert.match(String(box.validationMessage), /prompt/i);
    assert.equal(prompt(), box, 'the same box, still open');
    assert.equal(box.value, '   ', 'what was typed, not the earlier prompt');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.deepEqual(await pending, { cancelled: true });
    assert.equal(agentStarts().length, 0);
  });

  for (const [command, title, needed, route] of [
    ['firecrawl.mapSite', /Map a Site/, /URL/, 'map'],
    ['firecrawl.searchWeb', /Search the Web/, /query/i, 'search'],
    ['firecrawl.scrapeUrl', /Scrape URL/, /URL/, 'scrape'],
  ] as const) {
    it(`${command}: Enter on a blank box says what is needed and keeps the box as it is`, async () => {
      const pending = vscode.commands.executeCommand<RunOutcome>(command);
      const box = (await until('the box', () => (title.test(prompt()?.title ?? '') ? prompt() : undefined))) as vscode.InputBox;
      box.value = '   ';
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await until('the reason', () => (box.validationMessage ? true : undefined));
      assert.match(String(box.validationMessage), needed);
      assert.equal(prompt(), box, 'the same box, still open');
      assert.equal(box.value, '   ', 'what was typed');
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.equal((await pending)?.cancelled, true);
      assert.equal(sandbox.requestCount(route), 0);
    });
  }

  it('firecrawl.searchWeb: Enter on a query over 2,000 characters says the limit, sends nothing and keeps the text', async () => {
    const pending = vscode.commands.executeCommand<RunOutcome>('firecrawl.searchWeb');
    const box = (await until('the box', () => (/Search the Web/.test(prompt()?.title ?? '') ? prompt() : undefined))) as vscode.InputBox;
    const pasted = 'pricing '.repeat(251);
    box.value = pasted;
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await until('the limit', () => (box.validationMessage ? true : undefined));
    assert.equal(String(box.validationMessage), 'This is 2,007 characters long; at most 2,000 are allowed (remove 7).');
    assert.equal(prompt(), box, 'the same box, still open');
    assert.equal(box.value, pasted);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal((await pending)?.cancelled, true);
    assert.equal(sandbox.requestCount('search'), 0);
  });
});
