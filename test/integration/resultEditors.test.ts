// Result documents in a real extension host, against the sandbox: what a result's notification offers
// still reaches its result after the person saved it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import type { RunOutcome } from '../../src/features/run';
import { COMMANDS } from '../../src/ids';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, until, useSandbox, wizardPages } from './helpers';
import { recordNotices } from './notices';

describe('result documents', function () {
  this.timeout(60_000);
  let api: TestApi;
  let sandbox: Sandbox;

  before(async () => {
    api = await activateExtension();
    sandbox = await startSandbox();
    await useSandbox(api, sandbox);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await sandbox?.close();
  });

  it("Rate This Result on a result's notification, chosen after the result was saved, rates that job", async () => {
    const run = await api.run.commands();
    const services = run.services;
    const focused = services.focused;
    // The result's notification is answered later, once its result was saved.
    const notices = recordNotices();
    notices.answer = (notice) => (/^Firecrawl result ready/.test(notice.message) ? null : undefined);
    const folder = vscode.workspace.workspaceFolders![0]!.uri;
    let saved: vscode.Uri | undefined;
    try {
      services.focused = () => false;
      const outcome = (await vscode.commands.executeCommand<RunOutcome>(COMMANDS.scrapeUrl, 'https://example.com/saved-before-rating'))!;
      const untitled = outcome.opened[0]!;
      const jobId = /Job id: `([0-9a-f-]+)`/.exec(untitled.getText())?.[1];
      assert.ok(jobId);
      saved = vscode.Uri.joinPath(folder, untitled.uri.path.split('/').pop()!);
      await vscode.window.showTextDocument(untitled);
      await vscode.commands.executeCommand('workbench.action.files.save');
      await until('the untitled result to close', () => untitled.isClosed);

      const before = sandbox.feedbackSubmissions().length;
      (await until("the result's notification", () => notices.notices.find((n) => /^Firecrawl result ready/.test(n.message)))).choose('Rate This Result');
      const refused = () => notices.messages().find((m) => /holds no Firecrawl result/.test(m));
      await until('the wizard, or the refusal', () => refused() ?? api.feedbackLoaded());
      assert.equal(refused(), undefined, 'the saved result can still be rated from its notification');
      const { page, accept } = await wizardPages(api);
      await accept(await page(/Rating/));
      await accept(await page(/Review/));
      const sent = await until('the feedback', () => (sandbox.feedbackSubmissions().length > before ? sandbox.feedbackSubmissions().at(-1) : undefined));
      assert.equal(sent.jobId, jobId);
    } finally {
      services.focused = focused;
      notices.restore();
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      if (saved) await vscode.workspace.fs.delete(saved).then(undefined, () => undefined);
    }
  });

  it('Rate This Result in an editor that holds no result says which can be rated, and offers Submit Feedback for another job', async () => {
    const notices = recordNotices();
    try {
      const document = await vscode.workspace.openTextDocument({ content: 'notes, not a Firecrawl result' });
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand(COMMANDS.rateResult);
      const notice = await until('the answer', () => notices.notices.find((n) => /holds no Firecrawl result/.test(n.message)));
      assert.match(notice.message, /a scrape, parse, search or map result is rated in the editor it opened in, or the file it was saved to/);
      assert.deepEqual(notice.items, ['Submit Feedback…']);
      notice.choose('Submit Feedback…');
      const { page } = await wizardPages(api);
      await page(/Endpoint$/);
    } finally {
      notices.restore();
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      // Reverted first: an unsaved untitled document would ask whether to save it.
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('two results whose names differ only in case get names that differ in more than case (one file on a disk that ignores case)', async () => {
    try {
      const first = (await vscode.commands.executeCommand<RunOutcome>(COMMANDS.scrapeUrl, 'https://example.com/Guide'))!.opened[0]!;
      const second = (await vscode.commands.executeCommand<RunOutcome>(COMMANDS.scrapeUrl, 'https://example.com/guide'))!.opened[0]!;
      assert.match(first.uri.path, /\/example\.com-Guide\.md$/);
      assert.notEqual(second.uri.path.toLowerCase(), first.uri.path.toLowerCase(), second.uri.path);
      assert.match(second.uri.path, /\/example\.com-guide-2\.md$/);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});
