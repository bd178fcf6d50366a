// The extension in Japanese and in German, in a real workbench: the view, the status bar tooltip,
// the usage panel and the feedback wizard speak the translations that ship (l10n/, package.nls.*),
// with numbers in the language's style. The screenshots are for looking at clipped or overflowing
// text, which only a person can judge.
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { useWorkbench } from './workbench';

const root = path.resolve(__dirname, '..', '..', '..');
type Bundle = Record<string, string | { message: string }>;
const readJson = (...parts: string[]): Bundle => JSON.parse(fs.readFileSync(path.join(root, ...parts), 'utf8')) as Bundle;

function translator(locale: string) {
  const bundle = readJson('l10n', `bundle.l10n.${locale}.json`);
  const manifest = readJson(`package.nls.${locale}.json`);
  const text = (value: Bundle[string] | undefined): string | undefined => (typeof value === 'string' ? value : value?.message);
  return {
    /** The shipped translation of an English message, placeholders filled. */
    t(message: string, ...args: Array<string | number>): string {
      const translated = text(bundle[message]);
      assert.ok(translated, `no ${locale} translation for "${message}"`);
      return translated.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)]));
    },
    /** The shipped translation of a manifest string. */
    manifest(key: string): string {
      const translated = text(manifest[key]);
      assert.ok(translated, `no ${locale} translation for %${key}%`);
      return translated;
    },
  };
}

for (const locale of ['ja', 'de']) {
  describe(`in ${locale === 'ja' ? 'Japanese' : 'German'}`, () => {
    const words = translator(locale);
    let sandbox: Sandbox;
    before(async () => {
      sandbox = await startSandbox();
    });
    after(async () => {
      await sandbox?.close();
    });
    const wb = useWorkbench(() => ({
      locale,
      viewport: { width: 1280, height: 860 },
      // No Recent group: its row would be the first before the tracked job's.
      settings: { 'firecrawl.apiUrl': sandbox.url, 'firecrawl.research.showRecent': false },
      env: { FIRECRAWL_API_KEY: sandbox.keys.valid },
    }));

    it("the Research view: its name, a job's rows and its counts", async () => {
      await wb().statusBarEntry('firecrawl.credits').filter({ hasText: /\d/ }).first().waitFor({ timeout: 30_000 });
      await wb().openViewContainer(words.manifest('viewsContainer.firecrawl.title'));
      await wb().runCommand(`Firecrawl: ${words.manifest('command.trackJob.title')}`);
      await wb().submitQuickInput(sandbox.demoJobs.completed);
      const rows = wb().treeRows(words.manifest('view.researchJobs.name'));
      await rows.first().waitFor({ state: 'visible', timeout: 20_000 });
      // The row reads "checking…" until the job's first answer: wait for the answer's words, not for time.
      const expected = words.t('{0} URLs', '6');
      await rows
        .first()
        .locator('.label-description')
        .filter({ hasText: expected })
        .waitFor({ timeout: 30_000 })
        .catch(() => undefined);
      const description = await rows.first().locator('.label-description').innerText();
      // The analysis has six sources; the count is said the language's way.
      assert.ok(description.includes(words.t('{0} URLs', '6')), `the row says: ${description}`);
      await wb().page.mouse.move(900, 600);
      await wb().screenshot(`lang-${locale}-research`);
      // A step's kind and status are the service's words ("search", "complete"), said in the reader's language.
      // The hover waits for the step's own tooltip (its kind row): the job's row above it says "completed" too.
      const step = rows.filter({ hasText: /^Searching for/ }).first();
      const kind = `${words.t('Type/tooltip label: activity type')}: ${words.t('search/kind of deep research step')}`;
      const { text: tooltip } = await wb().hover(step, kind);
      assert.ok(tooltip.includes(words.t('completed/job status')), `the step's status is not translated: ${tooltip}`);
      assert.doesNotMatch(tooltip, /\b(complete|search)\b/, `the service's word left in the tooltip: ${tooltip}`);
      await wb().screenshot(`lang-${locale}-activity-tooltip`);
      await wb().page.mouse.move(900, 600);
    });

    it('the status bar tooltip', async () => {
      const item = wb().statusBarEntry('firecrawl.credits').filter({ hasText: /\d/ }).first();
      await item.hover();
      const hover = wb().page.locator('.monaco-hover, .workbench-hover').last();
      await hover.waitFor({ state: 'visible' });
      const text = await hover.innerText();
      assert.doesNotMatch(text, /remaining|Billing period/, `English left in the tooltip: ${text}`);
      await wb().screenshot(`lang-${locale}-credits-tooltip`);
      await wb().page.mouse.move(900, 600);
    });

    it('the usage panel', async () => {
      await wb().runCommand(`Firecrawl: ${words.manifest('command.showUsageHistory.title')}`);
      const frame = wb().webviewFrame();
      await frame.locator('svg.chart').waitFor({ state: 'visible', timeout: 20_000 });
      const page = await frame.locator('body').innerText();
      assert.doesNotMatch(page, /credits remaining|Billing period|Per API key/, `English left on the page: ${page.slice(0, 300)}`);
      await wb().screenshot(`lang-${locale}-usage`);
    });

    it("the feedback wizard's job page", async () => {
      const jobId = sandbox.createV2Job('scrape', { target: 'https://example.com/pricing' });
      await wb().runCommand(`Firecrawl: ${words.manifest('command.submitFeedback.title')}`);
      const jobRow = wb().quickInputRows().filter({ hasText: jobId }).first();
      const page = async () =>
        /\((\d)\/\d\)/.exec(
          await wb()
            .quickInput()
            .locator('.quick-input-title')
            .innerText()
            .catch(() => ''),
        )?.[1];
      const shown = async () =>
        (
          await wb()
            .quickInput()
            .innerText()
            .catch(() => '(no quick input)')
        ).slice(0, 600);
      // The endpoint page (Scrape first). The usage panel of the test before can keep the keyboard
      // (a webview holds focus), so Enter is pressed in the pick's box, focused first; it is pressed again only
      // when the wizard still shows that page 5 s later. Once the job page is there nothing more is
      // pressed (an Enter there would pick the first job and move on).
      await wb().quickInputRows().first().waitFor();
      const deadline = Date.now() + 20_000;
      for (;;) {
        await wb().quickInput().locator('input').first().press('Enter');
        const left = Date.now() + 5_000;
        const moved = async () => Number((await page()) ?? 0) >= 2;
        while (!(await moved()) && Date.now() < left) await wb().page.waitForTimeout(100);
        if (await moved()) break;
        if (Date.now() > deadline) throw new Error(`the wizard stayed on its endpoint page; the quick input shows: ${await shown()}`);
      }
      await jobRow.waitFor({ timeout: 20_000 }).catch(async () => {
        throw new Error(`the job page did not list ${jobId}; the quick input shows: ${await shown()}`);
      });
      const title = await wb().quickInput().locator('.quick-input-title').innerText();
      assert.doesNotMatch(title, /Job id/, `English left in the title: ${title}`);
      await wb().screenshot(`lang-${locale}-feedback`);
      await wb().page.keyboard.press('Escape');
    });
  });
}
