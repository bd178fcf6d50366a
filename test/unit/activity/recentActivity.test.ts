// The window's one recent-activity list, against the real sandbox on 127.0.0.1 and a fake clock both
// share: one read for any number of callers within its age (shared while in flight), a fresher read
// only for a caller that asks for one, failures kept as long as a list (a server without the list for
// half an hour), and a key or server change that forgets the list and drops a read on its way.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FirecrawlClient } from '../../../src/api';
import { MISS_REREAD_MS, RECENT_ACTIVITY_MS, RecentActivity, UNSUPPORTED_RETRY_MS } from '../../../src/features/activity/model/recentActivity';
import { nodeFetch } from '../../../src/platform/nodeTransport';
import { FakeClock } from '../../support/fakeClock';
import { startSandbox, type Sandbox } from '../../sandbox/server';

let sandbox: Sandbox;
let clock: FakeClock;

const client = () => new FirecrawlClient({ baseUrl: sandbox.url, apiKey: () => sandbox.keys.valid, clientName: 'firecrawl-vscode', clientVersion: '0.2.0-test', fetch: nodeFetch });
const activityQueries = () => sandbox.requestsTo('activity').map((r) => r.query);

before(async () => {
  clock = new FakeClock(Date.parse('2026-11-22T09:41:00.000Z'));
  sandbox = await startSandbox({ now: () => clock.now(), seed: false });
});
after(() => sandbox.close());
beforeEach(async () => {
  // A day later each time: the jobs of the test before are out of the 24-hour list.
  await clock.advance(25 * 3_600_000);
  sandbox.resetCounts();
  sandbox.clearFaults();
  sandbox.selfHosted = false;
});

const entry = (found: Awaited<ReturnType<RecentActivity['find']>>) => (found?.kind === 'found' ? found.entry : undefined);

