// Which window polls for a team: windows simulated on one fake clock, sharing one in-memory global
// storage folder whose changes every window hears about (as the file watcher tells VS Code windows).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LEASE_MS, MISSING_LOOK_AGAIN_MS, openWindows, RENEW_MS, TeamLease } from '../../../src/shared/teamLease';
import { FakeClock } from '../../support/fakeClock';
import { MemoryDisk } from '../../support/memoryFiles';

function window(disk: MemoryDisk, clock: FakeClock, windowId: string, team = 'team-a') {
  const files = disk.view();
  const roles: boolean[] = [];
  const lease = new TeamLease({ files, clock, windowId, team });
  lease.onDidChangeRole((leader) => roles.push(leader));
  return { lease, files, roles };
}

/** A window whose process died: its timers stop and it never removes its files. */
function crash(w: ReturnType<typeof window>): void {
  w.files.dispose();
  // Stop its timers without the release dispose() would do.
  (w.lease as unknown as { disposed: boolean }).disposed = true;
  (w.lease as unknown as { timer?: { dispose(): void } }).timer?.dispose();
  (w.lease as unknown as { heartbeat?: { dispose(): void } }).heartbeat?.dispose();
}

const leaders = (...ws: Array<ReturnType<typeof window>>) => ws.filter((w) => w.lease.isLeader).length;

describe('one window polls for the team', () => {
  test('three windows starting together: exactly one leads, and it stays the same one', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk();
    const ws = ['a', 'b', 'c'].map((id) => window(disk, clock, id));
    await Promise.all(ws.map((w) => w.lease.start()));
    await clock.advance(0);
    assert.equal(leaders(...ws), 1);
    const first = ws.find((w) => w.lease.isLeader)!;
    await clock.advance(120_000);
    assert.equal(leaders(...ws), 1);
    assert.ok(first.lease.isLeader, 'a renewed lease is never taken over');
    for (const w of ws) w.lease.dispose();
  });

  test('a leader that closes hands over at once', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk();
    const a = window(disk, clock, 'a');
    await a.lease.start();
    const b = window(disk, clock, 'b');
    await b.lease.start();
    assert.ok(a.lease.isLeader && !b.lease.isLeader);
    await a.lease.release();
    await clock.advance(0);
    assert.ok(b.lease.isLeader, 'the lease file going away makes the follower look at once');
    assert.deepEqual(b.roles, [true]);
    b.lease.dispose();
  });

  test('a leader that crashes is replaced within one lease period (9 s), wherever between renewals it dies', async () => {
    for (const offset of [0, 1, 1_500, 2_999]) {
      const clock = new FakeClock();
      const disk = new MemoryDisk();
      const a = window(disk, clock, 'a');
      await a.lease.start();
      const c = window(disk, clock, 'c');
      await c.lease.start();
      // Somewhere in the leader's life: 10 renewals in, then `offset` ms after its last one.
      await clock.advance(10 * RENEW_MS + offset);
      assert.ok(a.lease.isLeader && !c.lease.isLeader);
      const crashedAt = clock.now();
      crash(a);
      let tookOverAt: number | undefined;
      c.lease.onDidChangeRole((leader) => {
        if (leader) tookOverAt = clock.now();
      });
      await clock.advance(30_000);
      assert.ok(c.lease.isLeader);
      const after = tookOverAt! - crashedAt;
      assert.ok(after <= LEASE_MS, `died ${offset} ms after a renewal, replaced ${after} ms later`);
      // And not before the lease ran out: the leader renewed it last `offset` ms before it died.
      assert.ok(after >= LEASE_MS - offset, `replaced after ${after} ms, before the lease ran out`);
      c.lease.dispose();
    }
  });

  test('a file-system call that never returns stalls one look, not the window: it goes on leading and beating', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk();
    const files = disk.view();
    let hang = false;
    const never = new Promise<never>(() => undefined);
    // The host's file system stops answering once (a network drive, a stuck watcher), then recovers.
    const stalling = { ...files, read: (name: string) => (hang ? ((hang = false), never) : files.read(name)), write: files.write, list: files.list };
    const lease = new TeamLease({ files: stalling, clock, windowId: 'a', team: 'team-a' });
    await lease.start();
    assert.ok(lease.isLeader);
    let looks = 0;
    lease.onDidLook(() => looks++);
    hang = true;
    await clock.advance(60_000);
    const renewed = JSON.parse(disk.files.get('teams/team-a/lease.json')!) as { owner: string; renewedAt: number };
    assert.equal(renewed.owner, 'a');
    assert.ok(clock.now() - renewed.renewedAt <= RENEW_MS, `renewed ${clock.now() - renewed.renewedAt} ms ago`);
    assert.ok(looks > 10, `${looks} looks in a minute`);
    const beat = JSON.parse(disk.files.get('teams/team-a/windows/a.json')!) as { at: number };
    assert.ok(clock.now() - beat.at <= 10_000, 'its attention file is still written');
    lease.dispose();
  });

  test('a follower keeps away from a lease that is renewed, however long it watches', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk();
    const a = window(disk, clock, 'a');
    await a.lease.start();
    const b = window(disk, clock, 'b');
    await b.lease.start();
    let looks = 0;
    b.lease.onDidLook(() => looks++);
    await clock.advance(10 * 60_000);
    assert.ok(a.lease.isLeader && !b.lease.isLeader);
    assert.deepEqual(b.roles, []);
    // It looks on the lease's beat (the research list is compared with the stored one on it too).
    assert.ok(looks >= 195 && looks <= 205, `${looks} looks in 10 minutes`);
    a.lease.dispose();
    b.lease.dispose();
  });

  test('different keys or servers are different teams: each has its own leader', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk();
    const a = window(disk, clock, 'a', 'team-a');
    const b = window(disk, clock, 'b', 'team-b');
    await a.lease.start();
    await b.lease.start();
    assert.ok(a.lease.isLeader && b.lease.isLeader);
    a.lease.dispose();
    b.lease.dispose();
  });

  test('a damaged lease file counts as no lease', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk();
    disk.files.set('teams/team-a/lease.json', '{"owner": 12');
    const a = window(disk, clock, 'a');
    await a.lease.start();
    assert.ok(a.lease.isLeader);
    assert.equal(JSON.parse(disk.files.get('teams/team-a/lease.json')!).owner, 'a');
    a.lease.dispose();
  });
});

