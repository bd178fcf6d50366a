// The credit usage chart in a real workbench against the sandbox's demo team (4 months × 3 keys):
// bars and values as served, the month in progress, hover and keyboard read-outs, the per-key
// breakdown, the table, CSV export, a hostile key name, the panel's states, opening from the status
// bar and restoring after a reload; screenshots in the dark theme and in the light one.
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator } from 'playwright-core';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { hoverUntilShown, useWorkbench, type Workbench, until } from './workbench';

const HOSTILE = '<img src=x onerror=alert(1)>';
const CREDITS = { remainingCredits: 62_418, planCredits: 100_000, billingPeriodStart: '2026-11-08T00:00:00.000Z', billingPeriodEnd: '2026-12-08T00:00:00.000Z' };
/** Demo team totals per month, oldest first (test/sandbox/demoData.ts). */
const MONTH_TOTALS = ['11,270', '15,604', '15,241', '5,531'];

function frame(wb: Workbench): FrameLocator {
  return wb.webviewFrame();
}

async function openChart(wb: Workbench): Promise<FrameLocator> {
  await wb.runCommand('Firecrawl: Show Credit Usage History');
  const f = frame(wb);
  await f.locator('svg.chart').waitFor({ state: 'visible', timeout: 20_000 });
  return f;
}

/**
 * The axis fits the data, so the bars fill their columns: hover a column at its left edge (bars are
 * centred in it), where the column itself, not a segment, takes the pointer.
 */
const COLUMN_EDGE = { position: { x: 1, y: 100 } };

async function press(wb: Workbench, f: FrameLocator, name: string): Promise<void> {
  await f.getByRole('button', { name, exact: true }).click();
}

