// api-notes, "POST /v2/search": a bad body is 400 "Invalid request body" without a `code` (the scrape
// route's BAD_REQUEST form is not the search route's). The client still names the refused key.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checked, FirecrawlClient, mapBody, scrapeBody } from '../../../src/api';
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

describe("scrape and map: a site on the service's blocklist", () => {
  test("403 in the service's words, whatever the key or body; said as the site refused, with only another address to try", async () => {
    await withSandbox({}, async (sb) => {
      const raw = await call(sb, '/v2/scrape', { body: { url: 'https://www.linkedin.com/in/someone', nope: true } });
      assert.deepEqual([raw.status, raw.json.success, raw.json.code], [403, false, undefined]);
      assert.match(String(raw.json.error), /^We apologize for the inconvenience but we do not support this site\./);
      const client = new FirecrawlClient({ baseUrl: sb.url, apiKey: () => sb.keys.valid, clientName: 'firecrawl-vscode', clientVersion: '0.0.0-test', fetch: nodeFetch });
      for (const error of [
        await failure(client.scrape(checked('scrape', scrapeBody({ url: 'https://www.linkedin.com/in/someone', onlyMainContent: true, timeoutMs: 30_000 })))),
        await failure(client.map(checked('map', mapBody('https://facebook.com/', 10)))),
      ]) {
        assert.deepEqual([error.kind, error.status], ['forbidden', 403]);
        const text = describeRunError(error, { apiUrl: sb.url, selfHosted: false });
        assert.match(
          text.message,
          /^Firecrawl does not fetch this site \(403\): it is on the list of sites it refuses, whatever the key\. Firecrawl said: We apologize for the inconvenience but we do not support this site\./,
        );
        assert.doesNotMatch(text.message, /API key|allow-list/);
        assert.deepEqual(text.actions, ['editAndRetry']);
      }
      // A page on another site is scraped as ever.
      assert.equal((await client.scrape(checked('scrape', scrapeBody({ url: 'https://notlinkedin.com/', onlyMainContent: true, timeoutMs: 30_000 })))).markdown.length > 0, true);
    });
  });

  test('a self-hosted server says so in its own words, which point at its configuration', async () => {
    await withSandbox({ selfHosted: true }, async (sb) => {
      const client = new FirecrawlClient({ baseUrl: sb.url, apiKey: () => sb.keys.valid, clientName: 'firecrawl-vscode', clientVersion: '0.0.0-test', fetch: nodeFetch });
      const error = await failure(client.map(checked('map', mapBody('https://x.com/firecrawl', 10))));
      const text = describeRunError(error, { apiUrl: sb.url, selfHosted: true });
      assert.match(
        text.message,
        /^The server at http:\/\/127\.0\.0\.1:\d+ does not fetch this site \(403\).*Firecrawl said: This website is no longer supported\. Please check your server configuration/,
      );
      assert.deepEqual(text.actions, ['editAndRetry']);
    });
  });
});
