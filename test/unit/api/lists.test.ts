// The two lists of recent jobs as the client reads them from the real sandbox on 127.0.0.1: the
// activity route (ClickHouse or ISO times read as UTC, unknown kinds kept, the filter checked before
// anything is sent, pages up to a cap) and the agent list (`next` followed by its `before` only, never
// by requesting the link), and how their failures are worded.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FirecrawlClient, readServiceTime, UnauthorizedError } from '../../../src/api';
import { nextAgentPage } from '../../../src/api/lists';
import { isListingUnsupported, recentJobsUnavailableText } from '../../../src/host/errorText';
import { nodeFetch } from '../../../src/platform/nodeTransport';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { failure } from '../../support/failure';

const START = Date.UTC(2026, 10, 22, 9, 41);
let now = START;
let sandbox: Sandbox;

const client = () =>
  new FirecrawlClient({ baseUrl: sandbox.url, apiKey: () => sandbox.keys.valid, clientName: 'firecrawl-vscode', clientVersion: '0.2.0-test', fetch: nodeFetch, sleep: async () => undefined });

before(async () => {
  sandbox = await startSandbox({ now: () => now, seed: false });
});
after(() => sandbox.close());
beforeEach(() => {
  sandbox.clearFaults();
  sandbox.resetCounts();
  sandbox.dialect = 'live';
  sandbox.selfHosted = false;
  sandbox.activitySelfHosted = 'newer';
});

describe('readServiceTime', () => {
  test('ClickHouse times are UTC whatever the local zone; ISO is kept; anything else is null', () => {
    const zone = process.env.TZ;
    // Far from UTC on both sides; the offset check proves the zone took effect.
    for (const far of ['America/Los_Angeles', 'Pacific/Kiritimati']) {
      process.env.TZ = far;
      try {
        assert.notEqual(new Date('2026-11-22T09:41:00Z').getTimezoneOffset(), 0, far);
        assert.equal(readServiceTime('2026-11-22 09:41:00.123'), '2026-11-22T09:41:00.123Z');
        assert.equal(readServiceTime('2026-11-22 09:41:00'), '2026-11-22T09:41:00.000Z');
        assert.equal(readServiceTime('2026-11-22 09:41:00.123456'), '2026-11-22T09:41:00.123Z', 'DateTime64(6) is cut to ms');
        assert.equal(readServiceTime('2026-11-22T09:41:00.5'), '2026-11-22T09:41:00.500Z');
        assert.equal(readServiceTime('2026-11-22T10:41:00+01:00'), '2026-11-22T09:41:00.000Z');
        assert.equal(readServiceTime('2026-11-22T09:41:00.123Z'), '2026-11-22T09:41:00.123Z');
      } finally {
        if (zone === undefined) delete process.env.TZ;
        else process.env.TZ = zone;
      }
    }
    for (const bad of [null, undefined, '', 'yesterday', '2026-13-45 99:00:00']) assert.equal(readServiceTime(bad), null, String(bad));
  });
});

