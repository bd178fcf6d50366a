// Where the last monthly history is kept between sessions: one file per breakdown in the team's folder
// of the shared global storage, taken back only by the same team (key and server), and only when every
// row reads right. A window saving one breakdown never rewrites the other's file, whatever the other
// windows are doing.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { UsageHistory } from '../../../src/api';
import { HISTORY_FILES, historyFile } from '../../../src/features/usage/model/historyFile';
import { UsageHistoryStore } from '../../../src/features/usage/model/historyStore';
import { FakeClock } from '../../support/fakeClock';
import { MemoryDisk } from '../../support/memoryFiles';

const URL_A = 'https://api.firecrawl.dev';
const HISTORY: UsageHistory = { byApiKey: false, periods: [{ startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 120 }] };
const BY_KEY: UsageHistory = { byApiKey: true, periods: [{ startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 120, apiKey: 'CI' }] };
const inTeam = (team: string) => (file: string) => `teams/${team}/${file}`;
const TOTAL_FILE = inTeam('x')(HISTORY_FILES.total);
const BY_KEY_FILE = inTeam('x')(HISTORY_FILES.byKey);

/** Settles once every write the adapter queued has landed. */
async function settled(disk: MemoryDisk, writes: number): Promise<void> {
  for (let i = 0; i < 50 && disk.writes < writes; i++) await new Promise((resolve) => setImmediate(resolve));
}

async function until(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setImmediate(resolve));
  assert.ok(check(), what);
}

const kept = (disk: MemoryDisk, name: string) => JSON.parse(disk.files.get(name)!) as { apiUrl?: string; snapshot?: { history: UsageHistory; fetchedAt: number } };

