// The spike alert on a fake clock, fed by the rules over sandbox-cut bins: one alert per spike however
// often it is looked at, a new one after it ended, Mute for Today until local midnight, Don't Show
// Again, a spike found while nobody looks waiting for focus, windows sharing what was alerted, and no
// alert for an empty history, a new team or a top-up.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SPIKE_THRESHOLDS, summarizeBurn } from '../../../src/features/burn/model/burnRules';
import { alertBalance, type AlertMemory, BALANCE_WAIT_MS, endOfLocalDay, mergeMemory, readMemory, SPIKE_GAP_MS, SpikeAlerts } from '../../../src/features/burn/model/spikeAlerts';
import type { Spike } from '../../../src/features/burn/model/burnRules';
import { FakeClock } from '../../support/fakeClock';
import { binsFor, DAY_MS, HOUR_MS, type Series } from '../../support/usageBins';

const MIN = 60_000;
const START = Date.UTC(2026, 10, 20, 12, 0);

function setup(shared?: { memory: AlertMemory; off: boolean }) {
  const clock = new FakeClock(START);
  const state = shared ?? { memory: {} as AlertMemory, off: false };
  let focused = true;
  const alerts = new SpikeAlerts({
    clock,
    load: () => state.memory,
    save: (m) => {
      state.memory = m;
    },
    isOff: () => state.off,
    canShow: () => focused,
  });
  const shown: Spike[] = [];
  alerts.onDidAlert((s) => shown.push(s));
  /** One look at the team's bins now, as the burn feature takes one after each fetch. */
  const look = (series: Series) => {
    const now = clock.now();
    const summary = summarizeBurn({ day: { bins: binsFor('day', now, series), fetchedAt: now }, week: { bins: binsFor('week', now, series), fetchedAt: now } }, DEFAULT_SPIKE_THRESHOLDS, now);
    alerts.observe(summary.spike, summary.baseline?.kind === 'rate' ? summary.day?.asOf : undefined);
    return summary;
  };
  return { clock, state, alerts, shown, look, setFocused: (f: boolean) => (focused = f) };
}

