// The client's usage by hour and by day against the sandbox: both dialects and both transports,
// the window and bin size, sparse answers, the service's 400s and a server that ignores timeRange
// as typed errors, and the request it sends.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FirecrawlClient, type UsageTimeRange } from '../../../src/api';
import { describeError } from '../../../src/host/errorText';
import { nodeFetch } from '../../../src/platform/nodeTransport';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { failure } from '../../support/failure';
import { fakeClock } from '../../sandbox/testing';

const NOW = Date.UTC(2026, 10, 20, 12, 30, 0);
let sandbox: Sandbox;

before(async () => {
  sandbox = await startSandbox({ now: fakeClock(NOW).now });
});
after(async () => {
  await sandbox.close();
});

function client(fetch?: typeof nodeFetch): FirecrawlClient {
  return new FirecrawlClient({
    baseUrl: sandbox.url,
    apiKey: () => sandbox.keys.valid,
    clientName: 'firecrawl-vscode',
    clientVersion: 'test',
    sleep: async () => undefined,
    ...(fetch ? { fetch } : {}),
  });
}

for (const [name, fetch] of [
  ['global fetch', undefined],
  ['node:http', nodeFetch],
] as const) {
  describe(`usage bins over ${name}`, () => {
    for (const dialect of ['live', 'spec'] as const) {
      test(`${dialect} dialect: hourly and daily bins with their window`, async () => {
        sandbox.dialect = dialect;
        try {
          sandbox.resetCounts();
          const day = await client(fetch).getCreditUsageBins('day');
          assert.equal(day.timeRange, 'day');
          assert.equal(day.binSize, 'hour');
          assert.equal(day.windowStart, '2026-11-19T12:30:00.000Z');
          assert.equal(day.windowEnd, '2026-11-20T12:30:00.000Z');
          assert.equal(day.bins.length, 25);
          assert.ok(day.bins.every((b) => typeof b.creditsUsed === 'number' && b.startDate !== null));
          assert.ok(
            day.bins.some((b) => b.creditsUsed > 0),
            'totalCredits is read as well as creditsUsed',
          );
          const week = await client(fetch).getCreditUsageBins('week');
          assert.equal(week.binSize, 'day');
          assert.equal(week.bins.length, 8);
          assert.equal((await client(fetch).getCreditUsageBins('month')).bins.length, 31);
          assert.deepEqual(
            sandbox.requests().map((r) => r.query),
            ['timeRange=day', 'timeRange=week', 'timeRange=month'],
          );
        } finally {
          sandbox.dialect = 'live';
        }
      });
    }

    test('sparse bins come back as sent: the chart and the rules fill the gaps', async () => {
      sandbox.setUsageHours([{ hour: NOW - 3 * 3_600_000, credits: 12 }]);
      sandbox.sparseBins = true;
      try {
        const day = await client(fetch).getCreditUsageBins('day');
        assert.deepEqual(day.bins, [{ startDate: '2026-11-20T09:00:00.000Z', endDate: '2026-11-20T09:59:59.999Z', creditsUsed: 12 }]);
      } finally {
        sandbox.sparseBins = false;
      }
    });

    test('timeRange is sent once and never empty; the history without it has no window', async () => {
      sandbox.resetCounts();
      await client(fetch).getCreditUsageBins('week');
      const history = await client(fetch).getCreditUsageHistory(false);
      const queries = sandbox.requests().map((r) => new URLSearchParams(r.query));
      assert.deepEqual(
        queries.map((q) => q.getAll('timeRange')),
        [['week'], []],
      );
      assert.ok(history.periods.length > 0, 'months, read without a window');
    });

    test('a range the client does not know is refused before anything is sent', async () => {
      sandbox.resetCounts();
      const error = await failure(client(fetch).getCreditUsageBins('year' as UsageTimeRange));
      assert.equal(error.kind, 'invalidRequest');
      assert.equal(sandbox.requestCount(), 0);
    });
  });
}

