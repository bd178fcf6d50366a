// Agent runs and the Deep Research shutdown in the research store, on a fake clock, against the
// sandbox's own models of both APIs read through the real response parser: finding an id's kind,
// polling a mix of both kinds, 410 Gone mid-poll, cancel, expiry, and what the rows and the view say.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { type AgentJob, BadRequestError, type CallOptions, CancelledError, GoneError, NoRouteError, NotFoundError, type ResearchJob } from '../../../src/api';
import { normalizeAgentJob, normalizeResearchJob, schemas } from '../../../src/api/schemas';
import { trackChecked } from '../../../src/features/research/model/trackChecked';
import { DEEP_RESEARCH_SUNSET, hasShutDown, readableUntilShutdown, ResearchStore } from '../../../src/features/research/model/researchStore';
import { isFinished, type JobKind, type TrackedJob } from '../../../src/features/research/model/trackedJob';
import { describeChildren, describeJob, jobContextValue, pollNotice } from '../../../src/features/research/ui/treeRows';
import { agentFacts, agentGroups, agentTooltipRows, describeAgentGroup, jsonText } from '../../../src/features/research/ui/agentRows';
import { cancelConflictText } from '../../../src/host/errorText';
import { resultFileName, resultFormats } from '../../../src/features/research/ui/resultFiles';
import { shutdownMessage } from '../../../src/features/research/ui/viewMessage';
import { FakeClock } from '../../support/fakeClock';
import { agentOf, deepResearchOf } from '../../support/snapshots';
import { agentStatusBody, type AgentRun, cancelAgentRun, createAgentRun } from '../../sandbox/agent';
import { createResearchJob, renderResearch, researchSnapshot, type ResearchJob as PlannedJob } from '../../sandbox/research';
import type { AgentTimeline, ResearchTimeline } from '../../sandbox/types';
import { MemoryDisk, SharedMemento } from '../../support/memoryFiles';

/** Both APIs as the sandbox models them; every request is logged with its route. */
class Service {
  readonly log: Array<{ route: 'agent' | 'deepResearch' | 'cancel'; id: string; at: number }> = [];
  private readonly research = new Map<string, PlannedJob>();
  private readonly agents = new Map<string, AgentRun>();
  private seq = 0;
  shutdownAt = Infinity;
  /** From this instant the deep research route is not there at all: Express's 404 page, not the service's 404. */
  unmountedAt = Infinity;
  sunset: string | undefined;
  cancelledReads: 'cancelled' | 'failed' = 'cancelled';

  constructor(private readonly clock: FakeClock) {}

  readonly client = {
    getResearchJob: async (id: string, options?: CallOptions): Promise<ResearchJob> => {
      this.log.push({ route: 'deepResearch', id, at: this.clock.now() });
      await Promise.resolve();
      if (options?.signal?.aborted) throw new CancelledError({ operation: 'researchJob' });
      if (this.clock.now() >= this.shutdownAt) throw new GoneError({ operation: 'researchJob', serverMessage: 'The Deep Research API was shut down.' });
      if (this.clock.now() >= this.unmountedAt) throw new NoRouteError({ operation: 'researchJob', status: 404 });
      const planned = this.research.get(id);
      const rendered = renderResearch(planned ? researchSnapshot(planned, this.clock.now()) : null, 'live');
      if (rendered.status === 404) throw new NotFoundError({ operation: 'researchJob' });
      const job = normalizeResearchJob(id, schemas().researchJobResponse.parse(rendered.body));
      if (this.sunset) job.deprecation = { deprecated: true, sunsetAt: Date.parse(this.sunset), warnings: [] };
      return job;
    },
    getAgentJob: async (id: string, options?: CallOptions): Promise<AgentJob> => {
      this.log.push({ route: 'agent', id, at: this.clock.now() });
      await Promise.resolve();
      if (options?.signal?.aborted) throw new CancelledError({ operation: 'agentJob' });
      const body = agentStatusBody(this.agents.get(id), this.clock.now(), this.cancelledReads);
      if (!body) throw new NotFoundError({ operation: 'agentJob', serverMessage: 'Agent job not found' });
      return normalizeAgentJob(id, schemas().agentJobResponse.parse(body));
    },
    cancelAgentJob: async (id: string): Promise<void> => {
      this.log.push({ route: 'cancel', id, at: this.clock.now() });
      const answer = cancelAgentRun(this.agents.get(id), this.clock.now());
      if (answer.status === 404) throw new NotFoundError({ operation: 'agentCancel' });
      if (answer.status === 409) throw new BadRequestError({ operation: 'agentCancel', status: 409, serverMessage: String(answer.body.error) });
    },
  };

  createResearch(t: ResearchTimeline = {}): string {
    const id = `00000000-0000-4000-8000-${String(++this.seq).padStart(12, '0')}`;
    this.research.set(id, createResearchJob(id, this.clock.now(), t));
    return id;
  }

  createAgent(t: AgentTimeline = {}): string {
    const id = `00000000-0000-4000-9000-${String(++this.seq).padStart(12, '0')}`;
    this.agents.set(id, createAgentRun(id, this.clock.now(), t));
    return id;
  }

  /** Ends a run now, as if it had been planned this long. */
  finishNow(id: string): void {
    const run = this.agents.get(id);
    if (run) run.durationMs = this.clock.now() - run.createdAt;
  }

  count(id: string, route?: 'agent' | 'deepResearch' | 'cancel'): number {
    return this.log.filter((r) => r.id === id && (!route || r.route === route)).length;
  }
}

function setup(options: { maxJobs?: number } = {}) {
  const clock = new FakeClock();
  const service = new Service(clock);
  const storage = new SharedMemento();
  const disk = new MemoryDisk();
  const make = () => {
    const store = new ResearchStore({ source: service, storage, files: disk.view(), team: 't', clock, random: () => 0.5, ...options });
    store.setAttention({ focused: true, visible: true });
    store.start();
    return store;
  };
  const store = make();
  const finished: string[] = [];
  store.onDidFinishJob((j) => finished.push(j.id));
  return { clock, service, storage, store, finished, make };
}