describe('spike alerts', () => {
  test('one alert per spike, however many looks find it; a new spike after it ended alerts again', async () => {
    const t = setup();
    const burst = (at: number): Series => ({ steady: 20, spike: { at, credits: 1_200 } });
    t.look({ steady: 20 });
    assert.equal(t.shown.length, 0);
    await t.clock.advance(5 * MIN);
    const first = t.clock.now();
    t.look(burst(first));
    assert.equal(t.shown.length, 1);
    assert.equal(t.shown[0]!.lastHour > 1_200, true);
    for (let i = 0; i < 3; i++) {
      await t.clock.advance(15 * MIN);
      assert.ok(t.look(burst(first)).spike, 'still a spike');
    }
    assert.equal(t.shown.length, 1, 'the same spike is not alerted twice');
    // Two hours after it the burst is out of the last hour: the spike has ended.
    await t.clock.advance(80 * MIN);
    assert.equal(t.look(burst(first)).spike, undefined);
    assert.equal(t.state.memory.episode?.ended, true, 'ended, and kept so as such');
    await t.clock.advance(2 * HOUR_MS);
    t.look({ steady: 20, spike: { at: t.clock.now() - MIN, credits: 2_000 } });
    assert.equal(t.shown.length, 2, 'a later spike is a new one');
    t.alerts.dispose();
  });

  test('a look after a long silence (nobody focused for hours) counts a spike found then as a new one', async () => {
    const t = setup();
    t.look({ steady: 20, spike: { at: START - MIN, credits: 1_200 } });
    assert.equal(t.shown.length, 1);
    await t.clock.advance(SPIKE_GAP_MS + 15 * MIN);
    t.look({ steady: 20, spike: { at: t.clock.now() - MIN, credits: 1_500 } });
    assert.equal(t.shown.length, 2);
  });

  test('Mute for Today: nothing until local midnight, then spikes alert again', async () => {
    const t = setup();
    t.alerts.muteForToday();
    assert.equal(t.state.memory.mutedUntil, endOfLocalDay(START));
    assert.equal(t.alerts.muted, true);
    t.look({ steady: 20, spike: { at: START - MIN, credits: 1_200 } });
    assert.equal(t.shown.length, 0);
    assert.equal(t.state.memory.episode?.handled, true, 'a spike passed over while muted is never alerted later');
    await t.clock.advance(endOfLocalDay(START) - START + MIN);
    assert.equal(t.alerts.muted, false);
    await t.clock.advance(DAY_MS);
    t.look({ steady: 20, spike: { at: t.clock.now() - MIN, credits: 1_200 } });
    assert.equal(t.shown.length, 1, 'a spike the next day alerts');
  });

  test("Don't Show Again: no alerts at all; turning them back on alerts the next spike, not the current one", async () => {
    const t = setup();
    t.state.off = true;
    t.look({ steady: 20, spike: { at: START - MIN, credits: 1_200 } });
    assert.equal(t.shown.length, 0);
    t.state.off = false;
    await t.clock.advance(15 * MIN);
    t.look({ steady: 20, spike: { at: START - MIN, credits: 1_200 } });
    assert.equal(t.shown.length, 0, 'the spike that was passed over stays passed over');
    await t.clock.advance(3 * HOUR_MS);
    t.look({ steady: 20 });
    t.look({ steady: 20, spike: { at: t.clock.now() - MIN, credits: 1_200 } });
    assert.equal(t.shown.length, 1);
  });

  test('found while this window is not focused: alerted once it is', async () => {
    const t = setup();
    t.setFocused(false);
    t.look({ steady: 20, spike: { at: START - MIN, credits: 1_200 } });
    assert.equal(t.shown.length, 0);
    assert.equal(t.state.memory.episode?.handled, false, 'waiting');
    t.setFocused(true);
    // Focus is a new look at the same bins (the burn view's), twice here: one alert.
    t.look({ steady: 20, spike: { at: START - MIN, credits: 1_200 } });
    t.look({ steady: 20, spike: { at: START - MIN, credits: 1_200 } });
    assert.equal(t.shown.length, 1);
  });

  test('two windows looking at the same bins alert once between them', () => {
    const shared = { memory: {} as AlertMemory, off: false };
    const a = setup(shared);
    const b = setup(shared);
    const series: Series = { steady: 20, spike: { at: START - MIN, credits: 1_200 } };
    a.look(series);
    b.look(series);
    assert.equal(a.shown.length + b.shown.length, 1);
  });

  test('an older look (bins read again after a reload) neither ends the spike nor alerts it again', () => {
    const t = setup();
    t.look({ steady: 20, spike: { at: START - MIN, credits: 1_200 } });
    const episode = t.state.memory.episode;
    t.alerts.observe(undefined, START - 30 * MIN);
    assert.deepEqual(t.state.memory.episode, episode);
    assert.equal(t.shown.length, 1);
  });

  test('no alert without a usual rate (an empty history, a new team), nor for a top-up', () => {
    const t = setup();
    t.look({ spike: { at: START - MIN, credits: 5_000 } });
    t.look({ steady: 30, since: START - 20 * HOUR_MS, spike: { at: START - MIN, credits: 5_000 } });
    // A top-up raises the balance and is not usage: the bins of a steady team, whatever the balance did.
    t.look({ steady: 20 });
    assert.equal(t.shown.length, 0);
    assert.equal(t.state.memory.episode, undefined);
  });

  test('an older copy handed back by the host (a whole value echoed after the write) neither alerts twice nor loses a mute', async () => {
    // The host keeps the last value sent, but a read may return the one before it, whole.
    const t = setup();
    const history: AlertMemory[] = [{}];
    let stale = false;
    const inner = t.alerts as unknown as { options: { load(): unknown; save(m: AlertMemory): void } };
    inner.options.load = () => (stale && history.length > 1 ? history[history.length - 2] : history[history.length - 1]);
    inner.options.save = (m) => void history.push(m);
    const series: Series = { steady: 20, spike: { at: START - MIN, credits: 1_200 } };
    t.look(series);
    assert.equal(t.shown.length, 1);
    stale = true;
    for (let i = 0; i < 5; i++) {
      await t.clock.advance(15 * MIN);
      t.look(series);
    }
    assert.equal(t.shown.length, 1, 'the same spike, not alerted again from an older copy');
    stale = false;
    t.alerts.muteForToday();
    stale = true;
    assert.equal(t.alerts.muted, true, 'the mute holds over an older copy');
  });

  test('Mute for Today holds whatever order two windows write in; turning alerts back on is its own fact', () => {
    const stored: { value: unknown } = { value: undefined };
    const windows = ['a', 'b'].map(() => {
      const clock = new FakeClock(START);
      const shown: Spike[] = [];
      const alerts = new SpikeAlerts({ clock, load: () => stored.value, save: (m) => (stored.value = m), isOff: () => false, canShow: () => true });
      alerts.onDidAlert((s) => shown.push(s));
      return { alerts, shown, clock };
    });
    const [a, b] = windows as [(typeof windows)[0], (typeof windows)[0]];
    assert.equal(b.alerts.muted, false, 'b reads the memory before the mute');
    const before = stored.value;
    a.alerts.muteForToday();
    // b's older copy lands last, as a whole globalState value from another window can.
    stored.value = before;
    assert.equal(a.alerts.muted, true, 'a still knows');
    assert.ok(readMemory(stored.value).mutedUntil, 'and writes it back for the others');
    assert.equal(b.alerts.muted, true, 'so b sees it');
    b.alerts.unmute();
    const unmuted = stored.value;
    // a's older copy (muted) arrives after b's unmute, then b's again.
    stored.value = before;
    assert.equal(a.alerts.muted, true);
    stored.value = unmuted;
    assert.equal(a.alerts.muted, false, 'an unmute after the mute wins in every window');
    assert.equal(b.alerts.muted, false);
    assert.equal(mergeMemory({ mutedAt: 1, mutedUntil: 9 }, { unmutedAt: 2 }).unmutedAt, 2);
    assert.deepEqual(
      mergeMemory({ episode: { since: 5, lastSeen: 6, handled: true } }, { episode: { since: 5, lastSeen: 7, handled: false, ended: true } }).episode,
      { since: 5, lastSeen: 7, handled: true, ended: true },
      'handled or ended in either copy stays so',
    );
  });

  test('memory read back from storage keeps only what is well formed', () => {
    assert.deepEqual(readMemory({ episode: { since: 1, lastSeen: 2, handled: true }, mutedUntil: 3 }), { episode: { since: 1, lastSeen: 2, handled: true }, mutedUntil: 3 });
    assert.deepEqual(readMemory({ episode: { since: 'x' }, mutedUntil: 'soon' }), {});
    assert.deepEqual(readMemory(null), {});
  });
});

