// The extension as vscode.dev and github.dev run it: the package's manifest has only its `browser`
// entry (scripts/vscode/ui.mjs packages that variant for test/ui/web/), so code-server can only
// load it in the workbench's web-worker extension host. Requests go through the browser's fetch to
// the sandbox on another origin, under the same CORS rules the service applies.
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { useWorkbench, until } from '../workbench';

describe('web-worker extension host', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
    sandbox.setCredits({ remainingCredits: 45_210, planCredits: 100_000, billingPeriodStart: '2026-11-01T00:00:00.000Z', billingPeriodEnd: '2026-12-01T00:00:00.000Z' });
  });
  after(async () => {
    await sandbox?.close();
  });
  // No FIRECRAWL_API_KEY: a web worker has no environment, so the key goes in through the input.
  const wb = useWorkbench(() => ({ variant: 'web', settings: { 'firecrawl.apiUrl': sandbox.url } }));

  it('runs in the web worker: the log says so, and Running Extensions lists it there', async () => {
    await wb().statusBarItem('Firecrawl: Set API Key').waitFor({ state: 'visible', timeout: 30_000 });
    await wb().runCommand('Firecrawl: Show Logs');
    await until('the activation line', async () => /Activated .*\(web host\)/.test(await wb().outputText()));
    await wb().runCommand('Developer: Show Running Extensions');
    const ours = wb().page.locator('.runtime-extensions-editor .monaco-list-row', { hasText: 'Firecrawl' });
    // The list renders only the rows on screen, ordered by activation time: scroll until ours shows.
    const list = wb().page.locator('.runtime-extensions-editor');
    await list.waitFor({ state: 'visible', timeout: 20_000 });
    for (let i = 0; i < 20 && !(await ours.first().isVisible()); i++) {
      await list.hover();
      await wb().page.mouse.wheel(0, 300);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await ours.first().waitFor({ state: 'visible', timeout: 20_000 });
    // VS Code names the host of every extension that does not run in the local Node one.
    const hosts = await wb()
      .page.locator('.runtime-extensions-editor .monaco-list-row')
      .evaluateAll((rows) => rows.map((r) => r.textContent ?? '').filter((t) => t.includes('Firecrawl')));
    await wb().screenshot('web-running-extensions');
    assert.ok(
      hosts.some((t) => /Web Worker/i.test(t)),
      `the row names the web worker host: ${JSON.stringify(hosts)}`,
    );
    await wb().page.keyboard.press('Escape');
  });

  it('takes a key through the input, checks it over fetch, and shows the balance', async () => {
    await wb().runCommand('Firecrawl: Set API Key');
    const input = wb().quickInput().locator('input');
    await input.fill('fc-definitely-not-valid-0001');
    await input.press('Enter');
    await wb().quickInput().locator('.quick-input-message').filter({ hasText: 'Key rejected' }).waitFor({ timeout: 20_000 });
    await input.fill(sandbox.keys.valid);
    await input.press('Enter');
    await wb()
      .notification(/Firecrawl API key saved/)
      .waitFor({ timeout: 20_000 });
    const item = wb().statusBarItem('45,210');
    await item.waitFor({ state: 'visible', timeout: 20_000 });
    // The browser asked first (a preflight) and the request itself carried the key.
    const asked = sandbox.requestsTo('creditUsage');
    assert.ok(asked.some((r) => r.headers.authorization === `Bearer ${sandbox.keys.valid}`));
    assert.ok(
      asked.every((r) => r.headers.origin !== undefined),
      'requests come from a browser origin',
    );
    await wb().screenshot('web-credits');
  });

  it('tracks an agent job and shows it in the Research view', async () => {
    await wb().runCommand('Firecrawl: Track Job');
    await wb().submitQuickInput(sandbox.demoAgentJobs.completed);
    await wb().quickInput().waitFor({ state: 'hidden' });
    const rows = wb().page.locator('.pane:has(.pane-header[aria-label^="Research"]) .monaco-list-row');
    // Named by its kind and id, or by its prompt once the team's recent list has named it.
    const row = rows.filter({ hasText: /Agent job|Compare the pricing pages/ }).first();
    // Tracking reveals the job, which opens the container; the activity bar item toggles it, so it is
    // clicked only while the view stays hidden.
    const deadline = Date.now() + 20_000;
    while (!(await row.isVisible())) {
      if (Date.now() > deadline) throw new Error('the agent job did not show in the Research view');
      if (!(await wb().page.locator('.pane-header[aria-label^="Research"]').isVisible())) await wb().openViewContainer('Firecrawl');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    await wb().screenshot('web-research');
  });

  it('draws the usage chart', async () => {
    await wb().runCommand('Firecrawl: Show Credit Usage History');
    const frame = wb().webviewFrame();
    await frame.locator('svg.chart').waitFor({ state: 'visible', timeout: 30_000 });
    assert.ok((await frame.locator('.bar-hit').count()) > 0);
    await wb().screenshot('web-usage');
  });

  it('scrapes a page over fetch and rates the result from its CodeLens', async () => {
    const w = wb();
    await w.page.keyboard.press('Escape');
    await w.runCommand('Firecrawl: Scrape URL…');
    await w.quickInput().locator('.quick-input-title').filter({ hasText: 'Scrape URL' }).waitFor({ state: 'visible', timeout: 15_000 });
    await w.submitQuickInput('https://docs.example.org/web');
    const lens = w.page.locator('.codelens-decoration a', { hasText: /Rate this result/ });
    await lens.first().waitFor({ state: 'visible', timeout: 30_000 });
    const sent = sandbox.requestsTo('scrape')[0];
    assert.ok(sent?.headers.origin !== undefined, 'the scrape came from the browser');
    assert.equal((sent?.body as { integration?: string }).integration, '_vscode');
    await lens.first().click();
    await w.quickInputPage(/Rating/, 30_000);
    await w.page.keyboard.press('Enter');
    await w.quickInputPage(/Review/, 15_000);
    await w.page.keyboard.press('Enter');
    await w.notification(/Feedback sent/).waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(sandbox.feedbackSubmissions().at(-1)?.body.url, 'https://docs.example.org/web');
    await w.screenshot('web-scrape-rated');
  });

  it('names CORS when a server of one’s own refuses the page’s origin, and what the server must allow', async () => {
    const w = wb();
    sandbox.allowsBrowsers = false;
    try {
      await w.page.keyboard.press('Escape');
      await w.runCommand('Firecrawl: Scrape URL…');
      await w.quickInput().locator('.quick-input-title').filter({ hasText: 'Scrape URL' }).waitFor({ state: 'visible', timeout: 15_000 });
      await w.submitQuickInput('https://docs.example.org/blocked');
      // In the notification center when it came with others (the credits failing too): no toast then.
      const { notice, inCenter } = await w.noticeWithButtons(/CORS/);
      const text = (await notice.innerText()).replace(/\s+/g, ' ');
      assert.match(text, /Could not reach Firecrawl at http:\/\/127\.0\.0\.1/);
      assert.match(text, /CORS.*Access-Control-Allow-Origin .*Authorization .*Access-Control-Allow-Headers.*VS Code desktop/);
      await w
        .notification(/scraping https:\/\/docs\.example\.org\/blocked/)
        .waitFor({ state: 'hidden', timeout: 30_000 })
        .catch(() => undefined);
      await w.settled(notice);
      await w.screenshot('web-cors-blocked');
      if (inCenter) await w.hideNotificationCenter();
    } finally {
      sandbox.allowsBrowsers = true;
    }
  });
});
