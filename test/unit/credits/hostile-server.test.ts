// The credits store with the real client against the real sandbox, on one fake clock, when the
// server misbehaves: waits asked for far beyond any timer, intervals set far too long, a rate limit
// right after an unreadable answer, a balance without a plan, billing dates no calendar has.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FirecrawlClient } from '../../../src/api';
import type { FetchLike } from '../../../src/api/http';
import { Emitter } from '../../../src/shared/events';
import { CreditsStore } from '../../../src/features/credits/model/creditsStore';
import { MAX_SERVER_WAIT_MS } from '../../../src/shared/backoff';
import { presentCredits, type PresentationContext } from '../../../src/features/credits/ui/statusBarText';
import { nodeFetch } from '../../../src/platform/nodeTransport';
import { FakeClock } from '../../support/fakeClock';
import { startSandbox, type Sandbox } from '../../sandbox/server';

const clock = new FakeClock();
let sandbox: Sandbox;
let inFlight = 0;

/** The Node transport, counting requests until their body is read, so the test knows when the server has answered. */
const countingFetch: FetchLike = async (url, init) => {
  inFlight++;
  try {
    const response = await nodeFetch(url, init);
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: null, text: async () => text };
  } finally {
    inFlight--;
  }
};

function client(): FirecrawlClient {
  return new FirecrawlClient({
    baseUrl: sandbox.url,
    apiKey: () => sandbox.keys.valid,
    clientName: 'firecrawl-vscode',
    clientVersion: '0.0.0-test',
    fetch: countingFetch,
    now: () => clock.now(),
    // The transport's own waits run on the fake clock too.
    sleep: (ms, signal) =>
      new Promise((resolve, reject) => {
        const timer = clock.schedule(ms, () => resolve());
        signal?.addEventListener('abort', () => {
          timer.dispose();
          reject(signal.reason);
        });
      }),
  });
}

function makeStore(intervalMs = 5 * 60_000): CreditsStore {
  const c = client();
  return new CreditsStore({
    fetch: (signal, onRetry) => c.getCreditUsage({ signal, onRetry }),
    hasKey: () => true,
    isSelfHosted: () => false,
    intervalMs: () => intervalMs,
    clock,
    focus: { focused: true, onDidChange: new Emitter<boolean>().event },
    random: () => 0.5,
  });
}

/** Moves the fake clock in steps, letting every real request finish before time moves on. */
async function run(ms: number, step = 1_000): Promise<void> {
  for (let t = 0; t < ms; t += step) {
    await clock.advance(Math.min(step, ms - t));
    const deadline = Date.now() + 5_000;
    while (inFlight > 0) {
      if (Date.now() > deadline) throw new Error('a request did not finish');
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await clock.flush();
  }
}

const ctx = (): PresentationContext => ({
  now: clock.now(),
  locale: 'en-US',
  thresholds: { warningPercent: 20, criticalPercent: 5 },
  keySource: 'stored',
  errors: { apiUrl: sandbox.url, selfHosted: true },
});
/** The tooltip as a person reads it: Markdown escapes removed. */
const readable = (markdown: string) => markdown.replace(/\\(.)/g, '$1');

let initial: ReturnType<Sandbox['getCredits']>;
before(async () => {
  sandbox = await startSandbox({ now: () => clock.now() });
  initial = sandbox.getCredits();
});
after(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.clearFaults();
  sandbox.resetCounts();
  sandbox.setCredits(initial);
});

describe('waits no timer can hold', () => {
  test('a 429 asking for 30 days: one request per 15 minutes, never a loop', async () => {
    sandbox.fault({ route: 'creditUsage', kind: 'status', status: 429, retryAfterSeconds: 30 * 24 * 3600, times: 1_000 });
    const store = makeStore();
    store.start();
    await run(2 * 60 * 60_000, 60_000);
    // At 0, 15, 30 … 120 minutes: the service's wait is capped, and nothing fires early.
    assert.equal(sandbox.requestCount('creditUsage'), 9);
    const problem = store.state.problem;
    assert.equal(problem?.kind, 'unavailable');
    assert.ok(problem.kind === 'unavailable' && problem.retryAt - clock.now() <= MAX_SERVER_WAIT_MS);
    assert.match(readable(presentCredits(store.state, ctx()).tooltip), /rate limit was reached while reading remaining credits; retrying in 15 min/);
    store.dispose();
  });

  test('an interval far beyond what timers hold: one request, then quiet', async () => {
    const store = makeStore(2 ** 40);
    store.start();
    await run(60 * 60_000, 60_000);
    assert.equal(sandbox.requestCount('creditUsage'), 1);
    assert.equal(clock.pending, 1, 'one timer, set for as long as a timer can wait');
    store.dispose();
  });
});

