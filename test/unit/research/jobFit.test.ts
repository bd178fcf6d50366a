// A job's saved copy under its size cap: what goes first for deep research jobs and agent runs, that
// the cap holds in UTF-8 bytes, that what was left out is written into the copy (and adds up when a
// trimmed copy is trimmed again), and that a window reading the copy says what is missing.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AgentJob, ResearchJob } from '../../../src/api';
import { fitJobFile, utf8Length } from '../../../src/features/research/model/jobFit';
import { fromJobFile, type JobFile } from '../../../src/features/research/model/storage';
import type { TrackedJob } from '../../../src/features/research/model/trackedJob';
import { childNodes, describeChildren, describeGroup, describeJob, jobChildren } from '../../../src/features/research/ui/treeRows';
import { editor } from '../../support/researchWindows';

const ID = '00000000-0000-4000-8000-000000000001';
const research = (activities: number, sources: number, extra: Partial<ResearchJob> = {}): ResearchJob => ({
  kind: 'deepResearch',
  id: ID,
  status: 'completed',
  currentDepth: 3,
  maxDepth: 3,
  totalUrls: sources,
  expiresAt: null,
  activities: Array.from({ length: activities }, (_, i) => ({
    type: 'search',
    status: 'complete',
    message: `Step ${i} of the research, searching for sources`,
    depth: 1,
    timestamp: `2026-11-20T12:00:${String(i % 60).padStart(2, '0')}.000Z`,
  })),
  sources: Array.from({ length: sources }, (_, i) => ({ url: `https://example.com/${i}`, title: `Source ${i}`, description: 'A page the research read.' })),
  warnings: [],
  finalAnalysis: '# Findings\n\nThe analysis.',
  ...extra,
});
const agent = (extra: Partial<AgentJob>): AgentJob => ({ kind: 'agent', id: ID, status: 'completed', suggestions: [], expiresAt: null, ...extra });
const file = (snapshot: JobFile['snapshot']): JobFile => ({ v: 2, id: ID, kind: snapshot?.kind, trackedAt: 1, seq: 0, writtenAt: 2, writtenBy: 'w', poll: { kind: 'idle' }, snapshot });
const read = (text: string) => fromJobFile(JSON.parse(text), ID)!;

