// Sandbox agent runs and the deep research shutdown: what the service's /v2/agent routes answer over
// time on a fake clock, and how /v1/deep-research answers once it is shut down.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, fakeClock, withSandbox } from '../../sandbox/testing';

const START = Date.UTC(2026, 4, 15, 12);

describe('agent runs', () => {
  test('POST starts a run; GET shows it processing with messages and partial data, then completed with data', async () => {
    const clock = fakeClock(START);
    await withSandbox({ now: clock.now, seed: false }, async (sb) => {
      const started = await call(sb, '/v2/agent', { body: { prompt: 'Find pricing pages', urls: ['https://example.com'], model: 'spark-1-mini' } });
      assert.equal(started.status, 200);
      assert.equal(started.json.success, true);
      const id: string = started.json.id;
      assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

      const first = await call(sb, `/v2/agent/${id}`);
      assert.equal(first.status, 200);
      assert.equal(first.json.status, 'processing');
      assert.equal(first.json.model, 'spark-1-mini');
      assert.equal(typeof first.json.message, 'string');
      assert.equal(first.json.data, undefined);
      assert.equal(first.json.partial, undefined);
      assert.ok(!Number.isNaN(Date.parse(first.json.expiresAt)));

      clock.advance(40_000);
      const half = (await call(sb, `/v2/agent/${id}`)).json;
      assert.equal(half.status, 'processing');
      assert.ok(half.partial, 'partial data after half-way');
      assert.equal(half.partialSchemaValid, false);
      assert.ok(half.creditsUsed > first.json.creditsUsed);

      clock.advance(30_000);
      const done = (await call(sb, `/v2/agent/${id}`)).json;
      assert.equal(done.success, true);
      assert.equal(done.status, 'completed');
      assert.ok(done.data && typeof done.data === 'object');
      assert.ok(Array.isArray(done.suggestions) && done.suggestions.length > 0);
      assert.equal(done.partial, undefined);
    });
  });

  test('a failed run is HTTP 200 with success:false and the error; an approval is pending on the way', async () => {
    const clock = fakeClock(START);
    await withSandbox({ now: clock.now, seed: false }, async (sb) => {
      const id = sb.createAgentJob({ durationMs: 10_000, outcome: 'failed', error: 'blocked everywhere', approvalAfterMs: 2_000 });
      clock.advance(3_000);
      const waiting = (await call(sb, `/v2/agent/${id}`)).json;
      assert.equal(waiting.pendingApproval?.type, 'maxCredits');
      clock.advance(10_000);
      const failed = await call(sb, `/v2/agent/${id}`);
      assert.equal(failed.status, 200);
      assert.equal(failed.json.success, false);
      assert.equal(failed.json.status, 'failed');
      assert.equal(failed.json.error, 'blocked everywhere');
    });
  });

  test('DELETE cancels a processing run; the run then says cancelled; unknown ids are 404', async () => {
    const clock = fakeClock(START);
    await withSandbox({ now: clock.now, seed: false }, async (sb) => {
      const id = sb.createAgentJob({ durationMs: 60_000 });
      clock.advance(5_000);
      const cancelled = await call(sb, `/v2/agent/${id}`, { method: 'DELETE' });
      assert.deepEqual([cancelled.status, cancelled.json], [200, { success: true }]);
      clock.advance(100_000);
      assert.equal((await call(sb, `/v2/agent/${id}`)).json.status, 'cancelled');
      const unknown = await call(sb, '/v2/agent/4b7c2b8e-3f1a-4c2d-9e8f-0a1b2c3d4e5f', { method: 'DELETE' });
      assert.deepEqual([unknown.status, unknown.json], [404, { success: false, error: 'Agent job not found' }]);
    });
  });

  test('past expiresAt a run is 404 "Agent job not found"', async () => {
    const clock = fakeClock(START);
    await withSandbox({ now: clock.now, seed: false }, async (sb) => {
      const id = sb.createAgentJob({ durationMs: 1_000, expireAfterMs: 60_000 });
      clock.advance(30_000);
      const { expiresAt } = (await call(sb, `/v2/agent/${id}`)).json;
      clock.set(Date.parse(expiresAt));
      const gone = await call(sb, `/v2/agent/${id}`);
      assert.deepEqual([gone.status, gone.json], [404, { success: false, error: 'Agent job not found' }]);
    });
  });

  test('GET /v2/agent lists the team’s runs newest first, 20 a page, with `next` to the older ones', async () => {
    const clock = fakeClock(START);
    await withSandbox({ now: clock.now, seed: false }, async (sb) => {
      const ids: string[] = [];
      for (let i = 0; i < 25; i++) {
        ids.push(sb.createAgentJob({ prompt: `run ${i}` }));
        clock.advance(1_000);
      }
      const page1 = (await call(sb, '/v2/agent')).json;
      assert.equal(page1.agents.length, 20);
      assert.equal(page1.agents[0].id, ids[24]);
      assert.ok(page1.agents.every((a: { settings: { hidden: boolean } }) => a.settings.hidden === false));
      assert.match(page1.next, /\/v2\/agent\?before=\d+$/);
      const next = new URL(page1.next);
      const page2 = (await call(sb, `${next.pathname}${next.search}`)).json;
      assert.deepEqual(
        page2.agents.map((a: { id: string }) => a.id),
        ids.slice(0, 5).reverse(),
      );
      assert.equal(page2.next, undefined);
      assert.equal(page2.agents[0].options.prompt, 'run 4');
    });
  });

  test('a restricted key is refused; a self-hosted server has no agent list (501); a prompt is required', async () => {
    await withSandbox({ seed: true }, async (sb) => {
      const blocked = await call(sb, `/v2/agent/${sb.demoAgentJobs.completed}`, { key: sb.keys.restricted });
      assert.equal(blocked.status, 403);
      const noPrompt = await call(sb, '/v2/agent', { body: { urls: [] } });
      assert.deepEqual([noPrompt.status, noPrompt.json.error], [400, 'prompt is required']);
      sb.selfHosted = true;
      assert.equal((await call(sb, '/v2/agent')).status, 501);
    });
  });
});