describe('listActivity', () => {
  test('reads entries newest first, times as UTC ISO, targets as sent, unknown kinds kept', async () => {
    const scrape = sandbox.createV2Job('scrape', { target: 'https://example.com/pricing' });
    now += 1_000;
    const odd = sandbox.addActivity({ endpoint: 'teleport', target: '$(zap) [run](command:workbench.action.quit)' });
    now += 1_000;
    const research = sandbox.createResearchJob({ query: 'Who crawls the web?' });
    const list = await client().listActivity();
    assert.equal(list.truncated, false);
    const mine = list.entries.filter((e) => [scrape, odd, research].includes(e.id));
    assert.deepEqual(mine, [
      { id: research, endpoint: 'deep_research', apiVersion: 'v1', createdAt: new Date(now).toISOString(), target: 'Who crawls the web?' },
      { id: odd, endpoint: 'teleport', apiVersion: 'v2', createdAt: new Date(now - 1_000).toISOString(), target: '$(zap) [run](command:workbench.action.quit)' },
      { id: scrape, endpoint: 'scrape', apiVersion: 'v2', createdAt: new Date(now - 2_000).toISOString(), target: 'https://example.com/pricing' },
    ]);
    sandbox.dialect = 'spec';
    const iso = await client().listActivity({ endpoint: 'deep_research' });
    assert.equal(iso.entries[0]?.createdAt, new Date(now).toISOString());
    assert.ok(iso.entries.every((e) => e.endpoint === 'deep_research'));
    assert.equal(sandbox.requests().at(-1)?.query, 'endpoint=deep_research&limit=50');
  });

  test('a filter the route does not take (parse) is never sent; limit is kept within 1–100', async () => {
    const refused = await failure(client().listActivity({ endpoint: 'parse' }));
    assert.equal(refused.kind, 'invalidRequest');
    assert.equal(sandbox.requestCount(), 0);
    await client().listActivity({ endpoint: 'map', limit: 1_000 });
    await client().listActivity({ limit: 0 });
    assert.deepEqual(
      sandbox.requests().map((r) => r.query),
      ['endpoint=map&limit=100', 'limit=1'],
    );
  });

  test('pages through the cursor up to the cap, says when it stopped short, and stops at `since`', async () => {
    const fresh = await startSandbox({ now: () => now, seed: false });
    try {
      const c = new FirecrawlClient({ baseUrl: fresh.url, apiKey: () => fresh.keys.valid, clientName: 'x', clientVersion: '0', fetch: nodeFetch });
      const ids: string[] = [];
      for (let i = 0; i < 130; i++) {
        ids.push(fresh.createV2Job('scrape'));
        now += 1_000;
      }
      const capped = await c.listActivity({ limit: 50, maxPages: 2 });
      assert.deepEqual([capped.entries.length, capped.truncated], [100, true]);
      assert.deepEqual(
        capped.entries.map((e) => e.id),
        ids.slice(30).reverse(),
      );
      const all = await c.listActivity({ limit: 50, maxPages: 5 });
      assert.deepEqual([all.entries.length, all.truncated], [130, false]);
      assert.equal(fresh.requestCount('activity'), 5);
      fresh.resetCounts();
      // Entries before `since` are on the first page already: no second page is read.
      const recent = await c.listActivity({ limit: 50, maxPages: 5, since: now - 30_000 });
      assert.deepEqual([recent.entries.length, recent.truncated, fresh.requestCount('activity')], [50, false, 1]);
    } finally {
      await fresh.close();
    }
  });

  test('a server whose cursor never moves is read once per cursor, not forever', async () => {
    const page = {
      success: true,
      data: [{ id: '3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4', endpoint: 'scrape', api_version: 'v2', created_at: '2026-11-22 09:00:00.000', target: null }],
      cursor: 'same',
      has_more: true,
    };
    sandbox.fault({ route: 'activity', kind: 'status', status: 200, body: page, times: 5 });
    const list = await client().listActivity({ maxPages: 5 });
    assert.equal(list.entries.length, 1, 'the repeated entry is kept once');
    assert.equal(sandbox.requestCount('activity'), 2);
  });

  test('an older self-hosted server answers 500 "Failed to fetch activity.": at a server of its own that is no list, said plainly', async () => {
    sandbox.selfHosted = true;
    sandbox.activitySelfHosted = 'older';
    const older = await failure(client().listActivity({ maxAttempts: 1 }));
    assert.deepEqual([older.kind, older.status, older.serverMessage], ['server', 500, 'Failed to fetch activity.']);
    assert.ok(isListingUnsupported(older, true));
    assert.equal(recentJobsUnavailableText(older, { apiUrl: 'http://localhost:3002' }), 'The server at http://localhost:3002 does not list recent jobs (self-hosted Firecrawl may not).');
    // The hosted service answers its own failures the same way: there it is an outage, worth asking again.
    assert.ok(!isListingUnsupported(older, false));
    assert.match(recentJobsUnavailableText(older, { apiUrl: 'https://api.firecrawl.dev' }), /server error \(HTTP 500\)/);
    // A 401: only the service's own rejects the key; a proxy's sign-in or no key set is said as such.
    const rejected = new UnauthorizedError({ operation: 'activity' });
    assert.equal(recentJobsUnavailableText(rejected, { apiUrl: 'https://api.firecrawl.dev', keySet: true }), 'Firecrawl rejected the API key (401), so recent jobs cannot be listed.');
    assert.equal(
      recentJobsUnavailableText(rejected, { apiUrl: 'http://localhost:3002', selfHosted: true, keySet: false }),
      'The server at http://localhost:3002 asks for an API key (401) and none is set, so recent jobs cannot be listed.',
    );
    assert.match(
      recentJobsUnavailableText(new UnauthorizedError({ operation: 'activity', serviceBody: false }), { apiUrl: 'https://fc.corp.example', keySet: true }),
      /^The server at https:\/\/fc\.corp\.example answered 401 while reading the team’s recent jobs, and not with Firecrawl's own error: .* Recent jobs could not be listed\.$/,
    );
    sandbox.activitySelfHosted = 'newer';
  });

  test('failures: 501 and 404 mean the server has no such list; 403, 429, a network error and bad shapes are worded', async () => {
    sandbox.selfHosted = true;
    const unsupported = await failure(client().listActivity());
    assert.deepEqual([unsupported.kind, unsupported.status], ['server', 501]);
    assert.ok(isListingUnsupported(unsupported));
    assert.equal(recentJobsUnavailableText(unsupported, { apiUrl: 'http://localhost:3002' }), 'The server at http://localhost:3002 does not list recent jobs (self-hosted Firecrawl may not).');
    sandbox.selfHosted = false;

    sandbox.fault({ route: 'activity', kind: 'status', status: 404, text: 'Cannot GET /v2/team/activity' });
    const unmounted = await failure(client().listActivity());
    assert.equal(unmounted.kind, 'noRoute');
    assert.ok(isListingUnsupported(unmounted));

    sandbox.fault({ route: 'activity', kind: 'status', status: 403 });
    const forbidden = await failure(client().listActivity());
    assert.equal(forbidden.kind, 'forbidden');
    assert.ok(!isListingUnsupported(forbidden));
    assert.match(recentJobsUnavailableText(forbidden), /refused to list recent jobs \(403\)/);

    sandbox.fault({ route: 'activity', kind: 'status', status: 429, retryAfterSeconds: 30 });
    const limited = await failure(client().listActivity({ maxAttempts: 1 }));
    assert.equal(limited.kind, 'rateLimited');
    assert.equal(recentJobsUnavailableText(limited), 'Firecrawl’s rate limit was reached; recent jobs can be listed again in 30 s.');

    sandbox.fault({ route: 'activity', kind: 'connectionReset' });
    const network = await failure(client().listActivity({ maxAttempts: 1 }));
    assert.equal(network.kind, 'network');
    assert.equal(recentJobsUnavailableText(network), 'Could not reach Firecrawl to list recent jobs.');
    // In a browser the sandbox is a server of one's own: the likely cause, CORS, follows.
    assert.match(recentJobsUnavailableText(network, { apiUrl: sandbox.url, selfHosted: true, browser: true }), /^Could not reach Firecrawl to list recent jobs\. In a browser this is often CORS: /);

    sandbox.fault({ route: 'activity', kind: 'wrongTypes' });
    const unreadable = await failure(client().listActivity());
    assert.equal(unreadable.kind, 'invalidResponse');
    assert.match(unreadable.message, /\(activity\) at data\[0\]\.id: expected string, got number/);
  });
});

