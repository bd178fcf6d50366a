// UI layer: node:test files out/test/ui/**/*.test.js (from test/ui/*.test.ts) drive a real workbench
// in headless Chromium with playwright-core. The extension is the freshly packaged .vsix, installed
// once per run with code-server's own --install-extension into a template folder; every workbench
// (test/ui/workbench.ts → openWorkbench) then gets fresh user-data and extensions folders that link
// to that installed copy.
//
// CLI: node scripts/vscode/ui.mjs [files...]   (expects a build in out/; see scripts/test.mjs)
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { provision, ProvisionError } from './provision.mjs';
import { installVsix, makeRunDir } from './codeserver.mjs';
import { packageVsix } from './vsix.mjs';
import { runNodeTests, testFiles } from '../lib/node-tests.mjs';

const defaultRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Provisions code-server, packages the .vsix and installs it into a template extensions folder.
 * Sets FIRECRAWL_UI_EXTENSIONS (JSON array of installed extension folders) and FIRECRAWL_UI_RUN_DIR
 * in process.env so test processes (and openWorkbench) reuse them. Call dispose() when done.
 * @returns {Promise<{ vsix: string, extensions: string[], runDir: string, dispose(): void }>}
 */
export async function prepareExtension({ root = defaultRoot, log = (line) => console.log(line), variant = 'node' } = {}) {
  await provision({ root, log });
  const runDir = makeRunDir(variant === 'web' ? 'firecrawl-ui-web-' : 'firecrawl-ui-');
  let extensions;
  let vsix;
  try {
    // Into the run folder, not the shared .cache/vsix/: checkouts of this repository may share
    // .cache, and another one packaging at the same moment would replace the file before install.
    vsix = await packageVsix({ root, log, outDir: runDir, variant });
    extensions = await installVsix({ root, vsix, extensionsDir: join(runDir, 'extensions-template'), userDataDir: join(runDir, 'user-data-template') });
    if (extensions.length === 0) throw new Error(`installing ${vsix} produced no extension folder`);
  } catch (error) {
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
  process.env.FIRECRAWL_UI_EXTENSIONS = JSON.stringify(extensions);
  process.env.FIRECRAWL_UI_RUN_DIR = runDir;
  process.env.FIRECRAWL_UI_VSIX = vsix;
  process.env.FIRECRAWL_UI_VARIANT = variant;
  return {
    vsix,
    extensions,
    runDir,
    dispose() {
      rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
      delete process.env.FIRECRAWL_UI_EXTENSIONS;
      delete process.env.FIRECRAWL_UI_RUN_DIR;
      delete process.env.FIRECRAWL_UI_VSIX;
      delete process.env.FIRECRAWL_UI_VARIANT;
    },
  };
}


/** Test files under out/test/ui/web/ run against the web variant (only the `browser` entry). */
const isWebTest = (file) => /[\\/]ui[\\/]web[\\/]/.test(file);

/** @returns {Promise<{ passed: number, failed: number, skipped: number, failures: string[] }>} */
export async function runUi({ root = defaultRoot, files } = {}) {
  files ??= testFiles(join(root, 'out', 'test', 'ui'));
  if (files.length === 0) {
    console.log('[ui] no UI test files in out/test/ui');
    return { passed: 0, failed: 0, skipped: 0, failures: [] };
  }
  const total = { passed: 0, failed: 0, skipped: 0, failures: [] };
  for (const [variant, group] of [['node', files.filter((f) => !isWebTest(f))], ['web', files.filter(isWebTest)]]) {
    if (group.length === 0) continue;
    let prepared;
    try {
      prepared = await prepareExtension({ root, variant });
    } catch (error) {
      console.error(error instanceof ProvisionError ? error.message : `[ui] ${error instanceof Error ? error.message : error}`);
      console.error(`[ui] cannot run the ${variant} UI tests (see above).`);
      total.failed += 1;
      total.failures.push(`the ${variant} UI tests could not start`);
      continue;
    }
    try {
      if (variant === 'web') console.log('[ui] the web variant: a manifest with only the browser entry, run by the web-worker extension host');
      // Each test is bounded; a workbench also bounds its own lifetime (openWorkbench timeoutMs).
      const counts = await runNodeTests(group, { concurrency: false, timeout: Number(process.env.FIRECRAWL_UI_TEST_TIMEOUT_MS) || 300_000 });
      for (const k of ['passed', 'failed', 'skipped']) total[k] += counts[k];
      total.failures.push(...counts.failures);
    } finally {
      prepared.dispose();
    }
  }
  return total;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2).map((f) => resolve(f));
  const counts = await runUi({ files: args.length ? args : undefined });
  console.log(`[ui] ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  process.exitCode = counts.failed ? 1 : 0;
}
