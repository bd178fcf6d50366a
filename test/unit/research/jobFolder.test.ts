// The team's folder as the only record of tracked jobs (src/features/research/model/jobFolder.ts):
// faults it must survive, on the simulated windows of test/support/researchWindows.ts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { REMOVAL_KEPT_MS } from '../../../src/features/research/model/jobFolder';
import { jobFileName, removalFileName } from '../../../src/features/research/model/storage';
import type { TrackedJob } from '../../../src/features/research/model/trackedJob';
import { editor } from '../../support/researchWindows';

const ids = (jobs: readonly TrackedJob[]) => jobs.map((j) => j.id).sort();

describe("the team's folder of jobs", () => {
  test('a replace that leaves a job file missing for a few milliseconds drops nothing, and every end is noticed', async () => {
    const { clock, service, disk, open } = editor();
    const a = await open('a');
    const b = await open('b', { watcher: false });
    let n = 0;
    // Once both are open (opening awaits writes, which the gap would hold until the clock moves).
    disk.replaceGap = { ms: () => 2 + (n++ % 4), schedule: (ms, fn) => clock.schedule(ms, fn) };
    const jobs: string[] = [];
    // A job every ten minutes for two hours, each running for eight: the leader rewrites each file every few seconds.
    for (let i = 0; i < 12; i++) {
      const id = service.create({ durationMs: 480_000, activities: 40 });
      jobs.push(id);
      (i % 2 ? b : a).store.track([id]);
      await clock.advance(600_000);
    }
    await clock.advance(600_000);
    for (const w of [a, b]) {
      assert.deepEqual(ids(w.store.jobs), [...jobs].sort(), `window ${w.id} lost none`);
      assert.ok(
        w.store.jobs.every((j) => j.snapshot?.status === 'completed'),
        `window ${w.id} saw every end`,
      );
      assert.deepEqual([...w.finished].sort(), [...jobs].sort(), `window ${w.id} heard every end once`);
    }
    assert.deepEqual(a.lease.isLeader, true, 'the lease never moved');
    disk.replaceGap = undefined;
    await clock.advance(10);
    for (const w of [a, b]) await w.close();
  });

  test('one odd job file (an activity without its message) costs only that job: the others load and are polled', async () => {
    const { clock, service, disk, open } = editor();
    const a = await open('a');
    const odd = service.create({ durationMs: 0 });
    const running = service.create({ durationMs: 600_000 });
    const done = service.create({ durationMs: 0 });
    a.store.track([odd, running, done]);
    await clock.advance(10_000);
    await a.close();
    const file = JSON.parse(disk.files.get(jobFileName('t', odd))!);
    delete file.snapshot.activities[0].message;
    disk.files.set(jobFileName('t', odd), JSON.stringify(file));
    const before = service.calls.length;
    const b = await open('b');
    assert.deepEqual(ids(b.store.jobs), [odd, running, done].sort());
    assert.equal(b.store.get(done)?.snapshot?.status, 'completed');
    await clock.advance(60_000);
    const asked = new Set(service.calls.slice(before).map((c) => c.id));
    assert.ok(asked.has(running), 'the running job is polled');
    assert.ok(asked.has(odd), 'the odd one is asked again');
    assert.ok(!asked.has(done), 'a finished one is not');
    assert.ok(b.store.get(odd)?.snapshot?.kind === 'deepResearch' && b.store.get(odd)?.snapshot?.status === 'completed');
    assert.equal(b.log.filter((l) => l.includes(`Skipped the saved copy of job ${odd}`)).length, 1, b.log.join('\n'));
    await b.close();
  });

  test("a later version's job file is left alone by this one: not listed, not rewritten, not swept", async () => {
    const { clock, service, disk, open } = editor();
    const a = await open('a');
    const running = service.create({ durationMs: 600_000 });
    const again = service.create({ durationMs: 0 });
    a.store.track([running, again]);
    await clock.advance(10_000);
    // An updated window rewrites both in its own format; one of them was dropped once and tracked again.
    const later = (id: string) => JSON.stringify({ ...JSON.parse(disk.files.get(jobFileName('t', id))!), v: 3, trackedAt: clock.now(), shape: 'new' });
    const updated = disk.view();
    await updated.write(removalFileName('t', again), JSON.stringify({ v: 2, id: again, removedAt: clock.now() - 60_000, removedBy: 'x' }));
    await updated.write(jobFileName('t', running), later(running));
    await updated.write(jobFileName('t', again), later(again));
    await clock.advance(120_000);
    assert.equal(await a.store.sweep(), 0, 'nothing swept');
    await clock.advance(5 * 60_000);
    for (const id of [running, again]) assert.equal(JSON.parse(disk.files.get(jobFileName('t', id))!).v, 3, `job ${id}'s file is still the later version's`);
    const b = await open('b');
    assert.deepEqual(ids(b.store.jobs), [], 'a window of this version lists neither');
    assert.equal(b.log.filter((l) => l.includes(`Left the saved copy of job ${running} alone`)).length, 1, b.log.join('\n'));
    for (const w of [a, b]) await w.close();
    assert.equal(JSON.parse(disk.files.get(jobFileName('t', running))!).v, 3, 'closing writes nothing over it');
  });

  test('a file is read only when it changed: the polling window never parses its own writes, a follower reads each write once', async () => {
    const { clock, service, disk, open } = editor();
    const reads = new Map<string, number>();
    const a = await open('a');
    const b = await open('b');
    for (const [name, w] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const inner = w.store as unknown as { options: { files: { read(n: string): Promise<string | undefined> } } };
      const files = inner.options.files;
      const read = files.read.bind(files);
      files.read = (file: string) => {
        if (file.startsWith('research/')) reads.set(name, (reads.get(name) ?? 0) + 1);
        return read(file);
      };
    }
    const id = service.create({ durationMs: 300_000, activities: 30 });
    a.store.track([id]);
    const writesBefore = disk.writes;
    await clock.advance(360_000);
    const writes = disk.writes - writesBefore;
    assert.equal(b.store.get(id)?.snapshot?.status, 'completed');
    assert.equal(reads.get('a') ?? 0, 0, 'the leader reads none of its own writes');
    assert.ok((reads.get('b') ?? 0) <= writes, `the follower read ${reads.get('b')} times for ${writes} writes`);
    for (const w of [a, b]) await w.close();
  });
  test("other teams' jobs are counted once a minute, or at once when a file of theirs changes, not on every beat", async () => {
    const { clock, service, open } = editor();
    const a = await open('a', { team: 'a' });
    let listings = 0;
    const inner = a.store as unknown as { options: { files: { folders(n: string): Promise<string[]> } } };
    const files = inner.options.files;
    const folders = files.folders.bind(files);
    files.folders = (folder: string) => {
      listings += 1;
      return folders(folder);
    };
    a.store.track([service.create({ durationMs: 600_000 }, 'a')]);
    await clock.advance(600_000);
    assert.ok(listings <= 12, `${listings} listings of the teams in 10 minutes of 3-second beats`);
    const b = await open('b', { team: 'b' });
    b.store.track([service.create({ durationMs: 600_000 }, 'b')]);
    await clock.advance(5_000);
    assert.equal(a.store.hiddenJobs, 1, "the other team's new job is counted within a beat of its file");
    for (const w of [a, b]) await w.close();
  });
  test('a late copy still there when its removal note turns a day old goes with the note: the dropped job is not listed again', async () => {
    const { clock, service, disk, open } = editor();
    const id = service.create({ durationMs: 0 });
    const trackedAt = clock.now() - 60_000;
    const removedAt = clock.now();
    disk.put(removalFileName('t', id), JSON.stringify({ v: 2, id, removedAt, removedBy: 'gone' }), removedAt);
    // The polling window had not heard yet and wrote its copy again; every window closed within the two minutes such a copy is left.
    const copy = { v: 2, id, trackedAt, seq: 0, writtenAt: removedAt + 1_000, writtenBy: 'gone', poll: { kind: 'idle' }, finishedAt: trackedAt };
    disk.put(jobFileName('t', id), JSON.stringify(copy), removedAt + 1_000);
    await clock.advance(2 * REMOVAL_KEPT_MS);
    const a = await open('a');
    await clock.advance(12_000);
    assert.deepEqual(ids(a.store.jobs), []);
    await a.close();
    const b = await open('b');
    assert.deepEqual(ids(b.store.jobs), [], 'the next window does not list it either');
    assert.equal(disk.jobState(jobFileName('t', id)), 'none', 'the late copy was removed');
    await b.close();
  });

  test('a removal note that could not be written is written later: the dropped job does not come back in the next window', async () => {
    const { clock, service, disk, open } = editor();
    const a = await open('a');
    const id = service.create({ durationMs: 0 });
    a.store.track([id]);
    await clock.advance(10_000);
    disk.failWrite.add(removalFileName('t', id));
    a.store.untrack(id);
    await clock.advance(2_000);
    disk.failWrite.clear();
    await clock.advance(60_000);
    await a.close();
    const b = await open('b');
    assert.deepEqual(ids(b.store.jobs), [], 'still dropped');
    assert.equal(disk.jobState(removalFileName('t', id)), 'tombstone');
    await b.close();
  });
  test("another window's write landing just after this window's own, before it looks at the file's stamp, is still read: a follower sees the end", async () => {
    const { clock, service, open } = editor();
    const a = await open('a');
    const b = await open('b');
    const id = service.create({ durationMs: 30_000 });
    a.store.track([id]);
    await clock.advance(10_000);
    assert.equal(b.store.get(id)?.snapshot?.status, 'processing');
    const filesOf = (w: typeof a) => (w.store as unknown as { options: { files: { write(n: string, t: string): Promise<void> } } }).options.files;
    const name = jobFileName('t', id);
    // The polling window's copy that shows the end is held until the following window's own copy has landed.
    let releaseEnd: (() => Promise<void>) | undefined;
    let endHeld!: () => void;
    const endIsHeld = new Promise<void>((resolve) => (endHeld = resolve));
    const aFiles = filesOf(a);
    const aWrite = aFiles.write.bind(aFiles);
    aFiles.write = (file, text) => {
      if (file !== name || a.store.get(id)?.snapshot?.status !== 'completed' || releaseEnd) return aWrite(file, text);
      return new Promise<void>((resolve, reject) => {
        releaseEnd = () => aWrite(file, text).then(resolve, reject);
        endHeld();
      });
    };
    const bFiles = filesOf(b);
    const bWrite = bFiles.write.bind(bFiles);
    bFiles.write = async (file, text) => {
      if (file !== name) return bWrite(file, text);
      await endIsHeld;
      await bWrite(file, text);
      await releaseEnd!();
    };
    // A manual refresh in the following window saves what it read (the job still running).
    await b.store.refresh(id);
    await clock.advance(5 * 60_000);
    assert.ok(releaseEnd, 'the two writes met');
    assert.equal(a.store.get(id)?.snapshot?.status, 'completed');
    assert.equal(b.store.get(id)?.snapshot?.status, 'completed', 'the following window saw the end');
    assert.deepEqual(b.finished, [id]);
    for (const w of [a, b]) await w.close();
  });
});
