// Closing a window waits for pending writes and the lease hand-over, but never longer than 2.5 s:
// VS Code kills a host that takes too long, and a window that hangs on close is worse than a late write.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EXIT_WAIT_MS, settleWithin } from '../../../src/shared/exitWait';
import { FakeClock } from '../../support/fakeClock';

describe('the bounded wait on close', () => {
  test('waits for every task, failures included, and no longer', async () => {
    const clock = new FakeClock();
    let done = false;
    const outcome = settleWithin([clock.advance(0), Promise.reject(new Error('disk full')), new Promise<void>((resolve) => setTimeout(resolve, 5))], EXIT_WAIT_MS, clock).then((o) => {
      done = true;
      return o;
    });
    assert.equal(await outcome, 'settled');
    assert.ok(done);
    assert.equal(clock.pending, 0, 'its timer is gone');
  });

  test('a write that never lands stops the wait at 2.5 s', async () => {
    const clock = new FakeClock();
    assert.equal(EXIT_WAIT_MS, 2_500);
    const start = clock.now();
    let settledAt: number | undefined;
    const outcome = settleWithin([new Promise<void>(() => undefined), Promise.resolve()], EXIT_WAIT_MS, clock).then((o) => {
      settledAt = clock.now();
      return o;
    });
    await clock.advance(2_499);
    assert.equal(settledAt, undefined, 'still waiting just before the bound');
    await clock.advance(1);
    assert.equal(await outcome, 'timedOut');
    assert.equal(settledAt! - start, 2_500);
  });
});
