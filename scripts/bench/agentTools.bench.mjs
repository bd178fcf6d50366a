// The AI agent tools: what a tool call adds over the raw client request it makes. One call is the
// guard (prepareInvocation: the input checked, the spending record read, the figures) and the run
// (the same scrape through the same client, the charge recorded, the page trimmed and fenced); the raw
// request is client.scrape alone. Both against the sandbox on 127.0.0.1, interleaved, as a ratio.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export default async function agentToolsBench({ root, require, record }) {
  const api = require(join(root, 'out', 'src', 'api', 'index.js'));
  const { nodeFetch } = require(join(root, 'out', 'src', 'platform', 'nodeTransport.js'));
  const { ToolRunner } = require(join(root, 'out', 'src', 'features', 'agentTools', 'model', 'toolRunner.js'));
  const { ToolSpending } = require(join(root, 'out', 'src', 'features', 'agentTools', 'model', 'toolSpending.js'));
  const { ToolDocuments } = require(join(root, 'out', 'src', 'features', 'agentTools', 'model', 'toolDocuments.js'));
  const { RefusalEpisodes } = require(join(root, 'out', 'src', 'features', 'agentTools', 'model', 'refusals.js'));
  const { MemoryDisk } = require(join(root, 'out', 'test', 'support', 'memoryFiles.js'));
  const { startSandbox } = require(join(root, 'out', 'test', 'sandbox', 'server.js'));
  const sandbox = await startSandbox();
  try {
    const client = new api.FirecrawlClient({ baseUrl: sandbox.url, apiKey: () => sandbox.keys.valid, clientName: 'firecrawl-vscode', clientVersion: 'bench', fetch: nodeFetch });
    const clock = { now: () => Date.now(), schedule: (ms, fn) => { const t = setTimeout(fn, ms); return { dispose: () => clearTimeout(t) }; } };
    const disk = new MemoryDisk(() => Date.now());
    const runner = new ToolRunner({
      client: () => client,
      selfHosted: () => false,
      errors: () => ({ apiUrl: sandbox.url }),
      team: () => 'bench',
      balance: () => 62_418,
      teamCredits: async () => ({}),
      spending: new ToolSpending({ files: disk.view(), clock, windowId: 'bench' }),
      documents: new ToolDocuments(),
      refusals: new RefusalEpisodes(),
      clock,
      settings: { dailyBudget: () => 1e9, maxResultCharacters: () => 12_000, onlyMainContent: () => true, scrapeTimeoutMs: () => 30_000, searchLimit: () => 10, mapLimit: () => 500, agentMaxCredits: () => 500 },
      documentName: (key) => `firecrawl-tool-result:/${key}.md`,
    });
    const tool = async (url) => {
      await runner.prepare('scrape', { url });
      return runner.run('scrape', { url });
    };
    const raw = (url) => client.scrape(api.checked('scrape', api.scrapeBody({ url, onlyMainContent: true, timeoutMs: 30_000 })));
    const timeOf = async (fn) => {
      const t0 = performance.now();
      await fn();
      return performance.now() - t0;
    };
    for (let i = 0; i < 5; i++) {
      await tool('https://example.com/warm');
      await raw('https://example.com/warm');
    }
    const ratios = [];
    const median = (s) => [...s].sort((x, y) => x - y)[Math.floor(s.length / 2)];
    for (let round = 0; round < 9; round++) {
      const a = [];
      const b = [];
      for (let i = 0; i < 10; i++) {
        b.push(await timeOf(() => raw(`https://example.com/raw/${round}/${i}`)));
        a.push(await timeOf(() => tool(`https://example.com/tool/${round}/${i}`)));
      }
      ratios.push(median(a) / median(b));
    }
    record('agentTools: a scrape tool call (guard + call + charge + fenced result) / the raw client request', '×', ratios, { text: '≤ 1.2', test: (v) => v <= 1.2 });
  } finally {
    await sandbox.close();
  }
}