describe('how much the team is looked at', () => {
  test('focused when any window is; a window gone silent stops counting after 30 s', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk();
    const a = window(disk, clock, 'a');
    const b = window(disk, clock, 'b');
    await a.lease.start();
    await b.lease.start();
    assert.deepEqual(a.lease.teamAttention, { focused: false, researchVisible: false });
    b.lease.setAttention({ focused: true, researchVisible: true });
    await clock.advance(0);
    assert.deepEqual(a.lease.teamAttention, { focused: true, researchVisible: true }, 'the leader hears the follower');
    const files = disk.view();
    assert.deepEqual([...(await openWindows(files, clock))].sort(), ['a', 'b']);
    crash(b);
    await clock.advance(45_000);
    assert.deepEqual(a.lease.teamAttention, { focused: false, researchVisible: false });
    assert.deepEqual([...(await openWindows(files, clock))], ['a'], 'a window gone silent is not open');
    files.dispose();
    a.lease.dispose();
  });
});

describe('which windows of the editor are open', () => {
  test("every team's windows count; one silent for 30 s does not (a draft it left can be taken over)", async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk();
    const a = window(disk, clock, 'a', 'team-a');
    const b = window(disk, clock, 'b', 'team-b');
    const c = window(disk, clock, 'c', 'team-b');
    for (const w of [a, b, c]) await w.lease.start();
    assert.deepEqual([...(await openWindows(a.files, clock))].sort(), ['a', 'b', 'c']);
    crash(c);
    await a.lease.release();
    await clock.advance(45_000);
    assert.deepEqual([...(await openWindows(b.files, clock))].sort(), ['b'], 'closed (its file removed) or silent (crashed)');
    b.lease.dispose();
  });

  test('a window whose file is being replaced at the moment of the look still counts as open', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const a = window(disk, clock, 'a');
    const b = window(disk, clock, 'b');
    await a.lease.start();
    await b.lease.start();
    const files = disk.view();
    const [team] = await files.folders('teams');
    const name = `teams/${team}/windows/b.json`;
    // As VS Code replaces a file: the new text in a temporary file, the old file deleted, then the rename.
    const text = disk.files.get(name)!;
    disk.put(`${name}.k3j5.tmp`, text);
    disk.files.delete(name);
    clock.schedule(100, () => {
      disk.files.delete(`${name}.k3j5.tmp`);
      disk.put(name, text);
    });
    const looking = openWindows(files, clock);
    await clock.advance(MISSING_LOOK_AGAIN_MS);
    assert.deepEqual([...(await looking)].sort(), ['a', 'b']);
    files.dispose();
    a.lease.dispose();
    b.lease.dispose();
  });

  test("a crashed write's temporary file in the windows folder is not a window", async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const a = window(disk, clock, 'a');
    const b = window(disk, clock, 'b');
    await a.lease.start();
    await b.lease.start();
    b.lease.setAttention({ focused: true, researchVisible: false });
    await clock.advance(0);
    const files = disk.view();
    const [team] = await files.folders('teams');
    // Written whole, then the window crashed before the rename: the same words under a temporary name.
    const text = (await files.read(`teams/${team}/windows/b.json`))!;
    await files.write(`teams/${team}/windows/b.json.k3j5.tmp`, text.replace('"b"', '"b.json.k3j5.tmp"'));
    assert.deepEqual([...(await files.list(`teams/${team}/windows`))].sort(), ['a.json', 'b.json', 'b.json.k3j5.tmp']);
    // Just written, it may be a replace under way: looked at again a moment later, and still not a window.
    const looking = openWindows(files, clock);
    await clock.advance(MISSING_LOOK_AGAIN_MS);
    assert.deepEqual([...(await looking)].sort(), ['a', 'b']);
    crash(b);
    await clock.advance(45_000);
    assert.deepEqual([...(await openWindows(files, clock))].sort(), ['a']);
    await a.files.write(`teams/${team}/windows/b.json.k3j5.tmp`, text.replace(/"at":\d+/, `"at":${clock.now()}`));
    await clock.advance(RENEW_MS);
    assert.deepEqual(a.lease.teamAttention, { focused: false, researchVisible: false }, 'a fresh temporary file does not focus the team');
    files.dispose();
    a.lease.dispose();
  });

  test('after a sleep, a window that wakes first neither tidies nor counts as gone the windows that have not beaten yet', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const a = window(disk, clock, 'a');
    await a.lease.start();
    await clock.advance(5_000);
    const b = window(disk, clock, 'b');
    await b.lease.start();
    await clock.advance(20_000);
    clock.sleep(2 * 3_600_000);
    // a beats first after waking (b's beat is 5 s behind it).
    await clock.advance(6_000);
    assert.ok(a.lease.wake, 'a knows it has just woken');
    assert.ok(disk.files.has('teams/team-a/windows/b.json'), "b's file is not tidied");
    assert.deepEqual([...(await openWindows(a.files, clock, a.lease.wake))].sort(), ['a', 'b'], 'b still counts as open');
    await clock.advance(30_000);
    assert.equal(a.lease.wake, undefined, 'the grace is over');
    assert.deepEqual([...(await openWindows(a.files, clock, a.lease.wake))].sort(), ['a', 'b'], 'b beat since');
    crash(b);
    await clock.advance(45_000);
    assert.deepEqual([...(await openWindows(a.files, clock, a.lease.wake))], ['a'], 'a window silent since waking is gone');
    a.lease.dispose();
  });

  test("a replace that leaves the lease missing for a few milliseconds changes nobody's role (2 hours, two windows)", async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    let n = 0;
    // VS Code's replace: the old file is gone 2-5 ms before the new one is there.
    disk.replaceGap = { ms: () => 2 + (n++ % 4), schedule: (ms, fn) => clock.schedule(ms, fn) };
    const a = window(disk, clock, 'a');
    await a.lease.start();
    const b = window(disk, clock, 'b');
    await b.lease.start();
    assert.ok(a.lease.isLeader && !b.lease.isLeader);
    // Looks that land inside a renewal's gap: the follower looks on the same 3 s beat as the leader renews.
    for (let hour = 0; hour < 2; hour++) await clock.advance(3_600_000);
    assert.deepEqual(a.roles, [true], 'the leader never lost the lease');
    assert.deepEqual(b.roles, [], 'the follower never took it');
    a.lease.dispose();
    b.lease.dispose();
  });

  test("a lease stamped in the future (the clock stepped back) is not fresh: a crashed leader's is taken within a lease period", async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    // Written an hour ahead by a leader that then crashed; the clock has since stepped back.
    disk.put('teams/team-a/lease.json', JSON.stringify({ owner: 'crashed', renewedAt: clock.now() + 3_600_000 }));
    const b = window(disk, clock, 'b');
    await b.lease.start();
    await clock.advance(LEASE_MS);
    assert.ok(b.lease.isLeader, 'taken at once, not an hour later');
    b.lease.dispose();
  });

  test('a huge lease file is not read: a stat, and it counts as no lease', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    disk.put('teams/team-a/lease.json', JSON.stringify({ owner: 'x', renewedAt: clock.now(), pad: 'x'.repeat(200_000) }));
    let bigReads = 0;
    const files = disk.view();
    const counting = { ...files, read: (name: string) => ((disk.files.get(name)?.length ?? 0) > 100_000 && bigReads++, files.read(name)) };
    const lease = new TeamLease({ files: counting, clock, windowId: 'b', team: 'team-a' });
    await lease.start();
    assert.ok(lease.isLeader, 'an oversized lease is no lease');
    await clock.advance(30_000);
    assert.equal(bigReads, 0, 'its text was never read');
    assert.ok((disk.files.get('teams/team-a/lease.json') ?? '').length < 200, 'replaced by a real one');
    lease.dispose();
  });
});

