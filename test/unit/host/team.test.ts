// The team a window is in names the folder its shared files go to. While a key or server change is
// being joined, nothing has a name: a balance or history fetched with the new key must not be written
// into the old team's folder, where that team's other windows (an environment key, say) would show it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Team, type TeamDeps, teamName } from '../../../src/host/team';
import { Emitter } from '../../../src/shared/events';
import { FakeClock } from '../../support/fakeClock';
import { MemoryDisk } from '../../support/memoryFiles';

const API = 'https://api.firecrawl.dev';

function window() {
  const clock = new FakeClock();
  const disk = new MemoryDisk();
  const files = disk.view();
  const providerChanged = new Emitter<void>();
  const focusChanged = new Emitter<boolean>();
  const keys = { current: { value: 'fc-old' } as { value: string } | undefined };
  const deps = {
    files,
    keys,
    provider: { url: { url: API }, onDidChange: providerChanged.event },
    focus: { focused: true, onDidChange: focusChanged.event },
    clock,
    log: { info: () => undefined },
  } as unknown as TeamDeps;
  const team = new Team(deps);
  /** Lets the join asked for last finish: the file calls and the hashing settle on their own, no time passes. */
  const named = async () => {
    for (let turn = 0; turn < 1_000 && team.sharedName('x.json') === undefined; turn++) await clock.advance(0);
  };
  const changeKey = (value: string | undefined) => {
    keys.current = value === undefined ? undefined : { value };
    providerChanged.fire();
  };
  return { team, named, changeKey, dispose: () => (team.dispose(), files.dispose()) };
}

describe('team', () => {
  test('shared files have no name while a key change is being joined, then the new team names them', async () => {
    const w = window();
    await w.team.start();
    const before = await teamName(API, 'fc-old');
    assert.equal(w.team.sharedName('credits.json'), `teams/${before}/credits.json`);
    w.changeKey('fc-new');
    assert.equal(w.team.sharedName('credits.json'), undefined, 'not the old team while the new one is joined');
    await w.named();
    assert.equal(w.team.sharedName('credits.json'), `teams/${await teamName(API, 'fc-new')}/credits.json`);
    w.dispose();
  });

  test('two changes in a row name only the last team, and a change back to the same team names it again', async () => {
    const w = window();
    await w.team.start();
    w.changeKey('fc-a');
    w.changeKey('fc-b');
    await w.named();
    assert.equal(w.team.current?.id, await teamName(API, 'fc-b'));
    assert.equal(w.team.sharedName('x.json'), `teams/${await teamName(API, 'fc-b')}/x.json`);
    w.changeKey('fc-b');
    assert.equal(w.team.sharedName('x.json'), undefined);
    await w.named();
    assert.equal(w.team.sharedName('x.json'), `teams/${await teamName(API, 'fc-b')}/x.json`);
    w.dispose();
  });
});
