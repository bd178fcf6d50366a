// What Save Result and Copy Result write: the analysis as the document view shows it (text and web
// links kept; command links, editor links and remote images neutralised), not as the server sent it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AgentJob, ResearchJob } from '../../../src/api';
import { hasKeepableResult, type TrackedJob } from '../../../src/features/research/model/trackedJob';
import { documentText } from '../../../src/features/research/ui/documentText';
import { resultFormats } from '../../../src/features/research/ui/resultFiles';
import { jobContextValue } from '../../../src/features/research/ui/treeRows';

const ID = '3f2b9c1e-8d4a-4b6e-9f10-2a3b4c5d6e7f';
const NOW = Date.parse('2026-11-20T12:00:00.000Z');

const HOSTILE = [
  '# Findings',
  '',
  'Plain text stays, and so does [the source](https://example.com/report).',
  '[Open a terminal](command:workbench.action.terminal.new) or [install](vscode:extension/evil.pack).',
  '![tracking pixel](https://tracker.example/pixel.png?who=me)',
  '[ref link][r]',
  '',
  '[r]: command:workbench.action.reloadWindow',
].join('\n');

function tracked(snapshot: ResearchJob | AgentJob): TrackedJob {
  return {
    id: ID,
    kind: snapshot.kind,
    trackedAt: NOW - 60_000,
    snapshot,
    fetchedAt: NOW - 1_000,
    watchStartedAt: NOW - 60_000,
    finishedAt: NOW,
    poll: { kind: 'idle' },
    nextPollAt: undefined,
    revision: 1,
  } as TrackedJob;
}

function research(finalAnalysis: string): ResearchJob {
  return {
    kind: 'deepResearch',
    id: ID,
    status: 'completed',
    currentDepth: 3,
    maxDepth: 3,
    totalUrls: 1,
    expiresAt: new Date(NOW + 3_600_000).toISOString(),
    activities: [],
    sources: [],
    warnings: [],
    finalAnalysis,
  };
}

function assertNeutral(text: string): void {
  assert.doesNotMatch(text, /\]\((?:command|vscode):/i, 'no command or editor link');
  assert.doesNotMatch(text, /^\[r\]:/m, 'no reference definition left to resolve');
  assert.doesNotMatch(text, /!\[[^\]]*\]\(/, 'no image that loads by itself');
  assert.match(text, /Plain text stays/);
  assert.match(text, /\[the source\]\(https:\/\/example\.com\/report\)/, 'a web link stays a link');
  assert.match(text, /Open a terminal/, 'the text of a removed link stays');
}

describe('result files', () => {
  test('a deep research analysis is saved and copied as the document view shows it', () => {
    const job = tracked(research(HOSTILE));
    const markdown = resultFormats(job).find((f) => f.format === 'markdown');
    assert.ok(markdown);
    assertNeutral(markdown.text);
    assert.equal(markdown.text, documentText(job, ID, 'analysis'));
  });

  test("an agent's text result is neutralised the same way", () => {
    const agent = { kind: 'agent', id: ID, status: 'completed', model: 'spark-2', data: HOSTILE, suggestions: [], expiresAt: new Date(NOW + 3_600_000).toISOString() } as unknown as AgentJob;
    const markdown = resultFormats(tracked(agent)).find((f) => f.format === 'markdown');
    assert.ok(markdown);
    assertNeutral(markdown.text);
  });

  test('a deep research job that failed without a result offers what it found before it stopped, as one lost at the shutdown does', () => {
    const failed: ResearchJob = {
      ...research(''),
      status: 'failed',
      error: 'Research failed: the model gave up',
      activities: [{ type: 'search', status: 'complete', message: 'Searched crawler pricing', depth: 1, timestamp: '2026-11-20T11:58:00.000Z' }],
      sources: [{ url: 'https://example.com/pricing', title: 'Pricing' }],
    };
    delete failed.finalAnalysis;
    const job = tracked(failed);
    const formats = resultFormats(job);
    assert.deepEqual(
      formats.map((f) => f.label),
      ['What it found before it stopped (Markdown)', 'Last snapshot (JSON)'],
    );
    assert.match(
      formats[0]!.text,
      /## Activities \(1\)\n\n- 2026-11-20T11:58:00\.000Z search \(depth 1\): Searched crawler pricing\n[\s\S]*## Sources \(1\)\n\n- Pricing: <https:\/\/example\.com\/pricing>/,
    );
    assert.equal(JSON.parse(formats[1]!.text).error, 'Research failed: the model gave up');
    // The tree offers Save Result for it: the row's context value says there is something to keep.
    assert.equal(hasKeepableResult(job, undefined, undefined), true);
    assert.match(jobContextValue(job), /\bresult\b/);
    // One that found nothing, or a failed agent run without data, has nothing to keep.
    const empty = tracked({ ...failed, activities: [], sources: [] });
    assert.deepEqual(resultFormats(empty), []);
    assert.doesNotMatch(jobContextValue(empty), /\bresult\b/);
    const agent = { kind: 'agent', id: ID, status: 'failed', error: 'x', model: 'spark-2', suggestions: [], expiresAt: new Date(NOW + 3_600_000).toISOString() } as unknown as AgentJob;
    assert.deepEqual(resultFormats(tracked(agent)), []);
  });
});
