// Everyday polish in a real workbench: the editor's context menu offers Firecrawl's entries only on
// a selection that holds a job id, the palette keeps out commands that cannot work yet, the key
// input has a way to the dashboard, and the walkthrough opens with its steps.
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { useWorkbench, type Workbench } from './workbench';

const JOB_ID = '0b9e2a4c-1111-4222-8333-444455556666';

/** Selects `text` in the open editor (first occurrence) and returns the labels of its context menu. */
async function contextMenuOn(wb: Workbench, text: string, shot?: string): Promise<string[]> {
  const editor = wb.page.locator('.editor-instance .monaco-editor').first();
  await editor.click();
  await wb.page.keyboard.press('Control+Home');
  // Find puts the selection on the match; Escape closes the find widget and keeps it.
  await wb.page.keyboard.press('Control+F');
  await wb.page.keyboard.type(text);
  await wb.page.keyboard.press('Enter');
  await wb.page.keyboard.press('Escape');
  await editor.locator('.find-widget.visible').waitFor({ state: 'detached' });
  const selected = editor.locator('.selected-text').first();
  await selected.waitFor({ state: 'attached' });
  await editor.locator('.view-lines').click({ button: 'right', position: { x: 20, y: 8 } });
  const menu = wb.page.locator('.context-view .monaco-menu');
  await menu.waitFor({ state: 'visible' });
  const labels = await menu.locator('.action-label').allInnerTexts();
  if (shot) await wb.screenshot(shot);
  await wb.page.keyboard.press('Escape');
  return labels.map((l) => l.trim()).filter(Boolean);
}

describe('everyday polish', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox?.close();
  });
  const wb = useWorkbench(() => ({
    viewport: { width: 1440, height: 900 },
    settings: { 'firecrawl.apiUrl': sandbox.url },
    workspaceFiles: { 'ids.txt': `${JOB_ID}\nno id on this line\n` },
  }));

  it('without a key the palette keeps out what cannot work, and the key input links to the dashboard', async () => {
    await wb().statusBarItem('Firecrawl: Set API Key').waitFor({ state: 'visible', timeout: 20_000 });
    await wb().page.keyboard.press('F1');
    await wb().quickInput().locator('input').fill('>Firecrawl: ');
    const rows = wb().quickInputRows();
    await rows.filter({ hasText: 'Firecrawl: Set API Key' }).first().waitFor();
    const titles = await rows.locator('.label-name').allInnerTexts();
    assert.ok(!titles.some((t) => /Track Job|Refresh Credits|Submit Feedback|Add Recent Jobs/.test(t)), `offered without a key: ${titles.join(', ')}`);
    await wb().page.keyboard.press('Escape');

    await wb().runCommand('Firecrawl: Set API Key');
    const button = wb().quickInput().locator('.quick-input-titlebar .action-label.codicon-link-external, .quick-input-inline-action-bar .codicon-link-external').first();
    await button.waitFor({ state: 'visible' });
    assert.equal((await button.getAttribute('aria-label')) ?? (await button.getAttribute('title')), 'Get an API key (opens the Firecrawl dashboard)');
    await wb().screenshot('polish-key-input');
    await wb().submitQuickInput(sandbox.keys.valid);
    await wb()
      .notification(/Firecrawl API key saved/)
      .waitFor({ timeout: 20_000 });
  });

  it('the editor context menu offers Firecrawl entries only on a selection that holds a job id', async () => {
    await wb().openFile('ids.txt');
    const onId = await contextMenuOn(wb(), JOB_ID, 'polish-context-menu');
    assert.ok(onId.includes('Track Firecrawl Job ID'), `menu: ${onId.join(' | ')}`);
    assert.ok(onId.includes('Send Firecrawl Feedback for This Job'), `menu: ${onId.join(' | ')}`);
    const onText = await contextMenuOn(wb(), 'no id on this line');
    assert.ok(!onText.some((l) => /Firecrawl/.test(l)), `menu without an id: ${onText.join(' | ')}`);
  });

  it('the walkthrough opens with its six steps, each with its picture', async () => {
    await wb().runCommand('Welcome: Open Walkthrough...');
    await wb().quickInputRows().filter({ hasText: 'Get started with Firecrawl' }).first().click();
    const page = wb().page.locator('.gettingStartedContainer');
    await page.waitFor({ state: 'visible', timeout: 20_000 });
    const steps = page.locator('.getting-started-step');
    await steps.first().waitFor();
    const titles = (await steps.locator('.step-title').allInnerTexts()).map((t) => t.trim());
    assert.deepEqual(titles, ['Get an API key', 'Set your key', 'See your credits', 'Follow an agent or research job', 'See your usage history', 'Send feedback on a job']);
    await steps.nth(3).click();
    const image = page.locator('.getting-started-media img');
    await image.first().waitFor({ state: 'visible' });
    assert.ok(await image.first().evaluate((img) => (img as HTMLImageElement).naturalWidth > 100), "the step's picture loaded");
    await wb().screenshot('polish-walkthrough');
  });

  it('the usage panel has a tab icon and Refresh, Copy as CSV and Save as CSV in its editor title', async () => {
    await wb().runCommand('Firecrawl: Show Credit Usage History');
    await wb().webviewFrame().locator('svg.chart').waitFor({ state: 'visible', timeout: 20_000 });
    const tab = wb().page.locator('.tabs-container .tab', { hasText: 'Firecrawl Credit Usage' });
    assert.ok(await tab.locator('.monaco-icon-label').evaluate((el) => getComputedStyle(el, '::before').backgroundImage.includes('usage-')), 'the tab shows the panel icon');
    const actions = wb().page.locator('.editor-group-container.active .editor-actions .action-label');
    for (const label of ['Refresh Credit Usage', 'Copy Credit Usage as CSV', 'Save Credit Usage as CSV…']) {
      await actions
        .and(wb().page.locator(`[aria-label^="${label}"]`))
        .first()
        .waitFor({ state: 'visible' });
    }
    const before = sandbox.requestCount('creditUsageHistorical');
    await actions.and(wb().page.locator('[aria-label^="Refresh Credit Usage"]')).first().click();
    const deadline = Date.now() + 15_000;
    while (sandbox.requestCount('creditUsageHistorical') === before) {
      if (Date.now() > deadline) throw new Error('Refresh in the editor title asked for nothing');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await actions.and(wb().page.locator('[aria-label^="Copy Credit Usage as CSV"]')).first().click();
    await wb().webviewFrame().locator('.notice', { hasText: /CSV/ }).waitFor({ state: 'visible', timeout: 10_000 });
    await wb().screenshot('polish-usage-editor-title');
  });
});
