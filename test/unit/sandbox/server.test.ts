// The sandbox server: auth, team credit routes in both dialects, counting, control routes, CLI.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { call, fakeClock, withSandbox } from '../../sandbox/testing';
import { parseArgs } from '../../sandbox/cli';

const clock = fakeClock(Date.UTC(2026, 4, 15, 12, 0, 0));
let sb: Sandbox;
before(async () => {
  sb = await startSandbox({ now: clock.now });
});
after(async () => {
  await sb.close();
});

describe('startSandbox', () => {
  test('binds 127.0.0.1 on a free port and exposes fake keys', () => {
    assert.match(sb.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(sb.url, `http://127.0.0.1:${sb.port}`);
    assert.ok(sb.port > 0);
    for (const key of Object.values(sb.keys)) assert.match(key, /^fc-sandbox-000\d/);
    assert.equal(new Set(Object.values(sb.keys)).size, 3);
  });

  test('two sandboxes run side by side and close cleanly', async () => {
    const a = await startSandbox();
    const b = await startSandbox();
    assert.notEqual(a.port, b.port);
    await Promise.all([a.close(), b.close()]);
    await a.close(); // idempotent
    await assert.rejects(fetch(`${a.url}/v2/team/credit-usage`));
  });
});

describe('auth', () => {
  test('no Authorization header → 401 "Unauthorized"', async () => {
    const r = await call(sb, '/v2/team/credit-usage', { key: null });
    assert.equal(r.status, 401);
    assert.deepEqual(r.json, { success: false, error: 'Unauthorized' });
  });

  test('empty bearer → 401 "Unauthorized: Token missing"', async () => {
    const r = await call(sb, '/v2/team/credit-usage', { key: null, headers: { Authorization: 'Bearer ' } });
    assert.equal(r.status, 401);
    assert.deepEqual(r.json, { success: false, error: 'Unauthorized: Token missing' });
  });

  test('unknown key → 401 "Unauthorized: Invalid token" on every route', async () => {
    const paths: Array<[string, unknown]> = [
      ['/v2/team/credit-usage', undefined],
      ['/v2/team/credit-usage/historical', undefined],
      ['/v1/team/credit-usage', undefined],
      [`/v1/deep-research/${sb.demoJobs.completed}`, undefined],
      ['/v2/feedback', { endpoint: 'scrape', jobId: sb.demoV2Jobs.scrape, rating: 'bad', note: 'x' }],
    ];
    for (const [path, body] of paths) {
      const r = await call(sb, path, { key: 'fc-not-a-real-key', body });
      assert.equal(r.status, 401, path);
      assert.deepEqual(r.json, { success: false, error: 'Unauthorized: Invalid token' }, path);
    }
  });

  test('second key belongs to the same team', async () => {
    const a = await call(sb, '/v2/team/credit-usage');
    const b = await call(sb, '/v2/team/credit-usage', { key: sb.keys.second });
    assert.equal(b.status, 200);
    assert.deepEqual(b.json, a.json);
  });

  test('restricted key: 403 on deep research, allowed on team and feedback routes', async () => {
    const dr = await call(sb, `/v1/deep-research/${sb.demoJobs.completed}`, { key: sb.keys.restricted });
    assert.equal(dr.status, 403);
    assert.equal(dr.json.success, false);
    assert.match(dr.json.error, /^Request blocked: /);
    assert.equal((await call(sb, '/v2/team/credit-usage', { key: sb.keys.restricted })).status, 200);
    assert.equal((await call(sb, '/v2/team/credit-usage/historical', { key: sb.keys.restricted })).status, 200);
    assert.equal((await call(sb, '/v1/team/credit-usage', { key: sb.keys.restricted })).status, 200);
    const jobId = sb.createV2Job('map');
    const fb = await call(sb, '/v2/feedback', { key: sb.keys.restricted, body: { endpoint: 'map', jobId, rating: 'bad', note: 'missed pages' } });
    assert.equal(fb.status, 200);
  });
});

describe('GET /v2/team/credit-usage', () => {
  test('demo team: plan 100000, realistic remaining, period around now()', async () => {
    const r = await call(sb, '/v2/team/credit-usage');
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('content-type'), 'application/json; charset=utf-8');
    const d = r.json.data;
    assert.equal(r.json.success, true);
    assert.equal(d.planCredits, 100_000);
    assert.ok(d.remainingCredits > 0 && d.remainingCredits < d.planCredits);
    assert.ok(Date.parse(d.billingPeriodStart) <= clock.now() && clock.now() < Date.parse(d.billingPeriodEnd));
  });

  test('setCredits reflects at once, including negative, oversized and null periods', async () => {
    await withSandbox({ now: clock.now }, async (s) => {
      s.setCredits({ remainingCredits: -250, planCredits: 500, billingPeriodStart: null, billingPeriodEnd: null });
      assert.deepEqual((await call(s, '/v2/team/credit-usage')).json, {
        success: true,
        data: { remainingCredits: -250, planCredits: 500, billingPeriodStart: null, billingPeriodEnd: null },
      });
      s.setCredits({ remainingCredits: 250_000, planCredits: 3000, billingPeriodStart: '2026-05-01T00:00:00.000Z', billingPeriodEnd: '2026-06-01T00:00:00.000Z' });
      assert.equal((await call(s, '/v2/team/credit-usage')).json.data.remainingCredits, 250_000);
    });
  });

  test('null credits → 404 "Could not find credit usage information" (v2 and v1)', async () => {
    await withSandbox({ now: clock.now }, async (s) => {
      s.setCredits(null);
      for (const path of ['/v2/team/credit-usage', '/v1/team/credit-usage']) {
        const r = await call(s, path);
        assert.equal(r.status, 404);
        assert.deepEqual(r.json, { success: false, error: 'Could not find credit usage information' });
      }
    });
  });

  test('/v1/team/credit-usage answers in snake_case', async () => {
    const v2 = (await call(sb, '/v2/team/credit-usage')).json.data;
    const r = await call(sb, '/v1/team/credit-usage');
    assert.equal(r.status, 200);
    assert.deepEqual(r.json, {
      success: true,
      data: {
        remaining_credits: v2.remainingCredits,
        plan_credits: v2.planCredits,
        billing_period_start: v2.billingPeriodStart,
        billing_period_end: v2.billingPeriodEnd,
      },
    });
  });
});

