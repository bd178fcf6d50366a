// The Research view in a real workbench: the empty state, tracking a job through the command
// palette, the row while it runs, Activities and Sources expanded, the icon turning to completed,
// the notification and the final analysis preview; a source title written as HTML shown as text;
// the same view in the light theme.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { shownText as text, until, useWorkbench, type Workbench } from './workbench';

const VIEW = 'Research';
const HOSTILE = '<img src=x onerror=alert(1)>';

async function trackJob(wb: Workbench, id: string): Promise<void> {
  await wb.runCommand('Firecrawl: Track Job');
  await wb.submitQuickInput(id);
  await wb.quickInput().waitFor({ state: 'hidden' });
}

function row(wb: Workbench, label: string | RegExp): Locator {
  return wb.treeRow(VIEW, label);
}

/**
 * Expands a row unless it already is, and returns once its first child is drawn below it. Tracking
 * reveals and expands the new job on its own, so a click can cross that expansion: look again until
 * the row stands open with its children.
 */
async function expand(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
  const open = async () => {
    if ((await locator.getAttribute('aria-expanded')) !== 'true') return false;
    const [index, level] = await Promise.all([locator.getAttribute('data-index'), locator.getAttribute('aria-level')]);
    const child = locator.locator('xpath=..').locator(`[data-index="${Number(index) + 1}"]`);
    return (await child.count()) === 1 && (await child.getAttribute('aria-level')) === String(Number(level) + 1);
  };
  const deadline = Date.now() + 10_000;
  while (!(await open())) {
    if (Date.now() > deadline) throw new Error('the row did not stay expanded');
    if ((await locator.getAttribute('aria-expanded')) !== 'true') {
      await locator.click();
      // The pointer leaves the row: resting there opens its tooltip over the rows below, which the next step clicks or hovers.
      await locator.page().mouse.move(0, 0);
    }
    await until('the row open with its children', open, 3_000).catch(() => undefined);
  }
}

