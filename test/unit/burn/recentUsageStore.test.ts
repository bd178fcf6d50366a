// The recent usage store on a fake clock: at most one poll every 15 minutes and only while the team is
// focused, the week's bins taking a turn when the usual rate grows old, one poller across windows
// sharing what it fetched, failures that keep the last bins, a rejected key that stops polling, the
// panel's on-demand ranges, a key change, and the team's file after a restart.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { NetworkError, RateLimitedError, UnauthorizedError, type UsageTimeRange } from '../../../src/api';
import { RecentUsageStore, type RecentUsageStoreOptions, type SharedSnapshots } from '../../../src/features/burn/model/recentUsageStore';
import { couldBeSpike, DEFAULT_SPIKE_THRESHOLDS, summarizeBurn } from '../../../src/features/burn/model/burnRules';
import { SHARED_FILES, sharedRecentUsage } from '../../../src/features/burn/model/sharedRecentUsage';
import { Emitter } from '../../../src/shared/events';
import { FakeClock } from '../../support/fakeClock';
import { RENEW_MS } from '../../../src/shared/teamLease';
import { teamWindows } from '../../support/teamWindows';
import { binsFor, HOUR_MS } from '../../support/usageBins';

const MIN = 60_000;
const API = 'https://api.firecrawl.dev';

function focusSource(initial: boolean) {
  const changed = new Emitter<boolean>();
  let focused = initial;
  return {
    get focused() {
      return focused;
    },
    onDidChange: changed.event,
    set(value: boolean) {
      focused = value;
      changed.fire(value);
    },
  };
}

function setup(over: Partial<RecentUsageStoreOptions> = {}, focused = true) {
  const clock = new FakeClock();
  const focus = focusSource(focused);
  const calls: Array<{ range: UsageTimeRange; at: number }> = [];
  let failWith: unknown;
  const store = new RecentUsageStore({
    fetch: async (range) => {
      calls.push({ range, at: clock.now() });
      if (failWith) throw failWith;
      return binsFor(range, clock.now(), { steady: 20 });
    },
    hasKey: () => true,
    isSelfHosted: () => false,
    clock,
    focus,
    ...over,
  });
  return { clock, focus, calls, store, fail: (e: unknown) => (failWith = e) };
}

/** The most requests in any 60 minutes. */
function busiestHour(times: number[]): number {
  let best = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= HOUR_MS) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