/** Two windows on one team, "a" polling and "b" following, each looking at the shared list on every 3-second beat. */
function twoWindows(options: { watcher?: boolean; cancelledReads?: Service['cancelledReads'] } = {}) {
  const clock = new FakeClock();
  const service = new Service(clock);
  if (options.cancelledReads) service.cancelledReads = options.cancelledReads;
  const storage = new SharedMemento();
  const disk = new MemoryDisk();
  const make = (windowId: string, leader: boolean) => {
    const s = new ResearchStore({ source: service, storage, files: disk.view({ watcher: options.watcher ?? true }), team: 't', windowId, isLeader: () => leader, clock, random: () => 0.5 });
    s.setAttention({ focused: true, visible: true });
    s.start();
    return s;
  };
  const a = make('a', true);
  const b = make('b', false);
  const beat = async (ms: number) => {
    for (let t = 0; t < ms; t += 3_000) {
      await clock.advance(3_000);
      await Promise.all([a.reconcile(), b.reconcile()]);
    }
  };
  return { clock, service, a, b, beat };
}

describe('agent rows', () => {
  test('the credits word agrees with the number shown, rounded (the service may send a fraction)', () => {
    const run = (creditsUsed: number) => agentFacts({ kind: 'agent', id: 'x', status: 'completed', creditsUsed } as AgentJob, 'en-US');
    assert.deepEqual([run(1.4), run(1), run(1.6), run(0)], [['1 credit'], ['1 credit'], ['2 credits'], ['0 credits']]);
  });
});

describe('finding the kind of a tracked id', () => {
  test('an agent id is asked as an agent job only, and polled to completion', async () => {
    const { clock, service, store, finished } = setup();
    const id = service.createAgent({ durationMs: 30_000 });
    store.track([id]);
    await clock.advance(0);
    assert.equal(store.get(id)?.kind, 'agent');
    assert.equal(agentOf(store.get(id)?.snapshot)?.status, 'processing');
    await clock.advance(40_000);
    assert.equal(store.get(id)?.snapshot?.status, 'completed');
    assert.ok(agentOf(store.get(id)?.snapshot)?.data);
    assert.deepEqual(finished, [id]);
    assert.equal(service.count(id, 'deepResearch'), 0);
    assert.equal(store.isPolling, false, 'no timer once it is done');
  });

  test('a deep research id: one agent look (404), then deep research from then on', async () => {
    const { clock, service, store } = setup();
    const id = service.createResearch({ durationMs: 30_000 });
    store.track([id]);
    await clock.advance(40_000);
    assert.equal(store.get(id)?.kind, 'deepResearch');
    assert.equal(store.get(id)?.snapshot?.status, 'completed');
    assert.equal(service.count(id, 'agent'), 1);
    assert.ok(service.count(id, 'deepResearch') >= 5);
  });

  test('a mix of both kinds shares one poller; each job is asked on its own route', async () => {
    const { clock, service, store, finished } = setup();
    const agents = [service.createAgent({ durationMs: 20_000 }), service.createAgent({ durationMs: 50_000, outcome: 'failed' })];
    const research = [service.createResearch({ durationMs: 35_000 })];
    store.track([...agents, ...research]);
    await clock.advance(60_000);
    assert.deepEqual(
      store.jobs.map((j) => [j.kind, j.snapshot?.status]),
      [
        ['agent', 'completed'],
        ['agent', 'failed'],
        ['deepResearch', 'completed'],
      ],
    );
    assert.deepEqual([...finished].sort(), [...agents, ...research].sort());
    for (const id of agents) assert.equal(service.count(id, 'deepResearch'), 0);
    assert.equal(store.isPolling, false);
  });

  test('runs of both kinds picked together keep the order they were picked in, in every window, and are asked on their own routes only', async () => {
    const { service, a, b, beat } = twoWindows();
    const picked = [service.createAgent({ durationMs: 600_000 }), service.createResearch({ durationMs: 600_000 }), service.createAgent({ durationMs: 600_000 })];
    const kinds = new Map<string, JobKind>(picked.map((id, i) => [id, i === 1 ? 'deepResearch' : 'agent']));
    assert.deepEqual(a.track(picked, kinds).added, picked);
    assert.deepEqual(
      a.jobs.map((j) => j.id),
      picked,
    );
    await beat(9_000);
    assert.deepEqual(
      b.jobs.map((j) => [j.id, j.kind]),
      picked.map((id) => [id, kinds.get(id)]),
      'the other window reads them back in the same order',
    );
    for (const id of picked) assert.equal(service.count(id, kinds.get(id) === 'agent' ? 'deepResearch' : 'agent'), 0, id);
  });

  test('a mistyped id pasted before a real one gives back the place it took: with one left beside running jobs, the real one is tracked', async () => {
    const { service, store } = setup({ maxJobs: 2 });
    const running = service.createAgent({ durationMs: 600_000 });
    store.track([running]);
    await store.refresh(running);
    const real = service.createAgent({ durationMs: 600_000 });
    const mistyped = '0b7c1e2d-3f4a-4b5c-8d6e-7f8091a2b3c4';
    const outcome = await trackChecked(store, [mistyped, real]);
    assert.deepEqual(outcome.notFound, [mistyped]);
    assert.deepEqual(outcome.added, [real]);
    assert.deepEqual(outcome.refused, []);
    assert.deepEqual(
      store.jobs.map((j) => j.id),
      [real, running],
    );
  });

  test('an id found as neither: stopped, kind still unknown, after exactly two requests', async () => {
    const { clock, service, store } = setup();
    const id = '0b7c1e2d-3f4a-4b5c-8d6e-7f8091a2b3c4';
    store.track([id]);
    const outcome = await store.refresh(id);
    await clock.advance(10_000);
    assert.equal(outcome.job?.kind, undefined);
    const stopped = store.get(id)?.poll;
    assert.equal(stopped?.kind === 'stopped' && stopped.reason, 'notFound');
    assert.deepEqual(
      service.log.map((r) => r.route),
      ['agent', 'deepResearch'],
    );
    assert.match(pollNotice(store.get(id)!, clock.now()) ?? '', /^Not found as an agent job or a deep research job/);
  });
});

