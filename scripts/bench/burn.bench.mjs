// Burn-rate benchmarks: what the usage-by-hour poller costs (a focused hour with 1 and 3 windows, the
// busiest hour of a focused day, an unfocused hour), its share of the idle rows, and shaping plus
// rendering the 30 daily and 24 hourly bins the panel draws (chart, table, CSV), with the burn rules.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const HOUR = 3_600_000;

export default async function burnBench({ root, require, record, setBurnIdle }) {
  const out = (...p) => require(join(root, 'out', ...p));
  const { RecentUsageStore } = out('src', 'features', 'burn', 'model', 'recentUsageStore.js');
  const { sharedRecentUsage } = out('src', 'features', 'burn', 'model', 'sharedRecentUsage.js');
  const { summarizeBurn, DEFAULT_SPIKE_THRESHOLDS } = out('src', 'features', 'burn', 'model', 'burnRules.js');
  const { shapeBins } = out('src', 'features', 'usage', 'render', 'shapeBins.js');
  const { renderChart } = out('src', 'features', 'usage', 'render', 'chart.js');
  const { renderTable } = out('src', 'features', 'usage', 'render', 'table.js');
  const { binsToCsv } = out('src', 'features', 'usage', 'render', 'csv.js');
  const { toMarkup } = out('src', 'features', 'usage', 'render', 'elements.js');
  const { TeamLease } = out('src', 'shared', 'teamLease.js');
  const { Emitter } = out('src', 'shared', 'events.js');
  const { FakeClock } = out('test', 'support', 'fakeClock.js');
  const { MemoryDisk } = out('test', 'support', 'memoryFiles.js');
  const { binsFor } = out('test', 'support', 'usageBins.js');

  /** Requests the poller makes over `ms` with `windows` windows of one team, the first focused (or none). */
  async function simulate({ windows = 1, focused = true, ms = HOUR }) {
    const clock = new FakeClock();
    const disk = new MemoryDisk();
    const times = [];
    const open = [];
    for (let i = 0; i < windows; i++) {
      const files = disk.view();
      const lease = new TeamLease({ files, clock, windowId: `w${i}`, team: 't' });
      const changed = new Emitter();
      const focus = { get focused() { return lease.teamAttention.focused; }, onDidChange: changed.event };
      lease.onDidChangeTeamAttention((a) => changed.fire(a.focused));
      const shared = sharedRecentUsage(files, (f) => `teams/t/${f}`, () => 'https://api.firecrawl.dev');
      const store = new RecentUsageStore({
        fetch: async (range) => {
          times.push(clock.now());
          return binsFor(range, clock.now(), { steady: 20 });
        },
        isLeader: () => lease.isLeader,
        shared,
        hasKey: () => true,
        isSelfHosted: () => false,
        clock,
        focus,
      });
      lease.onDidChangeRole(() => store.roleChanged());
      lease.setAttention({ focused: focused && i === 0, researchVisible: false });
      store.start();
      await lease.start();
      open.push({ lease, store, shared, files });
    }
    // As the idle rows count: from after the first answer at start-up.
    await clock.advance(0);
    const start = clock.now();
    const before = times.length;
    await clock.advance(ms - 1);
    for (const w of open) {
      await w.lease.release();
      w.lease.dispose();
      w.store.dispose();
      w.shared.dispose();
      w.files.dispose();
    }
    const after = times.slice(before).filter((t) => t >= start);
    let busiest = 0;
    for (let i = 0, j = 0; i < after.length; i++) {
      while (after[i] - after[j] >= HOUR) j++;
      busiest = Math.max(busiest, i - j + 1);
    }
    return { requests: after.length, busiest };
  }

  const one = await simulate({});
  const three = await simulate({ windows: 3 });
  const day = await simulate({ ms: 24 * HOUR });
  const unfocused = await simulate({ focused: false });
  record('burn: usage-by-hour requests per focused hour, 1 window', 'requests', one.requests, { text: '≤ 4', test: (v) => v <= 4 }, 'hourly bins every 15 min; the 7-day bins take one turn every 6 h');
  record('burn: the same, 3 windows of one team', 'requests', three.requests, { text: '≤ 4', test: (v) => v <= 4 }, 'one window polls, the others read its file');
  record('burn: busiest hour of a focused day', 'requests', day.busiest, { text: '≤ 4', test: (v) => v <= 4 }, `${day.requests} in 24 h`);
  record('burn: requests per unfocused hour', 'requests', unfocused.requests, { text: '0', test: (v) => v === 0 });
  setBurnIdle(async () => ({ focused: (await simulate({})).requests, unfocused: (await simulate({ focused: false })).requests }));

  // Shaping and rendering what the panel draws for 30 days (31 daily bins) and 24 hours (25 hourly
  // bins), chart and table as markup and the CSV, plus the burn rules over both, as the page and host do.
  const now = Date.UTC(2026, 10, 20, 12, 30);
  const month = binsFor('month', now, { steady: 20 });
  const dayBins = binsFor('day', now, { steady: 20, spike: { at: now - 600_000, credits: 1_200 } });
  const week = binsFor('week', now, { steady: 20 });
  const options = { locale: 'en-US', planCredits: 100_000, periodMs: 30 * 24 * HOUR };
  const once = () => {
    let size = 0;
    for (const bins of [month, dayBins]) {
      const model = shapeBins(bins, options);
      size += toMarkup(renderChart(model, { width: 1200, height: 320, locale: 'en-US' })).length + toMarkup(renderTable(model, 'en-US')).length + binsToCsv(bins).length;
    }
    const summary = summarizeBurn({ day: { bins: dayBins, fetchedAt: now }, week: { bins: week, fetchedAt: now } }, DEFAULT_SPIKE_THRESHOLDS, now);
    if (!summary.spike) throw new Error('the bench data should hold a spike');
    return size;
  };
  for (let i = 0; i < 5; i++) once();
  const samples = [];
  for (let i = 0; i < 25; i++) {
    const t0 = performance.now();
    once();
    samples.push(performance.now() - t0);
  }
  record('burn: shape + render 30 daily and 24 hourly bins (chart, table, CSV) + the rules', 'ms', samples, { text: '≤ 20 ms', test: (v) => v <= 20 });
}