describe('recent usage: polling', () => {
  test('focused: the hourly bins at once, then one request every 15 minutes, the week taking a turn', async () => {
    const t = setup();
    t.store.start();
    await t.clock.advance(0);
    assert.deepEqual(
      t.calls.map((c) => c.range),
      ['day'],
      'the last 24 hours first',
    );
    await t.clock.advance(60 * MIN - 1);
    assert.deepEqual(
      t.calls.map((c) => [c.range, (c.at - t.calls[0]!.at) / MIN]),
      [
        ['day', 0],
        ['week', 15],
        ['day', 30],
        ['day', 45],
      ],
    );
    assert.ok(t.store.state.day.snapshot && t.store.state.week.snapshot);
    assert.equal(t.store.state.month.snapshot, undefined, 'the 30 days are only loaded for the panel');
    t.store.dispose();
  });

  test('a focused day: never more than 4 requests in an hour, the usual rate renewed every 6 hours', async () => {
    const t = setup();
    t.store.start();
    await t.clock.advance(24 * HOUR_MS - 1);
    const times = t.calls.map((c) => c.at);
    assert.ok(busiestHour(times) <= 4, `${busiestHour(times)}`);
    assert.equal(t.calls.length, 96);
    const weeks = t.calls.filter((c) => c.range === 'week').map((c) => (c.at - t.calls[0]!.at) / HOUR_MS);
    assert.ok(weeks.length >= 4 && weeks.length <= 6, `${weeks.join(', ')}`);
    // The hourly bins are never older than two turns.
    const days = t.calls.filter((c) => c.range === 'day').map((c) => c.at);
    for (let i = 1; i < days.length; i++) assert.ok(days[i]! - days[i - 1]! <= 30 * MIN);
    t.store.dispose();
  });

  test('after a start, hours that could hold a spike bring the week along at once: a verdict in the first poll, not 15 minutes later', async () => {
    const clock = new FakeClock();
    const calls: UsageTimeRange[] = [];
    const store = new RecentUsageStore({
      fetch: async (range) => {
        calls.push(range);
        return binsFor(range, clock.now(), { steady: 20, hours: [[clock.now() - 30 * MIN, 2_400]] });
      },
      hasKey: () => true,
      isSelfHosted: () => false,
      clock,
      focus: focusSource(true),
      couldSpike: (day) => couldBeSpike(day.bins, DEFAULT_SPIKE_THRESHOLDS),
    });
    store.start();
    await clock.advance(0);
    assert.deepEqual(calls, ['day', 'week']);
    const { day, week } = store.state;
    const summary = summarizeBurn({ day: day.snapshot!, week: week.snapshot! }, DEFAULT_SPIKE_THRESHOLDS, clock.now());
    assert.ok(summary.spike && summary.spike.lastHour >= 2_400, 'the spike is told in the first poll');
    await clock.advance(15 * MIN);
    assert.deepEqual(calls, ['day', 'week', 'day'], 'then the usual pace: the week is fresh');
    store.dispose();
    // The same when the panel loads the hours (a restored 24-hour view) before any poll.
    const panelCalls: UsageTimeRange[] = [];
    const viaPanel = new RecentUsageStore({
      fetch: async (range) => {
        panelCalls.push(range);
        return binsFor(range, clock.now(), { steady: 20, hours: [[clock.now() - 30 * MIN, 2_400]] });
      },
      hasKey: () => true,
      isSelfHosted: () => false,
      clock,
      focus: focusSource(false),
      couldSpike: (day) => couldBeSpike(day.bins, DEFAULT_SPIKE_THRESHOLDS),
    });
    await viaPanel.ensure('day');
    await clock.advance(0);
    assert.deepEqual(panelCalls, ['day', 'week']);
    viaPanel.dispose();
    // Quiet hours wait for the week's turn, as before.
    const quiet = setup({ couldSpike: (d) => couldBeSpike(d.bins, DEFAULT_SPIKE_THRESHOLDS) });
    quiet.store.start();
    await quiet.clock.advance(0);
    assert.deepEqual(
      quiet.calls.map((c) => c.range),
      ['day'],
    );
    quiet.store.dispose();
  });

  test('unfocused: nothing at all; focus catches up at once, then the usual pace', async () => {
    const t = setup({}, false);
    t.store.start();
    await t.clock.advance(3 * HOUR_MS);
    assert.equal(t.calls.length, 0);
    t.focus.set(true);
    await t.clock.advance(0);
    assert.deepEqual(
      t.calls.map((c) => c.range),
      ['day'],
    );
    await t.clock.advance(14 * MIN);
    assert.equal(t.calls.length, 1);
    t.focus.set(false);
    await t.clock.advance(5 * HOUR_MS);
    assert.equal(t.calls.length, 1, 'losing focus stops the poll');
    t.store.dispose();
  });

  test('the panel loads ranges on demand and reuses fresh ones; a fresh answer moves the next poll', async () => {
    const t = setup();
    t.store.start();
    await t.clock.advance(0);
    await t.store.ensure('day');
    assert.equal(t.calls.length, 1, 'fresh hourly bins are reused');
    await t.store.ensure('month');
    await t.store.ensure('month');
    assert.deepEqual(
      t.calls.map((c) => c.range),
      ['day', 'month'],
    );
    await t.clock.advance(10 * MIN);
    await t.store.refresh('day');
    await t.clock.advance(14 * MIN);
    assert.equal(t.calls.filter((c) => c.range !== 'month').length, 2, 'the poll counts from the refresh, not from before it');
    await t.clock.advance(MIN);
    assert.equal(t.calls.at(-1)!.range, 'week');
    t.store.dispose();
  });

  test("a refresh someone asked for brings the week's bins along when they are old, and only then", async () => {
    const t = setup({}, false);
    t.store.start();
    await t.store.refreshNow();
    assert.deepEqual(t.calls.map((c) => c.range).sort(), ['day', 'week']);
    await t.clock.advance(60 * MIN);
    await t.store.refreshNow();
    assert.equal(t.calls.length, 3, 'an hour later the week is still fresh');
    assert.equal(t.calls.at(-1)!.range, 'day');
    t.store.dispose();
  });

  test('hours that count much more used today than the days shown make ensure() ask for the days again; a steady few credits do not', async () => {
    let series: Parameters<typeof binsFor>[2] = { steady: 20 };
    const calls: UsageTimeRange[] = [];
    const t = setup({
      fetch: async (range) => {
        calls.push(range);
        return binsFor(range, t.clock.now(), series);
      },
    });
    await t.store.ensure('week');
    await t.clock.advance(10 * MIN);
    await t.store.refresh('day');
    await t.store.ensure('week');
    assert.deepEqual(calls, ['week', 'day'], 'ten minutes of a steady team: the week stays');
    series = { steady: 20, spike: { at: t.clock.now(), credits: 1_200 } };
    await t.store.ensure('week');
    assert.deepEqual(calls, ['week', 'day'], 'a spike the hours have not seen yet asks for nothing');
    await t.store.refresh('day');
    await t.store.ensure('week');
    assert.deepEqual(calls, ['week', 'day', 'day', 'week'], "the hours saw the spike: the week's today is behind them");
    const today = t.store.state.week.snapshot!.bins.bins.at(-1)!;
    assert.ok(today.creditsUsed >= 1_200, `today's bin has the spike (${today.creditsUsed})`);
    await t.store.ensure('week');
    assert.equal(calls.length, 4, 'days fetched after the hours are not behind them');
    t.store.dispose();
  });

  test('concurrent callers share one request per range', async () => {
    const t = setup({}, false);
    t.store.start();
    await Promise.all([t.store.refresh('week'), t.store.refresh('week'), t.store.ensure('week')]);
    assert.equal(t.calls.length, 1);
    t.store.dispose();
  });
});