describe('the Deep Research shutdown', () => {
  test('410 while running: the job is announced once in the window that polled and once in the one that followed; a finished job is not announced again', async () => {
    const { clock, service, a, b, beat } = twoWindows({ watcher: false });
    const heard: string[] = [];
    a.onDidFinishJob((j) => heard.push(`a:${j.id === running ? 'running' : 'done'}`));
    b.onDidFinishJob((j) => heard.push(`b:${j.id === running ? 'running' : 'done'}`));
    const running = service.createResearch({ durationMs: 600_000, activities: 4 });
    const done = service.createResearch({ durationMs: 20_000 });
    a.track([running, done]);
    await beat(60_000);
    assert.equal(b.get(running)?.snapshot?.status, 'processing', 'the follower follows the leader');
    assert.deepEqual(heard.sort(), ['a:done', 'b:done']);
    heard.length = 0;
    service.shutdownAt = clock.now() + 1;
    await beat(60_000);
    const lost = a.get(running)!;
    assert.equal(lost.poll.kind === 'stopped' && lost.poll.reason, 'gone');
    assert.deepEqual(heard.sort(), ['a:running', 'b:running'], 'each window hears of it once; the finished job stays quiet');
    a.dispose();
    b.dispose();
  });

  test('after the shutdown, Clear Finished keeps the deep research jobs (nothing can read their findings again) and the cap drops them last', async () => {
    const { clock, service, store } = setup({ maxJobs: 4 });
    const done = service.createResearch({ durationMs: 20_000, activities: 3, sources: 2 });
    const running = service.createResearch({ durationMs: 600_000, activities: 4 });
    const run = service.createAgent({ durationMs: 20_000 });
    store.track([done, running, run]);
    await clock.advance(60_000);
    assert.equal(store.clearFinished().removed, 2, 'before the shutdown a finished job of either kind can be read again: both go');
    store.track([done]);
    await clock.advance(60_000);
    store.track([run]);
    await clock.advance(60_000);
    service.shutdownAt = clock.now() + 1;
    await clock.advance(60_000);
    assert.equal(store.deepResearchNotice.shutDownAt !== undefined, true);
    // The cap: the agent run goes to make room, not a deep research job, though it finished later.
    const first = service.createAgent({ durationMs: 600_000 });
    const second = service.createAgent({ durationMs: 600_000 });
    store.track([first, second]);
    // As Track Job does once the new ids are looked up.
    assert.deepEqual(store.makeRoom([first, second]), [run]);
    const cleared = store.clearFinished();
    assert.deepEqual([cleared.removed, [...cleared.kept].sort()], [0, [done, running].sort()]);
    assert.ok(store.get(done) && store.get(running), 'both deep research jobs, and what they found, stay');
    assert.ok(store.untrack(done), 'one at a time, on purpose, they can go');
    store.dispose();
  });

  test('a 410 one window met is known in the other: its Clear Finished keeps the deep research findings there too', async () => {
    const { clock, service, a, b, beat } = twoWindows();
    const done = service.createResearch({ durationMs: 20_000, activities: 3, sources: 2 });
    const running = service.createResearch({ durationMs: 600_000, activities: 4 });
    a.track([done, running]);
    await beat(120_000);
    assert.equal(b.get(done)?.snapshot?.status, 'completed');
    service.shutdownAt = clock.now() + 1;
    await beat(60_000);
    assert.notEqual(a.deepResearchNotice.shutDownAt, undefined);
    assert.equal(b.deepResearchNotice.shutDownAt, a.deepResearchNotice.shutDownAt, 'one record, read by both windows');
    const cleared = b.clearFinished();
    assert.deepEqual([cleared.removed, [...cleared.kept].sort()], [0, [done, running].sort()]);
    await beat(6_000);
    assert.ok(a.get(done) && a.get(running), 'nothing was taken from the polling window either');
    a.dispose();
    b.dispose();
  });

  test('after the shutdown, a deep research job stopped before it found anything is cleared like any finished job: it has nothing to keep', async () => {
    const { clock, service, store } = setup();
    // Its one step and its one source come late in a long run: at the shutdown it has found nothing yet.
    const empty = service.createResearch({ durationMs: 3_600_000, activities: 1, sources: 1 });
    const found = service.createResearch({ durationMs: 600_000, activities: 8, sources: 6 });
    store.track([empty, found]);
    await clock.advance(300_000);
    const nothing = deepResearchOf(store.get(empty)?.snapshot);
    assert.deepEqual([nothing?.status, nothing?.activities.length, nothing?.sources.length], ['processing', 0, 0]);
    assert.ok((deepResearchOf(store.get(found)?.snapshot)?.activities.length ?? 0) > 0);
    service.shutdownAt = clock.now() + 1;
    await clock.advance(60_000);
    const cleared = store.clearFinished();
    assert.deepEqual([cleared.removed, cleared.kept], [1, [found]]);
    assert.equal(store.get(empty), undefined);
    store.dispose();
  });

  test('410 mid-poll: the job keeps its snapshot, stops polling for good, says the API was shut down', async () => {
    const { clock, service, store, storage, make } = setup();
    const id = service.createResearch({ durationMs: 300_000, activities: 10, sources: 6 });
    store.track([id]);
    await clock.advance(120_000);
    const before = deepResearchOf(store.get(id)?.snapshot);
    assert.ok(before && before.activities.length > 0);
    service.shutdownAt = clock.now() + 1;
    await clock.advance(30_000);
    const job = store.get(id)!;
    assert.equal(job.poll.kind === 'stopped' && job.poll.reason, 'gone');
    assert.ok(isFinished(job));
    assert.equal(deepResearchOf(job.snapshot)?.activities.length, before.activities.length, 'the last snapshot stays');
    assert.equal(describeJob(job, clock.now()).description, 'API shut down · deep research · depth ' + `${before.currentDepth}/${before.maxDepth} · ${before.sources.length} URLs`);
    assert.match(pollNotice(job, clock.now()) ?? '', /shut the Deep Research API down: .*Agent API.*The last results stay here\.$/);
    assert.equal(store.deepResearchNotice.shutDownAt !== undefined, true);
    // What it found can still be kept: the view tells people to save their results.
    const formats = resultFormats(job);
    assert.deepEqual(
      formats.map((f) => f.label),
      ['What it found before it stopped (Markdown)', 'Last snapshot (JSON)'],
    );
    assert.match(formats[0]!.text, new RegExp(`## Activities \\(${before.activities.length}\\)[\\s\\S]*## Sources \\(${before.sources.length}\\)\\n\\n- .*<https://`));
    assert.equal(JSON.parse(formats[1]!.text).activities.length, before.activities.length);
    assert.match(jobContextValue(job), /\bresult\b/);
    const asked = service.count(id, 'deepResearch');
    await clock.advance(600_000);
    assert.equal(service.count(id, 'deepResearch'), asked, 'no request after the 410');
    assert.equal(store.isPolling, false);
    await store.flush();
    store.dispose();
    const again = make();
    await again.ready;
    const restored = again.get(id)!;
    assert.equal(restored.poll.kind === 'stopped' && restored.poll.reason, 'gone', 'it stays final after a restart');
    assert.equal(again.deepResearchNotice.shutDownAt !== undefined, true, 'and the view still says Deep Research was shut down');
    assert.equal(restored.kind, 'deepResearch');
    assert.ok(storage.map.size > 0);
    // The service answers deep research again (another server, or the shutdown rolled back): it was not shut down after all.
    service.shutdownAt = Infinity;
    const later = service.createResearch({ durationMs: 300_000 });
    again.track([later]);
    await clock.advance(30_000);
    assert.equal(again.get(later)?.snapshot?.status, 'processing');
    assert.equal(again.deepResearchNotice.shutDownAt, undefined);
    await again.flush();
    again.dispose();
    const third = make();
    await third.ready;
    assert.equal(third.deepResearchNotice.shutDownAt, undefined, 'and that is kept too');
    third.dispose();
  });

  test('a route unmounted at the shutdown reads as the shutdown; before it, as a refusal', async () => {
    const { clock, service, store, finished } = setup();
    const timeline = { durationMs: 3_600_000, activities: 60, sources: 30 };
    const early = service.createResearch(timeline);
    // The service's Sunset brings the shutdown within the test's reach.
    const sunsetAt = Math.floor((clock.now() + 600_000) / 1000) * 1000;
    service.sunset = new Date(sunsetAt).toUTCString();
    store.track([early]);
    await clock.advance(30_000);
    assert.equal(store.deepResearchNotice.sunsetAt, sunsetAt);
    // Before the shutdown a missing route is a wrong address or a proxy: the job stops as refused.
    service.unmountedAt = clock.now() + 1;
    await clock.advance(30_000);
    const refused = store.get(early)!;
    assert.equal(refused.poll.kind === 'stopped' && refused.poll.reason, 'rejected');
    assert.equal(store.deepResearchNotice.shutDownAt, undefined);
    store.untrack(early);
    // At the shutdown the route goes: the job being polled keeps what it found, and it can be saved.
    service.unmountedAt = sunsetAt;
    const late = service.createResearch(timeline);
    store.track([late]);
    await clock.advance(sunsetAt - clock.now() - 1_000);
    const found = deepResearchOf(store.get(late)?.snapshot)!;
    assert.ok(found.activities.length > 0 && store.get(late)!.poll.kind === 'polling');
    await clock.advance(60_000);
    const job = store.get(late)!;
    assert.equal(job.poll.kind === 'stopped' && job.poll.reason, 'gone');
    assert.ok(isFinished(job));
    assert.equal(store.deepResearchNotice.shutDownAt !== undefined, true);
    assert.equal(deepResearchOf(job.snapshot)?.activities.length, found.activities.length, 'the last snapshot stays');
    const notice = pollNotice(job, clock.now()) ?? '';
    assert.match(notice, /shut the Deep Research API down: .*The last results stay here\.$/);
    assert.doesNotMatch(notice, /410/, 'the route answered a page, not 410 Gone');
    assert.match(jobContextValue(job), /\bresult\b/);
    assert.equal(resultFormats(job)[0]!.label, 'What it found before it stopped (Markdown)');
    assert.deepEqual(finished, [late], 'the job lost at the shutdown is announced (it will not finish); the refused one is not');
  });

  test('a service still answering past its sunset has not shut down: the line says so, its jobs stay readable, and the 410 that comes later is not dated by the sunset', async () => {
    const { clock, service, store, make } = setup();
    const sunsetAt = Math.floor((clock.now() + 600_000) / 1000) * 1000;
    service.sunset = new Date(sunsetAt).toUTCString();
    const id = service.createResearch({ durationMs: 3_600_000, activities: 60, sources: 30 });
    store.track([id]);
    await clock.advance(30_000);
    assert.equal(hasShutDown(store.deepResearchNotice, clock.now()), false);
    assert.equal(hasShutDown(store.deepResearchNotice, sunsetAt), true, 'past the date with no answer since, the date is all there is');
    await clock.advance(sunsetAt - clock.now() + 60_000);
    const job = store.get(id)!;
    assert.equal(job.poll.kind, 'polling');
    assert.equal(hasShutDown(store.deepResearchNotice, clock.now()), false, 'it answered past its date');
    const later = make();
    assert.equal(hasShutDown(later.deepResearchNotice, clock.now() + 86_400_000), false, 'and that is kept: a window opened later does not call it shut down by the date');
    later.dispose();
    const date = new Date(sunsetAt).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    assert.equal(
      shutdownMessage(store.jobs, store.deepResearchNotice, clock.now(), 'en-US'),
      `Deep Research was due to shut down on ${date} and still answers for now. Save results you want to keep.`,
    );
    const row = describeJob(job, clock.now(), {}, readableUntilShutdown(store.deepResearchNotice));
    assert.doesNotMatch(`${row.description ?? ''}`, /shut down|expire/, 'the row does not call it gone');
    const cleared = store.clearFinished();
    assert.deepEqual(cleared.kept, [], 'nothing is kept for want of a reader: it can still be read');
    service.shutdownAt = clock.now() + 1;
    await clock.advance(60_000);
    const gone = store.get(id)!.poll;
    assert.equal(gone.kind === 'stopped' && gone.reason, 'gone');
    assert.equal(hasShutDown(store.deepResearchNotice, clock.now()), true);
    assert.match(
      shutdownMessage(store.jobs, store.deepResearchNotice, clock.now(), 'en-US') ?? '',
      /^Deep Research was shut down\. Its jobs here keep their last results/,
      'not "on" the sunset it outlived',
    );
    store.dispose();
  });

  test('a Sunset header moves the announced date; the view message counts the days and goes with the last deep research job', async () => {
    const { clock, service, store, make } = setup();
    const now = clock.now();
    const id = service.createResearch({ durationMs: 5_000 });
    assert.equal(shutdownMessage(store.jobs, store.deepResearchNotice, now, 'en-US'), undefined, 'no job, no message');
    service.sunset = 'Thu, 10 Dec 2026 15:00:00 GMT';
    store.track([id]);
    await clock.advance(10_000);
    assert.equal(store.deepResearchNotice.sunsetAt, Date.parse('2026-12-10T15:00:00Z'));
    assert.equal(
      shutdownMessage(store.jobs, store.deepResearchNotice, Date.parse('2026-11-23T12:00:00Z'), 'en-US'),
      'Deep Research shuts down on Dec 10, 2026 (in 17 days). Save results you want to keep.',
    );
    assert.equal(
      shutdownMessage(store.jobs, store.deepResearchNotice, Date.parse('2026-12-10T03:00:00Z'), 'en-US'),
      'Deep Research shuts down on Dec 10, 2026 (in less than a day). Save results you want to keep.',
    );
    assert.match(
      shutdownMessage(store.jobs, store.deepResearchNotice, Date.parse('2026-12-11T00:00:00Z'), 'en-US') ?? '',
      /^Deep Research was shut down on Dec 10, 2026\. Its jobs here keep their last results/,
    );
    service.sunset = 'Fri, 01 Jan 2027 00:00:00 GMT';
    await store.refresh(id);
    assert.equal(store.deepResearchNotice.sunsetAt, Date.parse('2027-01-01T00:00:00Z'), 'the service may move it');
    store.dispose();
    assert.equal(make().deepResearchNotice.sunsetAt, Date.parse('2027-01-01T00:00:00Z'), 'a finished job is never asked again: the date is kept');
    store.untrack(id);
    assert.equal(shutdownMessage(store.jobs, store.deepResearchNotice, clock.now(), 'en-US'), undefined);
  });

  test('without a Sunset header the published date is used', () => {
    const { store } = setup();
    assert.equal(store.deepResearchNotice.sunsetAt, Date.parse('2026-12-10T15:00:00.000Z'));
    assert.equal(DEEP_RESEARCH_SUNSET, Date.parse('2026-12-10T15:00:00.000Z'));
  });
});

