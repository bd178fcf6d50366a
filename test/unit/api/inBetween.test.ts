// Answers that come from something in between (a proxy, a firewall, a web filter) or a transport that
// hands the body over whole: said for what they are, and held to the same limits.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FirecrawlClient, type FirecrawlError, TimeoutError } from '../../../src/api';
import type { FetchLike, ResponseLike } from '../../../src/api/http';
import { describeError } from '../../../src/host/errorText';
import { describeFeedbackFailure } from '../../../src/host/errorText/feedback';
import { describeRunError } from '../../../src/host/errorText/run';
import { recentJobsUnavailableText } from '../../../src/host/errorText/recent';

const KEY = 'fc-0123456789abcdef0123456789abcdef';
const BLOCK_PAGE = '<html><body><h1>403 Forbidden</h1>Access to this site is blocked by your organisation.</body></html>';
const ctx = { apiUrl: 'https://api.firecrawl.dev' };

function respond(status: number, body: string, headers: Record<string, string> = {}, stream = true): ResponseLike {
  const bytes = new TextEncoder().encode(body);
  return {
    status,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    body: stream
      ? new ReadableStream<Uint8Array>({
          start(c) {
            c.enqueue(bytes);
            c.close();
          },
        })
      : null,
    text: async () => body,
  };
}

function client(fetch: FetchLike): FirecrawlClient {
  return new FirecrawlClient({ baseUrl: ctx.apiUrl, apiKey: () => KEY, clientName: 'firecrawl-vscode', clientVersion: '0.0.0-test', sleep: async () => undefined, fetch });
}

async function failureOf(p: Promise<unknown>): Promise<FirecrawlError> {
  try {
    await p;
  } catch (error) {
    return error as FirecrawlError;
  }
  throw new Error('expected a failure');
}

describe('a 403 page from something in between', () => {
  const blocked = () => client(async () => respond(403, BLOCK_PAGE, { 'content-type': 'text/html' }));

  test('is not Firecrawl refusing the key: no Set API Key, the network and the API URL to check', async () => {
    const error = await failureOf(blocked().getCreditUsage());
    assert.equal(error.kind, 'forbidden');
    assert.equal(error.serviceBody, false);
    const said = describeError(error, ctx);
    assert.equal(
      said.message,
      "The server at https://api.firecrawl.dev answered 403 while reading remaining credits, and not with Firecrawl's own error: something in between (a proxy, a firewall or a web filter) blocked the request. Check the API URL setting and the network.",
    );
    assert.deepEqual(said.actions, ['openSettings', 'showLogs']);
    const run = describeRunError(await failureOf(blocked().scrape({ url: 'https://example.com', timeout: 30_000 } as never)), ctx);
    assert.ok(!run.actions.includes('setApiKey'), `run actions: ${run.actions.join(',')}`);
    assert.match(
      recentJobsUnavailableText(error, ctx),
      /^The server at https:\/\/api\.firecrawl\.dev answered 403 while \w+.*, and not with Firecrawl's own error: .*blocked the request\. Recent jobs could not be listed\.$/,
    );
    const feedback = describeFeedbackFailure(error, { ...ctx, selfHosted: false });
    assert.match(feedback.message, /blocked the request\. The feedback was not recorded; it is kept\.$/);
    assert.ok(!feedback.actions.includes('setApiKey'));
  });

  test("Firecrawl's own 403 still points at the key", async () => {
    const error = await failureOf(client(async () => respond(403, JSON.stringify({ success: false, error: 'Forbidden' }), { 'content-type': 'application/json' })).getCreditUsage());
    assert.equal(error.serviceBody, true);
    assert.match(describeError(error, ctx).message, /^Firecrawl refused reading remaining credits \(403\)/);
    assert.ok(describeError(error, ctx).actions.includes('setApiKey'));
  });
});

test('a timeout listing recent jobs says the service was slow, not that it could not be reached', () => {
  const text = recentJobsUnavailableText(new TimeoutError({ operation: 'activity', timeoutMs: 30_000 }), ctx);
  assert.equal(text, 'Firecrawl did not answer in time, so recent jobs are not listed right now.');
});

test('a body handed over whole (no stream) is held to the size cap in bytes, not characters', async () => {
  // 4 Mi characters of three bytes each: 12 MB, over the 5 MB cap for reads.
  const big = JSON.stringify({ success: true, data: { remainingCredits: 1, planCredits: 1, note: '\u20ac'.repeat(4 * 1024 * 1024) } });
  const error = await failureOf(client(async () => respond(200, big, {}, false)).getCreditUsage());
  assert.equal(error.kind, 'invalidResponse');
});
