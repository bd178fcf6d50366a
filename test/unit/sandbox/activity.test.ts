// Sandbox GET /v2/team/activity: every job the sandbox creates is listed for 24 hours of its clock,
// newest first, with ClickHouse times (live) or ISO (spec); limit, cursor and has_more; the endpoint
// filter and its 400; parse jobs listed as the service may list them; 501 when self-hosted; the
// control routes and the CLI that make jobs on demand.
import { describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { ACTIVITY_ENDPOINTS } from '../../sandbox/types';
import { clickHouseTime } from '../../sandbox/activity';
import { parseArgs, parseNewJobArgs } from '../../sandbox/cli';
import { startSandbox } from '../../sandbox/server';
import { call, fakeClock, withSandbox } from '../../sandbox/testing';

const START = Date.UTC(2026, 10, 22, 9, 41);
const CLICKHOUSE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/;

interface Entry {
  id: string;
  endpoint: string;
  api_version: string;
  created_at: string;
  target: string | null;
}

describe('GET /v2/team/activity', () => {
  test('every job the sandbox creates is listed, newest first, with its kind, version, ClickHouse time and target', async () => {
    const clock = fakeClock(START);
    await withSandbox({ now: clock.now }, async (sb) => {
      const seeded = (await call(sb, '/v2/team/activity')).json;
      assert.equal(seeded.success, true);
      const seededIds = seeded.data.map((e: Entry) => e.id);
      for (const id of [sb.demoV2Jobs.scrape, sb.demoV2Jobs.map, sb.demoV2Jobs.search, sb.demoV2Jobs.expiredScrape, sb.demoJobs.failed, sb.demoAgentJobs.completed]) {
        assert.ok(seededIds.includes(id), `${id} is listed`);
      }
      assert.ok(!seededIds.includes(sb.demoV2Jobs.parse), 'parse jobs are not listed by default');

      clock.advance(1_000);
      const scrape = sb.createV2Job('scrape', { target: 'https://example.com/a' });
      clock.advance(1_000);
      const research = sb.createResearchJob({ query: 'Who maintains the crawler?' });
      clock.advance(1_000);
      const agent = (await call(sb, '/v2/agent', { body: { prompt: 'Compare three scraping APIs' } })).json.id as string;
      clock.advance(1_000);
      const map = sb.createV2Job('map', { target: null });

      const body = (await call(sb, '/v2/team/activity?limit=4')).json;
      assert.deepEqual(
        body.data.map((e: Entry) => e.id),
        [map, agent, research, scrape],
      );
      assert.deepEqual(
        body.data.map((e: Entry) => [e.endpoint, e.api_version]),
        [
          ['map', 'v2'],
          ['agent', 'v2'],
          ['deep_research', 'v1'],
          ['scrape', 'v2'],
        ],
      );
      assert.deepEqual(
        body.data.map((e: Entry) => e.target),
        [null, 'Compare three scraping APIs', 'Who maintains the crawler?', 'https://example.com/a'],
      );
      for (const e of body.data as Entry[]) assert.match(e.created_at, CLICKHOUSE);
      assert.equal(body.data[0].created_at, '2026-11-22 09:41:04.000');
      assert.equal(body.has_more, true);
      assert.equal(typeof body.cursor, 'string');

      sb.dialect = 'spec';
      const iso = (await call(sb, '/v2/team/activity?limit=1')).json.data[0] as Entry;
      assert.equal(iso.created_at, '2026-11-22T09:41:04.000Z');
    });
  });

  test('a job is listed for 24 hours of the sandbox clock, then never again', async () => {
    const clock = fakeClock(START);
    await withSandbox({ now: clock.now, seed: false }, async (sb) => {
      const old = sb.createV2Job('scrape', { ageMs: 23 * 3_600_000 });
      const fresh = sb.createV2Job('search');
      const ids = async () => (await call(sb, '/v2/team/activity')).json.data.map((e: Entry) => e.id);
      assert.deepEqual(await ids(), [fresh, old]);
      clock.advance(3_600_000 - 1);
      assert.deepEqual(await ids(), [fresh, old]);
      clock.advance(1);
      assert.deepEqual(await ids(), [fresh]);
      clock.advance(23 * 3_600_000);
      assert.deepEqual(await ids(), []);
      const empty = (await call(sb, '/v2/team/activity')).json;
      assert.deepEqual(empty, { success: true, data: [], cursor: null, has_more: false });
    });
  });

  test('limit is 1 to 100 (50 by default); the cursor pages through every job exactly once', async () => {
    const clock = fakeClock(START);
    await withSandbox({ now: clock.now, seed: false }, async (sb) => {
      const created: string[] = [];
      for (let i = 0; i < 130; i++) {
        created.push(sb.createV2Job(i % 2 ? 'scrape' : 'map'));
        // Several jobs in the same millisecond: the order stays stable across pages.
        if (i % 3 === 0) clock.advance(7);
      }
      assert.equal((await call(sb, '/v2/team/activity')).json.data.length, 50);
      for (const bad of ['0', '101', '2.5', 'ten', '']) {
        const refused = await call(sb, `/v2/team/activity?limit=${bad}`);
        assert.equal(refused.status, 400, `limit=${bad}`);
        assert.deepEqual(refused.json, { success: false, error: 'Invalid limit. Must be an integer between 1 and 100.' });
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: { data: Entry[]; cursor: string | null; has_more: boolean } = (await call(sb, `/v2/team/activity?limit=40${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).json;
        seen.push(...page.data.map((e) => e.id));
        assert.equal(page.has_more, page.cursor !== null);
        cursor = page.cursor;
        pages++;
      } while (cursor);
      assert.equal(pages, 4);
      assert.deepEqual(seen, [...created].reverse());
      assert.equal((await call(sb, '/v2/team/activity?limit=100&cursor=')).status, 400);
      const bad = await call(sb, '/v2/team/activity?cursor=not-a-cursor');
      assert.deepEqual([bad.status, bad.json], [400, { success: false, error: 'Invalid cursor.' }]);
    });
  });

  test('the endpoint filter takes the service’s kinds only; parse is not one of them', async () => {
    const clock = fakeClock(START);
    await withSandbox({ now: clock.now }, async (sb) => {
      const scrapes = (await call(sb, '/v2/team/activity?endpoint=scrape')).json.data as Entry[];
      assert.ok(scrapes.length >= 2 && scrapes.every((e) => e.endpoint === 'scrape'));
      const agents = (await call(sb, '/v2/team/activity?endpoint=agent')).json.data as Entry[];
      assert.deepEqual(new Set(agents.map((e) => e.id)), new Set(Object.values(sb.demoAgentJobs)));
      const research = (await call(sb, '/v2/team/activity?endpoint=deep_research')).json.data as Entry[];
      assert.deepEqual(new Set(research.map((e) => e.id)), new Set(Object.values(sb.demoJobs)));
      for (const bad of ['parse', 'SCRAPE', 'feedback', '']) {
        const refused = await call(sb, `/v2/team/activity?endpoint=${bad}`);
        assert.equal(refused.status, 400, bad);
        assert.equal(refused.json.error, `Invalid endpoint filter. Must be one of: ${ACTIVITY_ENDPOINTS.join(', ')}`);
      }
    });
  });

  test('parse jobs: hidden by default, or listed as scrape jobs, or as themselves (unfiltered only)', async () => {
    await withSandbox({}, async (sb) => {
      const parse = sb.createV2Job('parse');
      const listed = async (query = '') => ((await call(sb, `/v2/team/activity${query}`)).json.data as Entry[]).filter((e) => e.id === parse);
      assert.deepEqual(await listed(), []);
      await call(sb, '/__sandbox/parse-activity', { body: { mode: 'scrape' } });
      assert.deepEqual(
        (await listed('?endpoint=scrape')).map((e) => e.endpoint),
        ['scrape'],
      );
      sb.parseActivity = 'parse';
      assert.deepEqual(
        (await listed()).map((e) => e.endpoint),
        ['parse'],
      );
      assert.deepEqual(await listed('?endpoint=scrape'), []);
      assert.equal((await call(sb, '/__sandbox/parse-activity', { body: { mode: 'sometimes' } })).status, 400);
    });
  });

  test('auth like every team route: no key 401, a restricted key allowed; self-hosted answers 501', async () => {
    await withSandbox({}, async (sb) => {
      assert.equal((await call(sb, '/v2/team/activity', { key: null })).status, 401);
      assert.equal((await call(sb, '/v2/team/activity', { key: sb.keys.restricted })).status, 200);
      sb.selfHosted = true;
      const unsupported = await call(sb, '/v2/team/activity');
      assert.equal(unsupported.status, 501);
      assert.equal(unsupported.json.success, false);
      assert.equal(typeof unsupported.json.error, 'string');
      assert.equal(sb.requestCount('activity'), 3);
    });
  });

  test('the control API adds entries of any kind and target, and lists what the route pages through', async () => {
    const clock = fakeClock(START);
    await withSandbox({ now: clock.now, seed: false }, async (sb) => {
      const added = await call(sb, '/__sandbox/activity', {
        body: [
          { endpoint: 'crawl', target: 'https://example.com', ageMs: 5_000 },
          { endpoint: 'teleport', target: '$(zap) [click](command:workbench.action.quit)', apiVersion: 'v1' },
        ],
      });
      assert.equal(added.status, 201);
      const [crawl, teleport] = added.json.ids as string[];
      const job = (await call(sb, '/__sandbox/v2-jobs', { body: { endpoint: 'search', target: 'typed query' } })).json.id as string;
      const data = (await call(sb, '/v2/team/activity')).json.data as Entry[];
      assert.deepEqual(
        data.map((e) => [e.id, e.endpoint, e.target]),
        [
          [job, 'search', 'typed query'],
          [teleport, 'teleport', '$(zap) [click](command:workbench.action.quit)'],
          [crawl, 'crawl', 'https://example.com'],
        ],
      );
      assert.equal(data[2]?.created_at, clickHouseTime(START - 5_000));
      assert.deepEqual(
        (await call(sb, '/__sandbox/activity')).json.activity.map((r: { id: string }) => r.id),
        [job, teleport, crawl],
      );
      assert.equal((await call(sb, '/__sandbox/activity', { body: { endpoint: 7 } })).status, 400);
      assert.equal((await call(sb, '/__sandbox/activity', { body: { endpoint: 'scrape', ageMs: -1 } })).status, 400);
    });
  });
});

describe('fresh jobs for demos', () => {
  test('freshScrapeEveryMs runs a new scrape job on that beat, until the sandbox closes', async () => {
    mock.timers.enable({ apis: ['setInterval'] });
    try {
      const sb = await startSandbox({ seed: false, freshScrapeEveryMs: 60_000 });
      try {
        assert.equal(sb.activity().length, 0);
        mock.timers.tick(60_000);
        mock.timers.tick(60_000);
        const jobs = sb.activity();
        assert.deepEqual(
          jobs.map((j) => j.endpoint),
          ['scrape', 'scrape'],
        );
        assert.ok(jobs.every((j) => typeof j.target === 'string' && j.target.startsWith('https://')));
      } finally {
        await sb.close();
      }
      mock.timers.tick(60_000);
    } finally {
      mock.timers.reset();
    }
  });

  test('the CLI makes one on demand from another terminal, and runs the beat when asked', async () => {
    assert.deepEqual(parseNewJobArgs(['--url', 'http://127.0.0.1:3002/']), { url: 'http://127.0.0.1:3002', endpoint: 'scrape' });
    assert.deepEqual(parseNewJobArgs(['--url=http://127.0.0.1:9', '--endpoint', 'map']), { url: 'http://127.0.0.1:9', endpoint: 'map' });
    assert.throws(() => parseNewJobArgs(['--url', 'https://api.firecrawl.dev']), /sandbox address/);
    assert.throws(() => parseNewJobArgs(['--url', 'http://127.0.0.1:9', '--endpoint', 'crawl']), /--endpoint/);
    assert.equal(parseArgs(['--fresh-jobs-every', '30']).freshJobsEvery, 30);
    assert.throws(() => parseArgs(['--fresh-jobs-every', 'often']), /fresh-jobs-every/);
  });
});
