// api-notes, "Self-hosted servers (no database auth)": a bad `timeRange` is refused before billing (a
// 400 even there); starting an agent is a 500, its status and cancel 404; deep research status 404
// with the deprecation fields. The client reads each as the error it is.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FirecrawlClient } from '../../../src/api';
import { nodeFetch } from '../../../src/platform/nodeTransport';
import { call, withSandbox } from '../../sandbox/testing';
import { failure } from '../../support/failure';

const clientFor = (url: string) =>
  new FirecrawlClient({ baseUrl: url, apiKey: () => undefined, clientName: 'firecrawl-vscode', clientVersion: '0.0.0-test', fetch: nodeFetch, sleep: async () => undefined });

describe('self-hosted servers', () => {
  test('a bad timeRange is a 400 before billing, even self-hosted', async () => {
    await withSandbox({ selfHosted: true }, async (sb) => {
      const year = await call(sb, '/v2/team/credit-usage/historical?timeRange=year', { key: null });
      assert.deepEqual([year.status, year.json.error], [400, 'timeRange must be day, week, or month.']);
      const withKeys = await call(sb, '/v2/team/credit-usage/historical?timeRange=day&byApiKey=true', { key: null });
      assert.deepEqual([withKeys.status, withKeys.json.error], [400, 'byApiKey cannot be combined with timeRange.']);
      // A good one still reaches billing, which a self-hosted server does not have.
      assert.equal((await call(sb, '/v2/team/credit-usage/historical?timeRange=day', { key: null })).status, 500);
    });
  });

  test('agent start 500, its status and cancel 404; deep research 404 with the deprecation fields', async () => {
    await withSandbox({ selfHosted: true }, async (sb) => {
      const client = clientFor(sb.url);
      const start = await failure(client.startAgent({ prompt: 'x', maxCredits: 10 }));
      assert.deepEqual([start.kind, start.status], ['server', 500]);
      const status = await failure(client.getAgentJob(sb.demoAgentJobs.completed));
      assert.deepEqual([status.kind, status.status], ['notFound', 404]);
      const cancel = await failure(client.cancelAgentJob(sb.demoAgentJobs.processing));
      assert.deepEqual([cancel.kind, cancel.status], ['notFound', 404]);
      const research = await failure(client.getResearchJob(sb.demoJobs.completed));
      assert.deepEqual([research.kind, research.status], ['notFound', 404]);
      const raw = await call(sb, `/v1/deep-research/${sb.demoJobs.completed}`, { key: null });
      assert.equal(raw.json.replacement, '/v2/search');
      assert.ok(raw.headers.get('deprecation'));
    });
  });
});
