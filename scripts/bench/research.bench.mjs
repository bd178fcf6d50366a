// Research benchmarks: polling a simulated 5-minute deep research job and a 5-minute agent run on a
// fake clock (ours, focused and unfocused+hidden, vs the official SDKs' fixed 2-second polling), the
// idle cost of the poller, the children of a 1,000-item node, and one poll tick over 200 tracked jobs.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export default async function researchBench({ root, require, record, stats, setResearchIdle }) {
  const out = (...p) => require(join(root, 'out', ...p));
  const { ResearchStore } = out('src', 'features', 'research', 'model', 'researchStore.js');
  const { normalizeAgentJob, normalizeResearchJob, schemas } = out('src', 'api', 'schemas.js');
  const { NotFoundError } = out('src', 'api', 'errors.js');
  const researchJobResponse = schemas().researchJobResponse;
  const agentJobResponse = schemas().agentJobResponse;
  const { agentStatusBody, createAgentRun } = out('test', 'sandbox', 'agent.js');
  const { FakeClock } = out('test', 'support', 'fakeClock.js');
  const { createResearchJob, renderResearch, researchSnapshot } = out('test', 'sandbox', 'research.js');
  const { describeChildren } = out('src', 'features', 'research', 'ui', 'treeRows.js');

  const JOB_MS = 5 * 60_000;
  // A typical deep research job: five depth levels, each a search and an analysis, then a synthesis.
  const TIMELINE = { durationMs: JOB_MS, maxDepth: 5, activities: 20, sources: 30 };
  const { MemoryDisk, SharedMemento } = out('test', 'support', 'memoryFiles.js');
  // One window alone: its own globalState and job files.
  const alone = () => ({ storage: new SharedMemento(), files: new MemoryDisk().view() });

  /**
   * The service as the sandbox models it, answering in the live dialect through our parser. Every
   * request counts, including the agent-first look at an id whose kind the store does not know yet.
   */
  function service(clock, kind = 'deepResearch') {
    const jobs = new Map();
    let requests = 0;
    return {
      create(id) {
        jobs.set(id, kind === 'agent' ? createAgentRun(id, clock.now(), { durationMs: JOB_MS }) : createResearchJob(id, clock.now(), TIMELINE));
      },
      get requests() {
        return requests;
      },
      client: {
        async getResearchJob(id) {
          requests++;
          if (kind !== 'deepResearch') throw new NotFoundError({ operation: 'researchJob' });
          const rendered = renderResearch(researchSnapshot(jobs.get(id), clock.now()), 'live');
          return normalizeResearchJob(id, researchJobResponse.parse(rendered.body));
        },
        async getAgentJob(id) {
          requests++;
          if (kind !== 'agent') throw new NotFoundError({ operation: 'agentJob' });
          return normalizeAgentJob(id, agentJobResponse.parse(agentStatusBody(jobs.get(id), clock.now())));
        },
        async cancelAgentJob() {
          throw new Error('not used');
        },
      },
    };
  }

  /** When the job first shows its final phase, read off the model itself. */
  function finalPhaseAt() {
    const probe = createResearchJob('x', 0, TIMELINE);
    for (let t = 0; t <= JOB_MS; t += 100) {
      const snap = researchSnapshot(probe, t);
      const body = renderResearch(snap, 'live').body;
      const job = normalizeResearchJob('x', researchJobResponse.parse(body));
      if (job.status !== 'processing' || job.activities.some((a) => a.type === 'synthesis') || (job.maxDepth > 0 && job.currentDepth >= job.maxDepth)) return t;
    }
    return JOB_MS;
  }

  /**
   * One 5-minute job that started `offsetMs` before `watch` begins polling it; `watch(id, clock, svc,
   * finished)` calls `finished()` when it notices completion. Returns requests and detection delay.
   */
  async function watchJob(offsetMs, watch, kind = 'deepResearch') {
    const clock = new FakeClock();
    const svc = service(clock, kind);
    const id = '00000000-0000-4000-8000-000000000001';
    const created = clock.now();
    svc.create(id);
    await clock.advance(offsetMs);
    let seenAt;
    const stop = watch(id, clock, svc, () => (seenAt ??= clock.now()));
    await clock.advance(JOB_MS + 60_000);
    stop?.();
    return { requests: svc.requests, delayMs: seenAt - (created + JOB_MS) };
  }

  // Tracked by id, as Track Job does: the store finds the kind itself (agent first).
  const ours = (attention, offsetMs, kind = 'deepResearch') =>
    watchJob(offsetMs, (id, clock, svc, finished) => {
      const store = new ResearchStore({ source: { client: svc.client }, ...alone(), team: 't', clock, random: () => 0.5 });
      store.setAttention(attention);
      store.start();
      store.onDidFinishJob(finished);
      store.track([id]);
      return () => store.dispose();
    }, kind);

  // What the official SDKs do (checkDeepResearchStatus loops, waitAgent): a request every 2 s until done.
  const sdk = (offsetMs, kind = 'deepResearch') =>
    watchJob(offsetMs, (id, clock, svc, finished) => {
      const poll = async () => {
        const job = kind === 'agent' ? await svc.client.getAgentJob(id) : await svc.client.getResearchJob(id);
        if (job.status === 'processing') clock.schedule(2_000, () => void poll());
        else finished();
      };
      void poll();
    }, kind);

  // The job may have started any time before the user tracks it within the first half minute.
  const offsets = [0, 700, 5_300, 11_900, 17_100, 23_500, 29_300];
  const runs = async (fn) => {
    const results = [];
    for (const offset of offsets) results.push(await fn(offset));
    return results;
  };
  const sdkRuns = await runs(sdk);
  const focusedRuns = await runs((o) => ours({ focused: true, visible: true }, o));
  const hiddenRuns = await runs((o) => ours({ focused: false, visible: false }, o));
  const sdkRequests = stats(sdkRuns.map((r) => r.requests)).median;
  const finalAt = finalPhaseAt();
  const note = `5-min job, final phase from ${(finalAt / 1000).toFixed(0)} s; ${offsets.length} start offsets`;
  record('research polling: SDK fixed 2 s, requests', 'requests', sdkRuns.map((r) => r.requests), null, note);
  record('research polling: SDK fixed 2 s, completion noticed after', 's', sdkRuns.map((r) => r.delayMs / 1000));
  record('research polling: ours focused, requests', 'requests', focusedRuns.map((r) => r.requests));
  record('research polling: ours focused / SDK requests', '×', stats(focusedRuns.map((r) => r.requests)).median / sdkRequests, { text: '≤ 0.40', test: (v) => v <= 0.4 });
  // Completion comes after the final phase began, so the 3-second promise is the one to check.
  record('research polling: ours focused, completion noticed after (max)', 's', Math.max(...focusedRuns.map((r) => r.delayMs)) / 1000, { text: '≤ 3 s (final phase); ≤ 10 s', test: (v) => v <= 3 });
  record('research polling: ours unfocused+hidden, requests', 'requests', hiddenRuns.map((r) => r.requests));
  record('research polling: ours unfocused+hidden, completion noticed after (max)', 's', Math.max(...hiddenRuns.map((r) => r.delayMs)) / 1000, null, 'polls every 30 s while nobody looks');

  // A 5-minute agent run: no final phase to speed up for, so polling eases to 10 s and stays there.
  const agentSdkRuns = await runs((o) => sdk(o, 'agent'));
  const agentRuns = await runs((o) => ours({ focused: true, visible: true }, o, 'agent'));
  const agentSdkRequests = stats(agentSdkRuns.map((r) => r.requests)).median;
  record('agent polling: SDK waitAgent fixed 2 s, requests', 'requests', agentSdkRuns.map((r) => r.requests), null, `5-min run; ${offsets.length} start offsets`);
  record('agent polling: ours focused, requests', 'requests', agentRuns.map((r) => r.requests));
  record('agent polling: ours focused / SDK requests', '×', stats(agentRuns.map((r) => r.requests)).median / agentSdkRequests, { text: '≤ 0.40', test: (v) => v <= 0.4 });
  record('agent polling: ours focused, completion noticed after (max)', 's', Math.max(...agentRuns.map((r) => r.delayMs)) / 1000, { text: '≤ 10 s', test: (v) => v <= 10 });

  // Idle: jobs tracked but all finished: no requests at all.
  setResearchIdle(async () => {
    const result = {};
    for (const [name, attention] of [['focused', { focused: true, visible: true }], ['unfocused', { focused: false, visible: false }]]) {
      const clock = new FakeClock();
      const svc = service(clock);
      const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
      for (const id of ids) svc.create(id);
      await clock.advance(JOB_MS + 1_000);
      const store = new ResearchStore({ source: { client: svc.client }, ...alone(), team: 't', clock, random: () => 0.5 });
      store.setAttention(attention);
      store.start();
      store.track(ids);
      await clock.advance(10_000);
      const before = svc.requests;
      await clock.advance(60 * 60_000);
      result[name] = svc.requests - before;
      store.dispose();
    }
    return result;
  });

  // Scale: 200 jobs × 1,000 activities and 1,000 sources.
  const now = Date.parse('2026-11-20T12:00:00.000Z');
  const big = (id, n) => ({
    kind: 'deepResearch',
    id,
    status: 'processing',
    currentDepth: 1,
    maxDepth: 5,
    totalUrls: 1_000,
    expiresAt: new Date(now + 6 * 3_600_000).toISOString(),
    activities: Array.from({ length: 1_000 }, (_, i) => ({ type: i % 2 ? 'analyze' : 'search', status: 'complete', message: `Searching step ${i} of the research`, depth: 1, timestamp: new Date(now - i * 1_000).toISOString() })),
    sources: Array.from({ length: 1_000 + n }, (_, i) => ({ url: `https://example.com/${id}/${i}`, title: `Source ${i}`, description: 'A page the research read.' })),
    warnings: [],
  });
  const ids = Array.from({ length: 200 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  const answers = new Map(ids.map((id, i) => [id, big(id, i)]));
  let polls = 0;
  // A clock whose timers never fire: each tick below is started by hand, once every job is due.
  let time = now;
  const clock = { now: () => time, schedule: () => ({ dispose() {} }) };
  const store = new ResearchStore({
    source: { client: { getResearchJob: async (id) => (polls++, answers.get(id)), getAgentJob: async () => { throw new Error('not asked'); }, cancelAgentJob: async () => undefined } },
    ...alone(),
    team: 't',
    clock,
    random: () => 0.5,
    // Measures the cost of a tick, not the pacing: every job may go at once.
    requestsPerMinute: Infinity,
  });
  store.setAttention({ focused: true, visible: true });
  store.track(ids, 'deepResearch');
  await store.tick();
  const job = store.get(ids[0]);
  const childSamples = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    describeChildren(job, { kind: 'group', jobId: job.id, group: 'sources' }, now);
    describeChildren(job, { kind: 'group', jobId: job.id, group: 'activities' }, now);
    childSamples.push((performance.now() - t0) / 2);
  }
  record('tree: children of a 1,000-item node', 'ms', childSamples, { text: '≤ 10 ms', test: (v) => v <= 10 });
  const tickSamples = [];
  for (let i = 0; i < 9; i++) {
    // New answers each time, as a real poll brings: one more source per job.
    for (const [id, snap] of answers) answers.set(id, { ...snap, sources: [...snap.sources, { url: `https://example.com/${id}/new${i}` }] });
    time += 60_000; // 200 jobs share the request budget: each is due every 50 s
    let polled = 0;
    for (const id of ids) if (store.get(id).poll.kind === 'polling') polled++;
    if (polled !== ids.length) throw new Error(`only ${polled} of ${ids.length} jobs are being polled`);
    const before = polls;
    const t0 = performance.now();
    await store.tick();
    tickSamples.push(performance.now() - t0);
    if (polls - before !== ids.length) throw new Error(`a tick polled ${polls - before} jobs, not ${ids.length}`);
  }
  record('tree: one poll tick over 200 tracked jobs (1,000 activities + sources each)', 'ms', tickSamples, { text: '≤ 50 ms', test: (v) => v <= 50 });
  store.dispose();
}
