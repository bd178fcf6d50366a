// Timers hold at most 2^31−1 ms; a longer delay would fire at once. The clock clamps instead.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clampDelay, MAX_TIMER_MS, systemClock } from '../../../src/shared/clock';

describe('clock', () => {
  test('delays are clamped to what timers can hold; nonsense is zero', () => {
    assert.equal(clampDelay(5), 5);
    assert.equal(clampDelay(MAX_TIMER_MS), MAX_TIMER_MS);
    assert.equal(clampDelay(2 ** 40), MAX_TIMER_MS);
    assert.equal(clampDelay(Infinity), MAX_TIMER_MS);
    assert.equal(clampDelay(-1), 0);
    assert.equal(clampDelay(Number.NaN), 0);
  });

  test('a huge delay on the system clock does not fire at once', async () => {
    let fired = false;
    const timer = systemClock.schedule(2 ** 40, () => (fired = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    timer.dispose();
    assert.equal(fired, false);
  });
});
