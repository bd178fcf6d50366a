// Sandbox POST /v2/feedback: key schema rules, the checks after it in the service's order,
// duplicates, refunds and the daily cap.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Sandbox } from '../../sandbox/server';
import { call, fakeClock, withSandbox, type ApiResponse } from '../../sandbox/testing';

function send(sb: Sandbox, body: unknown): Promise<ApiResponse> {
  return call(sb, '/v2/feedback', { body });
}

function paths(r: ApiResponse): string[] {
  return (r.json.details as Array<{ path: unknown[] }>).map((d) => d.path.join('.'));
}

describe('feedback schema (INVALID_BODY)', () => {
  test('400 with zod-like details naming the field', async () => {
    await withSandbox({ now: fakeClock().now }, async (sb) => {
      const jobId = sb.createV2Job('scrape');
      const r = await send(sb, { endpoint: 'crawl', jobId, rating: 'bad', note: 'x' });
      assert.equal(r.status, 400);
      assert.equal(r.json.success, false);
      assert.equal(r.json.feedbackErrorCode, 'INVALID_BODY');
      assert.equal(r.json.error, 'Invalid request body');
      assert.deepEqual(paths(r), ['endpoint']);
      assert.equal(typeof r.json.details[0].message, 'string');
    });
  });

  test('key rules', async () => {
    await withSandbox({ now: fakeClock().now }, async (sb) => {
      const jobId = sb.createV2Job('scrape');
      const base = { endpoint: 'scrape', jobId, rating: 'bad' };
      const cases: Array<[Record<string, unknown>, string[]]> = [
        [{ ...base, note: 'x', extra: 1 }, ['']],
        [{ ...base, integration: 'vscode', note: 'x' }, ['integration']],
        [{ ...base, jobId: '123e4567-e89b-02d3-a456-426614174000', note: 'x' }, ['jobId']], // version 0
        [{ ...base, jobId: '123e4567-e89b-12d3-c456-426614174000', note: 'x' }, ['jobId']], // variant c
        [{ ...base, issues: ['Empty'] }, ['issues.0']],
        [{ ...base, issues: ['-x'] }, ['issues.0']],
        [{ ...base, tags: ['a'.repeat(81)] }, ['tags.0']],
        [{ ...base, issues: Array(21).fill('a') }, ['issues']],
        [{ ...base, note: 'x'.repeat(4001) }, ['note']],
        [{ ...base, querySuggestions: 'x'.repeat(2001) }, ['querySuggestions']],
        [{ ...base, url: 'ftp://example.com' }, ['url']],
        [{ ...base, url: `https://example.com/${'a'.repeat(2040)}` }, ['url']],
        [{ ...base, pageNumbers: [0] }, ['pageNumbers.0']],
        [{ ...base, pageNumbers: [1.5] }, ['pageNumbers.0']],
        [{ ...base, pageNumbers: Array(101).fill(1) }, ['pageNumbers']],
        [{ ...base, valuableSources: Array(51).fill({ url: 'https://a.dev' }) }, ['valuableSources']],
        [{ ...base, missingContent: Array(51).fill({ topic: 't' }) }, ['missingContent']],
        [{ ...base, missingContent: [{ topic: '   ' }] }, ['missingContent.0.topic']],
        [{ ...base, note: 'x', metadata: { blob: 'é'.repeat(4100) } }, ['metadata']],
        [{ ...base, note: 'x', metadata: [] }, ['metadata']],
        [{ ...base, note: '    ' }, ['']], // trimmed to empty: no signal
        [{ ...base, metadata: { a: 1 }, origin: 'x', integration: 'cli' }, ['']], // these are not signals
        [{ endpoint: 'search', jobId, rating: 'good', note: 'x' }, ['']], // search 'good' needs valuableSources
      ];
      for (const [body, expected] of cases) {
        const r = await send(sb, body);
        assert.equal(r.status, 400, JSON.stringify(body).slice(0, 120));
        assert.deepEqual(paths(r), expected, JSON.stringify(body).slice(0, 120));
      }
    });
  });

  test('accepted edge values: trimmed lengths, 50 missingContent, _custom integration, 8192-byte metadata', async () => {
    await withSandbox({ now: fakeClock().now }, async (sb) => {
      const ok = async (body: Record<string, unknown>): Promise<void> => {
        const jobId = sb.createV2Job('scrape');
        const r = await send(sb, { endpoint: 'scrape', jobId, rating: 'good', ...body });
        assert.equal(r.status, 200, JSON.stringify(r.json).slice(0, 300));
      };
      await ok({ note: `  ${'x'.repeat(4000)}  ` });
      await ok({ issues: ['  ok_label-1  '] });
      await ok({ missingContent: Array(50).fill({ topic: 't' }) });
      await ok({ note: 'x', integration: '_vscode' });
      await ok({ note: 'x', integration: null });
      const pad = 8192 - JSON.stringify({ p: '' }).length;
      await ok({ note: 'x', metadata: { p: 'a'.repeat(pad) } });
      await ok({ pageNumbers: Array(100).fill(1) });
      const stored = sb.feedbackSubmissions()[1]?.body;
      assert.deepEqual(stored?.issues, ['ok_label-1']);
      assert.equal(stored?.origin, 'api');
      assert.equal(stored?.integration, null);
    });
  });

  test('search rating rules', async () => {
    await withSandbox({ now: fakeClock().now }, async (sb) => {
      const ok = (rating: string, extra: Record<string, unknown>): Promise<ApiResponse> => send(sb, { endpoint: 'search', jobId: sb.createV2Job('search'), rating, ...extra });
      const vs = { valuableSources: [{ url: 'https://a.dev', reason: 'on topic' }] };
      const mc = { missingContent: [{ topic: 'pricing' }] };
      const qs = { querySuggestions: 'add the year' };
      assert.equal((await ok('good', vs)).status, 200);
      assert.equal((await ok('good', mc)).status, 400);
      assert.equal((await ok('partial', mc)).status, 200);
      assert.equal((await ok('partial', qs)).status, 400);
      assert.equal((await ok('bad', qs)).status, 200);
      assert.equal((await ok('bad', vs)).status, 400);
    });
  });
});