describe('recent usage: failures', () => {
  test('an outage keeps the last bins and tries again at the next turn', async () => {
    const t = setup();
    t.store.start();
    await t.clock.advance(0);
    const bins = t.store.state.day.snapshot;
    t.fail(new NetworkError({ operation: 'creditUsageHistory', baseUrl: API }));
    await t.clock.advance(15 * MIN);
    assert.equal(t.store.state.week.problem?.kind, 'unavailable');
    await t.clock.advance(15 * MIN);
    assert.equal(t.store.state.day.problem?.kind, 'unavailable');
    assert.equal(t.store.state.day.snapshot, bins, 'the last bins stay');
    t.fail(undefined);
    // The week takes the next turn (it failed last time), the hours the one after.
    await t.clock.advance(15 * MIN);
    assert.equal(t.store.state.week.problem, undefined);
    await t.clock.advance(15 * MIN);
    assert.equal(t.store.state.day.problem, undefined);
    assert.deepEqual(
      t.calls.map((c) => c.range),
      ['day', 'week', 'day', 'week', 'day'],
    );
    assert.ok(busiestHour(t.calls.map((c) => c.at)) <= 4);
    t.store.dispose();
  });

  test('a 429 asking for a long wait is honoured (up to an hour)', async () => {
    const t = setup();
    t.fail(new RateLimitedError({ operation: 'creditUsageHistory', retryAfterMs: 40 * MIN }));
    t.store.start();
    await t.clock.advance(39 * MIN);
    assert.equal(t.calls.length, 1);
    t.fail(undefined);
    await t.clock.advance(2 * MIN);
    assert.equal(t.calls.length, 2);
    t.store.dispose();
  });

  test('a rejected key stops polling until the key changes; then the new team is asked at once', async () => {
    const t = setup();
    t.fail(new UnauthorizedError({ operation: 'creditUsageHistory' }));
    t.store.start();
    await t.clock.advance(2 * HOUR_MS);
    assert.equal(t.calls.length, 1);
    assert.equal(t.store.state.day.problem?.kind, 'unauthorized');
    t.fail(undefined);
    t.store.reset();
    await t.clock.advance(0);
    assert.equal(t.calls.length, 2);
    assert.ok(t.store.state.day.snapshot);
    t.store.dispose();
  });

  test('without a key nothing is sent', async () => {
    const t = setup({ hasKey: () => false });
    t.store.start();
    await t.clock.advance(HOUR_MS);
    assert.equal(t.calls.length, 0);
    assert.equal(t.store.state.day.problem?.kind, 'noKey');
    t.store.dispose();
  });
});

