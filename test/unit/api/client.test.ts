// The client against the real sandbox server on 127.0.0.1: both dialects, every error kind, retries
// counted on the server, cancellation and timeouts.
import { after, before, beforeEach, describe, test } from 'node:test';
import { describeError } from '../../../src/host/errorText';
import assert from 'node:assert/strict';
import { submitFeedback } from '../../../src/api/feedbackSubmit';
import { FirecrawlClient, type FirecrawlError, type RequestLog } from '../../../src/api';
import type { FetchLike } from '../../../src/api/http';
import { nodeFetch } from '../../../src/platform/nodeTransport';
import { shapeHistory } from '../../../src/features/usage/render/shape';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { failure } from '../../support/failure';

let sandbox: Sandbox;
/** Every test runs over both transports: global fetch (browser-safe) and the Node host's node:http. */
let transport: FetchLike | undefined;
let initialCredits: ReturnType<Sandbox['getCredits']>;
const logs: RequestLog[] = [];

function client(overrides: Partial<ConstructorParameters<typeof FirecrawlClient>[0]> = {}): FirecrawlClient {
  return new FirecrawlClient({
    baseUrl: sandbox.url,
    apiKey: () => sandbox.keys.valid,
    clientName: 'firecrawl-vscode',
    clientVersion: '0.1.0-test',
    // Retries in tests should not wait real seconds.
    sleep: async () => undefined,
    onRequest: (log) => logs.push(log),
    ...(transport ? { fetch: transport } : {}),
    ...overrides,
  });
}

before(async () => {
  sandbox = await startSandbox();
  initialCredits = sandbox.getCredits();
});
after(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.clearFaults();
  sandbox.resetCounts();
  sandbox.dialect = 'live';
  sandbox.setCredits(initialCredits);
  logs.length = 0;
});

for (const [name, impl] of [
  ['global fetch', undefined],
  ['node:http', nodeFetch],
] as const) {
  describe(`over ${name}`, () => {
    before(() => {
      transport = impl;
    });
    suites();
  });
}

