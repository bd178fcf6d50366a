// What a screen reader says for a job row: its label, then its state and facts, each fact once. The
// label already leads with the kind, so the description's own kind word is not said again.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AgentJob, ResearchJob } from '../../../src/api';
import type { TrackedJob } from '../../../src/features/research/model/trackedJob';
import { withRecentTitle } from '../../../src/features/research/ui/recentRows';
import { describeJob } from '../../../src/features/research/ui/treeRows';

const ID = '1a2b3c4d-8d4a-4b6e-9f10-2a3b4c5d6e7f';
const NOW = Date.parse('2026-11-20T12:00:00.000Z');

function tracked(over: Partial<TrackedJob> = {}): TrackedJob {
  const agent: AgentJob = { kind: 'agent', id: ID, status: 'processing', model: 'spark-1-pro', creditsUsed: 3, suggestions: [], expiresAt: null };
  return {
    id: ID,
    kind: 'agent',
    trackedAt: NOW - 60_000,
    snapshot: agent,
    fetchedAt: NOW,
    watchStartedAt: NOW - 60_000,
    ranAt: NOW - 60_000,
    finishedAt: undefined,
    poll: { kind: 'polling' },
    nextPollAt: undefined,
    revision: 1,
    ...over,
  };
}

const count = (text: string, word: RegExp) => text.match(word)?.length ?? 0;

describe("a job row's screen-reader label", () => {
  test('an agent run names its kind once', () => {
    const d = describeJob(tracked(), NOW);
    assert.equal(d.label, 'Agent job 1a2b3c4d');
    assert.equal(d.accessibilityLabel, 'Agent job 1a2b3c4d: processing · spark-1-pro · 3 credits · 1m 0s');
    assert.equal(count(d.accessibilityLabel!, /agent/gi), 1);
  });

  test('a titled deep research job names its kind once', () => {
    const research: ResearchJob = {
      kind: 'deepResearch',
      id: ID,
      status: 'completed',
      currentDepth: 3,
      maxDepth: 3,
      totalUrls: 2,
      expiresAt: null,
      finalAnalysis: '# Solar panels in 2026\n\nText.',
      activities: [],
      sources: [],
      warnings: [],
    };
    const d = describeJob(tracked({ kind: 'deepResearch', snapshot: research, poll: { kind: 'idle' }, finishedAt: NOW }), NOW);
    assert.equal(count(d.accessibilityLabel!, /deep research/gi), 1);
    assert.match(d.accessibilityLabel!, /^Deep research: Solar panels in 2026: completed · /);
  });

  test('an agent run titled by the prompt the recent lists named still names its kind once', () => {
    const run = { id: ID, kind: 'agent' as const, target: 'Compare three crawler APIs', ranAt: NOW - 60_000, status: 'processing', model: 'spark-1-pro' };
    const d = withRecentTitle(describeJob(tracked(), NOW), run);
    assert.equal(d.label, 'Agent job: Compare three crawler APIs');
    assert.equal(d.accessibilityLabel, 'Agent job: Compare three crawler APIs: processing · spark-1-pro · 3 credits · 1m 0s');
    assert.equal(count(d.accessibilityLabel!, /agent/gi), 1);
  });

  test('a job whose kind is not known yet says "job" once', () => {
    const d = describeJob(tracked({ kind: undefined, snapshot: undefined }), NOW);
    assert.equal(d.accessibilityLabel, 'Job 1a2b3c4d: checking… · 1m 0s');
  });
});
