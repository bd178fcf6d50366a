// Several windows and many jobs: what three windows of one team cost against one (credits and research
// on one fake clock, windows sharing one globalState and one global storage folder in memory), the
// first polls after tracking 1,000 ids against the per-minute budget, what 200 big jobs leave in
// globalState, and reading their list from the team's folder once the team is known.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export default async function windowsBench({ root, require, record }) {
  const out = (...p) => require(join(root, 'out', ...p));
  const { ResearchStore } = out('src', 'features', 'research', 'model', 'researchStore.js');
  const { POLL } = out('src', 'features', 'research', 'model', 'pollPolicy.js');
  const { CreditsStore } = out('src', 'features', 'credits', 'model', 'creditsStore.js');
  const { sharedCredits } = out('src', 'features', 'credits', 'model', 'sharedCredits.js');
  const { TeamLease } = out('src', 'shared', 'teamLease.js');
  const { Emitter } = out('src', 'shared', 'events.js');
  const { normalizeResearchJob, schemas } = out('src', 'api', 'schemas.js');
  const { NotFoundError } = out('src', 'api', 'errors.js');
  const { FakeClock } = out('test', 'support', 'fakeClock.js');
  const { MemoryDisk, SharedMemento } = out('test', 'support', 'memoryFiles.js');
  const { createResearchJob, renderResearch, researchSnapshot } = out('test', 'sandbox', 'research.js');
  const researchJobResponse = schemas().researchJobResponse;

  const jobId = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

  /** Deep research jobs on the sandbox's timelines; agent reads are 404 (the kind probe counts too). */
  function service(clock) {
    const jobs = new Map();
    const calls = [];
    return {
      calls,
      create(id, timeline) {
        jobs.set(id, createResearchJob(id, clock.now(), timeline));
      },
      client: {
        async getResearchJob(id) {
          calls.push(clock.now());
          const rendered = renderResearch(researchSnapshot(jobs.get(id), clock.now()), 'live');
          return normalizeResearchJob(id, researchJobResponse.parse(rendered.body));
        },
        async getAgentJob() {
          calls.push(clock.now());
          throw new NotFoundError({ operation: 'agentJob' });
        },
        async cancelAgentJob() {
          throw new Error('not used');
        },
      },
    };
  }

  /**
   * One focused hour of a team with `windows` windows open, the first of them focused: credits on
   * their 5-minute interval, and three deep research jobs (10, 25 and 50 minutes) tracked at the start.
   */
  async function focusedHour(windows) {
    const clock = new FakeClock();
    const disk = new MemoryDisk();
    const storage = new SharedMemento();
    const svc = service(clock);
    let credits = 0;
    const open = [];
    for (let i = 0; i < windows; i++) {
      const files = disk.view();
      const lease = new TeamLease({ files, clock, windowId: `w${i}`, team: 't' });
      const focusChanged = new Emitter();
      const teamFocus = { get focused() { return lease.teamAttention.focused; }, onDidChange: focusChanged.event };
      lease.onDidChangeTeamAttention((a) => focusChanged.fire(a.focused));
      const shared = sharedCredits(files, (file) => `teams/t/${file}`, () => 'https://api.firecrawl.dev');
      const creditsStore = new CreditsStore({
        fetch: async () => (credits++, { remainingCredits: 90_000 - credits, planCredits: 100_000, billingPeriodStart: null, billingPeriodEnd: null }),
        isLeader: () => lease.isLeader,
        shared,
        hasKey: () => true,
        isSelfHosted: () => false,
        intervalMs: () => 5 * 60_000,
        clock,
        focus: teamFocus,
        random: () => 0.5,
      });
      const research = new ResearchStore({ source: { client: svc.client }, storage, files, team: 't', windowId: `w${i}`, isLeader: () => lease.isLeader, clock, random: () => 0.5 });
      const attend = () => research.setAttention({ focused: lease.teamAttention.focused, visible: lease.teamAttention.researchVisible });
      lease.onDidChangeTeamAttention(attend);
      lease.onDidChangeRole(() => {
        research.roleChanged();
        creditsStore.roleChanged();
      });
      lease.setAttention({ focused: i === 0, researchVisible: i === 0 });
      attend();
      research.start();
      creditsStore.start();
      await lease.start();
      open.push({ lease, research, creditsStore, shared, files });
    }
    const ids = [jobId(1), jobId(2), jobId(3)];
    ids.forEach((id, n) => svc.create(id, { durationMs: [10, 25, 50][n] * 60_000 }));
    open.at(-1).research.track(ids);
    await clock.advance(60 * 60_000);
    for (const w of open) {
      await w.lease.release();
      w.lease.dispose();
      w.research.dispose();
      w.creditsStore.dispose();
      w.shared.dispose();
      w.files.dispose();
    }
    return { requests: credits + svc.calls.length, credits, research: svc.calls.length };
  }

  const one = await focusedHour(1);
  const three = await focusedHour(3);
  record('windows: requests per focused hour, 1 window', 'requests', one.requests, null, `credits ${one.credits} + research ${one.research} (3 jobs of 10, 25, 50 min)`);
  record('windows: requests per focused hour, 3 windows', 'requests', three.requests, null, `credits ${three.credits} + research ${three.research}; before: 3 × each window's own`);
  record('windows: 3 windows / 1 window, requests', '×', three.requests / one.requests, { text: '≤ 1.1', test: (v) => v <= 1.1 });

  // The first polls after tracking 1,000 ids of unknown kind (each first asked as an agent job).
  {
    const clock = new FakeClock();
    const svc = service(clock);
    const ids = Array.from({ length: 1_000 }, (_, i) => jobId(i + 1));
    for (const id of ids) svc.create(id, { durationMs: 3 * 3_600_000 });
    const store = new ResearchStore({ source: { client: svc.client }, storage: new SharedMemento(), files: new MemoryDisk().view(), team: 't', clock, random: () => 0.5 });
    store.setAttention({ focused: true, visible: true });
    store.start();
    const start = clock.now();
    store.track(ids);
    await clock.advance(15 * 60_000);
    store.dispose();
    // The busiest 60 seconds anywhere in those 15 minutes.
    const times = svc.calls.filter((t) => t >= start);
    let busiest = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i] - times[j] >= 60_000) j++;
      busiest = Math.max(busiest, i - j + 1);
    }
    const firstFive = times.filter((t) => t - start < 5_000).length;
    record('windows: busiest minute after tracking 1,000 ids', 'requests', busiest, { text: `≤ ${POLL.budgetPerMinute}`, test: (v) => v <= POLL.budgetPerMinute }, `${firstFive} in the first 5 s (before: 1,000)`);
  }

  // 200 jobs with 1,000 activities and 1,000 sources each, tracked and written.
  const now = Date.parse('2026-11-20T12:00:00.000Z');
  const big = (id) => ({
    kind: 'deepResearch',
    id,
    status: 'completed',
    currentDepth: 5,
    maxDepth: 5,
    totalUrls: 1_000,
    finalAnalysis: '# Findings\n\n' + 'A paragraph of the analysis. '.repeat(400),
    activities: Array.from({ length: 1_000 }, (_, i) => ({ type: 'search', status: 'complete', message: `Searching step ${i} of the research`, depth: 1, timestamp: new Date(now - i * 1_000).toISOString() })),
    sources: Array.from({ length: 1_000 }, (_, i) => ({ url: `https://example.com/${id}/${i}`, title: `Source ${i}`, description: 'A page the research read.' })),
    warnings: [],
  });
  const disk = new MemoryDisk();
  {
    const clock = new FakeClock(now);
    const storage = new SharedMemento();
    const ids = Array.from({ length: 200 }, (_, i) => jobId(i));
    const answers = new Map(ids.map((id) => [id, big(id)]));
    const store = new ResearchStore({
      source: { client: { getResearchJob: async (id) => answers.get(id), getAgentJob: async () => { throw new Error('not asked'); }, cancelAgentJob: async () => undefined } },
      storage,
      files: disk.view(),
      team: 't',
      clock,
      random: () => 0.5,
      requestsPerMinute: Infinity,
    });
    store.setAttention({ focused: true, visible: true });
    store.start();
    store.track(ids, 'deepResearch');
    await store.tick();
    await store.flush();
    store.dispose();
    const perJob = disk.bytes('research/') / ids.length;
    record('windows: globalState bytes with 200 big jobs tracked', 'KB', storage.bytes() / 1024, { text: '≤ 64 KB', test: (v) => v <= 64 }, `job files ${(perJob / 1024).toFixed(0)} KB each (before: the whole job in globalState, 105 MB for 200)`);
  }

  // A window opening on those 200 jobs: activation reads nothing of them (the folder is read once the
  // team is known, after activate() returned); this is how long the list then takes to read whole.
  {
    const samples = [];
    for (let i = 0; i < 7; i++) {
      const store = new ResearchStore({ source: { client: service(new FakeClock()).client }, storage: new SharedMemento(), files: disk.view(), clock: new FakeClock(now), random: () => 0.5 });
      const t0 = performance.now();
      store.start();
      store.joinTeam('t');
      await store.ready;
      samples.push(performance.now() - t0);
      if (store.size !== 200) throw new Error(`listed ${store.size} of 200 jobs`);
      store.dispose();
    }
    record('windows: the list of 200 big jobs, read from the team folder once the team is known (after activation)', 'ms', samples, { text: '≤ 1000 ms', test: (v) => v <= 1000 }, `${(disk.bytes('research/') / 1024 / 1024).toFixed(0)} MB of job files`);
  }
}
