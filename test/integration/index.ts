// The extensionTestsPath entry: VS Code's extension host loads this module and awaits run().
// Runs mocha (bdd: describe/it) over out/test/integration/**/*.test.js inside the real extension host.
// Output goes through console.log, which the launcher forwards from the browser console to stdout.
// Counts are written as JSON to $FIRECRAWL_TEST_RESULTS so scripts/vscode/integration.mjs can add
// them up. $FIRECRAWL_TEST_GREP limits the run to tests whose full title matches;
// $FIRECRAWL_TEST_FILES to some files.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import Mocha from 'mocha';
import * as vscode from 'vscode';

// In test mode VS Code sends extension-host console output to the workbench log, where it cannot be
// told apart from the workbench's own log lines, and the host's `console` cannot be replaced (VS Code
// defines its methods with a no-op setter). So the runner marks its own lines (mocha's reporter) and
// brackets the run with start/end lines; the launcher prints marked lines, and unmarked log lines
// only between start and end (that is where tests' own console.* output lands).
// Keep in sync with HOST_MARK in scripts/vscode/codeserver.mjs.
const HOST_MARK = '\u2063';
const hostLog = (...args: unknown[]) => console.log(HOST_MARK + format(...args));

function markReporter(): () => void {
  // mocha's reporters print through Base.consoleLog.
  const base = Mocha.reporters.Base as unknown as { consoleLog: (...args: unknown[]) => void };
  const original = base.consoleLog;
  base.consoleLog = hostLog;
  return () => {
    base.consoleLog = original;
  };
}

function testFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return testFiles(full);
      return entry.name.endsWith('.test.js') ? [full] : [];
    })
    .sort();
}

export async function run(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    reporter: 'spec',
    color: false,
    timeout: 20_000,
    ...(process.env.FIRECRAWL_TEST_GREP ? { grep: process.env.FIRECRAWL_TEST_GREP } : {}),
  });
  // $FIRECRAWL_TEST_FILES (a JSON list of built paths) limits the run to those files.
  const only = process.env.FIRECRAWL_TEST_FILES ? (JSON.parse(process.env.FIRECRAWL_TEST_FILES) as string[]).map((f) => path.resolve(f)) : undefined;
  for (const file of testFiles(__dirname)) if (!only || only.includes(path.resolve(file))) mocha.addFile(file);
  // The Research view's Recent group reads the team's lists by itself while the view is visible in a
  // focused window: tests that count requests, or queue a fault for whichever request comes next,
  // would meet its reads. It is off for the run; recent.test.ts turns it on for its own tests.
  await vscode.workspace.getConfiguration('firecrawl.research').update('showRecent', false, vscode.ConfigurationTarget.Global);
  const counts = { passed: 0, failed: 0, skipped: 0, failures: [] as string[] };
  const resultsFile = process.env.FIRECRAWL_TEST_RESULTS;
  const write = () => {
    if (resultsFile) fs.writeFileSync(resultsFile, JSON.stringify(counts));
  };
  write();
  const restore = markReporter();
  hostLog('[firecrawl-tests] start');
  try {
    await mocha.loadFilesAsync();
    await runMocha(mocha, counts, write);
  } finally {
    hostLog('[firecrawl-tests] end');
    restore();
  }
}

function runMocha(mocha: Mocha, counts: { passed: number; failed: number; skipped: number; failures: string[] }, write: () => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const runner = mocha.run((failures) => {
      write();
      if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
      else resolve();
    });
    runner.on('pass', () => {
      counts.passed += 1;
    });
    runner.on('fail', (test, error: unknown) => {
      counts.failed += 1;
      // "Expected values to be strictly equal:" says little alone: the lines after it say what differed.
      const lines = (error instanceof Error ? error.message : String(error))
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      counts.failures.push(`${test.fullTitle()}: ${lines.slice(0, 4).join(' ').slice(0, 300)}`);
    });
    runner.on('pending', () => {
      counts.skipped += 1;
    });
  });
}