describe('the shared recent-activity list', () => {
  test('every kind in one unfiltered read; many callers within a minute share it; after the minute, one more', async () => {
    const scrape = sandbox.createV2Job('scrape', { target: 'https://example.com' });
    const agent = sandbox.createAgentJob({ prompt: 'Compare three APIs' });
    const activity = new RecentActivity(client, clock);
    const [a, b, c] = await Promise.all([activity.find(scrape.toUpperCase()), activity.find(agent), activity.read()]);
    assert.deepEqual([entry(a)?.endpoint, entry(a)?.target, entry(b)?.endpoint], ['scrape', 'https://example.com', 'agent']);
    assert.equal(c.kind === 'loaded' && c.list.entries.length, 2);
    assert.equal(await activity.find('1c9a7d3f-4e5b-4c6d-9e7f-8091a2b3c4d5'), undefined);
    assert.deepEqual(activityQueries(), ['limit=100']);
    await clock.advance(RECENT_ACTIVITY_MS - 1);
    assert.ok(activity.cached());
    await activity.find(scrape);
    assert.equal(activityQueries().length, 1);
    await clock.advance(1);
    assert.equal(activity.cached(), undefined);
    await activity.find(scrape);
    assert.deepEqual([activityQueries().length, activity.reads], [2, 2]);
  });

  test('a caller that needs a fresher list gets one; the others take it too', async () => {
    const activity = new RecentActivity(client, clock);
    await activity.read();
    await clock.advance(20_000);
    assert.ok(activity.cached(), 'fresh enough for a hover');
    assert.equal(activity.cached(15_000), undefined, 'too old for the wizard');
    const job = sandbox.createV2Job('map');
    const fresh = await activity.read(15_000);
    assert.equal(fresh.kind === 'loaded' && fresh.list.entries[0]?.id, job);
    const found = await activity.find(job);
    assert.equal(found?.kind === 'found' && found.entry.endpoint, 'map');
    assert.equal(sandbox.requestCount('activity'), 2);
  });

  test('an id a list older than ten seconds does not name is looked for in a new read (a job just run elsewhere); ids looked for together share it', async () => {
    const activity = new RecentActivity(client, clock);
    assert.equal(await activity.find('1c9a7d3f-4e5b-4c6d-9e7f-8091a2b3c4d5'), undefined);
    await clock.advance(MISS_REREAD_MS - 1);
    assert.equal(await activity.find('1c9a7d3f-4e5b-4c6d-9e7f-8091a2b3c4d5'), undefined);
    assert.equal(sandbox.requestCount('activity'), 1, 'a list that young is the answer');
    await clock.advance(1);
    const job = sandbox.createV2Job('scrape', { target: 'https://example.com/just-now' });
    const [found, other] = await Promise.all([activity.find(job), activity.find('2c9a7d3f-4e5b-4c6d-9e7f-8091a2b3c4d5')]);
    assert.equal(entry(found)?.target, 'https://example.com/just-now');
    assert.equal(other, undefined);
    assert.equal(sandbox.requestCount('activity'), 2, 'one new read for both');
    assert.equal(entry(await activity.find(job))?.endpoint, 'scrape', 'a found id asks nothing');
    assert.equal(sandbox.requestCount('activity'), 2);
  });

  test('an id that new reads keep not naming (any UUID in a file) waits twice as long each time, up to the minute the list is kept anyway', async () => {
    const activity = new RecentActivity(client, clock);
    const stranger = '1c9a7d3f-4e5b-4c6d-9e7f-8091a2b3c4d5';
    // Hovered every second for five minutes.
    const readsAt: number[] = [];
    const start = clock.now();
    for (let second = 0; second <= 300; second++) {
      const before = sandbox.requestCount('activity');
      assert.equal(await activity.find(stranger), undefined);
      if (sandbox.requestCount('activity') > before) readsAt.push((clock.now() - start) / 1000);
      await clock.advance(1_000);
    }
    // The first read, then new reads for the id after 10, 20 and 40 s, then once a minute as the list expires.
    assert.deepEqual(readsAt, [0, 10, 30, 70, 130, 190, 250]);
    // Another id still gets its new look after ten seconds: a job that ran since is found.
    await activity.read(0);
    const job = sandbox.createV2Job('scrape', { target: 'https://example.com/later' });
    await clock.advance(MISS_REREAD_MS);
    const before = sandbox.requestCount('activity');
    assert.equal(entry(await activity.find(job))?.target, 'https://example.com/later');
    assert.equal(sandbox.requestCount('activity'), before + 1);
  });

  test('a read on its way since before a job ran does not serve a caller that needs that job: a new read does, and is the one kept', async () => {
    const activity = new RecentActivity(client, clock);
    sandbox.fault({ route: 'activity', kind: 'latency', ms: 300 });
    const early = activity.read();
    await clock.advance(1_000);
    const job = sandbox.createV2Job('scrape');
    const hover = activity.read();
    const wizard = activity.read(0);
    const [first, shared, fresh] = await Promise.all([early, hover, wizard]);
    assert.equal(shared, first, 'a caller content with a minute-old list shares the read on its way');
    assert.equal(fresh.kind === 'loaded' && fresh.list.entries[0]?.id, job);
    assert.equal(activity.cached(), fresh, 'the older read, answering last, does not replace the newer one');
    assert.deepEqual([activity.reads, sandbox.requestCount('activity')], [2, 2]);
  });

  test('reads at most three pages, and stops at the end of the 24 hours', async () => {
    for (let i = 0; i < 350; i++) sandbox.addActivity({ endpoint: 'scrape', ageMs: 1_000 + i });
    const activity = new RecentActivity(client, clock);
    const read = await activity.read();
    assert.deepEqual([read.kind === 'loaded' && read.list.entries.length, read.kind === 'loaded' && read.list.truncated], [300, true]);
    assert.equal(sandbox.requestCount('activity'), 3);
  });

  test('a failure is kept as long as a list would be; a server without the list for half an hour', async () => {
    sandbox.fault({ route: 'activity', kind: 'status', status: 500 });
    // The hosted service's 500 is an outage; at a server of one's own it would mean no list.
    const hosted = { baseUrl: 'https://api.firecrawl.dev', listActivity: (q: Parameters<FirecrawlClient['listActivity']>[0]) => client().listActivity(q) };
    const activity = new RecentActivity(() => hosted, clock);
    const failed = await activity.read();
    assert.deepEqual([failed.kind, failed.kind === 'failed' && failed.unsupported], ['failed', false]);
    assert.equal((await activity.find(sandbox.createV2Job('scrape')))?.kind, 'failed', 'no list to look in: said as such, not as "not in it"');
    assert.equal(sandbox.requestCount('activity'), 1, 'no hover asks a failing server again within the minute');
    assert.equal(activity.cached(0), undefined);
    await activity.read(0);
    assert.equal(sandbox.requestCount('activity'), 2, 'one that needs a fresh list does');

    sandbox.selfHosted = true;
    activity.clear();
    const unsupported = await activity.read();
    assert.equal(unsupported.kind === 'failed' && unsupported.unsupported, true);
    await clock.advance(UNSUPPORTED_RETRY_MS - 1);
    assert.equal(activity.cached(0), unsupported, 'not asked again, however fresh the caller wants it');
    await activity.read(0);
    assert.equal(sandbox.requestCount('activity'), 3);
    await clock.advance(1);
    await activity.read(0);
    assert.equal(sandbox.requestCount('activity'), 4);
  });

  test('an older self-hosted release\'s 500 "Failed to fetch activity." is no list at that server; the hosted service\'s 500 is an outage', async () => {
    sandbox.selfHosted = true;
    sandbox.activitySelfHosted = 'older';
    try {
      const own = await new RecentActivity(client, clock).read();
      assert.equal(own.kind === 'failed' && own.unsupported, true, 'not asked again on every hover for half an hour');
      const hosted = { baseUrl: 'https://api.firecrawl.dev', listActivity: (q: Parameters<FirecrawlClient['listActivity']>[0]) => client().listActivity(q) };
      const outage = await new RecentActivity(() => hosted, clock).read();
      assert.equal(outage.kind === 'failed' && outage.unsupported, false);
    } finally {
      sandbox.activitySelfHosted = 'newer';
    }
  });

  test('a clock set back does not keep the last list fresh: a caller that needs a fresh one gets it, and that read is the one kept', async () => {
    const activity = new RecentActivity(client, clock);
    await activity.read();
    // An NTP fix or a resumed virtual machine: the list now looks read an hour from now.
    clock.stepBack(3_600_000);
    const job = sandbox.createV2Job('scrape');
    const fresh = await activity.read(0);
    assert.equal(sandbox.requestCount('activity'), 2, 'read again, not served by a list stamped in the future');
    assert.ok(fresh.kind === 'loaded' && fresh.list.entries.some((e) => e.id === job));
    assert.equal(activity.cached(), fresh, 'the new read is kept, though the old one looks newer');
    await activity.find(job);
    assert.equal(sandbox.requestCount('activity'), 2, 'a hover within the minute takes it');
    await clock.advance(RECENT_ACTIVITY_MS);
    await activity.read();
    assert.equal(sandbox.requestCount('activity'), 3, 'a minute later, not an hour later, it is read again');
  });

  test('a key or server change forgets the list and drops the read on its way', async () => {
    const job = sandbox.createV2Job('scrape');
    const activity = new RecentActivity(client, clock);
    assert.equal((await activity.find(job))?.kind, 'found');
    sandbox.fault({ route: 'activity', kind: 'latency', ms: 200 });
    await clock.advance(RECENT_ACTIVITY_MS);
    const old = activity.read();
    activity.clear();
    assert.equal(activity.cached(), undefined);
    assert.equal((await old).kind, 'failed', 'the dropped read was aborted');
    assert.equal(activity.cached(), undefined, 'and is not kept');
    assert.equal((await activity.find(job))?.kind, 'found');
    assert.equal(activity.reads, 3);
  });
});

describe('a list cut at its page cap', () => {
  const ID = '3f2b9c1e-8d4a-4b6e-9f10-2a3b4c5d6e7f';
  const NOW = Date.parse('2026-11-20T12:00:00.000Z');
  test('an id missing from a list cut at its page cap is not said to be absent from the recent activity', async () => {
    // A busy team: the newest 300 jobs fill the pages read, and the service has more (truncated).
    const entries = Array.from({ length: 300 }, (_, i) => ({
      id: `${i.toString(16).padStart(8, '0')}-1d2a-4b5c-8d6e-7f8091a2b3c4`,
      endpoint: 'scrape',
      apiVersion: 'v2',
      createdAt: new Date(NOW - i * 1_000).toISOString(),
      target: 'https://example.com',
    }));
    const activity = new RecentActivity(() => ({ listActivity: async () => ({ entries, truncated: true }) }), new FakeClock(NOW));
    // undefined is what the hover words as "Not tracked and not in the team's recent activity yet."
    assert.notEqual(await activity.find(ID), undefined, 'a job older than the pages read was not looked for, so it is not known to be absent');
  });
});