describe('listAgentJobs', () => {
  test('reads runs with status, prompt and target hint; follows `next` up to the cap', async () => {
    const fresh = await startSandbox({ now: () => now, seed: false });
    try {
      const c = new FirecrawlClient({ baseUrl: fresh.url, apiKey: () => fresh.keys.valid, clientName: 'x', clientVersion: '0', fetch: nodeFetch });
      const ids: string[] = [];
      for (let i = 0; i < 25; i++) {
        ids.push(fresh.createAgentJob({ prompt: `run ${i}`, durationMs: 60_000, ...(i === 0 ? { urls: ['https://example.com/a'] } : {}) }));
        now += 1_000;
      }
      const one = await c.listAgentJobs();
      assert.deepEqual([one.runs.length, one.truncated], [20, true]);
      assert.deepEqual(one.runs[0], {
        id: ids[24],
        createdAt: new Date(now - 1_000).toISOString(),
        status: 'processing',
        urls: [],
        hidden: false,
        prompt: 'run 24',
        targetHint: 'run 24',
        model: 'spark-1-pro',
        origin: 'api',
      });
      const all = await c.listAgentJobs({ maxPages: 3 });
      assert.deepEqual([all.runs.length, all.truncated], [25, false]);
      assert.deepEqual(
        all.runs.map((r) => r.id),
        [...ids].reverse(),
      );
      assert.deepEqual(all.runs.at(-1)?.urls, ['https://example.com/a']);
      assert.equal(all.runs.at(-1)?.targetHint, 'https://example.com/a');
      assert.match(fresh.requests().at(-1)?.query ?? '', /^before=\d+$/);
    } finally {
      await fresh.close();
    }
  });

  test('the last page: no `next` (newer servers) or a `next` to an empty page (older ones); `before` only as a non-negative integer; thread fields are read past', async () => {
    const fresh = await startSandbox({ now: () => now, seed: false });
    try {
      const c = new FirecrawlClient({ baseUrl: fresh.url, apiKey: () => fresh.keys.valid, clientName: 'x', clientVersion: '0', fetch: nodeFetch });
      for (let i = 0; i < 20; i++) {
        fresh.createAgentJob({ prompt: `run ${i}`, durationMs: 60_000, ...(i === 0 ? { thread: { id: 'thread-1', turn: 2 } } : {}) });
        now += 1_000;
      }
      const newer = await c.listAgentJobs({ maxPages: 3 });
      assert.deepEqual([newer.runs.length, newer.truncated], [20, false]);
      assert.equal(fresh.requestCount('agentList'), 1, 'no `next`: one page');
      fresh.agentListEnd = 'emptyPage';
      fresh.resetCounts();
      const older = await c.listAgentJobs({ maxPages: 3 });
      assert.deepEqual([older.runs.length, older.truncated], [20, false]);
      assert.equal(fresh.requestCount('agentList'), 2, 'the empty page ends it');
      const raw = await fetch(`${fresh.url}/v2/agent?before=-5`, { headers: { Authorization: `Bearer ${fresh.keys.valid}` } });
      assert.deepEqual([raw.status, ((await raw.json()) as { error?: string }).error], [400, 'Invalid before timestamp.']);
      assert.equal(nextAgentPage(undefined, [], fresh.url), undefined);
      assert.equal(
        nextAgentPage('/v2/agent?before=1.5', [{ id: 'x', createdAt: 'not a time', status: 'completed', urls: [], hidden: false }], fresh.url),
        undefined,
        'no before that is not a whole number',
      );
    } finally {
      await fresh.close();
    }
  });

  test('a `next` pointing elsewhere is never requested: only its `before` is used, on our server', async () => {
    const run = { id: '3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4', createdAt: '2026-11-22T09:00:00.000Z', status: 'completed', settings: { hidden: false, starred: false } };
    sandbox.fault({ route: 'agentList', kind: 'status', status: 200, body: { success: true, agents: [run], next: 'https://evil.example/v2/agent?before=1763800000000' } });
    await client().listAgentJobs({ maxPages: 2 });
    const asked = sandbox.requestsTo('agentList').map((r) => r.query);
    assert.deepEqual(asked, ['', 'before=1763800000000']);
    assert.equal(nextAgentPage('not a url at all \u0000', [{ ...run, urls: [], hidden: false }], sandbox.url), String(Date.parse(run.createdAt)));
    assert.equal(nextAgentPage('/v2/agent?before=12;rm', [], sandbox.url), undefined);
    assert.equal(nextAgentPage(undefined, [{ ...run, urls: [], hidden: false }], sandbox.url), undefined);
  });

  test('self-hosted: 501, worded as a server without the list', async () => {
    sandbox.selfHosted = true;
    const error = await failure(client().listAgentJobs());
    assert.equal(error.status, 501);
    assert.ok(isListingUnsupported(error));
    sandbox.fault({ route: 'agentList', kind: 'wrongTypes' });
    sandbox.selfHosted = false;
    assert.equal((await failure(client().listAgentJobs())).kind, 'invalidResponse');
  });
});
