// Runs node:test files for every layer that uses node's runner (unit, UI) and counts leaf tests,
// so scripts/test.mjs can end with one "N passed, N failed" line for the whole run.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every *.test.js below `dir`, sorted. */
export function testFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith('.test.js') ? [path] : [];
  }).sort();
}

/** The first line of what a failure says, short enough for the run's last lines. */
export function failureLine(name, error) {
  // "Expected values to be strictly equal:" says little alone: the lines after it say what differed.
  const lines = String(error?.cause?.message ?? error?.message ?? error ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
  return `${name}: ${lines.slice(0, 4).join(' ').slice(0, 300)}`;
}

/**
 * Runs `files` with the spec reporter on stdout and returns the counts of leaf tests, with a line for
 * each failure (repeated at the end of the run, where a log cut to its tail still shows it).
 */
export async function runNodeTests(files, { concurrency = true, timeout } = {}) {
  const { run } = await import('node:test');
  const { spec } = await import('node:test/reporters');
  const counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
  if (files.length === 0) return counts;
  const stream = run({ files, concurrency, timeout });
  stream.on('test:pass', (event) => {
    if (event.details?.type === 'suite') return;
    if (event.skip || event.todo) counts.skipped += 1;
    else counts.passed += 1;
  });
  stream.on('test:fail', (event) => {
    // A suite fails when a test in it fails: count the test, not the suite again.
    if (event.details?.type === 'suite' && event.details?.error?.failureType === 'subtestsFailed') return;
    counts.failed += 1;
    counts.failures.push(failureLine(event.name, event.details?.error));
  });
  await new Promise((resolve, reject) => {
    const reporter = stream.compose(spec);
    reporter.pipe(process.stdout, { end: false });
    reporter.on('end', resolve);
    reporter.on('error', reject);
  });
  return counts;
}
