// The usage history store on a fake clock: single flight per breakdown, failures that keep the last
// data, the self-hosted and rejected-key states, reset, persistence, and the panel state built from it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ForbiddenError, NetworkError, NoRouteError, ServerError, UnauthorizedError, type UsageHistory } from '../../../src/api';
import type { CreditsState } from '../../../src/features/credits';
import { type HistoryMode, type HistorySnapshot, UsageHistoryStore, type UsageHistoryStoreOptions } from '../../../src/features/usage/model/historyStore';
import { isHostMessage, isPanelState } from '../../../src/features/usage/protocol';
import { describePanel } from '../../../src/features/usage/render/panelText';
import { buildPanelState, type PanelContext } from '../../../src/features/usage/ui/panelState';
import { FakeClock } from '../../support/fakeClock';

const panel = (over: Partial<PanelContext> = {}): PanelContext => ({ byApiKey: false, locale: 'en', now: 9, errors: { apiUrl: 'https://api.firecrawl.dev', selfHosted: false }, ...over });

const HISTORY: UsageHistory = {
  byApiKey: false,
  periods: [
    { startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-10-31T23:59:59.999Z', creditsUsed: 900 },
    { startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 120 },
  ],
};
const BY_KEY: UsageHistory = {
  byApiKey: true,
  periods: [
    { startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 100, apiKey: 'Default' },
    { startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 20, apiKey: 'CI' },
  ],
};

interface Deferred {
  byApiKey: boolean;
  signal: AbortSignal;
  resolve(h: UsageHistory): void;
  reject(e: unknown): void;
}

function setup(over: Partial<UsageHistoryStoreOptions> = {}) {
  const clock = new FakeClock();
  const calls: Deferred[] = [];
  const saved = new Map<HistoryMode, HistorySnapshot | undefined>();
  let selfHosted = false;
  let hasKey = true;
  const store = new UsageHistoryStore({
    fetch: (byApiKey, signal) => new Promise<UsageHistory>((resolve, reject) => calls.push({ byApiKey, signal, resolve, reject })),
    hasKey: () => hasKey,
    isSelfHosted: () => selfHosted,
    clock,
    storage: { load: async () => ({}), save: (mode, s) => saved.set(mode, s) },
    ...over,
  });
  const events: unknown[] = [];
  store.onDidChange((s) => events.push(s));
  return {
    clock,
    calls,
    saved,
    store,
    events,
    /** A refresh of one breakdown whose request `answer` resolves or rejects at once; done when the refresh is. */
    refreshWith: async (byApiKey: boolean, answer: (call: Deferred) => void) => {
      const sent = calls.length;
      const refreshed = store.refresh(byApiKey);
      answer(calls[sent]!);
      await refreshed;
    },
    setSelfHosted: (v: boolean) => (selfHosted = v),
    setHasKey: (v: boolean) => (hasKey = v),
  };
}

describe('usage history store', () => {
  test('loads, then shares one request among concurrent callers of the same breakdown', async () => {
    const t = setup();
    const a = t.store.refresh(false);
    const b = t.store.refresh(false);
    const c = t.store.ensure(false);
    assert.equal(t.calls.length, 1);
    assert.equal(t.store.state.total.loading, true);
    t.calls[0]!.resolve(HISTORY);
    await Promise.all([a, b, c]);
    assert.equal(t.calls.length, 1);
    assert.deepEqual(t.store.state.total.snapshot, { history: HISTORY, fetchedAt: t.clock.now() });
    assert.equal(t.store.state.total.loading, false);
    assert.equal(t.store.state.total.problem, undefined);
  });

  test('the two breakdowns load independently and in parallel', async () => {
    const t = setup();
    const a = t.store.refresh(false);
    const b = t.store.refresh(true);
    assert.deepEqual(
      t.calls.map((c) => c.byApiKey),
      [false, true],
    );
    t.calls[1]!.resolve(BY_KEY);
    await b;
    assert.equal(t.store.state.byKey.snapshot?.history, BY_KEY);
    assert.equal(t.store.state.total.loading, true);
    t.calls[0]!.resolve(HISTORY);
    await a;
    assert.equal(t.store.state.total.snapshot?.history, HISTORY);
  });

  test('ensure reuses data younger than the max age and reloads older data', async () => {
    const t = setup({ maxAgeMs: 60_000 });
    await t.store.restored;
    const first = t.store.ensure(false);
    t.calls[0]!.resolve(HISTORY);
    await first;
    await t.store.ensure(false);
    assert.equal(t.calls.length, 1);
    await t.clock.advance(61_000);
    void t.store.ensure(false);
    assert.equal(t.calls.length, 2);
  });

  test('a failure keeps the last data and its age, and says why', async () => {
    const t = setup();
    await t.refreshWith(false, (call) => call.resolve(HISTORY));
    const loadedAt = t.clock.now();
    await t.clock.advance(3 * 3_600_000);
    await t.refreshWith(false, (call) => call.reject(new NetworkError({ operation: 'creditUsageHistory', baseUrl: 'https://api.firecrawl.dev' })));
    const state = t.store.state.total;
    assert.equal(state.snapshot?.history, HISTORY);
    assert.equal(state.snapshot?.fetchedAt, loadedAt);
    assert.equal(state.loading, false);
    assert.equal(state.problem?.kind, 'unavailable');
    assert.equal(state.problem?.kind === 'unavailable' && (state.problem.error as NetworkError).kind, 'network');
    assert.match(buildPanelState(t.store.state, { loading: false }, panel()).problem?.message ?? '', /^Could not reach Firecrawl at https:\/\/api\.firecrawl\.dev/);
    // With a problem, ensure retries even though the data is not old.
    void t.store.ensure(false);
    assert.equal(t.calls.length, 3);
  });

  test('a rejected key is its own state and keeps the data', async () => {
    const t = setup();
    await t.refreshWith(true, (call) => call.resolve(BY_KEY));
    await t.refreshWith(true, (call) => call.reject(new UnauthorizedError({ operation: 'creditUsageHistory', serverMessage: 'Unauthorized: Invalid token' })));
    assert.equal(t.store.state.byKey.problem?.kind, 'unauthorized');
    assert.equal(t.store.state.byKey.snapshot?.history, BY_KEY);
  });

  test('a 500 from a self-hosted server means "not available here" and drops data', async () => {
    const t = setup();
    await t.refreshWith(false, (call) => call.resolve(HISTORY));
    t.setSelfHosted(true);
    await t.refreshWith(false, (call) => call.reject(new ServerError({ operation: 'creditUsageHistory', status: 500 })));
    assert.equal(t.store.state.total.problem?.kind, 'unsupported');
    assert.equal(t.store.state.total.snapshot, undefined);
    assert.equal(
      buildPanelState(t.store.state, { loading: false }, panel({ errors: { apiUrl: 'http://localhost:3002', selfHosted: true } })).problem?.message,
      'Usage history is not available on this server: self-hosted Firecrawl does not track credits.',
    );
  });

  test('a 502 from a self-hosted server is an outage: the data stays', async () => {
    const t = setup();
    await t.refreshWith(false, (call) => call.resolve(HISTORY));
    t.setSelfHosted(true);
    await t.refreshWith(false, (call) => call.reject(new ServerError({ operation: 'creditUsageHistory', status: 502 })));
    assert.equal(t.store.state.total.problem?.kind, 'unavailable');
    assert.equal(t.store.state.total.snapshot?.history, HISTORY);
  });

  test('a 500 from the default server is transient, not "unsupported"', async () => {
    const t = setup();
    await t.refreshWith(false, (call) => call.reject(new ServerError({ operation: 'creditUsageHistory', status: 500 })));
    assert.equal(t.store.state.total.problem?.kind, 'unavailable');
  });

  test('without a key it asks for one and sends nothing', async () => {
    const t = setup();
    t.setHasKey(false);
    await t.store.refresh(false);
    assert.equal(t.calls.length, 0);
    assert.equal(t.store.state.total.problem?.kind, 'noKey');
  });

  test('reset aborts requests and forgets data (what the old team kept stays its own), and the next refresh starts afresh', async () => {
    const t = setup();
    await t.refreshWith(false, (call) => call.resolve(HISTORY));
    const pending = t.store.refresh(false);
    t.store.reset();
    assert.equal(t.calls[1]!.signal.aborted, true);
    assert.equal(t.store.state.total.snapshot, undefined);
    const fresh = t.store.refresh(false);
    assert.equal(t.calls.length, 3, 'a new request, not the aborted one');
    // The aborted request finishing late changes nothing.
    t.calls[1]!.resolve({ byApiKey: false, periods: [] });
    await pending;
    assert.equal(t.store.state.total.snapshot, undefined);
    t.calls[2]!.resolve(HISTORY);
    await fresh;
    // Read through a function: the assertion above narrowed the property to undefined.
    const snapshot = (): HistorySnapshot | undefined => t.store.state.total.snapshot;
    assert.equal(snapshot()?.history, HISTORY);
  });

  test('starts from stored snapshots and saves new ones', async () => {
    const clock = new FakeClock();
    const stored: HistorySnapshot = { history: HISTORY, fetchedAt: clock.now() - 86_400_000 };
    const saves: Array<[HistoryMode, HistorySnapshot | undefined]> = [];
    const store = new UsageHistoryStore({
      fetch: async () => BY_KEY,
      hasKey: () => true,
      isSelfHosted: () => false,
      clock,
      storage: { load: async () => ({ total: stored }), save: (mode, s) => saves.push([mode, s]) },
    });
    await store.restored;
    assert.equal(store.state.total.snapshot, stored);
    assert.equal(store.periods(), HISTORY.periods);
    await store.refresh(true);
    assert.deepEqual(saves, [['byKey', { history: BY_KEY, fetchedAt: clock.now() }]]);
  });

  test('what was kept arrives after a load that finished first, or a reset, and changes neither', async () => {
    const clock = new FakeClock();
    const kept: HistorySnapshot = { history: HISTORY, fetchedAt: clock.now() - 86_400_000 };
    let release!: () => void;
    const reading = new Promise<void>((resolve) => (release = resolve));
    const storage = { load: async () => (await reading, { total: kept, byKey: { history: BY_KEY, fetchedAt: kept.fetchedAt } }), save: () => undefined };
    const loaded = new UsageHistoryStore({ fetch: async () => ({ byApiKey: false, periods: [] }), hasKey: () => true, isSelfHosted: () => false, clock, storage });
    await loaded.refresh(false);
    const reset = new UsageHistoryStore({ fetch: async () => HISTORY, hasKey: () => true, isSelfHosted: () => false, clock, storage });
    reset.reset();
    release();
    await Promise.all([loaded.restored, reset.restored]);
    assert.deepEqual(loaded.state.total.snapshot?.history.periods, [], 'the newer load stays');
    assert.equal(loaded.state.byKey.snapshot?.history, BY_KEY, 'the other breakdown is taken');
    assert.equal(reset.state.total.snapshot, undefined, 'a reset forgets what was kept for the old key');
  });

  test('history stamped ahead of the clock (it stepped back) is asked for again, not kept as fresh', async () => {
    const clock = new FakeClock();
    let asked = 0;
    const store = new UsageHistoryStore({
      fetch: async () => (asked++, HISTORY),
      hasKey: () => true,
      isSelfHosted: () => false,
      clock,
      storage: { load: async () => ({ total: { history: HISTORY, fetchedAt: clock.now() + 6 * 3_600_000 } }), save: () => undefined },
    });
    await store.ensure(false);
    assert.equal(asked, 1);
  });

  test('ensure() waits for what was kept and asks nothing when it is fresh', async () => {
    const clock = new FakeClock();
    let asked = 0;
    const store = new UsageHistoryStore({
      fetch: async () => (asked++, HISTORY),
      hasKey: () => true,
      isSelfHosted: () => false,
      clock,
      storage: { load: async () => ({ total: { history: HISTORY, fetchedAt: clock.now() - 60_000 } }), save: () => undefined },
    });
    await store.ensure(false);
    assert.equal(asked, 0);
    assert.equal(store.state.total.snapshot?.history, HISTORY);
  });

  test('periods() prefers the plain series and falls back to the breakdown', async () => {
    const t = setup();
    assert.equal(t.store.periods(), undefined);
    await t.refreshWith(true, (call) => call.resolve(BY_KEY));
    assert.equal(t.store.periods(), BY_KEY.periods);
  });

  test('fires a change for loading and for the result', async () => {
    const t = setup();
    await t.refreshWith(false, (call) => call.resolve(HISTORY));
    assert.equal(t.events.length, 2);
  });

  test('dispose aborts what is in flight and ignores late answers', async () => {
    const t = setup();
    const p = t.store.refresh(false);
    t.store.dispose();
    assert.equal(t.calls[0]!.signal.aborted, true);
    t.calls[0]!.resolve(HISTORY);
    await p;
    assert.equal(t.store.state.total.snapshot, undefined);
    await t.store.refresh(false);
    assert.equal(t.calls.length, 1);
  });
});

describe('panel state', () => {
  const credits: CreditsState = {
    loading: false,
    snapshot: {
      usage: { remainingCredits: 62_418, planCredits: 100_000, billingPeriodStart: '2026-11-08T00:00:00.000Z', billingPeriodEnd: '2026-12-08T00:00:00.000Z' },
      fetchedAt: 5,
    },
  };

  test('a failure offers what its words say to do: the URL setting for a route that is not there, the key for a 403; else the log', () => {
    const failing = (error: Error) => ({ total: { loading: false, problem: { kind: 'unavailable' as const, error } }, byKey: { loading: false } }) as never;
    const offered = (error: Error) => describePanel(buildPanelState(failing(error), { loading: false }, panel())).status?.action?.command;
    assert.equal(offered(new NoRouteError({ operation: 'creditUsageHistory' })), 'openSettings');
    assert.equal(offered(new ForbiddenError({ operation: 'creditUsageHistory', serviceBody: true })), 'setApiKey');
    // A 403 page from something in between is not the key's: the address and the network are checked.
    assert.equal(offered(new ForbiddenError({ operation: 'creditUsageHistory' })), 'openSettings');
    assert.equal(offered(new ServerError({ operation: 'creditUsageHistory', status: 500 })), 'showLogs');
    const state = buildPanelState(failing(new NoRouteError({ operation: 'creditUsageHistory' })), { loading: false }, panel());
    assert.ok(isPanelState(state), 'the page takes the step along with the words');
    assert.equal(isPanelState({ ...state, problem: { ...state.problem!, step: 'workbench.action.quit' } }), false, 'and no other command');
    const over = describePanel({ ...state, history: { periods: HISTORY.periods, fetchedAt: 1 } });
    assert.equal(over.status?.action?.command, 'openSettings', 'over older data too');
  });

  test('takes the chosen breakdown from history and the header from the credits store', async () => {
    const t = setup();
    await t.refreshWith(true, (call) => call.resolve(BY_KEY));
    const state = buildPanelState(t.store.state, credits, panel({ byApiKey: true }));
    assert.deepEqual(state, {
      range: 'months',
      byApiKey: true,
      locale: 'en',
      now: 9,
      loading: false,
      history: { periods: BY_KEY.periods, fetchedAt: t.clock.now() },
      credits: { ...credits.snapshot!.usage, fetchedAt: 5, stale: false },
    });
    assert.equal(buildPanelState(t.store.state, credits, panel({ byApiKey: false })).history, undefined);
  });

  test('a key name over 500 characters or a date over 64 is cut on the host, so the page never refuses the state', async () => {
    const t = setup();
    await t.refreshWith(true, (call) =>
      call.resolve({ byApiKey: true, periods: [{ startDate: `2026-11-01T00:00:00.000Z${'x'.repeat(100)}`, endDate: null, creditsUsed: 7, apiKey: 'n'.repeat(5_000) }] }),
    );
    const state = buildPanelState(t.store.state, credits, panel({ byApiKey: true }));
    assert.equal(isHostMessage({ type: 'state', state }), true);
    assert.equal(state.history?.periods[0]?.apiKey?.length, 200);
    assert.equal(state.history?.periods[0]?.creditsUsed, 7);
  });

  test('marks stale credits and explains a missing balance', () => {
    const history = { total: { loading: false }, byKey: { loading: false } };
    const offline = new NetworkError({ operation: 'creditUsage', baseUrl: 'https://api.firecrawl.dev' });
    const stale = buildPanelState(history, { ...credits, problem: { kind: 'unavailable', error: offline, retryAt: 0 } }, panel({ now: 0 }));
    assert.equal(stale.credits?.stale, true);
    const rejected = new UnauthorizedError({ operation: 'creditUsage' });
    const revoked = buildPanelState(history, { ...credits, problem: { kind: 'unauthorized', error: rejected } }, panel({ now: 0 }));
    assert.equal(revoked.credits?.stale, true, 'a balance read before the key was rejected is not the balance now');
    const internal = new ServerError({ operation: 'creditUsage', status: 500 });
    const unsupported = buildPanelState(
      history,
      { loading: false, problem: { kind: 'unsupported', error: internal } },
      panel({ now: 0, errors: { apiUrl: 'http://localhost:3002', selfHosted: true } }),
    );
    assert.equal(unsupported.credits, undefined);
    assert.equal(unsupported.creditsNote, 'Credits are not available on this server: self-hosted Firecrawl does not track credits.');
  });
});
