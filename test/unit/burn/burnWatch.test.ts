// The burn view on a fake clock: recomputed as the bins change, a spike handed to the alerts while the
// hourly bins are recent, and exactly one more look when they grow old (no window polls while none is
// focused, so bins can stay old for hours).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { UsageBins, UsageTimeRange } from '../../../src/api';
import { couldBeSpike, DEFAULT_SPIKE_THRESHOLDS, SPIKE_DATA_MAX_AGE_MS } from '../../../src/features/burn/model/burnRules';
import { BurnWatch, type BurnView } from '../../../src/features/burn/model/burnWatch';
import { RecentUsageStore } from '../../../src/features/burn/model/recentUsageStore';
import { SpikeAlerts } from '../../../src/features/burn/model/spikeAlerts';
import { Emitter } from '../../../src/shared/events';
import { FakeClock } from '../../support/fakeClock';
import { binsFor, HOUR_MS } from '../../support/usageBins';

const MIN = 60_000;

function setup() {
  const clock = new FakeClock();
  const focusChanged = new Emitter<boolean>();
  let focused = true;
  const focus = {
    get focused() {
      return focused;
    },
    onDidChange: focusChanged.event,
  };
  const calls: UsageTimeRange[] = [];
  const store = new RecentUsageStore({
    fetch: async (range) => {
      calls.push(range);
      return binsFor(range, clock.now(), { steady: 20, hours: [[clock.now() - 30 * MIN, 2_400]] });
    },
    hasKey: () => true,
    isSelfHosted: () => false,
    clock,
    focus,
    couldSpike: (day) => couldBeSpike(day.bins, DEFAULT_SPIKE_THRESHOLDS),
  });
  let memory: unknown;
  const alerts = new SpikeAlerts({ clock, load: () => memory, save: (m) => (memory = m), isOff: () => false, canShow: () => focused });
  const watch = new BurnWatch({ store, alerts, clock, focus, thresholds: () => DEFAULT_SPIKE_THRESHOLDS, alertsOff: () => false });
  const views: BurnView[] = [];
  watch.onDidChange((v) => {
    views.push(v);
    // Stops a loop rather than hang the run: the assertion below says how many there were.
    if (views.length > 50) watch.dispose();
  });
  const unfocus = () => {
    focused = false;
    focusChanged.fire(false);
  };
  const refocus = () => {
    focused = true;
    focusChanged.fire(true);
  };
  return { clock, store, alerts, watch, views, calls, unfocus, refocus };
}

describe('the burn view', () => {
  test('a spike in recent bins is handed to the alerts and shown; the view carries when the bins were fetched', async () => {
    const { clock, store, alerts, watch, views } = setup();
    const alerted: number[] = [];
    alerts.onDidAlert((s) => alerted.push(s.lastHour));
    store.start();
    await clock.advance(0);
    assert.ok(views.length >= 1);
    const view = watch.view();
    assert.ok(view.summary.spike && view.summary.spike.lastHour >= 2_400);
    assert.equal(view.dayFetchedAt, clock.now());
    assert.equal(alerted.length, 1);
    watch.dispose();
    store.dispose();
  });

  test('bins that grow old are looked at once when they do, then left alone for hours while no window polls', async () => {
    const { clock, store, watch, views, calls, unfocus } = setup();
    store.start();
    await clock.advance(0);
    const fetchedAt = watch.view().dayFetchedAt!;
    unfocus();
    const before = views.length;
    await clock.advance(3 * HOUR_MS);
    assert.equal(calls.filter((r) => r === 'day').length, 1, 'nothing polled while unfocused');
    assert.equal(views.length - before, 1, `one look when the bins turned old, not ${views.length - before}`);
    assert.ok(clock.now() > fetchedAt + SPIKE_DATA_MAX_AGE_MS);
    watch.dispose();
    store.dispose();
  });
});

describe('focus', () => {
  test('a spike found while the window was not focused is alerted when it is', async () => {
    const { clock, store, alerts, watch, unfocus, refocus } = setup();
    const alerted: number[] = [];
    alerts.onDidAlert((s) => alerted.push(s.lastHour));
    unfocus();
    await store.refresh('week');
    await store.refresh('day');
    assert.ok(watch.view().summary.spike);
    assert.equal(alerted.length, 0, 'nobody looking');
    await clock.advance(10 * MIN);
    refocus();
    assert.equal(alerted.length, 1);
    watch.dispose();
    store.dispose();
  });

  test('after the machine slept for hours, focus finds the bins too old to say a spike lasts: no alert, no spike shown', async () => {
    const { clock, store, alerts, watch, unfocus, refocus } = setup();
    const alerted: number[] = [];
    alerts.onDidAlert((s) => alerted.push(s.lastHour));
    unfocus();
    await store.refresh('week');
    await store.refresh('day');
    assert.ok(watch.view().summary.spike);
    // The lid closes: the wall clock jumps 5 hours, the timer for the bins' age has not fired.
    clock.sleep(5 * HOUR_MS);
    refocus();
    assert.equal(alerted.length, 0, 'a spike from 5 hours ago is not "the last hour"');
    assert.equal(watch.view().summary.spike, undefined, 'the status bar stops pulsing');
    // A poll brings fresh bins: a burst in their last hour is a spike now, and is alerted.
    await store.refresh('day');
    assert.equal(alerted.length, 1);
    watch.dispose();
    store.dispose();
  });
});

