// The feedback wizard in a real workbench, with the keyboard only: from the command palette to the
// receipt notification for a scrape job rated bad with one issue label (every key is counted), an
// invalid label's rule shown in the input box, and a failure's "Edit and Retry" reopening the draft.
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { until } from '../support/until';
import { useWorkbench, type Workbench } from './workbench';

describe('feedback wizard in the workbench', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox?.close();
  });
  const wb = useWorkbench(() => ({ settings: { 'firecrawl.apiUrl': sandbox.url }, env: { FIRECRAWL_API_KEY: sandbox.keys.valid } }));

  /** Keys pressed and characters typed, for the fast-path count. */
  let keystrokes = 0;
  const press = async (key: string) => {
    keystrokes += 1;
    await wb().page.keyboard.press(key);
  };
  const typeKeys = async (text: string) => {
    keystrokes += text.length;
    await wb().page.keyboard.type(text);
  };

  const title = (w: Workbench) => w.quickInput().locator('.quick-input-title');
  const waitForPage = async (w: Workbench, text: string) => {
    // A key pressed before the page takes keys would hit the old page.
    await w.quickInputPage(text);
  };
  const activeRow = (w: Workbench) => w.quickInputRows().and(w.page.locator('.focused'));

  it('fast path with the keyboard: palette → scrape → the job just run, picked from the list → bad → one label → send → receipt', async () => {
    const w = wb();
    await w
      .statusBarEntry('firecrawl.credits')
      .waitFor({ state: 'visible', timeout: 30_000 })
      .catch(() => undefined);
    // The scrape just run; the sandbox's own demo jobs (one of them 10 minutes old) are in the list too.
    const job = sandbox.createV2Job('scrape', { costCredits: 8, target: 'https://example.com/pricing' });
    const pages: string[] = [];
    const shots: string[] = [];
    keystrokes = 0;

    await press('F1');
    await w.quickInput().locator('input').waitFor({ state: 'visible' });
    // Three letters find the command: "fee" is in no other command of this workbench.
    await typeKeys('fee');
    const first = w.quickInputRows().first();
    await first.filter({ hasText: 'Firecrawl: Submit Feedback…' }).waitFor({ state: 'visible', timeout: 10_000 });
    shots.push(await w.screenshot('feedback-0-palette'));
    await press('Enter');

    await waitForPage(w, 'Endpoint');
    pages.push(await title(w).innerText());
    assert.match(await activeRow(w).innerText(), /Scrape/);
    assert.match(await activeRow(w).innerText(), /metadata\.scrapeId/);
    shots.push(await w.screenshot('feedback-1-endpoint'));
    await press('Enter');

    await waitForPage(w, 'Job id');
    pages.push(await title(w).innerText());
    // The list was loaded while the endpoint page was open: the job just run has Enter, with its age.
    await activeRow(w).filter({ hasText: 'https://example.com/pricing' }).waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await activeRow(w).innerText(), new RegExp(job));
    assert.match(await activeRow(w).innerText(), /just now|\ds ago/);
    // The server has not stated its window: no countdown, and the 10-minute-old demo job is an ordinary choice.
    await w.quickInputRows().filter({ hasText: sandbox.demoV2Jobs.expiredScrape }).waitFor({ state: 'visible' });
    assert.equal(
      await w
        .quickInputRows()
        .filter({ hasText: /expired|s left|Past the feedback window/ })
        .count(),
      0,
    );
    assert.doesNotMatch((await w.quickInput().locator('input').getAttribute('placeholder')) ?? '', /\d+ s\b|window/);
    assert.ok((await w.quickInputRows().filter({ hasText: 'Paste a job id…' }).count()) === 1);
    shots.push(await w.screenshot('feedback-2-job-list'));
    await press('Enter');

    await waitForPage(w, 'Rating');
    pages.push(await title(w).innerText());
    await typeKeys('b');
    await activeRow(w).filter({ hasText: 'Bad' }).waitFor({ state: 'visible' });
    shots.push(await w.screenshot('feedback-3-rating'));
    await press('Enter');

    await waitForPage(w, 'Issue labels');
    pages.push(await title(w).innerText());
    assert.match(await activeRow(w).innerText(), /missing-content/);
    await press('Enter');
    await activeRow(w).filter({ hasText: 'Continue with missing-content' }).waitFor({ state: 'visible' });
    shots.push(await w.screenshot('feedback-4-label-checked'));
    await press('Enter');

    await waitForPage(w, 'Review');
    pages.push(await title(w).innerText());
    assert.match(await activeRow(w).innerText(), /Send feedback/);
    const review = await w.quickInputRows().allInnerTexts();
    assert.ok(
      review.some((r) => /Issue labels\s*missing-content/.test(r)),
      review.join(' | '),
    );
    assert.ok(
      review.some((r) => r.includes(job)),
      review.join(' | '),
    );
    shots.push(await w.screenshot('feedback-5-review'));
    await press('Enter');

    const receipt = w.notification(/Feedback sent: 2 credits refunded/);
    await receipt.waitFor({ state: 'visible', timeout: 15_000 });
    await w.notification(/sending feedback/).waitFor({ state: 'hidden' });
    await w.settled(receipt);
    assert.match(await receipt.innerText(), /Refunded today: \d+ of the 50-credit daily cap/);
    shots.push(await w.screenshot('feedback-6-receipt'));

    assert.deepEqual(
      pages.map((p) => p.replace(/^Firecrawl: Submit Feedback — /, '')),
      ['Endpoint (1/5)', 'Job id (2/5)', 'Rating (3/5)', 'Issue labels (4/5)', 'Review (5/5)'],
    );
    assert.ok(sandbox.feedbackSubmissions().some((s) => s.jobId === job && (s.body.issues as string[]).join() === 'missing-content'));
    const activity = sandbox.requestsTo('activity');
    assert.deepEqual(
      activity.map((r) => r.query),
      ['limit=100'],
      'one read of the shared activity list',
    );
    console.log(`[feedback fast path] ${pages.length} steps, ${keystrokes} keystrokes (3 of them typing "fee" in the palette)`);
    console.log(`[feedback fast path] screenshots: ${shots.join(', ')}`);
    assert.ok(keystrokes <= 12, `${keystrokes} keystrokes`);
    assert.equal(keystrokes, 12);
    await w.page.keyboard.press('Escape');
  });

  it('an invalid label shows its rule in the input box, and the fix is taken', async () => {
    const w = wb();
    sandbox.createV2Job('map'); // a job for the wizard's list
    await w.runCommand('Firecrawl: Submit Feedback…');
    await w.page.mouse.move(1200, 700); // the palette row was clicked: keep its hover tooltip off the screenshots
    await waitForPage(w, 'Endpoint');
    await w.page.keyboard.type('map');
    await activeRow(w).filter({ hasText: 'Map' }).waitFor();
    await w.page.keyboard.press('Enter');
    await waitForPage(w, 'Job id');
    await w.page.keyboard.press('Enter');
    await waitForPage(w, 'Rating');
    await w.page.keyboard.type('partial');
    await w.page.keyboard.press('Enter');
    await waitForPage(w, 'Issue labels');
    await w.page.keyboard.type('Bad Label');
    await activeRow(w).filter({ hasText: 'not a valid label' }).waitFor();
    await w.screenshot('feedback-label-invalid-offer');
    await w.page.keyboard.press('Enter');

    await waitForPage(w, 'Issue labels');
    const input = w.quickInput().locator('input');
    assert.equal(await input.inputValue(), 'Bad Label');
    const message = w.quickInput().locator('.quick-input-message');
    await message.filter({ hasText: "Issue label 'Bad' must start with a lowercase letter" }).waitFor({ state: 'visible' });
    assert.match(await message.innerText(), /\(try 'bad'\).*Issue label 'Label'/s);
    await w.screenshot('feedback-label-invalid-message');

    await input.fill('bad-label');
    await message.filter({ hasText: 'must start' }).waitFor({ state: 'hidden' });
    await input.press('Enter');
    await waitForPage(w, 'Issue labels');
    await activeRow(w).filter({ hasText: 'Continue with bad-label' }).waitFor();
    await w.page.keyboard.press('Escape');
    await title(w).waitFor({ state: 'hidden' });
  });

  it('a long note is written in an editor and sent whole', async () => {
    const w = wb();
    const job = sandbox.createV2Job('map');
    await w.runCommand('Firecrawl: Submit Feedback…');
    await w.page.mouse.move(1200, 700);
    await waitForPage(w, 'Endpoint');
    await w.page.keyboard.type('map');
    await w.page.keyboard.press('Enter');
    await waitForPage(w, 'Job id');
    await w.page.keyboard.press('Enter');
    await waitForPage(w, 'Rating');
    await w.page.keyboard.type('good');
    await w.page.keyboard.press('Enter');
    await waitForPage(w, 'Note');
    await w.quickInput().locator('.quick-input-titlebar .codicon-go-to-file').click();

    const editor = w.page.locator('.editor-instance .monaco-editor .view-lines');
    await editor.waitFor({ state: 'visible' });
    await editor.click();
    await w.page.keyboard.type('# Map results\n\nEvery page of the docs was listed.\nNothing off-site.');
    // A toast for ten seconds: typing on a loaded machine can outlast it, and then it is in the center.
    const { notice: use, inCenter } = await w.noticeWithButtons(/write the note in the editor/);
    await w.screenshot('feedback-note-editor');
    await use.locator('.monaco-button', { hasText: 'Use Note' }).click();
    if (inCenter) await w.hideNotificationCenter();

    await waitForPage(w, 'Note');
    assert.match((await w.quickInput().locator('input').getAttribute('placeholder')) ?? '', /Your note has 4 lines/);
    await activeRow(w).filter({ hasText: 'Keep this note' }).waitFor();
    await w.screenshot('feedback-note-kept');
    await w.page.keyboard.press('Enter');
    await waitForPage(w, 'Review');
    await w.page.keyboard.press('Enter');
    await w.notification(/Feedback sent/).waitFor({ state: 'visible', timeout: 15_000 });
    const sent = sandbox.feedbackSubmissions().find((s) => s.jobId === job);
    assert.equal(sent?.body.note, '# Map results\n\nEvery page of the docs was listed.\nNothing off-site.');
    assert.equal(await w.page.locator('.tabs-container .tab', { hasText: 'Untitled' }).count(), 0, 'the note document is closed without a save prompt');
  });

  it('a failure offers Edit and Retry, which reopens the review with every value; the window the server stated is shown from then on', async () => {
    const w = wb();
    await w.runCommand('Firecrawl: Submit Feedback…');
    await w.page.mouse.move(1200, 700); // the palette row was clicked: keep its hover tooltip off the screenshots
    await waitForPage(w, 'Endpoint');
    // A resume entry for the draft left by the previous test sits above the endpoints.
    await activeRow(w).filter({ hasText: 'Scrape' }).waitFor();
    await w.page.keyboard.press('Enter');
    await waitForPage(w, 'Job id');
    // The 10-minute-old job is listed like any other until the server says otherwise: find it by its id.
    await w.page.keyboard.type(sandbox.demoV2Jobs.expiredScrape);
    await activeRow(w).filter({ hasText: sandbox.demoV2Jobs.expiredScrape }).waitFor();
    await w.page.keyboard.press('Enter');
    await waitForPage(w, 'Rating');
    await w.page.keyboard.type('b');
    await w.page.keyboard.press('Enter');
    await waitForPage(w, 'Issue labels');
    await w.page.keyboard.type('time');
    await activeRow(w).filter({ hasText: 'timeout' }).waitFor();
    await w.page.keyboard.press('Enter');
    await activeRow(w).filter({ hasText: 'Continue with timeout' }).waitFor();
    await w.page.keyboard.press('Enter');
    await waitForPage(w, 'Review');
    await w.page.keyboard.press('Enter');

    const { notice: error, inCenter } = await w.noticeWithButtons(/within 2 minutes of the job/);
    await w.notification(/sending feedback/).waitFor({ state: 'hidden' });
    await w.settled(error);
    await w.screenshot('feedback-error-window-expired');
    await error.locator('a.monaco-button, .monaco-button', { hasText: 'Edit and Retry' }).first().click();

    await waitForPage(w, 'Review');
    const rows = await w.quickInputRows().allInnerTexts();
    for (const expected of [/Endpoint\s*scrape/, new RegExp(`Job id\\s*${sandbox.demoV2Jobs.expiredScrape}`), /Rating\s*bad/, /Issue labels\s*timeout/]) {
      assert.ok(
        rows.some((r) => expected.test(r)),
        `${expected} in ${rows.join(' | ')}`,
      );
    }
    await w.screenshot('feedback-edit-and-retry-review');
    await w.page.keyboard.press('Escape');
    await title(w).waitFor({ state: 'hidden' });
    // The center closes by itself once its last notification is gone; one still open would keep toasts hidden.
    if (inCenter) await w.hideNotificationCenter();

    // The server said 120 seconds: from now on the list counts down and puts older jobs below.
    sandbox.createV2Job('scrape', { target: 'https://example.com/after-the-409' });
    await w.runCommand('Firecrawl: Submit Feedback…');
    await w.page.mouse.move(1200, 700);
    await waitForPage(w, 'Endpoint');
    await activeRow(w).filter({ hasText: 'Scrape' }).waitFor();
    await w.page.keyboard.press('Enter');
    await waitForPage(w, 'Job id');
    const fresh = w.quickInputRows().filter({ hasText: 'https://example.com/after-the-409' });
    await fresh.filter({ hasText: /\d+ s left/ }).waitFor({ state: 'visible', timeout: 10_000 });
    const countdown = async () => Number(/(\d+) s left/.exec(await fresh.innerText())?.[1]);
    const before = await countdown();
    assert.ok(before > 100 && before <= 120, `${before} s left`);
    await w.quickInputRows().filter({ hasText: sandbox.demoV2Jobs.expiredScrape }).filter({ hasText: 'expired' }).waitFor();
    assert.match((await w.quickInput().locator('input').getAttribute('placeholder')) ?? '', /This server takes feedback for 2 minutes after a job/);
    await w.screenshot('feedback-job-list-expired');
    await fresh
      .filter({ hasText: `${before - 1} s left` })
      .or(fresh.filter({ hasText: `${before - 2} s left` }))
      .first()
      .waitFor({ timeout: 5_000 });
    await w.page.keyboard.press('Escape');
    await title(w).waitFor({ state: 'hidden' });
  });

  /** From the palette to the review of "good" feedback on a new map job, by the keyboard; its id. */
  const mapJobToReview = async (w: Workbench): Promise<string> => {
    const job = sandbox.createV2Job('map');
    await w.runCommand('Firecrawl: Submit Feedback…');
    await w.page.mouse.move(1200, 700);
    await waitForPage(w, 'Endpoint');
    await w.page.keyboard.type('map');
    await activeRow(w).filter({ hasText: 'Map' }).waitFor();
    await w.page.keyboard.press('Enter');
    await waitForPage(w, 'Job id');
    await activeRow(w).filter({ hasText: job }).waitFor();
    await w.page.keyboard.press('Enter');
    await waitForPage(w, 'Rating');
    await w.page.keyboard.type('good');
    await w.page.keyboard.press('Enter');
    await waitForPage(w, 'Note');
    await w.page.keyboard.type('Every page was listed.');
    await w.page.keyboard.press('Enter');
    await waitForPage(w, 'Review');
    return job;
  };

  it("a gateway's 502 on submit warns that the feedback may have been recorded and offers Send Again, which sends it", async () => {
    const w = wb();
    const job = await mapJobToReview(w);
    sandbox.fault({ route: 'feedback', kind: 'status', status: 502 });
    await w.page.keyboard.press('Enter');

    const { notice: warning, inCenter } = await w.noticeWithButtons(/A gateway in front of Firecrawl answered HTTP 502/);
    await w.notification(/sending feedback/).waitFor({ state: 'hidden' });
    await w.settled(warning);
    await w.screenshot('feedback-error-gateway-502');
    await warning.locator('a.monaco-button, .monaco-button', { hasText: 'Send Again' }).first().click();
    const receipt = w.notification(/Feedback sent/);
    await receipt.waitFor({ state: 'visible', timeout: 15_000 });
    await w.notification(/sending feedback/).waitFor({ state: 'hidden' });
    await w.settled(receipt);
    await w.screenshot('feedback-gateway-502-sent-again');
    assert.equal(sandbox.feedbackSubmissions().filter((s) => s.jobId === job).length, 1);
    if (inCenter) await w.hideNotificationCenter();
  });

  it('a connection broken off on submit warns it may have been recorded; resumed later, the draft says it was sent once, and the repeat answer offers its note to copy', async () => {
    const w = wb();
    const job = await mapJobToReview(w);
    sandbox.fault({ route: 'feedback', kind: 'connectionReset' });
    await w.page.keyboard.press('Enter');
    const broke = await w.noticeWithButtons(/broke off before an answer came, so the feedback may or may not have been recorded/);
    await w.notification(/sending feedback/).waitFor({ state: 'hidden' });
    await w.settled(broke.notice);
    await w.screenshot('feedback-connection-broke-off');
    await broke.notice
      .locator('.codicon-notifications-clear')
      .click()
      .catch(() => undefined);
    if (broke.inCenter) await w.hideNotificationCenter();
    // The first send was recorded after all: here, another client's feedback to the job lands first.
    const landed = await fetch(`${sandbox.url}/v2/feedback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.keys.valid}`, 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: 'map', jobId: job, rating: 'good', note: 'Recorded first.' }),
    });
    assert.equal(landed.status, 200, await landed.text());
    await w.runCommand('Firecrawl: Submit Feedback…');
    await waitForPage(w, 'Endpoint');
    const resume = w.quickInputRows().filter({ hasText: 'Resume unsent feedback' }).first();
    await resume.filter({ hasText: 'sent once, no answer came' }).waitFor({ state: 'visible', timeout: 10_000 });
    await w.page.mouse.move(1200, 700);
    await w.screenshot('feedback-resume-sent-once');
    await resume.click();
    await waitForPage(w, 'Review');
    await w.page.keyboard.press('Enter');
    const repeat = await w.noticeWithButtons(/The first feedback stands: what was sent now was not stored/);
    await w.notification(/sending feedback/).waitFor({ state: 'hidden' });
    await w.settled(repeat.notice);
    await w.screenshot('feedback-repeat-copy-note');
    await repeat.notice.locator('a.monaco-button, .monaco-button', { hasText: 'Copy Note' }).first().click();
    await until('the note on the clipboard', async () => ((await w.page.evaluate(() => navigator.clipboard.readText().catch(() => ''))) === 'Every page was listed.' ? true : undefined), 10_000);
    if (repeat.inCenter) await w.hideNotificationCenter();
  });

  it('Cancel once the feedback has left says in the status bar that the answer is awaited, then shows the receipt', async () => {
    const w = wb();
    const job = await mapJobToReview(w);
    let answer!: () => void;
    sandbox.fault({ route: 'feedback', kind: 'latency', until: new Promise<void>((resolve) => (answer = resolve)) });
    const before = sandbox.requestCount('feedback');
    await w.page.keyboard.press('Enter');
    const { notice: sending, inCenter } = await w.noticeWithButtons(/sending feedback/);
    // It has left once the sandbox holds it.
    await until('the feedback to reach the sandbox', () => sandbox.requestCount('feedback') > before, 30_000);
    await sending.locator('a.monaco-button, .monaco-button', { hasText: 'Cancel' }).first().click();
    const waiting = w.statusBarItem(/feedback already sent, waiting for the answer/);
    await waiting.waitFor({ timeout: 15_000 });
    await w.screenshot('feedback-cancelled-after-send');
    answer();
    // In the notification center when the Cancel was clicked there (no toast shows while it is open).
    const receipt = await w.noticeWithButtons(/Feedback sent/);
    await waiting.waitFor({ state: 'hidden', timeout: 15_000 });
    assert.equal(sandbox.feedbackSubmissions().filter((s) => s.jobId === job).length, 1);
    if (inCenter || receipt.inCenter) await w.hideNotificationCenter();
  });

  it('in the browser workbench neither Track Job nor the job page reads the clipboard: no "Unable to read from the browser\'s clipboard" error', async () => {
    const w = wb();
    // As in a browser that has not granted clipboard access: a read would prompt or fail.
    await w.page.context().clearPermissions();
    await w.page.evaluate(() => ((window as unknown as { clipboardReads: number }).clipboardReads = 0));
    await w.page.evaluate(() => {
      const original = navigator.clipboard.readText.bind(navigator.clipboard);
      navigator.clipboard.readText = () => {
        (window as unknown as { clipboardReads: number }).clipboardReads += 1;
        return original();
      };
    });
    await w.runCommand('Firecrawl: Track Job');
    await w.quickInput().locator('input').waitFor({ state: 'visible' });
    await w
      .quickInput()
      .filter({ hasText: /agent|deep research/i })
      .waitFor({ state: 'visible' });
    await w.screenshot('clipboard-track-job');
    await w.page.keyboard.press('Escape');
    await w.runCommand('Firecrawl: Submit Feedback…');
    await w.page.mouse.move(1200, 700);
    await waitForPage(w, 'Endpoint');
    await activeRow(w).filter({ hasText: 'Scrape' }).waitFor();
    await w.page.keyboard.press('Enter');
    await waitForPage(w, 'Job id');
    await w.quickInputRows().filter({ hasText: 'Paste a job id…' }).waitFor({ state: 'visible' });
    await w.screenshot('clipboard-feedback-job-page');
    await w.page.keyboard.press('Escape');
    assert.equal(await w.page.evaluate(() => (window as unknown as { clipboardReads: number }).clipboardReads), 0, 'nothing read the clipboard');
    assert.equal(await w.page.locator('.notifications-toasts .notification-toast', { hasText: /clipboard/i }).count(), 0);
    await w.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: w.url });
  });

  // Last: the window then remembers for a while that this server lists no jobs.
  it('a server that lists no jobs gets the input box of old, with one line saying why', async () => {
    const w = wb();
    sandbox.selfHosted = true;
    try {
      await w.runCommand('Firecrawl: Submit Feedback…');
      await w.page.mouse.move(1200, 700);
      await waitForPage(w, 'Endpoint');
      await activeRow(w).filter({ hasText: 'Scrape' }).waitFor();
      await w.page.keyboard.press('Enter');
      const message = w.quickInput().locator('.quick-input-message');
      await message.filter({ hasText: 'does not list recent jobs (self-hosted Firecrawl may not).' }).waitFor({ state: 'visible', timeout: 10_000 });
      assert.match(await message.innerText(), /^The server at http:\/\/127\.0\.0\.1:\d+ does not list recent jobs \(self-hosted Firecrawl may not\)\. The job's id/);
      assert.equal(await w.quickInputRows().count(), 0, 'an input box, not a list');
      await w.screenshot('feedback-job-unlisted');
      await w.page.keyboard.press('Escape');
    } finally {
      sandbox.selfHosted = false;
    }
  });
});
