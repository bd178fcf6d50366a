// The agent routes and the Deep Research shutdown as the client sees them, against the real sandbox
// on 127.0.0.1: reading and cancelling runs, 410 Gone and an unmounted route as their own errors,
// and the deprecation signals read from headers and bodies.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FirecrawlClient } from '../../../src/api';
import { readDeprecation, successorLink, warning299 } from '../../../src/api/deprecation';
import { normalizeAgentJob, schemas } from '../../../src/api/schemas';
import { agentCancelConflict, describeError } from '../../../src/host/errorText';
import { nodeFetch } from '../../../src/platform/nodeTransport';
import { DEEP_RESEARCH_SUNSET } from '../../../src/features/research/model/researchStore';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { failure } from '../../support/failure';

let sandbox: Sandbox;
let now = Date.UTC(2026, 10, 23, 12);

const client = () =>
  new FirecrawlClient({ baseUrl: sandbox.url, apiKey: () => sandbox.keys.valid, clientName: 'firecrawl-vscode', clientVersion: '0.2.0-test', fetch: nodeFetch, sleep: async () => undefined });

const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name.toLowerCase()] ?? null });

before(async () => {
  sandbox = await startSandbox({ now: () => now });
});
after(() => sandbox.close());
beforeEach(() => {
  sandbox.researchShutdown = undefined;
  sandbox.researchSunset = undefined;
  sandbox.clearFaults();
});

