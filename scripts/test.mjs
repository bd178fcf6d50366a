// `npm test`: installs what is missing, builds, type-checks, then runs every test layer
// (unit in plain Node, integration inside a real VS Code extension host, UI in a real workbench)
// and ends with one line "N passed, N failed" covering all of them.
// Flags: --only=unit,integration,ui to run some layers; --no-build to reuse out/ and dist/.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureDeps } from './ensure-deps.mjs';
import { runNodeTests, testFiles } from './lib/node-tests.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const layers = onlyArg ? onlyArg.slice('--only='.length).split(',') : ['unit', 'integration', 'ui'];
const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = [];

function step(name, cmd, args) {
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  timings.push([name, Date.now() - started]);
  if (result.status !== 0) {
    console.error(`[test] ${name} failed`);
    totals.failed += 1;
    return false;
  }
  return true;
}

function add(counts, name, started) {
  timings.push([name, Date.now() - started]);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  console.log(`[test] ${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
}

async function main() {
  ensureDeps();
  if (!process.argv.includes('--no-build')) {
    if (!step('build', process.execPath, [join(root, 'scripts', 'build.mjs')])) return;
    step('typecheck', process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', root]);
  }
  if (layers.includes('unit')) {
    const started = Date.now();
    add(await runNodeTests(testFiles(join(root, 'out', 'test', 'unit'))), 'unit', started);
  }
  if (layers.includes('integration')) {
    const started = Date.now();
    const { runIntegration } = await import(pathToFileURL(join(root, 'scripts', 'vscode', 'integration.mjs')).href);
    add(await runIntegration({ root }), 'integration', started);
  }
  if (layers.includes('ui')) {
    const started = Date.now();
    const { runUi } = await import(pathToFileURL(join(root, 'scripts', 'vscode', 'ui.mjs')).href);
    add(await runUi({ root }), 'ui', started);
  }
}

try {
  await main();
} catch (error) {
  console.error('[test] aborted:', error instanceof Error ? error.stack : error);
  totals.failed += 1;
}
console.log(`[test] timings: ${timings.map(([n, ms]) => `${n} ${(ms / 1000).toFixed(1)}s`).join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exitCode = totals.failed > 0 ? 1 : 0;
