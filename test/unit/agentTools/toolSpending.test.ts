// The spending record windows share: each window writes only its own file, so charges made in two
// windows at the same moment both count; a real figure replaces an agent run's ceiling; a closed
// window's old file goes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SPENDING_FOLDER, SPENDING_KEEP_MS, type SpendingEntry, spendingView, spentSince, ToolSpending } from '../../../src/features/agentTools/model/toolSpending';
import { FakeClock } from '../../support/fakeClock';
import { MemoryDisk } from '../../support/memoryFiles';

describe('the shared spending record', () => {
  test('two windows charging at the same moment: both charges count in both windows', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const a = new ToolSpending({ files: disk.view(), clock, windowId: 'a' });
    const b = new ToolSpending({ files: disk.view(), clock, windowId: 'b' });
    const at = clock.now();
    await Promise.all([a.record({ id: 'job-a', at, tool: 'scrape', units: 1, unit: 'credits', team: 't' }), b.record({ id: 'job-b', at, tool: 'search', units: 2, unit: 'credits', team: 't' })]);
    await Promise.all([a.refresh(), b.refresh()]);
    assert.equal(spentSince(a.entries(), at, 'credits', 'everyTeam'), 3);
    assert.equal(spentSince(b.entries(), at, 'credits', 'everyTeam'), 3);
    // A third window opened later sees both.
    const c = new ToolSpending({ files: disk.view(), clock, windowId: 'c' });
    await c.refresh();
    assert.equal(spentSince(c.entries(), at, 'credits', 'everyTeam'), 3);
    assert.deepEqual([...disk.files.keys()].filter((n) => n.startsWith(SPENDING_FOLDER)).sort(), [`${SPENDING_FOLDER}/a.json`, `${SPENDING_FOLDER}/b.json`]);
  });

  test("a crashed write's temporary copy of a window's file is not counted again", async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const a = new ToolSpending({ files: disk.view(), clock, windowId: 'a' });
    const at = clock.now();
    await a.record({ id: 'job-a', at, tool: 'scrape', units: 1, unit: 'credits' });
    // The same words left under a temporary name by a window that died before its rename.
    disk.put(`${SPENDING_FOLDER}/a.json.k3j5.tmp`, disk.files.get(`${SPENDING_FOLDER}/a.json`)!);
    const b = new ToolSpending({ files: disk.view(), clock, windowId: 'b' });
    await b.refresh();
    assert.equal(spentSince(b.entries(), at, 'credits', 'everyTeam'), 1);
  });

  test("another window's charges still count while that window replaces its file (VS Code deletes the old one first)", async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const a = new ToolSpending({ files: disk.view(), clock, windowId: 'a' });
    const b = new ToolSpending({ files: disk.view({ watcher: false }), clock, windowId: 'b' });
    const at = clock.now();
    await a.record({ id: 'run-1', at, tool: 'startAgent', units: 500, unit: 'credits', upTo: true });
    await b.refresh();
    assert.equal(spentSince(b.entries(), at, 'credits', 'everyTeam'), 500);
    disk.replaceGap = { ms: () => 5, schedule: (ms, fn) => clock.schedule(ms, fn) };
    const written = a.record({ id: 'job-2', at: clock.now(), tool: 'scrape', units: 1, unit: 'credits' });
    // The write goes out on the next turn of the event loop; the old file is gone once it has begun.
    while (disk.files.has(`${SPENDING_FOLDER}/a.json`)) await new Promise((resolve) => setImmediate(resolve));
    await b.refresh();
    assert.equal(spentSince(b.entries(), at, 'credits', 'everyTeam'), 500, 'what was read before still counts');
    await clock.advance(5);
    await written;
    await b.refresh();
    assert.equal(spentSince(b.entries(), at, 'credits', 'everyTeam'), 501);
  });

  test("a cross-check reads the other windows' files once this window's file holds its charges, however recently they were read; charges written together share the read", async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const lists: string[] = [];
    const view = disk.view({ watcher: false });
    const a = new ToolSpending({ files: { ...view, list: (folder) => (lists.push(folder), view.list(folder)) }, clock, windowId: 'a' });
    const b = new ToolSpending({ files: disk.view(), clock, windowId: 'b' });
    await a.ensureFresh();
    assert.equal(lists.length, 1);
    await b.record({ id: 'call-b', at: clock.now(), tool: 'scrape', units: 1, unit: 'credits', upTo: true });
    await a.ensureFresh();
    assert.equal(lists.length, 1, 'read a moment ago: not read again for the figures');
    assert.equal(a.totals(clock.now(), 'credits', 'everyTeam').spent, 0);
    void a.record({ id: 'call-1', at: clock.now(), tool: 'scrape', units: 1, unit: 'credits', upTo: true });
    void a.record({ id: 'call-2', at: clock.now(), tool: 'scrape', units: 1, unit: 'credits', upTo: true });
    await Promise.all([a.crossCheck(), a.crossCheck()]);
    assert.equal(lists.length, 2, 'one read for both');
    assert.match(disk.files.get(`${SPENDING_FOLDER}/a.json`) ?? '', /call-1.*call-2/, 'begun once the file held both');
    assert.deepEqual(a.totals(clock.now(), 'credits', 'everyTeam'), { spent: 3, held: 3 });
    assert.deepEqual(a.totals(clock.now(), 'credits', 'everyTeam', 'call-1'), { spent: 2, held: 2 }, "a call's own hold left out");
  });

  test("another window's file that has not changed since it was read is not read again; one written a moment ago always is", async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const name = `${SPENDING_FOLDER}/b.json`;
    const reads: string[] = [];
    const view = disk.view({ watcher: false });
    const a = new ToolSpending({ files: { ...view, read: (file) => (reads.push(file), view.read(file)) }, clock, windowId: 'a' });
    const entry = (id: string, units: number) => ({ id, at: clock.now(), tool: 'scrape', units, unit: 'credits', team: 't' });
    disk.put(name, JSON.stringify({ entries: [entry('b-1', 1)] }));
    await a.refresh();
    await a.refresh();
    assert.equal(reads.length, 2, 'written a moment ago: a write in the same tick would keep its stamp');
    await clock.advance(10_000);
    await a.refresh();
    await a.crossCheck();
    assert.equal(reads.length, 3, 'read once more, then left: its stamp is old and unchanged');
    assert.equal(a.totals(0, 'credits', 'everyTeam').spent, 1);
    // Written again with text of the same length: the stamp says it changed.
    disk.put(name, JSON.stringify({ entries: [entry('b-2', 2)] }));
    await a.crossCheck();
    assert.equal(reads.length, 4);
    assert.equal(a.totals(0, 'credits', 'everyTeam').spent, 2);
    a.dispose();
  });

  test("an agent run's ceiling counts until its real figure is read, in any window", async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const a = new ToolSpending({ files: disk.view(), clock, windowId: 'a' });
    const b = new ToolSpending({ files: disk.view(), clock, windowId: 'b' });
    const at = clock.now();
    await a.record({ id: 'run-1', at, tool: 'startAgent', units: 500, unit: 'credits', upTo: true });
    await b.refresh();
    assert.equal(spentSince(b.entries(), at, 'credits', 'everyTeam'), 500);
    const ceiling = b.openCeiling('run-1');
    assert.ok(ceiling);
    await b.record({ id: 'run-1', at: ceiling.at, tool: 'startAgent', units: 37, unit: 'credits' });
    await a.refresh();
    assert.equal(spentSince(a.entries(), at, 'credits', 'everyTeam'), 37);
    assert.equal(a.openCeiling('run-1'), undefined);
  });

  test('charges are counted per team and unit, and since a moment', () => {
    const entries = [
      { id: '1', at: 100, tool: 'scrape' as const, units: 1, unit: 'credits' as const, team: 'x' },
      { id: '2', at: 200, tool: 'map' as const, units: 1, unit: 'credits' as const, team: 'y' },
      { id: '3', at: 300, tool: 'search' as const, units: 2, unit: 'credits' as const, team: 'x' },
      { id: '4', at: 300, tool: 'search' as const, units: 5, unit: 'calls' as const, team: 'x' },
    ];
    assert.equal(spentSince(entries, 0, 'credits', 'x'), 3);
    assert.equal(spentSince(entries, 150, 'credits', 'everyTeam'), 3);
    assert.equal(spentSince(entries, 0, 'calls', 'x'), 5);
    assert.equal(spentSince(entries, 0, 'calls', 'y'), 0);
  });

  test("a closed window's file that its window writes again while it is read (it came back) is not removed: its charge of today counts", async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const name = `${SPENDING_FOLDER}/old.json`;
    disk.put(name, JSON.stringify({ entries: [{ id: 'o', at: clock.now() - SPENDING_KEEP_MS - 1, tool: 'scrape', units: 1, unit: 'credits' }] }));
    const files = disk.view();
    let cameBack = false;
    const watched = {
      ...files,
      read: async (file: string) => {
        const text = await files.read(file);
        if (file === name && !cameBack) {
          // The window that wrote it is back, and charges a call while this one decides the file is old.
          cameBack = true;
          clock.sleep(1_000);
          disk.put(name, JSON.stringify({ entries: [{ id: 'today', at: clock.now(), tool: 'scrape', units: 5, unit: 'credits' }] }));
        }
        return text;
      },
    };
    const a = new ToolSpending({ files: watched, clock, windowId: 'a' });
    const reading = a.refresh();
    await clock.advance(1_000);
    await reading;
    assert.ok(disk.files.has(name), 'not removed');
    assert.equal(a.totals(0, 'credits', 'everyTeam').spent, 5);
    a.dispose();
  });

  test("a closed window's file older than two days is removed; damaged files count nothing", async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    disk.put(`${SPENDING_FOLDER}/old.json`, JSON.stringify({ entries: [{ id: 'o', at: clock.now() - SPENDING_KEEP_MS - 1, tool: 'scrape', units: 1, unit: 'credits' }] }));
    disk.put(`${SPENDING_FOLDER}/bad.json`, '{not json');
    disk.put(
      `${SPENDING_FOLDER}/odd.json`,
      JSON.stringify({
        entries: [
          { id: 'x', at: clock.now(), tool: 'rm -rf', units: 1e9, unit: 'credits' },
          { id: 'y', at: clock.now(), tool: 'map', units: 1, unit: 'credits' },
        ],
      }),
    );
    const a = new ToolSpending({ files: disk.view(), clock, windowId: 'a' });
    await a.refresh();
    assert.equal(disk.files.has(`${SPENDING_FOLDER}/old.json`), false);
    assert.equal(spentSince(a.entries(), 0, 'credits', 'everyTeam'), 1, 'only the well-formed charge of today');
  });

  test('a busy day keeps every charge: thousands of calls all count, in this window and the next, and the file stays readable', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const a = new ToolSpending({ files: disk.view(), clock, windowId: 'a' });
    const start = clock.now();
    // Each call holds its estimate, then settles it under the same id: two entries per call.
    for (let i = 0; i < 12_000; i++) {
      const hold = { id: `call-${i}`, at: clock.now(), tool: 'scrape' as const, units: 1, unit: 'credits' as const, team: 't', upTo: true };
      void a.record(hold);
      const { upTo: _hold, ...settled } = hold;
      void a.record(settled);
      clock.sleep(5_000);
      if (i % 1_000 === 0) await a.whenWritten();
    }
    await a.whenWritten();
    assert.equal(spentSince(a.entries(), start, 'credits', 't'), 12_000);
    assert.equal(spentSince(a.entries(), clock.now() - 60 * 60_000, 'credits', 't'), 720, 'the last hour is still told apart');
    const b = new ToolSpending({ files: disk.view(), clock, windowId: 'b' });
    await b.refresh();
    assert.equal(spentSince(b.entries(), start, 'credits', 't'), 12_000);
    assert.ok(disk.files.get(`${SPENDING_FOLDER}/a.json`)!.length < 1024 * 1024);
  });

  test("this window's charges older than two days leave its file at the next charge; the rest read back as recorded", async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const a = new ToolSpending({ files: disk.view(), clock, windowId: 'a' });
    const old: SpendingEntry = { id: 'call-old', at: clock.now(), tool: 'scrape', units: 3, unit: 'credits', team: 't' };
    await a.record(old);
    clock.sleep(SPENDING_KEEP_MS - 60_000);
    const held: SpendingEntry = { id: 'call-new', at: clock.now(), tool: 'map', units: 2, unit: 'credits', team: 't', upTo: true };
    await a.record(held);
    const read = () => JSON.parse(disk.files.get(`${SPENDING_FOLDER}/a.json`)!).entries as SpendingEntry[];
    assert.deepEqual(read(), [old, held]);
    clock.sleep(2 * 60_000);
    const { upTo: _held, ...settled } = held;
    await a.record({ ...settled, units: 1, at: clock.now() });
    assert.deepEqual(read(), [{ ...settled, units: 1 }], 'the old charge is gone and the hold is replaced by what it cost, dated when it began');
    assert.deepEqual(a.entries(), read());
  });

  test('the totals the guard reads, kept up as charges are recorded, always equal a count from scratch; the file reads back whole', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const a = new ToolSpending({ files: disk.view(), clock, windowId: 'a' });
    const b = new ToolSpending({ files: disk.view(), clock, windowId: 'b' });
    const since = clock.now();
    const check = (what: string) => {
      for (const team of ['t', 'u', 'everyTeam'] as const) {
        const all = a.entries();
        const spent = spentSince(all, since, 'credits', team);
        const heldCount = spentSince(
          all.filter((e) => e.upTo && !all.some((o) => o.id === e.id && !o.upTo)),
          since,
          'credits',
          team,
        );
        assert.deepEqual(a.totals(since, 'credits', team), { spent, held: heldCount }, `${what}, team ${team}`);
      }
    };
    check('nothing charged');
    for (let i = 0; i < 30; i++) {
      const team = i % 3 === 0 ? 'u' : 't';
      const hold: SpendingEntry = { id: `call-${i}`, at: clock.now(), tool: 'scrape', units: 5, unit: 'credits', team, upTo: true };
      void a.record(hold);
      check(`call ${i} held`);
      const { upTo: _hold, ...settled } = hold;
      if (i % 4 !== 1) void a.record({ ...settled, units: i % 5, at: clock.now() + 1 });
      check(`call ${i} settled`);
      if (i % 7 === 0) {
        // Another window starts an agent run; this one reads its file, then sees the run finish.
        await b.record({ id: `run-${i}`, at: clock.now(), tool: 'startAgent', units: 50, unit: 'credits', team: 't', upTo: true });
        await a.refresh();
        check(`run ${i} started in another window`);
        await a.settleCeiling(`run-${i}`, 12);
        check(`run ${i} settled here`);
      }
      clock.sleep(1_000);
    }
    await a.whenWritten();
    const inFile = JSON.parse(disk.files.get(`${SPENDING_FOLDER}/a.json`)!).entries as SpendingEntry[];
    assert.deepEqual(inFile, a.entries().slice(0, inFile.length), "this window's file holds its charges as recorded");
    const c = new ToolSpending({ files: disk.view(), clock, windowId: 'c' });
    await c.refresh();
    assert.deepEqual(c.totals(since, 'credits', 'everyTeam'), a.totals(since, 'credits', 'everyTeam'));
  });

  test('what the tools spent, as the status bar and spike alert say it: settled charges only, never a ceiling', () => {
    const now = Date.parse('2026-11-20T12:00:00.000Z');
    const entries: SpendingEntry[] = [
      { id: 'run-1', at: now - 60_000, tool: 'startAgent' as const, units: 500, unit: 'credits' as const, team: 't', upTo: true },
      { id: 'call-1', at: now - 30_000, tool: 'scrape' as const, units: 1, unit: 'credits' as const, team: 't', upTo: true },
      { id: 'call-2', at: now - 2 * 60 * 60_000, tool: 'search' as const, units: 2, unit: 'credits' as const, team: 't' },
      { id: 'call-3', at: now - 10_000, tool: 'map' as const, units: 1, unit: 'credits' as const, team: 'other' },
    ];
    assert.deepEqual(spendingView(entries, now, 't'), { lastHour: 0, lastDay: 2 });
    entries.push({ id: 'run-1', at: now - 5_000, tool: 'startAgent', units: 37, unit: 'credits', team: 't' });
    assert.deepEqual(spendingView(entries, now, 't'), { lastHour: 37, lastDay: 39 }, "the run's real figure replaces its ceiling");
  });
});