describe('spike alerts of several teams', () => {
  /** Windows on one machine: one store of memories by key, as globalState holds them. */
  function machine() {
    const clock = new FakeClock(START);
    const stored = new Map<string, AlertMemory>();
    const shown: string[] = [];
    const window = (team: { id: string }) => {
      const alerts = new SpikeAlerts({
        clock,
        scope: () => team.id,
        load: (scope) => stored.get(scope),
        save: (m, scope) => stored.set(scope, m),
        isOff: () => false,
        canShow: () => true,
      });
      alerts.onDidAlert(() => shown.push(team.id));
      const look = (series: Series) => {
        const now = clock.now();
        const summary = summarizeBurn({ day: { bins: binsFor('day', now, series), fetchedAt: now }, week: { bins: binsFor('week', now, series), fetchedAt: now } }, DEFAULT_SPIKE_THRESHOLDS, now);
        alerts.observe(summary.spike, summary.baseline?.kind === 'rate' ? summary.day?.asOf : undefined);
      };
      return { alerts, look };
    };
    return { clock, stored, shown, window };
  }

  test("a key changed to another team that is spiking too: its spike is alerted, not taken for the first team's", async () => {
    const m = machine();
    const team = { id: 'team-a' };
    const w = m.window(team);
    await m.clock.advance(5 * MIN);
    w.look({ steady: 20, spike: { at: m.clock.now(), credits: 1_200 } });
    assert.deepEqual(m.shown, ['team-a']);
    team.id = 'team-b';
    await m.clock.advance(15 * MIN);
    w.look({ steady: 20, spike: { at: m.clock.now(), credits: 5_000 } });
    assert.deepEqual(m.shown, ['team-a', 'team-b']);
    assert.deepEqual([...m.stored.keys()].sort(), ['team-a', 'team-b']);
  });

  test("two windows on two teams: one team's quiet look does not end the other's spike, which is alerted once", async () => {
    const m = machine();
    const a = m.window({ id: 'team-a' });
    const b = m.window({ id: 'team-b' });
    await m.clock.advance(5 * MIN);
    const burst = { steady: 20, spike: { at: m.clock.now(), credits: 5_000 } };
    for (let i = 0; i < 4; i++) {
      a.look({ steady: 20 });
      b.look(burst);
      await m.clock.advance(15 * MIN);
    }
    assert.deepEqual(m.shown, ['team-b']);
  });
});

