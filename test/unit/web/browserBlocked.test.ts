// In a browser, a server that does not allow the page's origin (no CORS headers) fails exactly like
// one that is down: fetch throws a TypeError and nothing else is known. For a server of one's own that
// is the likely cause, so the words say so and what to do; the hosted service allows every origin,
// and its words stay as they are.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_API_URL, FirecrawlClient } from '../../../src/api';
import type { FetchLike } from '../../../src/api/http';
import { describeError, describeFeedbackFailure, describeKeyCheckFailure, describeRunError } from '../../../src/host/errorText';
import { failure } from '../../support/failure';

const SELF_URL = 'https://firecrawl.internal.example';

// What a web worker's fetch does when the answer lacks Access-Control-Allow-Origin.
const blocked: FetchLike = async () => {
  throw new TypeError('Failed to fetch');
};

function client(baseUrl: string): FirecrawlClient {
  return new FirecrawlClient({
    baseUrl,
    apiKey: () => 'fc-0123456789abcdef0123456789abcdef',
    clientName: 'firecrawl-vscode',
    clientVersion: '0.1.0-test',
    sleep: async () => undefined,
    fetch: blocked,
  });
}

const CORS = /CORS.*Access-Control-Allow-Origin.*Authorization.*Access-Control-Allow-Headers.*VS Code desktop/s;

describe('a request the browser blocked', () => {
  test('to a server of one’s own, in a browser: the likely cause and what to do follow "could not reach"', async () => {
    const error = await failure(client(SELF_URL).getCreditUsage());
    assert.equal(error.kind, 'network');
    const ctx = { apiUrl: SELF_URL, selfHosted: true, browser: true };
    const words = describeError(error, ctx).message;
    assert.match(words, /^Could not reach Firecrawl at https:\/\/firecrawl\.internal\.example/);
    assert.match(words, CORS);
    assert.match(describeError(error, { ...ctx, retryInMs: 3_000 }).message, CORS, 'also while the caller retries');
    assert.match(describeKeyCheckFailure(error, ctx).message, CORS);
    assert.match(describeRunError(error, ctx).message, CORS);
    assert.match(describeFeedbackFailure(error, { endpoint: 'scrape', jobId: '9a6e2c4b-1f3d-4e5a-8b7c-0d1e2f3a4b01', ...ctx }).message, CORS);
  });

  test('the hosted service allows every origin: its words do not change in a browser', async () => {
    const error = await failure(client(DEFAULT_API_URL).getCreditUsage());
    const hosted = { apiUrl: DEFAULT_API_URL, selfHosted: false };
    assert.equal(describeError(error, { ...hosted, browser: true }).message, describeError(error, hosted).message);
    assert.doesNotMatch(describeError(error, { ...hosted, browser: true }).message, /CORS/);
  });

  test('outside a browser there is no CORS, and nothing is said of it', async () => {
    const error = await failure(client(SELF_URL).getCreditUsage());
    assert.doesNotMatch(describeError(error, { apiUrl: SELF_URL, selfHosted: true }).message, /CORS/);
    assert.doesNotMatch(describeError(error, { apiUrl: SELF_URL, selfHosted: true, browser: false }).message, /CORS/);
  });
});
