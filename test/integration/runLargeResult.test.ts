// A result too large for an editor, in a real extension host against the sandbox's padded page: it
// opens no editor (VS Code would stop responding for seconds); a notification names it and its size,
// Rate This Result rates its job, and Save As… writes exactly the result to the file picked.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { checked, scrapeBody } from '../../src/api';
import { runSettings } from '../../src/host/settings';
import type { TestApi } from '../../src/extension';
import type { RunOutcome } from '../../src/features/run';
import { LARGEST_OPENED_RESULT_BYTES } from '../../src/features/run/ui/resultEditors';
import { COMMANDS } from '../../src/ids';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, until, useSandbox, wizardPages } from './helpers';
import { type Notice, recordNotices, type NoticeRecorder } from './notices';

describe('running Firecrawl: a result too large for an editor', function () {
  this.timeout(60_000);
  let api: TestApi;
  let sandbox: Sandbox;
  let folder: string;
  let shown: NoticeRecorder;
  let notices: Notice[];
  const dialogs: vscode.SaveDialogOptions[] = [];
  /** Where the save dialog answers: a file in `folder`, or undefined as when it is cancelled. */
  let saveTo: () => vscode.Uri | undefined;
  const saveDialog = vscode.window.showSaveDialog;
  /** The first notification of `kind` matching `text` shown after the first `since` ones. */
  const noticeAfter = (since: number, kind: Notice['kind'], text: RegExp) =>
    until(`a ${kind} notification like ${text}`, () => notices.slice(since).find((n) => n.kind === kind && text.test(n.message)));

  before(async () => {
    api = await activateExtension();
    sandbox = await startSandbox();
    await useSandbox(api, sandbox);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'firecrawl-large-'));
    shown = recordNotices(['warning', 'error', 'info']);
    notices = shown.notices;
    (vscode.window as { showSaveDialog: unknown }).showSaveDialog = (options: vscode.SaveDialogOptions) => {
      dialogs.push(options);
      return Promise.resolve(saveTo());
    };
  });

  beforeEach(() => {
    saveTo = () => vscode.Uri.file(path.join(folder, 'large-result.md'));
  });

  after(async () => {
    shown.restore();
    (vscode.window as { showSaveDialog: unknown }).showSaveDialog = saveDialog;
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(folder, { recursive: true, force: true });
    await sandbox?.close();
  });

  it('opens no editor, says its name and size, rates its job, and Save As… writes the result', async () => {
    const opened: vscode.TextDocument[] = [];
    const watch = vscode.workspace.onDidOpenTextDocument((d) => {
      if (d.uri.scheme === 'untitled') opened.push(d);
    });
    const active = vscode.window.activeTextEditor?.document.uri.toString();
    try {
      const size = LARGEST_OPENED_RESULT_BYTES + 1024 * 1024;
      const url = `https://example.com/large-page?size=${size}`;
      const outcome = (await vscode.commands.executeCommand<RunOutcome>(COMMANDS.scrapeUrl, url))!;
      assert.equal(outcome.failure, undefined);
      assert.deepEqual(outcome.opened, [], 'no document for a result this large');
      const notice = await until('the notification about the large result', () => notices.find((n) => n.kind === 'warning' && /too large to open/.test(n.message)));
      assert.match(notice.message, /Sandbox page example\.com\/large-page/, 'names the result');
      assert.match(notice.message, /is 11\.1 MB/, 'says its size');
      assert.deepEqual(notice.items, ['Save As…', 'Rate This Result']);
      assert.deepEqual(opened, [], 'no untitled document opened');
      assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), active, 'no editor shows it');

      // Rate This Result: the wizard at its rating page for this job; the notification comes back with Save As… alone.
      const submissions = sandbox.feedbackSubmissions().length;
      notice.choose('Rate This Result');
      const { page, accept } = await wizardPages(api);
      await accept(await page(/Rating/));
      await accept(await page(/Review/));
      const sent = await until('the rating sent', () => (sandbox.feedbackSubmissions().length > submissions ? sandbox.feedbackSubmissions().at(-1) : undefined));
      assert.equal(sent.endpoint, 'scrape');
      const again = await until('the notification again', () => notices.find((n) => n !== notice && n.kind === 'warning' && /too large to open/.test(n.message)));
      assert.deepEqual(again.items, ['Save As…']);

      again.choose('Save As…');
      const saved = path.join(folder, 'large-result.md');
      const said = await until('where it was saved', () => notices.find((n) => n.kind === 'info' && /saved the result/.test(n.message))?.message);
      assert.ok(said.includes(saved), said);
      assert.match(said, /11\.1 MB/);
      assert.equal(dialogs.length, 1);
      const start = vscode.workspace.workspaceFolders?.[0]?.uri;
      if (start) assert.equal(dialogs[0]?.defaultUri?.toString(), vscode.Uri.joinPath(start, 'example.com-large-page-size-' + size + '.md').toString());

      // The file holds the document the editor would have held: its header (with this job's id) and the page, byte for byte.
      const text = fs.readFileSync(saved, 'utf8');
      assert.match(text, new RegExp(`Job id: \`${sent.jobId}\``));
      const direct = await api.provider.client.scrape(checked('scrape', scrapeBody({ url, onlyMainContent: runSettings.onlyMainContent(), timeoutMs: runSettings.scrapeTimeoutMs() })));
      assert.equal(text.split('\n\n---\n\n')[1], `${direct.markdown}\n`);
      assert.equal(fs.statSync(saved).size, Buffer.byteLength(text));
      assert.deepEqual(opened, [], 'nothing opened after the save either');
    } finally {
      watch.dispose();
      for (const n of notices) n.choose(undefined);
    }
  });
  /** Scrapes the sandbox's padded page past the limit (`tag` makes each ask its own job) and returns its notification. */
  async function largeResult(tag: string): Promise<{ notice: Notice; url: string }> {
    const since = notices.length;
    const url = `https://example.com/large-page?size=${LARGEST_OPENED_RESULT_BYTES + 1024 * 1024}&${tag}`;
    const outcome = (await vscode.commands.executeCommand<RunOutcome>(COMMANDS.scrapeUrl, url))!;
    assert.deepEqual(outcome.opened, []);
    return { notice: await noticeAfter(since, 'warning', /too large to open/), url };
  }

  it('a save that cannot be written says why in words, in one notification that offers the result again', async () => {
    const { notice, url } = await largeResult('unwritable');
    try {
      // A file where a folder of the path should be: the folders on the way cannot be made.
      const blocker = path.join(folder, 'not-a-folder');
      fs.writeFileSync(blocker, 'x');
      saveTo = () => vscode.Uri.file(path.join(blocker, 'large-result.md'));
      let since = notices.length;
      notice.choose('Save As…');
      // One notification: a second, shown with it, would fold this one's reason into a cut-off line.
      const failed = await noticeAfter(since, 'error', /could not/i);
      assert.equal(
        failed.message,
        'large-result.md could not be saved: part of the path is a file, not a folder. Save the result for Sandbox page example.com/large-page (11.1 MB) somewhere else; closing this notification discards it.',
      );
      assert.deepEqual(failed.items, ['Save As…', 'Rate This Result'], 'offered again as it was');
      // Other features may speak meanwhile (a research job finishing): only what concerns the result counts.
      const shown = notices.slice(since);
      assert.deepEqual(
        shown.filter((n) => n.kind === 'error' || /sav|too large to open/i.test(n.message)).map((n) => `${n.kind}: ${n.message}`),
        [`error: ${failed.message}`],
        `nothing else said about the result (all shown: ${shown.map((n) => `${n.kind}: ${n.message}`).join(' | ')})`,
      );

      // A folder where the file should be.
      saveTo = () => vscode.Uri.file(folder);
      since = notices.length;
      failed.choose('Save As…');
      const onFolder = await noticeAfter(since, 'error', /could not/i);
      assert.match(onFolder.message, new RegExp(`^${path.basename(folder)} could not be saved: a folder of that name is already there\\. Save the result for`));
      for (const said of [failed, onFolder]) {
        assert.doesNotMatch(said.message, /E[A-Z]{4,}|FileSystemError|Unable to/, 'no system code or text');
        assert.ok(!said.message.includes(folder), 'no path');
      }
      const again = onFolder;

      // Somewhere writable: the whole result is there.
      const saved = path.join(folder, 'saved-after-failures.md');
      saveTo = () => vscode.Uri.file(saved);
      since = notices.length;
      again.choose('Save As…');
      await noticeAfter(since, 'info', /saved the result/);
      const direct = await api.provider.client.scrape(checked('scrape', scrapeBody({ url, onlyMainContent: runSettings.onlyMainContent(), timeoutMs: runSettings.scrapeTimeoutMs() })));
      assert.equal(fs.readFileSync(saved, 'utf8').split('\n\n---\n\n')[1], `${direct.markdown}\n`, 'the whole result');
    } finally {
      for (const n of notices) n.choose(undefined);
    }
  });

  it('a cancelled save dialog writes nothing and says nothing; the result is offered again, and once saved it can still be rated', async () => {
    const { notice } = await largeResult('cancelled');
    // Nothing else holds the result: the notification says that closing it discards it.
    assert.match(notice.message, /closing this notification discards it\.$/);
    try {
      saveTo = () => undefined;
      const written = fs.readdirSync(folder).length;
      let since = notices.length;
      notice.choose('Save As…');
      const again = await noticeAfter(since, 'warning', /too large to open/);
      assert.deepEqual(again.items, ['Save As…', 'Rate This Result']);
      // Other features may speak meanwhile (a research job finishing, a receipt): only what concerns saving counts.
      const shown = notices.slice(since);
      assert.deepEqual(
        shown.filter((n) => n.kind === 'error' || /sav|too large to open/i.test(n.message)).map((n) => `${n.kind}: ${n.message}`),
        [`warning: ${again.message}`],
        `no error, nothing more said about the result (all shown: ${shown.map((n) => `${n.kind}: ${n.message}`).join(' | ')})`,
      );
      assert.equal(fs.readdirSync(folder).length, written, 'nothing written');

      const saved = path.join(folder, 'saved-after-cancel.md');
      saveTo = () => vscode.Uri.file(saved);
      since = notices.length;
      again.choose('Save As…');
      const said = await noticeAfter(since, 'info', /saved the result/);
      assert.ok(said.message.includes(saved), said.message);
      assert.ok(said.items.includes('Rate This Result'), `not rated yet: still offered (${said.items.join(', ')})`);
      assert.ok(fs.existsSync(saved));

      // Rate This Result from there: the wizard at its rating page for this job.
      const submissions = sandbox.feedbackSubmissions().length;
      said.choose('Rate This Result');
      const { page, accept } = await wizardPages(api);
      await accept(await page(/Rating/));
      await accept(await page(/Review/));
      const sent = await until('the rating sent', () => (sandbox.feedbackSubmissions().length > submissions ? sandbox.feedbackSubmissions().at(-1) : undefined));
      assert.equal(sent.endpoint, 'scrape');
      assert.match(fs.readFileSync(saved, 'utf8'), new RegExp(`Job id: \`${sent.jobId}\``), 'the job of the saved result');
    } finally {
      for (const n of notices) n.choose(undefined);
    }
  });
});
