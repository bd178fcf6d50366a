// Sandbox fault injection: every kind, routing of faults, counts, and clean shutdown with hung requests.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { call, fakeClock, withSandbox } from '../../sandbox/testing';

const clock = fakeClock(Date.UTC(2026, 4, 15, 12, 0, 0));
let sb: Sandbox;
before(async () => {
  sb = await startSandbox({ now: clock.now });
});
after(async () => {
  await sb.close();
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
  assert.ok(check(), 'condition never became true');
}

describe('fault queue', () => {
  test('a fault hits the next matching request only, `times` times, then the route answers normally', async () => {
    sb.clearFaults();
    sb.fault({ route: 'creditUsage', kind: 'status', status: 500, times: 2 });
    assert.equal((await call(sb, '/v2/team/credit-usage/historical')).status, 200, 'other routes are untouched');
    assert.equal((await call(sb, '/v2/team/credit-usage')).status, 500);
    assert.equal((await call(sb, '/v2/team/credit-usage')).status, 500);
    assert.equal((await call(sb, '/v2/team/credit-usage')).status, 200);
  });

  test('a fault without route hits any API route but never control routes; clearFaults empties the queue', async () => {
    sb.clearFaults();
    sb.fault({ kind: 'status', status: 503 });
    assert.equal((await call(sb, '/__sandbox/info', { key: null })).status, 200);
    assert.equal((await call(sb, `/v1/deep-research/${sb.demoJobs.completed}`)).status, 503);
    sb.fault({ kind: 'status', status: 503 });
    sb.clearFaults();
    assert.equal((await call(sb, '/v2/team/credit-usage')).status, 200);
  });

  test('faults come before auth and are counted as requests', async () => {
    sb.clearFaults();
    sb.resetCounts();
    sb.fault({ route: 'creditUsage', kind: 'status', status: 429 });
    assert.equal((await call(sb, '/v2/team/credit-usage', { key: null })).status, 429);
    assert.equal(sb.requestCount('creditUsage'), 1);
  });

  test('invalid faults are refused', () => {
    assert.throws(() => sb.fault({ kind: 'explode' as never }), /kind/);
    assert.throws(() => sb.fault({ kind: 'status', route: 'nope' as never }), /route/);
    assert.throws(() => sb.fault({ kind: 'latency', ms: -1 }), /ms/);
  });
});

describe('fault kinds', () => {
  test('latency: answers normally afterwards', async () => {
    sb.fault({ route: 'creditUsage', kind: 'latency', ms: 20 });
    const r = await call(sb, '/v2/team/credit-usage');
    assert.equal(r.status, 200);
    assert.equal(r.json.success, true);
    assert.equal(sb.pendingFaults().length, 0);
  });

  test('status 401 / 403 / 500 bodies as the live service sends them', async () => {
    sb.fault({ route: 'creditUsage', kind: 'status', status: 401 });
    assert.deepEqual((await call(sb, '/v2/team/credit-usage')).json, { success: false, error: 'Unauthorized: Invalid token' });
    sb.fault({ route: 'creditUsage', kind: 'status', status: 403 });
    const forbidden = await call(sb, '/v2/team/credit-usage');
    assert.equal(forbidden.status, 403);
    assert.match(forbidden.json.error, /^Request blocked: /);
    sb.fault({ route: 'creditUsageHistorical', kind: 'status', status: 500 });
    const failed = await call(sb, '/v2/team/credit-usage/historical');
    assert.equal(failed.status, 500);
    assert.equal(failed.json.code, 'UNKNOWN_ERROR');
    assert.match(failed.json.error, /^An unexpected error occurred.*exception ID is [0-9a-f-]{36}$/);
  });

  test('status 404 per route and dialect', async () => {
    sb.fault({ route: 'creditUsage', kind: 'status', status: 404 });
    assert.deepEqual((await call(sb, '/v2/team/credit-usage')).json, { success: false, error: 'Could not find credit usage information' });
    sb.fault({ route: 'deepResearch', kind: 'status', status: 404 });
    const live = await call(sb, `/v1/deep-research/${sb.demoJobs.completed}`);
    assert.equal(live.json.error, 'Deep research job not found');
    assert.equal(live.json.replacement, '/v2/search');
    assert.equal(live.headers.get('deprecation'), '@1778025600');
    sb.fault({ route: 'feedback', kind: 'status', status: 404 });
    assert.equal((await call(sb, '/v2/feedback', { body: {} })).json.feedbackErrorCode, 'JOB_NOT_FOUND');
    await withSandbox({ dialect: 'spec' }, async (s) => {
      s.fault({ route: 'deepResearch', kind: 'status', status: 404 });
      assert.deepEqual((await call(s, `/v1/deep-research/${s.demoJobs.completed}`)).json, { success: false, error: 'Research job not found' });
    });
  });

  test('status 429: the wait only in the text, no Retry-After unless asked for', async () => {
    sb.fault({ route: 'creditUsage', kind: 'status', status: 429, retryAfterSeconds: 12 });
    const r = await call(sb, '/v2/team/credit-usage');
    assert.equal(r.status, 429);
    assert.equal(r.json.success, false);
    assert.match(r.json.error, /^Rate limit exceeded\. Consumed \(req\/min\): \d+, Remaining \(req\/min\): 0\. .*please retry after 12s, resets at .+$/);
    assert.match(r.json.error, /resets at Fri May 15 2026 12:00:12 GMT\+0000/);
    assert.equal(r.headers.get('retry-after'), null);
    assert.ok(![...r.headers.keys()].some((h) => h.startsWith('x-ratelimit')));

    sb.fault({ route: 'feedback', kind: 'status', status: 429, retryAfterHeader: '3' });
    const withHeader = await call(sb, '/v2/feedback', { body: {} });
    assert.equal(withHeader.headers.get('retry-after'), '3');
    assert.match(withHeader.json.error, /retry after 7s/);
  });

  test('status 502 / 503: HTML from the edge, not JSON', async () => {
    for (const status of [502, 503]) {
      sb.fault({ route: 'creditUsage', kind: 'status', status });
      const r = await call(sb, '/v2/team/credit-usage');
      assert.equal(r.status, status);
      assert.match(r.headers.get('content-type') ?? '', /^text\/html/);
      assert.equal(r.json, undefined);
      assert.match(r.text, new RegExp(`<title>${status}`));
    }
  });

  test('malformedJson: 200 with a JSON content type and a truncated body', async () => {
    sb.fault({ route: 'creditUsage', kind: 'malformedJson' });
    const r = await call(sb, '/v2/team/credit-usage');
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /application\/json/);
    assert.equal(r.json, undefined);
    assert.throws(() => JSON.parse(r.text));
  });

  test('wrongTypes: each route gets its own shape with wrong types', async () => {
    sb.fault({ route: 'creditUsage', kind: 'wrongTypes' });
    assert.equal(typeof (await call(sb, '/v2/team/credit-usage')).json.data.remainingCredits, 'string');
    sb.fault({ route: 'creditUsageHistorical', kind: 'wrongTypes' });
    assert.equal(typeof (await call(sb, '/v2/team/credit-usage/historical')).json.periods[0].creditsUsed, 'string');
    sb.fault({ route: 'deepResearch', kind: 'wrongTypes' });
    assert.equal(typeof (await call(sb, `/v1/deep-research/${sb.demoJobs.completed}`)).json.status, 'number');
    sb.fault({ route: 'feedback', kind: 'wrongTypes' });
    assert.equal(typeof (await call(sb, '/v2/feedback', { body: {} })).json.creditsRefunded, 'string');
  });

  test('oversized: a streamed body larger than 6 MB', async () => {
    sb.fault({ route: 'creditUsage', kind: 'oversized' });
    const res = await fetch(`${sb.url}/v2/team/credit-usage`, { headers: { Authorization: `Bearer ${sb.keys.valid}` } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-length'), null, 'streamed, no length announced');
    const text = await res.text();
    assert.ok(Buffer.byteLength(text) > 6 * 1024 * 1024);
    assert.equal(JSON.parse(text).success, true);
  });

  test('oversized: a client that gives up early does not break the server', async () => {
    sb.fault({ route: 'creditUsage', kind: 'oversized', bytes: 50 * 1024 * 1024 });
    const controller = new AbortController();
    const res = await fetch(`${sb.url}/v2/team/credit-usage`, { headers: { Authorization: `Bearer ${sb.keys.valid}` }, signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    await assert.rejects(reader.read());
    assert.equal((await call(sb, '/v2/team/credit-usage')).status, 200);
  });

  test('connectionReset: the request fails at the transport level', async () => {
    sb.fault({ route: 'creditUsage', kind: 'connectionReset' });
    await assert.rejects(fetch(`${sb.url}/v2/team/credit-usage`, { headers: { Authorization: `Bearer ${sb.keys.valid}` } }), TypeError);
    assert.equal((await call(sb, '/v2/team/credit-usage')).status, 200);
  });

  test('hang: no answer until the client aborts', async () => {
    sb.resetCounts();
    sb.fault({ route: 'creditUsage', kind: 'hang' });
    const controller = new AbortController();
    const pending = fetch(`${sb.url}/v2/team/credit-usage`, { headers: { Authorization: `Bearer ${sb.keys.valid}` }, signal: controller.signal });
    await until(() => sb.requestCount('creditUsage') === 1);
    controller.abort();
    await assert.rejects(pending, { name: 'AbortError' });
    assert.equal((await call(sb, '/v2/team/credit-usage')).status, 200);
  });

  test('hang and latency: close() ends hung requests and pending delays', async () => {
    const s = await startSandbox();
    s.fault({ route: 'creditUsage', kind: 'hang' });
    s.fault({ route: 'creditUsageHistorical', kind: 'latency', ms: 60 * 60 * 1000 });
    const headers = { Authorization: `Bearer ${s.keys.valid}` };
    // Settle both promises into values now, so their rejection is never unhandled while close() runs.
    const outcome = (p: Promise<Response>): Promise<unknown> =>
      p.then(
        () => 'answered',
        (error: unknown) => error,
      );
    const hung = outcome(fetch(`${s.url}/v2/team/credit-usage`, { headers }));
    const slow = outcome(fetch(`${s.url}/v2/team/credit-usage/historical`, { headers }));
    await until(() => s.requestCount() === 2);
    await s.close();
    assert.ok((await hung) instanceof TypeError);
    assert.ok((await slow) instanceof TypeError);
  });
});