describe('a file system that does not answer, and a window that leaves mid-look', () => {
  test('start settles and the window learns its role when its first attention write never returns', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const files = disk.view();
    let hangOnce = true;
    const stalling = {
      ...files,
      write: (name: string, text: string) => (name.includes('/windows/') && hangOnce ? ((hangOnce = false), new Promise<never>(() => undefined)) : files.write(name, text)),
    };
    const lease = new TeamLease({ files: stalling, clock, windowId: 'a', team: 'team-a' });
    let started = false;
    void lease.start().then(() => (started = true));
    await clock.advance(60_000);
    assert.equal(started, true, 'a join waiting behind this start would wait for ever');
    assert.equal(lease.isLeader, true, 'alone, it leads');
    lease.dispose();
  });

  test('a follower released while it looks at a missing lease again does not claim it on its way out', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const a = window(disk, clock, 'a');
    await a.lease.start();
    const filesB = disk.view();
    let gate: (() => void) | undefined;
    let looks = 0;
    let slowFrom = Infinity;
    /** Every look at the lease (a stat first: a missing file is never read) is counted; from `slowFrom` on, one waits for the test. */
    const looked = async () => {
      if (++looks >= slowFrom && !gate) await new Promise<void>((resolve) => (gate = resolve));
    };
    const b = new TeamLease({
      files: {
        ...filesB,
        stat: async (name: string) => {
          const stamp = await filesB.stat(name);
          if (name.endsWith('lease.json')) await looked();
          return stamp;
        },
      },
      clock,
      windowId: 'b',
      team: 'team-a',
    });
    await b.start();
    assert.ok(a.lease.isLeader && !b.isLeader);
    // The leader dies mid-replace: its lease is gone; b finds it missing, waits, and looks again (slowly).
    crash(a);
    disk.files.delete('teams/team-a/lease.json');
    slowFrom = looks + 2;
    for (let i = 0; i < 20 && !gate; i++) await clock.advance(1_000);
    assert.ok(gate, 'the second look is on its way');
    assert.equal(b.isLeader, false);
    await b.release();
    gate!();
    await clock.advance(5_000);
    assert.equal(disk.files.get('teams/team-a/lease.json'), undefined, 'the window that left claimed nothing');
    b.dispose();
  });

  test('a leader released while its renewal read is on its way does not take the lease back', async () => {
    const clock = new FakeClock();
    const disk = new MemoryDisk(() => clock.now());
    const filesA = disk.view();
    let gate: (() => void) | undefined;
    let slow = false;
    const a = new TeamLease({
      files: {
        ...filesA,
        read: async (name: string) => {
          const text = await filesA.read(name);
          if (slow && name.endsWith('lease.json')) await new Promise<void>((resolve) => (gate = resolve));
          return text;
        },
      },
      clock,
      windowId: 'a',
      team: 'team-a',
    });
    await a.start();
    const b = window(disk, clock, 'b');
    await b.lease.start();
    assert.ok(a.isLeader && !b.lease.isLeader);
    slow = true;
    await clock.advance(RENEW_MS);
    assert.ok(gate, 'the renewal read is on its way');
    await a.release();
    await clock.advance(0);
    assert.equal(b.lease.isLeader, true, 'b takes over at once');
    gate!();
    await clock.advance(5_000);
    assert.notEqual((JSON.parse(disk.files.get('teams/team-a/lease.json')!) as { owner: string }).owner, 'a', 'the window that left holds nothing');
    assert.equal(b.lease.isLeader, true, 'and b goes on leading');
    a.dispose();
    b.lease.dispose();
  });
});
