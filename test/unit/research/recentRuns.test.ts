// The Research view's recent runs against the real sandbox on 127.0.0.1, on a fake clock both share:
// the window's shared activity list and the agent list merged by id, what a refresh costs, when the Recent group reads
// (only while visible in a focused window, at most once a minute, easing while nothing changes, never
// on a server without the list), and the rows it shows.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FirecrawlClient } from '../../../src/api';
import { RecentActivity } from '../../../src/features/activity/model/recentActivity';
import { loadRecentRuns, RECENT_MIN_INTERVAL_MS, RecentRuns } from '../../../src/features/research/model/recentRuns';
import { DEEP_RESEARCH_SUNSET } from '../../../src/features/research/model/storeOptions';
import { describeRecentGroup, describeRecentRun, withRecentTitle } from '../../../src/features/research/ui/recentRows';
import { untrackedRuns } from '../../../src/features/research/model/recentRuns';
import { nodeFetch } from '../../../src/platform/nodeTransport';
import { MAX_SERVER_WAIT_MS } from '../../../src/shared/backoff';
import { FakeClock } from '../../support/fakeClock';
import { startSandbox, type Sandbox } from '../../sandbox/server';

const HOUR = 3_600_000;
let sandbox: Sandbox;
let clock: FakeClock;

const client = () => new FirecrawlClient({ baseUrl: sandbox.url, apiKey: () => sandbox.keys.valid, clientName: 'firecrawl-vscode', clientVersion: '0.2.0-test', fetch: nodeFetch });
const listRequests = () => sandbox.requests().filter((r) => r.route === 'activity' || r.route === 'agentList').length;

let enabled = true;
/** The window's one activity list, as activation creates it; a new one for each test. */
let activity: RecentActivity;
function recentRuns(): RecentRuns {
  return new RecentRuns({ reader: client, activity, clock, enabled: () => enabled });
}

/** Lets every timer due in `ms` fire, with the requests they start answered on the way. */
async function pass(ms: number, step = 1_000): Promise<void> {
  for (let t = 0; t < ms; t += step) {
    await clock.advance(Math.min(step, ms - t));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await clock.flush();
  }
}

before(async () => {
  clock = new FakeClock(Date.parse('2026-11-22T09:41:00.000Z'));
  sandbox = await startSandbox({ now: () => clock.now(), seed: false });
});
after(() => sandbox.close());
beforeEach(async () => {
  await clock.advance(25 * HOUR);
  enabled = true;
  activity = new RecentActivity(client, clock);
  sandbox.resetCounts();
  sandbox.clearFaults();
  sandbox.selfHosted = false;
});

describe('loadRecentRuns', () => {
  test('activity and the agent list merged by id: kind, prompt or query, time, status; newest first; two requests', async () => {
    const research = sandbox.createResearchJob({ query: 'How do crawlers rank pages?', durationMs: 30_000 });
    await clock.advance(60_000);
    const agent = sandbox.createAgentJob({ prompt: 'Compare three scraping APIs', durationMs: 10_000, model: 'spark-1-mini' });
    await clock.advance(20_000);
    sandbox.createV2Job('scrape');
    sandbox.addActivity({ endpoint: 'agent', id: 'not-an-id', target: 'dropped' });
    sandbox.addActivity({ endpoint: 'deep_research', target: 'from a day ago', ageMs: 24 * HOUR + 1 });
    sandbox.resetCounts();
    const { runs, truncated } = await loadRecentRuns(client(), activity, clock.now(), 0);
    assert.equal(truncated, false);
    assert.deepEqual(runs, [
      { id: agent, kind: 'agent', target: 'Compare three scraping APIs', ranAt: clock.now() - 20_000, status: 'completed', model: 'spark-1-mini' },
      { id: research, kind: 'deepResearch', target: 'How do crawlers rank pages?', ranAt: clock.now() - 80_000, status: undefined, model: undefined },
    ]);
    assert.deepEqual(
      sandbox
        .requests()
        .map((r) => `${r.route} ${r.query}`)
        .sort(),
      ['activity limit=100', 'agentList '],
    );
    // An activity list someone read within the age asked for serves: only the agent list is asked.
    await loadRecentRuns(client(), activity, clock.now(), 60_000);
    assert.equal(sandbox.requestCount('activity'), 1);
    assert.equal(sandbox.requestCount('agentList'), 2);
  });

  test('a run hidden in the dashboard stays out of the group, though the activity list names it', async () => {
    const hidden = sandbox.createAgentJob({ prompt: 'a run I hid', hidden: true });
    const shown = sandbox.createAgentJob({ prompt: 'a run I kept' });
    const { runs } = await loadRecentRuns(client(), activity, clock.now(), 0);
    assert.deepEqual(
      runs.map((r) => r.target),
      ['a run I kept'],
    );
    assert.ok(!runs.some((r) => r.id === hidden) && runs.some((r) => r.id === shown));
  });

  test('one list failing leaves the others; all failing throws the first failure', async () => {
    const research = sandbox.createResearchJob();
    const agent = sandbox.createAgentJob({ prompt: 'still listed by activity' });
    sandbox.fault({ route: 'agentList', kind: 'status', status: 500 });
    const partial = await loadRecentRuns(client(), activity, clock.now(), 0);
    assert.deepEqual(
      partial.runs.map((r) => [r.id, r.status]).sort(),
      [
        [agent, undefined],
        [research, undefined],
      ].sort(),
    );
    sandbox.selfHosted = true;
    await assert.rejects(loadRecentRuns(client(), activity, clock.now(), 0), (error: { status?: number }) => error.status === 501);
  });
});