describe('agent runs', () => {
  test('cancel: DELETE once, and the row changes only when the service says cancelled', async () => {
    const { clock, service, store, finished } = setup();
    const id = service.createAgent({ durationMs: 120_000 });
    store.track([id]);
    await clock.advance(5_000);
    assert.match(jobContextValue(store.get(id)!), /\bcancelable\b/);
    const outcome = await store.cancel(id);
    assert.equal(outcome.error, undefined);
    assert.equal(service.count(id, 'cancel'), 1);
    assert.equal(store.get(id)?.snapshot?.status, 'cancelled');
    assert.doesNotMatch(jobContextValue(store.get(id)!), /\bcancelable\b/);
    assert.deepEqual(finished, [id]);
  });

  test('a run stopped at its credit limit: a warning, not an error, with its credits; its partial result opens, saves and copies', async () => {
    const { clock, service, store } = setup();
    const id = service.createAgent({ durationMs: 60_000, credits: 400, maxCredits: 100, model: 'spark-1-pro', effort: 'high' });
    store.track([id]);
    await clock.advance(30_000);
    const job = store.get(id)!;
    const s = agentOf(job.snapshot)!;
    assert.deepEqual([s.status, s.stopReason, s.creditsUsed, s.data, s.partialSchemaValid], ['failed', 'credit_limit_reached', 100, undefined, true]);
    const row = describeJob(job, clock.now());
    assert.match(row.description ?? '', /^stopped at its credit limit · agent · spark-1-pro · 100 credits · expires in /, 'the model as reported, the credits it spent');
    assert.deepEqual(row.icon, { id: 'warning', color: 'problemsWarningIcon.foreground' });
    const children = describeChildren(job, { kind: 'job', jobId: id }, clock.now());
    assert.deepEqual(
      children.map((g) => g.label),
      ['Partial result (JSON)'],
    );
    assert.equal(children[0]?.command?.command, 'firecrawl.openResearchJson');
    assert.match(jobContextValue(job), /^job agent creditLimit finished json result$/);
    const formats = resultFormats(job);
    assert.deepEqual(
      formats.map((f) => f.format),
      ['json'],
    );
    assert.deepEqual(JSON.parse(formats[0]!.text), s.partial);
    assert.deepEqual(
      agentTooltipRows(s).find(([label]) => label === 'Effort'),
      ['Effort', 'high'],
    );
    assert.deepEqual(
      agentTooltipRows(s).find(([label]) => label === 'Stop reason'),
      ['Stop reason', 'its credit limit was reached'],
      "in words, not the service's code",
    );
    for (const [reason, said] of [
      ['a_reason_added_later', 'a_reason_added_later'],
      ['constructor', 'constructor'],
    ])
      assert.deepEqual(
        agentTooltipRows({ ...s, stopReason: reason }).find(([label]) => label === 'Stop reason'),
        ['Stop reason', said],
        'one not known is shown as sent',
      );
  });

  test('the run’s message is a plain-text row whatever its status', async () => {
    const { clock, service, store } = setup();
    const id = service.createAgent({ durationMs: 1_000, message: '$(zap) [done](command:workbench.action.quit)' });
    store.track([id]);
    await clock.advance(0);
    const running = describeChildren(store.get(id)!, { kind: 'job', jobId: id }, clock.now());
    assert.equal(running[0]?.label, '$\u200b(zap) [done]\u200b(command:workbench.action.quit)');
    const finished = { ...store.get(id)!, poll: { kind: 'idle' as const }, snapshot: { ...agentOf(store.get(id)!.snapshot)!, status: 'completed', data: { ok: true } } };
    assert.deepEqual(
      describeChildren(finished, { kind: 'job', jobId: id }, clock.now()).map((g) => g.contextValue),
      ['message', 'json'],
    );
  });

  test('cancel after the run finished (409 "Agent already finished"): the row is read again and the outcome says so', async () => {
    const { clock, service, store } = setup();
    const id = service.createAgent({ durationMs: 60_000 });
    store.track([id]);
    await clock.advance(1_000);
    service.finishNow(id);
    assert.equal(store.get(id)?.snapshot?.status, 'processing', 'the row has not heard yet');
    const outcome = await store.cancel(id);
    assert.deepEqual([outcome.error, outcome.conflict], [undefined, 'finished']);
    assert.equal(store.get(id)?.snapshot?.status, 'completed');
    assert.equal(cancelConflictText('finished', 'abcd1234'), 'Agent job abcd1234 had already finished before it could be cancelled; its row shows how it ended.');
  });

  test('a run we cancelled that the service later reads as failed shows as cancelled; a second cancel is "already cancelled"', async () => {
    const { clock, service, store, make } = setup();
    service.cancelledReads = 'failed';
    const id = service.createAgent({ durationMs: 120_000 });
    store.track([id]);
    await clock.advance(1_000);
    assert.equal((await store.cancel(id)).error, undefined);
    assert.equal(store.get(id)?.snapshot?.status, 'cancelled');
    assert.match(describeJob(store.get(id)!, clock.now()).description ?? '', /^cancelled · agent/);
    const again = await store.cancel(id);
    assert.deepEqual([again.error, again.conflict, store.get(id)?.snapshot?.status], [undefined, 'cancelled', 'cancelled']);
    // Another window (or a restart) reads the saved snapshot; a refresh that reads failed keeps it cancelled.
    await store.flush();
    store.dispose();
    const other = make();
    await other.ready;
    assert.equal(other.get(id)?.snapshot?.status, 'cancelled', 'the saved copy');
    await other.refresh(id);
    assert.equal(other.get(id)?.snapshot?.status, 'cancelled');
    other.dispose();
  });

  test('a failed cancel is returned, and the job keeps polling', async () => {
    const { clock, service, store } = setup();
    const id = service.createAgent({ durationMs: 120_000 });
    store.track([id]);
    await clock.advance(1_000);
    service.client.cancelAgentJob = () => Promise.reject(new GoneError({ operation: 'agentCancel' }));
    const outcome = await store.cancel(id);
    assert.equal((outcome.error as GoneError).kind, 'gone');
    assert.equal(store.get(id)?.snapshot?.status, 'processing');
    assert.equal(store.isPolling, true);
  });

  test('404 after expiry: expired, saying when, with the last result kept', async () => {
    const { clock, service, store } = setup();
    const id = service.createAgent({ durationMs: 5_000, expireAfterMs: 60_000 });
    store.track([id]);
    await clock.advance(10_000);
    const expiresAt = Date.parse(store.get(id)!.snapshot!.expiresAt!);
    await clock.advance(120_000);
    await store.refresh(id);
    const job = store.get(id)!;
    assert.equal(job.poll.kind === 'stopped' && job.poll.reason, 'notFound');
    assert.equal(
      pollNotice(job, clock.now()),
      `Expired on Nov 20, 2026 (${new Date(expiresAt)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC')}): the service keeps agent results until then.`,
    );
    assert.ok(agentOf(job.snapshot)?.data, 'the result stays readable');
  });

  test('rows: kind first, model and credits; message, approval and partial data while running; suggestions and the result after', async () => {
    const { clock, service, store } = setup();
    const id = service.createAgent({ durationMs: 60_000, approvalAfterMs: 30_000, model: 'spark-2' });
    // Begun now, as the team's recent activity says.
    store.track([id], 'agent', [{ id, ranAt: clock.now() }]);
    await clock.advance(35_000);
    const running = store.get(id)!;
    assert.match(describeJob(running, clock.now()).description ?? '', /^processing · agent · spark-2 · \d+ credits · 3\ds$/);
    assert.equal(describeJob(running, clock.now()).label, `Agent job ${id.slice(0, 8)}`);
    const groups = describeChildren(running, { kind: 'job', jobId: id }, clock.now());
    assert.deepEqual(
      groups.map((g) => g.label),
      ['Reading 4 pages', 'Waiting for approval', 'Preview'],
    );
    assert.equal(groups[1]?.description, 'This run needs more credits than maxCredits allows. Approve to continue.', 'an approval reads as its message, not as JSON');
    assert.deepEqual(
      groups[1]?.tooltip?.().rows.map(([, text]) => text),
      [
        'This run needs more credits than maxCredits allows. Approve to continue.',
        jsonText({ type: 'maxCredits', requestedCredits: (agentOf(running.snapshot)!.pendingApproval as { requestedCredits: number }).requestedCredits }),
      ],
    );
    const unworded = describeAgentGroup(running, { ...agentOf(running.snapshot)!, pendingApproval: { type: 'tool', tool: 'browser' } }, 'approval');
    assert.equal(unworded.description, jsonText({ type: 'tool', tool: 'browser' }).replace(/\s+/g, ' '), 'an approval without words reads as its JSON');
    assert.equal(groups[2]?.description, 'partial data so far');
    assert.equal(groups[2]?.command?.arguments[1], 'partial');
    await clock.advance(30_000);
    const done = store.get(id)!;
    const after = describeChildren(done, { kind: 'job', jobId: id }, clock.now());
    assert.deepEqual(
      after.map((g) => g.label),
      ['Result (JSON)', 'Suggestions (2)'],
    );
    const suggestions = describeChildren(done, { kind: 'group', jobId: id, group: 'suggestions' }, clock.now());
    assert.equal(suggestions.length, 2);
    assert.match(jobContextValue(done), /^job agent completed finished json result$/);
    const formats = resultFormats(done);
    assert.deepEqual(
      formats.map((f) => f.format),
      ['json'],
    );
    assert.deepEqual(JSON.parse(formats[0]!.text), agentOf(done.snapshot)!.data);
    assert.equal(resultFileName(done, formats[0]!), `agent-${id.slice(0, 8)}-result.json`);
  });

  test('a text result is kept as Markdown; a deep research job offers both its analysis and its JSON', async () => {
    const { clock, service, store } = setup();
    const text = service.createAgent({ durationMs: 1_000, data: '# Three APIs compared\n\nAll of them …' });
    const research = service.createResearch({ durationMs: 1_000, withJson: true });
    store.track([text, research]);
    await clock.advance(5_000);
    const t = store.get(text)!;
    assert.deepEqual(
      resultFormats(t).map((f) => [f.format, f.label]),
      [['markdown', 'Result (Markdown)']],
    );
    const r = store.get(research)!;
    assert.deepEqual(
      resultFormats(r).map((f) => f.format),
      ['markdown', 'json'],
    );
    assert.match(resultFileName(r, resultFormats(r)[0]!), /^findings-on-how-do-web-crawlers-decide-what-to-fetch-next-analysis\.md$/);
    // A title in another script keeps its words; one with none left names the job by its kind and id.
    const titled = (finalAnalysis: string): TrackedJob => ({ ...r, snapshot: { ...deepResearchOf(r.snapshot)!, finalAnalysis } });
    assert.equal(resultFileName(titled('# Überblick: クローラーの調査\n\nText'), resultFormats(r)[0]!), 'überblick-クローラーの調査-analysis.md');
    assert.equal(resultFileName(titled('# ???\n\nText'), resultFormats(r)[0]!), `deep-research-${research.slice(0, 8)}-analysis.md`);
    assert.deepEqual(resultFormats({ ...r, poll: { kind: 'polling' }, snapshot: { ...r.snapshot!, status: 'processing' } }), [], 'nothing to keep while running');
    // The tree's "can be saved" mark is decided without building the files: it agrees with them.
    const shutWithFindings: TrackedJob = { ...r, poll: { kind: 'stopped', reason: 'gone', at: 0 }, snapshot: { ...deepResearchOf(r.snapshot)!, status: 'processing' } };
    const shutEmpty: TrackedJob = { ...shutWithFindings, snapshot: { ...deepResearchOf(r.snapshot)!, status: 'processing', activities: [], sources: [] } };
    const running: TrackedJob = { ...r, poll: { kind: 'polling' }, snapshot: { ...deepResearchOf(r.snapshot)!, status: 'processing' } };
    for (const job of [t, r, shutWithFindings, shutEmpty, running, { ...t, snapshot: undefined }]) {
      assert.equal(/\bresult\b/.test(jobContextValue(job)), resultFormats(job).length > 0, `${job.snapshot?.status} ${job.poll.kind}`);
    }
    assert.equal(resultFormats(shutWithFindings).length, 2);
  });
});