describe('spikes from bins that do not say where they end (windowEnd null)', () => {
  test('a spike after one that ended is alerted: the look that ended it is dated when it was fetched, not at the next hour', async () => {
    const at = (h: number, m: number) => Date.UTC(2026, 10, 30, h, m);
    const clock = new FakeClock(at(12, 30));
    let hours: Array<[number, number]> = [[at(12, 0), 300]];
    const store = new RecentUsageStore({
      fetch: async (range) => {
        // No window, and the hour in progress dated to its end, as a server may date it.
        const bins = binsFor(range, clock.now(), { steady: 20, hours });
        const last = bins.bins.at(-1)!;
        const endDate = range === 'day' ? new Date(Math.floor(Date.parse(last.startDate!) / HOUR_MS) * HOUR_MS + HOUR_MS - 1).toISOString() : last.endDate;
        return { ...bins, windowEnd: null, bins: [...bins.bins.slice(0, -1), { ...last, endDate }] };
      },
      hasKey: () => true,
      isSelfHosted: () => false,
      clock,
      focus: { focused: true, onDidChange: new Emitter<boolean>().event },
      couldSpike: (day) => couldBeSpike(day.bins, DEFAULT_SPIKE_THRESHOLDS),
    });
    let memory: unknown;
    const alerts = new SpikeAlerts({ clock, load: () => memory, save: (m) => (memory = m), isOff: () => false, canShow: () => true });
    const watch = new BurnWatch({ store, alerts, clock, focus: { onDidChange: new Emitter<boolean>().event }, thresholds: () => DEFAULT_SPIKE_THRESHOLDS, alertsOff: () => false });
    const alerted: number[] = [];
    alerts.onDidAlert((spike) => alerted.push(spike.asOf));
    const lookAt = async (h: number, m: number) => {
      await clock.advance(at(h, m) - clock.now());
      await store.refresh('week');
      await store.refresh('day');
    };
    await lookAt(12, 30);
    assert.equal(alerted.length, 1, '300 credits in the hour from 12:00');
    // 13:55: a twelfth of 12:00's 300 and most of 13:00's own 20 in the last 60 minutes, under half of 100: the spike is over.
    await lookAt(13, 55);
    assert.equal(watch.view().summary.spike, undefined);
    hours = [
      [at(12, 0), 300],
      [at(13, 0), 400],
    ];
    await lookAt(13, 58);
    assert.ok(watch.view().summary.spike, 'a new spike: 400 credits since 13:00');
    assert.equal(alerted.length, 2, 'alerted, not taken for the one that ended at "14:00"');
    watch.dispose();
    store.dispose();
  });
});

describe('a job that spends in batches', () => {
  test('one spike, one alert: the last hour dipping below the rule between batches does not end it', async () => {
    const MIN_MS = 60_000;
    const start = Date.UTC(2026, 10, 30, 12, 0);
    const clock = new FakeClock(start);
    // 10 credits an hour as usual; from 12:00 a job takes 110 credits every 50 minutes.
    const batches = [0, 50, 100, 150].map((m) => start + m * MIN_MS);
    const dayBins = (now: number): UsageBins => {
      const bins = [];
      for (let h = Math.floor(now / HOUR_MS) * HOUR_MS - 23 * HOUR_MS; h <= now; h += HOUR_MS) {
        const end = Math.min(h + HOUR_MS, now);
        const batch = batches.filter((t) => t >= h && t < end && t <= now).length * 110;
        bins.push({ startDate: new Date(h).toISOString(), endDate: new Date(end).toISOString(), creditsUsed: (10 * (end - h)) / HOUR_MS + batch });
      }
      return { timeRange: 'day', binSize: 'hour', windowStart: bins[0]!.startDate, windowEnd: new Date(now).toISOString(), bins };
    };
    const store = new RecentUsageStore({
      fetch: async (range) => (range === 'day' ? dayBins(clock.now()) : binsFor(range, clock.now(), { steady: 10 })),
      hasKey: () => true,
      isSelfHosted: () => false,
      clock,
      focus: { focused: true, onDidChange: new Emitter<boolean>().event },
      couldSpike: () => true,
    });
    let memory: unknown;
    const alerts = new SpikeAlerts({ clock, load: () => memory, save: (m) => (memory = m), isOff: () => false, canShow: () => true });
    const watch = new BurnWatch({ store, alerts, clock, focus: { onDidChange: new Emitter<boolean>().event }, thresholds: () => DEFAULT_SPIKE_THRESHOLDS, alertsOff: () => false });
    let alerted = 0;
    alerts.onDidAlert(() => alerted++);
    const found: boolean[] = [];
    for (let m = 5; m <= 180; m += 15) {
      await clock.advance(start + m * MIN_MS - clock.now());
      await store.refresh('week');
      await store.refresh('day');
      found.push(watch.view().summary.spike !== undefined);
    }
    assert.ok(found.includes(false), `some looks between batches find no spike (${found.join(' ')})`);
    assert.equal(alerted, 1);
    // Once the job is over, the last hour falls back to the usual 10: the next spike is a new one.
    await clock.advance(start + 302 * MIN_MS - clock.now());
    await store.refresh('day');
    assert.equal(watch.view().summary.spikeOver, true);
    batches.push(start + 310 * MIN_MS);
    batches.push(start + 311 * MIN_MS);
    await clock.advance(start + 315 * MIN_MS - clock.now());
    await store.refresh('day');
    assert.equal(alerted, 2, 'a spike after the job ended is alerted');
    watch.dispose();
    store.dispose();
  });
});
