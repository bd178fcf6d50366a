// Windows of one editor with different API keys or servers: each key on its server is a team with its
// own jobs. A team's leader polls only its own team's jobs (another team's job is a 404 for its key),
// a window shows its own team's jobs, and nothing one team learns is written over another's.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { jobFileName } from '../../../src/features/research/model/storage';
import type { TrackedJob } from '../../../src/features/research/model/trackedJob';
import { type AgentJob, GoneError, NotFoundError, type ResearchJob } from '../../../src/api';
import { ResearchStore } from '../../../src/features/research/model/researchStore';
import { FakeClock } from '../../support/fakeClock';
import { MemoryDisk, SharedMemento } from '../../support/memoryFiles';
import { editor } from '../../support/researchWindows';

const ids = (jobs: readonly TrackedJob[]) => jobs.map((j) => j.id).sort();

describe('teams: one key on one server each', () => {
  test("two teams in two windows each: every window lists and polls only its own team's jobs", async () => {
    const { clock, service, disk, open } = editor();
    const a1 = await open('a1', { team: 'a' });
    const b1 = await open('b1', { team: 'b' });
    const a2 = await open('a2', { team: 'a', focused: false });
    const b2 = await open('b2', { team: 'b', focused: false });
    assert.ok(a1.lease.isLeader && b1.lease.isLeader && !a2.lease.isLeader && !b2.lease.isLeader, 'a leader per team');
    const jobA = service.create({ durationMs: 120_000 }, 'a');
    const jobB = service.create({ durationMs: 120_000 }, 'b');
    a2.store.track([jobA]);
    b2.store.track([jobB]);
    await clock.advance(200_000);
    for (const w of [a1, a2]) assert.deepEqual(ids(w.store.jobs), [jobA], `window ${w.id}`);
    for (const w of [b1, b2]) assert.deepEqual(ids(w.store.jobs), [jobB], `window ${w.id}`);
    for (const w of [a1, a2, b1, b2]) {
      const own = w.team === 'a' ? jobA : jobB;
      assert.equal(w.store.get(own)?.snapshot?.status, 'completed', `window ${w.id}`);
      assert.equal(w.store.get(own)?.poll.kind, 'idle', `window ${w.id}: never marked expired`);
      assert.equal(w.store.hiddenJobs, 1, `window ${w.id} knows one job of the other team is not shown`);
    }
    assert.deepEqual(
      service.calls.filter((c) => (c.team === 'a') !== (c.id === jobA)),
      [],
      "no team ever asked about the other team's job",
    );
    assert.equal(service.sentBy('a2') + service.sentBy('b2'), 0, "followers never poll: each team's leader does");
    assert.ok(disk.files.has(jobFileName('a', jobA)) && disk.files.has(jobFileName('b', jobB)));
    for (const w of [a1, a2, b1, b2]) await w.close();
  });

  test("a run started with the key in use before a change is that key's: listed with its jobs, never asked about with the new key, followed by a window on the old one", async () => {
    const { clock, service, disk, open } = editor();
    const old = await open('old', { team: 'a' });
    const w = await open('w', { team: 'b' });
    const job = service.create({ durationMs: 120_000 }, 'a');
    // As the Research view's command is given it once the start answers: the team is the one it was sent with.
    const result = w.store.track([job], 'deepResearch', [{ id: job, prompt: 'Compare  the\nplans', startedHere: true, team: 'a' }]);
    assert.deepEqual([result.added, result.otherTeam], [[], [job]]);
    await clock.advance(200_000);
    assert.equal(w.store.get(job), undefined, 'not shown with the key that did not start it');
    assert.equal(w.store.hiddenJobs, 1, "counted among the other key's jobs");
    assert.ok(disk.files.has(jobFileName('a', job)));
    assert.equal(old.store.get(job)?.snapshot?.status, 'completed', 'the window on that key follows it to its end');
    assert.equal(old.store.get(job)?.prompt, 'Compare the plans');
    assert.deepEqual(
      service.calls.filter((c) => c.id === job && c.team !== 'a'),
      [],
      'never asked about with the new key (a 404 there would call a running job lost)',
    );
    for (const x of [old, w]) await x.close();
  });

  test('a window whose key changes to a team with no jobs says, once its list is read, how many the other key keeps', async () => {
    const { clock, service, open } = editor();
    const w = await open('w', { team: 'a' });
    w.store.track([service.create({ durationMs: 600_000 }, 'a')]);
    await clock.advance(5_000);
    const heard: number[] = [];
    w.store.onDidChangeJobs(() => heard.push(w.store.hiddenJobs));
    await w.switchTeam('empty');
    await w.store.ready;
    assert.deepEqual(ids(w.store.jobs), []);
    assert.equal(heard.at(-1), 1, 'the view hears of the hidden job without waiting for anything else to change');
    await w.close();
  });

  test('a key changed right after tracking: the job not yet written when the new list was counted is counted once it is', async () => {
    const { clock, service, disk, open } = editor();
    const w = await open('w', { team: 'a' });
    const job = service.create({ durationMs: 600_000 }, 'a');
    // The job's first write is slow: the new team's list is read and counted before it lands.
    let land: () => void = () => undefined;
    const landed = new Promise<void>((resolve) => (land = resolve));
    disk.writeGate = (name) => (name === jobFileName('a', job) ? landed : undefined);
    w.store.track([job]);
    await w.switchTeam('empty');
    await w.store.ready;
    assert.equal(w.store.hiddenJobs, 0, 'counted before the write landed');
    const heard: number[] = [];
    w.store.onDidChangeJobs(() => heard.push(w.store.hiddenJobs));
    disk.writeGate = undefined;
    land();
    await w.store.previousWritten;
    await clock.advance(1_000);
    assert.equal(w.store.hiddenJobs, 1, 'not only at the recount a minute later');
    assert.equal(heard.at(-1), 1, 'and the view hears of it');
    await w.close();
  });

  test("a window that changes key shows that team's jobs; its old jobs stay saved, unpolled, and come back with the key", async () => {
    const { clock, service, disk, open } = editor();
    const w = await open('w', { team: 'a' });
    const mine = service.create({ durationMs: 600_000 }, 'a');
    const theirs = service.create({ durationMs: 600_000 }, 'b');
    w.store.track([mine]);
    const other = await open('other', { team: 'b' });
    other.store.track([theirs]);
    await clock.advance(30_000);
    const saved = disk.files.get(jobFileName('a', mine));

    await w.switchTeam('b');
    await clock.advance(0);
    assert.deepEqual(ids(w.store.jobs), [theirs], "the new key's jobs");
    assert.equal(w.store.hiddenJobs, 1);
    const before = service.calls.length;
    await clock.advance(120_000);
    assert.deepEqual(
      service.calls.slice(before).filter((c) => c.id === mine),
      [],
      "the old key's job is not asked about with the new key",
    );
    assert.equal(disk.files.get(jobFileName('a', mine)), saved, 'nor written over');

    await w.switchTeam('a');
    await clock.advance(10_000);
    assert.deepEqual(ids(w.store.jobs), [mine]);
    assert.equal(w.store.get(mine)?.poll.kind, 'polling');
    assert.equal(w.store.get(mine)?.snapshot?.status, 'processing');
    assert.ok(
      service.calls.some((c) => c.id === mine && c.team === 'a' && c.at > clock.now() - 10_000),
      'polled again with its own key',
    );
    await w.close();
    await other.close();
  });

  test('an answer under way when the key changes is dropped, and nothing is asked until the new team is known', async () => {
    const { clock, service, open } = editor();
    const w = await open('w', { team: 'a' });
    const id = service.create({ durationMs: 600_000 }, 'a');
    w.store.track([id]);
    await clock.advance(5_000);
    const asked = w.store.refresh(id);
    w.store.endpointChanged();
    await asked;
    await clock.advance(30_000);
    assert.equal(w.store.get(id)?.poll.kind, 'polling', 'not marked expired by an answer for the old key');
    const before = service.calls.length;
    await clock.advance(30_000);
    assert.equal(service.calls.length, before, 'nothing is asked while the team is not known');
    w.store.joinTeam('a');
    await clock.advance(1_000);
    assert.ok(service.calls.length > before, 'the same team: polling goes on');
    await w.close();
  });

  test("another key's jobs can be followed with this key: they move, and the other team's windows let them go", async () => {
    const { clock, service, disk, open } = editor();
    const old = await open('old', { team: 'old' });
    const id = service.create({ durationMs: 600_000 }, 'new');
    old.store.track([id]);
    await clock.advance(5_000);
    assert.equal(old.store.get(id)?.poll.kind, 'stopped', 'the old key cannot read it: a 404 in its own list');
    const w = await open('w', { team: 'new' });
    assert.deepEqual([...(await w.store.otherTeams())], [['old', 1]]);
    assert.deepEqual(await w.store.followTeam('old'), { moved: 1, left: 0 });
    await w.store.ready;
    await clock.advance(5_000);
    assert.deepEqual(ids(w.store.jobs), [id]);
    assert.equal(w.store.get(id)?.snapshot?.status, 'processing', 'asked again with this key');
    assert.equal(disk.jobState(jobFileName('new', id)), 'job');
    assert.equal(disk.jobState(jobFileName('old', id)), 'none');
    assert.equal(w.store.hiddenJobs, 0);
    assert.deepEqual(ids(old.store.jobs), [], "the old key's window let it go");
    await old.close();
    await w.close();
  });
  test("following another key's jobs that this key tracks too: they are the same jobs, followed here, let go there, and take no room", async () => {
    const { clock, service, disk, open } = editor();
    const old = await open('old', { team: 'old' });
    const both = service.create({ durationMs: 600_000 }, 'new');
    const only = service.create({ durationMs: 600_000 }, 'new');
    old.store.track([both, only]);
    await clock.advance(5_000);
    // The new key's list is full but for one place, and already has one of the two.
    const w = await open('w', { team: 'new', store: { maxJobs: 2 } });
    w.store.track([both]);
    await clock.advance(5_000);
    assert.deepEqual(await w.store.followTeam('old'), { moved: 2, left: 0 });
    await w.store.ready;
    assert.deepEqual(ids(w.store.jobs), [both, only].sort());
    assert.equal(disk.jobState(jobFileName('old', both)), 'none', 'let go by the other key');
    assert.deepEqual([...(await w.store.otherTeams())], [], 'nothing left behind to offer again');
    await old.close();
    await w.close();
  });
});