describe('the Recent group’s pace', () => {
  test('reads nothing while the view is hidden, the window unfocused, or the setting off', async () => {
    sandbox.createAgentJob();
    const recent = recentRuns();
    recent.setAttention({ visible: true, focused: false });
    await pass(5 * 60_000, 30_000);
    recent.setAttention({ visible: false, focused: true });
    await pass(5 * 60_000, 30_000);
    enabled = false;
    recent.setAttention({ visible: true, focused: true });
    await pass(5 * 60_000, 30_000);
    assert.equal(listRequests(), 0);
    enabled = true;
    recent.settingsChanged();
    await pass(1_000);
    assert.equal(recent.refreshes, 1);
    assert.equal(recent.runs.length, 1);
    recent.dispose();
  });

  test('a focused hour with the view open and nothing new: 14 reads, 28 requests; a new run brings the minute back', async () => {
    sandbox.createAgentJob({ durationMs: 1_000 });
    await clock.advance(2_000);
    const recent = recentRuns();
    recent.setAttention({ visible: true, focused: true });
    const readsAt: number[] = [];
    const start = clock.now();
    recent.onDidChange(() => readsAt.push(Math.round((clock.now() - start) / 1000)));
    await pass(HOUR, 5_000);
    assert.deepEqual(readsAt.slice(0, 5), [0, 60, 180, 420, 720], 'a minute, then 2, 4, and 5 at most');
    assert.equal(recent.refreshes, 14);
    assert.equal(listRequests(), 28);
    console.log(`[recent group] a focused hour, view visible, nothing new: ${recent.refreshes} reads, ${listRequests()} requests`);

    sandbox.createResearchJob({ durationMs: 0 });
    const before = readsAt.length;
    await pass(10 * 60_000, 5_000);
    const [seen, next, third] = readsAt.slice(before);
    assert.ok(seen !== undefined && next !== undefined && third !== undefined, `${readsAt.slice(before)}`);
    assert.equal(next - seen, 60, 'the read that found the new run sets a minute again');
    assert.equal(third - next, 120);
    recent.dispose();
  });

  test('never more than once a minute, however often the view is shown and hidden', async () => {
    const recent = recentRuns();
    for (let i = 0; i < 20; i++) {
      recent.setAttention({ visible: i % 2 === 0, focused: true });
      await pass(2_000);
    }
    assert.equal(recent.refreshes, 1);
    recent.setAttention({ visible: true, focused: true });
    await pass(RECENT_MIN_INTERVAL_MS);
    assert.equal(recent.refreshes, 2);
    recent.dispose();
  });

  test('a clock set back does not hold the next read back by as much: the view shown again reads within its minute', async () => {
    const recent = recentRuns();
    recent.setAttention({ visible: true, focused: true });
    await pass(1_000);
    assert.equal(recent.refreshes, 1);
    // An NTP fix or a resumed virtual machine, then the person looks elsewhere and back.
    clock.stepBack(HOUR);
    recent.setAttention({ visible: true, focused: false });
    recent.setAttention({ visible: true, focused: true });
    const run = sandbox.createAgentJob({ prompt: 'run after the clock moved' });
    await pass(RECENT_MIN_INTERVAL_MS + 1_000, 5_000);
    assert.equal(recent.refreshes, 2, 'read again at its own pace, not an hour later');
    assert.ok(recent.runs.some((r) => r.id === run));
    recent.dispose();
  });

  test('runs kept through failed reads leave the group once past the last 24 hours, a deep research job once past the hours it is kept', async () => {
    const research = sandbox.createResearchJob({ query: 'a morning question', durationMs: 30_000 });
    const agent = sandbox.createAgentJob({ prompt: 'a morning run', durationMs: 10_000 });
    const recent = recentRuns();
    recent.setAttention({ visible: true, focused: true });
    await pass(1_000);
    assert.deepEqual(recent.runs.map((r) => r.id).sort(), [agent, research].sort());
    // Offline from here on: every read fails, and the last runs read stay on screen.
    sandbox.fault({ route: 'activity', kind: 'connectionReset', times: 10_000 });
    sandbox.fault({ route: 'agentList', kind: 'connectionReset', times: 10_000 });
    await pass(7 * HOUR, 5 * 60_000);
    assert.equal(recent.state.kind, 'unavailable');
    assert.deepEqual(
      recent.runs.map((r) => r.id),
      [agent],
      'the deep research job can no longer be read: offered, it would track an empty row',
    );
    await pass(18 * HOUR, 5 * 60_000);
    assert.deepEqual(recent.runs, [], 'nothing older than the 24 hours the group is named for');
    recent.dispose();
  });

  test('a server without the list is not asked again until the key or URL changes; other errors back off', async () => {
    sandbox.selfHosted = true;
    const recent = recentRuns();
    recent.setAttention({ visible: true, focused: true });
    await pass(HOUR, 60_000);
    assert.equal(recent.refreshes, 1);
    assert.equal(recent.state.kind === 'unavailable' && recent.state.unsupported, true);
    sandbox.selfHosted = false;
    // What activation does on a key or server change: the shared list first, then the group.
    activity.clear();
    recent.endpointChanged();
    await pass(1_000);
    assert.equal(recent.refreshes, 2);
    assert.equal(recent.state.kind, 'loaded');

    const agent = sandbox.createAgentJob();
    await pass(RECENT_MIN_INTERVAL_MS);
    assert.deepEqual(
      recent.runs.map((r) => r.id),
      [agent],
    );
    sandbox.fault({ route: 'activity', kind: 'connectionReset', times: 1000 });
    sandbox.fault({ route: 'agentList', kind: 'connectionReset', times: 1000 });
    const failuresFrom = recent.refreshes;
    await pass(HOUR, 60_000);
    // 1, 2, 4, 8, 10, 10… minutes apart.
    assert.ok(recent.refreshes - failuresFrom <= 9, `${recent.refreshes - failuresFrom} reads while failing`);
    assert.equal(recent.state.kind, 'unavailable');
    assert.deepEqual(
      recent.runs.map((r) => r.id),
      [agent],
      'what was read stays through the failures',
    );
    recent.dispose();
  });

  test('a 429 asking for a day is waited out for at most a quarter of an hour, as the other polls do', async () => {
    const recent = recentRuns();
    recent.setAttention({ visible: true, focused: true });
    // A function, not a property path: TypeScript would narrow the path across awaits.
    const kind = () => recent.state.kind;
    await pass(1_000);
    assert.equal(kind(), 'loaded');
    for (const route of ['activity', 'agentList'] as const) sandbox.fault({ route, kind: 'status', status: 429, retryAfterSeconds: 24 * 3_600, times: 1 });
    // One read falls due a minute on (nothing is new, so it comes then or a little later).
    await pass(4 * RECENT_MIN_INTERVAL_MS, 10_000);
    assert.equal(kind(), 'unavailable', 'the 429 was read');
    const failedAt = clock.now();
    const next = recent.nextRefreshAt();
    assert.ok(next !== undefined && next - failedAt <= MAX_SERVER_WAIT_MS, `asked again ${next === undefined ? 'never' : `after ${Math.round((next - failedAt) / 60_000)} min`}`);
    await pass(MAX_SERVER_WAIT_MS + RECENT_MIN_INTERVAL_MS, 60_000);
    assert.equal(kind(), 'loaded', 'read again within the quarter of an hour');
    recent.dispose();
  });

  test('a key or server change drops the read on its way and its runs; the next read is the only one', async () => {
    sandbox.createAgentJob();
    const recent = recentRuns();
    await recent.refresh();
    assert.equal(recent.runs.length, 1);
    sandbox.fault({ route: 'agentList', kind: 'latency', ms: 200 });
    const old = recent.refresh();
    activity.clear();
    recent.endpointChanged();
    assert.deepEqual([recent.state.kind, recent.runs.length], ['idle', 0]);
    const fresh = recent.refresh();
    await old;
    assert.equal(recent.refresh(), fresh, 'the abandoned read does not end the new one');
    await fresh;
    assert.equal(recent.state.kind, 'loaded');
    recent.dispose();
  });

  test('Add Recent Jobs reads at once and shares a read on its way', async () => {
    sandbox.createAgentJob();
    const recent = recentRuns();
    await Promise.all([recent.refresh(), recent.refresh()]);
    assert.equal(recent.refreshes, 1);
    assert.equal(listRequests(), 2);
    recent.dispose();
  });
});

