// Integration layer: mocha inside a real VS Code extension host, with the real `vscode` API.
// Started exactly as @vscode/test-electron starts tests (runTests with extensionDevelopmentPath and
// extensionTestsPath); the executable is scripts/vscode/launcher.mjs, which runs code-server and
// headless Chromium underneath. Test sources: test/integration/**/*.test.ts (entry: index.ts).
//
// CLI: node scripts/vscode/integration.mjs   (expects a build in out/ and dist/; see scripts/test.mjs)
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { provision, ProvisionError } from './provision.mjs';
import { makeRunDir } from './codeserver.mjs';

const defaultRoot = fileURLToPath(new URL('../..', import.meta.url));

/** @returns {Promise<{ passed: number, failed: number, skipped: number, failures: string[] }>} */
export async function runIntegration({ root = defaultRoot, files } = {}) {
  const entry = join(root, 'out', 'test', 'integration', 'index.js');
  if (!existsSync(entry)) {
    console.error(`[integration] ${entry} is missing: run the build first (node scripts/build.mjs).`);
    return { passed: 0, failed: 1, skipped: 0, failures: ['the integration tests are not built'] };
  }
  try {
    await provision({ root });
  } catch (error) {
    console.error(error instanceof ProvisionError ? error.message : error);
    console.error('[integration] cannot run VS Code integration tests: provisioning failed (see above).');
    return { passed: 0, failed: 1, skipped: 0, failures: ['VS Code could not be provisioned'] };
  }

  const launcher = join(root, 'scripts', 'vscode', 'launcher.mjs');
  if ((statSync(launcher).mode & 0o111) === 0) chmodSync(launcher, 0o755); // a checkout may drop the exec bit

  const { runTests } = await import('@vscode/test-electron');
  const runDir = makeRunDir('firecrawl-integration-');
  const resultsFile = join(runDir, 'results.json');
  const workspace = join(runDir, 'workspace');
  let exitCode;
  let counts;
  // Hermetic: the developer's own FIRECRAWL_API_KEY / FIRECRAWL_API_URL never reach the test host.
  const saved = Object.entries(process.env).filter(([key]) => key.startsWith('FIRECRAWL_API_'));
  for (const [key] of saved) delete process.env[key];
  try {
    mkdirSync(workspace, { recursive: true });
    exitCode = await runTests({
      vscodeExecutablePath: launcher,
      extensionDevelopmentPath: root,
      extensionTestsPath: entry,
      launchArgs: [workspace, `--user-data-dir=${join(runDir, 'user-data')}`, `--extensions-dir=${join(runDir, 'extensions')}`],
      extensionTestsEnv: { FIRECRAWL_TEST_RESULTS: resultsFile, FIRECRAWL_PROJECT_ROOT: root, ...(files ? { FIRECRAWL_TEST_FILES: JSON.stringify(files) } : {}) },
    }).catch((error) => error?.code ?? 1);
    try {
      counts = JSON.parse(readFileSync(resultsFile, 'utf8'));
    } catch {
      counts = undefined;
    }
  } finally {
    for (const [key, value] of saved) process.env[key] = value;
    rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
  }
  if (!counts) {
    console.error(`[integration] the test run produced no results (exit code ${exitCode}): the extension host did not reach the test runner.`);
    return { passed: 0, failed: 1, skipped: 0, failures: [`the extension host did not reach the test runner (exit code ${exitCode})`] };
  }
  counts.failures ??= [];
  if (exitCode !== 0 && counts.failed === 0) {
    console.error(`[integration] VS Code exited with code ${exitCode} although no test failed.`);
    counts.failed += 1;
    counts.failures.push(`VS Code exited with code ${exitCode}`);
  }
  return counts;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const counts = await runIntegration();
  console.log(`[integration] ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  process.exitCode = counts.failed ? 1 : 0;
}
