// A selection of several lines as the agent's prompt, in a real workbench: the prompt box is a one-line
// HTML input, which drops line breaks. The box shows the lines joined by spaces (screenshot), the prompt
// sent when it is accepted as shown is the selection with its lines, and an edited one keeps its words apart.
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { useWorkbench, type Workbench } from './workbench';

const ASK = 'Find the prices of\nthe three cheapest plans\n- with VAT\n- per month';
const SHOWN = 'Find the prices of the three cheapest plans - with VAT - per month';

describe('a selection of several lines as the agent prompt in the workbench', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox?.close();
  });
  const wb = useWorkbench(() => ({
    settings: { 'firecrawl.apiUrl': sandbox.url },
    env: { FIRECRAWL_API_KEY: sandbox.keys.valid },
    workspaceFiles: { 'ask.md': `${ASK}\n` },
  }));

  const lastLine = (w: Workbench) => w.page.locator('.monaco-editor .view-line', { hasText: 'per month' });
  const boxValue = (w: Workbench) => w.page.evaluate(() => document.querySelector<HTMLInputElement>('.quick-input-widget input')?.value);
  const agentPrompts = () => sandbox.requests().flatMap((r) => (r.route === 'agentStart' ? [(r.body as { prompt?: string }).prompt] : []));

  /**
   * Selects the whole file and runs Start Agent Job from the palette. Not through runCommand: the Escape
   * it presses first would drop the editor's selection.
   */
  async function startOnSelection(w: Workbench): Promise<void> {
    const palette = w.quickInput();
    const row = palette.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'Firecrawl: Start Agent Job…' }).first();
    for (let attempt = 0; ; attempt++) {
      try {
        await lastLine(w).click();
        await w.page.keyboard.press('Control+a');
        await w.statusBarItem(/\(\d+ selected\)/).waitFor({ state: 'visible', timeout: 3000 });
        await w.page.keyboard.press('F1');
        await palette.waitFor({ state: 'visible', timeout: 5000 });
        await palette.locator('input').fill('>Firecrawl: Start Agent Job', { timeout: 3000 });
        // Right after start-up the palette may not list the extension's commands yet: open it again.
        await row.waitFor({ state: 'visible', timeout: 3000 });
        await row.click({ timeout: 3000 });
        break;
      } catch (error) {
        if (attempt >= 10) throw error;
        if (await palette.isVisible()) await w.page.keyboard.press('Escape');
      }
    }
    await w.quickInputPage(/Start Agent Job \(1\/5\)/);
  }

  /** From the prompt page with Enter through every page (no URLs, no schema, default effort) and Start. */
  async function acceptToStart(w: Workbench): Promise<string> {
    const sent = agentPrompts().length;
    await w.page.keyboard.press('Enter');
    await w
      .quickInput()
      .locator('.quick-input-message', { hasText: /URLs the agent should start from/ })
      .waitFor({ state: 'visible', timeout: 10_000 });
    await w.page.keyboard.press('Enter');
    await w.quickInputRows().filter({ hasText: 'No schema' }).waitFor({ state: 'visible', timeout: 10_000 });
    await w.page.keyboard.press('Enter');
    await w.quickInputRows().filter({ hasText: 'Default effort' }).waitFor({ state: 'visible', timeout: 10_000 });
    await w.page.keyboard.press('Enter');
    await w.quickInputRows().filter({ hasText: 'Start the agent job' }).waitFor({ state: 'visible', timeout: 10_000 });
    await w.page.keyboard.press('Enter');
    await w.page.waitForFunction(() => !document.querySelector('.quick-input-widget .quick-input-title')?.checkVisibility());
    for (const deadline = Date.now() + 15_000; agentPrompts().length === sent;) {
      if (Date.now() > deadline) throw new Error('no agent start reached the sandbox');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The run is then revealed in the Research view, which takes the focus: a click in the editor before that loses it.
    await w.page.waitForFunction(() => document.activeElement?.closest('.monaco-list')?.querySelector('.monaco-list-row.focused')?.textContent?.includes('Agent job') === true, undefined, {
      timeout: 15_000,
    });
    return agentPrompts().at(-1) ?? '';
  }

  it('shows the lines joined by spaces, sends them as lines when accepted as shown, and keeps words apart when edited', async () => {
    const w = wb();
    await w
      .statusBarEntry('firecrawl.credits')
      .waitFor({ state: 'visible', timeout: 30_000 })
      .catch(() => undefined);
    await w.openFile('ask.md');
    await lastLine(w).waitFor({ state: 'visible', timeout: 15_000 });

    await startOnSelection(w);
    assert.equal(await boxValue(w), SHOWN, 'the box shows every word of the selection, one space between lines');
    const shot = await w.screenshot('agentSelection-1-prompt-of-several-lines');
    assert.equal(await acceptToStart(w), ASK, 'accepted as shown, the prompt is the selection with its lines');

    // The same selection again: the box shows the prompt as before; text added to it is sent as the box reads.
    await startOnSelection(w);
    assert.equal(await boxValue(w), SHOWN);
    await w.page.keyboard.press('End');
    await w.page.keyboard.type(' in EUR');
    assert.equal(await acceptToStart(w), `${SHOWN} in EUR`);
    console.log(`[agentSelection-ui] screenshot ${shot}`);
  });
});
