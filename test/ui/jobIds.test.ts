// Job ids in an editor, in a real workbench: hovering a recent scrape id, an agent run from the team's
// activity (tracked from its hover, then hovered again), and an unknown id; reading each hover and
// acting from it (Copy, Track, Look Up twice: the second asks nothing), with a screenshot of each.
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { useWorkbench, type Workbench } from './workbench';

const UNKNOWN = '5c0ffee0-1234-4abc-8def-0123456789ab';
/** Looked up while the service refuses the key. */
const ASKED_REFUSED = '7e1ab0c5-5678-4def-9abc-fedcba987654';

describe('job ids in an editor of the workbench', () => {
  let sandbox: Sandbox;
  let scrape = '';
  let agent = '';
  before(async () => {
    sandbox = await startSandbox({ seed: false });
    scrape = sandbox.createV2Job('scrape', { target: 'https://docs.example.org/[start](command:workbench.action.quit)' });
    agent = sandbox.createAgentJob({ prompt: 'Find three pricing pages', durationMs: 5_000 });
  });
  after(async () => {
    await sandbox?.close();
  });
  const wb = useWorkbench(() => ({
    settings: { 'firecrawl.apiUrl': sandbox.url },
    env: { FIRECRAWL_API_KEY: sandbox.keys.valid },
    workspaceFiles: { 'run.log': `s ${scrape}\na ${agent}\nu ${UNKNOWN}\nr ${ASKED_REFUSED}\n` },
  }));

  // The token that holds the id (a log file's tokens split the line).
  const idText = (w: Workbench, id: string) => w.page.locator('.monaco-editor .view-line span span', { hasText: id }).first();
  // Hovers may answer before the list is read or the job is tracked: `hover` hovers again until the text is there.

  it('hover on a recent scrape id, an agent run tracked from its hover, and an unknown id; Copy, Track and Look Up', async () => {
    const w = wb();
    await w
      .statusBarEntry('firecrawl.credits')
      .waitFor({ state: 'visible', timeout: 30_000 })
      .catch(() => undefined);
    await w.openFile('run.log');
    await idText(w, UNKNOWN).waitFor({ state: 'visible', timeout: 15_000 });

    const recent = await w.hover(idText(w, scrape), /recent activity/);
    assert.match(recent.text, /Firecrawl job in the team's recent activity/);
    assert.match(recent.text, /Endpoint: scrape/);
    assert.match(recent.text, /Target: https:\/\/docs\.example\.org\/\[start\]\S?\(command:workbench\.action\.quit\)/, 'the target as the characters it is');
    assert.match(recent.text, /Rate This Job… · Copy/);
    assert.equal(await recent.widget.locator('a', { hasText: 'start' }).count(), 0, 'nothing from the server became a link');
    const recentShot = await w.screenshot('jobIds-1-hover-recent-scrape');
    await recent.widget.locator('a', { hasText: /^Copy$/ }).click();
    await w.statusBarItem(/Copied job id/).waitFor({ state: 'visible', timeout: 10_000 });

    const listed = await w.hover(idText(w, agent), /recent activity/);
    assert.match(listed.text, /Endpoint: agent/);
    await listed.widget.locator('a', { hasText: /^Track$/ }).click();
    await w
      .treeRows('Research')
      .filter({ hasText: /Find three pricing pages|Agent job/ })
      .first()
      .waitFor({ state: 'visible', timeout: 20_000 });
    const tracked = await w.hover(idText(w, agent), /Agent run/);
    assert.match(tracked.text, /Status: \w+/);
    assert.match(tracked.text, /Tracked: /);
    assert.match(tracked.text, /Show Job · Copy/);
    const trackedShot = await w.screenshot('jobIds-2-hover-tracked-agent');

    const unknown = await w.hover(idText(w, UNKNOWN), /Not tracked/);
    assert.match(unknown.text, /Firecrawl job id/);
    assert.match(unknown.text, /Not tracked and not in the team's recent activity yet\./);
    assert.match(unknown.text, /Look Up · Copy/);
    await w.settled(unknown.widget);
    const unknownShot = await w.screenshot('jobIds-3-hover-unknown');
    sandbox.resetCounts();
    await unknown.widget.locator('a', { hasText: /^Look Up$/ }).click();
    await w.notification(/Not found as an agent job or a deep research job/).waitFor({ state: 'visible', timeout: 20_000 });
    const asked = sandbox.requestCount('agentStatus') + sandbox.requestCount('deepResearch');
    assert.ok(asked >= 1 && asked <= 2, `${asked} requests`);
    const again = await w.hover(idText(w, UNKNOWN), /Look Up/);
    await again.widget.locator('a', { hasText: /^Look Up$/ }).click();
    const remembered = w.notification(/was looked up .*: not found/);
    await remembered.waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await remembered.innerText(), /5c0ffee0 was looked up (just now|\d+s ago): not found as an agent job or a deep research job/);
    assert.equal(sandbox.requestCount('agentStatus') + sandbox.requestCount('deepResearch'), asked, 'the second Look Up asked nothing');
    // A click in the editor closes the hover (Escape would close the toast too): the message is the picture.
    await w.page.mouse.click(800, 400);
    await w.page.locator('.monaco-hover:visible').waitFor({ state: 'hidden' });
    const missShot = await w.screenshot('jobIds-4-look-up-remembered');
    console.log(`[jobIds-ui] screenshots ${recentShot} ${trackedShot} ${unknownShot} ${missShot}`);
  });

  it('Look Up while the service refuses the key says the id could not be looked up, with Set API Key', async () => {
    const w = wb();
    await w.runCommand('Notifications: Clear All Notifications');
    sandbox.fault({ route: 'agentStatus', kind: 'status', status: 401, times: 20 });
    sandbox.fault({ route: 'deepResearch', kind: 'status', status: 401, times: 20 });
    const hover = await w.hover(idText(w, ASKED_REFUSED), /Look Up/);
    await hover.widget.locator('a', { hasText: /^Look Up$/ }).click();
    const { notice } = await w.noticeWithButtons(/Could not look up 7e1ab0c5/);
    assert.match(await notice.innerText(), /^Could not look up 7e1ab0c5: /m);
    assert.deepEqual(
      (await notice.locator('.monaco-button').allInnerTexts()).map((b) => b.trim()),
      ['Set API Key'],
    );
    await w.page.mouse.click(800, 400);
    await w.page.locator('.monaco-hover:visible').waitFor({ state: 'hidden' });
    await w.settled(notice);
    const shot = await w.screenshot('jobIds-5-look-up-key-refused');
    assert.equal(await w.treeRows('Research').filter({ hasText: '7e1ab0c5' }).count(), 0, 'an id nothing was learnt of is not left tracked');
    sandbox.clearFaults();
    console.log(`[jobIds-ui] screenshot ${shot}`);
  });
});