describe('what a refresh says while it waits', () => {
  test('after an unreadable answer, a rate-limited refresh says "rate limited, retrying in N s" during the wait', async () => {
    sandbox.fault({ route: 'creditUsage', kind: 'malformedJson' });
    const store = makeStore();
    store.start();
    await run(1_000);
    assert.match(readable(presentCredits(store.state, ctx()).tooltip), /sent a response this extension cannot read/);

    sandbox.fault({ route: 'creditUsage', kind: 'status', status: 429, retryAfterSeconds: 7, times: 2 });
    void store.refreshNow();
    await run(1_000);
    assert.equal(store.state.loading, true, 'the client is waiting out the 429 itself');
    const during = readable(presentCredits(store.state, ctx()).tooltip);
    assert.match(during, /Firecrawl's rate limit was reached while reading remaining credits; retrying in 6 s/);
    assert.doesNotMatch(during, /cannot read/);
    await run(20_000);
    assert.equal(store.state.problem, undefined, 'the third attempt went through');
    assert.equal(store.state.snapshot?.usage.remainingCredits, initial?.remainingCredits);
    store.dispose();
  });
});

describe('a 404 from something that is not the service', () => {
  test('another server\'s 404 page is not "no billing information": it is retried and named for what it is', async () => {
    sandbox.fault({ route: 'creditUsage', kind: 'status', status: 404, text: '<html><body>Not Found</body></html>', times: 3 });
    const store = makeStore();
    store.start();
    await run(1_000);
    assert.equal(store.state.problem?.kind, 'unavailable');
    assert.match(readable(presentCredits(store.state, ctx()).tooltip), /answered 404 while reading remaining credits, and not with Firecrawl's own error/);
    sandbox.clearFaults();
    sandbox.setCredits(null);
    await store.refreshNow();
    assert.equal(store.state.problem?.kind, 'noBilling', "the service's own 404 still means no billing record");
    store.dispose();
  });
});

describe('balances as older or odder servers send them', () => {
  test('remaining credits alone: shown without plan, usage share or warning level', async () => {
    sandbox.setCredits({ remainingCredits: 4_321 });
    const store = makeStore();
    store.start();
    await run(1_000);
    assert.equal(store.state.problem, undefined);
    assert.deepEqual(store.state.snapshot?.usage, { remainingCredits: 4_321, planCredits: null, billingPeriodStart: null, billingPeriodEnd: null });
    const view = presentCredits(store.state, ctx());
    assert.equal(view.text, '$(flame) 4,321');
    assert.equal(view.level, 'normal');
    assert.match(view.tooltip, /\*\*4,321\*\* credits remaining/);
    assert.doesNotMatch(view.tooltip, / of |Used this period|%/);
    assert.equal(view.accessibilityLabel, 'Firecrawl: 4,321 credits remaining');
    sandbox.setCredits({ remainingCredits: -20 });
    await store.refreshNow();
    const over = presentCredits(store.state, ctx());
    assert.equal(over.level, 'critical');
    assert.match(over.tooltip, /Over by \*\*20\*\* credits/);
    store.dispose();
  });

  test('billing dates no calendar has are left out, never "Invalid Date" or "NaN days"', async () => {
    sandbox.setCredits({ remainingCredits: 10, planCredits: 100, billingPeriodStart: 'soon', billingPeriodEnd: '2026-13-45T99:00:00Z' });
    const store = makeStore();
    store.start();
    await run(1_000);
    assert.equal(store.state.snapshot?.usage.billingPeriodEnd, null);
    const tooltip = presentCredits(store.state, ctx()).tooltip;
    assert.doesNotMatch(tooltip, /Invalid Date|NaN|Billing period/);
    // A value saved by an older version may still hold one: the tooltip copes too.
    const saved = { loading: false, snapshot: { usage: { remainingCredits: 10, planCredits: 100, billingPeriodStart: 'x', billingPeriodEnd: 'y' }, fetchedAt: clock.now() } };
    assert.doesNotMatch(presentCredits(saved, ctx()).tooltip, /Invalid Date|NaN|Billing period/);
    store.dispose();
  });
});
