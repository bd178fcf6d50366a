// api-notes, "POST /v2/search": a bad body is 400 "Invalid request body" without a `code` (the scrape
// route's BAD_REQUEST form is not the search route's). The client still names the refused key.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FirecrawlClient } from '../../../src/api';
import { describeRunError } from '../../../src/host/errorText';
import { nodeFetch } from '../../../src/platform/nodeTransport';
import { call, withSandbox } from '../../sandbox/testing';
import { failure } from '../../support/failure';

describe('search: a bad body', () => {
  test('400 "Invalid request body" without a code; the words still name the key', async () => {
    await withSandbox({}, async (sb) => {
      const raw = await call(sb, '/v2/search', { body: { query: 'x', limit: 2, nope: true } });
      assert.deepEqual([raw.status, raw.json.error, raw.json.code], [400, 'Invalid request body', undefined]);
      const client = new FirecrawlClient({ baseUrl: sb.url, apiKey: () => sb.keys.valid, clientName: 'firecrawl-vscode', clientVersion: '0.0.0-test', fetch: nodeFetch });
      const error = await failure(client.search({ query: 'x', limit: 2, nope: true } as never));
      assert.deepEqual([error.kind, error.status, error.code], ['badRequest', 400, undefined]);
      assert.match(describeRunError(error).message, /'nope'/);
    });
  });
});
