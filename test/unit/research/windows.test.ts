// Research jobs in several windows of one editor, simulated on one fake clock: one globalState and one
// global storage folder shared by all, a lease deciding who polls. What one window tracks, drops or
// learns reaches the others; only one window sends requests; a window that goes away is replaced.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { type CallOptions, CancelledError, NotFoundError, type ResearchJob } from '../../../src/api';
import { normalizeResearchJob, schemas } from '../../../src/api/schemas';
import { ResearchStore } from '../../../src/features/research/model/researchStore';
import { jobFileName, jobKey } from '../../../src/features/research/model/storage';
import type { TrackedJob } from '../../../src/features/research/model/trackedJob';
import { TeamLease } from '../../../src/shared/teamLease';
import { FakeClock } from '../../support/fakeClock';
import { MemoryDisk, SharedMemento } from '../../support/memoryFiles';
import { createResearchJob, renderResearch, researchSnapshot, type ResearchJob as PlannedJob } from '../../sandbox/research';
import type { ResearchTimeline } from '../../sandbox/types';

/** Deep research jobs that progress with the clock; every request is counted with the window that sent it. */
class Service {
  readonly calls: Array<{ id: string; window: string; at: number }> = [];
  private readonly jobs = new Map<string, PlannedJob>();
  private seq = 0;
  constructor(private readonly clock: FakeClock) {}

  create(timeline: ResearchTimeline = {}): string {
    this.seq++;
    const id = `00000000-0000-4000-8000-${String(this.seq).padStart(12, '0')}`;
    this.jobs.set(id, createResearchJob(id, this.clock.now(), timeline));
    return id;
  }

  clientFor(window: string) {
    return {
      getResearchJob: async (id: string, options?: CallOptions): Promise<ResearchJob> => {
        this.calls.push({ id, window, at: this.clock.now() });
        await Promise.resolve();
        if (options?.signal?.aborted) throw new CancelledError({ operation: 'researchJob' });
        const planned = this.jobs.get(id);
        const rendered = renderResearch(planned ? researchSnapshot(planned, this.clock.now()) : null, 'live');
        if (rendered.status === 404) throw new NotFoundError({ operation: 'researchJob' });
        return normalizeResearchJob(id, schemas().researchJobResponse.parse(rendered.body));
      },
      getAgentJob: async (): Promise<never> => {
        throw new NotFoundError({ operation: 'agentJob' });
      },
      cancelAgentJob: async (): Promise<never> => {
        throw new NotFoundError({ operation: 'agentCancel' });
      },
    };
  }

  sentBy(window: string): number {
    return this.calls.filter((c) => c.window === window).length;
  }
}

interface Win {
  id: string;
  store: ResearchStore;
  lease: TeamLease;
  finished: string[];
  close(): Promise<void>;
}

function editor() {
  const clock = new FakeClock();
  const disk = new MemoryDisk();
  const storage = new SharedMemento();
  const service = new Service(clock);
  const open = async (id: string, focused = true): Promise<Win> => {
    const files = disk.view();
    const lease = new TeamLease({ files, clock, windowId: id, team: 't' });
    const store = new ResearchStore({
      source: { client: service.clientFor(id) },
      storage,
      files,
      windowId: id,
      isLeader: () => lease.isLeader,
      clock,
      random: () => 0.5,
    });
    const attend = () => store.setAttention({ focused: lease.teamAttention.focused, visible: lease.teamAttention.researchVisible });
    lease.onDidChangeTeamAttention(attend);
    lease.onDidChangeRole(() => store.roleChanged());
    lease.setAttention({ focused, researchVisible: true });
    attend();
    store.start();
    await lease.start();
    await store.ready;
    const finished: string[] = [];
    store.onDidFinishJob((j) => finished.push(j.id));
    return {
      id,
      store,
      lease,
      finished,
      close: async () => {
        await store.flush();
        await lease.release();
        lease.dispose();
        store.dispose();
        files.dispose();
      },
    };
  };
  return { clock, disk, storage, service, open };
}

const ids = (jobs: readonly TrackedJob[]) => jobs.map((j) => j.id);

describe('several windows', () => {
  test('a job tracked in a follower is polled by the leader, and every window shows its progress and end', async () => {
    const { clock, service, open } = editor();
    const a = await open('a');
    const b = await open('b');
    const c = await open('c', false);
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
      for (let i = 0; i < windows; i++) open_.push(await open(`w${i}`, i === 0));
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
    assert.equal(storage.map.has(jobKey(running)), false);
    assert.equal(disk.files.has(jobFileName(running)), false);
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
    disk.files.set(jobFileName(id), '{"v":2,"id":');
    const b = await open('b');
    assert.deepEqual(ids(b.store.jobs), [id]);
    await clock.advance(5_000);
    assert.equal(b.store.get(id)?.snapshot?.status, 'completed');
    assert.ok(service.sentBy('b') >= 1);
    await b.close();
  });

  test('beyond 200 tracked jobs the ones finished longest ago go, in every window', async () => {
    const { clock, service, storage, open } = editor();
    const a = await open('a');
    const b = await open('b');
    const evicted: string[] = [];
    a.store.onDidEvict((gone) => evicted.push(...gone));
    const old = Array.from({ length: 200 }, () => service.create({ durationMs: 0 }));
    a.store.track(old);
    await clock.advance(600_000);
    assert.equal(b.store.size, 200);
    const fresh = [service.create({ durationMs: 600_000 }), service.create({ durationMs: 600_000 })];
    a.store.track(fresh);
    await clock.advance(5_000);
    assert.equal(a.store.size, 200);
    assert.equal(evicted.length, 2);
    assert.ok(evicted.every((id) => old.includes(id)));
    assert.equal(b.store.size, 200);
    assert.ok(fresh.every((id) => b.store.get(id)));
    assert.equal(storage.keys().filter((k) => k.startsWith(jobKey(''))).length, 200);
    await a.close();
    await b.close();
  });
});
