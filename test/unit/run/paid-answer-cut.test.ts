// A paid run whose answer never arrived whole: the connection broke after the service had begun to
// answer, or a gateway gave up waiting for it (502, 504). The service got the request and may have
// run it and billed it, as when the client's own wait runs out: the words must say so before Retry
// sends it again, over both transports. A success that cannot be read was a run for certain.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { agentStartBody, checked, FirecrawlClient, scrapeBody } from '../../../src/api';
import type { FetchLike } from '../../../src/api/http';
import { describeRunError } from '../../../src/host/errorText';
import { nodeFetch } from '../../../src/platform/nodeTransport';
import { failure } from '../../support/failure';

let server: http.Server;
let url: string;
let answer: (res: http.ServerResponse) => void;
let requests = 0;

before(async () => {
  server = http.createServer((req, res) => {
    requests += 1;
    req.resume();
    req.on('end', () => answer(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The service's 200 with the page, cut off after its first bytes. */
function cutAfterHeaders(res: http.ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '4000' });
  // Closed once those bytes are handed to the system, not after a time: the client always gets them first.
  res.write('{"success":true,"data":{"markdown":"# Pricing', () => res.socket?.destroy());
}

const MAY_HAVE_RUN = /It may still have run on Firecrawl and used credits\.$/;
const scrapeOf = () => checked('scrape', scrapeBody({ url: 'https://example.com/', onlyMainContent: true, timeoutMs: 30_000 }));

for (const [name, impl] of [
  ['global fetch', undefined],
  ['node:http', nodeFetch],
] as const) {
  describe(`over ${name}`, () => {
    const client = () =>
      new FirecrawlClient({
        baseUrl: url,
        apiKey: () => 'fc-0123456789abcdef0123456789abcdef',
        clientName: 'firecrawl-vscode',
        clientVersion: '0.3.0-test',
        sleep: async () => undefined,
        ...(impl ? { fetch: impl as FetchLike } : {}),
      });

    test('a scrape whose answer was cut off says it may have run and been paid, and is not sent again', async () => {
      answer = cutAfterHeaders;
      requests = 0;
      const error = await failure(client().scrape(scrapeOf()));
      assert.equal(error.kind, 'network');
      assert.equal(requests, 1);
      assert.match(describeRunError(error).message, MAY_HAVE_RUN);
      answer = cutAfterHeaders;
      const agent = describeRunError(await failure(client().startAgent(checked('agentStart', agentStartBody({ prompt: 'x', urls: [], maxCredits: 100 })))));
      assert.match(agent.message, /The run may have started anyway/);
    });

    test("a gateway's 504 on a scrape says the same; a read cut off is still retried", async () => {
      answer = (res) => {
        res.writeHead(504, { 'Content-Type': 'text/html' });
        res.end('<html><body>504 Gateway Time-out</body></html>');
      };
      assert.match(describeRunError(await failure(client().scrape(scrapeOf()))).message, MAY_HAVE_RUN);
      answer = cutAfterHeaders;
      requests = 0;
      assert.equal((await failure(client().getCreditUsage())).kind, 'network');
      assert.equal(requests, 3);
    });

    test('a 200 the extension cannot read says the run happened and was paid; an agent start offers the recent jobs, not a second run', async () => {
      answer = (res) => {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<html><body>OK</body></html>');
      };
      // A page that is no JSON may come from something in between: the run may or may not have happened.
      const page = describeRunError(await failure(client().scrape(scrapeOf())));
      assert.match(page.message, MAY_HAVE_RUN);
      assert.deepEqual(page.actions, ['retry', 'showLogs']);
      // The service's JSON, lacking what a scrape answers with: it ran, and was paid for.
      answer = (res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ success: true, data: { markdown: 7 } }));
      };
      const scrape = describeRunError(await failure(client().scrape(scrapeOf())));
      assert.match(scrape.message, /It ran on Firecrawl all the same and used credits: a retry is paid again\.$/);
      assert.deepEqual(scrape.actions, ['retry', 'showLogs']);
      answer = (res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ success: true, id: 'run-1' }));
      };
      requests = 0;
      const agent = describeRunError(await failure(client().startAgent(checked('agentStart', agentStartBody({ prompt: 'x', urls: [], maxCredits: 100 })))));
      assert.equal(requests, 1);
      assert.match(agent.message, /The run has started all the same and can spend up to its credit limit/);
      assert.deepEqual(agent.actions, ['addRecentJobs', 'showLogs']);
    });
  });
}
