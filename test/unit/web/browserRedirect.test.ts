// A browser's fetch told not to follow a redirect answers with an opaque response: status 0, no
// headers, no body. The person must not read "HTTP 0": the status is one the browser hid.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FirecrawlClient } from '../../../src/api';
import type { FetchLike } from '../../../src/api/http';
import { describeError, describeFeedbackFailure } from '../../../src/host/errorText';
import { failure } from '../../support/failure';

// What a web worker's fetch hands back for `redirect: 'manual'` (type "opaqueredirect").
const opaqueRedirect: FetchLike = async () => ({ status: 0, headers: new Headers(), body: null, text: async () => '' });

function client(): FirecrawlClient {
  return new FirecrawlClient({
    baseUrl: 'https://api.example.test',
    apiKey: () => 'fc-0123456789abcdef0123456789abcdef',
    clientName: 'firecrawl-vscode',
    clientVersion: '0.1.0-test',
    sleep: async () => undefined,
    fetch: opaqueRedirect,
  });
}

describe('a redirect seen through a browser fetch', () => {
  test('is a redirect whose status is unknown, and the words never say HTTP 0', async () => {
    const error = await failure(client().getCreditUsage());
    assert.equal(error.kind, 'redirect');
    assert.equal(error.status, undefined, 'the browser hid the status');
    assert.doesNotMatch(error.message, /HTTP 0\b/);
    const words = describeError(error, { apiUrl: 'https://api.example.test' }).message;
    assert.doesNotMatch(words, /HTTP 0\b/);
    assert.match(words, /answered with a redirect/);
    const feedbackWords = describeFeedbackFailure(error, { endpoint: 'scrape', jobId: '9a6e2c4b-1f3d-4e5a-8b7c-0d1e2f3a4b01', apiUrl: 'https://api.example.test', selfHosted: false }).message;
    assert.doesNotMatch(feedbackWords, /HTTP 0\b/);
  });
});
