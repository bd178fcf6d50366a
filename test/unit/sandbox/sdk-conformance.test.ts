// The official JS SDK (@mendable/firecrawl-js) against the sandbox: if the SDK reads the sandbox's
// answers as it reads the service's, the sandbox speaks the service's protocol. Also pins down what
// the SDK does that our own client should not copy (see the notes in each test).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { call, fakeClock } from '../../sandbox/testing';

const clock = fakeClock(Date.UTC(2026, 4, 15, 12, 0, 0));
let sb: Sandbox;
let fc: Firecrawl;
before(async () => {
  sb = await startSandbox({ now: clock.now });
  fc = new Firecrawl({ apiKey: sb.keys.valid, apiUrl: sb.url, backoffFactor: 0.001 });
});
after(async () => {
  await sb.close();
});

function lastRequest(): { path: string; query: string; headers: Record<string, string>; body?: unknown } {
  const log = sb.requests();
  const last = log[log.length - 1];
  assert.ok(last, 'the sandbox saw a request');
  return last;
}

async function rejection(p: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await p;
  } catch (error) {
    return error as Record<string, unknown>;
  }
  assert.fail('expected the SDK call to fail');
}

describe('SDK v2: credit usage', () => {
  test('getCreditUsage() returns the sandbox credits', async () => {
    assert.deepEqual(await fc.getCreditUsage(), sb.getCredits());
    const r = lastRequest();
    assert.equal(r.path, '/v2/team/credit-usage');
    assert.equal(r.headers.authorization, `Bearer ${sb.keys.valid}`);
  });

  test('getCreditUsage() reads null periods and negative balances', async () => {
    const saved = sb.getCredits();
    sb.setCredits({ remainingCredits: -12, planCredits: 500, billingPeriodStart: null, billingPeriodEnd: null });
    try {
      assert.deepEqual(await fc.getCreditUsage(), { remainingCredits: -12, planCredits: 500, billingPeriodStart: null, billingPeriodEnd: null });
    } finally {
      sb.setCredits(saved);
    }
  });

  test('getCreditUsageHistorical(true) sends exactly ?byApiKey=true and gets per-key rows', async () => {
    const sdk = await fc.getCreditUsageHistorical(true);
    assert.equal(lastRequest().query, 'byApiKey=true');
    const raw = await call(sb, '/v2/team/credit-usage/historical?byApiKey=true');
    assert.deepEqual(sdk, raw.json);
    assert.equal(sdk.periods.length, 12);
    assert.ok(sdk.periods.every((p) => typeof p.apiKey === 'string' && typeof p.creditsUsed === 'number'));
  });

  test('getCreditUsageHistorical(false) sends no query and gets monthly totals without apiKey', async () => {
    const sdk = await fc.getCreditUsageHistorical(false);
    assert.equal(lastRequest().query, '');
    assert.equal(sdk.periods.length, 4);
    assert.ok(sdk.periods.every((p) => !('apiKey' in p)));
    assert.equal(sdk.periods.at(-1)?.endDate, null);
    assert.deepEqual(sdk, (await call(sb, '/v2/team/credit-usage/historical')).json);
  });

  test('spec dialect: the SDK passes totalCredits through untouched (its type promises creditsUsed)', async () => {
    sb.dialect = 'spec';
    try {
      const sdk = await fc.getCreditUsageHistorical(false);
      const first = sdk.periods[0] as unknown as Record<string, unknown>;
      assert.equal(typeof first.totalCredits, 'number');
      assert.equal(first.creditsUsed, undefined);
    } finally {
      sb.dialect = 'live';
    }
  });

  test('no credit record → SdkError 404 with the service text', async () => {
    const saved = sb.getCredits();
    sb.setCredits(null);
    try {
      const e = await rejection(fc.getCreditUsage());
      assert.ok(e instanceof SdkError);
      assert.equal(e.status, 404);
      assert.equal(e.message, 'Could not find credit usage information');
    } finally {
      sb.setCredits(saved);
    }
  });

  test('bad key → SdkError 401 "Unauthorized: Invalid token"; 429 keeps the wait in the message only', async () => {
    const bad = new Firecrawl({ apiKey: 'fc-wrong', apiUrl: sb.url });
    const e = await rejection(bad.getCreditUsage());
    assert.equal(e.status, 401);
    assert.equal(e.message, 'Unauthorized: Invalid token');
    sb.fault({ route: 'creditUsage', kind: 'status', status: 429, retryAfterSeconds: 9 });
    const limited = await rejection(fc.getCreditUsage());
    assert.equal(limited.status, 429);
    assert.match(String(limited.message), /retry after 9s/);
  });
});