describe('agent runs', () => {
  test('a run reads as processing, then completed with data and suggestions', async () => {
    const id = sandbox.createAgentJob({ durationMs: 10_000, model: 'spark-1-mini' });
    const running = await client().getAgentJob(id);
    assert.deepEqual([running.kind, running.id, running.status, running.model], ['agent', id, 'processing', 'spark-1-mini']);
    assert.equal(typeof running.message, 'string');
    now += 11_000;
    const done = await client().getAgentJob(id);
    assert.equal(done.status, 'completed');
    assert.ok(done.data && typeof done.data === 'object');
    assert.equal(done.suggestions.length, 2);
    assert.equal(done.partial, undefined);
    assert.ok(!Number.isNaN(Date.parse(done.expiresAt ?? '')));
  });

  test('a failed run is a result (HTTP 200, success:false), not an error', async () => {
    const id = sandbox.createAgentJob({ durationMs: 1, outcome: 'failed', error: 'every page was blocked' });
    now += 10;
    const job = await client().getAgentJob(id);
    assert.deepEqual([job.status, job.error], ['failed', 'every page was blocked']);
  });

  test('cancel sends DELETE once (never retried) and the run then reads as cancelled', async () => {
    const id = sandbox.createAgentJob({ durationMs: 60_000 });
    sandbox.resetCounts();
    await client().cancelAgentJob(id);
    assert.equal(sandbox.requestCount('agentCancel'), 1);
    assert.equal((await client().getAgentJob(id)).status, 'cancelled');
    sandbox.fault({ kind: 'status', status: 503, route: 'agentCancel' });
    const refused = await failure(client().cancelAgentJob(id));
    assert.equal(refused.kind, 'server');
    assert.equal(sandbox.requestCount('agentCancel'), 2, 'a 503 on DELETE is not retried');
  });

  test('a run that spends its maxCredits ends failed with credit_limit_reached, its partial data and no data; effort and model as sent', async () => {
    const id = sandbox.createAgentJob({ durationMs: 10_000, credits: 300, maxCredits: 150, effort: 'high', model: 'spark-1-pro' });
    now += 2_000;
    const running = await client().getAgentJob(id);
    assert.deepEqual([running.status, running.effort, running.model], ['processing', 'high', 'spark-1-pro']);
    now += 4_000;
    const stopped = await client().getAgentJob(id);
    assert.deepEqual(
      [stopped.status, stopped.stopReason, stopped.creditsUsed, stopped.data, stopped.partialSchemaValid, stopped.error],
      ['failed', 'credit_limit_reached', 150, undefined, true, undefined],
    );
    assert.ok(stopped.partial && typeof stopped.partial === 'object');
  });

  test('DELETE on a run that is over: 409 "Agent already finished" or "Agent is already cancelled", each its own conflict, never retried', async () => {
    const done = sandbox.createAgentJob({ durationMs: 1_000 });
    const cancelled = sandbox.createAgentJob({ durationMs: 60_000 });
    now += 2_000;
    await client().cancelAgentJob(cancelled);
    sandbox.resetCounts();
    const finished = await failure(client().cancelAgentJob(done));
    assert.deepEqual([finished.status, finished.serverMessage, agentCancelConflict(finished)], [409, 'Agent already finished', 'finished']);
    const again = await failure(client().cancelAgentJob(cancelled));
    assert.deepEqual([again.status, again.serverMessage, agentCancelConflict(again)], [409, 'Agent is already cancelled', 'cancelled']);
    assert.equal(sandbox.requestCount('agentCancel'), 2);
    assert.equal(agentCancelConflict(await failure(client().getAgentJob('0b7c1e2d-3f4a-4b5c-8d6e-7f8091a2b3c4'))), undefined, 'a 404 is no conflict');
  });

  test('a newer server reads a cancelled run as failed', async () => {
    sandbox.agentCancelledReads = 'failed';
    try {
      const id = sandbox.createAgentJob({ durationMs: 60_000 });
      await client().cancelAgentJob(id);
      const job = await client().getAgentJob(id);
      assert.deepEqual([job.status, job.stopReason], ['failed', undefined]);
    } finally {
      sandbox.agentCancelledReads = 'cancelled';
    }
  });

  test('an unknown run is not found, worded as such; a malformed id is never sent', async () => {
    const missing = await failure(client().getAgentJob('0b7c1e2d-3f4a-4b5c-8d6e-7f8091a2b3c4'));
    assert.equal(missing.kind, 'notFound');
    assert.match(describeError(missing).message, /^Expired or not found: the service no longer has this agent job/);
    sandbox.resetCounts();
    assert.equal((await failure(client().getAgentJob('../team/credit-usage'))).kind, 'invalidRequest');
    assert.equal(sandbox.requestCount(), 0);
  });

  test('every shape api-notes lists is read: unknown statuses and models kept, suggestions as text, approval and partial kept', () => {
    const parse = (body: unknown) => normalizeAgentJob('0b7c1e2d-3f4a-4b5c-8d6e-7f8091a2b3c4', schemas().agentJobResponse.parse(body));
    const full = parse({
      success: true,
      status: 'queued',
      model: 'spark-9',
      effort: 'high',
      threadId: 't',
      threadTurn: 2,
      mode: 'x',
      message: 'waiting',
      suggestions: ['one', { text: 'two' }, { other: 3 }, null],
      pendingApproval: { type: 'maxCredits' },
      partial: { a: 1 },
      partialSchemaValid: false,
      exchange: {},
      expiresAt: '2026-11-24T12:00:00.000Z',
      creditsUsed: 12,
      stopReason: null,
    });
    assert.deepEqual(
      [full.status, full.model, full.effort, full.message, full.suggestions, full.pendingApproval, full.partial, full.creditsUsed],
      ['queued', 'spark-9', 'high', 'waiting', ['one', 'two', '{"other":3}'], { type: 'maxCredits' }, { a: 1 }, 12],
    );
    const minimal = parse({ success: false, expiresAt: null });
    assert.deepEqual([minimal.status, minimal.suggestions, minimal.expiresAt], ['failed', [], null]);
    assert.equal(parse({ status: 'completed', data: 'plain text answer', expiresAt: null }).data, 'plain text answer');
  });

  test('wrong types in a status body are an invalid response naming the path', async () => {
    const id = sandbox.createAgentJob();
    sandbox.fault({ kind: 'wrongTypes', route: 'agentStatus' });
    const error = await failure(client().getAgentJob(id));
    assert.equal(error.kind, 'invalidResponse');
    assert.match(describeError(error).message, /cannot read while reading the agent job \(at \w+\)/);
  });
});

