// Running work from the editor: what the extension adds to a scrape over the sandbox on 127.0.0.1
// (the typed client, its checks and the result document, against the same POST sent raw), and a
// 2 MB page: the longest synchronous step between its answer and its document, which is what would
// hold up the extension host. Opening the editor itself is VS Code's and is not in these figures.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export default async function runBench({ root, require, record }) {
  const api = require(join(root, 'out', 'src', 'api', 'index.js'));
  const { rules } = require(join(root, 'out', 'src', 'api', 'rules.js'));
  const { redactJson } = require(join(root, 'out', 'src', 'api', 'redact.js'));
  const { nodeFetch } = require(join(root, 'out', 'src', 'platform', 'nodeTransport.js'));
  const { scrapeDocument } = require(join(root, 'out', 'src', 'features', 'run', 'model', 'resultDocument.js'));
  const { startSandbox } = require(join(root, 'out', 'test', 'sandbox', 'server.js'));
  const sandbox = await startSandbox();
  try {
    const client = new api.FirecrawlClient({ baseUrl: sandbox.url, apiKey: () => sandbox.keys.valid, clientName: 'firecrawl-vscode', clientVersion: 'bench', fetch: nodeFetch });
    const request = (url) => api.checked('scrape', api.scrapeBody({ url, onlyMainContent: true, timeoutMs: 30_000 }));
    const ours = async (url) => {
      const result = await client.scrape(request(url));
      return scrapeDocument(result, url, Date.now());
    };
    const raw = async (url) => {
      const response = await fetch(`${sandbox.url}/v2/scrape`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sandbox.keys.valid}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...request(url), ...client.runOrigin }),
      });
      return JSON.parse(await response.text()).data.markdown;
    };
    const timeOf = async (fn) => {
      const t0 = performance.now();
      await fn();
      return performance.now() - t0;
    };
    for (let i = 0; i < 5; i++) {
      await ours('https://example.com/warm');
      await raw('https://example.com/warm');
    }
    const ratios = [];
    for (let round = 0; round < 9; round++) {
      const a = [];
      const b = [];
      // Interleaved, so load on this shared machine falls on both alike.
      for (let i = 0; i < 10; i++) {
        b.push(await timeOf(() => raw(`https://example.com/raw/${round}/${i}`)));
        a.push(await timeOf(() => ours(`https://example.com/ours/${round}/${i}`)));
      }
      const median = (s) => [...s].sort((x, y) => x - y)[Math.floor(s.length / 2)];
      ratios.push(median(a) / median(b));
    }
    record('run: a scrape through the client into its result document / the same POST raw (global fetch, JSON.parse)', '×', ratios, { text: '≤ 1.2', test: (v) => v <= 1.2 });

    // The 2 MB page: its body read as text, then each synchronous step the extension takes with it.
    const big = 'https://example.com/big?size=2000000';
    const response = await fetch(`${sandbox.url}/v2/scrape`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sandbox.keys.valid}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...request(big), ...client.runOrigin }),
    });
    const text = await response.text();
    const longest = [];
    for (let i = 0; i < 9; i++) {
      const steps = [];
      let t0 = performance.now();
      // The transport parses and redacts in one go (api/http.ts interpret).
      const body = redactJson(JSON.parse(text), sandbox.keys.valid);
      steps.push(performance.now() - t0);
      t0 = performance.now();
      const result = rules().normalizeScrape(rules().runSchemas().scrapeResponse.parse(body));
      steps.push(performance.now() - t0);
      t0 = performance.now();
      scrapeDocument(result, big, Date.now());
      steps.push(performance.now() - t0);
      longest.push(Math.max(...steps));
    }
    record(`run: a ${(text.length / 1e6).toFixed(1)} MB page, longest synchronous step (parse + redact, check, document)`, 'ms', longest, { text: '≤ 50 ms', test: (v) => v <= 50 });
  } finally {
    await sandbox.close();
  }
}
