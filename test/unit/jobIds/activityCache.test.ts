// The recent-activity list as hovers read it: one request for any number of hovers within a minute,
// shared while in flight, read again after the minute, forgotten when the key or server changes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ActivityList, ActivityQuery } from '../../../src/api';
import { ACTIVITY_CACHE_MS, RecentActivityCache } from '../../../src/features/jobIds/model/activityCache';
import { FakeClock } from '../../support/fakeClock';

const A = '0b8f6c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';

function reader(fail = false) {
  const queries: ActivityQuery[] = [];
  return {
    queries,
    listActivity: async (query: ActivityQuery): Promise<ActivityList> => {
      queries.push(query);
      if (fail) throw new Error('offline');
      return { entries: [{ id: A.toUpperCase(), endpoint: 'scrape', apiVersion: 'v2', createdAt: null, target: 'https://example.com' }], truncated: false };
    },
  };
}

describe('recent activity for hovers', () => {
  test('many lookups within a minute make one request; after it, one more', async () => {
    const clock = new FakeClock();
    const r = reader();
    const cache = new RecentActivityCache(() => r, clock);
    const [a, b] = await Promise.all([cache.find(A), cache.find(A)]);
    assert.equal(a?.endpoint, 'scrape');
    assert.equal(b?.endpoint, 'scrape');
    assert.equal(await cache.find('1c9a7d3f-4e5b-4c6d-9e7f-8091a2b3c4d5'), undefined);
    assert.equal(r.queries.length, 1);
    assert.equal(r.queries[0]?.maxAttempts, 1);
    await clock.advance(ACTIVITY_CACHE_MS);
    await cache.find(A);
    assert.equal(r.queries.length, 2);
  });

  test('a failure is an empty list for the minute; a server change forgets the list', async () => {
    const clock = new FakeClock();
    const r = reader(true);
    const cache = new RecentActivityCache(() => r, clock);
    assert.equal(await cache.find(A), undefined);
    assert.equal(await cache.find(A), undefined);
    assert.equal(r.queries.length, 1);
    cache.clear();
    await cache.find(A);
    assert.equal(r.queries.length, 2);
  });
});
