// Research jobs in several windows of one editor, simulated on one fake clock: one global storage
// folder shared by all (the team's folder is the list), a lease deciding who polls. What one window tracks, drops or
// learns reaches the others (with a file watcher at once, without one on the lease's beat); only one
// window sends requests; a window that goes away is replaced; what nothing refers to is removed.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LEFTOVER_GRACE_MS, REMOVAL_KEPT_MS } from '../../../src/features/research/model/jobFolder';
import { jobFileName, removalFileName } from '../../../src/features/research/model/storage';
import type { TrackedJob } from '../../../src/features/research/model/trackedJob';
import { type AgentJob, type CallOptions, NotFoundError, type ResearchJob } from '../../../src/api';
import { ResearchStore } from '../../../src/features/research/model/researchStore';
import { FakeClock } from '../../support/fakeClock';
import { MemoryDisk, SharedMemento } from '../../support/memoryFiles';
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
    assert.deepEqual(
      [a.finished, b.finished, c.finished].map((f) => f.length),
      [1, 1, 1],
    );
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
    const { clock, service, disk, open } = editor();
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
    assert.equal(disk.jobState(jobFileName('t', running)), 'none');
    assert.equal(disk.jobState(removalFileName('t', running)), 'tombstone');
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
    const { clock, service, disk, open } = editor();
    const a = await open('a');
    const b = await open('b');
    const old = Array.from({ length: 200 }, () => service.create({ durationMs: 0 }));
    a.store.track(old);
    await clock.advance(600_000);
    assert.equal(b.store.size, 200);
    const fresh = [service.create({ durationMs: 600_000 }), service.create({ durationMs: 600_000 })];
    const result = a.store.track(fresh, 'deepResearch');
    assert.equal(result.evicted.length, 2);
    assert.ok(result.evicted.every((id) => old.includes(id)));
    assert.deepEqual(result.refused, []);
    await clock.advance(5_000);
    assert.equal(a.store.size, 200);
    assert.equal(b.store.size, 200);
    assert.ok(fresh.every((id) => b.store.get(id)));
    assert.ok(
      result.evicted.every((id) => !b.store.get(id)),
      'the other window follows the drop',
    );
    assert.equal([...disk.files.keys()].filter((k) => k.startsWith('research/t/') && disk.jobState(k) === 'job').length, 200);
    await a.close();
    await b.close();
  });

  test("without a file watcher, every window still sees the others' adds, progress and drops, on the lease's beat", async () => {
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

  test('leftovers go once old enough: removal notes after a day, copies older than their removal after two minutes', async () => {
    const { clock, service, disk, open } = editor();
    const listed = service.create({ durationMs: 0 });
    const dropped = service.create({ durationMs: 0 });
    const lateCopy = service.create({ durationMs: 0 });
    const justDropped = service.create({ durationMs: 0 });
    const old = clock.now() - REMOVAL_KEPT_MS - 1_000;
    const job = (id: string, trackedAt = old) => JSON.stringify({ v: 2, id, trackedAt, seq: 0, writtenAt: trackedAt, writtenBy: 'gone', poll: { kind: 'idle' }, finishedAt: trackedAt });
    const note = (id: string, at: number) => JSON.stringify({ v: 2, id, removedAt: at, removedBy: 'gone' });
    disk.put(jobFileName('t', listed), job(listed), old);
    disk.put(removalFileName('t', dropped), note(dropped, old), old);
    // A window that had not heard of the removal wrote its copy again afterwards.
    disk.put(removalFileName('t', lateCopy), note(lateCopy, clock.now() - LEFTOVER_GRACE_MS), clock.now() - LEFTOVER_GRACE_MS);
    disk.put(jobFileName('t', lateCopy), job(lateCopy), clock.now() - LEFTOVER_GRACE_MS);
    disk.put(removalFileName('t', justDropped), note(justDropped, clock.now()), clock.now());
    disk.files.set('research/t/not-a-job-id.json', job('not-a-job-id'));

    const w = await open('w');
    await clock.advance(12_000);
    assert.deepEqual(ids(w.store.jobs), [listed], 'a copy older than its removal is not listed');
    assert.equal(disk.jobState(removalFileName('t', dropped)), 'none', 'a day-old removal note is removed');
    assert.equal(disk.jobState(jobFileName('t', lateCopy)), 'none', 'a copy older than its removal is removed');
    assert.equal(disk.jobState(removalFileName('t', justDropped)), 'tombstone', 'a recent note stays');
    assert.ok(
      w.log.some((l) => /Removed 2 saved job records nothing refers to any more/.test(l)),
      w.log.join('\n'),
    );
    assert.equal(await w.store.sweep(), 0);
    await clock.advance(REMOVAL_KEPT_MS);
    // The leader sweeps every few minutes by itself.
    assert.equal(disk.jobState(removalFileName('t', justDropped)), 'none', 'the other notes go once a day old');
    assert.equal(disk.jobState(removalFileName('t', lateCopy)), 'none');
    assert.deepEqual(ids(w.store.jobs), [listed]);
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
    const skipped = (w: typeof b) => w.log.filter((l) => l.startsWith(`warn Skipped the saved copy of job ${id} (not a job file this version can read)`)).length;
    assert.equal(skipped(b), 1, b.log.join('\n'));
    disk.files.set(jobFileName('t', id), JSON.stringify({ v: 2, id, trackedAt: 'yesterday' }));
    const c = await open('c');
    assert.equal(skipped(c), 1, c.log.join('\n'));
    // A prompt that is not text is as damaged as any other field.
    disk.files.set(jobFileName('t', id), JSON.stringify({ v: 2, id, trackedAt: 1, writtenAt: 1, poll: { kind: 'polling' }, prompt: { text: 'x' } }));
    const d = await open('d');
    assert.equal(skipped(d), 1, d.log.join('\n'));
    await d.close();
    // Looked at on every beat, logged once: the file is not read again until it changes.
    await clock.advance(30_000);
    assert.equal(skipped(c), 1, c.log.join('\n'));
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
    const result = b.store.track(more, 'deepResearch');
    assert.equal(result.evicted.length, 50, 'every finished job made room');
    assert.deepEqual(result.evicted.sort(), [...finished].sort());
    assert.deepEqual(result.added, more.slice(0, 50), 'the first 50, in the order given');
    assert.deepEqual(result.refused, more.slice(50));
    await clock.advance(5_000);
    for (const w of [a, b]) {
      assert.equal(w.store.size, 200, `window ${w.id}`);
      assert.ok(
        w.store.jobs.every((j) => j.poll.kind !== 'idle'),
        `window ${w.id} lists running jobs only`,
      );
    }
    const full = a.store.track([service.create({ durationMs: 60_000 })]);
    assert.deepEqual([full.added.length, full.evicted.length, full.refused.length], [0, 0, 1], 'nothing more fits beside 200 running jobs');
    await a.close();
    await b.close();
  });

  test('an id of no known kind makes room only once it was looked up: one that is no job costs no finished job', async () => {
    const { clock, service, open } = editor();
    const a = await open('a');
    const old = Array.from({ length: 200 }, () => service.create({ durationMs: 0 }));
    a.store.track(old);
    await clock.advance(600_000);
    const unknown = '0b8f6c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
    const looked = a.store.track([unknown]);
    assert.deepEqual([looked.added, looked.evicted], [[unknown], []], 'tracked for the look, nothing dropped yet');
    const { job } = await a.store.refresh(unknown);
    assert.equal(job?.poll.kind === 'stopped' && job.poll.reason, 'notFound');
    a.store.untrack(unknown);
    assert.deepEqual(a.store.makeRoom([unknown]), []);
    assert.equal(a.store.size, 200);
    assert.ok(
      old.every((id) => a.store.get(id)),
      'every finished job still tracked',
    );
    const real = service.create({ durationMs: 600_000 });
    a.store.track([real]);
    await a.store.refresh(real);
    const evicted = a.store.makeRoom([real]);
    assert.equal(evicted.length, 1);
    assert.ok(old.includes(evicted[0]!) && a.store.get(real), 'a job that is there makes room as before');
    assert.equal(a.store.size, 200);
    await a.close();
  });

  test('untracked in one window while the leader has a write of it pending: the removal wins, nothing brings it back', async () => {
    const { clock, service, disk, open } = editor();
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
    assert.equal(disk.jobState(removalFileName('t', id)), 'tombstone', 'never written over');
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

describe('the wall clock set back an hour (an NTP fix, a virtual machine resumed)', () => {
  /** The service's time goes on: only this machine's clock was set back. */
  function steppedEditor() {
    const e = editor();
    let stepped = 0;
    (e.service as unknown as { clock: { now(): number } }).clock = { now: () => e.clock.now() + stepped };
    const stepBack = (ms: number) => {
      e.clock.stepBack(ms);
      stepped += ms;
    };
    return { ...e, stepBack };
  }

  test("a window that does not poll still follows the leader's writes, to the job's end and its notice", async () => {
    const { clock, service, open, stepBack } = steppedEditor();
    const a = await open('a');
    const b = await open('b');
    const id = service.create({ durationMs: 30 * 60_000 });
    a.store.track([id]);
    await clock.advance(5 * 60_000);
    assert.equal(b.store.get(id)?.snapshot?.status, 'processing');
    stepBack(60 * 60_000);
    await clock.advance(40 * 60_000);
    assert.equal(a.store.get(id)?.snapshot?.status, 'completed');
    assert.equal(b.store.get(id)?.snapshot?.status, 'completed', 'the follower took the writes stamped after the step');
    assert.deepEqual(b.finished, [id]);
    for (const w of [a, b]) await w.close();
  });

  test('a job tracked before the step and dropped after it stays dropped in every window', async () => {
    const { clock, service, open, stepBack } = steppedEditor();
    const a = await open('a');
    const b = await open('b');
    const id = service.create({ durationMs: 60 * 60_000 });
    a.store.track([id]);
    await clock.advance(60_000);
    stepBack(60 * 60_000);
    await clock.advance(5_000);
    b.store.untrack(id);
    await clock.advance(20 * 60_000);
    assert.deepEqual(ids(a.store.jobs), [], 'the leader dropped it');
    assert.deepEqual(ids(b.store.jobs), [], 'and nothing brought it back');
    assert.equal(b.log.filter((l) => /tracked in another window/.test(l)).length, 1, 'heard of once, when a tracked it');
    for (const w of [a, b]) await w.close();
  });

  test('the leader closing right after the step: the window taking over polls at once, not an hour later', async () => {
    const { clock, service, open, stepBack } = steppedEditor();
    const a = await open('a');
    const b = await open('b');
    const id = service.create({ durationMs: 30 * 60_000 });
    a.store.track([id]);
    await clock.advance(5 * 60_000);
    stepBack(60 * 60_000);
    await a.close();
    await clock.advance(0);
    assert.ok(b.lease.isLeader);
    const at = clock.now();
    await clock.advance(60_000);
    assert.ok(
      service.calls.some((c) => c.window === 'b' && c.at >= at),
      'the new leader polled within the minute',
    );
    await clock.advance(40 * 60_000);
    assert.equal(b.store.get(id)?.snapshot?.status, 'completed');
    await b.close();
  });
});

describe('a manual refresh in a window that does not poll', () => {
  const ID = '00000000-0000-4000-9000-000000000001';
  test('a follower refresh that read "processing" never brings the leader\'s completed job back (no second notice)', async () => {
    const clock = new FakeClock();
    let status = 'processing';
    let step = 0;
    const agent = (): AgentJob => ({ kind: 'agent', id: ID, status, suggestions: [], expiresAt: null, message: `step ${++step}` });
    const client = {
      getAgentJob: async (_id: string, _o?: CallOptions) => agent(),
      getResearchJob: async (): Promise<ResearchJob> => {
        throw new NotFoundError({ operation: 'researchJob' });
      },
      cancelAgentJob: async () => undefined,
    };
    const disk = new MemoryDisk(() => clock.now());
    const storage = new SharedMemento();
    const make = (windowId: string, leader: boolean) => {
      const s = new ResearchStore({ source: { client }, storage, files: disk.view(), team: 't', windowId, isLeader: () => leader, clock, random: () => 0.5 });
      s.setAttention({ focused: true, visible: true });
      s.start();
      return s;
    };
    const a = make('a', true);
    const b = make('b', false);
    const heardA: string[] = [];
    const heardB: string[] = [];
    a.onDidFinishJob((j) => heardA.push(j.snapshot!.status));
    b.onDidFinishJob((j) => heardB.push(j.snapshot!.status));
    a.track([ID], 'agent');
    await clock.advance(20_000);
    assert.equal(b.get(ID)?.snapshot?.status, 'processing');
    // The follower refreshes by hand and reads "processing"; a moment later the run completes and the leader reads it.
    await b.refresh(ID);
    status = 'completed';
    await clock.advance(60_000);
    assert.equal(a.get(ID)?.snapshot?.status, 'completed', 'the leader still shows it completed');
    assert.equal(b.get(ID)?.snapshot?.status, 'completed');
    assert.deepEqual(heardA, ['completed'], 'the leader announces the end once');
    a.dispose();
    b.dispose();
  });

  test('a follower whose refresh was in flight when the leader wrote the end still shows the end', async () => {
    const clock = new FakeClock();
    let status = 'processing';
    const agent = (s: string): AgentJob => ({ kind: 'agent', id: ID, status: s, suggestions: [], expiresAt: null, message: 'working' });
    const notFound = async (): Promise<ResearchJob> => {
      throw new NotFoundError({ operation: 'researchJob' });
    };
    const fast = { getAgentJob: async () => agent(status), getResearchJob: notFound, cancelAgentJob: async () => undefined };
    // The follower's network is slow: its answer (read before the run ended) arrives when the test lets it.
    let release: (() => void) | undefined;
    const slow = {
      getAgentJob: async () => {
        const seen = status;
        await new Promise<void>((r) => (release = r));
        return agent(seen);
      },
      getResearchJob: notFound,
      cancelAgentJob: async () => undefined,
    };
    const disk = new MemoryDisk(() => clock.now());
    const storage = new SharedMemento();
    const make = (windowId: string, leader: boolean, client: typeof fast) => {
      const s = new ResearchStore({ source: { client }, storage, files: disk.view(), team: 't', windowId, isLeader: () => leader, clock, random: () => 0.5 });
      s.setAttention({ focused: true, visible: true });
      s.start();
      return s;
    };
    const a = make('a', true, fast);
    const b = make('b', false, slow);
    const heardB: string[] = [];
    b.onDidFinishJob((j) => heardB.push(j.snapshot!.status));
    a.track([ID], 'agent');
    await clock.advance(20_000);
    assert.equal(b.get(ID)?.snapshot?.status, 'processing');
    const refreshing = b.refresh(ID);
    await clock.advance(0);
    status = 'completed';
    await clock.advance(10_000); // the leader reads the end and writes it; b's request is still out
    assert.equal(a.get(ID)?.snapshot?.status, 'completed');
    release!();
    await refreshing;
    // Minutes later, with the lease's beat looking at the folder every few seconds:
    for (let i = 0; i < 40; i++) {
      await clock.advance(3_000);
      await Promise.all([a.reconcile(), b.reconcile()]);
    }
    assert.equal(b.get(ID)?.snapshot?.status, 'completed', 'the follower shows the run completed');
    assert.deepEqual(heardB, ['completed'], 'and heard of its end');
    a.dispose();
    b.dispose();
  });
});
