// The usage panel's ranges and the spike alert in a real workbench, against the sandbox's demo team:
// Months / 30 days / 7 days / 24 hours with daily and hourly bars (partial ones marked), Per API key
// only for months and saying why, the axis fitted to the data with the plan as a marker or line, the
// table, CSV and keyboard in every range; the spike notification with its buttons and the status bar's
// warning colour, and Show Usage opening the last 24 hours. Screenshots in dark, light and high contrast.
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { hoverUntilShown, useWorkbench, type Workbench, type WorkbenchOptions } from './workbench';

type Theme = NonNullable<WorkbenchOptions['theme']>;
const RANGES = [
  { button: '30 days', range: 'last30d', slug: '30d', bars: 31, unit: 'day' },
  { button: '7 days', range: 'last7d', slug: '7d', bars: 8, unit: 'day' },
  { button: '24 hours', range: 'last24h', slug: '24h', bars: 25, unit: 'hour' },
] as const;

async function openPanel(wb: Workbench): Promise<FrameLocator> {
  await wb.runCommand('Firecrawl: Show Credit Usage History');
  const f = wb.webviewFrame();
  await f.locator('svg.chart').waitFor({ state: 'visible', timeout: 20_000 });
  return f;
}

async function press(f: FrameLocator, name: string): Promise<void> {
  await f.getByRole('button', { name, exact: true }).click();
}

/** A pressed toggle's name starts with its check mark, so toggles are found by what they stand for. */
function rangeButton(f: FrameLocator, range: string) {
  return f.locator(`button[data-range="${range}"]`);
}

/** Bars are centred in their column: its left edge is empty, so the pointer lands on the column itself. */
const EDGE = { position: { x: 2, y: 120 } };

/** Switches range and waits for its bars (a state for the range, drawn). */
async function showRange(f: FrameLocator, button: string, bars: number): Promise<void> {
  await press(f, button);
  await f
    .locator('.bar-hit')
    .nth(bars - 1)
    .waitFor({ timeout: 20_000 });
  await f.locator(`.bar-hit >> nth=${bars}`).waitFor({ state: 'detached', timeout: 5_000 });
}

function sandboxWorkbench(theme: Theme, get: () => Sandbox) {
  // A spike ends on a look that finds the last hour below half a spike: at the default minimum (100) the
  // demo team's busiest hours reach that, and one spike would last into the next test's.
  return useWorkbench(() => ({ settings: { 'firecrawl.apiUrl': get().url, 'firecrawl.credits.spikeMinimumCredits': 400 }, env: { FIRECRAWL_API_KEY: get().keys.valid }, theme }));
}

