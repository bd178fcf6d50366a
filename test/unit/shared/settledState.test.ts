// globalState between windows as the real host shares it (one value per extension, taken whole by
// the other windows ~0.1 s later; see test/ui/propagation.test.ts): two windows writing at the same
// moment lose one write, unless each looks again once the writes have settled and writes again.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SETTLE_MS, SettledWrites } from '../../../src/shared/settledState';
import { FakeClock } from '../../support/fakeClock';
import { EditorState } from '../../support/memoryFiles';

describe('globalState writes that must last', () => {
  test("the model of the host: same-instant writes of different keys, and each window keeps only the other's", async () => {
    const clock = new FakeClock();
    const state = new EditorState(clock);
    const a = state.window();
    const b = state.window();
    await Promise.all([a.update('a', 1), b.update('b', 2)]);
    await clock.advance(1_000);
    assert.deepEqual([a.get('a'), a.get('b'), b.get('a'), b.get('b')], [undefined, 2, 1, undefined]);
    assert.equal(state.storedKeys.length, 1, 'the storage kept one of them');
    // Writes far enough apart reach everyone.
    await a.update('c', 3);
    await clock.advance(1_000);
    assert.equal(b.get('c'), 3);
  });

  test('looked at again and written again, both last, in every window and in the storage', async () => {
    const clock = new FakeClock();
    const state = new EditorState(clock);
    const a = state.window();
    const b = state.window();
    const rewrites: string[] = [];
    const wa = new SettledWrites(
      a,
      clock,
      () => 0.1,
      (key) => rewrites.push(`a:${key}`),
    );
    const wb = new SettledWrites(
      b,
      clock,
      () => 0.9,
      (key) => rewrites.push(`b:${key}`),
    );
    for (let k = 0; k < 10; k++) await Promise.all([wa.write(`a${k}`, k), wb.write(`b${k}`, k)]);
    await clock.advance(100 * SETTLE_MS);
    for (let k = 0; k < 10; k++) {
      for (const w of [a, b]) assert.deepEqual([w.get(`a${k}`), w.get(`b${k}`)], [k, k], `key ${k}`);
    }
    assert.equal(state.storedKeys.length, 20);
    assert.ok(rewrites.length > 0, 'some were written again');
    assert.equal(wa.pending + wb.pending, 0);
  });

  test("a removal lasts too; a newer write, or another window's deliberate change, is not fought", async () => {
    const clock = new FakeClock();
    const state = new EditorState(clock);
    const a = state.window();
    const b = state.window();
    const wa = new SettledWrites(a, clock, () => 0.5);
    await wa.write('k', { v: 1 });
    await clock.advance(70 * SETTLE_MS);
    // Removed here while another window writes something else: the removal is written again.
    await Promise.all([wa.write('k', undefined), b.update('other', 1)]);
    await clock.advance(70 * SETTLE_MS);
    assert.equal(a.get('k'), undefined);
    assert.equal(b.get('k'), undefined);
    // Another window sets the key to something else on purpose: not undone.
    await wa.write('k', { v: 2 }, (current) => current === undefined || (current as { v: number }).v === 2);
    await b.update('k', { v: 3 });
    await clock.advance(70 * SETTLE_MS);
    assert.deepEqual(a.get('k'), { v: 3 });
  });
});