describe('recent usage in several windows', () => {
  function editor() {
    const calls: string[] = [];
    const { clock, disk, open } = teamWindows(({ id, clock, files, lease, focus, teamFile, looks }) => {
      const shared = sharedRecentUsage(files, teamFile, () => API, looks);
      const store = new RecentUsageStore({
        fetch: async (range) => {
          calls.push(`${id}:${range}`);
          return binsFor(range, clock.now(), { steady: 20 });
        },
        isLeader: () => lease.isLeader,
        shared,
        hasKey: () => true,
        isSelfHosted: () => false,
        clock,
        focus,
      });
      return { store, shared };
    });
    return { clock, disk, calls, open };
  }

  test('after the wall clock is set back an hour, a window that does not poll still takes the bins fetched since', async () => {
    const { clock, open } = editor();
    const a = await open('a', true);
    const b = await open('b', false);
    await clock.advance(20 * 60_000);
    clock.stepBack(60 * 60_000);
    await clock.advance(35 * 60_000);
    const polled = a.store.state.day.snapshot?.fetchedAt;
    assert.ok(polled !== undefined && polled <= clock.now(), 'the poller fetched since the step');
    assert.equal(b.store.state.day.snapshot?.fetchedAt, polled);
    for (const w of [a, b]) await w.close();
  });

  test('three windows, one focused: one poller, four requests an hour, every window shows the bins', async () => {
    const { clock, calls, open } = editor();
    const a = await open('a', false);
    const b = await open('b', true);
    const c = await open('c', false);
    const start = calls.length;
    await clock.advance(HOUR_MS);
    const hour = calls.slice(start);
    assert.deepEqual(new Set(calls.map((x) => x.split(':')[0])), new Set(['a']), 'only the leader asks');
    assert.ok(hour.length <= 4, hour.join(' '));
    for (const w of [a, b, c]) {
      assert.equal(w.store.state.day.snapshot?.fetchedAt, a.store.state.day.snapshot?.fetchedAt, `window ${w.id}`);
      assert.ok(w.store.state.week.snapshot, `window ${w.id} has the usual rate too`);
    }
    for (const w of [a, b, c]) await w.close();
  });

  test('a window whose file watcher hears nothing takes the new bins on the next beat of the lease', async () => {
    const { clock, calls, open } = editor();
    const a = await open('a', true);
    const b = await open('b', false, { watcher: false });
    const first = a.store.state.day.snapshot?.fetchedAt;
    assert.equal(b.store.state.day.snapshot?.fetchedAt, first, 'read at its start');
    // The next turn is the week's (the usual rate), the one after the hours'.
    await clock.advance(31 * MIN);
    const next = a.store.state.day.snapshot?.fetchedAt;
    assert.ok(next !== undefined && first !== undefined && next > first, 'the leader polled again');
    await clock.advance(RENEW_MS);
    assert.equal(b.store.state.day.snapshot?.fetchedAt, next);
    assert.ok(b.store.state.week.snapshot, 'and the week, taken the same way');
    assert.deepEqual(new Set(calls.map((x) => x.split(':')[0])), new Set(['a']));
    await b.close();
    await a.close();
  });

  test("a window that fetched one range keeps the others' newer bins in the team file, even before it read them", async () => {
    const { clock, open } = editor();
    const a = await open('a', true);
    const b = await open('b', false, { watcher: false });
    await clock.advance(1_000);
    // The leader's fresh hours, which b has not read yet (no watcher, no beat since)...
    await a.store.refresh('day');
    const fresh = a.store.state.day.snapshot?.fetchedAt;
    assert.notEqual(b.store.state.day.snapshot?.fetchedAt, fresh);
    // ...then b's panel asks for the month.
    await b.store.refresh('month');
    const c = await open('c', false);
    assert.equal(c.store.state.day.snapshot?.fetchedAt, fresh, "the leader's hours, not b's older ones");
    assert.ok(c.store.state.month.snapshot, "and b's month");
    for (const w of [a, b, c]) await w.close();
  });

  test('two windows sharing different ranges at the same moment both keep theirs in the team files', async () => {
    const { clock, open } = editor();
    const a = await open('a', true);
    const b = await open('b', false);
    await clock.advance(1_000);
    // Both answers land together: neither window has read the other's write when it writes its own.
    await Promise.all([a.store.refresh('day'), b.store.refresh('month')]);
    await clock.advance(0);
    const c = await open('c', false);
    assert.equal(c.store.state.day.snapshot?.fetchedAt, a.store.state.day.snapshot?.fetchedAt, "a's hours");
    assert.equal(c.store.state.month.snapshot?.fetchedAt, b.store.state.month.snapshot?.fetchedAt, "and b's month");
    for (const w of [a, b, c]) await w.close();
  });

  test('nobody focused: no requests; the leader leaving hands polling over', async () => {
    const { clock, calls, open } = editor();
    const a = await open('a', false);
    const b = await open('b', false);
    await clock.advance(2 * HOUR_MS);
    assert.deepEqual(calls, []);
    b.lease.setAttention({ focused: true, researchVisible: false });
    await clock.advance(0);
    assert.deepEqual(calls, ['a:day']);
    await a.close();
    await clock.advance(16 * MIN);
    assert.equal(String(calls.at(-1)).split(':')[0], 'b');
    await b.close();
  });

  test('a window opened later shows what the team fetched without asking; a foreign or damaged file is ignored', async () => {
    const { clock, disk, calls, open } = editor();
    const a = await open('a', true);
    const before = calls.length;
    const late = await open('late', true);
    assert.equal(calls.length, before, 'the late window asks for nothing');
    assert.equal(late.store.state.day.snapshot?.fetchedAt, a.store.state.day.snapshot?.fetchedAt);
    const view = disk.view();
    const later = clock.now() + 1_000;
    const foreign = { apiUrl: 'https://elsewhere.example', value: { bins: binsFor('day', later, { steady: 999 }), fetchedAt: later } };
    await view.write(`teams/t/${SHARED_FILES.day}`, JSON.stringify(foreign));
    await clock.advance(0);
    assert.notEqual(late.store.state.day.snapshot?.fetchedAt, later, "another server's bins");
    await view.write(`teams/t/${SHARED_FILES.day}`, JSON.stringify({ apiUrl: API, value: { bins: { timeRange: 'day', binSize: 'hour', bins: 'lots' }, fetchedAt: later } }));
    await clock.advance(0);
    assert.notEqual(late.store.state.day.snapshot?.fetchedAt, later, 'bins of the wrong shape');
    await view.write(`teams/t/${SHARED_FILES.day}`, JSON.stringify({ apiUrl: API, value: { bins: binsFor('week', later, { steady: 1 }), fetchedAt: later } }));
    await clock.advance(0);
    assert.notEqual(late.store.state.day.snapshot?.fetchedAt, later, 'another range in its file');
    await view.write(`teams/t/${SHARED_FILES.day}`, '{"apiUrl": ');
    await clock.advance(0);
    assert.ok(late.store.state.day.snapshot, 'a damaged file changes nothing');
    view.dispose();
    await a.close();
    await late.close();
  });

  test('after a restart the file shows the last bins at once, and nothing is asked before they are due', async () => {
    const { clock, calls, open } = editor();
    const a = await open('a', true);
    await a.close();
    await clock.advance(5 * MIN);
    const count = calls.length;
    const again = await open('again', true);
    assert.ok(again.store.state.day.snapshot, 'shown from the file');
    assert.equal(calls.length, count, 'not due yet');
    await clock.advance(11 * MIN);
    assert.equal(calls.length, count + 1);
    await again.close();
  });
});