describe('usage ranges and the spike alert (dark theme)', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox?.close();
  });
  const wb = sandboxWorkbench('dark', () => sandbox);

  it('each range draws its bars with the partial ones marked; the axis fits the data and the plan is a marker', async () => {
    const f = await openPanel(wb());
    // Months: 15,604 at most on a 100,000 plan: the plan is far above, so a marker, not slivers.
    assert.equal(await f.locator('.plan-off').count(), 1);
    assert.equal(await f.locator('.plan-line').count(), 0);
    assert.match((await f.locator('.plan-off .plan-label').textContent()) ?? '', /^Plan 100,000 \(above the chart\)$/);
    assert.equal(await rangeButton(f, 'months').getAttribute('aria-pressed'), 'true');
    await wb().screenshot('burn-range-months-dark');
    for (const range of RANGES) {
      await showRange(f, range.button, range.bars);
      assert.equal(await rangeButton(f, range.range).getAttribute('aria-pressed'), 'true');
      assert.equal(await f.locator('.month.partial').count(), 2, `${range.button}: the first and last bins are partial`);
      assert.equal(await f.locator('.month.partial .progress-outline').count(), 2);
      const labels = await f.locator('.bar-hit').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      assert.match(labels.at(-1)!, /\(in progress\): [\d,]+ credits? used\./);
      assert.match(labels[0]!, /\(partial\): [\d,]+ credits? used\./);
      assert.match((await f.locator('svg.chart').getAttribute('aria-label')) ?? '', new RegExp(`^Credits used per ${range.unit}, ${range.bars} ${range.unit}s, oldest to newest\\.`));
      // Per API key exists only for months, and the page says why.
      assert.equal(await f.getByRole('button', { name: 'Per API key' }).isDisabled(), true);
      assert.equal(await f.locator('.range-note').textContent(), 'Per API key is available for Months only: Firecrawl reports days and hours for the whole team.');
      await wb().screenshot(`burn-range-${range.slug}-dark`);
    }
    await press(f, 'Months');
    await f.locator('.bar-hit').nth(3).waitFor();
    assert.equal(await f.getByRole('button', { name: 'Per API key' }).isDisabled(), false);
    assert.equal(await f.locator('.range-note').isVisible(), false);
  });

  it('a range the host chose crossing a click on another: both settle on one range, never "Loading…"', async () => {
    const f = wb().webviewFrame();
    // The click's setRange is on its way to the host when the host's own choice, sent before it saw the click, arrives.
    await press(f, '7 days');
    await f.locator('body').evaluate(() => window.postMessage({ type: 'range', range: 'last24h' }, '*'));
    await f.locator('.bar-hit').nth(24).waitFor({ timeout: 20_000 });
    assert.equal(await rangeButton(f, 'last24h').getAttribute('aria-pressed'), 'true');
    await showRange(f, 'Months', 4);
  });

  it('keyboard, hover, table and CSV work in a range of bins', async () => {
    const f = wb().webviewFrame();
    await showRange(f, '24 hours', 25);
    await f.locator('.bar-hit[tabindex="0"]').focus();
    const focused = () => f.locator(':focus').getAttribute('aria-label');
    assert.match((await focused()) ?? '', /\(in progress\)/);
    await wb().page.keyboard.press('Home');
    assert.match((await focused()) ?? '', /\(partial\)/);
    await wb().page.keyboard.press('ArrowRight');
    assert.doesNotMatch((await focused()) ?? '', /partial|in progress/);
    await f.locator('.tooltip').waitFor();
    await hoverUntilShown(wb().page, f.locator('.bar-hit[data-month="12"]'), f.locator('.tooltip'), EDGE.position);
    assert.match((await f.locator('.tooltip').textContent()) ?? '', /[\d,]+ credits?/);
    await wb().screenshot('burn-24h-hover-dark');

    await press(f, 'Table');
    const table = f.locator('table.usage-table');
    await table.waitFor();
    assert.deepEqual(await table.locator('thead th').allTextContents(), ['Hour', 'Credits used']);
    assert.equal(await table.locator('tbody tr').count(), 25);
    assert.deepEqual(await table.locator('.progress-tag').allTextContents(), ['(partial)', '(in progress)']);
    assert.match((await table.locator('tfoot').textContent()) ?? '', /All hours/);
    await wb().screenshot('burn-24h-table-dark');
    await press(f, 'Copy as CSV');
    await f.locator('.notice', { hasText: 'Copied 25 rows as CSV.' }).waitFor();
    const csv = await wb().page.evaluate(() => navigator.clipboard.readText());
    assert.match(csv, /^bin_start,bin_end,partial,credits_used\r\n/);
    assert.equal(csv.trim().split('\r\n').length, 26);
    await press(f, 'Chart');
    await f.locator('svg.chart').waitFor();
  });

  it('a spike that started before a reload is alerted within one poll of the start', async () => {
    // As seen in a real workbench: every range opened first, then a burst in the current hour, then a reload.
    const f = wb().webviewFrame();
    for (const range of RANGES) await showRange(f, range.button, range.bars);
    sandbox.startSpike(2_400);
    const page = wb().page;
    const origin = await page.evaluate(() => performance.timeOrigin);
    const reloaded = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame(), timeout: 30_000 });
    const hourlyBefore = sandbox.requests().filter((r) => r.route === 'creditUsageHistorical' && /timeRange=day/.test(r.query)).length;
    await wb().runCommand('Developer: Reload Window');
    await reloaded;
    await page.waitForLoadState('load');
    assert.notEqual(await page.evaluate(() => performance.timeOrigin), origin, 'a new page load');
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const toast = wb().notification(/Firecrawl credits are draining fast/);
    await toast.waitFor({ timeout: 45_000 });
    const hourly = sandbox.requests().filter((r) => r.route === 'creditUsageHistorical' && /timeRange=day/.test(r.query)).length - hourlyBefore;
    assert.equal(hourly, 1, 'one poll of the hours after the start');
    // It quotes the balance after the burst, not the one the window had before the reload.
    const balance = sandbox.getCredits()!.remainingCredits.toLocaleString('en-US');
    assert.match((await toast.textContent()) ?? '', new RegExp(`the remaining ${balance} credits run out`));
    // The panel comes back too, with the burst in its last bar.
    await wb().webviewFrame().locator('svg.chart').waitFor({ state: 'visible', timeout: 30_000 });
    await wb().screenshot('burn-spike-after-reload-dark');
    await toast
      .locator('.codicon-notifications-clear, .codicon-close')
      .first()
      .click()
      .catch(() => undefined);
    // The spike ends (a look that finds none), so the next one is a spike of its own.
    sandbox.clearSpike();
    await wb().runCommand('Firecrawl: Refresh Credits');
    await wb().statusBarEntry('firecrawl.credits').locator('.codicon-pulse').waitFor({ state: 'detached', timeout: 20_000 });
  });

  it("a spike: one notification with Show Usage, Mute for Today and Don't Show Again, the status bar in the warning colour", async () => {
    const f = wb().webviewFrame();
    // The usual rate comes from the week's bins: the 7 days range loads them (the poll would, 15 minutes in).
    await showRange(f, '7 days', 8);
    sandbox.startSpike(1_200);
    await wb().runCommand('Firecrawl: Refresh Credits');
    const toast = wb().notification(/Firecrawl credits are draining fast/);
    await toast.waitFor({ timeout: 20_000 });
    const text = (await toast.textContent()) ?? '';
    assert.match(text, /[\d,]+ credits used in the last hour, [\d.,]+× the usual rate of the last 7 days \([\d.,]+ an hour\)\./);
    for (const label of ['Show Usage', 'Mute for Today', "Don't Show Again"]) assert.equal(await toast.getByRole('button', { name: label }).count(), 1, label);
    const item = wb().statusBarEntry('firecrawl.credits');
    await item.locator('.codicon-pulse').waitFor({ timeout: 10_000 });
    assert.match((await item.getAttribute('class')) ?? '', /warning-kind/);
    await wb().screenshot('burn-spike-alert-dark');

    await toast.getByRole('button', { name: 'Show Usage' }).click();
    await f.locator('.bar-hit').nth(24).waitFor({ timeout: 20_000 });
    assert.equal(await rangeButton(f, 'last24h').getAttribute('aria-pressed'), 'true');
    assert.equal(await f.locator('.bar-hit').count(), 25);
    await wb().screenshot('burn-spike-24h-dark');

    // The spike lasts: another look finds it again, and says nothing again.
    const hoursAsked = () => sandbox.requests().filter((r) => r.route === 'creditUsageHistorical' && /timeRange=day/.test(r.query)).length;
    const looked = hoursAsked();
    await wb().runCommand('Firecrawl: Refresh Credits');
    for (const deadline = Date.now() + 20_000; hoursAsked() === looked;) {
      if (Date.now() > deadline) throw new Error('Refresh Credits did not read the hours again');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // No state says "decided not to alert": an alert would follow the answer by one message to the workbench, well within this.
    await wb().page.waitForTimeout(1_000);
    assert.equal(
      await wb()
        .notification(/draining fast/)
        .count(),
      0,
      'one alert per spike',
    );
    assert.match((await item.getAttribute('class')) ?? '', /warning-kind/);

    await item.hover();
    const hover = wb().page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'Last 24 h' });
    await hover.first().waitFor({ state: 'visible', timeout: 10_000 });
    const tip = await hover.first().innerText();
    assert.match(tip, /Last 24 h: [\d,]+ credits/);
    assert.match(tip, /[▁▂▃▄▅▆▇█]{20,} hourly, oldest first/);
    assert.match(tip, /Spike: [\d,]+ credits in the last hour/);
    await wb().screenshot('burn-tooltip-spike-dark');
    await wb().page.mouse.move(640, 300);
    sandbox.clearSpike();
  });

  it('Mute for Today: the palette offers Turn Credit Spike Alerts Back On while muted, which ends the mute', async () => {
    // The last spike ends first (a look that finds none), so this one is a spike of its own.
    await wb().runCommand('Firecrawl: Refresh Credits');
    const item = wb().statusBarEntry('firecrawl.credits');
    await item.locator('.codicon-pulse').waitFor({ state: 'detached', timeout: 20_000 });
    sandbox.startSpike(1_200);
    await wb().runCommand('Firecrawl: Refresh Credits');
    const toast = wb().notification(/Firecrawl credits are draining fast/);
    await toast.waitFor({ timeout: 20_000 });
    await toast.getByRole('button', { name: 'Mute for Today' }).click();
    // While muted the palette offers the way back and no way to mute. It is computed when it opens:
    // reopen it until the context key the click sets has arrived.
    const turnOn = wb().quickInputRows().filter({ hasText: 'Firecrawl: Turn Credit Spike Alerts Back On' });
    await wb().showInPalette('>Firecrawl: spike', turnOn);
    assert.equal(await wb().quickInputRows().filter({ hasText: /mute/i }).count(), 0);
    await wb().screenshot('burn-palette-spike-muted');
    await wb().page.keyboard.press('Escape');
    await wb().runCommand('Firecrawl: Turn Credit Spike Alerts Back On');
    await wb()
      .notification(/Credit spike alerts are back on/)
      .waitFor({ timeout: 20_000 });
    sandbox.clearSpike();
    await wb().runCommand('Firecrawl: Refresh Credits');
    await item.locator('.codicon-pulse').waitFor({ state: 'detached', timeout: 20_000 });
  });

  it('the Settings editor shows the spike settings in order, each naming the others and the way back', async () => {
    await wb().runCommand('Preferences: Open User Settings');
    const search = wb().page.locator('.settings-editor .suggest-input-container textarea, .settings-editor .search-container input').first();
    await search.waitFor({ timeout: 20_000 });
    await search.fill('firecrawl.credits.spike');
    const items = wb().page.locator('.settings-editor .setting-item-contents');
    await items.filter({ hasText: 'Spike Alerts' }).first().waitFor({ timeout: 20_000 });
    await items.filter({ hasText: 'Spike Minimum Credits' }).first().waitFor({ timeout: 20_000 });
    const titles = await wb().page.locator('.settings-editor .setting-item-contents .setting-item-label').allInnerTexts();
    assert.deepEqual(titles, ['Spike Multiplier', 'Spike Minimum Credits', 'Spike Alerts'], titles.join(' | '));
    const alerts = await items.filter({ hasText: 'Spike Alerts' }).first().innerText();
    assert.match(alerts, /Show a notification when the team's credit usage spikes/);
    assert.match(alerts, /Firecrawl: Turn Credit Spike Alerts Back On/);
    const multiplier = await items.filter({ hasText: 'Spike Multiplier' }).first().innerText();
    assert.match(multiplier, /Firecrawl › Credits: Spike Minimum Credits/, 'a setting link reads as the other setting');
    await wb().screenshot('burn-spike-settings-dark');
  });
});

