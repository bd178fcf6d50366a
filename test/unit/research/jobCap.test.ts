// The cap on tracked jobs, as pure rules: which new ids fit, which finished jobs make room (finished
// longest ago first), which ids are not tracked, and the one message the window that tracked shows.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { capMessage, planTrack, roomLeft } from '../../../src/features/research/model/jobCap';
import { jobIdInputMessage } from '../../../src/features/research/model/jobIdInput';
import type { TrackedJob } from '../../../src/features/research/model/trackedJob';

const job = (id: string, finishedAt?: number, trackedAt = 0): TrackedJob => ({
  id,
  kind: 'deepResearch',
  trackedAt,
  snapshot: undefined,
  fetchedAt: undefined,
  watchStartedAt: undefined,
  finishedAt,
  poll: finishedAt === undefined ? { kind: 'polling' } : { kind: 'idle' },
  nextPollAt: undefined,
  revision: 0,
});
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('the cap on tracked jobs', () => {
  test('under the cap everything is tracked; at it, finished jobs go, finished longest ago first', () => {
    assert.deepEqual(planTrack(['x'], [job('a')], 3), { add: ['x'], evict: [], refused: [] });
    const tracked = [job('run'), job('late', 300), job('early', 100), job('mid', 200)];
    const plan = planTrack(['x', 'y'], tracked, 4);
    assert.deepEqual(plan.add, ['x', 'y']);
    assert.deepEqual(
      plan.evict.map((j) => j.id),
      ['early', 'mid'],
    );
    assert.deepEqual(plan.refused, []);
  });

  test('running jobs are never dropped: what does not fit beside them is refused, in the order given', () => {
    const tracked = [job('r1'), job('r2'), job('done', 5)];
    const plan = planTrack(['x', 'y', 'z'], tracked, 3);
    assert.deepEqual(
      plan.evict.map((j) => j.id),
      ['done'],
    );
    assert.deepEqual(plan.add, ['x']);
    assert.deepEqual(plan.refused, ['y', 'z']);
    assert.equal(roomLeft(tracked, 3), 1);
    assert.equal(roomLeft([job('r1'), job('r2'), job('r3')], 3), 0);
  });

  test('a list already over the cap (saved by an earlier version) is brought back under it first', () => {
    const tracked = [job('r1'), job('r2'), job('d1', 1), job('d2', 2), job('d3', 3)];
    const plan = planTrack(['x'], tracked, 3);
    assert.deepEqual(
      plan.evict.map((j) => j.id),
      ['d1', 'd2', 'd3'],
    );
    assert.deepEqual(plan.add, ['x']);
  });

  test('the message: said once by the window that tracked, counting what was dropped and what was not tracked', () => {
    assert.equal(capMessage({ added: ['x'], evicted: [], refused: [] }, 200), undefined);
    assert.deepEqual(capMessage({ added: ['x'], evicted: ['a'], refused: [] }, 200), {
      text: 'Stopped tracking the job that finished longest ago: at most 200 jobs are tracked.',
      severity: 'info',
    });
    const many = capMessage({ added: Array(150).fill('x'), evicted: Array(3).fill('a'), refused: Array(850).fill('y') }, 200);
    assert.equal(many?.severity, 'warning');
    assert.equal(
      many?.text,
      'Stopped tracking the 3 jobs that finished longest ago: at most 200 jobs are tracked. Tracked 150 of 1,000 new jobs; 850 were not tracked: at most 200 jobs are tracked, and the other 50 are still running. Stop tracking jobs you no longer need to make room.',
    );
  });

  test('the words agree with the counts: one job refused with nothing tracked, one job running', () => {
    assert.equal(
      capMessage({ added: [], evicted: [], refused: ['y'] }, 200)?.text,
      'The new job was not tracked: at most 200 jobs are tracked, and all of them are still running. Stop tracking jobs you no longer need to make room.',
    );
    assert.match(capMessage({ added: [], evicted: [], refused: ['y', 'z'] }, 200)?.text ?? '', /^The 2 new jobs were not tracked: at most 200 jobs/);
    const ids = (n: number) => Array.from({ length: n }, (_, i) => uuid(i)).join(' ');
    assert.equal(
      jobIdInputMessage(ids(200), () => false, { room: 199, max: 200 })?.message,
      '200 new job ids, but only 199 more fit: at most 200 jobs are tracked and 1 is still running. The first 199 will be tracked.',
    );
    assert.deepEqual(
      jobIdInputMessage(ids(1), () => false, { room: 0, max: 200 }),
      {
        message: 'No more jobs fit: at most 200 jobs are tracked, and all of them are still running. Stop tracking jobs you no longer need to make room.',
        severity: 'error',
      },
    );
  });

  test('the track box says beforehand how many of the pasted ids fit', () => {
    const pasted = Array.from({ length: 1_000 }, (_, i) => uuid(i)).join('\n');
    assert.deepEqual(
      jobIdInputMessage(pasted, () => false, { room: 150, max: 200 }),
      {
        message: '1,000 new job ids, but only 150 more fit: at most 200 jobs are tracked and 50 are still running. The first 150 will be tracked.',
        severity: 'info',
      },
    );
    assert.deepEqual(
      jobIdInputMessage(`${uuid(1)} ${uuid(2)}`, () => false, { room: 150, max: 200 }),
      { message: '2 new job ids.', severity: 'info' },
    );
  });
});