describe('credit usage chart (dark theme)', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
    sandbox.setCredits(CREDITS);
  });
  after(async () => {
    await sandbox?.close();
  });
  const wb = useWorkbench(() => ({ settings: { 'firecrawl.apiUrl': sandbox.url }, env: { FIRECRAWL_API_KEY: sandbox.keys.valid }, theme: 'dark' }));

  it('opens from the command with one bar per month, values as served, the current month marked', async () => {
    const f = await openChart(wb());
    await wb().page.locator('.tab', { hasText: 'Firecrawl Credit Usage' }).waitFor();
    const bars = f.locator('.bar-hit');
    assert.equal(await bars.count(), 4);
    const labels = await bars.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    labels.forEach((label, i) => assert.match(label, new RegExp(`: ${MONTH_TOTALS[i]} credits used`), label));
    assert.match(labels[3]!, /\(in progress\)/);
    // The 90 days the service counts may begin after the oldest month's start (it depends on today's date): that month is partial too.
    const progress = await f.locator('.month.partial .progress-label').allTextContents();
    assert.equal(progress.at(-1), '(in progress)');
    assert.ok(progress.length <= 2 && progress.slice(0, -1).every((t) => t === '(partial)'), progress.join(' '));
    if (progress.length === 2) assert.match(labels[0]!, /\(partial\)/);
    assert.equal(await f.locator('.month.partial .progress-outline').count(), progress.length);
    // 15,604 at most on a 100,000 plan: the axis fits the data and the plan is a marker above it.
    assert.equal(await f.locator('.plan-off').count(), 1);
    assert.match((await f.locator('.balance').textContent()) ?? '', /62,418 of 100,000 credits remaining/);
    assert.match((await f.locator('.period').textContent()) ?? '', /Billing period Nov 8, 2026 – Dec 8, 2026/);
    // Segment heights follow the values: October (15,604) is taller than the month in progress (5,531).
    const heights = await f.locator('.seg').evaluateAll((els) => els.map((e) => Number(e.getAttribute('height'))));
    assert.equal(heights.length, 4);
    assert.ok(Math.abs(heights[1]! / heights[3]! - 15_604 / 5_531) < 0.01);
    await wb().screenshot('usage-chart-dark');
  });

  it('shows exact numbers on hover and on keyboard focus, and arrow keys move between bars', async () => {
    const f = frame(wb());
    const tooltip = f.locator('.tooltip');
    await hoverUntilShown(wb().page, f.locator('.bar-hit[data-month="1"]'), tooltip, COLUMN_EDGE.position);
    assert.match((await tooltip.textContent()) ?? '', /15,604 credits/);
    await wb().screenshot('usage-chart-hover-dark');

    await f.locator('.bar-hit[tabindex="0"]').focus();
    await wb().page.keyboard.press('ArrowLeft');
    const focused = () => f.locator(':focus').getAttribute('aria-label');
    assert.match((await focused()) ?? '', /15,241 credits used/);
    await wb().page.keyboard.press('Home');
    assert.match((await focused()) ?? '', /11,270 credits used/);
    assert.equal(await f.locator('[tabindex="0"]').count(), 1, 'one tab stop');
    assert.match((await tooltip.textContent()) ?? '', /11,270 credits/);
    await wb().page.keyboard.press('End');
    assert.match((await focused()) ?? '', /in progress/);
  });

  it('per API key: stacked segments and a legend by key name; Up/Down walk the keys', async () => {
    const f = frame(wb());
    await press(wb(), f, 'Per API key');
    await f.locator('.legend li').first().waitFor();
    // Pressed, its name is still its label: the check mark is drawn, not read.
    assert.equal(await f.getByRole('button', { name: 'Per API key', exact: true }).getAttribute('aria-pressed'), 'true');
    assert.deepEqual(await f.locator('.legend .legend-name').allTextContents(), ['Default', 'CI pipeline', 'Research notebook']);
    assert.equal(await f.locator('.seg').count(), 12);
    assert.equal(await f.getByRole('button', { name: 'Per API key' }).getAttribute('aria-pressed'), 'true');
    await f.locator('[data-focus][tabindex="0"]').focus();
    await wb().page.keyboard.press('ArrowUp');
    assert.match((await f.locator(':focus').getAttribute('aria-label')) ?? '', /^Default, .*3,412 credits/);
    await wb().page.keyboard.press('ArrowUp');
    assert.match((await f.locator(':focus').getAttribute('aria-label')) ?? '', /^CI pipeline, .*1,204 credits/);
    await f.locator('.tooltip').waitFor();
    await wb().screenshot('usage-per-key-dark');
  });

  it('the Table toggle shows the same numbers in a real table', async () => {
    const f = frame(wb());
    await press(wb(), f, 'Table');
    const table = f.locator('table.usage-table');
    await table.waitFor();
    assert.deepEqual(await table.locator('thead th').allTextContents(), ['Month', 'Default', 'CI pipeline', 'Research notebook', 'Total']);
    const totals = await table.locator('tbody td.total').allTextContents();
    assert.deepEqual(totals, MONTH_TOTALS);
    assert.match((await table.locator('tbody tr').last().locator('th').textContent()) ?? '', /\(in progress\)/);
    await wb().screenshot('usage-table-dark');
    await press(wb(), f, 'Chart');
    await f.locator('svg.chart').waitFor();
  });

  it('copies CSV through the host and saves it with the save dialog', async () => {
    const f = frame(wb());
    await press(wb(), f, 'Copy as CSV');
    await f.locator('.notice', { hasText: 'Copied 12 rows as CSV.' }).waitFor();
    await press(wb(), f, 'Save as CSV…');
    const input = wb().quickInput().locator('input');
    await input.waitFor({ state: 'visible' });
    // The simple file dialog fills in the folder first and the suggested name a moment later.
    await until('the suggested file name', async () => /firecrawl-credit-usage-by-key-\d{4}-\d{2}-\d{2}\.csv$/.test(await input.inputValue()));
    await wb().screenshot('usage-save-dialog-dark');
    await input.press('Enter');
    await f.locator('.notice', { hasText: /^Saved / }).waitFor();
    const saved = fs.readdirSync(wb().workspace).find((n) => n.startsWith('firecrawl-credit-usage-by-key'));
    assert.ok(saved, 'the CSV is in the workspace folder');
    const csv = fs.readFileSync(path.join(wb().workspace, saved), 'utf8');
    assert.match(csv, /^\uFEFFmonth_start,month_end,in_progress,api_key,credits_used\r\n/);
    assert.equal(csv.trim().split('\r\n').length, 13);
  });

  it('a hostile key name renders as text, never as markup', async () => {
    const f = frame(wb());
    const rows = sandbox.requestCount('creditUsageHistorical');
    sandbox.setHistory([
      { startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-10-31T23:59:59.999Z', creditsUsed: 4_200, apiKey: HOSTILE },
      { startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-10-31T23:59:59.999Z', creditsUsed: 1_000, apiKey: 'Default' },
      { startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 800, apiKey: HOSTILE },
    ]);
    await press(wb(), f, 'Refresh');
    await f.locator('.legend .legend-name', { hasText: HOSTILE }).waitFor();
    assert.ok(sandbox.requestCount('creditUsageHistorical') > rows);
    assert.equal(await f.locator('img').count(), 0);
    assert.equal(await f.locator('[onerror]').count(), 0);
    await f.locator('.seg[data-series="0"]').first().hover();
    assert.match((await f.locator('.tooltip').textContent()) ?? '', /<img src=x onerror=alert\(1\)>/);
    await wb().screenshot('usage-hostile-key-dark');
  });

  it('a 600-character key name and an over-long date are cut on the host, never refused by the page', async () => {
    const f = frame(wb());
    const long = `Team ${'x'.repeat(600)}`;
    sandbox.setHistory([
      { startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-10-31T23:59:59.999Z', creditsUsed: 1_000, apiKey: long },
      { startDate: `2026-11-01T00:00:00.000Z${' '.repeat(90)}`, endDate: null, creditsUsed: 500, apiKey: 'Default' },
    ]);
    await press(wb(), f, 'Refresh');
    const name = f.locator('.legend .legend-name', { hasText: /^Team x+…$/ });
    await name.waitFor({ timeout: 20_000 });
    assert.equal(((await name.textContent()) ?? '').length, 200);
    assert.equal(await f.locator('.status', { hasText: 'Loading' }).count(), 0);
    // Its tooltip cuts the name to stay inside the chart; the number stays whole.
    await f.locator('.seg[data-series="0"]').first().hover();
    const tooltip = f.locator('.tooltip');
    await tooltip.waitFor();
    const box = await tooltip.evaluate((g) => {
      const tip = g.getBoundingClientRect();
      const chart = g.closest('svg')!.getBoundingClientRect();
      return { left: tip.left - chart.left, right: tip.right - chart.left, width: chart.width };
    });
    assert.ok(box.left >= 0 && box.right <= box.width + 0.5, `tooltip from ${box.left} to ${box.right} in a chart ${box.width} wide`);
    assert.match((await tooltip.textContent()) ?? '', /Team x+….*1,000/);
    await wb().screenshot('usage-long-key-name-dark');
  });

  it('a state the page cannot read is said on the page and in the log, not "Loading…" forever', async () => {
    const f = frame(wb());
    // As if a host of another version sent it: the page's own message channel, a shape it refuses.
    await f.locator('body').evaluate(() => window.postMessage({ type: 'state', state: { byApiKey: 'yes' } }, '*'));
    const status = f.locator('.status.error', { hasText: 'This panel could not read the usage data it was sent.' });
    await status.waitFor({ timeout: 10_000 });
    assert.equal(await f.getByRole('button', { name: 'Show Logs' }).isVisible(), true);
    await wb().screenshot('usage-refused-state-dark');
    await press(wb(), f, 'Show Logs');
    // The output view wraps long lines: compare with white space folded.
    await until('the refusal in the Firecrawl log', async () =>
      /\[usage\] The usage page could not use what it was sent \(state: byApiKey, locale, now or loading\)/.test((await wb().outputText()).replace(/\s+/g, ' ')),
    );
    await press(wb(), f, 'Refresh');
    await f.locator('svg.chart').waitFor({ timeout: 20_000 });
    assert.equal(await status.count(), 0, 'the next good state replaces the error');
  });

  it('a balance without a plan: the header shows it alone, and no plan line is drawn', async () => {
    const f = frame(wb());
    sandbox.setCredits({ remainingCredits: 4_321 });
    try {
      await press(wb(), f, 'Refresh');
      await f.locator('.balance', { hasText: /^4,321 credits remaining$/ }).waitFor({ timeout: 20_000 });
      assert.equal(await f.locator('.period').isVisible(), false);
      assert.equal(await f.locator('.plan-line').count(), 0);
      await wb().screenshot('usage-no-plan-dark');
    } finally {
      sandbox.setCredits(CREDITS);
    }
    await press(wb(), f, 'Refresh');
    await f.locator('.balance', { hasText: /62,418 of 100,000/ }).waitFor({ timeout: 20_000 });
  });

  it('says plainly when there is no usage, when offline (keeping the data), and when the key is rejected', async () => {
    const f = frame(wb());
    sandbox.setHistory([]);
    await press(wb(), f, 'Refresh');
    await f.locator('.empty', { hasText: 'No credit usage in the last 90 days.' }).waitFor();
    assert.equal(await f.locator('svg.chart').count(), 0);
    await wb().screenshot('usage-empty-dark');

    const thisMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)).toISOString();
    sandbox.setHistory([{ startDate: thisMonth, endDate: null, creditsUsed: 321, apiKey: 'Default' }]);
    await press(wb(), f, 'Refresh');
    await f.locator('.bar-hit').first().waitFor();
    sandbox.fault({ route: 'creditUsageHistorical', kind: 'connectionReset', times: 10 });
    await press(wb(), f, 'Refresh');
    await f.locator('.status.warning', { hasText: /Could not refresh: .*Showing the data loaded just now/ }).waitFor({ timeout: 20_000 });
    assert.equal(await f.locator('.bar-hit').count(), 1, 'the last data stays');
    await wb().screenshot('usage-offline-dark');
    sandbox.clearFaults();

    sandbox.fault({ route: 'creditUsageHistorical', kind: 'status', status: 401, times: 5 });
    await press(wb(), f, 'Refresh');
    await f.locator('.status.error', { hasText: 'Firecrawl rejected the API key' }).waitFor({ timeout: 20_000 });
    assert.equal(await f.getByRole('button', { name: 'Set API Key' }).isVisible(), true);
    sandbox.clearFaults();
  });

  it('on a self-hosted server says usage history is not available there', async () => {
    const f = frame(wb());
    sandbox.selfHosted = true;
    try {
      await press(wb(), f, 'Refresh');
      await f.locator('.status', { hasText: 'Usage history is not available on this server' }).waitFor({ timeout: 20_000 });
      assert.equal(await f.locator('svg.chart').count(), 0);
      await wb().screenshot('usage-self-hosted-dark');
    } finally {
      sandbox.selfHosted = false;
    }
    await press(wb(), f, 'Refresh');
    await f.locator('svg.chart').waitFor({ timeout: 20_000 });
  });

  it('restores after a window reload with the same breakdown', async () => {
    const before = sandbox.requestCount('creditUsageHistorical');
    // Through the workbench's own reload, which saves editor and webview state first; a bare
    // browser refresh skips that shutdown and may bring back an older saved state.
    const page = wb().page;
    const origin = await page.evaluate(() => performance.timeOrigin);
    const reloaded = page.waitForEvent('framenavigated', { predicate: (f) => f === page.mainFrame(), timeout: 30_000 });
    await wb().runCommand('Developer: Reload Window');
    await reloaded;
    await page.waitForLoadState('load');
    assert.notEqual(await page.evaluate(() => performance.timeOrigin), origin, 'a new page load');
    await wb().page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const f = frame(wb());
    await f.locator('svg.chart').waitFor({ timeout: 30_000 });
    assert.equal(await f.getByRole('button', { name: 'Per API key' }).getAttribute('aria-pressed'), 'true');
    assert.ok((await f.locator('.legend li').count()) >= 1);
    assert.ok(sandbox.requestCount('creditUsageHistorical') >= before);
  });

  it('opens from the status bar item after the panel was closed', async () => {
    await wb().page.locator('.tab', { hasText: 'Firecrawl Credit Usage' }).locator('.codicon-close').click();
    await wb().page.locator('.tab', { hasText: 'Firecrawl Credit Usage' }).waitFor({ state: 'detached' });
    await wb().statusBarItem('62,418').click();
    await frame(wb()).locator('svg.chart').waitFor({ timeout: 20_000 });
  });
});