for (const theme of ['light', 'highContrast'] as const) {
  describe(`usage ranges (${theme === 'light' ? 'light' : 'high contrast'} theme)`, () => {
    let sandbox: Sandbox;
    before(async () => {
      sandbox = await startSandbox();
    });
    after(async () => {
      await sandbox?.close();
    });
    const wb = sandboxWorkbench(theme, () => sandbox);

    it('each range, in the chart and a table', async () => {
      const f = await openPanel(wb());
      await wb().screenshot(`burn-range-months-${theme}`);
      for (const range of RANGES) {
        await showRange(f, range.button, range.bars);
        await hoverUntilShown(wb().page, f.locator('.bar-hit').nth(range.bars - 2), f.locator('.tooltip'), EDGE.position);
        await wb().screenshot(`burn-range-${range.slug}-${theme}`);
      }
      // Colours come from the theme: in high contrast every bar is outlined.
      if (theme === 'highContrast') {
        const stroke = await f
          .locator('.seg')
          .first()
          .evaluate((e) => getComputedStyle(e).strokeWidth);
        assert.equal(stroke, '1px');
      }
      await press(f, 'Table');
      await f.locator('table.usage-table').waitFor();
      assert.equal(await f.locator('table.usage-table tbody tr').count(), 25);
      await wb().screenshot(`burn-24h-table-${theme}`);
      await press(f, 'Chart');
    });
  });
}