/** A store whose team file is in the test's hands: `file` is what read() returns, `publish` fires onDidPublish. */
function storeWithFile(file: SharedSnapshots | undefined) {
  const clock = new FakeClock();
  const published = new Emitter<SharedSnapshots>();
  const calls: Array<{ range: UsageTimeRange; at: number }> = [];
  let team = 'old';
  const store = new RecentUsageStore({
    fetch: async (range) => {
      calls.push({ range, at: clock.now() });
      return binsFor(range, clock.now(), team === 'old' ? { steady: 999 } : { steady: 1 });
    },
    shared: { read: async () => file, publish: () => undefined, onDidPublish: published.event },
    hasKey: () => true,
    isSelfHosted: () => false,
    clock,
    focus: focusSource(true),
  });
  return { clock, store, calls, published, setTeam: (t: string) => (team = t) };
}

describe('recent usage: the usual rate in the team file', () => {
  test('after a restart on a team file whose week is weeks old, hours that could hold a spike bring a fresh week at once', async () => {
    const clock = new FakeClock();
    const then = clock.now() - 21 * 24 * HOUR_MS;
    const file: SharedSnapshots = { week: { bins: binsFor('week', then, { steady: 20 }), fetchedAt: then } };
    const calls: UsageTimeRange[] = [];
    const store = new RecentUsageStore({
      fetch: async (range) => {
        calls.push(range);
        return binsFor(range, clock.now(), { steady: 120 });
      },
      shared: { read: async () => file, publish: () => undefined, onDidPublish: new Emitter<SharedSnapshots>().event },
      hasKey: () => true,
      isSelfHosted: () => false,
      clock,
      focus: focusSource(true),
      couldSpike: (day) => couldBeSpike(day.bins, DEFAULT_SPIKE_THRESHOLDS),
    });
    store.start();
    await clock.advance(0);
    assert.deepEqual(calls, ['day', 'week']);
    const { day, week } = store.state;
    assert.equal(week.snapshot?.fetchedAt, clock.now());
    assert.equal(summarizeBurn({ day: day.snapshot!, week: week.snapshot! }, DEFAULT_SPIKE_THRESHOLDS, clock.now()).spike, undefined, 'a steady 120 an hour is no spike');
    store.dispose();
  });
});

