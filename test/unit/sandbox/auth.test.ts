// api-notes, "Every route": `team` and `feedback` routes are always allowed to restricted keys.
// GET /v2/team/queue-status is a team route: a restricted key reads it like the credit routes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FirecrawlClient } from '../../../src/api';
import { nodeFetch } from '../../../src/platform/nodeTransport';
import { withSandbox } from '../../sandbox/testing';

describe('team routes and restricted keys', () => {
  test('a restricted key reads the queue status, as it reads credits', async () => {
    await withSandbox({}, async (sb) => {
      const client = new FirecrawlClient({
        baseUrl: sb.url,
        apiKey: () => sb.keys.restricted,
        clientName: 'firecrawl-vscode',
        clientVersion: '0.0.0-test',
        fetch: nodeFetch,
        sleep: async () => undefined,
      });
      await client.getCreditUsage();
      const queue = await client.getQueueStatus();
      assert.equal(queue.maxConcurrency, 5);
    });
  });
});
