// Start Agent Job's pages with input they cannot take, through the real widgets: a schema file that
// cannot be read as text, and one address among several typed on the URLs page that is not a web
// address. Each says what is wrong and keeps the wizard and every answer; nothing is sent.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import type { AgentOutcome, RunCommands } from '../../src/features/run';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, until, useSandbox } from './helpers';
import { type NoticeRecorder, recordNotices } from './notices';

type Pick = vscode.QuickPick<vscode.QuickPickItem & { value: unknown }>;

describe('Start Agent Job: input a page cannot take', function () {
  this.timeout(60_000);
  let api: TestApi;
  let sandbox: Sandbox;
  let run: RunCommands;
  let warned: NoticeRecorder;
  const warnings = () => warned.messages();
  const originalDialog = vscode.window.showOpenDialog;

  before(async () => {
    api = await activateExtension();
    sandbox = await startSandbox();
    await useSandbox(api, sandbox);
    warned = recordNotices(['warning']);
    warned.answer = () => undefined;
    run = await api.run.commands();
  });

  after(async () => {
    warned.restore();
    (vscode.window as { showOpenDialog: unknown }).showOpenDialog = originalDialog;
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await sandbox?.close();
  });

  const prompt = () => run.prompt;
  const page = <T extends vscode.QuickInput>(step: number, exclude?: vscode.QuickInput) => until(`page ${step}`, () => (prompt()?.step === step && prompt() !== exclude ? (prompt() as T) : undefined));
  async function accept(shown: vscode.QuickInput): Promise<void> {
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await until('the page to go', () => prompt() !== shown);
  }

  it('a schema file that cannot be opened as text: a warning naming it, and the schema page again with the answers kept', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(api.globalStorage);
    // A compressed schema saved under .json: bytes no text editor takes.
    const file = vscode.Uri.joinPath(folder, 'packed-schema.json');
    await vscode.workspace.fs.writeFile(file, new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0xff, 0xfe, 0x00, 0x00]));
    (vscode.window as { showOpenDialog: unknown }).showOpenDialog = () => Promise.resolve([file]);
    warned.notices.length = 0;
    const pending = vscode.commands.executeCommand<AgentOutcome>('firecrawl.startAgentJob');
    const first = await page<vscode.InputBox>(1);
    first.value = 'List every plan and its price';
    await accept(first);
    const urls = await page<vscode.InputBox>(2);
    urls.value = 'https://a.example/pricing';
    await accept(urls);
    const schemaPage = await page<Pick>(3);
    const fileRow = await until('the file row', () => schemaPage.items.find((i) => /Choose a JSON Schema file/.test(i.label)));
    while (schemaPage.activeItems[0] !== fileRow) {
      const from = schemaPage.activeItems[0];
      await vscode.commands.executeCommand('quickInput.next');
      await until('the highlight to move', () => schemaPage.activeItems[0] !== from);
    }
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const outcome = await Promise.race([
      pending.then(
        (o) => ({ ended: o ?? null }),
        (e: unknown) => ({ ended: String(e) }),
      ),
      page<Pick>(3, schemaPage).then((again) => ({ again })),
    ]);
    assert.ok('again' in outcome, `the wizard ended instead of asking again: ${JSON.stringify(outcome)}`);
    assert.ok(
      warnings().some((w) => w.includes('packed-schema.json')),
      `a warning naming the file: ${warnings().join(' | ')}`,
    );
    await vscode.commands.executeCommand('workbench.action.quickInputBack');
    const urlsAgain = await page<vscode.InputBox>(2, urls);
    assert.equal(urlsAgain.value, 'https://a.example/pricing');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.deepEqual(await pending, { cancelled: true });
    assert.equal(run.services.agent.prompt, 'List every plan and its price');
    assert.equal(sandbox.requestCount('agentStart'), 0);
  });

  it('one address among several on the URLs page is not a web address: the refusal names it', async () => {
    const pending = vscode.commands.executeCommand<AgentOutcome>('firecrawl.startAgentJob');
    const first = await page<vscode.InputBox>(1);
    first.value = 'Compare the plans';
    await accept(first);
    const urls = await page<vscode.InputBox>(2);
    urls.value = 'https://a.example/pricing, docs.example.org/plans, https://c.example/';
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const refusal = await until('the refusal', () => urls.validationMessage);
    assert.equal(prompt(), urls, 'Enter does nothing while an address is refused');
    assert.match(String(refusal), /docs\.example\.org\/plans/, 'which of the three it is');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.deepEqual(await pending, { cancelled: true });
    assert.equal(sandbox.requestCount('agentStart'), 0);
  });
});