describe('research view (dark)', () => {
  let sandbox: Sandbox;
  const dialogs: string[] = [];
  before(async () => {
    sandbox = await startSandbox({ seed: false });
  });
  after(async () => {
    await sandbox?.close();
  });
  // Jobs these tests clear would come back in the Recent group; it has its own tests below.
  const wb = useWorkbench(() => ({
    settings: { 'firecrawl.apiUrl': sandbox.url, 'firecrawl.research.showRecent': false },
    env: { FIRECRAWL_API_KEY: sandbox.keys.valid },
  }));

  it('shows the empty state in the Firecrawl container', async () => {
    wb().page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await wb().openViewContainer('Firecrawl');
    const welcome = wb().page.locator('.welcome-view-content', { hasText: 'No jobs are tracked yet' });
    await welcome.waitFor({ state: 'visible' });
    await welcome.locator('a.monaco-button', { hasText: 'Track a Job' }).waitFor({ state: 'visible' });
    await wb().screenshot('research-empty');
  });

  it('tracks a job, shows it running, expands activities and sources, and turns to completed', async () => {
    const id = sandbox.createResearchJob({ durationMs: 14_000, activities: 6, sources: 4, maxDepth: 3 });
    await trackJob(wb(), id);
    const job = row(wb(), `Deep research ${id.slice(0, 8)}`);
    await job.waitFor({ state: 'visible' });
    await job.locator('.codicon-sync').waitFor({ state: 'attached' });
    await wb().page.waitForFunction(() => document.querySelector('.monaco-list-row .label-description')?.textContent?.includes('depth'), undefined, { timeout: 10_000 });
    // Running for as long as its first activity says: none yet, so no time is shown.
    assert.match(await text(job.locator('.label-description')), /^processing · deep research · depth \d\/3 · \d URLs?(?: · \d+s)?$/);
    // Tracking reveals the job expanded; its groups were shown empty and open by themselves once they fill.
    await expand(job);
    const activities = row(wb(), /^Activities \(\d+\)$/);
    await until(
      'Activities with a count, expanded',
      async () => /^Activities \([1-9]/.test(await text(activities.locator('.label-name'))) && (await activities.getAttribute('aria-expanded')) === 'true',
    );
    await until('the running time, from the first activity', async () => / · \d+s$/.test(await text(job.locator('.label-description'))));
    const sources = row(wb(), /^Sources \(\d+\)$/);
    await until('Sources with a count, expanded', async () => /^Sources \([1-9]/.test(await text(sources.locator('.label-name'))) && (await sources.getAttribute('aria-expanded')) === 'true');
    await wb().page.mouse.move(900, 700);
    await wb().screenshot('research-running-expanded');

    const done = row(wb(), 'Findings on How do web crawlers decide what to fetch next?');
    await done.waitFor({ state: 'visible', timeout: 20_000 });
    await done.locator('.codicon-pass').waitFor({ state: 'attached' });
    assert.match(await text(done.locator('.label-description')), /^completed · deep research · depth 3\/3 · 4 URLs · expires in 5h 5\dm$/);
    await row(wb(), 'Activities (6)').waitFor({ state: 'visible' });
    await row(wb(), 'Sources (4)').waitFor({ state: 'visible' });
    const sourceRows = wb()
      .treeRows(VIEW)
      .filter({ has: wb().page.locator('.label-description', { hasText: /^https:\/\// }) });
    assert.equal(await sourceRows.count(), 4, 'Sources stayed expanded while the job ran');
    // A toast for ten seconds: a slow machine may find it in the notification center.
    const { inCenter } = await wb().noticeWithButtons('Deep research completed');
    await wb().screenshot('research-completed');
    if (inCenter) await wb().hideNotificationCenter();
  });

  it('opens the final analysis from the notification', async () => {
    const { notice, inCenter } = await wb().noticeWithButtons('Deep research completed');
    await notice.locator('.monaco-button', { hasText: 'Open Analysis' }).click();
    if (inCenter) await wb().hideNotificationCenter();
    const heading = wb().webviewFrame().locator('h1', { hasText: 'Findings on' });
    await heading.waitFor({ state: 'visible', timeout: 20_000 });
    await wb().screenshot('research-analysis-preview');
    await wb().page.keyboard.press('Escape');
  });

  it("Save Result… suggests a file named after the job's title and writes the analysis there", async () => {
    const w = wb();
    const job = w.quickInputRows().filter({ hasText: 'Findings on How do web crawlers decide' }).first();
    // The pick can close as it opens (the analysis preview of the test before taking focus back): open it again.
    await w.runCommandUntil('Firecrawl: Save Result…', job);
    await w.page.keyboard.press('Enter');
    const input = w.quickInput().locator('input');
    const name = 'findings-on-how-do-web-crawlers-decide-what-to-fetch-next-analysis.md';
    // A job with both an analysis and a JSON result asks which part first; the simple file dialog
    // fills in the folder first and the suggested name a moment later.
    const part = w.quickInputRows().filter({ hasText: 'Final analysis (Markdown)' });
    await until('the suggested file name', async () => {
      if (await part.first().isVisible()) await w.page.keyboard.press('Enter');
      return (await input.inputValue()).endsWith(`/${name}`);
    });
    await w.screenshot('research-save-result-dialog');
    await input.press('Enter');
    const file = path.join(w.workspace, name);
    await until('the saved analysis', () => fs.existsSync(file) && fs.statSync(file).size > 0);
    assert.match(fs.readFileSync(file, 'utf8'), /^# Findings on How do web crawlers decide what to fetch next\?/m);
  });

  it('Cancel Agent Job with only a finished deep research job tracked says no agent job is running', async () => {
    await wb().runCommand('Firecrawl: Cancel Agent Job');
    const notice = wb().notification('No tracked agent job is running.');
    await notice.waitFor({ state: 'visible', timeout: 10_000 });
    await wb().settled(notice);
    await wb().screenshot('research-cancel-no-running-agent');
  });

  it('shows a source title written as HTML as plain text', async () => {
    const id = sandbox.createResearchJob({ durationMs: 0, sources: 2, sourceTitle: HOSTILE });
    await trackJob(wb(), id);
    // The newest job is at the top: once it shows as completed, expand it and its sources.
    const first = wb().treeRows(VIEW).first();
    await first.locator('.codicon-pass').waitFor({ state: 'attached', timeout: 10_000 });
    await expand(first);
    await expand(row(wb(), /^Sources \(2\)$/));
    const hostile = wb()
      .treeRows(VIEW)
      .filter({ has: wb().page.locator('.label-name', { hasText: HOSTILE }) });
    await hostile.first().waitFor({ state: 'visible' });
    assert.equal(await hostile.count(), 2);
    assert.equal(await text(hostile.first().locator('.label-name')), HOSTILE);
    assert.equal(await wb().page.locator('.monaco-list-row img[src="x"]').count(), 0, 'no element was made from the title');
    const { text: hover } = await wb().hover(hostile.first(), 'Source 1');
    assert.ok(hover.includes(HOSTILE), `hover shows the title as text: ${hover}`);
    await wb().screenshot('research-hostile-title');
    assert.deepEqual(dialogs, [], 'no script ran');
  });

  it('lists agent and deep research jobs together, before and after the Deep Research shutdown', async () => {
    for (const button of await wb().page.locator('.notifications-toasts .codicon-notifications-clear').all()) await button.click().catch(() => undefined);
    await wb().runCommand('View: Close All Editors');
    await wb().runCommand('Firecrawl: Clear Finished Jobs');
    await until('an empty Research view', async () => (await wb().treeRows(VIEW).count()) === 0);
    const agent = sandbox.createAgentJob({ durationMs: 600_000, approvalAfterMs: 5_000, model: 'spark-1-pro' });
    const research = sandbox.createResearchJob({ durationMs: 600_000, activities: 120, sources: 10 });
    await trackJob(wb(), `${agent} ${research}`);
    const agentRow = row(wb(), `Agent job ${agent.slice(0, 8)}`);
    const researchRow = row(wb(), `Deep research ${research.slice(0, 8)}`);
    await agentRow.waitFor({ state: 'visible' });
    await researchRow.waitFor({ state: 'visible' });
    await until('the agent row processing with its credits', async () => /^processing · agent · spark-1-pro · \d+ credits?/.test(await text(agentRow.locator('.label-description'))));
    await until('the deep research row processing', async () => /^processing · deep research/.test(await text(researchRow.locator('.label-description'))));
    const message = wb().viewMessage(VIEW);
    await until('the shutdown warning above the tree', async () => /^Deep Research shuts down on .+ \(in \d+ days\)\. Save results you want to keep\.$/.test(await text(message)), 15_000);
    await expand(agentRow);
    await row(wb(), 'Waiting for approval').waitFor({ state: 'visible', timeout: 15_000 });
    await wb().page.mouse.move(900, 700);
    await wb().screenshot('research-mixed-before-shutdown');

    sandbox.researchShutdown = { at: sandbox.now(), mode: 'gone' };
    await until('the deep research row shut down', async () => /^API shut down · deep research/.test(await text(researchRow.locator('.label-description'))), 30_000);
    await researchRow.locator('.codicon-archive').waitFor({ state: 'attached' });
    await until('the line saying Deep Research was shut down', async () => /^Deep Research was shut down/.test(await text(message)));
    assert.match(await text(agentRow.locator('.label-description')), /^processing · agent/, 'agent jobs go on');
    // A job that is over shows no motion: none of its activities spins.
    await expand(researchRow);
    const activityGroup = row(wb(), /^Activities \(\d+\)$/);
    await expand(activityGroup);
    const steps = wb()
      .treeRows(VIEW)
      .filter({ has: wb().page.locator('.label-description', { hasText: /depth \d/ }) });
    await steps.first().waitFor({ state: 'visible' });
    assert.equal(await steps.locator('.codicon-modifier-spin').count(), 0, 'no spinning step under a shut-down job');
    await wb().page.mouse.move(900, 700);
    await wb().screenshot('research-mixed-after-shutdown');
    // An id tracked after the shutdown that is no agent job: the 410 answers every id alike, so one warning says both.
    const late = sandbox.createResearchJob({ durationMs: 600_000 });
    await wb().runCommand('Notifications: Clear All Notifications');
    await trackJob(wb(), late);
    const { notice } = await wb().noticeWithButtons(/^Not found: [0-9a-f]{8}\. A deep research job cannot be read any more: the Deep Research API was shut down\./);
    await wb().settled(notice);
    assert.equal(await row(wb(), `Deep research ${late.slice(0, 8)}`).count(), 0, 'not tracked');
    await wb().screenshot('research-track-after-shutdown');
    await notice
      .locator('.codicon-notifications-clear')
      .click()
      .catch(() => undefined);
    // After the shutdown a deep research job's findings are only here: Clear Finished keeps it, and says why.
    await wb().hideNotificationCenter();
    await wb().runCommand('Firecrawl: Clear Finished Jobs');
    const kept = await wb().noticeWithButtons(/No finished jobs to clear\. Kept 1 deep research job: the Deep Research API was shut down/);
    await wb().settled(kept.notice);
    assert.equal(await researchRow.count(), 1, 'the deep research job stays');
    await wb().screenshot('research-clear-finished-after-shutdown');
    // Its button saves what the job found: no job to pick, only which part.
    await kept.notice.locator('a.monaco-button, .monaco-button', { hasText: 'Save Result…' }).first().click();
    await wb().quickInputRows().filter({ hasText: 'What it found before it stopped (Markdown)' }).first().waitFor({ state: 'visible', timeout: 15_000 });
    await wb().page.keyboard.press('Escape');
    if (kept.inCenter) await wb().hideNotificationCenter();
    // The tests after this one track deep research jobs again.
    sandbox.researchShutdown = undefined;
    await wb().runCommand('Firecrawl: Clear Finished Jobs');
  });

  it('a hostile final analysis opens with web links only, no images and no HTML', async () => {
    const analysis = [
      '# Hostile report',
      '',
      'Plain [Run](command:workbench.action.quit), entity [E1](command&#58;workbench.action.quit), named [E2](command&colon;workbench.action.quit),',
      'escaped [E3](command\\:workbench.action.quit), reference [Ref][evil], raw <a href="command:workbench.action.quit">Raw</a>,',
      'handler [V](vscode://vscode.git/clone?url=x), pixel <img src="https://tracker.example/p.png"> and ![Pixel](https://tracker.example/q.png),',
      'and a real one: [Spec](https://www.rfc-editor.org/rfc/rfc9309).',
      '',
      '[evil]: command:workbench.action.quit',
    ].join('\n');
    const id = sandbox.createResearchJob({ durationMs: 0, finalAnalysis: analysis });
    await trackJob(wb(), id);
    await row(wb(), 'Hostile report').locator('.codicon-pass').waitFor({ state: 'attached', timeout: 10_000 });
    await wb().runCommand('View: Close All Editors');
    await wb().runCommand('Firecrawl: Open Final Analysis');
    await wb().submitQuickInput('Hostile report');
    const preview = wb().webviewFrame();
    await preview.locator('h1', { hasText: 'Hostile report' }).waitFor({ state: 'visible', timeout: 20_000 });
    const hrefs = await preview.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    assert.ok(hrefs.length >= 2, `links: ${hrefs.join(' ')}`);
    for (const href of hrefs) assert.match(href, /^(https?:\/\/|mailto:|#)/, `a link to ${href}`);
    assert.ok(hrefs.includes('https://www.rfc-editor.org/rfc/rfc9309'));
    assert.ok(hrefs.includes('https://tracker.example/q.png'), 'the image is a link to it, not loaded');
    assert.equal(await preview.locator('img').count(), 0, 'no image loads');
    const body = await preview.locator('body').innerText();
    for (const word of ['Run', 'E1', 'E2', 'E3', 'Ref', 'Raw', 'V', 'Pixel']) assert.ok(body.includes(word), `${word} is still readable`);
    assert.doesNotMatch(body, /<a |<img/);
    await wb().screenshot('research-hostile-analysis');
    assert.deepEqual(dialogs, [], 'no script ran');
  });

  it('a failed manual refresh shows the server text as plain text, never as a link', async () => {
    await wb().runCommand('View: Close All Editors');
    const id = sandbox.createResearchJob({ durationMs: 600_000 });
    sandbox.fault({ route: 'deepResearch', kind: 'status', status: 400, times: 20, body: { success: false, error: 'Open [Quit](command:workbench.action.quit) $(alert) now' } });
    await trackJob(wb(), id);
    await row(wb(), `Job ${id.slice(0, 8)}`).waitFor({ state: 'visible' });
    await wb().runCommand('Firecrawl: Refresh Research Jobs');
    const toast = wb().notification('Could not refresh job');
    await toast.waitFor({ state: 'visible', timeout: 15_000 });
    const message = (await toast.locator('.notification-list-item-message').innerText()).replace(/\u200b/g, '');
    assert.match(message, /Firecrawl said: Open \[Quit\]\(command:workbench\.action\.quit\) \$\(alert\) now\./);
    assert.equal(await toast.locator('.notification-list-item-message a').count(), 0, 'no link was made from the server text');
    assert.equal(await toast.locator('.notification-list-item-message .codicon-alert').count(), 0, 'no icon either');
    // Expanded, so the screenshot shows the whole message (a short one shows whole and has no expand button).
    await toast.hover();
    const more = toast.locator('.codicon-notifications-expand');
    if (await more.isVisible()) await more.click();
    await wb().screenshot('research-refresh-hostile-error');
    sandbox.clearFaults();
  });

  it('a refresh that fails for a moment offers Retry and Show Logs, and Retry asks again; a refused key offers Set API Key only', async () => {
    const w = wb();
    await w.runCommand('Notifications: Clear All Notifications');
    const id = sandbox.createResearchJob({ durationMs: 600_000 });
    await trackJob(w, id);
    const job = row(w, `Deep research ${id.slice(0, 8)}`);
    await job.locator('.codicon-sync').waitFor({ state: 'attached', timeout: 15_000 });
    const buttons = async (notice: Locator) => (await notice.locator('.monaco-button').allInnerTexts()).map((b) => b.trim());
    // The row's own Refresh Job button: this job alone (the earlier tests' jobs are still tracked).
    const refreshJob = async () => {
      // Away first: a tooltip still open from an earlier hover can lie over the row.
      await w.page.mouse.move(0, 0);
      await job.hover();
      await job.locator('.action-label[aria-label="Refresh Job"]').click();
    };

    sandbox.fault({ route: 'deepResearch', kind: 'status', status: 503, times: 200 });
    await refreshJob();
    const busy = await w.noticeWithButtons('Could not refresh job');
    assert.match(await busy.notice.innerText(), /^Could not refresh job: /m);
    assert.deepEqual(await buttons(busy.notice), ['Retry', 'Show Logs']);
    // The service answered: the view says it fails, not that this machine is offline.
    await job.locator('.label-description', { hasText: /^server error, retrying/ }).waitFor({ state: 'visible' });
    // The line above the tree follows the row on its own refresh: wait for it to say so.
    const message = w.viewMessage(VIEW);
    await until('the line saying the server fails', async () => /Firecrawl answers with a server error: the jobs show what was last seen/.test(await text(message)), 15_000);
    assert.doesNotMatch(await text(message), /Offline/);
    await w.settled(busy.notice);
    await w.screenshot('research-refresh-503-retry');
    const asked = sandbox.requestCount('deepResearch');
    await busy.notice.locator('.monaco-button', { hasText: 'Retry' }).click();
    await until('another status request', async () => sandbox.requestCount('deepResearch') > asked, 15_000);
    await w.noticeWithButtons('Could not refresh job');
    sandbox.clearFaults();

    await w.runCommand('Notifications: Clear All Notifications');
    await w.page.locator('.notifications-center.visible').waitFor({ state: 'hidden' });
    sandbox.fault({ route: 'deepResearch', kind: 'status', status: 401, times: 200 });
    await refreshJob();
    const refused = await w.noticeWithButtons('Could not refresh job');
    assert.deepEqual(await buttons(refused.notice), ['Set API Key']);
    await w.settled(refused.notice);
    await w.screenshot('research-refresh-401-set-key');
    sandbox.clearFaults();
  });
});

describe('research view: recent runs', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox({ seed: false });
  });
  after(async () => {
    await sandbox?.close();
  });
  const wb = useWorkbench(() => ({
    settings: { 'firecrawl.apiUrl': sandbox.url },
    env: { FIRECRAWL_API_KEY: sandbox.keys.valid },
  }));
  const recentGroup = (w: Workbench) => row(w, 'Recent (last 24 h)');

  it('the empty view offers Add Recent Jobs next to Track a Job', async () => {
    await wb().openViewContainer('Firecrawl');
    const welcome = wb().page.locator('.welcome-view-content', { hasText: 'No jobs are tracked yet' });
    await welcome.waitFor({ state: 'visible' });
    const buttons = await welcome.locator('a.monaco-button').allInnerTexts();
    assert.deepEqual(
      buttons.map((b) => b.trim()),
      ['Add Recent Jobs…', 'Track a Job'],
    );
    await wb().page.mouse.move(900, 700);
    await wb().screenshot('research-welcome');
  });

  it('Add Recent Jobs lists the runs the team just started; the Recent group shows them under the tracked jobs; a click tracks one', async () => {
    // Started a few minutes ago: the sandbox's clock is set back while they start.
    sandbox.advanceClock(-6 * 60_000);
    sandbox.createAgentJob({ prompt: 'Compare the rate limits of three scraping APIs', durationMs: 1_800_000, model: 'spark-1-mini' });
    sandbox.advanceClock(60_000);
    const research = sandbox.createResearchJob({ query: 'Which sites block headless browsers?', durationMs: 1_800_000 });
    sandbox.advanceClock(60_000);
    sandbox.createAgentJob({ prompt: '$(zap) [Quit](command:workbench.action.quit) <b>bold</b>', durationMs: 1_000 });
    sandbox.advanceClock(4 * 60_000);

    // From the welcome's button: the pick of the last day's runs.
    await wb().page.locator('.welcome-view-content a.monaco-button', { hasText: 'Add Recent Jobs…' }).click();
    await wb().quickInput().locator('.quick-input-title', { hasText: 'Firecrawl: Add Recent Jobs' }).waitFor({ state: 'visible' });
    const pickRow = (text: string) => wb().quickInputRows().filter({ hasText: text });
    await pickRow('Compare the rate limits of three scraping APIs').waitFor({ state: 'visible', timeout: 15_000 });
    assert.match(await pickRow('Compare the rate limits').innerText(), /agent · 6m ago · processing/);
    assert.match(await pickRow('Which sites block headless browsers?').innerText(), /deep research · 5m ago/);
    const hostileRow = pickRow('[Quit]');
    assert.equal(await hostileRow.locator('.codicon-zap').count(), 0, 'no icon was made from the prompt');
    assert.match((await hostileRow.innerText()).replace(/\u200b/g, ''), /\$\(zap\) \[Quit\]\(command:workbench\.action\.quit\) <b>bold<\/b>/);
    await wb().page.mouse.move(1200, 700);
    await wb().screenshot('research-add-recent-pick');
    await wb().page.keyboard.press('Escape');
    await wb().quickInput().waitFor({ state: 'hidden' });

    // Nothing is tracked: the Recent group alone fills the view, one row per run.
    const group = recentGroup(wb());
    await group.waitFor({ state: 'visible', timeout: 15_000 });
    assert.match(await text(group.locator('.label-description')), /^updated (just now|\d+s ago)$/);
    const agentRow = row(wb(), 'Compare the rate limits of three scraping APIs');
    await agentRow.waitFor({ state: 'visible' });
    assert.equal(await text(agentRow.locator('.label-description')), 'agent · 6m ago · processing');
    await wb().page.mouse.move(900, 700);
    await wb().screenshot('research-recent-group-only');

    await agentRow.click();
    // Tracked at the top, named by its kind and prompt (the run's status never names it), polled as an agent run.
    const tracked = wb().treeRows(VIEW).first();
    await until('the agent row named by its prompt', async () => (await text(tracked.locator('.label-name'))) === 'Agent job: Compare the rate limits of three scraping APIs', 15_000);
    await until('the agent row processing', async () => /^processing · agent · spark-1-mini/.test(await text(tracked.locator('.label-description'))));
    // Running for as long as the team's activity says it has, not since it was tracked.
    assert.match(await text(tracked.locator('.label-description')), / · [67]m \d+s$/);
    // …and gone from the group, where the others stay.
    const labels = async () => (await wb().treeRows(VIEW).locator('.label-name').allInnerTexts()).map((l) => l.trim());
    await until('one row of the agent job', async () => (await labels()).filter((l) => l === 'Agent job: Compare the rate limits of three scraping APIs').length === 1);
    const all = await labels();
    assert.ok(all.indexOf('Recent (last 24 h)') > 0 && all.includes('Deep research: Which sites block headless browsers?'), all.join(' | '));
    await wb().page.mouse.move(900, 700);
    await wb().screenshot('research-recent-group');

    // Add Recent Jobs again: the tracked run is marked; Space checks the deep research job, Enter tracks it.
    await wb().runCommand('Firecrawl: Add Recent Jobs…');
    await pickRow('already tracked').waitFor({ state: 'visible', timeout: 15_000 });
    assert.match(await pickRow('already tracked').innerText(), /Compare the rate limits/);
    await wb().quickInput().locator('input').fill('headless');
    await pickRow('Which sites block headless browsers?').waitFor({ state: 'visible' });
    // A click on the row's label checks it (the checkbox sits inside the label).
    await pickRow('Which sites block headless browsers?').locator('label.quick-input-list-label').first().click();
    await wb().page.mouse.move(1200, 700);
    await wb().screenshot('research-add-recent-tracked-marked');
    await wb().page.keyboard.press('Enter');
    await row(wb(), 'Which sites block headless browsers?').locator('.codicon-sync').waitFor({ state: 'attached', timeout: 15_000 });
    await until('the deep research row processing', async () => /^processing · deep research/.test(await text(row(wb(), 'Which sites block headless browsers?').locator('.label-description'))));
    assert.ok(research);
  });
});

describe('research view (light)', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox({ seed: false });
  });
  after(async () => {
    await sandbox?.close();
  });
  const wb = useWorkbench(() => ({
    theme: 'light',
    settings: { 'firecrawl.apiUrl': sandbox.url },
    env: { FIRECRAWL_API_KEY: sandbox.keys.valid },
  }));

  it('shows finished and failed jobs with their icons (named by their query), and says when an id is found as neither kind', async () => {
    const done = sandbox.createResearchJob({ durationMs: 0 });
    const failed = sandbox.createResearchJob({ durationMs: 0, outcome: 'failed', error: 'Research failed: the model did not answer', query: 'Summarise every paper on arXiv today' });
    const missing = '0b7c1e2d-3f4a-4b5c-8d6e-7f8091a2b3c4';
    await wb().openViewContainer('Firecrawl');
    await trackJob(wb(), `${done} ${failed} ${missing}`);
    await row(wb(), 'Findings on How do web crawlers decide what to fetch next?').locator('.codicon-pass').waitFor({ state: 'attached' });
    // A failed job has no title of its own: it is named by the query the team's recent jobs list.
    await row(wb(), 'Summarise every paper on arXiv today').locator('.codicon-error').waitFor({ state: 'attached' });
    assert.equal(await row(wb(), `Deep research ${failed.slice(0, 8)}`).count(), 0);
    await wb()
      .notification(/Not found as an agent job or a deep research job: 0b7c1e2d/)
      .waitFor({ state: 'visible' });
    assert.equal(await row(wb(), `Deep research ${missing.slice(0, 8)}`).count(), 0, 'the unknown id is not left in the view');
    await wb().page.mouse.move(900, 700);
    await wb().screenshot('research-light');
  });
});
