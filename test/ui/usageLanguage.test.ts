// The usage page in another language, in a real browser: the page's real HTML shell (its CSP, and the
// language as the host hands it over) with the page's real bundle, given a small German translation.
// It must speak German from its first paint, format numbers and dates the German way, keep a
// translation as text however it reads, and fall back to English (telling the host) when the
// language it is handed cannot be used. No workbench: the host side is checked by the integration
// tests (test/integration/usage.test.ts), the page's side here.
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { boundLanguage, type PageLanguage, type PanelState } from '../../src/features/usage/protocol';
import { pageShell } from '../../src/features/usage/ui/pageShell';

const root = path.join(__dirname, '..', '..', '..');
const HOSTILE = '</script><img src=x onerror=alert(1)>';
const GERMAN = {
  'Firecrawl credit usage': 'Firecrawl-Creditverbrauch',
  'Months/button: show credit usage per calendar month': 'Monate',
  'Total/button: the credits of all API keys together, not per key': 'Gesamt',
  'Per API key': 'Pro API-Schlüssel',
  'Refresh/button: load the usage again': 'Aktualisieren',
  'Copy as CSV': HOSTILE,
  'Loading usage history…': 'Nutzungsverlauf wird geladen…',
  '{0} of {1} credits remaining': '{0} von {1} Credits übrig',
  'Billing period {0} – {1}': 'Abrechnungszeitraum {0} – {1}',
  'Credits used per month, {0} months, oldest to newest.': 'Verbrauchte Credits pro Monat, {0} Monate, vom ältesten zum neuesten.',
  'Plan {0}': 'Tarif {0}',
  '(in progress)': '(läuft)',
};
const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const STATE: PanelState = {
  range: 'months',
  byApiKey: false,
  locale: 'de',
  now: NOW,
  loading: false,
  credits: { remainingCredits: 62_418, planCredits: 100_000, billingPeriodStart: '2026-11-08T00:00:00.000Z', billingPeriodEnd: '2026-12-08T00:00:00.000Z', fetchedAt: NOW, stale: false },
  history: {
    fetchedAt: NOW - 5 * 60_000,
    periods: [
      { startDate: '2026-09-01T00:00:00.000Z', endDate: '2026-09-30T23:59:59.999Z', creditsUsed: 80_000 },
      { startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-10-31T23:59:59.999Z', creditsUsed: 90_000 },
      { startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 43_210 },
    ],
  },
};

interface CodeServerModule {
  launchBrowser(options: { runDir: string }): Promise<Browser>;
  makeRunDir(prefix?: string): string;
  screenshotDir(root?: string): string;
}

describe('the usage page in the language the host hands it', () => {
  let cs: CodeServerModule;
  let runDir: string;
  let browser: Browser;

  before(async () => {
    cs = (await import(pathToFileURL(path.join(root, 'scripts', 'vscode', 'codeserver.mjs')).href)) as CodeServerModule;
    runDir = cs.makeRunDir('firecrawl-usage-language-');
    browser = await cs.launchBrowser({ runDir });
  });
  after(async () => {
    await browser?.close();
    if (runDir) fs.rmSync(runDir, { recursive: true, force: true });
  });

  /** Loads the page as a webview would: the real shell, a stand-in for acquireVsCodeApi that records what the page posts. */
  async function openPage(name: string, language: PageLanguage | string): Promise<{ page: Page; errors: string[] }> {
    const nonce = 'a'.repeat(32);
    let html = pageShell({
      cspSource: 'file:',
      scriptUri: pathToFileURL(path.join(root, 'dist', 'webview', 'usage.js')).href,
      styleUri: pathToFileURL(path.join(root, 'media', 'usage.css')).href,
      nonce,
      title: 'Firecrawl-Creditverbrauch',
      language: typeof language === 'string' ? { locale: 'de' } : language,
    });
    // A language the page must refuse, put in as a broken host would.
    if (typeof language === 'string') html = html.replace(/(id="page-language"[^>]*>)[^<]*/, `$1${language}`);
    const stub = `<script nonce="${nonce}">window.posted = []; window.acquireVsCodeApi = () => ({ postMessage: (m) => window.posted.push(m), getState: () => undefined, setState: () => {} });</script>`;
    html = html.replace(`<script nonce="${nonce}" src=`, `${stub}\n<script nonce="${nonce}" src=`);
    const file = path.join(runDir, `${name}.html`);
    fs.writeFileSync(file, html);
    const page = await browser.newPage({ viewport: { width: 900, height: 640 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('dialog', (dialog) => {
      errors.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.goto(pathToFileURL(file).href);
    await page.locator('main.usage').waitFor();
    return { page, errors };
  }

  it('speaks German from its first paint, and formats the data the German way', async () => {
    const { page, errors } = await openPage('german', boundLanguage('de', GERMAN));
    assert.equal(await page.locator('html').getAttribute('lang'), 'de');
    assert.equal(await page.locator('h1').textContent(), 'Firecrawl-Creditverbrauch');
    // Before the host answers, the page says it is loading, in German.
    assert.equal(await page.locator('.status-text').textContent(), 'Nutzungsverlauf wird geladen…');

    await page.evaluate((state) => window.postMessage({ type: 'state', state }, '*'), STATE);
    await page.locator('svg.chart').waitFor();
    assert.equal(await page.locator('.balance').textContent(), '62.418 von 100.000 Credits übrig');
    assert.equal(await page.locator('.period').textContent(), 'Abrechnungszeitraum 8. Nov. 2026 – 8. Dez. 2026');
    const buttons = await page.locator('button:visible').allTextContents();
    assert.deepEqual(buttons.slice(0, 6), ['Monate', '30 days', '7 days', '24 hours', 'Gesamt', 'Pro API-Schlüssel'], 'untranslated messages stay English');
    assert.ok(buttons.includes('Aktualisieren'));
    assert.equal(await page.locator('svg.chart').getAttribute('aria-label'), 'Verbrauchte Credits pro Monat, 3 Monate, vom ältesten zum neuesten. Arrow keys move between bars.');
    // German month names (the browser's ICU decides on the abbreviation's dot).
    const months = await page.locator('.month-label').allTextContents();
    assert.equal(months.length, 3);
    assert.match(months.join(' '), /^Sept\. 2026 Okt\.? Nov\.?$/);
    assert.deepEqual(await page.locator('.progress-label').allTextContents(), ['(läuft)']);
    assert.ok((await page.locator('.tick-label').allTextContents()).includes('100.000'));

    // A translation is text wherever it lands, even one that reads like markup.
    assert.equal(await page.getByRole('button', { name: HOSTILE, exact: true }).count(), 1);
    assert.equal(await page.locator('img').count(), 0);
    assert.deepEqual(errors, []);
    assert.deepEqual(await page.evaluate(() => (window as unknown as { posted: unknown[] }).posted), [{ type: 'ready' }], 'nothing refused');
    await page.screenshot({ path: path.join(cs.screenshotDir(root), 'usage-page-german.png') });
    await page.close();
  });

  it('a language it cannot use: English words, and the host is told why', async () => {
    const { page, errors } = await openPage('refused', JSON.stringify({ locale: 'de', messages: { 'Per API key': 42 } }));
    assert.equal(await page.locator('h1').textContent(), 'Firecrawl credit usage');
    assert.equal(await page.locator('.status-text').textContent(), 'Loading usage history…');
    const posted = await page.evaluate(() => (window as unknown as { posted: Array<{ type: string; reason?: string }> }).posted);
    assert.deepEqual(posted[0], { type: 'rejected', reason: 'language: messages["Per API key"]' });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
