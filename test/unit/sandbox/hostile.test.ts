// The hostile and odd answers the sandbox can give, so every layer can be tested against them:
// redirects, other servers' pages, chosen bodies and headers, a deployment's own feedback window,
// union-shaped INVALID_BODY details, balances without a plan, history rows without a start date.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { call, fakeClock } from '../../sandbox/testing';

const clock = fakeClock(Date.UTC(2026, 4, 15, 12, 0, 0));
let sb: Sandbox;
before(async () => {
  sb = await startSandbox({ now: clock.now });
});
after(async () => {
  await sb.close();
});
beforeEach(() => {
  sb.clearFaults();
  sb.feedbackWindowSeconds = 120;
  sb.feedbackIssueStyle = 'flat';
});

describe('status faults with chosen answers', () => {
  test('a redirect says where to, in a Location header, and is not followed by the sandbox', async () => {
    sb.fault({ route: 'creditUsage', kind: 'status', status: 301, location: 'https://elsewhere.example/v2/team/credit-usage' });
    const res = await fetch(`${sb.url}/v2/team/credit-usage`, { redirect: 'manual', headers: { Authorization: `Bearer ${sb.keys.valid}` } });
    assert.equal(res.status, 301);
    assert.equal(res.headers.get('location'), 'https://elsewhere.example/v2/team/credit-usage');
    assert.match(await res.text(), /^Moved Permanently\. Redirecting to https:\/\/elsewhere\.example/);
    sb.fault({ route: 'creditUsage', kind: 'status', status: 307 });
    const temporary = await fetch(`${sb.url}/v2/team/credit-usage`, { redirect: 'manual' });
    assert.equal(temporary.headers.get('location'), 'https://api.firecrawl.dev/v2/team/credit-usage', 'default: the hosted service, same path');
  });

  test("raw text with its own content type: another web server's 404 page", async () => {
    sb.fault({ route: 'creditUsage', kind: 'status', status: 404, text: '<html><body>Not Found</body></html>' });
    const r = await call(sb, '/v2/team/credit-usage');
    assert.equal(r.status, 404);
    assert.match(r.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(r.json, undefined);
    sb.fault({ route: 'creditUsage', kind: 'status', status: 404, text: '{"message":"no route"}', contentType: 'application/json' });
    assert.deepEqual((await call(sb, '/v2/team/credit-usage')).json, { message: 'no route' });
  });

  test('chosen JSON bodies and extra headers, including on 200', async () => {
    sb.fault({ route: 'creditUsage', kind: 'status', status: 200, body: { success: true, data: { remainingCredits: 5 } }, headers: { 'X-Extra': 'yes' } });
    const r = await call(sb, '/v2/team/credit-usage');
    assert.deepEqual(r.json, { success: true, data: { remainingCredits: 5 } });
    assert.equal(r.headers.get('x-extra'), 'yes');
  });

  test('malformed fault options are refused', () => {
    assert.throws(() => sb.fault({ kind: 'status', headers: { a: 1 } as never }), /headers/);
    assert.throws(() => sb.fault({ kind: 'status', text: 5 as never }), /text/);
    assert.throws(() => sb.fault({ kind: 'status', location: {} as never }), /location/);
  });
});

describe('feedback as a deployment may answer it', () => {
  test('the window is a setting: FEEDBACK_WINDOW_EXPIRED states the real number', async () => {
    sb.feedbackWindowSeconds = 300;
    const young = sb.createV2Job('scrape', { ageMs: 200_000 });
    const ok = await call(sb, '/v2/feedback', { body: { endpoint: 'scrape', jobId: young, rating: 'bad', note: 'x' } });
    assert.equal(ok.status, 200, 'inside a 300 s window');
    const old = sb.createV2Job('scrape', { ageMs: 301_000 });
    const late = await call(sb, '/v2/feedback', { body: { endpoint: 'scrape', jobId: old, rating: 'bad', note: 'x' } });
    assert.equal(late.json.feedbackErrorCode, 'FEEDBACK_WINDOW_EXPIRED');
    assert.equal(late.json.error, 'Feedback must be submitted within 300 seconds of the job.');
    const control = await call(sb, '/__sandbox/feedback-window', { body: { seconds: 45 }, key: null });
    assert.equal(control.status, 200);
    assert.equal(sb.feedbackWindowSeconds, 45);
    assert.equal((await call(sb, '/__sandbox/v2-jobs/new?endpoint=map', { key: null })).json.feedbackWindowSeconds, 45);
  });

  test("a search past the window is answered in the search route's own words, with the same number", async () => {
    sb.feedbackWindowSeconds = 300;
    const old = sb.createV2Job('search', { ageMs: 301_000 });
    const late = await call(sb, '/v2/feedback', { body: { endpoint: 'search', jobId: old, rating: 'bad', querySuggestions: 'x' } });
    assert.equal(late.status, 409);
    assert.equal(late.json.feedbackErrorCode, 'FEEDBACK_WINDOW_EXPIRED');
    assert.equal(late.json.error, 'Search feedback must be submitted within 300 seconds of the search.');
    const viaSearchRoute = await call(sb, `/v2/search/${old}/feedback`, { body: { rating: 'bad', querySuggestions: 'x' } });
    assert.equal(viaSearchRoute.json.error, 'Search feedback must be submitted within 300 seconds of the search.');
  });

  test('union style: one invalid_union issue, the real reasons nested per branch', async () => {
    sb.feedbackIssueStyle = 'union';
    const r = await call(sb, '/v2/feedback', { body: { endpoint: 'scrape', jobId: sb.demoV2Jobs.scrape, rating: 'bad', note: 'x'.repeat(4001) } });
    assert.equal(r.status, 400);
    assert.equal(r.json.feedbackErrorCode, 'INVALID_BODY');
    assert.equal(r.json.details.length, 1);
    const [union] = r.json.details;
    assert.equal(union.code, 'invalid_union');
    assert.deepEqual(union.path, []);
    assert.equal(union.errors.length, 2);
    assert.deepEqual(
      union.errors[0].map((i: { path: unknown[] }) => i.path),
      [['note']],
    );
    assert.deepEqual(
      union.errors[1].map((i: { code: string }) => i.code),
      ['invalid_type', 'unrecognized_keys'],
    );
    assert.equal((await call(sb, '/__sandbox/feedback-issues', { body: { style: 'flat' }, key: null })).status, 200);
    assert.equal((await call(sb, '/__sandbox/feedback-issues', { body: { style: 'nested' }, key: null })).status, 400);
  });
});

describe('older and odder team data', () => {
  test('a balance without plan or period (older self-hosted releases)', async () => {
    const before = sb.getCredits();
    sb.setCredits({ remainingCredits: 4_321 });
    assert.deepEqual((await call(sb, '/v2/team/credit-usage')).json, { success: true, data: { remainingCredits: 4_321 } });
    assert.deepEqual((await call(sb, '/v1/team/credit-usage')).json, { success: true, data: { remaining_credits: 4_321 } });
    assert.throws(() => sb.setCredits({ remainingCredits: 1, planCredits: 'x' as never }), /planCredits/);
    sb.setCredits(before);
  });

  test('history rows with a null start date come last', async () => {
    sb.setHistory([
      { startDate: null, endDate: null, creditsUsed: 3, apiKey: 'Default' },
      { startDate: '2026-04-01T00:00:00.000Z', endDate: '2026-04-30T23:59:59.999Z', creditsUsed: 5, apiKey: 'Default' },
    ]);
    const r = await call(sb, '/v2/team/credit-usage/historical?byApiKey=true');
    assert.deepEqual(
      r.json.periods.map((p: { startDate: string | null }) => p.startDate),
      ['2026-04-01T00:00:00.000Z', null],
    );
    const totals = await call(sb, '/v2/team/credit-usage/historical');
    assert.deepEqual(
      totals.json.periods.map((p: { creditsUsed: number }) => p.creditsUsed),
      [5, 3],
    );
  });
});
