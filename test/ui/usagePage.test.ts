// The usage page on its own in a real browser, as a demanding user meets it: the real HTML shell (its
// CSP) and the page's real bundle, states posted as the host posts them. No workbench (the workbench
// checks are in usage.test.ts): what people with a screen reader hear, what keyboard users see in the
// toolbar, a tooltip with a very long key name, and a panel 300 px wide.
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { boundLanguage, type PageLanguage, type PanelState, type SavedPageState } from '../../src/features/usage/protocol';
import { pageShell } from '../../src/features/usage/ui/pageShell';

const root = path.join(__dirname, '..', '..', '..');
const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const LONG_KEY = `Team ${'W'.repeat(195)}`;
const STATE: PanelState = {
  range: 'months',
  byApiKey: true,
  locale: 'en-US',
  now: NOW,
  loading: false,
  credits: { remainingCredits: 62_418, planCredits: 100_000, billingPeriodStart: '2026-11-08T00:00:00.000Z', billingPeriodEnd: '2026-12-08T00:00:00.000Z', fetchedAt: NOW, stale: false },
  history: {
    fetchedAt: NOW - 5 * 60_000,
    periods: [
      { startDate: '2026-09-01T00:00:00.000Z', endDate: '2026-09-30T23:59:59.999Z', creditsUsed: 8_000, apiKey: 'Default' },
      { startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-10-31T23:59:59.999Z', creditsUsed: 9_000, apiKey: LONG_KEY },
      { startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-10-31T23:59:59.999Z', creditsUsed: 1_000, apiKey: 'Default' },
      { startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 4_321, apiKey: 'Default' },
    ],
  },
};
/** The last refresh failed over data loaded five minutes before: a warning beside the chart. */
const OFFLINE: PanelState = { ...STATE, problem: { kind: 'unavailable', message: 'The connection was reset.' } };

interface CodeServerModule {
  launchBrowser(options: { runDir: string }): Promise<Browser>;
  makeRunDir(prefix?: string): string;
  screenshotDir(root?: string): string;
}

describe('the usage page for keyboard, screen reader and narrow-panel users', () => {
  let cs: CodeServerModule;
  let runDir: string;
  let browser: Browser;

  before(async () => {
    cs = (await import(pathToFileURL(path.join(root, 'scripts', 'vscode', 'codeserver.mjs')).href)) as CodeServerModule;
    runDir = cs.makeRunDir('firecrawl-usage-page-');
    browser = await cs.launchBrowser({ runDir });
  });
  after(async () => {
    await browser?.close();
    if (runDir) fs.rmSync(runDir, { recursive: true, force: true });
  });

  /** Loads the page as a webview would (the real shell), with a stand-in for acquireVsCodeApi. */
  async function openPage(name: string, width: number, language: PageLanguage = { locale: 'en-US' }, saved?: SavedPageState): Promise<{ page: Page; errors: string[] }> {
    const nonce = 'b'.repeat(32);
    let html = pageShell({
      cspSource: 'file:',
      scriptUri: pathToFileURL(path.join(root, 'dist', 'webview', 'usage.js')).href,
      styleUri: pathToFileURL(path.join(root, 'media', 'usage.css')).href,
      nonce,
      title: 'Firecrawl Credit Usage',
      language,
    });
    const stub = `<script nonce="${nonce}">window.posted = []; window.acquireVsCodeApi = () => ({ postMessage: (m) => window.posted.push(m), getState: () => (${JSON.stringify(saved ?? null)} ?? undefined), setState: () => {} });</script>`;
    html = html.replace(`<script nonce="${nonce}" src=`, `${stub}\n<script nonce="${nonce}" src=`);
    const file = path.join(runDir, `${name}.html`);
    fs.writeFileSync(file, html);
    const page = await browser.newPage({ viewport: { width, height: 640 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(pathToFileURL(file).href);
    await page.locator('main.usage').waitFor();
    return { page, errors };
  }

  const post = (page: Page, state: PanelState) => page.evaluate((s) => window.postMessage({ type: 'state', state: s }, '*'), state);

  it('the tooltip of the bar under a still pointer stays when a new state redraws the chart', async () => {
    const { page, errors } = await openPage('tooltip-redraw', 640);
    await post(page, STATE);
    const tooltip = page.locator('.tooltip');
    // Default's part of October (the bar's own target lies under its parts).
    await page.locator('.seg[data-month="1"][data-series="0"]').hover();
    await tooltip.waitFor();
    assert.match((await tooltip.textContent()) ?? '', /Default.*October 2026|October 2026.*Default/s);
    await page.evaluate(() => document.querySelector('svg.chart')!.setAttribute('data-old', ''));
    // A refresh: the chart drawn anew, with one more key's credits.
    const refreshed: PanelState = {
      ...STATE,
      history: { ...STATE.history!, periods: [...STATE.history!.periods, { startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-10-31T23:59:59.999Z', creditsUsed: 500, apiKey: 'CI' }] },
    };
    await post(page, refreshed);
    await page.locator('svg.chart:not([data-old])').waitFor();
    assert.equal(await page.locator('svg.chart:not([data-old]) .tooltip').count(), 1, 'the new chart shows the tooltip of the part under the pointer');
    assert.match((await tooltip.textContent()) ?? '', /Default.*October 2026|October 2026.*Default/s);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('restored after a restart: the chart says how old it is, and stays while the host loads the usage again', async () => {
    // Saved two hours ago, when the data was five minutes old.
    const { page, errors } = await openPage('restored', 640, undefined, { version: 1, byApiKey: true, range: 'months', view: 'chart', last: STATE, lastAt: Date.now() - 2 * 60 * 60_000 });
    await page.locator('svg.chart').waitFor();
    assert.equal(await page.locator('.updated').textContent(), 'Usage updated 2h ago');
    // The host's first state, before its store has read anything: the chart waits, refreshing.
    const loading: PanelState = { ...STATE, now: STATE.now + 2 * 60 * 60_000, loading: true };
    delete loading.history;
    delete loading.credits;
    await post(page, loading);
    await page.locator('.status', { hasText: 'Refreshing usage history…' }).waitFor();
    assert.equal(await page.locator('svg.chart').count(), 1);
    assert.equal(await page.locator('.updated').textContent(), 'Usage updated 2h ago');
    assert.match((await page.locator('.balance').textContent()) ?? '', /62,418/);
    await page.screenshot({ path: path.join(cs.screenshotDir(root), 'usage-page-restored-refreshing.png') });
    // The host's data replaces it.
    const fresh: PanelState = { ...STATE, now: loading.now, history: { ...STATE.history!, fetchedAt: loading.now } };
    await post(page, fresh);
    await page.locator('.updated', { hasText: 'Usage updated just now' }).waitFor();
    // From then on a state without data is the host's word: it loads again (another key), and says so.
    await post(page, loading);
    await page.locator('.status', { hasText: 'Loading usage per API key…' }).waitFor();
    assert.equal(await page.locator('svg.chart').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a pressed toggle keeps its name: its check mark is drawn, not read', async () => {
    const { page, errors } = await openPage('names', 900);
    await post(page, STATE);
    await page.locator('svg.chart').waitFor();
    // The name a screen reader says and a voice-control user speaks is the label, pressed or not.
    const toolbar = await page.locator('.toolbar').ariaSnapshot();
    for (const name of ['Months', 'Per API key', 'Chart']) assert.ok(toolbar.includes(`button "${name}" [pressed]`), toolbar);
    assert.ok(toolbar.includes('button "Table"\n'), toolbar);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('an error is said in the page language, not in English from the stylesheet', async () => {
    const { page, errors } = await openPage('error-words', 900, boundLanguage('de', { 'Error: {0}': 'Fehler: {0}' }));
    await post(page, { ...STATE, locale: 'de', history: undefined, problem: { kind: 'unauthorized', message: 'rejected' } });
    const status = page.locator('.status.error');
    await status.waitFor();
    // What is shown and read, the stylesheet's generated text included.
    const shown = await status.ariaSnapshot();
    assert.match(shown, /Fehler: Firecrawl rejected the API key\./);
    assert.doesNotMatch(shown, /Error/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('the live region speaks when the status changes, not again on every redraw of the same words', async () => {
    const { page, errors } = await openPage('live', 900);
    await post(page, OFFLINE);
    await page.locator('.status.warning').waitFor();
    const live = page.locator('[role="status"]:not([hidden]), [aria-live]:not([aria-live="off"])');
    assert.match((await live.allTextContents()).join(' '), /Could not refresh: The connection was reset\. Showing the data loaded 5m ago\./);
    // Count every change inside a live region from here on.
    await page.evaluate(() => {
      const w = window as unknown as { liveChanges: number };
      w.liveChanges = 0;
      const observer = new MutationObserver((records) => (w.liveChanges += records.length));
      for (const region of document.querySelectorAll('[role="status"], [role="alert"], [aria-live]')) observer.observe(region, { childList: true, subtree: true, characterData: true });
    });
    // The table view, the chart again, and a new balance: the warning is the same words each time.
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    await page.locator('table.usage-table').waitFor();
    await page.getByRole('button', { name: 'Chart', exact: true }).click();
    await page.locator('svg.chart').waitFor();
    await post(page, { ...OFFLINE, credits: { ...OFFLINE.credits!, remainingCredits: 61_000 } });
    await page.locator('.balance', { hasText: '61,000' }).waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { liveChanges: number }).liveChanges), 0, 'the same warning is not announced again');
    // New words are announced.
    await post(page, { ...STATE, history: undefined, problem: { kind: 'unauthorized', message: 'rejected' } });
    await page.locator('.status.error').waitFor();
    assert.ok((await page.evaluate(() => (window as unknown as { liveChanges: number }).liveChanges)) > 0, 'a new status is announced');
    assert.match((await live.allTextContents()).join(' '), /Firecrawl rejected the API key/);
    // Loading, then nothing used: the result is said, not silence after "Loading…".
    await post(page, { ...STATE, history: undefined, loading: true });
    await page.locator('.status', { hasText: /Loading|Refreshing/ }).waitFor();
    await post(page, { ...STATE, history: { ...STATE.history!, periods: [] } });
    await page.locator('.empty', { hasText: 'No credit usage in the last 90 days.' }).waitFor();
    assert.match((await page.locator('.announcer').textContent()) ?? '', /No credit usage in the last 90 days\./);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('at 300 px: the plan label fits beside the axis, over no tick label, and is read whole', async () => {
    const { page, errors } = await openPage('plan-300', 300);
    // The font a Linux workbench gives a webview (the page reads it from --vscode-font-family), wider than Chromium's default.
    await page.evaluate(() => document.documentElement.style.setProperty('--vscode-font-family', 'system-ui, "Ubuntu", "Droid Sans", sans-serif'));
    // 10,000 used under a plan of 100,000: the plan's marker above the chart; 80,000 used: its line.
    const near: PanelState = { ...STATE, history: { ...STATE.history!, periods: [{ startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 80_000, apiKey: 'Default' }] } };
    for (const [state, name] of [
      [STATE, 'above'],
      [near, 'line'],
    ] as const) {
      await post(page, state);
      await page.locator(name === 'above' ? 'svg.chart .plan-off' : 'svg.chart .plan:not(.plan-off)').waitFor();
      const drawn = await page.evaluate(() => {
        const svg = document.querySelector('svg.chart')!;
        const chart = svg.getBoundingClientRect();
        const box = (e: Element) => {
          const r = e.getBoundingClientRect();
          return { text: e.textContent ?? '', left: r.left - chart.left, right: r.right - chart.left, top: r.top - chart.top, bottom: r.bottom - chart.top };
        };
        const plan = svg.querySelector('.plan')!;
        return { label: box(plan.querySelector('.plan-label')!), ticks: [...svg.querySelectorAll('.tick-label')].map(box), width: chart.width, aria: plan.getAttribute('aria-label') };
      });
      const { label } = drawn;
      for (const tick of drawn.ticks) {
        const apart = label.left >= tick.right || label.right <= tick.left || label.top >= tick.bottom || label.bottom <= tick.top;
        assert.ok(apart, `${name}: "${label.text}" (${label.left}–${label.right}, ${label.top}–${label.bottom}) runs over "${tick.text}" (${tick.left}–${tick.right}, ${tick.top}–${tick.bottom})`);
      }
      assert.ok(label.left >= 0 && label.right <= drawn.width, `${name}: "${label.text}" from ${label.left} to ${label.right} in a chart ${drawn.width} wide`);
      assert.match(label.text, /^Plan 100(,000|K)/, `${name}: "${label.text}"`);
      assert.equal(drawn.aria, name === 'above' ? 'Plan: 100,000 per billing period, above the top of this chart' : 'Plan: 100,000 per billing period');
      await page.screenshot({ path: path.join(cs.screenshotDir(root), `usage-page-plan-${name}-300.png`) });
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  describe('focus on a control that a new state hides or disables goes to a sensible place, never to the page body', () => {
    /** What has focus: its name, or "body"; and whether it can still be used from the keyboard. */
    const focused = (page: Page) =>
      page.evaluate(() => {
        const e = document.activeElement;
        if (!e || e === document.body) return { name: 'body', usable: false };
        const name = e.getAttribute('aria-label')?.split(':')[0] ?? e.textContent ?? '';
        return { name, usable: !(e as HTMLButtonElement).disabled && e.getClientRects().length > 0 && !e.closest('[hidden]') };
      });
    const unauthorized: PanelState = { ...STATE, history: undefined, problem: { kind: 'unauthorized', message: 'rejected' } };
    const loading: PanelState = { ...STATE, history: undefined, loading: true };

    it('"Set API Key", gone once a key works: the chart', async () => {
      const { page, errors } = await openPage('focus-action', 600);
      await post(page, unauthorized);
      await page.getByRole('button', { name: 'Set API Key' }).focus();
      await post(page, STATE);
      await page.locator('svg.chart').waitFor();
      await page.locator('.status button').waitFor({ state: 'hidden' });
      assert.deepEqual(await focused(page), { name: 'November 2026 (in progress)', usable: true });
      assert.ok(await page.evaluate(() => document.activeElement!.matches('svg.chart [data-focus][tabindex="0"]')), "the chart's tab stop");
      assert.deepEqual(errors, []);
      await page.close();
    });

    it('Copy as CSV, disabled while nothing is shown: its neighbour Refresh', async () => {
      const { page, errors } = await openPage('focus-copy', 600);
      await post(page, STATE);
      await page.getByRole('button', { name: 'Copy as CSV' }).focus();
      await post(page, loading);
      await page.locator('button[data-action="copyCsv"]:disabled').waitFor();
      assert.deepEqual(await focused(page), { name: 'Refresh', usable: true });
      assert.deepEqual(errors, []);
      await page.close();
    });

    it('Per API key, disabled when the host shows 7 days: Total beside it', async () => {
      const { page, errors } = await openPage('focus-per-key', 600);
      await post(page, STATE);
      await page.getByRole('button', { name: 'Per API key' }).focus();
      await page.evaluate(() => window.postMessage({ type: 'range', range: 'last7d' }, '*'));
      await page.locator('button[data-action="perKey"]:disabled').waitFor();
      assert.deepEqual(await focused(page), { name: 'Total', usable: true });
      assert.deepEqual(errors, []);
      await page.close();
    });

    it('a bar of the chart, gone while the usage loads again: the pressed range button', async () => {
      const { page, errors } = await openPage('focus-chart', 600);
      await post(page, STATE);
      await page.locator('[data-focus][tabindex="0"]').focus();
      await post(page, loading);
      await page.locator('svg.chart').waitFor({ state: 'detached' });
      assert.deepEqual(await focused(page), { name: 'Months', usable: true });
      assert.deepEqual(errors, []);
      await page.close();
    });
  });

  for (const width of [900, 300]) {
    it(`at ${width} px: the chart fits the panel, and a tooltip with a 200-character key name stays inside the chart`, async () => {
      const { page, errors } = await openPage(`fit-${width}`, width);
      await post(page, STATE);
      await page.locator('svg.chart').waitFor();
      const sizes = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
        svg: Number(document.querySelector('svg.chart')!.getAttribute('width')),
        box: document.querySelector('.chart-box')!.clientWidth,
      }));
      assert.ok(sizes.svg <= sizes.box, `chart ${sizes.svg} px in a box of ${sizes.box} px`);
      assert.ok(sizes.scroll <= sizes.client, `page ${sizes.scroll} px wide in a panel of ${sizes.client} px`);
      // October by keyboard, then up its stack (Default at the bottom) to the long key.
      await page.locator('[data-focus][tabindex="0"]').focus();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      assert.match((await page.locator(':focus').getAttribute('aria-label')) ?? '', new RegExp(`^${LONG_KEY}, October 2026`), 'the label keeps the whole name');
      const tooltip = page.locator('.tooltip');
      await tooltip.waitFor();
      const box = await tooltip.evaluate((g) => {
        const svg = g.closest('svg')!;
        const tip = (g as SVGGElement).getBoundingClientRect();
        const chart = svg.getBoundingClientRect();
        return { left: tip.left - chart.left, right: tip.right - chart.left, width: chart.width, text: g.textContent ?? '' };
      });
      assert.ok(box.left >= 0 && box.right <= box.width + 0.5, `tooltip from ${box.left} to ${box.right} in a chart ${box.width} wide`);
      assert.match(box.text, /Team WWW+…/, 'the name is cut with an ellipsis');
      assert.match(box.text, /9,000 \(90% of 10,000\)/, 'the number is never cut');
      await page.screenshot({ path: path.join(cs.screenshotDir(root), `usage-page-long-key-${width}.png`) });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});