describe('feedback after the schema', () => {
  test('JOB_NOT_FOUND / SEARCH_NOT_FOUND, SEARCH_FAILED, window before duplicates', async () => {
    const clock = fakeClock();
    await withSandbox({ now: clock.now, seed: false }, async (sb) => {
      const unknown = '123e4567-e89b-12d3-a456-426614174000';
      const nf = await send(sb, { endpoint: 'map', jobId: unknown, rating: 'bad', note: 'x' });
      assert.equal(nf.status, 404);
      assert.deepEqual(nf.json, { success: false, error: 'map job not found for this team.', feedbackErrorCode: 'JOB_NOT_FOUND' });
      const snf = await send(sb, { endpoint: 'search', jobId: unknown, rating: 'bad', querySuggestions: 'x' });
      assert.equal(snf.json.feedbackErrorCode, 'SEARCH_NOT_FOUND');
      // A job of another endpoint is not found either.
      const scrapeJob = sb.createV2Job('scrape');
      assert.equal((await send(sb, { endpoint: 'parse', jobId: scrapeJob, rating: 'bad', note: 'x' })).json.feedbackErrorCode, 'JOB_NOT_FOUND');

      const failed = sb.createV2Job('search', { failed: true });
      const sf = await send(sb, { endpoint: 'search', jobId: failed, rating: 'bad', querySuggestions: 'x' });
      assert.equal(sf.status, 409);
      assert.equal(sf.json.feedbackErrorCode, 'SEARCH_FAILED');

      const job = sb.createV2Job('scrape');
      assert.equal((await send(sb, { endpoint: 'scrape', jobId: job, rating: 'bad', note: 'x' })).status, 200);
      clock.advance(120_000);
      assert.equal((await send(sb, { endpoint: 'scrape', jobId: job, rating: 'bad', note: 'again' })).json.alreadySubmitted, true, 'at exactly 120 s still inside');
      clock.advance(1);
      const late = await send(sb, { endpoint: 'scrape', jobId: job, rating: 'bad', note: 'again' });
      assert.equal(late.status, 409);
      assert.equal(late.json.feedbackErrorCode, 'FEEDBACK_WINDOW_EXPIRED', 'window is checked before duplicates');
      const old = await send(sb, { endpoint: 'map', jobId: sb.createV2Job('map', { ageMs: 121_000 }), rating: 'bad', note: 'x' });
      assert.equal(old.json.feedbackErrorCode, 'FEEDBACK_WINDOW_EXPIRED');
      assert.match(old.json.error, /120 seconds/);
    });
  });

  test('receipt, refunds by endpoint and rating, credits go back, duplicates refund nothing', async () => {
    const clock = fakeClock();
    await withSandbox({ now: clock.now }, async (sb) => {
      const start = sb.getCredits()?.remainingCredits ?? 0;
      const first = await send(sb, { endpoint: 'scrape', jobId: sb.createV2Job('scrape', { costCredits: 20 }), rating: 'bad', issues: ['empty_markdown'] });
      assert.equal(first.status, 200);
      assert.match(first.json.feedbackId, /^[0-9a-f-]{36}$/);
      assert.deepEqual(Object.keys(first.json).sort(), ['creditsRefunded', 'creditsRefundedToday', 'dailyRefundCap', 'feedbackId', 'success']);
      assert.equal(first.json.creditsRefunded, 5, '25% of 20');
      assert.equal(first.json.creditsRefundedToday, 5);
      assert.equal(first.json.dailyRefundCap, 50);
      assert.equal(sb.getCredits()?.remainingCredits, start + 5);
      assert.equal((await call(sb, '/v2/team/credit-usage')).json.data.remainingCredits, start + 5);

      const good = await send(sb, { endpoint: 'parse', jobId: sb.createV2Job('parse'), rating: 'good', note: 'great' });
      assert.equal(good.json.creditsRefunded, 0);
      assert.equal((await send(sb, { endpoint: 'map', jobId: sb.createV2Job('map'), rating: 'partial', note: 'x' })).json.creditsRefunded, 1);
      assert.equal((await send(sb, { endpoint: 'map', jobId: sb.createV2Job('map'), rating: 'good', note: 'x' })).json.creditsRefunded, 0);
      const search = await send(sb, { endpoint: 'search', jobId: sb.createV2Job('search'), rating: 'good', valuableSources: [{ url: 'https://a.dev' }] });
      assert.equal(search.json.creditsRefunded, 1);
      assert.equal(search.json.dailyRefundCap, 100);
      assert.equal(search.json.creditsRefundedToday, 7);

      const jobId = sb.createV2Job('scrape');
      const once = await send(sb, { endpoint: 'scrape', jobId, rating: 'bad', note: 'x' });
      const twice = await send(sb, { endpoint: 'scrape', jobId, rating: 'partial', note: 'y' });
      assert.equal(twice.status, 200);
      assert.deepEqual(twice.json, {
        success: true,
        feedbackId: once.json.feedbackId,
        creditsRefunded: 0,
        alreadySubmitted: true,
        creditsRefundedToday: 8,
        dailyRefundCap: 50,
        warning: 'Feedback was already submitted for this job; no additional refund issued.',
      });
      assert.equal(sb.feedbackSubmissions().length, 6);
    });
  });

  test('daily cap: 50 for scrape/parse/map, 100 for search, per UTC day', async () => {
    const clock = fakeClock(Date.UTC(2026, 4, 15, 23, 50));
    await withSandbox({ now: clock.now, seed: false }, async (sb) => {
      const big = (): Promise<ApiResponse> => send(sb, { endpoint: 'scrape', jobId: sb.createV2Job('scrape', { costCredits: 100 }), rating: 'bad', note: 'x' });
      assert.equal((await big()).json.creditsRefunded, 25);
      const second = await big();
      assert.equal(second.json.creditsRefunded, 25);
      assert.equal(second.json.dailyCapReached, true);
      assert.match(second.json.warning, /^Daily refund cap of 50 credits reached/);
      const third = await big();
      assert.equal(third.json.creditsRefunded, 0);
      assert.equal(third.json.creditsRefundedToday, 50);
      assert.equal(third.json.dailyCapReached, true);
      const search = await send(sb, { endpoint: 'search', jobId: sb.createV2Job('search'), rating: 'bad', querySuggestions: 'x' });
      assert.equal(search.json.creditsRefunded, 1, 'search has its own, higher cap');
      assert.equal(search.json.dailyCapReached, undefined, 'absent, not false');
      assert.equal(search.json.creditsRefundedToday, 51);

      clock.advance(10 * 60_000); // next UTC day
      const fresh = await big();
      assert.equal(fresh.json.creditsRefunded, 25);
      assert.equal(fresh.json.creditsRefundedToday, 25);
      assert.equal('dailyCapReached' in fresh.json, false);
      assert.equal('warning' in fresh.json, false);
    });
  });

  test('feedback modes: PREVIEW_TEAM_NOT_ALLOWED, TEAM_OPTED_OUT, INTERNAL, DB_DISABLED, ALEXANDRIA_UNAVAILABLE; schema still first', async () => {
    await withSandbox({ now: fakeClock().now }, async (sb) => {
      const body = (): Record<string, unknown> => ({ endpoint: 'scrape', jobId: sb.createV2Job('scrape'), rating: 'bad', note: 'x' });
      const expect: Array<[string, number, string]> = [
        ['previewTeam', 403, 'PREVIEW_TEAM_NOT_ALLOWED'],
        ['optedOut', 403, 'TEAM_OPTED_OUT'],
        ['internal', 500, 'INTERNAL'],
        ['dbDisabled', 503, 'DB_DISABLED'],
        ['alexandriaUnavailable', 503, 'ALEXANDRIA_UNAVAILABLE'],
      ];
      for (const [mode, status, code] of expect) {
        sb.setFeedbackMode(mode as never);
        const r = await send(sb, body());
        assert.equal(r.status, status, mode);
        assert.equal(r.json.success, false);
        assert.equal(r.json.feedbackErrorCode, code);
        assert.equal(typeof r.json.error, 'string');
        assert.equal('details' in r.json, false);
        assert.equal((await send(sb, { ...body(), note: undefined })).json.feedbackErrorCode, 'INVALID_BODY', `${mode}: schema first`);
      }
      sb.setFeedbackMode('internal');
      const missing = await send(sb, { endpoint: 'scrape', jobId: '123e4567-e89b-12d3-a456-426614174000', rating: 'bad', note: 'x' });
      assert.equal(missing.json.feedbackErrorCode, 'JOB_NOT_FOUND', 'INTERNAL happens when recording, after the lookup');
      sb.setFeedbackMode('normal');
      assert.equal((await send(sb, body())).status, 200);
      assert.throws(() => sb.setFeedbackMode('nope' as never));
    });
  });

  test('POST /v2/search/:jobId/feedback (the SDK searchFeedback route)', async () => {
    await withSandbox({ now: fakeClock().now }, async (sb) => {
      const jobId = sb.createV2Job('search');
      const r = await call(sb, `/v2/search/${jobId}/feedback`, { body: { rating: 'partial', missingContent: [{ topic: 'prices', description: 'no 2026 data' }] } });
      assert.equal(r.status, 200);
      assert.equal(r.json.creditsRefunded, 1);
      assert.equal(sb.requestCount('searchFeedback'), 1);
      const extra = await call(sb, `/v2/search/${sb.createV2Job('search')}/feedback`, { body: { rating: 'bad', querySuggestions: 'x', endpoint: 'search' } });
      assert.equal(extra.json.feedbackErrorCode, 'INVALID_BODY');
      const tooMany = await call(sb, `/v2/search/${sb.createV2Job('search')}/feedback`, { body: { rating: 'bad', missingContent: Array(21).fill({ topic: 't' }) } });
      assert.equal(tooMany.json.feedbackErrorCode, 'INVALID_BODY', 'this route caps missingContent at 20');
      const nf = await call(sb, '/v2/search/not-a-uuid/feedback', { body: { rating: 'bad', querySuggestions: 'x' } });
      assert.equal(nf.json.feedbackErrorCode, 'SEARCH_NOT_FOUND');
    });
  });
});