describe('credit usage chart (light theme)', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
    sandbox.setCredits(CREDITS);
  });
  after(async () => {
    await sandbox?.close();
  });
  const wb = useWorkbench(() => ({ settings: { 'firecrawl.apiUrl': sandbox.url }, env: { FIRECRAWL_API_KEY: sandbox.keys.valid }, theme: 'light' }));

  it('renders the total and per-key views with theme colours', async () => {
    const f = await openChart(wb());
    assert.equal(await f.locator('.bar-hit').count(), 4);
    await hoverUntilShown(wb().page, f.locator('.bar-hit[data-month="2"]'), f.locator('.tooltip'), COLUMN_EDGE.position);
    await wb().screenshot('usage-chart-light');
    await press(wb(), f, 'Per API key');
    await f.locator('.legend li').nth(2).waitFor();
    const fill = await f
      .locator('.seg.c0')
      .first()
      .evaluate((e) => getComputedStyle(e).fill);
    assert.equal(fill, 'rgb(0, 103, 165)', 'series 1 uses the contributed light-theme colour');
    await wb().screenshot('usage-per-key-light');
    await press(wb(), f, 'Table');
    await f.locator('table.usage-table').waitFor();
    await wb().screenshot('usage-table-light');
    await press(wb(), f, 'Chart');
  });

  it('draws 36 months × 50 keys: every segment, thinned month labels, patterns past 8 colours', async () => {
    const rows = [];
    // 36 months ending with this one (the month in progress is today's).
    const now = new Date();
    const monthStart = (m: number) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 35 + m, 1);
    for (let m = 0; m < 36; m += 1) {
      const start = new Date(monthStart(m)).toISOString();
      const end = m === 35 ? null : new Date(monthStart(m + 1) - 1).toISOString();
      for (let k = 0; k < 50; k += 1) rows.push({ startDate: start, endDate: end, creditsUsed: 40 + ((k * 37 + m * 53) % 300) + (50 - k) * 6, apiKey: `key-${String(k + 1).padStart(2, '0')}` });
    }
    sandbox.setHistory(rows);
    const f = frame(wb());
    const started = Date.now();
    await press(wb(), f, 'Refresh');
    await until('1800 segments', async () => (await f.locator('svg.chart .seg').count()) === 1800, 20_000);
    const elapsed = Date.now() - started;
    assert.equal(await f.locator('.bar-hit').count(), 36);
    assert.equal(await f.locator('.legend li').count(), 50);
    assert.ok((await f.locator('.pat').count()) > 0, 'keys 9+ carry a pattern');
    const labels = await f.locator('.month-label').count();
    assert.ok(labels < 36 && labels >= 6, `${labels} month labels`);
    await hoverUntilShown(wb().page, f.locator('.bar-hit[data-month="20"]'), f.locator('.tooltip'), COLUMN_EDGE.position);
    assert.match((await f.locator('.tooltip').textContent()) ?? '', /more keys/);
    await wb().screenshot('usage-36x50-light');
    console.log(`[usage] 36×50 refresh to drawn: ${elapsed} ms`);

    // The same in a panel about 300 px wide: nothing scrolls sideways, the axis and legend fit.
    await wb().runCommand('View: Close Primary Side Bar');
    await wb().page.setViewportSize({ width: 348, height: 800 });
    await until('the chart redrawn to the narrow panel', async () =>
      f.locator('body').evaluate(() => {
        const svg = document.querySelector('svg.chart');
        return !!svg && document.documentElement.clientWidth <= 310 && Number(svg.getAttribute('width')) <= document.querySelector('.chart-box')!.clientWidth;
      }),
    );
    const sizes = await f.locator('body').evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(sizes.scroll <= sizes.client, `page ${sizes.scroll} px wide in a panel of ${sizes.client} px`);
    await f.locator('[data-focus][tabindex="0"]').focus();
    await wb().page.keyboard.press('ArrowUp');
    await f.locator('.tooltip').waitFor();
    await wb().screenshot('usage-36x50-narrow-light');
  });

  it('in the narrow panel a long key name in the legend is cut, and hovering it shows the whole name', async () => {
    const f = frame(wb());
    const long = 'Research notebook for the quarterly pricing comparison of scraping APIs';
    sandbox.setHistory([
      { startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-10-31T23:59:59.999Z', creditsUsed: 3_000, apiKey: long },
      { startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-10-31T23:59:59.999Z', creditsUsed: 1_000, apiKey: 'Default' },
    ]);
    await press(wb(), f, 'Refresh');
    const name = f.locator('.legend .legend-name', { hasText: long });
    await name.waitFor({ timeout: 20_000 });
    const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth);
    assert.ok(cut, 'the panel cuts the name');
    assert.equal(await name.getAttribute('title'), long, 'its hover text is the whole name');
    await name.hover();
    await wb().screenshot('usage-legend-long-name-narrow-light');
  });
});
