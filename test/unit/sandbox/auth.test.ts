// api-notes, "Every route": `team` and `feedback` routes are always allowed to restricted keys.
// GET /v2/team/queue-status is a team route: a restricted key reads it like the credit routes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { withSandbox } from '../../sandbox/testing';
import { sandboxClient } from '../../support/sandboxClient';

describe('team routes and restricted keys', () => {
  test('a restricted key reads the queue status, as it reads credits', async () => {
    await withSandbox({}, async (sb) => {
      const client = sandboxClient(sb, { apiKey: () => sb.keys.restricted });
      await client.getCreditUsage();
      const queue = await client.getQueueStatus();
      assert.equal(queue.maxConcurrency, 5);
    });
  });
});