describe('GET /v2/team/credit-usage/historical', () => {
  test('monthly totals without apiKey, oldest first, newest endDate null (live: creditsUsed)', async () => {
    const r = await call(sb, '/v2/team/credit-usage/historical');
    assert.equal(r.status, 200);
    const periods = r.json.periods as Array<Record<string, unknown>>;
    assert.equal(periods.length, 4);
    for (const p of periods) {
      assert.deepEqual(Object.keys(p).sort(), ['creditsUsed', 'endDate', 'startDate']);
      assert.equal(typeof p.creditsUsed, 'number');
    }
    const starts = periods.map((p) => Date.parse(p.startDate as string));
    assert.deepEqual(
      starts,
      [...starts].sort((a, b) => a - b),
    );
    assert.equal(periods.at(-1)?.endDate, null);
    assert.ok(periods.slice(0, -1).every((p) => typeof p.endDate === 'string'));
    assert.equal(periods.at(-1)?.startDate, '2026-05-01T00:00:00.000Z');
    assert.equal(periods[0]?.startDate, '2026-02-01T00:00:00.000Z');
  });

  test('byApiKey=true → rows per key with display names whose sums match the totals', async () => {
    const totals = (await call(sb, '/v2/team/credit-usage/historical')).json.periods as Array<{ startDate: string; creditsUsed: number }>;
    const r = await call(sb, '/v2/team/credit-usage/historical?byApiKey=true');
    const rows = r.json.periods as Array<{ startDate: string; creditsUsed: number; apiKey: string }>;
    assert.equal(rows.length, 12);
    assert.deepEqual([...new Set(rows.map((x) => x.apiKey))].sort(), ['CI pipeline', 'Default', 'Research notebook']);
    assert.ok(rows.every((x) => !x.apiKey.startsWith('fc-')));
    for (const t of totals) {
      const sum = rows.filter((x) => x.startDate === t.startDate).reduce((a, x) => a + x.creditsUsed, 0);
      assert.equal(sum, t.creditsUsed);
    }
  });

  test("only the exact string 'true' asks for the breakdown", async () => {
    for (const q of ['byApiKey=TRUE', 'byApiKey=1', 'byApiKey=', 'byApiKey=false', 'byapikey=true']) {
      const r = await call(sb, `/v2/team/credit-usage/historical?${q}`);
      assert.equal(r.json.periods.length, 4, q);
      assert.ok(
        r.json.periods.every((p: Record<string, unknown>) => !('apiKey' in p)),
        q,
      );
    }
  });

  test('spec dialect says totalCredits instead of creditsUsed', async () => {
    await withSandbox({ now: clock.now, dialect: 'spec' }, async (s) => {
      const r = await call(s, '/v2/team/credit-usage/historical?byApiKey=true');
      assert.ok(r.json.periods.every((p: Record<string, unknown>) => typeof p.totalCredits === 'number' && !('creditsUsed' in p)));
      s.dialect = 'live';
      const live = await call(s, '/v2/team/credit-usage/historical');
      assert.ok(live.json.periods.every((p: Record<string, unknown>) => typeof p.creditsUsed === 'number' && !('totalCredits' in p)));
    });
  });

  test('setHistory: rows summed per month, sorted oldest first; empty history → periods []', async () => {
    await withSandbox({ now: clock.now }, async (s) => {
      s.setHistory([
        { startDate: '2026-05-01T00:00:00.000Z', endDate: null, creditsUsed: 5, apiKey: 'A' },
        { startDate: '2026-04-01T00:00:00.000Z', endDate: '2026-04-30T23:59:59.999Z', creditsUsed: 7, apiKey: 'A' },
        { startDate: '2026-05-01T00:00:00.000Z', endDate: null, creditsUsed: 3, apiKey: 'Unknown' },
      ]);
      assert.deepEqual((await call(s, '/v2/team/credit-usage/historical')).json, {
        success: true,
        periods: [
          { startDate: '2026-04-01T00:00:00.000Z', endDate: '2026-04-30T23:59:59.999Z', creditsUsed: 7 },
          { startDate: '2026-05-01T00:00:00.000Z', endDate: null, creditsUsed: 8 },
        ],
      });
      assert.equal((await call(s, '/v2/team/credit-usage/historical?byApiKey=true')).json.periods.length, 3);
      s.setHistory([]);
      assert.deepEqual((await call(s, '/v2/team/credit-usage/historical')).json, { success: true, periods: [] });
      assert.throws(() => s.setHistory([{ startDate: 5 } as never]), /startDate/);
    });
  });
});

