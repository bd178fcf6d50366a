// The research store with the real client against the real sandbox over 127.0.0.1, both on one fake
// clock: a job followed to completion in both dialects, counted on the server, a failed job, expiry,
// and the server's 429 and 5xx answers.
import { deepResearchOf } from '../../support/snapshots';
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FirecrawlClient } from '../../../src/api';
import { ResearchStore } from '../../../src/features/research/model/researchStore';
import type { TrackedJob } from '../../../src/features/research/model/trackedJob';
import { pollNotice } from '../../../src/features/research/ui/treeRows';
import { FakeClock } from '../../support/fakeClock';
import { MemoryDisk, SharedMemento } from '../../support/memoryFiles';
import { startSandbox, type Sandbox } from '../../sandbox/server';

const clock = new FakeClock();
let sandbox: Sandbox;

function makeStore(): ResearchStore {
  const client = new FirecrawlClient({
    baseUrl: sandbox.url,
    apiKey: () => sandbox.keys.valid,
    clientName: 'firecrawl-vscode',
    clientVersion: '0.0.0-test',
    // The transport's own retries would wait real time; the store's schedule is what is tested here.
    sleep: async () => undefined,
    now: () => clock.now(),
  });
  const store = new ResearchStore({ source: { client }, storage: new SharedMemento(), files: new MemoryDisk().view(), team: 't', clock, random: () => 0.5 });
  store.setAttention({ focused: true, visible: true });
  store.start();
  return store;
}

/** Moves the shared clock in steps, letting each real HTTP request finish before time moves on. */
async function run(store: ResearchStore, ms: number, step = 250): Promise<void> {
  for (let t = 0; t < ms; t += step) {
    await clock.advance(Math.min(step, ms - t));
    const deadline = Date.now() + 5_000;
    while (store.inFlight > 0) {
      if (Date.now() > deadline) throw new Error('a request did not finish');
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }
}

before(async () => {
  sandbox = await startSandbox({ now: () => clock.now(), seed: false });
});
after(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.clearFaults();
  sandbox.resetCounts();
  sandbox.dialect = 'live';
});

