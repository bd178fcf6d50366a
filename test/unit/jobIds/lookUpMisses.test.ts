// Look Up's memory of ids found as neither kind: kept ten minutes (case does not matter), forgotten on
// a key or server change, and bounded however many ids are looked up.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LOOK_UP_MISS_MS, LookUpMisses } from '../../../src/features/jobIds/model/lookUpMisses';
import { FakeClock } from '../../support/fakeClock';

const A = '7e57ab1e-0000-4abc-8def-0123456789ab';

describe('Look Up misses', () => {
  test('a miss is remembered for ten minutes, then asked about again', async () => {
    const clock = new FakeClock();
    const misses = new LookUpMisses(clock);
    assert.equal(misses.missed(A)?.at, undefined);
    misses.remember(A.toUpperCase());
    const at = clock.now();
    await clock.advance(LOOK_UP_MISS_MS - 1);
    assert.equal(misses.missed(A)?.at, at);
    await clock.advance(1);
    assert.equal(misses.missed(A)?.at, undefined);
  });

  test('a key or server change forgets every miss; the memory keeps the newest 500', () => {
    const clock = new FakeClock();
    const misses = new LookUpMisses(clock);
    misses.remember(A);
    misses.clear();
    assert.equal(misses.missed(A)?.at, undefined);
    const id = (i: number) => `${i.toString(16).padStart(8, '0')}-0000-4abc-8def-0123456789ab`;
    for (let i = 0; i < 501; i++) misses.remember(id(i));
    assert.equal(misses.missed(id(0))?.at, undefined);
    assert.equal(misses.missed(id(1))?.at, clock.now());
    assert.equal(misses.missed(id(500))?.at, clock.now());
  });
});
