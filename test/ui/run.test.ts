// Running Firecrawl from the editor in a real workbench: Scrape URL from the palette to a Markdown
// result with its CodeLens, then rating that result with the keyboard only, every key counted from
// the open result to the receipt ("good", then "bad" with one issue label); the search results pick,
// the agent job's confirm step, the 402 message, the map's pick of links, and an agent run started
// here reaching completed in the Research view, each with a screenshot; and the notices that a search
// or a map found nothing, that a cancelled agent start may have run, and that a file to parse could
// not be read or was refused; files selected together in the Explorer, parsed each to its own result
// with the one of another type left out; and a page holding Unicode line and paragraph separators,
// which opens with them as breaks and without VS Code's "Unusual Line Terminators" dialog.
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../sandbox/server';
import type { Locator } from 'playwright-core';
import { useWorkbench, type Workbench, until } from './workbench';

describe('running Firecrawl from the editor in the workbench', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox?.close();
  });
  const wb = useWorkbench(() => ({
    // The sandbox's sites have 30 pages: a map asking for 30 stops at its limit, and says the site may have more.
    settings: { 'firecrawl.apiUrl': sandbox.url, 'firecrawl.run.mapLimit': 30 },
    env: { FIRECRAWL_API_KEY: sandbox.keys.valid },
    workspaceFiles: { 'quarterly-report.csv': 'region,revenue\nnorth,1200\nsouth,900\n' },
  }));

  let keystrokes = 0;
  const press = async (key: string) => {
    keystrokes += 1;
    await wb().page.keyboard.press(key);
  };
  const title = (w: Workbench) => w.quickInput().locator('.quick-input-title');
  /**
   * Enter on a multi-select pick, from its box: a row's checkbox just clicked may still have the focus
   * (VS Code gives it back to the box a moment later), and Enter there toggles the row instead.
   */
  const acceptPick = async (w: Workbench) => {
    await w.quickInput().locator('.quick-input-box input').focus();
    await w.page.keyboard.press('Enter');
  };
  const waitForPage = async (w: Workbench, text: string | RegExp) => {
    // A key pressed before the page takes keys would hit the old page.
    await w.quickInputPage(text);
  };
  const lens = (w: Workbench) => w.page.locator('.codelens-decoration a', { hasText: /Rate this result/ });

  /**
   * The notification that matches, as a toast or (when VS Code held the toast back) in the center, with
   * `buttons`, screenshot as `shot` once `progress` (the run's own notification) is gone.
   */
  async function shootNotice(w: Workbench, text: RegExp, buttons: string[], progress: RegExp, shot: string): Promise<{ file: string; notice: Locator }> {
    const { notice } = await w.noticeWithButtons(text);
    for (const name of buttons) assert.equal(await notice.locator('.monaco-button', { hasText: name }).count(), 1, `${name} is offered`);
    await w.notification(progress).waitFor({ state: 'hidden' });
    await w.settled(notice);
    return { file: await w.screenshot(shot), notice };
  }
  /** Clears every notification; the center closes by itself once it is empty (an open one would keep later toasts hidden). */
  async function clearNotices(w: Workbench): Promise<void> {
    await w.runCommand('Notifications: Clear All Notifications');
    await w.page.locator('.notifications-center.visible').waitFor({ state: 'hidden' });
  }

  /** Runs `Firecrawl: <name>…` from the palette and submits `text` in its first box, titled `name`. */
  async function runAndSubmit(w: Workbench, name: string, text: string): Promise<void> {
    await w.runCommand(`Firecrawl: ${name}…`);
    await title(w).filter({ hasText: name }).waitFor({ state: 'visible', timeout: 15_000 });
    await w.submitQuickInput(text);
  }

  /** Scrape URL from the palette (not counted: the rating starts from the open result). */
  async function scrape(w: Workbench, url: string): Promise<void> {
    await runAndSubmit(w, 'Scrape URL', url);
    await w.page.locator('.monaco-editor .view-line', { hasText: url }).first().waitFor({ state: 'visible', timeout: 20_000 });
    await lens(w).first().waitFor({ state: 'visible', timeout: 15_000 });
  }

  /**
   * Start Agent Job from the palette with `prompt`, through its pages with Enter (no URLs, no schema,
   * default effort) to the confirm step, which is left on screen.
   */
  async function agentToConfirm(w: Workbench, prompt: string): Promise<void> {
    await runAndSubmit(w, 'Start Agent Job', prompt);
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
  }

  it('scrape → result with its CodeLens → rated "good" and then "bad" with one label, keys counted', async () => {
    const w = wb();
    await w
      .statusBarEntry('firecrawl.credits')
      .waitFor({ state: 'visible', timeout: 30_000 })
      .catch(() => undefined);
    await scrape(w, 'https://docs.example.org/start');
    assert.match(await w.editorText(), /Credits used: 1 credit/);
    assert.match(await lens(w).first().innerText(), /Rate this result \(scrape job [0-9a-f]{8}…\)/);
    // Named after what was asked: the tab (and Save) read the name, not the document's first line.
    assert.equal((await w.page.locator('.tabs-container .tab.active .label-name').innerText()).trim(), 'docs.example.org-start.md');
    const resultShot = await w.screenshot('run-1-scrape-result-with-codelens');

    // From the open result to the receipt: the keybinding, then Enter on "Good", Enter on the review.
    keystrokes = 0;
    await press('Control+Alt+r');
    await waitForPage(w, /Rating/);
    assert.match(await w.quickInputRows().and(w.page.locator('.focused')).innerText(), /Good/);
    await press('Enter');
    await waitForPage(w, /Review/);
    await press('Enter');
    await w.notification(/Feedback sent/).waitFor({ state: 'visible', timeout: 15_000 });
    const good = keystrokes;
    assert.ok(good <= 4, `"good" took ${good} keystrokes`);
    // The CodeLens now says it was rated; the editor-title action to rate it goes.
    await w.page.locator('.codelens-decoration a', { hasText: /Rated \(scrape job [0-9a-f]{8}…\)/ }).waitFor({ state: 'visible', timeout: 15_000 });
    assert.equal(await lens(w).count(), 0, 'no "Rate this result" on a rated result');
    const receiptShot = await w.screenshot('run-2-good-receipt');
    const sentGood = sandbox.feedbackSubmissions().at(-1);
    assert.equal(sentGood?.body.rating, 'good');
    assert.equal(sentGood?.body.url, 'https://docs.example.org/start');
    // Ctrl+S writes the result into the workspace folder under its name, asking nothing, and the file keeps what the lens says.
    await w.page.keyboard.press('Control+s');
    const savedFile = path.join(w.workspace, 'docs.example.org-start.md');
    await w.page.locator('.tabs-container .tab.active:not(.dirty) .label-name', { hasText: 'docs.example.org-start.md' }).waitFor({ state: 'visible', timeout: 15_000 });
    assert.match(fs.readFileSync(savedFile, 'utf8'), /Credits used: 1 credit/);
    await w.page.locator('.codelens-decoration a', { hasText: /Rated \(scrape job [0-9a-f]{8}…\)/ }).waitFor({ state: 'visible', timeout: 15_000 });
    assert.equal(await w.quickInput().isVisible(), false, 'no Save dialog');

    await scrape(w, 'https://example.com/status/404');
    assert.match(await w.editorText(), /The site answered 404/);
    keystrokes = 0;
    await press('Control+Alt+r');
    await waitForPage(w, /Rating/);
    await press('ArrowDown');
    await press('ArrowDown');
    await press('Enter');
    await waitForPage(w, /Issues|issue/i);
    // The first common label has the highlight: Enter checks it, and the highlight moves to Continue.
    await press('Enter');
    await w
      .quickInputRows()
      .and(w.page.locator('.focused'))
      .filter({ hasText: /Continue with/ })
      .waitFor({ state: 'visible', timeout: 10_000 });
    await press('Enter');
    await waitForPage(w, /Review/);
    await press('Enter');
    await w
      .notification(/Feedback sent/)
      .last()
      .waitFor({ state: 'visible', timeout: 15_000 });
    const bad = keystrokes;
    assert.ok(bad <= 8, `"bad" took ${bad} keystrokes`);
    const sentBad = sandbox.feedbackSubmissions().at(-1);
    assert.equal(sentBad?.body.rating, 'bad');
    assert.equal((sentBad?.body.issues as string[]).length, 1);

    // A server without a database takes no feedback: the error says so, and the lens closes instead of offering a rating that cannot land.
    await scrape(w, 'https://example.com/self-hosted');
    sandbox.setFeedbackMode('dbDisabled');
    try {
      await press('Control+Alt+r');
      await waitForPage(w, /Rating/);
      await press('Enter');
      await waitForPage(w, /Review/);
      await press('Enter');
      const refused = await w.noticeWithButtons(/runs without a database \(a self-hosted Firecrawl\), so it cannot take feedback/);
      for (const name of ['Open Settings', 'Edit and Retry']) assert.equal(await refused.notice.locator('.monaco-button', { hasText: name }).count(), 1, `${name} is offered`);
      await w.page.locator('.codelens-decoration', { hasText: 'Rating closed: this server runs without a database and takes no feedback.' }).waitFor({ state: 'visible', timeout: 15_000 });
      assert.equal(await lens(w).count(), 0, 'no "Rate this result" where no rating can land');
      await w.settled(refused.notice);
    } finally {
      sandbox.setFeedbackMode('normal');
    }
    const closedShot = await w.screenshot('run-2a-rating-closed-no-database');
    await clearNotices(w);
    console.log(`[run-ui] keystrokes from the open result to the receipt: good ${good}, bad with one label ${bad}; screenshots ${resultShot} ${receiptShot} ${closedShot}`);
  });

  it('search results in a pick as plain text; the agent confirm step; the 402 message', async () => {
    const w = wb();
    await w.page.keyboard.press('Escape');
    // A query past the service's length is refused in the box, under what was typed, which stays.
    const pasted = `${'web scraping api '.repeat(118)}pricing`;
    const searches = sandbox.requestCount('search');
    await runAndSubmit(w, 'Search the Web', pasted);
    await w.quickInput().locator('.quick-input-message', { hasText: 'This is 2,013 characters long; at most 2,000 are allowed (remove 13).' }).waitFor({ state: 'visible', timeout: 10_000 });
    assert.equal(await w.quickInput().locator('input').inputValue(), pasted);
    const tooLongShot = await w.screenshot('run-3a-search-too-long');
    await w.page.keyboard.press('Escape');
    await title(w).waitFor({ state: 'hidden' });
    assert.equal(sandbox.requestCount('search'), searches, 'nothing was sent');
    await runAndSubmit(w, 'Search the Web', 'web scraping api');
    await w.quickInputRows().filter({ hasText: 'Result 1 for web scraping api' }).waitFor({ state: 'visible', timeout: 20_000 });
    const hostile = w.quickInputRows().filter({ hasText: /Win a prize/ });
    // The page's markup is shown as the characters it is: no link, no icon.
    assert.match(await hostile.innerText(), /\[Win a prize\]\S?\(command:workbench\.action\.quit\)/);
    assert.equal(await hostile.locator('a[href]').count(), 0, 'no link in a result row');
    assert.equal(await hostile.locator('.codicon-alert').count(), 0, 'no icon from a page title');
    const searchShot = await w.screenshot('run-3-search-pick');
    await w.page.keyboard.press('Escape');
    await title(w).waitFor({ state: 'hidden' });

    // A search that finds nothing: no pick, a notice with Search Again… and Rate This Result.
    await runAndSubmit(w, 'Search the Web', 'zero-results for this query');
    const nothing = await shootNotice(w, /no results for “zero-results for this query”/, ['Search Again…', 'Rate This Result'], /searching for zero-results/, 'run-3b-search-nothing-found');
    // The empty list closed unsaved: the notice still rates the search (by its job, not by a document).
    await w.runCommand('View: Revert and Close Editor');
    const still = await w.noticeWithButtons(/no results for “zero-results for this query”/);
    await still.notice.locator('.monaco-button', { hasText: 'Rate This Result' }).click();
    await waitForPage(w, /Rating/);
    await w.page.keyboard.press('Escape');
    await title(w).waitFor({ state: 'hidden' });
    await clearNotices(w);
    assert.equal(await title(w).isVisible(), false, 'no pick of nothing');

    await agentToConfirm(w, 'Compare the plans of three web scraping APIs');
    const placeholder = await w.quickInput().locator('input').getAttribute('placeholder');
    assert.match(placeholder ?? '', /At most 500 credits .*your balance is/);
    const agentShot = await w.screenshot('run-4-agent-confirm');
    await w.page.keyboard.press('Escape');
    assert.equal(sandbox.requestCount('agentStart'), 0, 'leaving the confirm step starts nothing');

    // A start cancelled once its POST is out: the run may have begun, and the warning says where to look.
    sandbox.fault({ kind: 'hang', route: 'agentStart' });
    await agentToConfirm(w, 'Compare the plans of three web scraping APIs');
    await w.page.keyboard.press('Enter');
    const starting = w.notification(/starting the agent job/);
    await starting.waitFor({ state: 'visible', timeout: 15_000 });
    await until('the agent start at the sandbox', () => sandbox.pendingFaults().length === 0);
    await starting.getByRole('button', { name: 'Cancel' }).click();
    const cancelled = await shootNotice(w, /the run may have started anyway/, ['Add Recent Jobs…'], /starting the agent job/, 'run-4b-agent-start-cancelled');
    await clearNotices(w);

    // A start whose answer cannot be read: the run began all the same, and the notice points to it rather than to a second one.
    sandbox.fault({ kind: 'status', status: 200, route: 'agentStart', body: { success: true, id: 'run-1' } });
    await agentToConfirm(w, 'Compare the plans of three web scraping APIs');
    await w.page.keyboard.press('Enter');
    const unread = await shootNotice(w, /The run has started all the same/, ['Add Recent Jobs…', 'Show Logs'], /Firecrawl: starting the agent job/, 'run-4c-agent-start-unreadable');
    assert.equal(await unread.notice.locator('.monaco-button', { hasText: 'Retry' }).count(), 0, 'no second run on offer');
    await clearNotices(w);

    // A run in progress is cancelled from its notification: the request is aborted and not sent again.
    sandbox.fault({ kind: 'hang', route: 'scrape' });
    await runAndSubmit(w, 'Scrape URL', 'https://example.com/slow');
    const progress = w.notification(/scraping https:\/\/example\.com\/slow/);
    await progress.waitFor({ state: 'visible', timeout: 15_000 });
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await progress.waitFor({ state: 'hidden', timeout: 15_000 });
    assert.equal(sandbox.requests().filter((r) => r.route === 'scrape' && (r.body as { url?: string }).url === 'https://example.com/slow').length, 1, 'an aborted scrape is not retried');
    assert.equal(await w.notification(/Not enough|Could not reach|did not answer/).count(), 0, 'a cancel the person asked for needs no message');

    sandbox.fault({ kind: 'status', status: 402, route: 'scrape' });
    await runAndSubmit(w, 'Scrape URL', 'https://example.com/pricing');
    const message = w.notification(/Not enough Firecrawl credits/);
    await message.waitFor({ state: 'visible', timeout: 20_000 });
    assert.match(await message.innerText(), /Open Dashboard/);
    const paymentShot = await w.screenshot('run-5-402-message');
    console.log(`[run-ui] screenshots ${tooLongShot} ${searchShot} ${nothing.file} ${agentShot} ${cancelled.file} ${unread.file} ${paymentShot}`);
  });

  it('Map a Site: the links in a multi-select pick as plain text', async () => {
    const w = wb();
    sandbox.clearFaults();
    const scrapes = sandbox.requestCount('scrape');
    await w.page.keyboard.press('Escape');
    await runAndSubmit(w, 'Map a Site', 'https://docs.example.org');
    await title(w).filter({ hasText: 'Map of https://docs.example.org' }).waitFor({ state: 'visible', timeout: 20_000 });
    await w.quickInputRows().filter({ hasText: 'https://docs.example.org/pricing' }).waitFor({ state: 'visible', timeout: 15_000 });
    const placeholder = await w.quickInput().locator('input').getAttribute('placeholder');
    assert.match(placeholder ?? '', /^30 links, the limit \(the site may have more\): check pages to scrape$/);
    // Rows have checkboxes: the pick takes several.
    assert.equal(await w.quickInputRows().first().locator('[role="checkbox"]').getAttribute('aria-checked'), 'false', 'a checkbox on each row, none checked');
    await w.quickInput().locator('.quick-input-count', { hasText: '0 Selected' }).waitFor({ state: 'visible' });
    // The sandbox's fourth link has a title that tries a command link: shown as the characters it is.
    const hostile = w.quickInputRows().filter({ hasText: 'https://docs.example.org/blog' });
    assert.match((await hostile.innerText()).replace(/\u200b/g, ''), /\[Open me\]\(command:workbench\.action\.quit\)/);
    assert.equal(await w.quickInput().locator('.quick-input-list a[href]').count(), 0, 'no link in the pick');
    // The mouse away from the box, and its tooltip gone, so the screenshot shows the pick's title.
    await w.page.mouse.move(1200, 700);
    await w.page.locator('.workbench-hover').waitFor({ state: 'hidden' });
    // The run's progress notification stays a moment after the run (VS Code keeps it on screen briefly).
    await w.notification(/mapping https:\/\/docs\.example\.org/).waitFor({ state: 'hidden' });
    const mapShot = await w.screenshot('run-6-map-pick');
    // Every link checked at once and accepted: a modal dialog names the count before a scrape is sent; Cancel sends none.
    await w.quickInput().locator('.quick-input-header [role="checkbox"]').first().click();
    await w.quickInput().locator('.quick-input-count', { hasText: '30 Selected' }).waitFor({ state: 'visible' });
    await acceptPick(w);
    const dialog = w.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await dialog.innerText(), /Scrape 30 checked pages\?/);
    assert.deepEqual(
      (await dialog.locator('.monaco-button').allInnerTexts()).map((b) => b.trim()),
      ['Cancel', 'Scrape 30 Pages'],
    );
    await w.settled(dialog);
    const confirmShot = await w.screenshot('run-6a-map-scrape-many-confirm');
    assert.equal(sandbox.requestCount('scrape'), scrapes, 'nothing scraped before the answer');
    await dialog.locator('.monaco-button', { hasText: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await title(w).waitFor({ state: 'hidden' });
    // The map itself opened behind the pick as a document, one link a line; nothing was scraped.
    assert.match(await w.editorText(), /Map of/);
    assert.match(await w.editorText(), /⚠ The map stopped at the 30 links it asked for: the site may have more\./);
    assert.equal(sandbox.requestCount('scrape'), scrapes, 'closing the pick scrapes nothing');
    // The map is paid for: its links come back, still checked, without a second map.
    const maps = sandbox.requestCount('map');
    const closed = await shootNotice(
      w,
      /the links of https:\/\/docs\.example\.org were closed; nothing was scraped\./,
      ['Show Links Again'],
      /mapping https:\/\/docs\.example\.org/,
      'run-6a2-map-links-closed',
    );
    await closed.notice.locator('.monaco-button', { hasText: 'Show Links Again' }).click();
    await w.quickInput().locator('.quick-input-count', { hasText: '30 Selected' }).waitFor({ state: 'visible', timeout: 15_000 });
    assert.equal(sandbox.requestCount('map'), maps, 'not mapped again');
    await w.page.keyboard.press('Escape');
    await title(w).waitFor({ state: 'hidden' });
    // Closed again, offered again.
    await w.noticeWithButtons(/the links of https:\/\/docs\.example\.org were closed/);
    await clearNotices(w);

    // Two pages checked, the first failing: its notice offers Skip and Go On, which scrapes the second.
    sandbox.fault({ kind: 'status', status: 200, route: 'scrape', body: { success: false, error: 'Request timed out while loading the page' } });
    await runAndSubmit(w, 'Map a Site', 'https://docs.example.org');
    for (const page of ['https://docs.example.org/pricing', 'https://docs.example.org/about']) {
      const row = w.quickInputRows().filter({ hasText: page });
      await row.waitFor({ state: 'visible', timeout: 15_000 });
      await row.locator('[role="checkbox"]').first().click();
    }
    await w.quickInput().locator('.quick-input-count', { hasText: '2 Selected' }).waitFor({ state: 'visible' });
    await acceptPick(w);
    const failed = await shootNotice(
      w,
      /https:\/\/docs\.example\.org\/pricing: Firecrawl could not do it while scraping the page: the site could not be reached or refused\./,
      ['Retry', 'Skip and Go On'],
      /scraping https:\/\/docs\.example\.org\/pricing/,
      'run-6f-checked-page-failed-skip',
    );
    await failed.notice.locator('.monaco-button', { hasText: 'Skip and Go On' }).click();
    await w.page
      .locator('.monaco-editor .view-line', { hasText: /Source:.*docs\.example\.org\/about/ })
      .first()
      .waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(sandbox.requestCount('scrape'), scrapes + 2, 'the failed page is not sent again');
    await clearNotices(w);

    // A map that finds nothing: no pick, a notice with Map Again… and Rate This Result.
    await runAndSubmit(w, 'Map a Site', 'https://empty.example.org');
    const nothing = await shootNotice(w, /no links found on https:\/\/empty\.example\.org/, ['Map Again…', 'Rate This Result'], /mapping https:\/\/empty\.example\.org/, 'run-6b-map-nothing-found');
    await clearNotices(w);
    assert.equal(await title(w).isVisible(), false, 'no pick of nothing');

    // A result too large for an editor: a notice with its size, Save As… and Rate This Result, and no editor for it.
    await runAndSubmit(w, 'Scrape URL', `https://example.com/large-page?size=${11 * 1024 * 1024}`);
    const large = await shootNotice(w, /too large to open in an editor/, ['Save As…', 'Rate This Result'], /scraping https:\/\/example\.com\/large-page/, 'run-6c-large-result');
    assert.match(await large.notice.innerText(), /11\.1 MB/);
    assert.equal(await w.page.locator('.tab', { hasText: 'large-page' }).count(), 0, 'no editor for it');

    // Save As… where no file can be made (sysfs takes none, even from root): why, in words, in the one notification that offers the result again.
    const saveTo = async (target: string | undefined) => {
      const input = w.quickInput().locator('input');
      await input.waitFor({ state: 'visible', timeout: 15_000 });
      // The dialog fills in the folder first and the suggested name a moment later: a path typed before that is replaced.
      await w.page.waitForFunction(() => document.querySelector<HTMLInputElement>('.quick-input-widget input')?.value.endsWith('.md'));
      if (target !== undefined) {
        await input.fill(target);
        // A path in another folder makes the dialog open that folder first (two round trips to the server); an Enter
        // that comes before the dialog is busy with it is spent on opening that folder, and the dialog stays open.
        // Once it lists that folder's entries it is done, and Enter saves.
        const entries = fs.readdirSync(path.dirname(target));
        await w.page.waitForFunction((names) => {
          const labels = [...document.querySelectorAll('.quick-input-widget .quick-input-list .monaco-list-row')].map((row) => row.getAttribute('aria-label')).filter((label) => label !== '..');
          return labels.length > 0 && labels.every((label) => label !== null && names.includes(label));
        }, entries);
      }
      await input.press('Enter');
      await w.quickInput().waitFor({ state: 'hidden' });
    };
    await large.notice.locator('.monaco-button', { hasText: 'Save As…' }).click();
    await saveTo('/sys/large-result.md');
    const refused = await shootNotice(w, /large-result\.md could not be saved/, ['Save As…', 'Rate This Result'], /scraping https:\/\/example\.com\/large-page/, 'run-6d-large-result-save-refused');
    const reason = await refused.notice.innerText();
    assert.match(reason, /permission to write there was refused\. Save the result for .* somewhere else; closing this notification discards it\./s, 'the whole reason, not a cut-off line');
    assert.doesNotMatch(reason, /EACCES|\/sys/, 'no system code or path');
    // A notification VS Code folds to one line (as it folds older ones when another comes) shows its text cut off.
    assert.ok(await refused.notice.evaluate((el) => el.matches('.expanded') || el.querySelector('.notification-list-item.expanded') !== null), 'shown whole, not folded');
    await refused.notice.locator('.monaco-button', { hasText: 'Save As…' }).click();
    await saveTo(undefined);
    const fileName = `example.com-large-page-size-${11 * 1024 * 1024}.md`;
    const saved = await shootNotice(w, /saved the result for/, ['Reveal in Explorer View', 'Rate This Result'], /scraping/, 'run-6e-large-result-saved');
    assert.ok((await saved.notice.innerText()).includes(path.join(w.workspace, fileName)), 'says where, as a path');
    assert.ok(fs.statSync(path.join(w.workspace, fileName)).size > 11 * 1024 * 1024);
    await clearNotices(w);
    console.log(`[run-ui] screenshots ${mapShot} ${confirmShot} ${closed.file} ${failed.file} ${nothing.file} ${large.file} ${refused.file} ${saved.file}`);
  });

  it('Parse File to Markdown: a file that cannot be read, then one the service refuses, each offering another file', async () => {
    const w = wb();
    // A link to a file that is gone: the dialog lists it, reading it fails.
    fs.symlinkSync(path.join(w.workspace, 'deleted-contract.pdf'), path.join(w.workspace, 'contract.pdf'));
    const parses = sandbox.requestCount('parse');
    const pickFile = async (name: string) => {
      const input = w.quickInput().locator('input');
      await input.waitFor({ state: 'visible', timeout: 15_000 });
      // The dialog writes the folder into its box once it has read it: a path typed before that is replaced.
      await w.page.waitForFunction((folder) => document.querySelector<HTMLInputElement>('.quick-input-widget input')?.value.replace(/\/$/, '') === folder, w.workspace);
      await input.fill(path.join(w.workspace, name));
      await input.press('Enter');
    };
    await w.runCommand('Firecrawl: Parse File to Markdown…');
    await pickFile('contract.pdf');
    const unreadable = await shootNotice(w, /contract\.pdf could not be read: it is not there any more/, ['Choose Another File…', 'Retry'], /parsing contract\.pdf/, 'run-8-parse-unreadable-file');
    assert.equal(sandbox.requestCount('parse'), parses, 'nothing sent');

    // Choose Another File… asks again; the service refuses that one (400).
    sandbox.fault({ kind: 'status', status: 400, route: 'parse', body: { success: false, code: 'BAD_REQUEST', error: 'Bad Request: the file could not be parsed' } });
    await unreadable.notice.locator('.monaco-button', { hasText: 'Choose Another File…' }).click();
    await pickFile('quarterly-report.csv');
    const refused = await shootNotice(w, /Firecrawl refused the request for parsing/, ['Choose Another File…', 'Show Logs'], /parsing quarterly-report\.csv/, 'run-9-parse-refused-400');
    assert.equal(sandbox.requestCount('parse'), parses + 1);

    // A proxy in front of the server takes less than Firecrawl does: its page is no JSON, the file is too large for it.
    sandbox.fault({ route: 'parse', kind: 'status', status: 413, text: '<html><body><h1>413 Request Entity Too Large</h1></body></html>', contentType: 'text/html' });
    await refused.notice.locator('.monaco-button', { hasText: 'Choose Another File…' }).click();
    await pickFile('quarterly-report.csv');
    const tooLarge = await shootNotice(w, /refused the file as too large \(HTTP 413\)/, ['Choose Another File…'], /parsing quarterly-report\.csv/, 'run-9b-parse-too-large-413');
    assert.doesNotMatch(await tooLarge.notice.innerText(), /<html>|<h1>/, "the proxy's page is not shown as markup");
    assert.equal(sandbox.requestCount('parse'), parses + 2);
    await clearNotices(w);
    console.log(`[run-ui] screenshots ${unreadable.file} ${refused.file} ${tooLarge.file}`);
  });

  it('Parse File to Markdown on files selected together in the Explorer: the text file is left out and said once, each other file opens as its own result', async () => {
    const w = wb();
    sandbox.clearFaults();
    await clearNotices(w);
    const parses = sandbox.requestCount('parse');
    fs.writeFileSync(path.join(w.workspace, 'forecast.csv'), 'quarter,revenue\nQ1,2100\n');
    fs.writeFileSync(path.join(w.workspace, 'notes.txt'), 'to read later\n');
    await w.runCommand('View: Show Explorer');
    const row = (name: string) => w.page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first();
    for (const name of ['forecast.csv', 'notes.txt', 'quarterly-report.csv']) await row(name).waitFor({ state: 'visible', timeout: 15_000 });
    await row('forecast.csv').click();
    await row('notes.txt').click({ modifiers: ['Control'] });
    await row('quarterly-report.csv').click({ modifiers: ['Control'] });
    await w.page.locator('.explorer-folders-view .monaco-list-row.selected').nth(2).waitFor({ state: 'visible' });
    // The menu is opened on a file Firecrawl parses; it acts on the whole selection.
    await row('quarterly-report.csv').click({ button: 'right' });
    const menu = w.page.locator('.context-view .monaco-menu');
    await menu.waitFor({ state: 'visible' });
    // A menu takes no click in its first moments (the right button's release must not choose an
    // entry): the entry is focused under the pointer, then chosen with Enter.
    await w.settled(menu);
    await menu.locator('.action-item', { hasText: 'Parse File to Markdown…' }).hover();
    await menu.locator('.action-item.focused', { hasText: 'Parse File to Markdown…' }).waitFor({ state: 'visible' });
    await w.page.keyboard.press('Enter');
    await menu.waitFor({ state: 'hidden' });
    const tabs = async () => (await w.page.locator('.tabs-container .tab .label-name').allInnerTexts()).map((t) => t.trim());
    // A tab for each result, named after its file without the extension; the text file was not sent.
    await until('a result tab for each file', async () => {
      const open = await tabs();
      return open.includes('forecast.md') && open.includes('quarterly-report.md');
    });
    assert.equal(sandbox.requestCount('parse'), parses + 2);
    // Each file's progress notification stays a moment after its parse.
    await w.notification(/parsing forecast\.csv/).waitFor({ state: 'hidden' });
    const leftOut = await shootNotice(
      w,
      /^Firecrawl: 1 selected item is left out; Parse File takes PDF, DOCX, XLSX, PPTX, HTML, EPUB and CSV files\.$/,
      [],
      /parsing quarterly-report\.csv/,
      'run-9a-explorer-parse-left-out',
    );
    await clearNotices(w);
    console.log(`[run-ui] screenshots ${leftOut.file}`);
  });

  it('an agent run started from the editor shows in the Research view and turns to completed', async () => {
    const w = wb();
    const prompt = 'List the pages of docs.example.org that mention rate limits';
    await w.page.keyboard.press('Escape');
    await agentToConfirm(w, prompt);
    await w.page.keyboard.press('Enter');
    await title(w).waitFor({ state: 'hidden' });

    // Tracked at once and revealed: the row of the run, processing.
    const row = w
      .treeRows('Research')
      .filter({ has: w.page.locator('.label-name', { hasText: `Agent job: ${prompt}` }) })
      .first();
    await row.waitFor({ state: 'visible', timeout: 20_000 });
    const description = row.locator('.label-description');
    await description.filter({ hasText: /^processing · agent/ }).waitFor({ state: 'visible', timeout: 15_000 });
    const started = sandbox.requests().filter((r) => r.route === 'agentStart' && (r.body as { prompt?: string }).prompt === prompt);
    assert.equal(started.length, 1);
    assert.equal((started[0]?.body as { prompt?: string }).prompt, prompt);
    // Named by its prompt while it runs, before any list of the team's runs is read; the hover says the prompt whole.
    const running = await w.hover(row.locator('.custom-view-tree-node-item-icon'), /Status:\s*processing/);
    assert.ok(running.text.replace(/\s+/g, ' ').includes(`Prompt: ${prompt}`), running.text);
    const runningShot = await w.screenshot('run-7a-agent-running-tooltip');
    await w.page.mouse.move(900, 400);
    // The sandbox's runs take a minute of its clock: move the clock past the end instead of waiting.
    sandbox.advanceClock(60_000);
    await description.filter({ hasText: /^completed · agent/ }).waitFor({ state: 'visible', timeout: 30_000 });
    await row.locator('.codicon-pass').waitFor({ state: 'attached', timeout: 10_000 });
    // The completion is announced by the name the row shows, the prompt, and offers the result (the
    // sandbox's is JSON: it opens as the row's JSON document).
    const toast = w.notification(`Agent job completed: ${prompt}`);
    await toast.waitFor({ state: 'visible', timeout: 15_000 });
    assert.equal(await toast.getByRole('button', { name: 'Open Result' }).count(), 1, 'Open Result is offered');
    await w.page.locator('.notifications-toasts .notification-toast.notification-fade-in-done').first().waitFor({ state: 'visible' });
    await w.page.mouse.move(900, 400);
    const agentShot = await w.screenshot('run-7-agent-completed');
    // The sidebar cuts the description: the row's tooltip says the status whole.
    const tip = await w.hover(row.locator('.custom-view-tree-node-item-icon'), /Status:\s*completed/);
    assert.ok(tip.text.replace(/\s+/g, ' ').includes(`Prompt: ${prompt}`), tip.text);
    await w.page.mouse.move(900, 400);
    console.log(`[run-ui] screenshots ${runningShot} ${agentShot}`);
  });

  it("a page's Unicode line and paragraph separators open as the breaks they mean: VS Code asks nothing about unusual line terminators", async () => {
    const w = wb();
    await scrape(w, 'https://separators.example/');
    const dialog = w.page.locator('.monaco-dialog-box');
    // The lens comes from the extension host after the editor holds the text, which is when VS Code would ask.
    const shot = await w.screenshot('run-10-line-separators');
    console.log(`[run-ui] screenshot ${shot}`);
    assert.equal(await dialog.count(), 0, `no dialog: ${await dialog.allInnerTexts()}`);
    const lines = (await w.page.locator('.editor-instance .monaco-editor .view-line').allInnerTexts()).map((l) => l.replace(/\u00a0/g, ' '));
    for (const line of ['Monday to Friday: 9 to 17', 'Saturday: 10 to 14', 'Closed on public holidays.', 'Call ahead for appointments.'])
      assert.ok(lines.includes(line), `${line} is a line of its own: ${JSON.stringify(lines)}`);
  });
});