describe('rows say what the service said', () => {
  test('a status the service has and we do not know is shown as its own word, and still polled', async () => {
    const { clock, service, store } = setup();
    const id = service.createAgent({ durationMs: 60_000 });
    store.track([id]);
    await clock.advance(3_000);
    const job = store.get(id)!;
    const queued = { ...job, snapshot: { ...job.snapshot!, status: 'queued' } } as typeof job;
    assert.match(describeJob(queued, clock.now()).description ?? '', /^queued · agent/);
    const said = (describeJob(queued, clock.now()).tooltip?.().rows ?? []).filter(([, value]) => value === 'queued');
    assert.deepEqual(said, [['Status', 'queued']], 'the tooltip says it once');
    const hostile = { ...job, snapshot: { ...job.snapshot!, status: '[x](command:evil)' } } as typeof job;
    assert.doesNotMatch(describeJob(hostile, clock.now()).description ?? '', /\]\(command:/);
    assert.equal(isFinished(queued), false);
    // Running in every way the rows ask: it can be cancelled, and its partial data previewed.
    assert.match(jobContextValue(queued), /\bcancelable\b/);
    const withPartial = { ...queued, snapshot: { ...agentOf(queued.snapshot)!, partial: { rows: [1] } } } as typeof job;
    assert.ok(agentGroups(agentOf(withPartial.snapshot)!).includes('partial'));
  });

  test('an agent 404 before its expiresAt (a skewed clock, an early delete) still names the date it was due', async () => {
    const { clock, service, store } = setup();
    const id = service.createAgent({ durationMs: 5_000, expireAfterMs: 600_000 });
    store.track([id]);
    await clock.advance(10_000);
    const seen = store.get(id)!;
    const expiresAt = Date.parse(seen.snapshot!.expiresAt!);
    const stopped = { ...seen, poll: { kind: 'stopped', reason: 'notFound' } } as typeof seen;
    assert.match(pollNotice(stopped, clock.now()) ?? '', /^Not found, although the service said it would keep it until Nov \d+, 2026 \(2026-/);
    assert.match(pollNotice(stopped, expiresAt + 1) ?? '', /^Expired on Nov \d+, 2026/);
    assert.match(describeJob(stopped, expiresAt + 1).description ?? '', /^expired or not found · agent · .* · on Nov \d+, 2026$/);
  });

  test('the kind leads an untitled label (titled ones: ids-and-tree)', () => {
    const clock = new FakeClock(Date.UTC(2026, 10, 20));
    const base = { id: '0b9e2a4c-1111-4222-8333-444455556666', trackedAt: clock.now(), poll: { kind: 'polling' } };
    assert.equal(describeJob({ ...base, kind: 'agent' } as never, clock.now()).label, 'Agent job 0b9e2a4c');
    assert.equal(describeJob({ ...base, kind: 'deepResearch' } as never, clock.now()).label, 'Deep research 0b9e2a4c');
  });
});

describe('a run started from this editor', () => {
  test('that ends before its first answer is announced; a run tracked after it ended is not', async () => {
    const { clock, service, store, finished } = setup();
    const quick = service.createAgent({ durationMs: 500 });
    const old = service.createAgent({ durationMs: 500 });
    await clock.advance(1_000);
    store.track([quick], 'agent', [{ id: quick, startedHere: true }]);
    store.track([old], 'agent');
    await clock.advance(5_000);
    assert.equal(store.get(quick)?.snapshot?.status, 'completed');
    assert.equal(store.get(old)?.snapshot?.status, 'completed');
    assert.deepEqual(finished, [quick]);
    store.dispose();
  });

  test("in the window that does not poll: announced there when the polling window's copy shows it ended", async () => {
    const { clock, service, a, b, beat } = twoWindows();
    const heard: string[] = [];
    a.onDidFinishJob((j) => heard.push(`a:${j.id}`));
    b.onDidFinishJob((j) => heard.push(`b:${j.id}`));
    const quick = service.createAgent({ durationMs: 500 });
    await clock.advance(1_000);
    b.track([quick], 'agent', [{ id: quick, startedHere: true }]);
    await beat(12_000);
    assert.equal(b.get(quick)?.snapshot?.status, 'completed');
    assert.deepEqual(heard, [`b:${quick}`]);
    a.dispose();
    b.dispose();
  });
  test('is named by the prompt it was started with, in every window and after a restart: the service never says it', async () => {
    const { clock, service, a, b, beat } = twoWindows();
    const id = service.createAgent({ durationMs: 600_000 });
    const prompt = `Compare the  pricing\nof three   scraping APIs ${'and more '.repeat(100)}`;
    b.track([id], 'agent', [{ id, prompt, startedHere: true }]);
    const kept = b.get(id)?.prompt ?? '';
    assert.match(kept, /^Compare the pricing of three scraping APIs and more and more/, 'one line, spaces as one');
    assert.equal(kept.length, 500, 'the start of a long prompt');
    assert.match(describeJob(b.get(id)!, clock.now()).label, /^Agent job: Compare the pricing of three scraping APIs/);
    await beat(6_000);
    assert.equal(a.get(id)?.prompt, kept, 'the polling window read it from the job file');
    const row = describeJob(a.get(id)!, clock.now());
    assert.match(row.label, /^Agent job: Compare the pricing/);
    assert.ok(
      row.tooltip?.().rows.some(([label, value]) => label === 'Prompt' && value === kept),
      'the tooltip says the prompt',
    );
    // A run tracked by its id alone (pasted, or from a hover) has no prompt: its row is named by its id.
    const other = service.createAgent({ durationMs: 600_000 });
    a.track([other], 'agent');
    assert.equal(describeJob(a.get(other)!, clock.now()).label, `Agent job ${other.slice(0, 8)}`);
    a.dispose();
    b.dispose();
  });
});

describe('when a tracked run began', () => {
  const started = (job: TrackedJob, now: number) =>
    describeJob(job, now)
      .tooltip?.()
      .rows.find(([label]) => label === 'Started')?.[1];

  test("as the team's recent activity says, in every window, and not moved by an approval; a run tracked by its id alone says nothing of it", async () => {
    const { clock, service, a, b, beat } = twoWindows();
    const began = clock.now();
    const id = service.createAgent({ durationMs: 2 * 3_600_000, approvalAfterMs: 3_600_000 + 30_000 });
    const pasted = service.createAgent({ durationMs: 2 * 3_600_000 });
    // Tracked an hour into the run: its row counts from the run's start, not from the track.
    await clock.advance(3_600_000);
    b.track([id, pasted], 'agent', [{ id, ranAt: began }]);
    await beat(6_000);
    for (const store of [a, b]) {
      assert.equal(store.get(id)?.ranAt, began, 'every window reads it from the job file');
      assert.match(describeJob(store.get(id)!, clock.now()).description ?? '', / · 1h 0m$/);
      assert.match(started(store.get(id)!, clock.now()) ?? '', /\(1h ago\)$/);
    }
    // No start is known for the other: the time this window began to watch is not the run's.
    assert.doesNotMatch(describeJob(a.get(pasted)!, clock.now()).description ?? '', /\d[smh]$/);
    assert.equal(started(a.get(pasted)!, clock.now()), undefined);
    // Waiting for approval, then given it: the poll's time limit counts afresh, the run's start stays.
    await beat(60_000);
    assert.ok(a.get(id)?.snapshot?.kind === 'agent' && a.get(id)?.snapshot?.status === 'processing');
    await clock.advance(30 * 60_000);
    await beat(6_000);
    assert.ok(a.get(id)!.watchStartedAt! > began + 3_600_000, 'the time limit counts from the approval');
    assert.match(describeJob(a.get(id)!, clock.now()).description ?? '', / · 1h 31m$/);
    a.dispose();
    b.dispose();
  });

  test('an id typed or pasted takes its start from the recent activity where it is listed there', async () => {
    const { clock, service, store } = setup();
    const listed = service.createAgent({ durationMs: 3_600_000 });
    const unlisted = service.createAgent({ durationMs: 3_600_000 });
    const began = clock.now();
    await clock.advance(20 * 60_000);
    const outcome = await trackChecked(store, [listed.toUpperCase(), unlisted], undefined, { ranAt: (id) => (id === listed ? began : undefined) });
    assert.deepEqual(outcome.added, [listed, unlisted]);
    assert.equal(store.get(listed)?.ranAt, began);
    assert.equal(store.get(unlisted)?.ranAt, undefined);
    assert.match(describeJob(store.get(listed)!, clock.now()).description ?? '', / · 20m 0s$/);
    store.dispose();
  });

  test('a run started here began when it was started, and keeps that start after a restart', async () => {
    const { clock, service, store, make } = setup();
    const id = service.createAgent({ durationMs: 3_600_000 });
    const startedAt = clock.now();
    store.track([id], 'agent', [{ id, startedHere: true, prompt: 'Find the pricing pages' }]);
    await clock.advance(90_000);
    store.dispose();
    const again = make();
    await again.listKnown;
    await clock.advance(3_000);
    assert.equal(again.get(id)?.ranAt, startedAt);
    assert.match(describeJob(again.get(id)!, clock.now()).description ?? '', / · 1m 3\ds$/);
    again.dispose();
  });
});

describe('cancelling from the window that does not poll', () => {
  test('a run cancelled in the window that does not poll reads cancelled in both, not failed (no file watcher: windows look on the lease beat)', async () => {
    // Newer deployments read a cancelled run as failed.
    const { service, a, b, beat } = twoWindows({ watcher: false, cancelledReads: 'failed' });
    const finishedA: string[] = [];
    a.onDidFinishJob((j) => finishedA.push(`${j.id}:${j.snapshot?.status}`));
    const id = service.createAgent({ durationMs: 600_000 });
    a.track([id]);
    await beat(15_000);
    assert.equal(b.get(id)?.snapshot?.status, 'processing', 'the follower follows the leader');
    const outcome = await b.cancel(id);
    assert.equal(outcome.error, undefined);
    assert.equal(b.get(id)?.snapshot?.status, 'cancelled', 'the follower says cancelled at once');
    await beat(30_000);
    assert.deepEqual([a.get(id)?.snapshot?.status, b.get(id)?.snapshot?.status], ['cancelled', 'cancelled'], `leader heard: ${finishedA.join(', ')}`);
    a.dispose();
    b.dispose();
  });

  test("a run cancelled in the window that does not poll, at 16 moments between the polling window's reads: cancelled in both", async () => {
    const results: string[] = [];
    for (let offset = 0; offset < 4_000; offset += 250) {
      const { clock, service, a, b } = twoWindows({ cancelledReads: 'failed' });
      const id = service.createAgent({ durationMs: 600_000 });
      a.track([id]);
      await clock.advance(15_000 + offset);
      await b.cancel(id);
      await clock.advance(30_000);
      results.push(`${offset}:${a.get(id)?.snapshot?.status}/${b.get(id)?.snapshot?.status}`);
      a.dispose();
      b.dispose();
    }
    assert.deepEqual(
      results.filter((r) => !r.endsWith('cancelled/cancelled')),
      [],
    );
  });
});