describe('seed: false', () => {
  test('no credits, no history, no demo jobs', async () => {
    await withSandbox({ seed: false }, async (s) => {
      assert.equal((await call(s, '/v2/team/credit-usage')).status, 404);
      assert.deepEqual((await call(s, '/v2/team/credit-usage/historical')).json, { success: true, periods: [] });
      assert.equal((await call(s, `/v1/deep-research/${s.demoJobs.completed}`)).status, 404);
      const fb = await call(s, '/v2/feedback', { body: { endpoint: 'scrape', jobId: s.demoV2Jobs.scrape, rating: 'bad', note: 'x' } });
      assert.equal(fb.json.feedbackErrorCode, 'JOB_NOT_FOUND');
    });
  });
});

describe('self-hosted mode', () => {
  test('no auth; 500 on credit routes; 503 DB_DISABLED on feedback; deep research 404 with its deprecation fields', async () => {
    await withSandbox({ now: clock.now, selfHosted: true }, async (s) => {
      for (const path of ['/v2/team/credit-usage', '/v2/team/credit-usage/historical', '/v1/team/credit-usage']) {
        const r = await call(s, path, { key: null });
        assert.equal(r.status, 500, path);
        assert.equal(r.json.code, 'UNKNOWN_ERROR');
        assert.match(r.json.error, /exception ID is [0-9a-f-]{36}$/);
      }
      const fb = await call(s, '/v2/feedback', { key: null, body: { endpoint: 'scrape', jobId: s.demoV2Jobs.scrape, rating: 'bad', note: 'x' } });
      assert.equal(fb.status, 503);
      assert.equal(fb.json.feedbackErrorCode, 'DB_DISABLED');
      const research = await call(s, `/v1/deep-research/${s.demoJobs.completed}`, { key: null });
      assert.deepEqual([research.status, research.json.replacement], [404, '/v2/search']);
      s.selfHosted = false;
      assert.equal((await call(s, '/v2/team/credit-usage', { key: null })).status, 401);
    });
  });
});

