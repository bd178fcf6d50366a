// What Save Result and Copy Result write: the analysis as the document view shows it (text and web
// links kept; command links, editor links and remote images neutralised), not as the server sent it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AgentJob, ResearchJob } from '../../../src/api';
import type { TrackedJob } from '../../../src/features/research/model/trackedJob';
import { documentText } from '../../../src/features/research/ui/documentText';
import { resultFormats } from '../../../src/features/research/ui/resultFiles';

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
});