describe('usage history file', () => {
  test('a store keeps what it loaded, one file per breakdown, and the next session starts from them', async () => {
    const disk = new MemoryDisk();
    const clock = new FakeClock();
    const first = new UsageHistoryStore({
      fetch: async (byKey) => (byKey ? BY_KEY : HISTORY),
      hasKey: () => true,
      isSelfHosted: () => false,
      clock,
      storage: historyFile(disk.view(), inTeam('x'), () => URL_A),
    });
    await first.refresh(false);
    await first.refresh(true);
    await settled(disk, 2);
    assert.equal(kept(disk, TOTAL_FILE).apiUrl, URL_A);
    assert.deepEqual(kept(disk, TOTAL_FILE).snapshot?.history, HISTORY);
    assert.deepEqual(kept(disk, BY_KEY_FILE).snapshot?.history, BY_KEY);

    let asked = 0;
    const next = new UsageHistoryStore({ fetch: async () => (asked++, HISTORY), hasKey: () => true, isSelfHosted: () => false, clock, storage: historyFile(disk.view(), inTeam('x'), () => URL_A) });
    await next.ensure(true);
    assert.deepEqual(next.state.byKey.snapshot?.history, BY_KEY);
    assert.deepEqual(next.state.total.snapshot?.history, HISTORY);
    assert.equal(asked, 0, 'fresh enough: the first paint needs no request');
  });

  test('a large team’s history (20 keys × 36 months, over 64 KB) comes back whole', async () => {
    const disk = new MemoryDisk();
    const periods = Array.from({ length: 36 * 20 }, (_, i) => ({
      startDate: new Date(Date.UTC(2024, Math.floor(i / 20), 1)).toISOString(),
      endDate: new Date(Date.UTC(2024, Math.floor(i / 20) + 1, 1)).toISOString(),
      creditsUsed: 1_000 + i,
      apiKey: `key-${String(i % 20).padStart(2, '0')}-production-scraper`,
    }));
    const large: UsageHistory = { byApiKey: true, periods };
    const storage = historyFile(disk.view(), inTeam('x'), () => URL_A);
    storage.save('byKey', { history: large, fetchedAt: 5 });
    await settled(disk, 1);
    assert.ok(disk.files.get(BY_KEY_FILE)!.length > 64 * 1024, `${disk.files.get(BY_KEY_FILE)!.length} characters`);
    assert.deepEqual(await historyFile(disk.view(), inTeam('x'), () => URL_A).load(), { byKey: { history: large, fetchedAt: 5 } });
  });

  test("another server's history is not taken; damaged files are ignored", async () => {
    const disk = new MemoryDisk();
    disk.put(TOTAL_FILE, JSON.stringify({ apiUrl: 'https://other.example', snapshot: { history: HISTORY, fetchedAt: 1 } }));
    assert.deepEqual(await historyFile(disk.view(), inTeam('x'), () => URL_A).load(), {});
    disk.put(TOTAL_FILE, JSON.stringify({ apiUrl: URL_A, snapshot: { history: { periods: 'none' }, fetchedAt: 1 } }));
    disk.put(BY_KEY_FILE, JSON.stringify({ apiUrl: URL_A, snapshot: { history: BY_KEY, fetchedAt: 2 } }));
    assert.deepEqual(await historyFile(disk.view(), inTeam('x'), () => URL_A).load(), { byKey: { history: BY_KEY, fetchedAt: 2 } });
    disk.put(BY_KEY_FILE, '{"apiUrl":');
    assert.deepEqual(await historyFile(disk.view(), inTeam('x'), () => URL_A).load(), {});
  });

  test('a window that found the other breakdown missing mid-replace does not drop it when it saves its own', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    disk.put(BY_KEY_FILE, JSON.stringify({ apiUrl: URL_A, snapshot: { history: BY_KEY, fetchedAt: 1 } }));
    disk.put(TOTAL_FILE, JSON.stringify({ apiUrl: URL_A, snapshot: { history: HISTORY, fetchedAt: 1 } }));
    // Another window replaces the per-key breakdown: VS Code deletes the file, then renames the new one in.
    let landed: (() => void) | undefined;
    disk.replaceGap = { ms: () => 3, schedule: (_ms, fn) => (landed = fn) };
    const other = historyFile(disk.view(), inTeam('x'), () => URL_A);
    other.save('byKey', { history: BY_KEY, fetchedAt: 2 });
    await until('the old file deleted, the new one not yet there', () => landed !== undefined);
    disk.replaceGap = undefined;
    // This window starts inside that gap, finds no per-key breakdown, and saves the plain one.
    const here = historyFile(disk.view(), inTeam('x'), () => URL_A);
    assert.deepEqual(Object.keys(await here.load()), ['total']);
    here.save('total', { history: HISTORY, fetchedAt: 3 });
    await until('the plain breakdown written', () => kept(disk, TOTAL_FILE).snapshot?.fetchedAt === 3);
    landed!();
    await until('the per-key breakdown back', () => disk.files.has(BY_KEY_FILE));
    assert.equal(kept(disk, BY_KEY_FILE).snapshot?.fetchedAt, 2);
    assert.equal(kept(disk, TOTAL_FILE).snapshot?.fetchedAt, 3);
  });

  test("a window with another key on the same server shows its own team's history, not this one's", async () => {
    const disk = new MemoryDisk();
    const clock = new FakeClock();
    const teamX = new UsageHistoryStore({ fetch: async () => HISTORY, hasKey: () => true, isSelfHosted: () => false, clock, storage: historyFile(disk.view(), inTeam('x'), () => URL_A) });
    await teamX.refresh(false);
    await settled(disk, 1);
    const other: UsageHistory = { byApiKey: false, periods: [{ startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 5 }] };
    let asked = 0;
    const teamY = new UsageHistoryStore({ fetch: async () => (asked++, other), hasKey: () => true, isSelfHosted: () => false, clock, storage: historyFile(disk.view(), inTeam('y'), () => URL_A) });
    await teamY.ensure(false);
    assert.deepEqual(teamY.state.total.snapshot?.history, other);
    assert.equal(asked, 1, 'nothing kept for team y: it asks for its own');
    await settled(disk, 2);
    assert.equal(kept(disk, TOTAL_FILE).snapshot?.history.periods[0]?.creditsUsed, 120, "team x's file is its own");
    assert.equal(kept(disk, inTeam('y')(HISTORY_FILES.total)).snapshot?.history.periods[0]?.creditsUsed, 5);
  });

  test('a row that does not read right refuses the whole file, as from the network', async () => {
    const disk = new MemoryDisk();
    for (const periods of [
      [null],
      [{ startDate: 3, endDate: null, creditsUsed: 1 }],
      [{ startDate: null, endDate: null, creditsUsed: 'many' }],
      [{ startDate: null, endDate: null, creditsUsed: 1, apiKey: 7 }],
    ]) {
      disk.put(TOTAL_FILE, JSON.stringify({ apiUrl: URL_A, snapshot: { history: { byApiKey: false, periods }, fetchedAt: 1 } }));
      assert.deepEqual(await historyFile(disk.view(), inTeam('x'), () => URL_A).load(), {}, JSON.stringify(periods));
    }
    disk.put(TOTAL_FILE, JSON.stringify({ apiUrl: URL_A, snapshot: { history: BY_KEY, fetchedAt: 1 } }));
    assert.deepEqual(await historyFile(disk.view(), inTeam('x'), () => URL_A).load(), {}, 'a per-key breakdown is not the plain one');
  });

  test('a key change keeps what the other team kept', async () => {
    const disk = new MemoryDisk();
    const clock = new FakeClock();
    const store = new UsageHistoryStore({ fetch: async () => HISTORY, hasKey: () => true, isSelfHosted: () => false, clock, storage: historyFile(disk.view(), inTeam('x'), () => URL_A) });
    await store.refresh(false);
    await settled(disk, 1);
    store.reset();
    assert.equal(store.state.total.snapshot, undefined);
    assert.equal(kept(disk, TOTAL_FILE).snapshot?.fetchedAt, clock.now());
  });
});