describe('deep research after the shutdown', () => {
  test('410 is its own kind ("gone"), distinct from 404, and never retried', async () => {
    sandbox.researchShutdown = { at: now - 1, mode: 'gone' };
    sandbox.resetCounts();
    const error = await failure(client().getResearchJob(sandbox.demoJobs.completed));
    assert.equal(error.kind, 'gone');
    assert.equal(error.status, 410);
    assert.equal(sandbox.requestCount('deepResearch'), 1);
    assert.match(describeError(error).message, /shut the Deep Research API down: .*Agent API/);
  });

  test('an unmounted route (an HTML 404 "Cannot GET") is "no such route", not an expired job', async () => {
    sandbox.researchShutdown = { at: now - 1, mode: 'unmounted' };
    const error = await failure(client().getResearchJob(sandbox.demoJobs.completed));
    assert.equal(error.kind, 'noRoute');
    assert.match(
      describeError(error, { apiUrl: sandbox.url }).message,
      /^The server at http:\/\/127\.0\.0\.1:\d+ answered 404 while reading the deep research job, and not with Firecrawl's own error: it does not serve this route/,
    );
  });

  test('before it: the deprecation signals of a response, Sunset included when sent', async () => {
    sandbox.researchSunset = 'Thu, 10 Dec 2026 15:00:00 GMT';
    const job = await client().getResearchJob(sandbox.demoJobs.completed);
    assert.deepEqual(job.deprecation, {
      deprecated: true,
      deprecatedAt: 1778025600000,
      sunsetAt: Date.parse('2026-12-10T15:00:00Z'),
      successor: '/v2/search',
      replacement: '/v2/search',
      warnings: ['/v1/deep-research/:jobId is deprecated. Use /v2/search instead.'],
    });
  });
});

describe('deprecation signals in an early shape', () => {
  test('`Deprecation: true`, a single `warning` string and a successor, without Sunset: deprecated, no date, the published one stands', async () => {
    sandbox.researchDeprecationStyle = 'early';
    try {
      const job = await client().getResearchJob(sandbox.demoJobs.completed);
      assert.deepEqual(job.deprecation, { deprecated: true, successor: '/v2/search', warnings: ['/v1/deep-research/:jobId is deprecated. Use /v2/search instead.'] });
      assert.deepEqual(job.warnings, ['/v1/deep-research/:jobId is deprecated. Use /v2/search instead.']);
      assert.equal(DEEP_RESEARCH_SUNSET, Date.parse('2026-12-10T15:00:00.000Z'), 'the date the store falls back to');
    } finally {
      sandbox.researchDeprecationStyle = 'current';
    }
  });
});

describe('reading deprecation signals', () => {
  test('Deprecation: @epoch, true, an HTTP date, or absent', () => {
    assert.equal(readDeprecation(headers({ deprecation: '@1778025600' }), {}, undefined)?.deprecatedAt, 1778025600000);
    assert.deepEqual(readDeprecation(headers({ deprecation: 'true' }), {}, undefined), { deprecated: true, warnings: [] });
    assert.equal(readDeprecation(headers({ deprecation: 'Wed, 06 May 2026 00:00:00 GMT' }), {}, undefined)?.deprecatedAt, Date.parse('2026-05-06T00:00:00Z'));
    assert.equal(readDeprecation(headers({}), { success: true }, undefined), undefined);
  });

  test('Link: the successor-version among several links; Warning: only 299 texts, quotes unescaped', () => {
    assert.equal(successorLink('<https://x/docs>; rel="deprecation"; type="text/html", </v2/agent>; rel="successor-version"'), '/v2/agent');
    assert.equal(successorLink('</v2/search>; rel=successor-version'), '/v2/search');
    assert.equal(successorLink('</a>; rel="alternate"'), undefined);
    assert.deepEqual(warning299('299 - "Use \\"agent\\" instead", 199 - "misc"'), ['Use "agent" instead']);
  });

  test('server text in the signals is redacted and bounded', () => {
    const key = 'fc-0123456789abcdef';
    const notice = readDeprecation(headers({ warning: `299 - "key ${key}"` }), { warnings: ['x'.repeat(1_000)], replacement: `/v2/${key}` }, key);
    assert.ok(notice);
    assert.ok(!JSON.stringify(notice).includes(key));
    assert.ok(notice.warnings.every((w) => w.length <= 300));
  });
});
