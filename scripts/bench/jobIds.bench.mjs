// Job ids where they appear. The hover: the real provider (out/…/jobIds/ui/hover.js, with a small
// `vscode` stand-in for the types it builds) answering on a line near the end of a 10,000-line log,
// for a recent scrape id, a tracked agent id and an unknown id, with the recent-activity list already
// read (it is kept a minute; the first hover's wait for it is the network's and is reported apart).
// Typing: 1,000 characters holding ids fed keystroke by keystroke to what runs on a change (the
// selection's id count, a terminal line's links, the id under the cursor); the sandbox counts requests.
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

/** What hover.js and actions.js take from `vscode`: values they build, and words. */
function vscodeStandIn() {
  return {
    l10n: { t: (message, ...args) => (typeof message === 'string' ? message : message.message).replace(/\{(\d+)\}/g, (_, i) => String(args[Number(i)])) },
    MarkdownString: class { constructor(value) { this.value = value; } },
    Hover: class { constructor(contents, range) { this.contents = [contents]; this.range = range; } },
    Range: class { constructor(sl, sc, el, ec) { Object.assign(this, { sl, sc, el, ec }); } },
    commands: { executeCommand: async () => undefined },
    window: {},
    env: {},
  };
}

export default async function jobIdsBench({ root, record }) {
  const require = createRequire(join(root, 'out', 'bench-jobIds.cjs'));
  const Module = require('node:module');
  const load = Module._load;
  const standIn = vscodeStandIn();
  Module._load = function (request, ...rest) {
    return request === 'vscode' ? standIn : load.call(this, request, ...rest);
  };
  let modules;
  try {
    const out = (...p) => require(join(root, 'out', ...p));
    modules = {
      hover: out('src', 'features', 'jobIds', 'ui', 'hover.js'),
      links: out('src', 'features', 'jobIds', 'ui', 'terminalLinks.js'),
      lineIds: out('src', 'features', 'jobIds', 'model', 'lineIds.js'),
      activity: out('src', 'features', 'activity', 'model', 'recentActivity.js'),
      jobIds: out('src', 'shared', 'jobIds.js'),
      format: out('src', 'shared', 'format.js'),
      clock: out('src', 'shared', 'clock.js'),
      api: out('src', 'api', 'index.js'),
      fetch: out('src', 'platform', 'nodeTransport.js'),
      sandbox: out('test', 'sandbox', 'server.js'),
    };
  } finally {
    Module._load = load;
  }
  const { JobIdHoverProvider } = modules.hover;
  const { JobIdTerminalLinkProvider } = modules.links;
  const { RecentActivity } = modules.activity;
  const { findJobIds } = modules.jobIds;
  const sandbox = await modules.sandbox.startSandbox({ seed: false });
  try {
    const client = new modules.api.FirecrawlClient({ baseUrl: sandbox.url, apiKey: () => sandbox.keys.valid, clientName: 'firecrawl-vscode', clientVersion: 'bench', fetch: modules.fetch.nodeFetch });
    const clock = modules.clock.systemClock;
    const activity = new RecentActivity(() => client, clock);
    const agent = sandbox.createAgentJob({ prompt: 'Find pricing pages', durationMs: 60_000 });
    const scrape = sandbox.createV2Job('scrape', { target: 'https://example.com/docs' });
    const unknown = '5c0ffee0-1234-4abc-8def-0123456789ab';
    // As features/jobIds/index.ts composes it: the tracked job first, else the shared list.
    const tracked = new Map([[agent, { source: 'tracked', kind: 'agent', status: 'processing', credits: 12, trackedAt: Date.now() - 60_000 }]]);
    const lookup = {
      now: () => clock.now(),
      known: async (id) => {
        const job = tracked.get(id);
        if (job) return job;
        const found = await activity.find(id);
        if (!found) return undefined;
        if (found.kind === 'unlisted') return { source: 'unlisted' };
        if (found.kind === 'failed') return { source: 'unread', unsupported: found.unsupported, reason: String(found.error) };
        const { entry } = found;
        return { source: 'recent', endpoint: entry.endpoint, apiVersion: entry.apiVersion, target: entry.target ?? undefined, ranAt: modules.format.parseTime(entry.createdAt) };
      },
    };
    const provider = new JobIdHoverProvider(lookup);
    // A hover nobody moves away from: never cancelled.
    const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) };

    const log = (lines) => {
      const text = [];
      for (let i = 0; i < lines; i++) text.push(`2026-11-22T09:41:${String(i % 60).padStart(2, '0')}.000Z INFO worker-${i % 7} fetched page ${i} in ${i % 900} ms (request ${i.toString(16).padStart(8, '0')}-aaaa-4bbb-8ccc-dddddddddddd)`);
      const at = lines - 3;
      text[at] = `2026-11-22T09:42:00.000Z INFO scrape done id=${scrape} credits=1`;
      text[at + 1] = `2026-11-22T09:42:01.000Z INFO agent started ${agent} (spark-1-mini)`;
      text[at + 2] = `2026-11-22T09:42:02.000Z WARN unknown job ${unknown} in a bug note`;
      // A document holds its lines; the provider reads the one it is asked about.
      return { lines: text, lineAt: (n) => ({ text: text[n] }), at };
    };
    const hoverOn = async (doc, line, id) => {
      const character = doc.lines[line].indexOf(id) + 5;
      return provider.provideHover(doc, { line, character }, token);
    };
    const big = log(10_000);
    const small = log(10);
    sandbox.resetCounts();
    const cold = await timeOnce(() => hoverOn(big, big.at, scrape));
    record('job ids: first hover, the recent-activity list read from the sandbox on 127.0.0.1', 'ms', cold, null, `${sandbox.requestCount('activity')} request; kept a minute for every hover, the wizard and the Recent group`);

    const time = async (fn, rounds = 400) => {
      for (let i = 0; i < 20; i++) await fn();
      const samples = [];
      for (let i = 0; i < rounds; i++) samples.push(await timeOnce(fn));
      return samples;
    };
    const cases = [['a recent scrape id', scrape, 0], ['a tracked agent id', agent, 1], ['an unknown id', unknown, 2]];
    let all = [];
    for (const [what, id, offset] of cases) {
      const samples = await time(async () => {
        const hover = await hoverOn(big, big.at + offset, id);
        if (!hover) throw new Error(`no hover on ${what}`);
      });
      all = all.concat(samples);
      record(`job ids: hover answer on ${what}, line 9,99x of a 10,000-line log`, 'ms', samples, { text: '≤ 1 ms', test: (v) => v <= 1 });
    }
    const smallSamples = await time(() => hoverOn(small, small.at, scrape));
    const bigSamples = await time(() => hoverOn(big, big.at, scrape));
    const ratio = median(bigSamples) / Math.max(median(smallSamples), 1e-6);
    record('job ids: hover on a 10,000-line log / on a 10-line log, time ratio', '×', ratio, { text: '≤ 2 (the file’s size does not count)', test: (v) => v <= 2 });
    if (sandbox.requestCount('activity') !== 1) throw new Error(`hovers asked for the list ${sandbox.requestCount('activity')} times`);

    // Typing 1,000 characters holding ids: each keystroke moves the selection (its id count is
    // recomputed), a terminal echoing it would offer links on the line, and the id under the cursor is
    // found. None of it may ask the service anything.
    const links = new JobIdTerminalLinkProvider(lookup);
    const typed = `scrape ${scrape} ok; agent ${agent}; note ${unknown}\n`.repeat(12).slice(0, 1_000);
    sandbox.resetCounts();
    let line = '';
    let found = 0;
    for (const ch of typed) {
      line = ch === '\n' ? '' : line + ch;
      findJobIds(line.slice(-36));
      found += links.provideTerminalLinks({ line }).length;
      modules.lineIds.idAtPosition(line, Math.max(0, line.length - 1));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (found === 0) throw new Error('typing found no ids: the bench types the wrong text');
    record('job ids: requests while typing 1,000 characters that contain ids', 'requests', sandbox.requests().length, { text: '0', test: (v) => v === 0 }, `${typed.length} keystrokes; ids found along the way ${found} times`);
  } finally {
    await sandbox.close();
  }
}

async function timeOnce(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

function median(samples) {
  return [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];
}