function suites(): void {
  describe('credit usage', () => {
    test('reads remaining, plan and period in both dialects', async () => {
      sandbox.setCredits({ remainingCredits: 1234, planCredits: 5000, billingPeriodStart: '2026-11-01T00:00:00.000Z', billingPeriodEnd: '2026-12-01T00:00:00.000Z' });
      for (const dialect of ['live', 'spec'] as const) {
        sandbox.dialect = dialect;
        assert.deepEqual(await client().getCreditUsage(), {
          remainingCredits: 1234,
          planCredits: 5000,
          billingPeriodStart: '2026-11-01T00:00:00.000Z',
          billingPeriodEnd: '2026-12-01T00:00:00.000Z',
        });
      }
    });

    test('accepts overage, grants above plan and null period dates', async () => {
      sandbox.setCredits({ remainingCredits: -250, planCredits: 1000, billingPeriodStart: null, billingPeriodEnd: null });
      const over = await client().getCreditUsage();
      assert.equal(over.remainingCredits, -250);
      assert.equal(over.billingPeriodStart, null);
      sandbox.setCredits({ remainingCredits: 9000, planCredits: 1000, billingPeriodStart: null, billingPeriodEnd: null });
      assert.equal((await client().getCreditUsage()).remainingCredits, 9000);
    });

    test('sends the key only as a bearer header and names the extension in User-Agent', async () => {
      await client()
        .getCreditUsage()
        .catch(() => undefined);
      const request = sandbox.requestsTo('creditUsage')[0];
      assert.ok(request);
      assert.equal(request.headers.authorization, `Bearer ${sandbox.keys.valid}`);
      assert.match(request.headers['user-agent'] ?? '', /^firecrawl-vscode\/0\.1\.0-test/);
      assert.ok(!request.path.includes(sandbox.keys.valid) && !request.query.includes(sandbox.keys.valid));
    });

    test('404 without billing information is a not-found error', async () => {
      sandbox.setCredits(null);
      const error = await failure(client().getCreditUsage());
      assert.equal(error.kind, 'notFound');
      assert.match(describeError(error).message, /no billing information/);
    });
  });

  describe('queue status', () => {
    test('active, waiting, the plan’s maximum and the last success; 2 when billing has none, null after a quiet day', async () => {
      const now = sandbox.now();
      sandbox.queue = { active: 3, waiting: 7, maxConcurrency: 5, mostRecentSuccessAt: now - 60_000 };
      assert.deepEqual(await client().getQueueStatus(), { active: 3, waiting: 7, maxConcurrency: 5, mostRecentSuccess: new Date(now - 60_000).toISOString() });
      sandbox.queue = { active: 0, waiting: 0, maxConcurrency: undefined, mostRecentSuccessAt: now - 25 * 3_600_000 };
      assert.deepEqual(await client().getQueueStatus(), { active: 0, waiting: 0, maxConcurrency: 2, mostRecentSuccess: null });
      sandbox.fault({ route: 'queueStatus', kind: 'status', status: 200, body: { success: true, activeJobsInQueue: -1, waitingJobsInQueue: 2.5, maxConcurrency: 0, mostRecentSuccess: 'soon' } });
      assert.deepEqual(await client().getQueueStatus(), { active: 0, waiting: 2, maxConcurrency: null, mostRecentSuccess: null });
      sandbox.fault({ route: 'queueStatus', kind: 'status', status: 200, body: { activeJobsInQueue: 'many' } });
      assert.equal((await failure(client().getQueueStatus())).kind, 'invalidResponse');
    });
  });

  describe('usage history', () => {
    test('without the breakdown: monthly totals, oldest first, newest month open, no apiKey', async () => {
      for (const dialect of ['live', 'spec'] as const) {
        sandbox.dialect = dialect;
        const history = await client().getCreditUsageHistory(false);
        assert.equal(history.byApiKey, false);
        assert.ok(history.periods.length >= 3);
        assert.ok(history.periods.every((p) => p.apiKey === undefined && typeof p.creditsUsed === 'number'));
        const starts = history.periods.map((p) => p.startDate);
        assert.deepEqual([...starts].sort(), starts);
        assert.equal(history.periods.at(-1)?.endDate, null);
      }
      const request = sandbox.requestsTo('creditUsageHistorical')[0];
      assert.equal(request?.query, '');
    });

    test('with the breakdown: sent exactly as byApiKey=true, rows carry key display names', async () => {
      const history = await client().getCreditUsageHistory(true);
      assert.equal(history.byApiKey, true);
      const names = new Set(history.periods.map((p) => p.apiKey));
      assert.ok(names.size >= 3, `expected several keys, got ${[...names].join(', ')}`);
      assert.ok(![...names].some((n) => n?.startsWith('fc-')), 'display names, never secrets');
      const request = sandbox.requestsTo('creditUsageHistorical')[0];
      assert.equal(request?.query, 'byApiKey=true');
    });

    test('a month without a zone is a UTC month, as the billing period is: never the day before east of UTC', async () => {
      sandbox.fault({
        route: 'creditUsageHistorical',
        kind: 'status',
        status: 200,
        body: {
          success: true,
          periods: [
            { startDate: '2026-10-01 00:00:00', endDate: '2026-10-31 23:59:59', creditsUsed: 5 },
            { startDate: '2026-11-01T00:00:00', endDate: null, creditsUsed: 7 },
            { startDate: 'not a date', endDate: null, creditsUsed: 1 },
          ],
        },
      });
      const saved = process.env.TZ;
      process.env.TZ = 'Asia/Tokyo';
      try {
        const history = await client().getCreditUsageHistory(false);
        assert.deepEqual(
          history.periods.map((p) => [p.startDate, p.endDate]),
          [
            ['2026-10-01T00:00:00.000Z', '2026-10-31T23:59:59.000Z'],
            ['2026-11-01T00:00:00.000Z', null],
            // Unreadable text stays as sent: the chart labels it with what it says.
            ['not a date', null],
          ],
        );
        // What the chart and the CSV make of them: October, not September.
        assert.deepEqual(
          shapeHistory(history.periods, false, { locale: 'en-US' }).months.map((m) => m.longLabel),
          ['October 2026', 'November 2026', 'not a date'],
        );
      } finally {
        if (saved === undefined) delete process.env.TZ;
        else process.env.TZ = saved;
      }
    });

    test('per-key sums equal the monthly totals in both dialects', async () => {
      for (const dialect of ['live', 'spec'] as const) {
        sandbox.dialect = dialect;
        const totals = await client().getCreditUsageHistory(false);
        const perKey = await client().getCreditUsageHistory(true);
        for (const month of totals.periods) {
          const sum = perKey.periods.filter((p) => p.startDate === month.startDate).reduce((s, p) => s + p.creditsUsed, 0);
          assert.equal(sum, month.creditsUsed, `${dialect} ${month.startDate}`);
        }
      }
    });
  });

  describe('deep research jobs', () => {
    test('a job read in both dialects normalises to the same model', async () => {
      const id = sandbox.createResearchJob({ durationMs: 1, outcome: 'completed', maxDepth: 3, activities: 4, sources: 3, withJson: true });
      await new Promise((r) => setTimeout(r, 5));
      sandbox.dialect = 'live';
      const live = await client().getResearchJob(id);
      sandbox.dialect = 'spec';
      const spec = await client().getResearchJob(id);
      assert.equal(live.status, 'completed');
      assert.equal(live.id, id);
      assert.ok(live.finalAnalysis && live.finalAnalysis.length > 0);
      assert.ok(live.sources.length >= 1 && live.activities.length >= 1);
      assert.ok(live.json !== undefined);
      assert.ok(
        live.warnings.some((w) => /deprecated/i.test(w)),
        'the live dialect carries the deprecation warning',
      );
      const { deprecation, ...liveJob } = live;
      assert.deepEqual({ ...spec, warnings: [] }, { ...liveJob, warnings: [] });
      assert.equal(spec.deprecation, undefined, 'the spec dialect sends no deprecation signals');
      assert.deepEqual(
        { ...deprecation, warnings: deprecation?.warnings.length },
        { deprecated: true, deprecatedAt: 1778025600000, sunsetAt: Date.parse(sandbox.researchSunset!), successor: '/v2/search', replacement: '/v2/search', warnings: 1 },
        'Deprecation @epoch, Sunset, Link successor-version, body replacement, Warning 299 and body warnings (the same text, once)',
      );
      assert.ok(live.sources.every((s) => typeof s.url === 'string'));
      assert.ok(
        live.sources.some((s) => s.icon),
        'icon (live) and favicon (spec) both become icon',
      );
    });

    test('array titles become text and hostile titles stay plain strings', async () => {
      const id = sandbox.createResearchJob({ durationMs: 1, outcome: 'completed', sources: 2, sourceTitle: ['<img src=x onerror=alert(1)>', 'Second'] });
      await new Promise((r) => setTimeout(r, 5));
      const job = await client().getResearchJob(id);
      assert.ok(job.sources.some((s) => s.title?.includes('<img src=x onerror=alert(1)>')));
    });

    test('a failed job (HTTP 200, success:false) is a result, not an error', async () => {
      const id = sandbox.createResearchJob({ durationMs: 1, outcome: 'failed', error: 'Research exceeded its time limit' });
      await new Promise((r) => setTimeout(r, 5));
      for (const dialect of ['live', 'spec'] as const) {
        sandbox.dialect = dialect;
        const job = await client().getResearchJob(id);
        assert.equal(job.status, 'failed');
        assert.equal(job.error, 'Research exceeded its time limit');
      }
    });

    test('a processing job reports depth and keeps unknown statuses', async () => {
      const id = sandbox.createResearchJob({ durationMs: 600_000, maxDepth: 5 });
      const job = await client().getResearchJob(id);
      assert.equal(job.status, 'processing');
      assert.equal(job.maxDepth, 5);
      assert.equal(job.finalAnalysis, undefined);
    });

    test('an unknown id is not-found in both dialects; a malformed id is never sent', async () => {
      for (const dialect of ['live', 'spec'] as const) {
        sandbox.dialect = dialect;
        const error = await failure(client().getResearchJob('4b7c2b8e-3f1a-4c2d-9e8f-0a1b2c3d4e5f'));
        assert.equal(error.kind, 'notFound');
        assert.match(describeError(error).message, /Expired or not found/);
      }
      sandbox.resetCounts();
      const bad = await failure(client().getResearchJob('../team/credit-usage'));
      assert.equal(bad.kind, 'invalidRequest');
      assert.equal(sandbox.requestCount(), 0);
    });
  });

  describe('errors', () => {
    test('401 with an invalid key, and the key never in the message', async () => {
      const error = await failure(client({ apiKey: () => 'fc-not-a-real-key-123' }).getCreditUsage());
      assert.equal(error.kind, 'unauthorized');
      assert.equal(error.status, 401);
      assert.ok(!error.message.includes('fc-not-a-real-key-123'));
    });

    test('a server that echoes the key back has it redacted', async () => {
      sandbox.fault({ kind: 'status', status: 400, route: 'creditUsage', body: { success: false, error: `bad token ${sandbox.keys.valid}` } });
      const error = await failure(client().getCreditUsage());
      assert.match(error.message, /bad token fc-\*\*\*|bad token \*\*\*/, 'the server text is kept, redacted');
      assert.ok(!error.message.includes(sandbox.keys.valid), error.message);
      assert.ok(!logs.some((l) => JSON.stringify(l).includes(sandbox.keys.valid)));
    });

    test('403 restricted key on deep research', async () => {
      const id = sandbox.createResearchJob({ durationMs: 1 });
      const error = await failure(client({ apiKey: () => sandbox.keys.restricted }).getResearchJob(id));
      assert.equal(error.kind, 'forbidden');
    });

    for (const status of [401, 403, 404] as const) {
      test(`${status} is not retried`, async () => {
        sandbox.fault({ kind: 'status', status, route: 'creditUsage' });
        await failure(client().getCreditUsage());
        assert.equal(sandbox.requestCount('creditUsage'), 1);
      });
    }

    test('429 with only the text wait: retried after that wait, then succeeds', async () => {
      const waits: number[] = [];
      sandbox.fault({ kind: 'status', status: 429, route: 'creditUsage', retryAfterSeconds: 2 });
      const usage = await client({ sleep: async (ms) => void waits.push(ms) }).getCreditUsage();
      assert.equal(typeof usage.remainingCredits, 'number');
      assert.deepEqual(waits, [2000]);
      assert.equal(sandbox.requestCount('creditUsage'), 2);
    });

    test('429 that asks for a long wait is returned with the wait, not waited out', async () => {
      sandbox.fault({ kind: 'status', status: 429, route: 'creditUsage', retryAfterSeconds: 45, times: 5 });
      const error = await failure(client().getCreditUsage());
      assert.equal(error.kind, 'rateLimited');
      assert.equal((error as FirecrawlError & { retryAfterMs?: number }).retryAfterMs, 45_000);
      assert.equal(sandbox.requestCount('creditUsage'), 1);
    });

    test('a Retry-After header wins over the text', async () => {
      const waits: number[] = [];
      sandbox.fault({ kind: 'status', status: 429, route: 'creditUsage', retryAfterSeconds: 9, retryAfterHeader: '1' });
      await client({ sleep: async (ms) => void waits.push(ms) }).getCreditUsage();
      assert.deepEqual(waits, [1000]);
    });

    for (const status of [502, 503] as const) {
      test(`${status} is retried with backoff up to 3 attempts`, async () => {
        const waits: number[] = [];
        sandbox.fault({ kind: 'status', status, route: 'creditUsage', times: 5 });
        const error = await failure(client({ sleep: async (ms) => void waits.push(ms) }).getCreditUsage());
        assert.equal(error.kind, 'server');
        assert.equal(error.status, status);
        assert.equal(sandbox.requestCount('creditUsage'), 3);
        assert.equal(waits.length, 2);
        assert.ok(waits[0]! >= 250 && waits[0]! <= 500 && waits[1]! >= 500 && waits[1]! <= 1000, `jittered backoff ${waits}`);
        assert.ok(logs.filter((l) => l.retryInMs !== undefined).length === 2);
      });
    }

    test('a caller can ask for a single attempt', async () => {
      sandbox.fault({ kind: 'status', status: 503, route: 'creditUsage', times: 3 });
      const error = await failure(client().getCreditUsage({ maxAttempts: 1 }));
      assert.equal(error.kind, 'server');
      assert.equal(sandbox.requestCount('creditUsage'), 1);
    });

    test('500 is a transient server error, not retried', async () => {
      sandbox.fault({ kind: 'status', status: 500, route: 'creditUsage' });
      const error = await failure(client().getCreditUsage());
      assert.equal(error.kind, 'server');
      assert.ok(error.transient);
      assert.equal(sandbox.requestCount('creditUsage'), 1);
    });

    test('retries stop at the caller deadline', async () => {
      sandbox.fault({ kind: 'status', status: 503, route: 'creditUsage', times: 5 });
      let now = 0;
      const error = await failure(client({ now: () => now, sleep: async (ms) => void (now += ms) }).getCreditUsage({ deadline: 100 }));
      assert.equal(error.kind, 'server');
      assert.equal(sandbox.requestCount('creditUsage'), 1);
    });

    test('malformed JSON, wrong field types and oversized bodies are invalid responses naming the path', async () => {
      sandbox.fault({ kind: 'malformedJson', route: 'creditUsage' });
      const malformed = await failure(client().getCreditUsage());
      assert.equal(malformed.kind, 'invalidResponse');
      assert.match(malformed.message, /not valid JSON/);
      assert.equal(malformed.transient, true, 'another answer may be readable');

      sandbox.fault({ kind: 'wrongTypes', route: 'creditUsage' });
      const wrong = await failure(client().getCreditUsage());
      assert.equal(wrong.kind, 'invalidResponse');
      assert.match(wrong.message, /data\.\w+/);

      sandbox.fault({ kind: 'oversized', route: 'creditUsage' });
      const big = await failure(client().getCreditUsage());
      assert.equal(big.kind, 'invalidResponse');
      assert.match(big.message, /larger than/);
    });

    test('a compressed body is counted as decoded: small on the wire, past the cap once unpacked, refused as it is read', async () => {
      sandbox.fault({ kind: 'compressed', route: 'creditUsage', bytes: 40 * 1024 * 1024 });
      const big = await failure(client().getCreditUsage());
      assert.equal(big.kind, 'invalidResponse');
      assert.match(big.message, /larger than 5 MB/);
      // The same request would bring the same body: it is said as too large, with what to do, and not tried again.
      assert.equal(big.transient, false);
      assert.equal(
        describeError(big).message,
        "Firecrawl's answer while reading remaining credits is larger than 5 MB, the most this extension reads. Ask for less: a smaller page, fewer results or a lower limit.",
      );

      sandbox.fault({ kind: 'compressed', route: 'creditUsage', bytes: 200 * 1024 });
      const usage = await client().getCreditUsage();
      assert.equal(usage.remainingCredits, 62418, 'a compressed body within the cap is read whole');
    });

    test('a network failure (nothing listening) is a network error after retries', async () => {
      const closed = await startSandbox({ seed: false });
      const url = closed.url;
      await closed.close();
      const error = await failure(client({ baseUrl: url }).getCreditUsage());
      assert.equal(error.kind, 'network');
      assert.match(describeError(error).message, new RegExp(`^Could not reach Firecrawl at ${url.replace(/\./g, '\\.')} while reading remaining credits`));
      assert.equal(logs.filter((l) => l.error).length, 3);
    });

    test('a connection reset is a network error and retried for reads', async () => {
      sandbox.fault({ kind: 'connectionReset', route: 'creditUsage' });
      const usage = await client().getCreditUsage();
      assert.equal(typeof usage.planCredits, 'number');
      assert.equal(sandbox.requestCount('creditUsage'), 2);
    });

    test('a hanging server times out; cancelling aborts at once', async () => {
      sandbox.fault({ kind: 'hang', route: 'creditUsage', times: 2 });
      const timeout = await failure(client({ timeoutMs: 150 }).getCreditUsage());
      assert.equal(timeout.kind, 'timeout');
      const controller = new AbortController();
      const pending = client().getCreditUsage({ signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      const cancelled = await failure(pending);
      assert.equal(cancelled.kind, 'cancelled');
    });

    test('an already-cancelled signal sends nothing', async () => {
      const controller = new AbortController();
      controller.abort();
      const error = await failure(client().getCreditUsage({ signal: controller.signal }));
      assert.equal(error.kind, 'cancelled');
      assert.equal(sandbox.requestCount(), 0);
    });
  });

  describe('feedback', () => {
    test('a valid submission returns the receipt and sends origin and an _-prefixed integration', async () => {
      const jobId = sandbox.createV2Job('scrape', { costCredits: 20 });
      const receipt = await submitFeedback(client(), { endpoint: 'scrape', jobId, rating: 'bad', issues: ['missing-content'] });
      assert.equal(receipt.alreadySubmitted, false);
      assert.equal(receipt.dailyCapReached, false);
      assert.ok(receipt.creditsRefunded > 0);
      const sent = sandbox.requestsTo('feedback')[0]?.body as Record<string, unknown>;
      assert.equal(sent.origin, 'firecrawl-vscode@0.1.0-test');
      assert.equal(sent.integration, '_vscode');
    });

    test('a repeat is a receipt with alreadySubmitted and the warning', async () => {
      const jobId = sandbox.createV2Job('map');
      await submitFeedback(client(), { endpoint: 'map', jobId, rating: 'bad', note: 'missed half the site' });
      const again = await submitFeedback(client(), { endpoint: 'map', jobId, rating: 'bad', note: 'missed half the site' });
      assert.equal(again.alreadySubmitted, true);
      assert.equal(again.creditsRefunded, 0);
      assert.match(again.warning ?? '', /already submitted/);
    });

    test('service errors carry feedbackErrorCode; a POST is never retried', async () => {
      const expired = sandbox.createV2Job('scrape', { ageMs: 10 * 60_000 });
      const error = await failure(submitFeedback(client(), { endpoint: 'scrape', jobId: expired, rating: 'good', note: 'fine' }));
      assert.equal(error.kind, 'feedback');
      assert.equal((error as FirecrawlError & { feedbackErrorCode: string }).feedbackErrorCode, 'FEEDBACK_WINDOW_EXPIRED');

      sandbox.resetCounts();
      sandbox.fault({ kind: 'status', status: 503, route: 'feedback', times: 3 });
      const jobId = sandbox.createV2Job('scrape');
      await failure(submitFeedback(client(), { endpoint: 'scrape', jobId, rating: 'good', note: 'fine' }));
      assert.equal(sandbox.requestCount('feedback'), 1);
    });

    test('an unknown job id is JOB_NOT_FOUND', async () => {
      const error = await failure(submitFeedback(client(), { endpoint: 'scrape', jobId: '4b7c2b8e-3f1a-4c2d-9e8f-0a1b2c3d4e5f', rating: 'good', note: 'x' }));
      assert.equal((error as FirecrawlError & { feedbackErrorCode: string }).feedbackErrorCode, 'JOB_NOT_FOUND');
    });

    test('an invalid body is refused locally with every problem and nothing is sent', async () => {
      const error = await failure(submitFeedback(client(), { endpoint: 'search', jobId: 'nope', rating: 'good', issues: ['Bad Label'] } as never));
      assert.equal(error.kind, 'invalidRequest');
      const paths = (error as FirecrawlError & { problems: { path: string }[] }).problems.map((p) => p.path);
      assert.ok(paths.includes('jobId'));
      assert.ok(paths.some((p) => p.startsWith('issues')));
      assert.equal(sandbox.requestCount('feedback'), 0);
    });

    test('the server INVALID_BODY details are carried with paths', async () => {
      const jobId = sandbox.createV2Job('scrape');
      // Bypass local validation through the server's own strict-key rule by sending raw JSON.
      const response = await fetch(`${sandbox.url}/v2/feedback`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sandbox.keys.valid}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ endpoint: 'scrape', jobId, rating: 'good', note: 'x', surprise: 1 }),
      });
      assert.equal(response.status, 400);
      const body = (await response.json()) as { feedbackErrorCode: string; details: unknown[] };
      assert.equal(body.feedbackErrorCode, 'INVALID_BODY');
      assert.ok(Array.isArray(body.details) && body.details.length > 0);
    });
  });
}
