// What the analysis document says when it has no analysis to show: an editor on it stays open (or is
// restored) while the job moves on, so it says what is true of the job now, not "still running".
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AgentJob, ResearchJob } from '../../../src/api';
import type { TrackedJob } from '../../../src/features/research/model/trackedJob';
import { documentText } from '../../../src/features/research/ui/documentText';

const ID = '3f2b9c1e-8d4a-4b6e-9f10-2a3b4c5d6e7f';
const NOW = Date.parse('2026-11-20T12:00:00.000Z');

function agent(over: Partial<AgentJob> = {}): AgentJob {
  return { kind: 'agent', id: ID, status: 'processing', suggestions: [], expiresAt: null, ...over };
}

function research(over: Partial<ResearchJob> = {}): ResearchJob {
  return { kind: 'deepResearch', id: ID, status: 'processing', currentDepth: 1, maxDepth: 3, totalUrls: 0, expiresAt: null, activities: [], sources: [], warnings: [], ...over };
}

function tracked(over: Partial<TrackedJob> = {}): TrackedJob {
  return {
    id: ID,
    kind: 'agent',
    trackedAt: NOW,
    snapshot: agent(),
    fetchedAt: NOW,
    watchStartedAt: NOW,
    finishedAt: undefined,
    poll: { kind: 'polling' },
    nextPollAt: undefined,
    revision: 1,
    ...over,
  };
}

const analysis = (job: TrackedJob) => documentText(job, ID, 'analysis');

describe('the analysis document of a job with no analysis', () => {
  test('a running job: no result yet', () => {
    assert.equal(analysis(tracked()), '_No result yet: the job is still running._\n');
    assert.equal(analysis(tracked({ kind: 'deepResearch', snapshot: research() })), '_No result yet: the job is still running._\n');
  });

  test('a cancelled run has no result, and will have none', () => {
    const text = analysis(tracked({ snapshot: agent({ status: 'cancelled' }), poll: { kind: 'idle' }, finishedAt: NOW }));
    assert.equal(text, '_This job was cancelled and has no result._\n');
  });

  test('a job the service no longer has: its result was not kept', () => {
    const gone = analysis(tracked({ poll: { kind: 'stopped', reason: 'notFound', at: NOW } }));
    assert.doesNotMatch(gone, /still running/);
    assert.equal(gone, '_No result: the service no longer has this job (it expired, or was not found), and no result was kept here._\n');
    const neverSeen = analysis(tracked({ kind: undefined, snapshot: undefined, poll: { kind: 'stopped', reason: 'notFound', at: NOW } }));
    assert.equal(neverSeen, gone);
  });

  test('a completed run whose result is JSON points to the JSON document', () => {
    const text = analysis(tracked({ snapshot: agent({ status: 'completed', data: { answer: 42 } }), poll: { kind: 'idle' }, finishedAt: NOW }));
    assert.equal(text, '_This result is JSON, not text: open it with "Open JSON Result"._\n');
    // A run stopped at its credit limit keeps its partial data as its result: not a failure without one.
    const capped = analysis(tracked({ snapshot: agent({ status: 'failed', stopReason: 'credit_limit_reached', partial: { rows: [1] } }), poll: { kind: 'idle' }, finishedAt: NOW }));
    assert.equal(capped, text);
  });

  test('a completed job without any result says so', () => {
    assert.equal(analysis(tracked({ snapshot: agent({ status: 'completed' }), poll: { kind: 'idle' }, finishedAt: NOW })), '_This job completed without a result._\n');
  });

  test('a job the service has not answered for is not said to be running', () => {
    const refused = tracked({ kind: undefined, snapshot: undefined, poll: { kind: 'stopped', reason: 'rejected', at: NOW, error: new Error('401') } });
    assert.equal(analysis(refused), '_No result yet: the service has not answered for this job._\n');
    assert.equal(analysis(tracked({ kind: undefined, snapshot: undefined })), analysis(refused));
  });

  test('a failed job still says it failed, with its error', () => {
    assert.equal(analysis(tracked({ snapshot: agent({ status: 'failed', error: 'boom' }), poll: { kind: 'idle' }, finishedAt: NOW })), '_This job failed and has no result._\n\nError: boom\n');
  });
});

describe("a job's documents and Unicode's own line breaks (LS, PS, NEL), which the editor would ask to delete", () => {
  const done = (data: unknown) => tracked({ snapshot: agent({ status: 'completed', data }), poll: { kind: 'idle' }, finishedAt: NOW });

  test('a Markdown result: line and paragraph breaks', () => {
    assert.equal(analysis(done('Open 9 to 17\u2028Sat 10 to 14\u2029Closed on holidays.\u0085Call ahead.')), 'Open 9 to 17\nSat 10 to 14\n\nClosed on holidays.\nCall ahead.');
  });

  test('a JSON result: escapes, the same data', () => {
    const data = { hours: 'Open 9 to 17\u2028Sat 10 to 14\u2029Closed\u0085' };
    const text = documentText(done(data), ID, 'json');
    assert.doesNotMatch(text, /[\u2028\u2029\u0085]/);
    assert.deepEqual(JSON.parse(text), data);
  });
});
