// `npm run bench`: performance figures as medians of several runs (with min and max), printed as a
// table and written to bench-results.json. `--check` exits non-zero when a budget is missed.
// Budgets compare ratios or generous absolute bounds measured in one run: these machines are shared.
// `--only=bundle,research` runs some sections (names as printed). `host-activation` runs in a real
// VS Code (code-server + Chromium): see scripts/bench/host-activation.bench.mjs, and its `--breakdown`.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { ensureDeps } from './ensure-deps.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const check = process.argv.includes('--check');
const rows = [];

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted.at(-1), runs: sorted.length };
}

/** Records one figure; `budget` is a predicate over the median plus its text. */
function record(what, unit, samples, budget, note = '') {
  const s = Array.isArray(samples) ? stats(samples) : { median: samples, min: samples, max: samples, runs: 1 };
  const pass = budget ? budget.test(s.median) : null;
  rows.push({ what, unit, ...s, budget: budget?.text ?? '', pass, note });
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

async function repeat(times, fn) {
  const samples = [];
  for (let i = 0; i < times; i++) samples.push(await fn(i));
  return samples;
}

async function timeIt(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

// --- bundle -------------------------------------------------------------------------------------
function benchBundle() {
  run(process.execPath, [join(root, 'scripts', 'build.mjs'), '--production']);
  // Each host loads one bundle at activation; the others load on first use (src/host/onDemand.ts).
  for (const dir of ['dist', 'dist/web']) {
    const main = readFileSync(join(root, dir, 'extension.js'));
    const host = dir === 'dist' ? 'Node host' : 'browser host';
    record(`bundle: ${dir}/extension.js, loaded at activation (${host}; gzip ${(gzipSync(main).length / 1024).toFixed(1)} KB)`, 'KB', main.length / 1024, null, 'reported: the budget of record is the real-host share');
    for (const name of readdirSync(join(root, dir)).filter((n) => n.endsWith('.js') && n !== 'extension.js').sort()) {
      const bytes = readFileSync(join(root, dir, name));
      record(`bundle: ${dir}/${name}, loaded on first use (gzip ${(gzipSync(bytes).length / 1024).toFixed(1)} KB)`, 'KB', bytes.length / 1024);
    }
  }
  const webviewDir = join(root, 'dist', 'webview');
  if (existsSync(webviewDir)) {
    for (const name of readdirSync(webviewDir).filter((n) => n.endsWith('.js'))) {
      const bytes = readFileSync(join(webviewDir, name));
      record(`bundle: dist/webview/${name} (minified / gzip ${(gzipSync(bytes).length / 1024).toFixed(1)} KB)`, 'KB', bytes.length / 1024);
    }
  }
  mkdirSync(join(root, 'out', 'bench'), { recursive: true });
  const vsix = join(root, 'out', 'bench', 'firecrawl-vscode.vsix');
  run(process.execPath, [join(root, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--skip-license', '-o', vsix], {
    env: { ...process.env, npm_config_yes: 'true' },
  });
  record('bundle: .vsix', 'KB', statSync(vsix).size / 1024);
}

// --- activation ---------------------------------------------------------------------------------
function benchActivation() {
  const child = (extra) => JSON.parse(run(process.execPath, [join(root, 'scripts', 'bench', 'activation-child.cjs'), ...extra]).trim().split('\n').at(-1));
  child(['--cold']); // warm the file cache
  const empty = [];
  const cold = [];
  const warm = [];
  const activate = [];
  for (let i = 0; i < 15; i++) {
    empty.push(child(['--empty']).loadMs);
    const first = child(['--cold', '--write-cache']);
    if (first.cache !== 'none' || first.written !== 'written') throw new Error(`a start without a code cache found ${first.cache} and then ${first.written}`);
    cold.push(first.loadMs + first.activateMs);
    const later = child([]);
    if (later.cache !== 'used') throw new Error(`a later start did not use the code cache (${later.cache})`);
    warm.push(later.loadMs + later.activateMs);
    activate.push(later.activateMs);
  }
  const emptyMedian = stats(empty).median;
  record('activation: load + activate(), every start after the first (V8 code cache), stub vscode, no network', 'ms', warm, { text: '≤ 15 ms', test: (v) => v <= 15 });
  record('activation: load + activate(), the first start after install or update (no code cache yet)', 'ms', cold, null, 'writes the cache 1 s after activation');
  record('activation: activate() alone, with the code cache', 'ms', activate);
  record('activation: ratio to loading an empty module (with the code cache)', '×', stats(warm).median / Math.max(emptyMedian, 0.001), null, `empty module ${emptyMedian.toFixed(2)} ms`);
}

// --- client overhead vs the official SDK -----------------------------------------------------------
async function benchClient() {
  const { startSandbox } = require(join(root, 'out', 'test', 'sandbox', 'server.js'));
  const { FirecrawlClient } = require(join(root, 'out', 'src', 'api', 'index.js'));
  const sdkModule = require('@mendable/firecrawl-js');
  const Firecrawl = sdkModule.default ?? sdkModule.Firecrawl;
  const sandbox = await startSandbox();
  try {
    const { nodeFetch } = require(join(root, 'out', 'src', 'platform', 'nodeTransport.js'));
    // As the extension builds it in a Node extension host (src/host/clientProvider.ts).
    const ours = new FirecrawlClient({ baseUrl: sandbox.url, apiKey: () => sandbox.keys.valid, clientName: 'firecrawl-vscode', clientVersion: 'bench', fetch: nodeFetch });
    // As it would run in a browser extension host: global fetch.
    const oursFetch = new FirecrawlClient({ baseUrl: sandbox.url, apiKey: () => sandbox.keys.valid, clientName: 'firecrawl-vscode', clientVersion: 'bench' });
    const sdk = new Firecrawl({ apiKey: sandbox.keys.valid, apiUrl: sandbox.url });
    // 1,000 calls each, in 40 alternating batches of 25. The ratio is the median of the ratios of
    // neighbouring batches: each pair shares the machine's state at that moment, so drift cancels.
    const batches = 40;
    const perBatch = 25;
    const oursMs = [];
    const sdkMs = [];
    const ratios = [];
    const fetchRatios = [];
    for (let i = 0; i < 500; i++) {
      await ours.getCreditUsage();
      await oursFetch.getCreditUsage();
      await sdk.getCreditUsage();
    }
    for (let round = 0; round < batches; round++) {
      const order = round % 2 ? [['sdk', sdk], ['ours', ours]] : [['ours', ours], ['sdk', sdk]];
      const pair = {};
      for (const [name, client] of order) {
        const ms = await timeIt(async () => {
          for (let i = 0; i < perBatch; i++) await client.getCreditUsage();
        });
        pair[name] = ms;
        (name === 'ours' ? oursMs : sdkMs).push((ms / perBatch) * 1000);
      }
      ratios.push(pair.ours / pair.sdk);
      const fetchMs = await timeIt(async () => {
        for (let i = 0; i < perBatch; i++) await oursFetch.getCreditUsage();
      });
      fetchRatios.push(fetchMs / pair.sdk);
    }
    const ratio = stats(ratios).median;
    record(`client: 1,000 sequential credit-usage calls, ours (per 1,000)`, 'ms', oursMs);
    record(`client: 1,000 sequential credit-usage calls, official SDK (per 1,000)`, 'ms', sdkMs);
    record('client: ours / SDK time (median of paired batches)', '×', ratios, { text: '≤ 1.0', test: (v) => v <= 1.0 }, 'ours over node:http as in the extension; the SDK axios over node:http');
    record('client: ours over global fetch (browser host) / SDK time', '×', fetchRatios, null, 'undici fetch costs more per request than node:http');
  } finally {
    await sandbox.close();
  }
}

// --- idle cost ------------------------------------------------------------------------------------
async function benchIdle() {
  const { CreditsStore } = require(join(root, 'out', 'src', 'features', 'credits', 'model', 'creditsStore.js'));
  const { Emitter } = require(join(root, 'out', 'src', 'shared', 'events.js'));
  const { FakeClock } = require(join(root, 'out', 'test', 'support', 'fakeClock.js'));
  const hour = 60 * 60_000;
  const simulate = async (focused) => {
    const clock = new FakeClock();
    let requests = 0;
    let queueRequests = 0;
    const usage = { remainingCredits: 1, planCredits: 2, billingPeriodStart: null, billingPeriodEnd: null };
    const store = new CreditsStore({
      fetch: async () => {
        requests++;
        return usage;
      },
      // The queue is asked in every refresh of the balance, as in the extension.
      fetchQueue: async () => {
        queueRequests++;
        return { active: 1, waiting: 0, maxConcurrency: 2, mostRecentSuccess: null };
      },
      hasKey: () => true,
      isSelfHosted: () => false,
      intervalMs: () => 5 * 60_000,
      clock,
      focus: { focused, onDidChange: new Emitter().event },
    });
    store.start();
    await clock.advance(0);
    const before = { credits: requests, queue: queueRequests };
    await clock.advance(hour);
    store.dispose();
    return { credits: requests - before.credits, queue: queueRequests - before.queue };
  };
  const researchIdle = await researchIdleRequests();
  const burnIdle = await burnIdleRequests();
  const credits = { focused: await simulate(true), unfocused: await simulate(false) };
  const focused = credits.focused.credits + credits.focused.queue + (researchIdle?.focused ?? 0) + (burnIdle?.focused ?? 0);
  const unfocused = credits.unfocused.credits + credits.unfocused.queue + (researchIdle?.unfocused ?? 0) + (burnIdle?.unfocused ?? 0);
  const parts = (which) => [
    `credits ${credits[which].credits}`,
    `queue ${credits[which].queue}`,
    researchIdle ? `research ${researchIdle[which]} (no job processing)` : 'research not measured',
    burnIdle ? `usage by hour ${burnIdle[which]}` : 'usage by hour not measured',
  ].join(' + ');
  record('idle: requests per simulated hour, focused', 'requests', focused, { text: '≤ 28', test: (v) => v <= 28 }, parts('focused'));
  record('idle: requests per simulated hour, unfocused', 'requests', unfocused, { text: '0', test: (v) => v === 0 }, parts('unfocused'));
}

/** Filled in by the research benchmarks when the research store is present. */
let researchIdleRequests = async () => undefined;
/** Filled in by the burn benchmarks: the usage-by-hour poller's share. */
let burnIdleRequests = async () => undefined;

// --- validator ------------------------------------------------------------------------------------
function maximalFeedback() {
  const label = (i) => `label-${i}-`.padEnd(80, 'x');
  const url = (i) => `https://example.com/${i}/`.padEnd(2048, 'a');
  return {
    endpoint: 'scrape',
    jobId: '3f2b8c1e-9d4a-4b6f-8e2d-1a2b3c4d5e6f',
    rating: 'partial',
    issues: Array.from({ length: 20 }, (_, i) => label(i)),
    tags: Array.from({ length: 20 }, (_, i) => label(i + 20)),
    note: 'n'.repeat(4000),
    querySuggestions: 'q'.repeat(2000),
    url: url(0),
    pageNumbers: Array.from({ length: 100 }, (_, i) => i + 1),
    valuableSources: Array.from({ length: 50 }, (_, i) => ({ url: url(i + 1), reason: 'r'.repeat(1000) })),
    missingContent: Array.from({ length: 20 }, () => ({ topic: 't'.repeat(200), description: 'd'.repeat(2000) })),
    metadata: { blob: 'm'.repeat(8150) },
    origin: 'firecrawl-vscode@bench',
    integration: '_vscode',
  };
}

function benchValidator() {
  const { validateFeedback } = require(join(root, 'out', 'src', 'api', 'feedback', 'index.js'));
  const body = maximalFeedback();
  const result = validateFeedback(body);
  if (!result.ok) throw new Error(`the maximal body should be valid: ${JSON.stringify(result.problems.slice(0, 3))}`);
  for (let i = 0; i < 200; i++) validateFeedback(body);
  const samples = [];
  for (let round = 0; round < 15; round++) {
    const batch = 200;
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) validateFeedback(body);
    samples.push((performance.now() - t0) / batch);
  }
  record('validator: one maximal feedback body', 'ms', samples, { text: '≤ 1 ms', test: (v) => v <= 1 });
}

// --- feature benchmarks registered by their modules -----------------------------------------------
const extraBenches = [];
for (const file of existsSync(join(root, 'scripts', 'bench')) ? readdirSync(join(root, 'scripts', 'bench')).filter((f) => f.endsWith('.bench.mjs')).sort() : []) {
  extraBenches.push(file);
}

async function main() {
  ensureDeps();
  run(process.execPath, [join(root, 'scripts', 'build.mjs')]);
  const sections = [
    ['bundle', benchBundle],
    ['activation', benchActivation],
    ['client', benchClient],
    ['validator', benchValidator],
  ];
  for (const file of extraBenches) {
    const mod = await import(new URL(`./bench/${file}`, import.meta.url).href);
    const api = { root, require, record, stats, repeat, timeIt, setResearchIdle: (fn) => (researchIdleRequests = fn), setBurnIdle: (fn) => (burnIdleRequests = fn) };
    sections.push([file.replace('.bench.mjs', ''), () => mod.default(api)]);
  }
  sections.push(['idle', benchIdle]);
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
  for (const [name, fn] of sections) {
    if (only && !only.includes(name)) continue;
    process.stdout.write(`[bench] ${name}…\n`);
    await fn();
  }
  // Leave dist/ as the development build the tests expect.
  run(process.execPath, [join(root, 'scripts', 'build.mjs')]);

  const fmt = (v) => (!Number.isFinite(v) ? '—' : Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2));
  const table = [
    ['what', 'median', 'min', 'max', 'unit', 'runs', 'budget', 'ok', 'note'],
    ...rows.map((r) => [r.what, fmt(r.median), fmt(r.min), fmt(r.max), r.unit, String(r.runs), r.budget, r.pass === null ? '' : r.pass ? 'yes' : 'NO', r.note]),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  for (const row of table) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd());
  writeFileSync(join(root, 'bench-results.json'), JSON.stringify({ at: new Date().toISOString(), node: process.version, rows }, null, 2));
  const missed = rows.filter((r) => r.pass === false);
  console.log(`[bench] wrote bench-results.json; ${missed.length} budget(s) missed`);
  if (check && missed.length) process.exitCode = 1;
}

await main();
