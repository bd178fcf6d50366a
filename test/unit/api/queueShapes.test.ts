// A 200 from the queue route that holds none of its counts (a failure body, an empty object) is not a
// queue with nothing in it: the status bar would show "Jobs running: 0 … waiting: 0" as fact.
import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { FirecrawlClient } from '../../../src/api';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { failure } from '../../support/failure';

let sandbox: Sandbox;

function client(): FirecrawlClient {
  return new FirecrawlClient({ baseUrl: sandbox.url, apiKey: () => sandbox.keys.valid, clientName: 'firecrawl-vscode', clientVersion: '0.1.0-test', sleep: async () => undefined });
}

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox.close();
});
beforeEach(() => sandbox.clearFaults());

for (const body of [{ success: false, error: 'Something went wrong' }, { success: true }, {}]) {
  test(`a 200 answer without any queue count is unreadable, not an empty queue: ${JSON.stringify(body)}`, async () => {
    sandbox.fault({ route: 'queueStatus', kind: 'status', status: 200, body });
    assert.equal((await failure(client().getQueueStatus({ maxAttempts: 1 }))).kind, 'invalidResponse');
  });
}

test('a queue with only some of its counts is still read', async () => {
  sandbox.fault({ route: 'queueStatus', kind: 'status', status: 200, body: { success: true, activeJobsInQueue: 2, maxConcurrency: 5 } });
  assert.deepEqual(await client().getQueueStatus(), { active: 2, waiting: 0, maxConcurrency: 5, mostRecentSuccess: null });
});
