// When a running agent run's row offers Cancel: not once the service refused this key for it (401, 403,
// a request refused for good), since the cancel goes to the same service with the same key; still
// for a run only given up on for taking too long, which is the run most worth stopping.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { type AgentJob, UnauthorizedError } from '../../../src/api';
import { isCancelable, type TrackedJob } from '../../../src/features/research/model/trackedJob';
import { jobContextValue } from '../../../src/features/research/ui/treeRows';

const ID = '1a2b3c4d-8d4a-4b6e-9f10-2a3b4c5d6e7f';
const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const running: AgentJob = { kind: 'agent', id: ID, status: 'processing', suggestions: [], expiresAt: null };

function tracked(poll: TrackedJob['poll']): TrackedJob {
  return { id: ID, kind: 'agent', trackedAt: NOW, snapshot: running, fetchedAt: NOW, watchStartedAt: NOW, finishedAt: undefined, poll, nextPollAt: undefined, revision: 1 };
}

describe('Cancel on a running agent run', () => {
  test('offered while polled, and after the time limit stopped the polling', () => {
    for (const job of [tracked({ kind: 'polling' }), tracked({ kind: 'stopped', reason: 'timeLimit', at: NOW, afterMs: 3_600_000 })]) {
      assert.equal(isCancelable(job), true);
      assert.match(jobContextValue(job), /\bcancelable\b/);
    }
  });

  test('not offered once the service refused the key for it', () => {
    const refused = tracked({ kind: 'stopped', reason: 'rejected', at: NOW, error: new UnauthorizedError({ operation: 'agentJob' }) });
    assert.equal(isCancelable(refused), false);
    assert.doesNotMatch(jobContextValue(refused), /\bcancelable\b/);
    // Refresh stays: it is how the row learns the key works again.
    assert.match(jobContextValue(refused), /\brefreshable\b/);
  });
});