describe("the size cap of a job's saved copy", () => {
  test('under the cap a copy is written whole', () => {
    const fitted = fitJobFile(file(research(10, 10)), 4 * 1024 * 1024);
    assert.equal(fitted.trimmed, undefined);
    assert.equal(read(fitted.text).snapshot?.kind === 'deepResearch' && (read(fitted.text).snapshot as ResearchJob).activities.length, 10);
  });

  test('deep research: the oldest activities go first, then the oldest sources; the newest stay, and the copy says how many went', () => {
    const whole = file(research(1_000, 1_000));
    const size = utf8Length(JSON.stringify(whole));
    // Room for about half of the activities.
    const activitiesOnly = fitJobFile(whole, size - 50_000);
    const a = read(activitiesOnly.text);
    const s = a.snapshot as ResearchJob;
    assert.ok(utf8Length(activitiesOnly.text) <= size - 50_000);
    assert.equal(s.sources.length, 1_000, 'sources stay while dropping activities is enough');
    assert.ok(s.activities.length > 0 && s.activities.length < 1_000);
    assert.equal(s.activities.at(-1)?.message, 'Step 999 of the research, searching for sources', 'the newest stay');
    assert.deepEqual(a.trimmed, { activities: 1_000 - s.activities.length, sources: 0 });
    assert.ok(s.activities.length > 500, `only what the cap asks for goes: ${s.activities.length} kept`);

    const both = fitJobFile(whole, 60_000);
    const b = read(both.text);
    const bs = b.snapshot as ResearchJob;
    assert.ok(utf8Length(both.text) <= 60_000);
    assert.equal(bs.activities.length, 0);
    assert.ok(bs.sources.length > 0 && bs.sources.length < 1_000);
    assert.equal(bs.sources.at(-1)?.url, 'https://example.com/999');
    assert.equal(bs.finalAnalysis, '# Findings\n\nThe analysis.', 'the result stays while the lists are enough');
    assert.deepEqual(b.trimmed, { activities: 1_000, sources: 1_000 - bs.sources.length });
  });

  test('deep research: when the lists are not enough, the JSON result goes, then the analysis', () => {
    const analysis = 'A very long analysis. '.repeat(20_000);
    const fitted = fitJobFile(file(research(10, 10, { finalAnalysis: analysis, json: { rows: 'x'.repeat(100_000) } })), 50_000);
    const f = read(fitted.text);
    assert.ok(utf8Length(fitted.text) <= 50_000);
    assert.equal((f.snapshot as ResearchJob).json, undefined);
    assert.equal((f.snapshot as ResearchJob).finalAnalysis, undefined);
    assert.ok((f.trimmed?.resultBytes ?? 0) > analysis.length);
    assert.equal(f.snapshot?.status, 'completed', 'the status and the job itself stay');
  });

  test('agent: the partial data goes first, then the last suggestions, then the result', () => {
    const partial = { rows: 'p'.repeat(40_000) };
    const running = fitJobFile(file(agent({ status: 'processing', partial, suggestions: ['one', 'two'] })), 20_000);
    const r = read(running.text);
    assert.equal((r.snapshot as AgentJob).partial, undefined);
    assert.deepEqual((r.snapshot as AgentJob).suggestions, ['one', 'two'], 'nothing more went than the cap asked');
    assert.ok((r.trimmed?.partialBytes ?? 0) >= 40_000);

    const suggestions = Array.from({ length: 200 }, (_, i) => `Suggestion ${i}: ${'s'.repeat(200)}`);
    const some = fitJobFile(file(agent({ suggestions, data: { small: true } })), 25_000);
    const s = read(some.text);
    const kept = (s.snapshot as AgentJob).suggestions;
    assert.ok(kept.length > 0 && kept.length < 200);
    assert.equal(kept[0], suggestions[0], 'the first suggestions stay');
    assert.deepEqual((s.snapshot as AgentJob).data, { small: true });
    assert.equal(s.trimmed?.suggestions, 200 - kept.length);

    const big = fitJobFile(file(agent({ data: { rows: 'd'.repeat(100_000) } })), 10_000);
    const b = read(big.text);
    assert.equal((b.snapshot as AgentJob).data, undefined);
    assert.ok((b.trimmed?.resultBytes ?? 0) >= 100_000);
    assert.ok(utf8Length(big.text) <= 10_000);
  });

  test('agent: a run stopped at its credit limit keeps its partial data (its only result) while the suggestions can go', () => {
    const partial = { rows: 'p'.repeat(8_000) };
    const suggestions = Array.from({ length: 100 }, (_, i) => `Suggestion ${i}: ${'s'.repeat(200)}`);
    const stopped = agent({ status: 'failed', stopReason: 'credit_limit_reached', partial, suggestions });
    const fitted = read(fitJobFile(file(stopped), 15_000).text);
    assert.deepEqual((fitted.snapshot as AgentJob).partial, partial, 'the partial result is kept');
    assert.ok((fitted.snapshot as AgentJob).suggestions.length < 100, 'suggestions went first');
    const tiny = read(fitJobFile(file(stopped), 2_000).text);
    assert.equal((tiny.snapshot as AgentJob).partial, undefined, 'and it goes last when nothing else is left');
    // Missed as the result it is: the window that reads this copy has a row that fetches it again.
    assert.ok((tiny.trimmed?.resultBytes ?? 0) >= 8_000);
    assert.equal(tiny.trimmed?.partialBytes, undefined);
    const job: TrackedJob = { ...tiny, kind: 'agent', fetchedAt: 2, watchStartedAt: 1, finishedAt: 2, nextPollAt: undefined, revision: 1 } as TrackedJob;
    assert.ok(jobChildren(job).includes('notKept'));
    assert.match(describeGroup(job, 'notKept', 3)?.label ?? '', /^Result not kept \(/);
  });

  test('agent: the partial data of a run that failed or was cancelled is no result: it goes first, and no row says a result was not kept', () => {
    const partial = { rows: 'p'.repeat(8_000) };
    const suggestions = Array.from({ length: 100 }, (_, i) => `Suggestion ${i}: ${'s'.repeat(200)}`);
    for (const status of ['failed', 'cancelled'] as const) {
      const ended = file(agent({ status, error: 'The run ended.', partial, suggestions }));
      const asJob = (copy: JobFile): TrackedJob => ({ ...copy, kind: 'agent', fetchedAt: 2, watchStartedAt: 1, finishedAt: 2, nextPollAt: undefined, revision: 1 }) as TrackedJob;
      const tiny = read(fitJobFile(ended, 2_000).text);
      assert.equal(jobChildren(asJob(tiny)).includes('notKept'), false, `${status}: ${describeGroup(asJob(tiny), 'notKept', 3)?.label}`);
      assert.equal(tiny.trimmed?.resultBytes, undefined, `${status}: nothing of a result was left out`);
      const some = read(fitJobFile(ended, utf8Length(JSON.stringify(ended)) - 5_000).text);
      assert.equal((some.snapshot as AgentJob).suggestions.length, 100, `${status}: the suggestions, which the row shows, stay while the partial data is enough`);
      assert.ok((some.snapshot as AgentJob).partial === undefined, `${status}: the partial data, never shown once the run is over, went first`);
    }
  });

  test('the cap is in UTF-8 bytes, not characters', () => {
    const wide = research(400, 0);
    for (const a of wide.activities) a.message = `検索ステップ ${a.message} 🔎`;
    const whole = file(wide);
    const text = JSON.stringify(whole);
    const max = text.length + 1_000;
    assert.ok(utf8Length(text) > max, 'more bytes than characters');
    const fitted = fitJobFile(whole, max);
    assert.ok(fitted.trimmed && utf8Length(fitted.text) <= max);
    assert.equal(new TextEncoder().encode(fitted.text).length, utf8Length(fitted.text));
  });

  test('a copy of a trimmed copy adds up what each left out', () => {
    const first = read(fitJobFile(file(research(1_000, 10)), 60_000).text);
    const again = read(
      fitJobFile({ ...first, snapshot: { ...(first.snapshot as ResearchJob), activities: [...(first.snapshot as ResearchJob).activities, ...research(200, 0).activities] } }, 40_000).text,
    );
    const kept = (again.snapshot as ResearchJob).activities.length;
    assert.equal(again.trimmed!.activities, 1_200 - kept);
  });
});

describe('a window that reads a trimmed copy says what is missing', () => {
  test('the leader has it all; a follower shows "N earlier activities not kept", and a refresh brings everything back', async () => {
    const { clock, service, open } = editor();
    const maxJobBytes = 20_000;
    const a = await open('a', { store: { maxJobBytes } });
    const b = await open('b', { store: { maxJobBytes } });
    const id = service.create({ durationMs: 1_000, activities: 120, sources: 40 });
    a.store.track([id]);
    await clock.advance(10_000);
    const whole = a.store.get(id)!;
    const copy = b.store.get(id)!;
    const activitiesOf = (j: TrackedJob) => (j.snapshot as ResearchJob).activities.length;
    assert.equal(whole.trimmed, undefined);
    assert.ok(copy.trimmed && copy.trimmed.activities > 0 && activitiesOf(copy) > 0, `the follower read a trimmed copy: ${JSON.stringify(copy.trimmed)}`);
    assert.equal(activitiesOf(copy) + copy.trimmed.activities, activitiesOf(whole));
    // Its start is its first activity's, in both windows: the copy's first kept one is a later one.
    const firstAt = (j: TrackedJob) => Date.parse((j.snapshot as ResearchJob).activities[0]!.timestamp);
    const startedRow = (j: TrackedJob) => describeJob(j, clock.now()).tooltip!().rows.find(([label]) => label === 'Started')?.[1];
    assert.equal(whole.ranAt, firstAt(whole));
    assert.ok(firstAt(copy) > firstAt(whole));
    assert.equal(copy.ranAt, whole.ranAt);
    assert.equal(startedRow(copy), startedRow(whole));
    const group = describeGroup(copy, 'activities', clock.now())!;
    assert.equal(group.description, `${copy.trimmed.activities.toLocaleString('en-US')} earlier activities not kept`);
    assert.equal(group.label, `Activities (${activitiesOf(copy).toLocaleString('en-US')} of ${activitiesOf(whole).toLocaleString('en-US')})`);
    assert.match(group.tooltip!().rows[0]![1], /Refresh the job to fetch everything again/);
    assert.equal(describeGroup(whole, 'activities', clock.now())?.description, undefined);
    // The rows under it count from where the copy starts.
    const first = describeChildren(
      copy,
      childNodes(copy, { kind: 'job', jobId: id }).find((n) => n.kind === 'group' && n.group === 'activities')!,
      clock.now(),
    )[0]!;
    assert.equal(first.tooltip!().heading, `Activity ${(copy.trimmed.activities + 1).toLocaleString('en-US')}`);
    await b.store.refresh(id);
    assert.equal(b.store.get(id)?.trimmed, undefined);
    assert.equal(activitiesOf(b.store.get(id)!), activitiesOf(whole));
    await a.close();
    await b.close();
  });

  test('a result too large to keep: the follower has a row that says so and refreshes the job', () => {
    const job: TrackedJob = {
      id: ID,
      kind: 'agent',
      trackedAt: 1,
      snapshot: agent({}),
      fetchedAt: 2,
      watchStartedAt: 1,
      finishedAt: 2,
      poll: { kind: 'idle' },
      nextPollAt: undefined,
      revision: 1,
      trimmed: { activities: 0, sources: 0, resultBytes: 5 * 1024 * 1024 },
    };
    assert.deepEqual(jobChildren(job), ['notKept']);
    const row = describeGroup(job, 'notKept', 3)!;
    assert.equal(row.label, 'Result not kept (5.0 MB)');
    assert.deepEqual(row.command?.arguments, [ID]);
    assert.equal(row.command?.command, 'firecrawl.refreshResearchJob');
  });
});
