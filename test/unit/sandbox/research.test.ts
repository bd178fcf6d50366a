// Sandbox deep research jobs: progression on a fake clock, both dialects, failure, expiry.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, fakeClock, withSandbox } from '../../sandbox/testing';
import { DEPRECATION_WARNING } from '../../sandbox/research';

const DEPRECATION = { warnings: [DEPRECATION_WARNING], replacement: '/v2/search' };

describe('deep research, live dialect', () => {
  test('progresses from empty to completed: activities, sources, depth and totalUrls grow', async () => {
    const clock = fakeClock();
    await withSandbox({ now: clock.now, seed: false }, async (sb) => {
      const id = sb.createResearchJob({ durationMs: 60_000, maxDepth: 3, activities: 8, sources: 6, query: 'robots.txt' });
      const path = `/v1/deep-research/${id}`;

      const first = await call(sb, path);
      assert.equal(first.status, 200);
      assert.equal(first.headers.get('deprecation'), '@1778025600');
      assert.match(first.headers.get('warning') ?? '', /^299 - "\/v1\/deep-research\/:jobId is deprecated/);
      assert.equal(first.headers.get('link'), '</v2/search>; rel="successor-version"');
      assert.equal(first.json.success, true);
      assert.equal(first.json.status, 'processing');
      assert.equal(first.json.currentDepth, 0);
      assert.equal(first.json.maxDepth, 3);
      assert.equal(first.json.totalUrls, 0);
      assert.deepEqual(first.json.activities, []);
      assert.deepEqual(first.json.data, { sources: [], activities: [] });
      assert.deepEqual(first.json.warnings, DEPRECATION.warnings);
      assert.equal(first.json.replacement, '/v2/search');

      let lastActivities = 0;
      let lastSources = 0;
      let lastDepth = 0;
      for (let t = 5_000; t < 60_000; t += 5_000) {
        clock.set(Date.UTC(2026, 4, 15, 12) + t);
        const r = (await call(sb, path)).json;
        assert.equal(r.status, 'processing', `at ${t}`);
        assert.ok(r.activities.length >= lastActivities);
        assert.ok(r.sources.length >= lastSources);
        assert.ok(r.currentDepth >= lastDepth && r.currentDepth <= 3);
        assert.equal(r.totalUrls, r.sources.length);
        assert.deepEqual(r.data.activities, r.activities, 'activities repeated at top level');
        assert.deepEqual(r.data.sources, r.sources, 'sources repeated at top level');
        assert.equal(r.data.finalAnalysis, undefined);
        if (r.activities.length > 0) {
          assert.equal(r.activities.at(-1).status, 'processing');
          assert.ok(r.activities.slice(0, -1).every((a: { status: string }) => a.status === 'complete'));
        }
        for (const s of r.sources) {
          assert.ok('icon' in s && !('favicon' in s));
          assert.match(s.url, /^https:\/\//);
        }
        lastActivities = r.activities.length;
        lastSources = r.sources.length;
        lastDepth = r.currentDepth;
      }
      assert.equal(lastActivities, 8, 'the synthesis activity appears before completion');
      assert.equal(lastDepth, 3);

      clock.set(Date.UTC(2026, 4, 15, 12) + 60_000);
      const done = (await call(sb, path)).json;
      assert.equal(done.status, 'completed');
      assert.equal(done.success, true);
      assert.equal(done.currentDepth, 3);
      assert.equal(done.totalUrls, 6);
      assert.equal(done.activities.length, 8);
      assert.ok(done.activities.every((a: { status: string }) => a.status === 'complete'));
      assert.equal(done.activities.at(-1).type, 'synthesis');
      assert.deepEqual([...new Set(done.activities.map((a: { type: string }) => a.type))].sort(), ['analyze', 'search', 'synthesis']);
      const depths = done.activities.map((a: { depth: number }) => a.depth);
      assert.deepEqual(
        depths,
        [...depths].sort((a: number, b: number) => a - b),
        'depth never goes down',
      );
      for (const a of done.activities) assert.ok(!Number.isNaN(Date.parse(a.timestamp)));
      assert.match(done.data.finalAnalysis, /^# Findings on robots\.txt\n/);
      assert.equal(done.data.json, undefined);
      assert.equal(done.error, undefined);
      assert.ok(
        done.sources.some((s: { title: unknown }) => Array.isArray(s.title)),
        'some titles are arrays',
      );
      assert.ok(
        done.sources.some((s: { description: unknown }) => Array.isArray(s.description)),
        'some descriptions are arrays',
      );
      assert.equal(Date.parse(done.expiresAt), clock.now() + 6 * 3600_000);
    });
  });

  test('completed with json; custom title and analysis; sourceTitle kept verbatim', async () => {
    const clock = fakeClock();
    await withSandbox({ now: clock.now, seed: false }, async (sb) => {
      const evil = '<img src=x onerror=alert(1)>';
      const id = sb.createResearchJob({ durationMs: 0, withJson: true, sourceTitle: evil, finalAnalysis: '# Custom\n\nBody', sources: 2 });
      const r = (await call(sb, `/v1/deep-research/${id}`)).json;
      assert.equal(r.status, 'completed');
      assert.equal(r.data.finalAnalysis, '# Custom\n\nBody');
      assert.equal(typeof r.data.json, 'object');
      assert.ok(r.sources.every((s: { title: unknown }) => s.title === evil));
      const arr = sb.createResearchJob({ durationMs: 0, sourceTitle: ['A', 'B'], sources: 1 });
      assert.deepEqual((await call(sb, `/v1/deep-research/${arr}`)).json.sources[0].title, ['A', 'B']);
    });
  });

  test('failed job: HTTP 200, success:false, status failed, error text, last activity error', async () => {
    const clock = fakeClock();
    await withSandbox({ now: clock.now, seed: false }, async (sb) => {
      const id = sb.createResearchJob({ durationMs: 10_000, outcome: 'failed', error: 'LLM quota exceeded', activities: 4 });
      clock.advance(9_999);
      assert.equal((await call(sb, `/v1/deep-research/${id}`)).json.status, 'processing');
      clock.advance(1);
      const r = await call(sb, `/v1/deep-research/${id}`);
      assert.equal(r.status, 200);
      assert.equal(r.json.success, false);
      assert.equal(r.json.status, 'failed');
      assert.equal(r.json.error, 'LLM quota exceeded');
      assert.equal(r.json.activities.at(-1).status, 'error');
      assert.equal(r.json.data.finalAnalysis, undefined);
      assert.deepEqual(r.json.warnings, DEPRECATION.warnings);
    });
  });

  test('unknown and expired jobs → 404 "Deep research job not found" with deprecation fields and headers', async () => {
    const clock = fakeClock();
    await withSandbox({ now: clock.now, seed: false }, async (sb) => {
      const unknown = await call(sb, '/v1/deep-research/6c1f1f7e-0000-4000-8000-000000000000');
      assert.equal(unknown.status, 404);
      assert.deepEqual(unknown.json, { success: false, error: 'Deep research job not found', ...DEPRECATION });
      assert.equal(unknown.headers.get('deprecation'), '@1778025600');
      assert.equal((await call(sb, '/v1/deep-research/not-a-uuid')).status, 404);

      const id = sb.createResearchJob({ durationMs: 1000, expireAfterMs: 5000 });
      clock.advance(5_999);
      assert.equal((await call(sb, `/v1/deep-research/${id}`)).status, 200);
      clock.advance(1);
      assert.equal((await call(sb, `/v1/deep-research/${id}`)).status, 404);
    });
  });

  test('a stalled job stays processing until it expires', async () => {
    const clock = fakeClock();
    await withSandbox({ now: clock.now, seed: false }, async (sb) => {
      const id = sb.createResearchJob({ durationMs: 60_000, stallAfterMs: 20_000, expireAfterMs: 3600_000 });
      clock.advance(50 * 60_000);
      const r = (await call(sb, `/v1/deep-research/${id}`)).json;
      assert.equal(r.status, 'processing');
      assert.ok(r.activities.length > 0 && r.activities.length < 8);
      clock.advance(20 * 60_000);
      assert.equal((await call(sb, `/v1/deep-research/${id}`)).status, 404);
    });
  });

  test('demo jobs: processing finishes ~2 min after start, completed has json, failed has an error', async () => {
    const clock = fakeClock();
    await withSandbox({ now: clock.now }, async (sb) => {
      const p = `/v1/deep-research/${sb.demoJobs.processing}`;
      assert.equal((await call(sb, p)).json.status, 'processing');
      clock.advance(120_000);
      assert.equal((await call(sb, p)).json.status, 'completed');
      const c = (await call(sb, `/v1/deep-research/${sb.demoJobs.completed}`)).json;
      assert.equal(c.status, 'completed');
      assert.ok(c.data.json && typeof c.data.json === 'object');
      const f = (await call(sb, `/v1/deep-research/${sb.demoJobs.failed}`)).json;
      assert.equal(f.status, 'failed');
      assert.equal(f.success, false);
      assert.ok(f.error.length > 0);
    });
  });
});

describe('deep research, spec dialect', () => {
  test('everything inside data, favicon not icon, no deprecation fields, 404 "Research job not found"', async () => {
    const clock = fakeClock();
    await withSandbox({ now: clock.now, seed: false, dialect: 'spec' }, async (sb) => {
      const id = sb.createResearchJob({ durationMs: 10_000, sources: 3 });
      clock.advance(5_000);
      const mid = await call(sb, `/v1/deep-research/${id}`);
      assert.equal(mid.headers.get('deprecation'), null);
      assert.deepEqual(Object.keys(mid.json).sort(), ['data', 'success']);
      assert.equal(mid.json.data.status, 'processing');
      assert.equal(typeof mid.json.data.currentDepth, 'number');
      assert.equal(typeof mid.json.data.expiresAt, 'string');
      clock.advance(5_000);
      const done = (await call(sb, `/v1/deep-research/${id}`)).json;
      assert.equal(done.data.status, 'completed');
      assert.equal(done.data.totalUrls, 3);
      assert.equal(done.data.json, null);
      assert.match(done.data.finalAnalysis, /^# Findings on /);
      for (const s of done.data.sources) assert.ok('favicon' in s && !('icon' in s));

      const missing = await call(sb, '/v1/deep-research/6c1f1f7e-0000-4000-8000-000000000000');
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.json, { success: false, error: 'Research job not found' });

      const failed = sb.createResearchJob({ durationMs: 0, outcome: 'failed', error: 'boom' });
      const f = (await call(sb, `/v1/deep-research/${failed}`)).json;
      assert.equal(f.success, false);
      assert.equal(f.data.status, 'failed');
      assert.equal(f.data.error, 'boom');
    });
  });

  test('the dialect switches at runtime for the same job', async () => {
    await withSandbox({ seed: true }, async (sb) => {
      const path = `/v1/deep-research/${sb.demoJobs.completed}`;
      assert.equal((await call(sb, path)).json.status, 'completed');
      sb.dialect = 'spec';
      const spec = (await call(sb, path)).json;
      assert.equal(spec.status, undefined);
      assert.equal(spec.data.status, 'completed');
    });
  });
});
