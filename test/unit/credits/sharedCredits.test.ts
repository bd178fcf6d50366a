// The balance in several windows of one team, simulated on one fake clock: only the leading window
// asks the service; the others show what it fetched, as soon as it writes it; a new leader takes over.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  type CreditUsage,
  ForbiddenError,
  InvalidResponseError,
  NetworkError,
  NoRouteError,
  NotFoundError,
  type QueueStatus,
  RateLimitedError,
  RedirectError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from '../../../src/api';
import { describeError } from '../../../src/host/errorText';
import { CreditsStore } from '../../../src/features/credits/model/creditsStore';
import { failureError, sharedCredits, sharedFailure } from '../../../src/features/credits/model/sharedCredits';
import { presentCredits } from '../../../src/features/credits/ui/statusBarText';
import { RENEW_MS } from '../../../src/shared/teamLease';
import { teamWindows } from '../../support/teamWindows';

const API = 'https://api.firecrawl.dev';
const usage = (remainingCredits: number): CreditUsage => ({ remainingCredits, planCredits: 100_000, billingPeriodStart: null, billingPeriodEnd: null });

/** `queueAfterMs`: the queue route answers this long after it is asked (none is asked without it). */
function editor({ selfHosted = false, queueAfterMs }: { selfHosted?: boolean; queueAfterMs?: number } = {}) {
  const requests: string[] = [];
  let remaining = 90_000;
  /** Requests made while held are never answered (an answer still on its way). */
  let held = false;
  /** Requests made while offline fail as the network would. */
  let offline = false;
  /** Requests made while rejected fail as for a revoked key. */
  let rejected = false;
  /** Requests made while set fail with it. */
  let failing: Error | undefined;
  const { clock, disk, open } = teamWindows(({ id, clock, files, lease, focus, teamFile, looks }) => {
    const shared = sharedCredits(files, teamFile, () => API, looks);
    const store = new CreditsStore({
      fetch: async () => {
        requests.push(id);
        if (held) await new Promise<never>(() => undefined);
        if (offline) throw new NetworkError({ operation: 'creditUsage', baseUrl: API });
        if (rejected) throw new UnauthorizedError({ operation: 'creditUsage' });
        if (failing) throw failing;
        return usage(remaining);
      },
      ...(queueAfterMs === undefined
        ? {}
        : { fetchQueue: () => new Promise<QueueStatus>((resolve) => void clock.schedule(queueAfterMs, () => resolve({ active: 2, waiting: 3, maxConcurrency: 5, mostRecentSuccess: null }))) }),
      isLeader: () => lease.isLeader,
      shared,
      hasKey: () => true,
      isSelfHosted: () => selfHosted,
      intervalMs: () => 5 * 60_000,
      clock,
      focus,
      random: () => 0.5,
    });
    return { store, shared };
  });
  const setOffline = (value: boolean) => (offline = value);
  const reject = () => (rejected = true);
  const fail = (error: Error | undefined) => (failing = error);
  return { clock, disk, requests, open, spend: (n: number) => (remaining -= n), hold: () => (held = true), setOffline, reject, fail };
}