describe('a spike that ended', () => {
  test('a window that still holds an ended spike does not alert it again when it gains focus', () => {
    const clock = new FakeClock(Date.UTC(2026, 10, 20, 12, 0));
    const stored: { value: unknown } = { value: undefined };
    const make = (focused: { value: boolean }) => {
      const alerts = new SpikeAlerts({ clock, load: () => stored.value, save: (m) => (stored.value = m), isOff: () => false, canShow: () => focused.value });
      const shown: Spike[] = [];
      alerts.onDidAlert((s) => shown.push(s));
      return { alerts, shown, focused };
    };
    const a = make({ value: true });
    const b = make({ value: false });
    const t1 = clock.now();
    const spike: Spike = { lastHour: 1_200, perHour: 20, ratio: 60, threshold: 100, asOf: t1 };
    // Both windows look at the same bins: a (focused) alerts, b (not focused) keeps the spike for later.
    a.alerts.observe(spike, t1);
    b.alerts.observe(spike, t1);
    assert.equal(a.shown.length, 1);
    // 15 minutes later the leader's look finds none: the spike has ended.
    const t2 = t1 + 15 * MIN;
    a.alerts.observe(undefined, t2);
    assert.equal(readMemory(stored.value).episode?.ended, true);
    // b has not taken the newer bins yet when someone clicks into it.
    b.focused.value = true;
    b.alerts.observe(spike, t1);
    assert.equal(a.shown.length + b.shown.length, 1, 'the same, already ended spike is alerted a second time');
  });
});

describe('a spike older than the look that ended it', () => {
  test('bins from before that look (a request answered late) show the ended spike, not a new one', () => {
    const clock = new FakeClock(START);
    const stored: { value: unknown } = { value: undefined };
    const alerts = new SpikeAlerts({ clock, load: () => stored.value, save: (m) => (stored.value = m), isOff: () => false, canShow: () => true });
    const shown: Spike[] = [];
    alerts.onDidAlert((s) => shown.push(s));
    const spikeAt = (asOf: number): Spike => ({ lastHour: 1_200, perHour: 20, ratio: 60, threshold: 100, asOf });
    alerts.observe(spikeAt(START), START);
    assert.equal(shown.length, 1);
    // The poll at 12:30 finds none; the panel's own request, sent at 12:20, answers after it.
    alerts.observe(undefined, START + 30 * MIN);
    alerts.observe(spikeAt(START + 20 * MIN), START + 20 * MIN);
    assert.equal(shown.length, 1, 'the spike that ended, seen again in older bins, is not alerted again');
  });
});

describe('spike alerts on a clock that stepped back', () => {
  function window(offset: { ms: number }) {
    const fake = new FakeClock(START);
    // The time as this window reads it: `offset` ahead of the fake clock's own while it runs fast.
    const clock = { now: () => fake.now() + offset.ms, schedule: (ms: number, fn: () => void) => fake.schedule(ms, fn) };
    const stored: { value: unknown } = { value: undefined };
    const alerts = new SpikeAlerts({ clock, load: () => stored.value, save: (m) => (stored.value = m), isOff: () => false, canShow: () => true });
    return { fake, alerts };
  }

  test('Turn On after a mute chosen while the clock ran ahead unmutes', async () => {
    const offset = { ms: 2 * HOUR_MS };
    const w = window(offset);
    w.alerts.muteForToday();
    offset.ms = 0;
    await w.fake.advance(30 * MIN);
    w.alerts.unmute();
    assert.equal(w.alerts.muted, false);
  });

  test('Mute for Today after alerts were turned back on while the clock ran ahead mutes', async () => {
    const offset = { ms: 2 * HOUR_MS };
    const w = window(offset);
    w.alerts.muteForToday();
    w.alerts.unmute();
    offset.ms = 0;
    await w.fake.advance(30 * MIN);
    w.alerts.muteForToday();
    assert.equal(w.alerts.muted, true);
  });
});

describe('the balance an alert quotes', () => {
  test('a balance read that fails leaves the alert without a balance, not without the alert', async () => {
    const clock = new FakeClock(START);
    const balance = alertBalance(() => Promise.reject(new Error('offline')), clock).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await clock.flush();
    assert.deepEqual(await balance, { value: undefined });
    assert.equal(clock.pending, 0, 'its timer is gone');
  });

  test('a refresh under way is waited for, a slow one only up to BALANCE_WAIT_MS', async () => {
    const clock = new FakeClock(START);
    assert.equal(await alertBalance(() => Promise.resolve(420), clock), 420);
    const slow = alertBalance(() => new Promise<number>(() => undefined), clock);
    await clock.advance(BALANCE_WAIT_MS);
    assert.equal(await slow, undefined);
  });
});