describe('SDK v2: feedback', () => {
  test('feedback() gets a receipt; the refund shows in getCreditUsage()', async () => {
    const before = (await fc.getCreditUsage()).remainingCredits;
    const jobId = sb.createV2Job('scrape', { costCredits: 40 });
    const receipt = await fc.feedback({ endpoint: 'scrape', jobId, rating: 'bad', issues: ['empty_markdown'], note: 'Only the cookie banner came back.' });
    assert.equal(receipt.success, true);
    assert.match(receipt.feedbackId, /^[0-9a-f-]{36}$/);
    assert.equal(receipt.creditsRefunded, 10);
    assert.equal(receipt.dailyRefundCap, 50);
    assert.equal(receipt.alreadySubmitted, undefined);
    assert.equal((await fc.getCreditUsage()).remainingCredits, before + 10);
    const stored = sb.feedbackSubmissions().find((s) => s.jobId === jobId);
    assert.equal(stored?.feedbackId, receipt.feedbackId);
  });

  test('NOTE: the SDK overwrites `origin` with js-sdk@<version> in every POST body', async () => {
    const jobId = sb.createV2Job('map');
    await fc.feedback({ endpoint: 'map', jobId, rating: 'partial', note: 'missed /docs', origin: 'firecrawl-vscode' });
    // The SDK takes the version from npm_package_version when npm runs it, so under `npm test` it
    // reports this project's version: only the prefix is stable.
    assert.match(String((lastRequest().body as Record<string, unknown>).origin), /^js-sdk@\d+\.\d+\.\d+/);
  });

  test('a repeat is answered 200 alreadySubmitted with no refund', async () => {
    const jobId = sb.createV2Job('parse');
    await fc.feedback({ endpoint: 'parse', jobId, rating: 'partial', pageNumbers: [3] });
    const again = await fc.feedback({ endpoint: 'parse', jobId, rating: 'partial', pageNumbers: [3] });
    assert.equal(again.alreadySubmitted, true);
    assert.equal(again.creditsRefunded, 0);
    assert.match(again.warning ?? '', /already submitted/);
  });

  test('INVALID_BODY → SdkError 400 whose details are the zod issues (feedbackErrorCode is not surfaced)', async () => {
    const e = await rejection(fc.feedback({ endpoint: 'scrape', jobId: sb.createV2Job('scrape'), rating: 'bad', note: 'x', integration: 'vscode' }));
    assert.ok(e instanceof SdkError);
    assert.equal(e.status, 400);
    assert.equal(e.message, 'Invalid request body');
    assert.equal(e.code, 'ERR_BAD_REQUEST', "axios's code, not INVALID_BODY");
    assert.deepEqual(
      (e.details as Array<{ path: unknown[] }>).map((d) => d.path),
      [['integration']],
    );
  });

  test('JOB_NOT_FOUND / window expired → SdkError whose details hold the whole body', async () => {
    const missing = await rejection(fc.feedback({ endpoint: 'scrape', jobId: '123e4567-e89b-12d3-a456-426614174000', rating: 'bad', note: 'x' }));
    assert.equal(missing.status, 404);
    assert.equal((missing.details as Record<string, unknown>).feedbackErrorCode, 'JOB_NOT_FOUND');
    const old = sb.createV2Job('scrape', { ageMs: 121_000 });
    const late = await rejection(fc.feedback({ endpoint: 'scrape', jobId: old, rating: 'bad', note: 'x' }));
    assert.equal(late.status, 409);
    assert.equal((late.details as Record<string, unknown>).feedbackErrorCode, 'FEEDBACK_WINDOW_EXPIRED');
  });

  test('searchFeedback(jobId, …) posts to /v2/search/:id/feedback', async () => {
    const jobId = sb.createV2Job('search');
    const receipt = await fc.searchFeedback(jobId, { rating: 'good', valuableSources: [{ url: 'https://example.org/a', reason: 'exact answer' }] });
    assert.equal(receipt.creditsRefunded, 1);
    assert.equal(receipt.dailyRefundCap, 100);
    assert.equal(lastRequest().path, `/v2/search/${jobId}/feedback`);
  });

  test('NOTE: the SDK silently retries a feedback POST after a 502', async () => {
    sb.resetCounts();
    sb.fault({ route: 'feedback', kind: 'status', status: 502 });
    const receipt = await fc.feedback({ endpoint: 'map', jobId: sb.createV2Job('map'), rating: 'bad', note: 'x' });
    assert.equal(receipt.success, true);
    assert.equal(sb.requestCount('feedback'), 2, 'one 502, then a retry the caller never saw');
  });
});

describe('SDK v1: deep research status', () => {
  test('checkDeepResearchStatus() returns the live body as-is (top-level status, data.finalAnalysis)', async () => {
    const res = await fc.v1.checkDeepResearchStatus(sb.demoJobs.completed);
    assert.ok('status' in res);
    const raw = (await call(sb, `/v1/deep-research/${sb.demoJobs.completed}`)).json;
    assert.deepEqual(res, raw);
    assert.equal(res.status, 'completed');
    assert.match(res.data.finalAnalysis, /^# Findings on /);
    assert.equal(res.sources.length, (res as unknown as { totalUrls: number }).totalUrls, 'the SDK type omits totalUrls; the body has it');
  });

  test('progress on the sandbox clock is visible through the SDK', async () => {
    const id = sb.createResearchJob({ durationMs: 30_000, activities: 4 });
    const early = await fc.v1.checkDeepResearchStatus(id);
    assert.ok('status' in early && early.status === 'processing');
    clock.advance(30_000);
    const done = await fc.v1.checkDeepResearchStatus(id);
    assert.ok('status' in done && done.status === 'completed');
    assert.equal(done.activities.length, 4);
  });

  test('a failed job comes back as a value (success:false), not an exception', async () => {
    const res = await fc.v1.checkDeepResearchStatus(sb.demoJobs.failed);
    assert.equal(res.success, false);
    assert.ok('status' in res && res.status === 'failed');
  });

  test('NOTE: the v1 client reports a 404 (and any other failure) as statusCode 500', async () => {
    const e = await rejection(fc.v1.checkDeepResearchStatus('6c1f1f7e-0000-4000-8000-000000000000'));
    assert.equal(e.message, 'Deep research job not found');
    assert.equal(e.statusCode, 500);
    const restricted = new Firecrawl({ apiKey: sb.keys.restricted, apiUrl: sb.url });
    const blocked = await rejection(restricted.v1.checkDeepResearchStatus(sb.demoJobs.completed));
    assert.equal(blocked.statusCode, 500);
    assert.match(String(blocked.message), /403|blocked/i);
  });
});