describe('the same team joined again', () => {
  const ID = '00000000-0000-4000-8000-000000000001';
  test('after the 410, re-entering the same key neither asks about the shut-down job again nor announces it again', async () => {
    const clock = new FakeClock();
    let gone = false;
    let asked = 0;
    const job = (): ResearchJob => ({ kind: 'deepResearch', id: ID, status: 'processing', currentDepth: 1, maxDepth: 3, totalUrls: 2, expiresAt: null, activities: [], sources: [], warnings: [] });
    const client = {
      getAgentJob: async (): Promise<AgentJob> => {
        throw new NotFoundError({ operation: 'agentJob' });
      },
      getResearchJob: async (): Promise<ResearchJob> => {
        asked++;
        if (gone) throw new GoneError({ operation: 'researchJob' });
        return job();
      },
      cancelAgentJob: async () => undefined,
    };
    const store = new ResearchStore({ source: { client }, storage: new SharedMemento(), files: new MemoryDisk(() => clock.now()).view(), team: 't', clock, random: () => 0.5 });
    store.setAttention({ focused: true, visible: true });
    store.start();
    const heard: string[] = [];
    store.onDidFinishJob((j) => heard.push(j.id));
    store.track([ID], 'deepResearch');
    await clock.advance(10_000);
    gone = true;
    await clock.advance(10_000);
    const p = store.get(ID)!.poll;
    assert.equal(p.kind === 'stopped' && p.reason, 'gone');
    assert.deepEqual(heard, [ID]);
    const before = asked;
    // The person stores the same key again: same key, same server, same team.
    store.endpointChanged();
    store.joinTeam('t');
    await clock.advance(60_000);
    assert.equal(asked, before, 'a job finished for good is not asked about again');
    assert.deepEqual(heard, [ID], 'and is not announced a second time');
    store.dispose();
  });
});
