// `npm test`: installs what is missing, builds, type-checks, lints, checks the formatting, then runs every test layer
// (unit in plain Node, integration inside a real VS Code extension host, UI in a real workbench)
// and ends with one line "N passed, N failed" covering all of them.
// Flags: --only=unit,integration,ui to run some layers; --no-build to reuse out/ and dist/.
// Files: `node scripts/test.mjs test/unit/shared/clock.test.ts [more…]` runs just those files, each in
// its own layer (the layer is the folder under test/).
import { spawnSync } from 'node:child_process';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureDeps } from './ensure-deps.mjs';
import { runNodeTests, testFiles } from './lib/node-tests.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
// A file named on the command line (its source under test/ or its build under out/test/) as the built path.
const picked = process.argv.slice(2).filter((a) => !a.startsWith('--')).map((a) => {
  const rel = relative(root, resolve(a)).split(sep).join('/').replace(/^out\//, '').replace(/\.ts$/, '.js');
  const match = /^test\/(unit|integration|ui)\//.exec(rel);
  if (!match) throw new Error(`${a}: not a test file under test/unit, test/integration or test/ui`);
  return { layer: match[1], file: join(root, 'out', rel) };
});
const pickedIn = (layer) => picked.filter((p) => p.layer === layer).map((p) => p.file);
const layers = picked.length > 0
  ? [...new Set(picked.map((p) => p.layer))]
  : onlyArg ? onlyArg.slice('--only='.length).split(',') : ['unit', 'integration', 'ui'];
const totals = { passed: 0, failed: 0, skipped: 0 };
/** What failed, a line each, said again just before the last line: a log cut to its tail still names it. */
const failures = [];
const timings = [];

function step(name, cmd, args) {
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  timings.push([name, Date.now() - started]);
  if (result.status !== 0) {
    console.error(`[test] ${name} failed`);
    totals.failed += 1;
    failures.push(`${name}: exit code ${result.status ?? result.signal}`);
    return false;
  }
  return true;
}

function add(counts, name, started) {
  timings.push([name, Date.now() - started]);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  failures.push(...(counts.failures ?? []).map((f) => `${name}: ${f}`));
  console.log(`[test] ${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
}

async function main() {
  ensureDeps();
  if (!process.argv.includes('--no-build')) {
    if (!step('build', process.execPath, [join(root, 'scripts', 'build.mjs')])) return;
    step('typecheck', process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', root]);
    step('lint', process.execPath, [join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), 'src', 'test']);
    step('format', process.execPath, [join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs'), '--check', '--log-level', 'warn', 'src/**/*.ts', 'test/**/*.ts']);
  }
  if (layers.includes('unit')) {
    const started = Date.now();
    // The expected words are written for UTC: a developer's own zone must not fail them. A test of
    // another zone sets TZ itself.
    process.env.TZ = 'UTC';
    const files = pickedIn('unit');
    add(await runNodeTests(files.length > 0 ? files : testFiles(join(root, 'out', 'test', 'unit'))), 'unit', started);
  }
  if (layers.includes('integration')) {
    const started = Date.now();
    const { runIntegration } = await import(pathToFileURL(join(root, 'scripts', 'vscode', 'integration.mjs')).href);
    const files = pickedIn('integration');
    add(await runIntegration({ root, files: files.length > 0 ? files : undefined }), 'integration', started);
  }
  if (layers.includes('ui')) {
    const started = Date.now();
    const { runUi } = await import(pathToFileURL(join(root, 'scripts', 'vscode', 'ui.mjs')).href);
    const files = pickedIn('ui');
    add(await runUi({ root, files: files.length > 0 ? files : undefined }), 'ui', started);
  }
}

try {
  await main();
} catch (error) {
  console.error('[test] aborted:', error instanceof Error ? error.stack : error);
  totals.failed += 1;
  failures.push(`aborted: ${error instanceof Error ? error.message : error}`);
}
for (const failure of failures) console.log(`[test] failed: ${failure}`);
console.log(`[test] timings: ${timings.map(([n, ms]) => `${n} ${(ms / 1000).toFixed(1)}s`).join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exitCode = totals.failed > 0 ? 1 : 0;