describe('credits in several windows', () => {
  test('three windows, one of them focused: requests as for one window, and every window shows the balance', async () => {
    const { clock, requests, open, spend } = editor();
    const a = await open('a', false);
    const b = await open('b', true);
    const c = await open('c', false);
    await clock.advance(60 * 60_000);
    // Every 5 minutes while the team is focused (through window b), from one window only.
    assert.deepEqual(new Set(requests), new Set(['a']));
    assert.ok(requests.length >= 12 && requests.length <= 13, `${requests.length} requests`);
    spend(1_234);
    await clock.advance(5 * 60_000);
    for (const w of [a, b, c]) assert.equal(w.store.state.snapshot?.usage.remainingCredits, 90_000 - 1_234, `window ${w.id}`);
    for (const w of [a, b, c]) await w.close();
  });

  test('a slow queue answer holds back no window: the balance shows and is shared at once, the queue joins it when it comes', async () => {
    const { clock, requests, open } = editor({ queueAfterMs: 20_000 });
    const a = await open('a', true);
    const b = await open('b', false);
    await clock.advance(1_000);
    for (const w of [a, b]) {
      assert.equal(w.store.state.snapshot?.usage.remainingCredits, 90_000, `window ${w.id}`);
      assert.equal(w.store.state.snapshot?.queue, undefined, `window ${w.id}`);
    }
    await clock.advance(20_000);
    for (const w of [a, b]) {
      assert.deepEqual(w.store.state.snapshot?.queue, { active: 2, waiting: 3, maxConcurrency: 5, mostRecentSuccess: null }, `window ${w.id}`);
      assert.match(
        presentCredits(w.store.state, { now: clock.now(), locale: 'en-US', thresholds: { warningPercent: 20, criticalPercent: 5 }, errors: { apiUrl: API, selfHosted: false } }).tooltip,
        /Jobs running: 2 of 5 at once/,
      );
    }
    assert.deepEqual(requests, ['a'], 'one request, from the window that polls');
    for (const w of [a, b]) await w.close();
  });

  test('after the wall clock is set back an hour, a window that does not poll still takes each new balance (its own copy is stamped ahead)', async () => {
    const { clock, open, spend } = editor();
    const a = await open('a', true);
    const b = await open('b', false);
    await clock.advance(10 * 60_000);
    assert.equal(b.store.state.snapshot?.usage.remainingCredits, 90_000);
    clock.stepBack(60 * 60_000);
    spend(40_000);
    await clock.advance(20 * 60_000);
    assert.equal(a.store.state.snapshot?.usage.remainingCredits, 50_000);
    assert.equal(b.store.state.snapshot?.usage.remainingCredits, 50_000);
    for (const w of [a, b]) await w.close();
  });

  test('nobody focused: no requests from any window; the leader closing hands polling to another', async () => {
    const { clock, requests, open } = editor();
    const a = await open('a', false);
    const b = await open('b', false);
    const first = requests.length;
    await clock.advance(60 * 60_000);
    assert.equal(requests.length, first, `an unfocused team is not polled: ${requests.join(' ')}`);
    b.lease.setAttention({ focused: true, researchVisible: false });
    await clock.advance(0);
    assert.equal(requests.at(-1), 'a', 'focus anywhere in the team makes the leader catch up');
    await a.close();
    await clock.advance(6 * 60_000);
    assert.equal(requests.at(-1), 'b');
    await b.close();
  });

  test('a window whose file watcher hears nothing takes each new balance on the next beat of the lease', async () => {
    const { clock, requests, open, spend } = editor();
    const a = await open('a', true);
    const b = await open('b', false, { watcher: false });
    assert.equal(b.store.state.snapshot?.usage.remainingCredits, 90_000, 'read at its start');
    spend(2_500);
    await clock.advance(5 * 60_000);
    assert.equal(a.store.state.snapshot?.usage.remainingCredits, 87_500);
    await clock.advance(RENEW_MS);
    assert.equal(b.store.state.snapshot?.usage.remainingCredits, 87_500);
    assert.deepEqual(new Set(requests), new Set(['a']), 'and it still asks nothing itself');
    await b.close();
    await a.close();
  });

  test('a balance another server wrote, or a damaged file, is not taken', async () => {
    const { clock, disk, open } = editor();
    const a = await open('a', true);
    const b = await open('b', false);
    const shown = b.store.state.snapshot;
    assert.equal(shown?.usage.remainingCredits, 90_000);
    const view = disk.view();
    const later = clock.now() + 1_000;
    await view.write('teams/t/credits.json', JSON.stringify({ apiUrl: 'https://elsewhere.example', value: { usage: usage(1), fetchedAt: later } }));
    await clock.advance(0);
    assert.equal(b.store.state.snapshot, shown, "another server's balance");
    await view.write('teams/t/credits.json', '{"apiUrl": "https://api.firecrawl.dev", "value": {"usage": {"remainingCredits": "lots"}, "fetchedAt": 1e15}}');
    await clock.advance(0);
    assert.equal(b.store.state.snapshot, shown, 'a balance that is not a number');
    for (const odd of [{ planCredits: 'plenty' }, { planCredits: 100, billingPeriodEnd: 7 }, { billingPeriodStart: 'x'.repeat(500) }]) {
      const value = { usage: { ...usage(2), ...odd }, fetchedAt: later };
      await view.write('teams/t/credits.json', JSON.stringify({ apiUrl: 'https://api.firecrawl.dev', value }));
      await clock.advance(0);
      assert.equal(b.store.state.snapshot, shown, `a plan or period that does not read right: ${JSON.stringify(odd).slice(0, 60)}`);
    }
    await view.write('teams/t/credits.json', '{"apiUrl": ');
    await clock.advance(0);
    assert.equal(b.store.state.snapshot, shown, 'a damaged file');
    view.dispose();
    await a.close();
    await b.close();
  });
  test('after a key change, a balance fetched before it (a late file event from the old team) is not shown', async () => {
    const { clock, disk, open, hold } = editor();
    const a = await open('a', true);
    const b = await open('b', false);
    const before = clock.now();
    // The new account's balance, which the window asks for itself, is still on its way.
    hold();
    // A function, not a property path: TypeScript would narrow the path across awaits.
    const shown = () => b.store.state.snapshot?.usage.remainingCredits;
    await clock.advance(1_000);
    b.store.reset();
    assert.equal(shown(), undefined);
    const view = disk.view();
    await view.write('teams/t/credits.json', JSON.stringify({ apiUrl: API, value: { usage: usage(7), fetchedAt: before } }));
    await clock.advance(0);
    assert.equal(shown(), undefined, "the old account's balance");
    await view.write('teams/t/credits.json', JSON.stringify({ apiUrl: API, value: { usage: usage(8), fetchedAt: clock.now() } }));
    await clock.advance(0);
    assert.equal(shown(), 8, 'a balance fetched after the change');
    view.dispose();
    await a.close();
    await b.close();
  });

  test("the leader's failed refresh shows in every window as a stale balance, worded from the same error, until one succeeds", async () => {
    const { clock, requests, open, setOffline } = editor();
    const a = await open('a', true);
    const b = await open('b', false);
    const c = await open('c', false, { watcher: false });
    setOffline(true);
    await clock.advance(5 * 60_000 + RENEW_MS);
    const problem = a.store.state.problem;
    assert.equal(problem?.kind, 'unavailable', 'the leader knows');
    for (const w of [b, c]) {
      const seen = w.store.state.problem;
      assert.equal(seen?.kind, 'unavailable', `window ${w.id} shows the balance as stale`);
      assert.equal(seen.kind === 'unavailable' && problem.kind === 'unavailable' && seen.retryAt, problem.retryAt, `window ${w.id}: the same next try`);
      assert.ok(seen.kind === 'unavailable' && seen.error instanceof NetworkError && seen.error.baseUrl === API, `window ${w.id}: the same words`);
      assert.equal(w.store.state.snapshot?.usage.remainingCredits, 90_000, `window ${w.id} keeps the last balance`);
    }
    const shown = (w: typeof a) =>
      presentCredits(w.store.state, { now: clock.now(), locale: 'en-US', thresholds: { warningPercent: 20, criticalPercent: 5 }, errors: { apiUrl: API, selfHosted: false } });
    assert.match(shown(a).tooltip, /Could not refresh: Could not reach Firecrawl at/);
    for (const w of [b, c]) assert.deepEqual(shown(w), shown(a), `window ${w.id} says what the leader says`);
    assert.deepEqual(new Set(requests), new Set(['a']), 'and the followers still ask nothing themselves');
    setOffline(false);
    await clock.advance(5 * 60_000 + RENEW_MS);
    for (const w of [a, b, c]) assert.equal(w.store.state.problem, undefined, `window ${w.id} is fresh again`);
    for (const w of [a, b, c]) await w.close();
  });

  test('a key revoked while windows are open reads as rejected in every window, not as a fresh balance, and nobody polls it', async () => {
    const { clock, requests, open, reject } = editor();
    const a = await open('a', true);
    const b = await open('b', false);
    const c = await open('c', false, { watcher: false });
    reject();
    await clock.advance(5 * 60_000 + RENEW_MS);
    assert.equal(a.store.state.problem?.kind, 'unauthorized', 'the leader knows');
    const shown = (w: typeof a) =>
      presentCredits(w.store.state, { now: clock.now(), locale: 'en-US', thresholds: { warningPercent: 20, criticalPercent: 5 }, errors: { apiUrl: API, selfHosted: false } });
    for (const w of [b, c]) {
      assert.equal(w.store.state.problem?.kind, 'unauthorized', `window ${w.id}`);
      assert.deepEqual(shown(w), shown(a), `window ${w.id} says what the leader says`);
    }
    const asked = requests.length;
    await clock.advance(60 * 60_000);
    assert.equal(requests.length, asked, `a rejected key is not polled: ${requests.slice(asked).join(' ')}`);
    for (const w of [a, b, c]) await w.close();
  });

  for (const { name, selfHosted, error, kind } of [
    { name: 'a team without a billing record', selfHosted: false, error: new NotFoundError({ operation: 'creditUsage', serviceBody: true }), kind: 'noBilling' },
    { name: 'a self-hosted server without the credit route', selfHosted: true, error: new ServerError({ operation: 'creditUsage', status: 500 }), kind: 'unsupported' },
  ]) {
    test(`${name}: every window says what the leader says, not the last balance as current`, async () => {
      const { clock, requests, open, fail } = editor({ selfHosted });
      const a = await open('a', true);
      const b = await open('b', false);
      const c = await open('c', false, { watcher: false });
      assert.equal(b.store.state.snapshot?.usage.remainingCredits, 90_000);
      fail(error);
      await clock.advance(5 * 60_000 + RENEW_MS);
      assert.equal(a.store.state.problem?.kind, kind, 'the leader knows');
      assert.equal(a.store.state.snapshot, undefined, 'and shows no balance');
      const shown = (w: typeof a) =>
        presentCredits(w.store.state, { now: clock.now(), locale: 'en-US', thresholds: { warningPercent: 20, criticalPercent: 5 }, errors: { apiUrl: API, selfHosted: selfHosted } });
      for (const w of [b, c]) {
        assert.equal(w.store.state.problem?.kind, kind, `window ${w.id}`);
        assert.equal(w.store.state.snapshot, undefined, `window ${w.id} shows no balance`);
        assert.deepEqual(shown(w), shown(a), `window ${w.id} says what the leader says`);
      }
      assert.deepEqual(new Set(requests), new Set(['a']), 'and the followers ask nothing themselves');
      fail(undefined);
      await a.store.refreshNow();
      await clock.advance(RENEW_MS);
      for (const w of [a, b, c]) assert.equal(w.store.state.snapshot?.usage.remainingCredits, 90_000, `window ${w.id} shows the balance again`);
      for (const w of [a, b, c]) await w.close();
    });
  }

  test('a failure another window shared that does not read right is not taken', async () => {
    const { clock, disk, open } = editor();
    const a = await open('a', true);
    const b = await open('b', false);
    const shown = b.store.state.snapshot;
    const view = disk.view();
    const fetchedAt = clock.now() + 1_000;
    for (const failure of [
      { at: 'now', retryAt: 1, kind: 'unavailable', error: { kind: 'network' } },
      { at: 1, retryAt: 2, kind: 'exploded', error: { kind: 'network' } },
      { at: 1, retryAt: 2, kind: 'unavailable', error: 'network' },
      { at: 1, retryAt: 2, kind: 'unavailable' },
    ]) {
      await view.write('teams/t/credits.json', JSON.stringify({ apiUrl: API, value: { usage: usage(3), fetchedAt, failure } }));
      await clock.advance(0);
      assert.equal(b.store.state.snapshot, shown, JSON.stringify(failure));
      assert.equal(b.store.state.problem, undefined);
    }
    view.dispose();
    await a.close();
    await b.close();
  });
});