describe('recent rows', () => {
  const now = Date.parse('2026-11-22T12:00:00.000Z');
  const run = {
    id: '3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4',
    kind: 'agent' as const,
    target: '$(zap) [go](command:workbench.action.quit)\nnow',
    ranAt: now - 5 * 60_000,
    status: 'completed',
    model: 'spark-1-pro',
  };

  test('a run: its prompt as plain text, kind, age and status; a click tracks it as its kind', () => {
    const row = describeRecentRun(run, now);
    assert.equal(row.label, 'Agent job: $\u200b(zap) [go]\u200b(command:workbench.action.quit) now', 'the kind first, then the prompt as plain text');
    assert.equal(row.description, 'agent · 5m ago · completed');
    assert.equal(describeRecentRun({ ...run, kind: 'deepResearch', target: 'Crawler pricing' }, now).label, 'Deep research: Crawler pricing');
    assert.deepEqual(row.command?.arguments, [{ id: run.id, kind: 'agent' }]);
    assert.equal(row.contextValue, 'recentRun');
    assert.equal(row.id, `recent/${run.id}`);
    const tooltip = row.tooltip!();
    assert.ok(tooltip.rows.some(([label, value]) => label === 'Prompt' && value === run.target));
    const blank = describeRecentRun({ ...run, kind: 'deepResearch', target: undefined, status: undefined, ranAt: undefined }, now);
    assert.deepEqual([blank.label, blank.description], ['Deep research 3f2b9c4e', 'deep research']);
  });

  test('a tracked run without a title of its own takes the prompt the lists named, as plain text, after its kind', () => {
    const row = {
      id: run.id,
      label: 'Agent job 3f2b9c4e',
      description: 'processing · agent',
      collapsible: 'none' as const,
      tooltip: () => ({ heading: 'Agent job', rows: [['Job id', run.id]] as Array<[string, string]> }),
    };
    const titled = withRecentTitle(row, run);
    assert.equal(titled.label, 'Agent job: $\u200b(zap) [go]\u200b(command:workbench.action.quit) now');
    assert.equal(withRecentTitle({ ...row, label: 'Deep research 3f2b9c4e' }, { ...run, kind: 'deepResearch', target: 'Crawler pricing' }).label, 'Deep research: Crawler pricing');
    assert.deepEqual(titled.tooltip!().rows.at(-1), ['Prompt', run.target]);
    assert.equal(withRecentTitle(row, { ...run, target: undefined }), row);
    assert.equal(withRecentTitle(row, undefined), row);
  });

  test('the group: when it was read, or that it could not be; tracked runs leave it', () => {
    const loaded = describeRecentGroup({ kind: 'loaded', runs: [run], at: now - 120_000, truncated: false }, 1, now);
    assert.deepEqual([loaded.label, loaded.description, loaded.collapsible, loaded.icon?.id], ['Recent (last 24 h)', 'updated 2m ago', 'expanded', 'history']);
    const failed = describeRecentGroup({ kind: 'unavailable', runs: [run], at: now, error: new Error('x'), unsupported: false }, 1, now);
    assert.deepEqual([failed.description, failed.icon?.id], ['could not refresh', 'warning']);
    assert.ok(failed.tooltip!().rows.some(([label, value]) => label === 'Problem' && value === 'Recent jobs could not be listed.'));
    assert.deepEqual(
      untrackedRuns([run, { ...run, id: '0b7c1e2d-3f4a-4b5c-8d6e-7f8091a2b3c4' }], (id) => id === run.id).map((r) => r.id),
      ['0b7c1e2d-3f4a-4b5c-8d6e-7f8091a2b3c4'],
    );
  });
});

