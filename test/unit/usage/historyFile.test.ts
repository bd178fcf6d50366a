// Where the last monthly history is kept between sessions: one file in the shared global storage,
// taken back only for the same server, written whole after the read it must not be overtaken by,
// and removed when nothing is left to keep.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { UsageHistory } from '../../../src/api';
import { HISTORY_FILE, historyFile } from '../../../src/features/usage/model/historyFile';
import { UsageHistoryStore } from '../../../src/features/usage/model/historyStore';
import { FakeClock } from '../../support/fakeClock';
import { MemoryDisk } from '../../support/memoryFiles';

const URL_A = 'https://api.firecrawl.dev';
const HISTORY: UsageHistory = { byApiKey: false, periods: [{ startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 120 }] };
const BY_KEY: UsageHistory = { byApiKey: true, periods: [{ startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 120, apiKey: 'CI' }] };

/** Settles once every write the adapter queued has landed. */
async function settled(disk: MemoryDisk, writes: number): Promise<void> {
  for (let i = 0; i < 50 && disk.writes < writes; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('usage history file', () => {
  test('a store keeps what it loaded in the file, and the next session starts from it', async () => {
    const disk = new MemoryDisk();
    const clock = new FakeClock();
    const first = new UsageHistoryStore({ fetch: async (byKey) => (byKey ? BY_KEY : HISTORY), hasKey: () => true, isSelfHosted: () => false, clock, storage: historyFile(disk.view(), () => URL_A) });
    await first.refresh(false);
    await first.refresh(true);
    await settled(disk, 2);
    const kept = JSON.parse(disk.files.get(HISTORY_FILE)!) as Record<string, unknown>;
    assert.equal(kept.apiUrl, URL_A);
    assert.deepEqual(Object.keys(kept).sort(), ['apiUrl', 'byKey', 'total']);

    let asked = 0;
    const next = new UsageHistoryStore({ fetch: async () => (asked++, HISTORY), hasKey: () => true, isSelfHosted: () => false, clock, storage: historyFile(disk.view(), () => URL_A) });
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
    const storage = historyFile(disk.view(), () => URL_A);
    storage.save('byKey', { history: large, fetchedAt: 5 });
    await settled(disk, 1);
    assert.ok(disk.files.get(HISTORY_FILE)!.length > 64 * 1024, `${disk.files.get(HISTORY_FILE)!.length} characters`);
    assert.deepEqual(await historyFile(disk.view(), () => URL_A).load(), { byKey: { history: large, fetchedAt: 5 } });
  });

  test("another server's history is not taken; damaged files are ignored", async () => {
    const disk = new MemoryDisk();
    disk.put(HISTORY_FILE, JSON.stringify({ apiUrl: 'https://other.example', total: { history: HISTORY, fetchedAt: 1 } }));
    assert.deepEqual(await historyFile(disk.view(), () => URL_A).load(), {});
    disk.put(HISTORY_FILE, JSON.stringify({ apiUrl: URL_A, total: { history: { periods: 'none' }, fetchedAt: 1 }, byKey: { history: BY_KEY, fetchedAt: 2 } }));
    assert.deepEqual(await historyFile(disk.view(), () => URL_A).load(), { byKey: { history: BY_KEY, fetchedAt: 2 } });
    disk.put(HISTORY_FILE, '{"apiUrl":');
    assert.deepEqual(await historyFile(disk.view(), () => URL_A).load(), {});
  });

  test('a save keeps the other breakdown it read, and forgetting both removes the file', async () => {
    const disk = new MemoryDisk();
    disk.put(HISTORY_FILE, JSON.stringify({ apiUrl: URL_A, byKey: { history: BY_KEY, fetchedAt: 2 } }));
    const storage = historyFile(disk.view(), () => URL_A);
    // Saved before the read has finished: the read must not win over it, nor be lost.
    storage.save('total', { history: HISTORY, fetchedAt: 3 });
    await settled(disk, 1);
    assert.deepEqual(JSON.parse(disk.files.get(HISTORY_FILE)!), { apiUrl: URL_A, byKey: { history: BY_KEY, fetchedAt: 2 }, total: { history: HISTORY, fetchedAt: 3 } });
    storage.save('total', undefined);
    storage.save('byKey', undefined);
    for (let i = 0; i < 50 && disk.files.has(HISTORY_FILE); i++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(disk.files.has(HISTORY_FILE), false);
  });

  test('forgotten before the read finished (a key change at start): the old history is not written back', async () => {
    const disk = new MemoryDisk();
    disk.put(HISTORY_FILE, JSON.stringify({ apiUrl: URL_A, total: { history: HISTORY, fetchedAt: 1 }, byKey: { history: BY_KEY, fetchedAt: 2 } }));
    const storage = historyFile(disk.view(), () => URL_A);
    storage.save('total', undefined);
    storage.save('byKey', undefined);
    for (let i = 0; i < 50 && disk.files.has(HISTORY_FILE); i++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(disk.files.has(HISTORY_FILE), false);
  });
});