describe('deep research shutdown', () => {
  test('before: deprecation headers on every answer, Sunset when configured; from the instant on: 410 Gone on every id', async () => {
    const clock = fakeClock(START);
    await withSandbox({ now: clock.now }, async (sb) => {
      const path = `/v1/deep-research/${sb.demoJobs.completed}`;
      sb.researchSunset = 'Thu, 10 Dec 2026 15:00:00 GMT';
      const before = await call(sb, path);
      assert.equal(before.status, 200);
      assert.equal(before.headers.get('sunset'), 'Thu, 10 Dec 2026 15:00:00 GMT');
      assert.equal(before.headers.get('deprecation'), '@1778025600');
      const missing = await call(sb, '/v1/deep-research/4b7c2b8e-3f1a-4c2d-9e8f-0a1b2c3d4e5f');
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.json.warnings?.length, 1, 'the 404 carries the deprecation warning too');

      const control = await call(sb, '/__sandbox/research-shutdown', { body: { at: START + 60_000 } });
      assert.equal(control.status, 200);
      assert.equal((await call(sb, path)).status, 200, 'not yet');
      clock.advance(60_000);
      for (const id of [sb.demoJobs.completed, sb.demoJobs.processing, '4b7c2b8e-3f1a-4c2d-9e8f-0a1b2c3d4e5f']) {
        const gone = await call(sb, `/v1/deep-research/${id}`);
        assert.equal(gone.status, 410, id);
        assert.equal(gone.json.success, false);
        assert.match(gone.json.error, /shut down/);
      }
    });
  });

  test('by default the Sunset is the published date, or a week ahead for a sandbox started less than a week before it (or after)', async () => {
    await withSandbox({ now: fakeClock(START).now }, async (sb) => {
      assert.equal((await call(sb, `/v1/deep-research/${sb.demoJobs.completed}`)).headers.get('sunset'), 'Thu, 10 Dec 2026 15:00:00 GMT');
    });
    await withSandbox({ now: fakeClock(Date.UTC(2027, 0, 4, 9)).now }, async (sb) => {
      const answer = await call(sb, `/v1/deep-research/${sb.demoJobs.completed}`);
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get('sunset'), 'Mon, 11 Jan 2027 09:00:00 GMT');
    });
  });

  test('unmounted instead: Express answers an HTML 404 "Cannot GET"; switching it off restores the route', async () => {
    await withSandbox({}, async (sb) => {
      const path = `/v1/deep-research/${sb.demoJobs.completed}`;
      await call(sb, '/__sandbox/research-shutdown', { body: { mode: 'unmounted' } });
      const unmounted = await call(sb, path);
      assert.equal(unmounted.status, 404);
      assert.match(unmounted.headers.get('content-type') ?? '', /text\/html/);
      assert.match(unmounted.text, /Cannot GET \/v1\/deep-research\//);
      await call(sb, '/__sandbox/research-shutdown', { body: { enabled: false } });
      assert.equal((await call(sb, path)).status, 200);
    });
  });
});