describe('usage bins: what the service refuses or does not know', () => {
  test("the service's 400 is a badRequest with its words", async () => {
    sandbox.fault({ route: 'creditUsageHistorical', kind: 'status', status: 400, body: { success: false, error: 'timeRange must be day, week, or month.' } });
    const error = await failure(client().getCreditUsageBins('week'));
    assert.equal(error.kind, 'badRequest');
    assert.equal(error.status, 400);
    assert.match(describeError(error).message, /did not accept the request for reading credit usage history \(HTTP 400\)\. Firecrawl said: timeRange must be day, week, or month\./);
  });

  test('a server that ignores timeRange and sends months is an unreadable answer at "window", not bins', async () => {
    sandbox.fault({ route: 'creditUsageHistorical', kind: 'status', status: 200, body: { success: true, periods: [{ startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 5 }] } });
    const error = await failure(client().getCreditUsageBins('day'));
    assert.equal(error.kind, 'invalidResponse');
    assert.equal((error as unknown as { path: string }).path, 'window');
  });

  test('a bin without a number names the bin; wrong types are unreadable', async () => {
    sandbox.fault({
      route: 'creditUsageHistorical',
      kind: 'status',
      status: 200,
      body: { success: true, window: { timeRange: 'day', binSize: 'hour' }, periods: [{ startDate: '2026-11-20T09:00:00.000Z', endDate: null }] },
    });
    const missing = await failure(client().getCreditUsageBins('day'));
    assert.equal((missing as unknown as { path: string }).path, 'periods[0].creditsUsed');
    sandbox.fault({ route: 'creditUsageHistorical', kind: 'wrongTypes' });
    assert.equal((await failure(client().getCreditUsageBins('day'))).kind, 'invalidResponse');
  });

  test('an unknown bin size, null dates and unreadable window dates are taken sensibly', async () => {
    sandbox.fault({
      route: 'creditUsageHistorical',
      kind: 'status',
      status: 200,
      body: { success: true, window: { timeRange: 'week', binSize: 'fortnight', startDate: 'soon', endDate: null }, periods: [{ startDate: null, endDate: null, totalCredits: 3 }] },
    });
    const bins = await client().getCreditUsageBins('week');
    assert.equal(bins.binSize, 'day', 'from the range asked for');
    assert.equal(bins.windowStart, null);
    assert.equal(bins.windowEnd, null);
    assert.deepEqual(bins.bins, [{ startDate: null, endDate: null, creditsUsed: 3 }]);
  });

  test("times without a zone (as the service's ClickHouse writes them) are UTC, wherever the editor is", async () => {
    sandbox.fault({
      route: 'creditUsageHistorical',
      kind: 'status',
      status: 200,
      body: {
        success: true,
        window: { timeRange: 'day', binSize: 'hour', startDate: '2026-11-26 10:30:00', endDate: '2026-11-27 10:30:00' },
        periods: [{ startDate: '2026-11-27 09:00:00', endDate: '2026-11-27 10:00:00.5', creditsUsed: 4 }],
      },
    });
    const saved = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      const bins = await client().getCreditUsageBins('day');
      assert.equal(bins.windowStart, '2026-11-26T10:30:00.000Z');
      assert.equal(bins.windowEnd, '2026-11-27T10:30:00.000Z');
      assert.deepEqual(bins.bins, [{ startDate: '2026-11-27T09:00:00.000Z', endDate: '2026-11-27T10:00:00.500Z', creditsUsed: 4 }]);
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  test('a billing period without a zone is UTC too: one reader for every time the service sends', async () => {
    sandbox.fault({
      route: 'creditUsage',
      kind: 'status',
      status: 200,
      body: { success: true, data: { remainingCredits: 5, planCredits: 10, billingPeriodStart: '2026-11-01 00:00:00', billingPeriodEnd: '2026-12-01 00:00:00' } },
    });
    const saved = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      const usage = await client().getCreditUsage();
      assert.deepEqual([usage.billingPeriodStart, usage.billingPeriodEnd], ['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z']);
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  test('self-hosted: the plain 500 reads as "not available on this server"', async () => {
    sandbox.selfHosted = true;
    try {
      const error = await failure(client().getCreditUsageBins('day'));
      assert.equal(error.kind, 'server');
      assert.match(describeError(error, { selfHosted: true }).message, /Usage history is not available on this server/);
    } finally {
      sandbox.selfHosted = false;
    }
  });
});