describe('research store against the sandbox', () => {
  for (const dialect of ['live', 'spec'] as const) {
    test(`follows a 60-second job to completion (${dialect} dialect), one request per poll`, async () => {
      sandbox.dialect = dialect;
      const store = makeStore();
      const finished: TrackedJob[] = [];
      store.onDidFinishJob((j) => finished.push(j));
      const createdAt = clock.now();
      const id = sandbox.createResearchJob({ durationMs: 60_000, withJson: true, sources: 5, activities: 6 });
      store.track([id]);
      await run(store, 20_000);
      const midway = store.get(id)!;
      assert.equal(midway.snapshot?.status, 'processing');
      assert.ok(deepResearchOf(midway.snapshot)!.activities.length > 0 && deepResearchOf(midway.snapshot)!.activities.length < 6);
      await run(store, 50_000);
      const done = store.get(id)!;
      assert.equal(done.snapshot?.status, 'completed');
      assert.equal(deepResearchOf(done.snapshot)?.activities.length, 6);
      assert.equal(deepResearchOf(done.snapshot)?.sources.length, 5);
      assert.match(deepResearchOf(done.snapshot)?.finalAnalysis ?? '', /^# Findings on/);
      assert.ok(deepResearchOf(done.snapshot)?.json);
      assert.equal(finished.length, 1);
      const requests = sandbox.requestCount('deepResearch');
      // 60 s at 2 s plus the first request; the easing after 30 s only lowers it.
      assert.ok(requests >= 20 && requests <= 31, `requests: ${requests}`);
      const delay = done.finishedAt! - (createdAt + 60_000);
      assert.ok(delay >= 0 && delay <= 2_000, `completion seen ${delay} ms after it happened`);
      await run(store, 60_000);
      assert.equal(sandbox.requestCount('deepResearch'), requests, 'no requests once finished');
      assert.equal(store.isPolling, false);
      store.dispose();
    });
  }

  test('a failed job is a result with its error; an expired one says so and keeps what it had', async () => {
    const store = makeStore();
    const failed = sandbox.createResearchJob({ durationMs: 4_000, outcome: 'failed', error: 'Research failed: the model did not answer' });
    const expiring = sandbox.createResearchJob({ durationMs: 600_000, expireAfterMs: 20_000, stallAfterMs: 5_000 });
    store.track([failed, expiring]);
    await run(store, 40_000);
    assert.equal(store.get(failed)?.snapshot?.status, 'failed');
    assert.equal(store.get(failed)?.snapshot?.error, 'Research failed: the model did not answer');
    const gone = store.get(expiring)!;
    assert.equal(gone.poll.kind === 'stopped' && gone.poll.reason, 'notFound');
    assert.equal(gone.snapshot?.status, 'processing');
    store.dispose();
  });

  test('429 from the server: the wait written in its text is honoured', async () => {
    const store = makeStore();
    const id = sandbox.createResearchJob({ durationMs: 600_000 });
    store.track([id]);
    await run(store, 1_000);
    // Longer than the transport waits out by itself, so the store gets the 429 and decides.
    sandbox.fault({ route: 'deepResearch', kind: 'status', status: 429, retryAfterSeconds: 20 });
    const before = sandbox.requestCount('deepResearch');
    await run(store, 2_000);
    const job = store.get(id)!;
    assert.equal(job.poll.kind === 'retrying' && job.poll.reason, 'rateLimited');
    const afterFault = sandbox.requestCount('deepResearch');
    assert.ok(afterFault > before);
    await run(store, 18_500);
    assert.equal(sandbox.requestCount('deepResearch'), afterFault, 'quiet while the service asked to wait');
    await run(store, 1_000);
    assert.equal(sandbox.requestCount('deepResearch'), afterFault + 1, 'asks again once the wait is over');
    assert.equal(store.get(id)?.poll.kind, 'polling');
    store.dispose();
  });

  test('a 429 asking for 30 days pauses polling for 15 minutes at a time, never a 1 ms loop', async () => {
    const store = makeStore();
    const id = sandbox.createResearchJob({ durationMs: 600_000 });
    store.track([id]);
    await run(store, 1_000);
    sandbox.fault({ route: 'deepResearch', kind: 'status', status: 429, retryAfterSeconds: 30 * 24 * 3600, times: 1_000 });
    const before = sandbox.requestCount('deepResearch');
    // Within the default 30-minute polling limit: once at once, then once after the capped 15-minute wait.
    await run(store, 29 * 60_000, 30_000);
    assert.equal(sandbox.requestCount('deepResearch') - before, 2);
    const job = store.get(id)!;
    assert.ok(job.poll.kind === 'retrying' && job.poll.reason === 'rateLimited' && job.poll.retryAt - clock.now() <= 15 * 60_000);
    store.dispose();
  });

  test('a 404 that is not the service\'s own (an unmounted route, a proxy) is not "expired"', async () => {
    const store = makeStore();
    const id = sandbox.createResearchJob({ durationMs: 600_000 });
    sandbox.fault({ route: 'deepResearch', kind: 'status', status: 404, text: '<!DOCTYPE html><pre>Cannot GET /v1/deep-research</pre>' });
    store.track([id]);
    await run(store, 1_000);
    const job = store.get(id)!;
    assert.equal(job.poll.kind === 'stopped' && job.poll.reason, 'rejected');
    assert.match(pollNotice(job, clock.now()) ?? '', /answered 404 while reading the deep research job, and not with Firecrawl's own error/);
    store.dispose();
  });

  test('5xx from the server: unreachable, retrying, then back', async () => {
    const store = makeStore();
    const id = sandbox.createResearchJob({ durationMs: 600_000 });
    store.track([id]);
    await run(store, 6_000);
    sandbox.fault({ route: 'deepResearch', kind: 'status', status: 503, times: 2 });
    await run(store, 2_000);
    assert.equal(sandbox.pendingFaults().length, 1, 'one poll, one request: the transport does not retry for the poller');
    const job = store.get(id)!;
    assert.equal(job.poll.kind === 'retrying' && job.poll.reason, 'unreachable');
    assert.equal(job.snapshot?.status, 'processing');
    await run(store, 8_000);
    assert.equal(store.get(id)?.poll.kind, 'polling');
    store.dispose();
  });
});