describe('a failure as another window words it', () => {
  test("every error the leader can meet is worded in a follower as in the leader: the service's words, a redirect, a proxy's 401 or 403", () => {
    const operation = 'creditUsage' as const;
    const ctx = { apiUrl: API };
    const errors = [
      new NetworkError({ operation, baseUrl: API }),
      new TimeoutError({ operation, timeoutMs: 30_000 }),
      new RateLimitedError({ operation, retryAfterMs: 90_000 }),
      new InvalidResponseError({ operation, status: 200, path: '', problem: 'not JSON' }),
      new ServerError({ operation, status: 503 }),
      new UnauthorizedError({ operation }),
      new UnauthorizedError({ operation, serviceBody: false }),
      new ForbiddenError({ operation, serviceBody: true, serverMessage: 'Your IP address is not allowed to use this API key.' }),
      new ForbiddenError({ operation, serviceBody: false }),
      new NoRouteError({ operation, status: 404 }),
      new RedirectError({ operation, status: 302, location: 'https://login.example/' }),
    ];
    for (const error of errors) {
      const shared = JSON.parse(JSON.stringify(sharedFailure('unavailable', error, 1, 2)));
      assert.equal(describeError(failureError(shared), ctx).message, describeError(error, ctx).message, `${error.kind} ${error.status}`);
    }
  });
});

