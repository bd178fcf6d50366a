// The helpers every shared file goes through: reading under a size cap, and sweeping what crashed writes left.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readJson, sweepTemps, teamFile, TEMP_KEPT_MS } from '../../../src/shared/sharedFiles';
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
  test("teamFile: a read started under the old team's name that ends after a key change gives nothing", async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const files = disk.view();
    let team = 'old';
    let gate: (() => void) | undefined;
    const slow = {
      ...files,
      read: async (name: string) => {
        const text = await files.read(name);
        await new Promise<void>((resolve) => (gate = resolve));
        return text;
      },
    };
    await files.write('teams/old/credits.json', JSON.stringify({ apiUrl: 'https://api.firecrawl.dev', value: 90_000 }));
    const file = teamFile(
      slow,
      (f) => `teams/${team}/${f}`,
      () => 'https://api.firecrawl.dev',
      'credits.json',
      (v) => (typeof v === 'number' ? v : undefined),
    );
    const reading = file.read();
    for (let i = 0; i < 20 && !gate; i++) await clock.flush();
    team = 'new';
    gate!();
    assert.equal(await reading, undefined, "the old team's balance is not the new team's");
    file.dispose();
  });
});
