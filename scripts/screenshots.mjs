// `npm run screenshots`: the same set-up as `npm start` (packaged .vsix in code-server, sandbox,
// FIRECRAWL_API_KEY), driven by the UI-test fixture (test/ui/workbench.ts), capturing PNGs of the
// main surfaces into .test-artifacts/screenshots/<surface>-<theme>.png.
//
// To add a surface, append to SURFACES: `show(wb, sandbox)` brings it on screen using the fixture's
// helpers (runCommand, openViewContainer, statusBarItem, treeRows, webviewFrame, ...); `crop(wb)`
// names the parts of the window the picture is about, and `assets` where the cropped picture goes.
// Flags: --themes=dark,light (default both)   --only=name1,name2
//        --assets: also write each surface's cropped dark picture to its `assets` (media/readme/ for
//        README.md, media/walkthrough/ for the walkthrough): the feature, without the browser or the
//        rest of the window.
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureDeps } from './ensure-deps.mjs';

/** @type {{ name: string, show: (wb: any, sandbox: any) => Promise<void> }[]} */
const SURFACES = [
  {
    name: 'key-input',
    // Set API Key, with the button that opens the dashboard where keys are made.
    assets: ['media/walkthrough/key.png'],
    crop: (wb) => [wb.quickInput()],
    async show(wb) {
      await wb.runCommand('Firecrawl: Set API Key');
      await wb.quickInput().locator('input[type="password"]').waitFor();
      await wb.page.waitForTimeout(400);
    },
  },
  {
    name: 'workbench',
    // The window with the extension loaded: activity bar entry and credits in the status bar.
    async show(wb) {
      await wb.statusBarEntry('firecrawl.credits').filter({ hasText: /\d/ }).waitFor();
      await wb.page.waitForTimeout(500);
    },
  },
  {
    name: 'log-channel',
    async show(wb) {
      await wb.runCommand('Firecrawl: Show Logs');
      if ((await wb.outputChannel()) !== 'Firecrawl') throw new Error('the Output view does not show the Firecrawl channel');
      await wb.page.waitForTimeout(500);
    },
  },
  {
    name: 'credits-tooltip',
    assets: ['media/readme/credits-tooltip.png', 'media/walkthrough/credits.png'],
    crop: (wb) => [wb.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'remaining' }).first(), wb.statusBarEntry('firecrawl.credits').first()],
    async show(wb) {
      const item = wb.statusBarEntry('firecrawl.credits').filter({ hasText: /\d/ });
      await item.waitFor();
      await item.hover();
      await wb.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'remaining' }).first().waitFor();
      await wb.page.waitForTimeout(300);
    },
  },
  {
    name: 'research',
    assets: ['media/readme/research.png', 'media/walkthrough/research.png'],
    crop: (wb) => [wb.page.locator('.part.sidebar')],
    // A finished demo job with its activities and sources expanded.
    async show(wb, sandbox) {
      await wb.openViewContainer('Firecrawl');
      await wb.runCommand('Firecrawl: Track Job');
      await wb.submitQuickInput(sandbox.demoJobs.completed);
      const rows = wb.treeRows('Research');
      await rows.filter({ hasText: 'Findings' }).first().waitFor();
      // Rows move as groups open and the tree refreshes: retry until the group stays expanded.
      for (const group of ['Sources', 'Activities']) {
        const row = rows.filter({ hasText: `${group} (` }).first();
        for (let attempt = 0; attempt < 5 && (await row.getAttribute('aria-expanded')) !== 'true'; attempt++) {
          await row.click();
          await wb.page.waitForTimeout(400);
        }
      }
      await wb.page.waitForTimeout(500);
    },
  },
  {
    name: 'usage-per-key',
    assets: ['media/readme/usage-per-key.png'],
    crop: (wb) => [wb.page.locator('.part.editor')],
    async show(wb) {
      await wb.runCommand('Firecrawl: Show Credit Usage History');
      const frame = wb.webviewFrame();
      await frame.locator('svg').first().waitFor();
      await frame.getByRole('button', { name: /Per API key/ }).click();
      await frame.locator('.legend, [class*="legend"]').first().waitFor();
      await wb.page.waitForTimeout(500);
    },
  },
  {
    name: 'usage-24-hours',
    assets: ['media/readme/usage-24-hours.png', 'media/walkthrough/usage.png'],
    crop: (wb) => [wb.page.locator('.part.editor')],
    async show(wb) {
      await wb.runCommand('Firecrawl: Show Credit Usage History');
      const frame = wb.webviewFrame();
      await frame.locator('svg').first().waitFor();
      await frame.locator('button[data-range="last24h"]').click();
      await frame.locator('.month.partial').nth(1).waitFor();
      await wb.page.waitForTimeout(500);
    },
  },
  {
    name: 'spike-alert',
    assets: ['media/readme/spike-alert.png'],
    crop: (wb) => [wb.page.locator('.notifications-toasts .notification-toast').first()],
    // The sandbox's switchable spike, alerted after Refresh Credits. The usual rate comes from the
    // week's bins: the 7 days range loads them (the poll would, 15 minutes in).
    async show(wb, sandbox) {
      await wb.runCommand('Firecrawl: Show Credit Usage History');
      const frame = wb.webviewFrame();
      await frame.locator('button[data-range="last7d"]').click();
      await frame.locator('.bar-hit').nth(7).waitFor();
      sandbox.startSpike(1_200);
      try {
        await wb.statusBarEntry('firecrawl.credits').filter({ hasText: /\d/ }).waitFor();
        await wb.runCommand('Firecrawl: Refresh Credits');
        await wb.notification(/draining fast/).waitFor({ timeout: 20_000 });
        await wb.page.waitForTimeout(500);
      } finally {
        sandbox.clearSpike();
      }
    },
  },
  {
    name: 'feedback-review',
    assets: ['media/readme/feedback-review.png'],
    crop: (wb) => [wb.quickInput()],
    // The fast path for a scrape job rated bad with one issue label, stopped at the review.
    async show(wb, sandbox) {
      const jobId = sandbox.createV2Job('scrape');
      await wb.runCommand('Firecrawl: Submit Feedback…');
      const keyboard = wb.page.keyboard;
      await wb.quickInput().filter({ hasText: 'Endpoint' }).waitFor();
      await keyboard.press('Enter');
      // The job just run heads the list of recent scrape jobs.
      await wb.quickInputRows().filter({ hasText: jobId }).first().waitFor();
      await keyboard.press('Enter');
      await wb.quickInput().filter({ hasText: 'Rating' }).waitFor();
      await keyboard.type('bad');
      await keyboard.press('Enter');
      await wb.quickInput().filter({ hasText: 'Issue labels' }).waitFor();
      await keyboard.press('Enter');
      await wb.quickInputRows().filter({ hasText: 'Continue with missing-content' }).first().waitFor();
      await keyboard.press('Enter');
      await wb.quickInput().filter({ hasText: 'Review' }).waitFor();
      await wb.page.waitForTimeout(500);
    },
  },
  {
    name: 'feedback-jobs',
    assets: ['media/readme/feedback-jobs.png', 'media/walkthrough/feedback.png'],
    crop: (wb) => [wb.quickInput()],
    // The job page: the recent scrape jobs, newest first with their ages (no window before the server states one).
    async show(wb, sandbox) {
      const jobId = sandbox.createV2Job('scrape', { target: 'https://example.com/pricing' });
      await wb.runCommand('Firecrawl: Submit Feedback…');
      await wb.quickInput().filter({ hasText: 'Endpoint' }).waitFor();
      await wb.page.keyboard.press('Enter');
      await wb.quickInputRows().filter({ hasText: jobId }).first().waitFor();
      await wb.page.waitForTimeout(500);
    },
  },
  {
    name: 'research-recent',
    assets: ['media/readme/research-recent.png'],
    crop: (wb) => [wb.page.locator('.part.sidebar')],
    // The team's runs of the last day under the Recent group, one of them tracked.
    async show(wb, sandbox) {
      await wb.openViewContainer('Firecrawl');
      await wb.runCommand('Firecrawl: Track Job');
      await wb.submitQuickInput(sandbox.demoAgentJobs.completed);
      await wb.treeRows('Research').filter({ hasText: 'Recent (last 24 h)' }).first().waitFor();
      await wb.page.waitForTimeout(800);
    },
  },
  {
    name: 'run-scrape',
    assets: ['media/readme/run-scrape.png'],
    crop: (wb) => [wb.page.locator('.part.editor')],
    // Scrape URL from the palette: the page as a Markdown document, with the CodeLens that rates it.
    async show(wb) {
      await wb.runCommand('Firecrawl: Scrape URL…');
      await wb.quickInput().locator('.quick-input-title').filter({ hasText: 'Scrape URL' }).waitFor();
      await wb.submitQuickInput('https://docs.example.org/start');
      await wb.page
        .locator('.codelens-decoration a', { hasText: /Rate this result/ })
        .first()
        .waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'job-id-hover',
    assets: ['media/readme/job-id-hover.png'],
    keepPointer: true,
    crop: (wb) => [wb.page.locator('.monaco-hover:visible').first(), ...[0, 1].map((i) => wb.page.locator('.editor-instance .monaco-editor .view-line').filter({ hasText: 'scrape' }).nth(i))],
    // A log that names a job the team just ran: made before the window opens, so it is in the workspace.
    files(sandbox) {
      const id = sandbox.createV2Job('scrape', { target: 'https://docs.example.org/pricing' });
      return { 'crawl.log': `12:04:31 scrape started https://docs.example.org/pricing\n12:04:33 scrape done, job ${id}\n` };
    },
    // A job id in any file: the hover says what the team's recent activity knows of it, with its actions.
    async show(wb) {
      await wb.page.keyboard.press('Control+P');
      await wb.quickInput().waitFor();
      await wb.page.keyboard.type('crawl.log');
      await wb.quickInputRows().filter({ hasText: 'crawl.log' }).first().waitFor();
      await wb.page.keyboard.press('Enter');
      const token = wb.page.locator('.monaco-editor .view-line span span', { hasText: /^[0-9a-f]{8}-[0-9a-f-]{27}$/ }).first();
      await token.waitFor({ timeout: 15_000 });
      // The hover may answer before the activity list is read: it hovers again until one names the endpoint.
      await wb.hover(token, 'Endpoint: scrape');
    },
  },
];