describe("a 401 that is not Firecrawl's own answer", () => {
  test('is an outage that passes, not a rejected key: the leader keeps asking, and no window says "key rejected"', async () => {
    const { clock, requests, open, fail } = editor();
    const a = await open('a', true);
    const b = await open('b', false);
    fail(new UnauthorizedError({ operation: 'creditUsage', serviceBody: false }));
    await clock.advance(5 * 60_000 + RENEW_MS);
    const asked = requests.length;
    for (const w of [a, b]) {
      assert.equal(w.store.state.problem?.kind, 'unavailable', `window ${w.id}`);
      const shown = presentCredits(w.store.state, { now: clock.now(), locale: 'en-US', thresholds: { warningPercent: 20, criticalPercent: 5 }, errors: { apiUrl: API } });
      assert.doesNotMatch(`${shown.text} ${shown.tooltip}`, /rejected/i, `window ${w.id}`);
      assert.match(shown.tooltip ?? '', /something in between/, `window ${w.id}`);
    }
    fail(undefined);
    await clock.advance(10 * 60_000);
    assert.ok(requests.length > asked, 'the leader asked again');
    for (const w of [a, b]) {
      assert.equal(w.store.state.problem, undefined, `window ${w.id}`);
      assert.equal(w.store.state.snapshot?.usage.remainingCredits, 90_000, `window ${w.id}`);
    }
    for (const w of [a, b]) await w.close();
  });
});