describe('routing and request bodies', () => {
  test('unknown route or method → Express-style 404', async () => {
    for (const [method, path] of [
      ['GET', '/v2/nope'],
      ['POST', '/v2/team/credit-usage'],
      ['GET', '/v2/feedback'],
      ['GET', '/'],
    ]) {
      const r = await call(sb, path!, { method });
      assert.equal(r.status, 404, `${method} ${path}`);
      assert.match(r.text, new RegExp(`Cannot ${method} ${path!.replace(/\//g, '\\/')}`));
    }
  });

  test('a trailing slash still matches', async () => {
    assert.equal((await call(sb, '/v2/team/credit-usage/')).status, 200);
  });

  test('malformed or non-object JSON body → 400 BAD_REQUEST_INVALID_JSON', async () => {
    for (const raw of ['{bad', '"text"', '42']) {
      const r = await call(sb, '/v2/feedback', { raw, headers: { 'Content-Type': 'application/json' } });
      assert.equal(r.status, 400, raw);
      assert.equal(r.json.code, 'BAD_REQUEST_INVALID_JSON', raw);
      assert.equal(r.json.success, false);
    }
  });

  test('a JSON body without a JSON content type is not parsed (INVALID_BODY, not a crash)', async () => {
    const r = await call(sb, '/v2/feedback', { raw: JSON.stringify({ endpoint: 'scrape' }), headers: { 'Content-Type': 'text/plain' } });
    assert.equal(r.status, 400);
    assert.equal(r.json.feedbackErrorCode, 'INVALID_BODY');
    assert.deepEqual(
      r.json.details.map((d: { path: unknown[] }) => d.path[0]),
      ['endpoint', 'jobId', 'rating'],
    );
  });
});

describe('counting and the request log', () => {
  test('counts per route, logs headers, query and body; reset clears both', async () => {
    await withSandbox({ now: clock.now }, async (s) => {
      await call(s, '/v2/team/credit-usage', { headers: { 'User-Agent': 'firecrawl-vscode/0.1.0' } });
      await call(s, '/v2/team/credit-usage/historical?byApiKey=true');
      await call(s, '/v2/team/credit-usage/historical');
      await call(s, '/v2/feedback', { body: { endpoint: 'map', jobId: s.demoV2Jobs.map, rating: 'bad', note: 'n' } });
      await call(s, '/v2/unknown');
      await call(s, '/__sandbox/counts');
      assert.equal(s.requestCount('creditUsage'), 1);
      assert.equal(s.requestCount('creditUsageHistorical'), 2);
      assert.equal(s.requestCount('feedback'), 1);
      assert.equal(s.requestCount('deepResearch'), 0);
      assert.equal(s.requestCount(), 5, 'API requests incl. unknown routes, never control ones');
      const log = s.requests();
      assert.equal(log[0]?.headers['user-agent'], 'firecrawl-vscode/0.1.0');
      assert.equal(log[0]?.headers.authorization, `Bearer ${s.keys.valid}`);
      assert.equal(log[1]?.query, 'byApiKey=true');
      assert.equal(log[2]?.query, '');
      assert.deepEqual(log[3]?.body, { endpoint: 'map', jobId: s.demoV2Jobs.map, rating: 'bad', note: 'n' });
      assert.equal(log[3]?.body !== undefined && log[0]?.body === undefined, true);
      assert.equal(log[4]?.route, 'unknown');
      assert.equal(log[5]?.route, 'control');
      assert.equal(log[0]?.at, clock.now());
      s.resetCounts();
      assert.equal(s.requestCount(), 0);
      assert.equal(s.requests().length, 0);
    });
  });
});

