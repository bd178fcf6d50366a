// A 200 from the queue route that holds none of its counts (a failure body, an empty object) is not a
// queue with nothing in it: the status bar would show "Jobs running: 0 … waiting: 0" as fact.
import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { FirecrawlClient } from '../../../src/api';
import { presentCredits } from '../../../src/features/credits/ui/statusBarText';
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

// The service's times without a zone are UTC (ClickHouse's form, an ISO time missing its Z); read as
// local time they would put the last success hours off, "in the future" east of UTC.
test('a last success without a zone is UTC whatever the local zone: read as ISO, and the tooltip says 4m ago', async () => {
  const zone = process.env.TZ;
  process.env.TZ = 'America/Los_Angeles';
  try {
    const at = Date.UTC(2026, 10, 22, 9, 41, 0, 123);
    for (const sent of ['2026-11-22 09:41:00.123', '2026-11-22T09:41:00.123', '2026-11-22T09:41:00.123Z']) {
      sandbox.fault({ route: 'queueStatus', kind: 'status', status: 200, body: { success: true, activeJobsInQueue: 1, waitingJobsInQueue: 0, maxConcurrency: 5, mostRecentSuccess: sent } });
      const queue = await client().getQueueStatus();
      assert.equal(queue.mostRecentSuccess, '2026-11-22T09:41:00.123Z', sent);
      const shown = presentCredits(
        { loading: false, snapshot: { usage: { remainingCredits: 100, planCredits: 1000, billingPeriodStart: null, billingPeriodEnd: null }, queue, fetchedAt: at + 4 * 60_000 } },
        { now: at + 4 * 60_000, locale: 'en-US', thresholds: { warningPercent: 20, criticalPercent: 5 }, errors: { apiUrl: sandbox.url, selfHosted: false } },
      );
      assert.match(shown.tooltip, /Jobs running: 1 of 5 at once · waiting: 0 · last success 4m ago/, sent);
    }
  } finally {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  }
});
