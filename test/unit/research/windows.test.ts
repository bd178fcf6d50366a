// Research jobs in several windows of one editor, simulated on one fake clock: one globalState and one
// global storage folder shared by all, a lease deciding who polls. What one window tracks, drops or
// learns reaches the others (with a file watcher at once, without one on the lease's beat); only one
// window sends requests; a window that goes away is replaced; what nothing refers to is removed.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ORPHAN_GRACE_MS } from '../../../src/features/research/model/jobPersistence';
import { jobFileName, jobKey, unownedJobFileName } from '../../../src/features/research/model/storage';
import type { TrackedJob } from '../../../src/features/research/model/trackedJob';
import { editor } from '../../support/researchWindows';

const ids = (jobs: readonly TrackedJob[]) => jobs.map((j) => j.id);

describe('several windows', () => {
  test('a job tracked in a follower is polled by the leader, and every window shows its progress and end', async () => {
    const { clock, service, open } = editor();
    const a = await open('a');
    const b = await open('b');
    const c = await open('c', { focused: false });
    assert.ok(a.lease.isLeader && !b.lease.isLeader && !c.lease.isLeader);
    const id = service.create({ durationMs: 120_000 });
    b.store.track([id]);
    await clock.advance(2_000);
    assert.deepEqual(ids(a.store.jobs), [id], 'the leader learned of it from its file');
    assert.deepEqual(ids(c.store.jobs), [id]);
    await clock.advance(200_000);
    for (const w of [a, b, c]) {
      assert.equal(w.store.get(id)?.snapshot?.status, 'completed', `window ${w.id}`);
      assert.equal(w.store.get(id)?.poll.kind, 'idle');
    }
    assert.equal(service.sentBy('c'), 0, 'a follower never polls');
    // The follower that tracked it asked once at once (its first answer says the kind); nothing after.
    assert.ok(service.sentBy('b') <= 1, `b sent ${service.sentBy('b')}`);
    assert.ok(service.sentBy('a') > 10);
    // Each window hears the end once: which one notifies is the UI's choice.
    assert.deepEqual([a.finished, b.finished, c.finished].map((f) => f.length), [1, 1, 1]);
    for (const w of [a, b, c]) await w.close();
  });

  test('three windows cost what one does: requests for the same jobs over ten minutes', async () => {
    const run = async (windows: number) => {
      const { clock, service, open } = editor();
      const open_ = [];
      for (let i = 0; i < windows; i++) open_.push(await open(`w${i}`, { focused: i === 0 }));
      const jobs = [service.create({ durationMs: 300_000 }), service.create({ durationMs: 500_000 })];
      open_[0]!.store.track(jobs);
      await clock.advance(600_000);
      for (const w of open_) await w.close();
      return service.calls.length;
    };
    const one = await run(1);
    const three = await run(3);
    assert.ok(three <= one * 1.1, `1 window: ${one} requests, 3 windows: ${three}`);
  });

  test('dropped in one window, gone from the others; cleared finished jobs too', async () => {
    const { clock, service, disk, storage, open } = editor();
    const a = await open('a');
    const b = await open('b');
    const running = service.create({ durationMs: 600_000 });
    const done = service.create({ durationMs: 0 });
    a.store.track([running, done]);
    await clock.advance(5_000);
    assert.deepEqual(ids(b.store.jobs).sort(), [running, done].sort());
    b.store.untrack(running);
    await clock.advance(2_000);
    assert.deepEqual(ids(a.store.jobs), [done]);
    assert.equal(storage.map.has(jobKey('t', running)), false);
    assert.equal(disk.jobState(jobFileName('t', running)), 'tombstone');
    const before = service.sentBy('a');
    await clock.advance(60_000);
    assert.equal(service.sentBy('a'), before, 'the leader stopped polling it');
    a.store.clearFinished();
    await clock.advance(2_000);
    assert.deepEqual(ids(b.store.jobs), []);
    await a.close();
    await b.close();
  });

  test('the leader closing mid-job: another window takes over polling, from where it was', async () => {
    const { clock, service, open } = editor();
    const a = await open('a');
    const b = await open('b');
    const id = service.create({ durationMs: 300_000 });
    a.store.track([id]);
    await clock.advance(60_000);
    const progress = b.store.get(id)?.snapshot;
    assert.equal(progress?.status, 'processing');
    await a.close();
    await clock.advance(0);
    assert.ok(b.lease.isLeader);
    const at = clock.now();
    await clock.advance(20_000);
    const first = service.calls.find((c) => c.window === 'b' && c.at >= at);
    assert.ok(first && first.at - at <= 3_000, 'the new leader polls within a moment');
    await clock.advance(400_000);
    assert.equal(b.store.get(id)?.snapshot?.status, 'completed');
    assert.deepEqual(b.finished, [id]);
    await b.close();
  });

  test('a window opened later lists every job at once and reads their snapshots from the files', async () => {
    const { clock, service, open } = editor();
    const a = await open('a');
    const jobs = [service.create({ durationMs: 0 }), service.create({ durationMs: 0 })];
    a.store.track(jobs);
    await clock.advance(5_000);
    const before = service.calls.length;
    const b = await open('b');
    assert.deepEqual(ids(b.store.jobs).sort(), [...jobs].sort());
    assert.ok(b.store.jobs.every((j) => j.snapshot?.status === 'completed'));
    await clock.advance(60_000);
    assert.equal(service.calls.length, before, 'finished jobs are not asked again by anyone');
    await a.close();
    await b.close();
  });

  test('a damaged job file another window left costs only that snapshot, and the job is asked again', async () => {
    const { clock, service, disk, open } = editor();
    const a = await open('a');
    const id = service.create({ durationMs: 0 });
    a.store.track([id]);
    await clock.advance(5_000);
    await a.close();
    disk.files.set(jobFileName('t', id), '{"v":2,"id":');
    const b = await open('b');
    assert.deepEqual(ids(b.store.jobs), [id]);
    await clock.advance(5_000);
    assert.equal(b.store.get(id)?.snapshot?.status, 'completed');
    assert.ok(service.sentBy('b') >= 1);
    await b.close();
  });

  test('beyond 200 tracked jobs the ones finished longest ago go, dropped by the window that tracked', async () => {
    const { clock, service, storage, open } = editor();
    const a = await open('a');
    const b = await open('b');
    const old = Array.from({ length: 200 }, () => service.create({ durationMs: 0 }));
    a.store.track(old);
    await clock.advance(600_000);
    assert.equal(b.store.size, 200);
    const fresh = [service.create({ durationMs: 600_000 }), service.create({ durationMs: 600_000 })];
    const result = a.store.track(fresh);
    assert.equal(result.evicted.length, 2);
    assert.ok(result.evicted.every((id) => old.includes(id)));
    assert.deepEqual(result.refused, []);
    await clock.advance(5_000);
    assert.equal(a.store.size, 200);
    assert.equal(b.store.size, 200);
    assert.ok(fresh.every((id) => b.store.get(id)));
    assert.ok(result.evicted.every((id) => !b.store.get(id)), 'the other window follows the drop');
    assert.equal(storage.keys().filter((k) => k.startsWith(jobKey('t', ''))).length, 200);
    await a.close();
    await b.close();
  });

  test('without a file watcher, every window still sees the others\' adds, progress and drops, on the lease\'s beat', async () => {
    const { clock, service, open } = editor();
    const a = await open('a', { watcher: false });
    const b = await open('b', { watcher: false });
    const c = await open('c', { watcher: false, focused: false });
    assert.ok(a.lease.isLeader);
    const id = service.create({ durationMs: 120_000, activities: 12 });
    b.store.track([id]);
    // Written within a second, seen on the next beat (every 3 s).
    await clock.advance(1_000 + 3_000);
    assert.deepEqual(ids(a.store.jobs), [id], 'the leader lists it');
    assert.deepEqual(ids(c.store.jobs), [id]);
    await clock.advance(60_000);
    assert.ok(service.sentBy('a') > 5, 'and polls it');
    const progress = (w: typeof a) => {
      const s = w.store.get(id)?.snapshot;
      return s?.kind === 'deepResearch' ? s.activities.length : -1;
    };
    assert.ok(progress(a) > 0);
    // The leader writes a running job at most 5 s after it changed; a follower looks every 3 s.
    assert.ok(progress(c) >= 1 && progress(a) - progress(c) <= 2, `follower ${progress(c)} activities, leader ${progress(a)}`);
    await clock.advance(120_000);
    for (const w of [a, b, c]) assert.equal(w.store.get(id)?.snapshot?.status, 'completed', `window ${w.id}`);
    c.store.untrack(id);
    await clock.advance(1_000 + 3_000);
    for (const w of [a, b, c]) assert.deepEqual(ids(w.store.jobs), [], `window ${w.id}`);
    for (const w of [a, b, c]) await w.close();
  });

  test('what nothing refers to is removed once old enough; a job whose entry or file was lost is tracked all the same', async () => {
    const { clock, service, storage, disk, open } = editor();
    const listed = service.create({ durationMs: 0 });
    const lostEntry = service.create({ durationMs: 0 });
    const dropped = service.create({ durationMs: 0 });
    const justDropped = service.create({ durationMs: 0 });
    const oldLayout = service.create({ durationMs: 0 });
    const noFile = service.create({ durationMs: 0 });
    const later = service.create({ durationMs: 0 });
    const old = clock.now() - ORPHAN_GRACE_MS - 1_000;
    const job = (id: string) => JSON.stringify({ v: 2, id, trackedAt: old, seq: 0, writtenAt: old, writtenBy: 'gone', poll: { kind: 'idle' }, finishedAt: old });
    const entry = (id: string, trackedAt = old) => ({ v: 2, id, trackedAt, seq: 0 });
    storage.map.set(jobKey('t', listed), entry(listed));
    disk.put(jobFileName('t', listed), job(listed), old);
    // Another window's globalState write replaced the list without this job's entry: its file says it is tracked.
    disk.put(jobFileName('t', lostEntry), job(lostEntry), old);
    // Dropped long ago, and a moment ago (other windows may not have heard yet).
    disk.put(jobFileName('t', dropped), JSON.stringify({ v: 2, id: dropped, removedAt: old, removedBy: 'gone' }), old);
    disk.put(jobFileName('t', justDropped), JSON.stringify({ v: 2, id: justDropped, removedAt: clock.now(), removedBy: 'other' }), clock.now());
    // Left by the layout before teams after its job was dropped.
    disk.put(unownedJobFileName(oldLayout), job(oldLayout), old);
    // An entry whose file never came (a write that failed), long ago.
    storage.map.set(jobKey('t', noFile), entry(noFile));
    storage.map.set(jobKey('t', 'not-a-job-id'), { v: 2, id: 'not-a-job-id', trackedAt: 1, seq: 0 });
    storage.map.set(jobKey('t', '11111111-2222-4333-8444-555555555555'), 'garbage');
    storage.map.set(jobKey('t', later), { v: 3, id: later, trackedAt: 1, seq: 0, more: 'a later version' });

    const w = await open('w');
    await clock.advance(12_000);
    assert.deepEqual(ids(w.store.jobs).sort(), [listed, lostEntry, noFile].sort(), 'the files decide: a lost entry does not lose the job');
    assert.deepEqual(storage.map.get(jobKey('t', lostEntry)), entry(lostEntry), 'and its entry is written again');
    assert.equal(disk.jobState(jobFileName('t', dropped)), 'none', 'an old tombstone is removed');
    assert.equal(disk.jobState(jobFileName('t', justDropped)), 'tombstone', 'a recent one stays a while');
    assert.equal(disk.files.has(unownedJobFileName(oldLayout)), false, 'a file of the old layout that nothing lists is removed');
    assert.equal(disk.jobState(jobFileName('t', noFile)), 'job', 'an entry whose file never came: the job is asked again and written');
    assert.equal(storage.map.has(jobKey('t', 'not-a-job-id')), false, 'a damaged entry is removed');
    assert.equal(storage.map.has(jobKey('t', '11111111-2222-4333-8444-555555555555')), false);
    assert.ok(storage.map.has(jobKey('t', later)), 'a later version\'s entry is left alone');
    assert.ok(w.log.some((l) => /Removed 2 unreadable saved job entries/.test(l)), w.log.join('\n'));
    assert.ok(w.log.some((l) => /Removed 2 saved job records nothing refers to any more/.test(l)), w.log.join('\n'));
    // The recent tombstone goes once it is old too; nothing else does.
    await clock.advance(ORPHAN_GRACE_MS);
    assert.equal(await w.store.sweep(), 1);
    assert.equal(disk.jobState(jobFileName('t', justDropped)), 'none');
    assert.equal(await w.store.sweep(), 0);
    assert.deepEqual(ids(w.store.jobs).sort(), [listed, lostEntry, noFile].sort());
    await w.close();
  });

  test('a damaged job file is skipped with a log line, and the job is asked again', async () => {
    const { clock, service, disk, open } = editor();
    const id = service.create({ durationMs: 0 });
    const a = await open('a');
    a.store.track([id]);
    await clock.advance(5_000);
    await a.close();
    disk.files.set(jobFileName('t', id), '{"v":2,"id":');
    const b = await open('b');
    assert.ok(b.log.some((l) => l.startsWith(`warn Skipped the saved snapshot of job ${id}: `)), b.log.join('\n'));
    disk.files.set(jobFileName('t', id), JSON.stringify({ v: 7, id }));
    const c = await open('c');
    assert.ok(c.log.includes(`warn Skipped the saved snapshot of job ${id}: not a job file this version can read`), c.log.join('\n'));
    await b.close();
    await c.close();
  });

  test('the cap binds when tracking: finished jobs make room, running ones do not, and the rest is not tracked', async () => {
    const { clock, service, open } = editor();
    const a = await open('a');
    const b = await open('b');
    const running = Array.from({ length: 150 }, () => service.create({ durationMs: 3_600_000 }));
    const finished = Array.from({ length: 50 }, () => service.create({ durationMs: 0 }));
    a.store.track(finished);
    await clock.advance(120_000);
    a.store.track(running);
    await clock.advance(60_000);
    assert.equal(b.store.size, 200);
    const more = Array.from({ length: 100 }, () => service.create({ durationMs: 3_600_000 }));
    const result = b.store.track(more);
    assert.equal(result.evicted.length, 50, 'every finished job made room');
    assert.deepEqual(result.evicted.sort(), [...finished].sort());
    assert.deepEqual(result.added, more.slice(0, 50), 'the first 50, in the order given');
    assert.deepEqual(result.refused, more.slice(50));
    await clock.advance(5_000);
    for (const w of [a, b]) {
      assert.equal(w.store.size, 200, `window ${w.id}`);
      assert.ok(w.store.jobs.every((j) => j.poll.kind !== 'idle'), `window ${w.id} lists running jobs only`);
    }
    const full = a.store.track([service.create({ durationMs: 60_000 })]);
    assert.deepEqual([full.added.length, full.evicted.length, full.refused.length], [0, 0, 1], 'nothing more fits beside 200 running jobs');
    await a.close();
    await b.close();
  });

  test('globalState as the host shares it: a job tracked while another window writes at the same moment is not lost, even after a restart', async () => {
    const { clock, service, state, open } = editor({ lossy: true });
    const a = await open('a');
    const b = await open('b');
    const mine = service.create({ durationMs: 60_000 });
    const theirs = service.create({ durationMs: 60_000 });
    // Each window's entry write lands within the other's: on their own, one of the two would be gone.
    a.store.track([mine]);
    b.store.track([theirs]);
    await clock.advance(20_000);
    for (const w of [a, b]) assert.deepEqual(ids(w.store.jobs).sort(), [mine, theirs].sort(), `window ${w.id}`);
    assert.ok([...a.log, ...b.log].some((l) => /again: another window's write replaced it/.test(l)), 'a lost entry was written again');
    assert.ok(state.storedKeys.includes(jobKey('t', mine)) && state.storedKeys.includes(jobKey('t', theirs)));
    await a.close();
    await b.close();
    const later = await open('later');
    assert.deepEqual(ids(later.store.jobs).sort(), [mine, theirs].sort(), 'both are there for a window opened later');
    await later.close();
  });

  test('untracked in one window while the leader has a write of it pending: the tombstone wins, nothing brings it back', async () => {
    const { clock, service, disk, state, open } = editor({ lossy: true });
    const a = await open('a', { watcher: false });
    const b = await open('b');
    assert.ok(a.lease.isLeader);
    const id = service.create({ durationMs: 600_000, activities: 60 });
    a.store.track([id]);
    await clock.advance(20_000);
    assert.deepEqual(ids(b.store.jobs), [id]);
    // The leader keeps polling and writing it (at most every 5 s) and hears of nothing by itself.
    b.store.untrack(id);
    for (let t = 0; t < 30; t++) await clock.advance(1_000);
    for (const w of [a, b]) assert.deepEqual(ids(w.store.jobs), [], `window ${w.id}`);
    assert.equal(disk.jobState(jobFileName('t', id)), 'tombstone', 'never written over');
    assert.equal(state.storedKeys.includes(jobKey('t', id)), false);
    const before = service.sentBy('a');
    await clock.advance(60_000);
    assert.equal(service.sentBy('a'), before, 'nobody polls it any more');
    await a.close();
    await b.close();
    const later = await open('later');
    assert.deepEqual(ids(later.store.jobs), []);
    await later.close();
  });
  test('a job file that could not be written: the job stays tracked with what it showed, and the file is written once the disk allows', async () => {
    const { clock, disk, service, open } = editor();
    const a = await open('a');
    const id = service.create({ durationMs: 500 });
    disk.failWrite.add(jobFileName('t', id));
    a.store.track([id]);
    await clock.advance(20_000);
    assert.equal(a.store.get(id)?.snapshot?.status, 'completed', 'still tracked after several looks at the list');
    assert.ok(a.log.some((line) => /Could not save a research job/.test(line)));
    disk.failWrite.clear();
    await clock.advance(31_000);
    assert.equal(disk.jobState(jobFileName('t', id)), 'job');
    assert.equal(a.store.get(id)?.snapshot?.status, 'completed');
    await a.close();
  });
});
