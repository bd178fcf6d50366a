// Keys and windows in the real workbench: jobs belong to the key (and server) that tracked them, so
// another key hides them with a message and offers to follow them, and the key coming back shows them
// again; a draft another open window is editing is offered in this one as a copy; a job too large to
// keep whole shows in another window with what its saved copy left out.
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { useWorkbench, type Workbench, until } from './workbench';

const VIEW = 'Research';

describe('keys and windows in the workbench', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox({ seed: false });
  });
  after(async () => {
    await sandbox?.close();
  });
  // No Recent group: it would title the rows by their prompts, and these tests find jobs by their ids.
  const wb = useWorkbench(() => ({ settings: { 'firecrawl.apiUrl': sandbox.url, 'firecrawl.research.showRecent': false }, env: { FIRECRAWL_API_KEY: sandbox.keys.valid }, timeoutMs: 420_000 }));

  const row = (w: Workbench, label: string) => w.treeRow(VIEW, label);
  const message = (w: Workbench) => w.viewMessage(VIEW).filter({ hasText: /tracked with another API key or server/ });

  async function setKey(w: Workbench, key: string): Promise<void> {
    // The key's input box, by its title: a palette click that a notification took focus from opens nothing,
    // so the command is run again until the box is there.
    const box = w.quickInput().locator('.quick-input-title', { hasText: 'Firecrawl: Set API Key' });
    await w.runCommandUntil('Firecrawl: Set API Key', box);
    const input = w.quickInput().locator('input');
    await input.fill(key);
    await input.press('Enter');
    await w.notification(/Firecrawl API key saved/).waitFor({ timeout: 20_000 });
  }

  it("another key hides this key's jobs with a message and an offer; the key coming back shows them", async () => {
    const w = wb();
    await w.openViewContainer('Firecrawl');
    const id = sandbox.createResearchJob({ durationMs: 600_000, activities: 20 });
    const label = `Deep research ${id.slice(0, 8)}`;
    await w.runCommand('Firecrawl: Track Job');
    await w.submitQuickInput(id);
    await row(w, label).waitFor({ state: 'visible', timeout: 20_000 });

    // Another key of the same editor: its team has no jobs; this one's are kept, not shown, not polled.
    await setKey(w, sandbox.keys.second);
    const offer = w.notification(/1 job tracked with the previous API key or server is not shown with this one/);
    await offer.waitFor({ timeout: 20_000 });
    await message(w).waitFor({ state: 'visible', timeout: 20_000 });
    // The view's message and its rows are two renders of the workbench: the row goes a moment after.
    await row(w, label).waitFor({ state: 'detached', timeout: 20_000 });
    sandbox.resetCounts();
    await w.page.mouse.move(900, 700);
    await w.screenshot('keys-other-key');
    await offer.getByRole('button', { name: 'Keep Apart' }).click();
    // Nothing of the first key is asked while the store's timer runs under this one. A job of this key,
    // tracked now, shows the timer at work: tracking reads it once, so every deep research read after
    // the first is a round of the timer, in which a job the store still meant to poll would have been
    // asked too. It then finishes and is cleared, so nothing of this key is left to hide once the first
    // comes back. (Its 15 s leave the tracking time to see it still processing, twice polled.)
    const ticking = sandbox.createResearchJob({ durationMs: 15_000 });
    await w.runCommand('Firecrawl: Track Job');
    await w.submitQuickInput(ticking);
    const polls = () => sandbox.requestsAbout(ticking, 'deepResearch').length;
    await until('two rounds of the timer under this key', () => polls() >= 3, 30_000);
    const finished = w.treeRows(VIEW).filter({ hasText: /completed\s·\sdeep research/ });
    await finished.first().waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(sandbox.requestsAbout(id).length, 0, 'not polled with the other key');
    assert.deepEqual(
      sandbox
        .requests()
        .filter((r) => (r.route === 'deepResearch' || r.route === 'agentStatus') && !r.path.endsWith(ticking))
        .map((r) => r.path),
      [],
      'no job but the one of this key asked about',
    );
    await w.runCommand('Firecrawl: Clear Finished Jobs');
    await finished.first().waitFor({ state: 'detached', timeout: 20_000 });

    // The stored key goes: FIRECRAWL_API_KEY (the first key) is in use again, and so is its job.
    await w.runCommand('Firecrawl: Clear API Key');
    await row(w, label).waitFor({ state: 'visible', timeout: 20_000 });
    await message(w).waitFor({ state: 'hidden', timeout: 20_000 });
    assert.match((await row(w, label).locator('.label-description').innerText()).replace(/\u00a0/g, ' '), /^processing · deep research/, 'never marked expired by the other key');
  });

  it('a draft another open window is editing is offered here as a copy, saying so', async () => {
    const first = wb();
    const second = await first.openWindow();
    try {
      // The second window starts feedback and leaves it open on its job id page: its draft is saved.
      await second.page.bringToFront();
      await second.runCommand('Firecrawl: Submit Feedback…');
      await second.quickInput().locator('.quick-input-title').filter({ hasText: 'Endpoint' }).waitFor({ timeout: 15_000 });
      await second.quickInputRows().filter({ hasText: 'Map' }).first().click();
      await second.quickInput().locator('.quick-input-title').filter({ hasText: 'Job id' }).waitFor({ timeout: 15_000 });
      await second.submitQuickInput(sandbox.createV2Job('map'));
      await second.quickInput().locator('.quick-input-title').filter({ hasText: 'Rating' }).waitFor({ timeout: 15_000 });

      await first.page.bringToFront();
      const copy = first.quickInputRows().filter({ hasText: 'in another open window' });
      // The other window's draft reaches this one's globalState a moment after it was saved.
      const deadline = Date.now() + 30_000;
      for (;;) {
        await first.runCommand('Firecrawl: Submit Feedback…');
        await first.quickInput().locator('.quick-input-title').filter({ hasText: 'Endpoint' }).waitFor({ timeout: 15_000 });
        if (await copy.first().isVisible()) break;
        if (Date.now() > deadline) throw new Error("the other window's draft was not offered");
        await first.page.keyboard.press('Escape');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      assert.match(await copy.first().innerText(), /map/);
      await first.page.mouse.move(1200, 700);
      await first.screenshot('drafts-other-window');
      await first.page.keyboard.press('Escape');
    } finally {
      await second.close();
    }
  });

  it('a job too large to keep whole: another window shows its saved copy and says what it left out', async () => {
    const first = wb();
    // An answer of about 5 MB (just under what the client reads) whose saved copy would be 4.3 MB,
    // over the 4 MB a copy keeps: a 3.5 MB analysis and 5,000 activities.
    const finalAnalysis = `# Findings on a large question\n\n${'A long paragraph of the analysis. '.repeat(103_000)}`;
    const id = sandbox.createResearchJob({ durationMs: 0, activities: 5_000, sources: 10, finalAnalysis });
    await first.page.bringToFront();
    await first.runCommand('Firecrawl: Track Job');
    await first.submitQuickInput(id);
    const second = await first.openWindow();
    try {
      await second.openViewContainer('Firecrawl');
      const job = second.treeRows(VIEW).filter({ hasText: 'Findings on a large question' }).first();
      await job.waitFor({ state: 'visible', timeout: 60_000 });
      await job.click();
      await second.page.keyboard.press('ArrowRight');
      const activities = second
        .treeRows(VIEW)
        .filter({ has: second.page.locator('.label-name', { hasText: /^Activities \(/ }) })
        .first();
      await activities.waitFor({ state: 'visible', timeout: 20_000 });
      const description = (await activities.locator('.label-description').innerText()).replace(/\u00a0/g, ' ');
      assert.match(description, /^[\d,]+ earlier activities not kept$/);
      const counts = /\(([\d,]+) of 5,000\)/.exec(await activities.locator('.label-name').innerText());
      assert.ok(counts, 'the label says how many of how many are kept');
      const kept = Number(counts[1]!.replace(/\D/g, ''));
      const left = Number(description.replace(/\D/g, ''));
      assert.equal(kept + left, 5_000);
      assert.ok(left > 0 && left < 1_000, `${left} left out: only what the cap asks for`);
      await second.page.mouse.move(900, 700);
      await second.screenshot('windows-trimmed-copy');
    } finally {
      await second.close();
    }
  });
});