// Last in the file: the clock goes past the Deep Research shutdown here, for good.
describe('deep research jobs the service can no longer read', () => {
  test('are not offered: past the hours it keeps one, and after the shutdown every one begun before it', async () => {
    const fresh = sandbox.addActivity({ endpoint: 'deep_research', target: 'five hours ago', ageMs: 5 * HOUR });
    sandbox.addActivity({ endpoint: 'deep_research', target: 'seven hours ago', ageMs: 7 * HOUR });
    const before = await loadRecentRuns(client(), activity, clock.now(), 0);
    assert.deepEqual(
      before.runs.filter((r) => r.kind === 'deepResearch').map((r) => [r.id, r.target]),
      [[fresh, 'five hours ago']],
    );
    // The service's own date comes first: a Sunset header bringing the shutdown forward.
    const told = await loadRecentRuns(client(), activity, clock.now(), 0, undefined, clock.now() - 1);
    assert.deepEqual(
      told.runs.filter((r) => r.kind === 'deepResearch'),
      [],
    );
    await clock.advance(Math.max(0, DEEP_RESEARCH_SUNSET - clock.now()) + HOUR);
    const agent = sandbox.createAgentJob({ prompt: 'after the shutdown' });
    sandbox.addActivity({ endpoint: 'deep_research', target: 'just before the shutdown', ageMs: HOUR + 60_000 });
    const after = await loadRecentRuns(client(), activity, clock.now(), 0);
    assert.deepEqual(
      after.runs.map((r) => [r.id, r.kind]),
      [[agent, 'agent']],
    );
    // One begun since shows this server still runs deep research (another server, or a later date): it can be read.
    const since = sandbox.addActivity({ endpoint: 'deep_research', target: 'a minute ago', ageMs: 60_000 });
    const served = await loadRecentRuns(client(), activity, clock.now(), 0);
    assert.deepEqual(
      served.runs.map((r) => [r.id, r.kind]),
      [
        [agent, 'agent'],
        [since, 'deepResearch'],
      ],
    );
  });
});

// Last: each test moves the shared clock a day on, and the deep research tests above need it before the shutdown.
describe('a server with one list and not the other', () => {
  test('a server with the activity list but no agent list (501) is not asked for the agent list again until the key or URL changes', async () => {
    sandbox.fault({ route: 'agentList', kind: 'status', status: 501, times: 10_000 });
    const agentLists = () => sandbox.requests().filter((r) => r.route === 'agentList').length;
    const recent = recentRuns();
    recent.setAttention({ visible: true, focused: true });
    await pass(HOUR, 60_000);
    assert.ok(recent.refreshes > 1, 'the group still reads the activity list');
    assert.equal(recent.state.kind, 'loaded');
    assert.equal(agentLists(), 1, 'the agent list it said it lacks is asked once');
    sandbox.clearFaults();
    activity.clear();
    recent.endpointChanged();
    await pass(1_000);
    assert.equal(agentLists(), 2, 'another key or server is asked again');
    recent.dispose();
  });
});