describe('recent usage: a key change, a clock stepped back, a night away', () => {
  test("after a key change, the old team's bins written by another window just before are not taken for the new team's", async () => {
    const t = storeWithFile(undefined);
    t.store.start();
    await t.clock.advance(0);
    // Another window (still on the old key) fetched the old team's bins a moment ago...
    const oldTeamWrite = { day: { bins: binsFor('day', t.clock.now(), { steady: 999 }), fetchedAt: t.clock.now() } };
    await t.clock.advance(MIN);
    // ...the key changes here; the new team's answer is slow to come.
    t.setTeam('new');
    t.store.reset();
    // The old window's write reaches this window late (file events lag).
    t.published.fire(oldTeamWrite);
    const shown = t.store.state.day.snapshot;
    assert.equal(shown, undefined, "the old team's hours are shown for the new key");
    t.store.dispose();
  });

  test('after a key change, a late write of the old team does not put off asking the new team', async () => {
    const t = storeWithFile(undefined);
    t.store.start();
    await t.clock.advance(0);
    const oldTeamWrite = { day: { bins: binsFor('day', t.clock.now(), { steady: 999 }), fetchedAt: t.clock.now() } };
    await t.clock.advance(MIN);
    const before = t.calls.length;
    t.setTeam('new');
    t.store.reset();
    t.published.fire(oldTeamWrite);
    await t.clock.advance(MIN);
    assert.equal(t.calls.length, before + 1, 'the new team is not asked at once (the old write moved the next poll 14 minutes on)');
    t.store.dispose();
  });

  test('bins stamped ahead of the clock (the clock stepped back) do not stop polling for hours', async () => {
    const clock = new FakeClock();
    // Written when the clock read 3 hours later than it does now.
    const ahead = clock.now() + 3 * HOUR_MS;
    const t = storeWithFile({ day: { bins: binsFor('day', ahead, { steady: 20 }), fetchedAt: ahead } });
    t.store.start();
    await t.clock.advance(30 * MIN);
    assert.ok(t.calls.length >= 1, `no request in 30 minutes (next due in ${(t.store as unknown as { due: { due: number } }).due.due / MIN - t.clock.now() / MIN} min)`);
    t.store.dispose();
  });

  test('the panel asking for a range stamped ahead of the clock loads it', async () => {
    const t = storeWithFile(undefined);
    t.store.start();
    await t.clock.advance(0);
    const ahead = t.clock.now() + 3 * HOUR_MS;
    t.published.fire({ month: { bins: binsFor('month', ahead, { steady: 20 }), fetchedAt: ahead } });
    const before = t.calls.length;
    await t.store.ensure('month');
    assert.equal(t.calls.length, before + 1, 'ensure() took a snapshot from the future as fresh');
    t.store.dispose();
  });

  test("opening the editor with yesterday's bins in the team file asks for the last 24 hours first", async () => {
    const clock = new FakeClock();
    const yesterday = clock.now() - 20 * HOUR_MS;
    const t = storeWithFile({
      day: { bins: binsFor('day', yesterday, { steady: 20 }), fetchedAt: yesterday },
      week: { bins: binsFor('week', yesterday, { steady: 20 }), fetchedAt: yesterday },
    });
    t.store.start();
    await t.clock.advance(0);
    assert.deepEqual(
      t.calls.map((c) => c.range),
      ['day'],
      "the week's bins went first: the tooltip shows hours from 20 hours ago, and no spike can be seen, for another 15 minutes",
    );
    t.store.dispose();
  });
});

describe('recent usage: a key or server change', () => {
  test('the new one is asked at once by the window that leads, also when its role and focus settle after the change', async () => {
    let leader = true;
    const t = setup({ isLeader: () => leader });
    t.store.start();
    await t.clock.advance(0);
    assert.equal(t.calls.length, 1);
    // Rejoining the team: for a moment this window neither leads nor counts as focused.
    leader = false;
    t.focus.set(false);
    t.store.reset();
    await t.clock.advance(0);
    assert.equal(t.calls.length, 1, 'a window that does not lead asks nothing');
    // The lease is taken again before the team's focus is known once more.
    leader = true;
    t.store.roleChanged();
    await t.clock.advance(0);
    assert.equal(t.calls.length, 2, 'the new team is asked as soon as this window leads');
    assert.ok(t.store.state.day.snapshot, 'its hourly bins are shown');
    t.store.dispose();
  });
});