describe('control routes', () => {
  test('info, dialect, credits, history, counts, reset-counts', async () => {
    await withSandbox({ now: clock.now }, async (s) => {
      const info = await call(s, '/__sandbox/info', { key: null });
      assert.equal(info.status, 200);
      assert.deepEqual(info.json.keys, s.keys);
      assert.deepEqual(info.json.demoJobs, s.demoJobs);

      assert.equal((await call(s, '/__sandbox/dialect', { key: null, body: { dialect: 'spec' } })).status, 200);
      assert.equal(s.dialect, 'spec');
      assert.equal((await call(s, '/__sandbox/dialect', { key: null, body: { dialect: 'beta' } })).status, 400);

      const credits = { remainingCredits: 10, planCredits: 20, billingPeriodStart: null, billingPeriodEnd: null };
      assert.equal((await call(s, '/__sandbox/credits', { key: null, body: credits })).status, 200);
      assert.deepEqual((await call(s, '/v2/team/credit-usage')).json.data, credits);
      assert.equal((await call(s, '/__sandbox/credits', { key: null, raw: 'null', headers: { 'Content-Type': 'application/json' } })).status, 200);
      assert.equal((await call(s, '/v2/team/credit-usage')).status, 404);
      assert.equal((await call(s, '/__sandbox/credits', { key: null, body: { remainingCredits: 'x' } })).status, 400);

      await call(s, '/__sandbox/history', { key: null, body: { periods: [{ startDate: '2026-05-01T00:00:00.000Z', endDate: null, creditsUsed: 9, apiKey: 'K' }] } });
      assert.equal((await call(s, '/v2/team/credit-usage/historical')).json.periods[0].totalCredits, 9);

      const counts = await call(s, '/__sandbox/counts', { key: null });
      assert.equal(counts.json.byRoute.creditUsage, 2);
      assert.equal(counts.json.byRoute.creditUsageHistorical, 1);
      assert.equal(counts.json.total, 3);
      await call(s, '/__sandbox/reset-counts', { key: null, method: 'POST' });
      assert.equal(s.requestCount(), 0);
      const requests = await call(s, '/__sandbox/requests', { key: null });
      assert.deepEqual(
        requests.json.requests.map((r: { route: string }) => r.route),
        ['control'],
      );
    });
  });

  test('research-jobs, v2-jobs, v2-jobs/new, feedback-mode, self-hosted, clock, faults', async () => {
    const c = fakeClock();
    await withSandbox({ now: c.now }, async (s) => {
      const created = await call(s, '/__sandbox/research-jobs', { key: null, body: { durationMs: 1000, withJson: true } });
      assert.equal(created.status, 201);
      c.advance(1000);
      const job = await call(s, `/v1/deep-research/${created.json.id}`);
      assert.equal(job.json.status, 'completed');
      assert.ok(job.json.data.json);
      assert.equal((await call(s, '/__sandbox/research-jobs', { key: null, body: { durationMs: -1 } })).status, 400);

      const v2 = await call(s, '/__sandbox/v2-jobs', { key: null, body: { endpoint: 'search', ageMs: 200_000 } });
      assert.equal(v2.status, 201);
      const late = await call(s, `/v2/search/${v2.json.id}/feedback`, { body: { rating: 'bad', querySuggestions: 'try x' } });
      assert.equal(late.json.feedbackErrorCode, 'FEEDBACK_WINDOW_EXPIRED');
      assert.equal((await call(s, '/__sandbox/v2-jobs', { key: null, body: { endpoint: 'crawl' } })).status, 400);

      const fresh = await call(s, '/__sandbox/v2-jobs/new?endpoint=parse', { key: null });
      assert.equal(fresh.json.endpoint, 'parse');
      assert.equal(fresh.json.feedbackWindowSeconds, 120);
      const ok = await call(s, '/v2/feedback', { body: { endpoint: 'parse', jobId: fresh.json.id, rating: 'partial', pageNumbers: [2] } });
      assert.equal(ok.status, 200);
      assert.equal((await call(s, '/__sandbox/v2-jobs/new', { key: null })).json.endpoint, 'scrape');

      await call(s, '/__sandbox/feedback-mode', { key: null, body: { mode: 'optedOut' } });
      assert.equal(s.feedbackMode, 'optedOut');
      assert.equal((await call(s, '/__sandbox/feedback-mode', { key: null, body: { mode: 'weird' } })).status, 400);
      await call(s, '/__sandbox/self-hosted', { key: null, body: { enabled: true } });
      assert.equal(s.selfHosted, true);

      const before = s.now();
      await call(s, '/__sandbox/clock', { key: null, body: { advanceMs: 5000 } });
      assert.equal(s.now(), before + 5000);

      assert.equal(
        (
          await call(s, '/__sandbox/faults', {
            key: null,
            body: [
              { kind: 'status', status: 503, route: 'creditUsage' },
              { kind: 'latency', ms: 1 },
            ],
          })
        ).json.queued,
        2,
      );
      assert.equal((await call(s, '/__sandbox/faults', { key: null })).json.faults.length, 2);
      assert.equal((await call(s, '/__sandbox/faults', { key: null, body: { kind: 'explode' } })).status, 400);
      await call(s, '/__sandbox/faults', { key: null, method: 'DELETE' });
      assert.equal(s.pendingFaults().length, 0);

      assert.equal((await call(s, '/__sandbox/nothing', { key: null })).status, 404);
      assert.equal((await call(s, '/__sandbox/dialect', { key: null, raw: '{oops', headers: { 'Content-Type': 'application/json' } })).status, 400);
      const feedback = await call(s, '/__sandbox/feedback', { key: null });
      assert.equal(feedback.json.submissions.length, 1);
    });
  });
});