/** A picture of just `parts` (their bounding boxes together, a little margin around them). */
async function cropped(wb, parts, file) {
  const boxes = (await Promise.all(parts.map((part) => part.boundingBox()))).filter(Boolean);
  if (!boxes.length) throw new Error(`nothing to crop to for ${file}`);
  const pad = 8;
  const viewport = wb.page.viewportSize();
  const x = Math.max(0, Math.min(...boxes.map((b) => b.x)) - pad);
  const y = Math.max(0, Math.min(...boxes.map((b) => b.y)) - pad);
  const right = Math.min(viewport.width, Math.max(...boxes.map((b) => b.x + b.width)) + pad);
  const bottom = Math.min(viewport.height, Math.max(...boxes.map((b) => b.y + b.height)) + pad);
  mkdirSync(dirname(file), { recursive: true });
  await wb.page.screenshot({ path: file, clip: { x, y, width: right - x, height: bottom - y } });
  return file;
}

function arg(name) {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found
    ? found
        .slice(name.length + 3)
        .split(',')
        .filter(Boolean)
    : undefined;
}

async function main() {
  ensureDeps();
  const { build, startSandbox, sandboxProfile, defaultRoot: root } = await import('./vscode/environment.mjs');
  const { prepareExtension } = await import('./vscode/ui.mjs');
  const { screenshotDir } = await import('./vscode/codeserver.mjs');
  const assets = process.argv.includes('--assets');
  const themes = arg('themes') ?? ['dark', 'light'];
  const only = arg('only');
  const surfaces = SURFACES.filter((s) => !only || only.includes(s.name));

  console.log('[screenshots] building');
  build(root);
  const prepared = await prepareExtension({ root });
  const sandbox = await startSandbox({ root });
  const { openWorkbench } = createRequire(import.meta.url)(join(root, 'out', 'test', 'ui', 'workbench.js'));
  const saved = [];
  let failed = 0;
  try {
    for (const theme of themes) {
      for (const surface of surfaces) {
        // One fresh workbench per shot: each starts from the same state, whatever the others did.
        const wb = await openWorkbench({ ...sandboxProfile(sandbox), theme, ...(surface.files ? { workspaceFiles: surface.files(sandbox) } : {}) });
        try {
          await surface.show(wb, sandbox);
          // A stray hover from the last click would cover part of the shot.
          if (surface.name !== 'credits-tooltip' && !surface.keepPointer) await wb.page.mouse.move(1000, 700);
          await wb.page.waitForTimeout(200);
          saved.push(await wb.screenshot(`${surface.name}-${theme}`));
          if (assets && theme === 'dark' && surface.assets && surface.crop) {
            for (const asset of surface.assets) saved.push(await cropped(wb, surface.crop(wb), join(root, asset)));
          }
        } catch (error) {
          failed += 1;
          console.error(`[screenshots] ${surface.name} (${theme}): ${error instanceof Error ? error.message : error}`);
          await wb.screenshot(`${surface.name}-${theme}-failure`).catch(() => {});
        } finally {
          await wb.close();
        }
      }
    }
  } finally {
    await sandbox.close();
    prepared.dispose();
  }
  for (const file of saved) console.log(`[screenshots] ${file}`);
  console.log(`[screenshots] ${saved.length} saved in ${screenshotDir(root)}${failed ? `, ${failed} failed` : ''}`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  console.error(`[screenshots] ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
});
