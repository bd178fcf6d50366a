// The helpers every shared file goes through: reading under a size cap, and sweeping what crashed writes left.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readJson, sweepTemps, TEMP_KEPT_MS } from '../../../src/shared/sharedFiles';
import { FakeClock } from '../../support/fakeClock';
import { MemoryDisk } from '../../support/memoryFiles';

describe('sharedFiles', () => {
  test('sweepTemps removes temporary files an hour old in every folder, and nothing else', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const files = disk.view();
    const crashed = ['research/t/00000000-0000-4000-8000-00000000abcd.json.k3j2.tmp', 'teams/t/windows/w1.json.a1b2.tmp', 'agent-tools/spending/w1.json.c3d4.tmp', 'top.json.e5f6.tmp'];
    for (const name of crashed) disk.put(name, '{"v":2');
    disk.put('teams/t/lease.json', '{}');
    await clock.advance(TEMP_KEPT_MS - 60_000);
    disk.put('research/t/00000000-0000-4000-8000-00000000abce.json.x9q1.tmp', '{');
    assert.equal(await sweepTemps(files, clock.now()), 0, 'not yet an hour old');
    await clock.advance(2 * 60_000);
    assert.equal(await sweepTemps(files, clock.now()), crashed.length);
    assert.deepEqual([...disk.files.keys()].sort(), ['research/t/00000000-0000-4000-8000-00000000abce.json.x9q1.tmp', 'teams/t/lease.json']);
  });

  test('readJson: a file over the cap, a damaged one and a missing one are all undefined', async () => {
    const disk = new MemoryDisk();
    const files = disk.view();
    disk.put('a.json', JSON.stringify({ n: 1 }));
    disk.put('big.json', JSON.stringify({ pad: 'x'.repeat(100) }));
    disk.put('bad.json', '{');
    assert.deepEqual(await readJson(files, 'a.json'), { n: 1 });
    assert.equal(await readJson(files, 'big.json', 50), undefined);
    assert.equal(await readJson(files, 'bad.json'), undefined);
    assert.equal(await readJson(files, 'none.json'), undefined);
  });
  test('sweepTemps removes an old temporary file stamped ahead of the clock (written before the clock was set back)', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const files = disk.view();
    disk.put('research/t/00000000-0000-4000-8000-00000000abcd.json.k3j2.tmp', '{"v":2', clock.now() + 24 * 60 * 60_000);
    assert.equal(await sweepTemps(files, clock.now()), 1);
    assert.deepEqual([...disk.files.keys()], []);
  });
});