describe('cli', () => {
  test('parseArgs reads port, dialect and flags', () => {
    assert.deepEqual(parseArgs([]), { port: 3002, dialect: 'live', seed: true, selfHosted: false, freshJobsEvery: 0 });
    assert.deepEqual(parseArgs(['--port', '0', '--dialect', 'spec', '--no-seed', '--self-hosted']), { port: 0, dialect: 'spec', seed: false, selfHosted: true, freshJobsEvery: 0 });
    assert.deepEqual(parseArgs(['--port=4000', '--dialect=live']).port, 4000);
    assert.throws(() => parseArgs(['--dialect', 'beta']), /dialect/);
    assert.throws(() => parseArgs(['--port', 'x']), /port/);
    assert.throws(() => parseArgs(['--bogus']), /unknown option/);
  });
});

describe('CORS, as the service answers browsers', () => {
  test('a preflight gets 204 with the default methods and the asked headers, and is not an API request', async () => {
    sb.resetCounts();
    const r = await fetch(`${sb.url}/v2/team/credit-usage`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:1', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    assert.equal(r.status, 204);
    assert.equal(r.headers.get('access-control-allow-origin'), '*');
    assert.equal(r.headers.get('access-control-allow-methods'), 'GET,HEAD,PUT,PATCH,POST,DELETE');
    assert.equal(r.headers.get('access-control-allow-headers'), 'authorization');
    assert.equal(await r.text(), '');
    assert.equal(sb.requestCount(), 0);
  });

  test('every answer allows any origin, errors and routes the service lacks included', async () => {
    for (const [path, key] of [
      ['/v2/team/credit-usage', sb.keys.valid],
      ['/v2/team/credit-usage', 'fc-not-a-real-key'],
      ['/v9/nothing', sb.keys.valid],
    ] as const) {
      const r = await fetch(`${sb.url}${path}`, { headers: { Authorization: `Bearer ${key}` } });
      await r.arrayBuffer();
      assert.equal(r.headers.get('access-control-allow-origin'), '*', path);
      // cors() exposes no other headers: a browser caller cannot read Deprecation, Sunset or Link.
      assert.equal(r.headers.get('access-control-expose-headers'), null, path);
    }
  });

  test('switched to a server of one’s own without CORS, no answer allows another origin', async () => {
    sb.allowsBrowsers = false;
    try {
      const preflight = await fetch(`${sb.url}/v2/team/credit-usage`, { method: 'OPTIONS', headers: { Origin: 'http://127.0.0.1:1', 'Access-Control-Request-Method': 'GET' } });
      await preflight.arrayBuffer();
      assert.equal(preflight.headers.get('access-control-allow-origin'), null);
      const r = await fetch(`${sb.url}/v2/team/credit-usage`, { headers: { Authorization: `Bearer ${sb.keys.valid}` } });
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('access-control-allow-origin'), null);
    } finally {
      sb.allowsBrowsers = true;
    }
  });
});
