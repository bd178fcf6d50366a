// The rows of a deep research job read from a saved copy that left the oldest activities and sources
// out: the job's tooltip counts them as the group rows under it do.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ResearchJob } from '../../../src/api';
import type { TrackedJob } from '../../../src/features/research/model/trackedJob';
import { describeActivity, describeGroup, describeJob } from '../../../src/features/research/ui/treeRows';

const ID = '3f2b9c1e-8d4a-4b6e-9f10-2a3b4c5d6e7f';
const NOW = Date.parse('2026-11-20T12:00:00.000Z');

const research: ResearchJob = {
  kind: 'deepResearch',
  id: ID,
  status: 'completed',
  currentDepth: 3,
  maxDepth: 3,
  totalUrls: 1_000,
  expiresAt: null,
  activities: Array.from({ length: 500 }, (_, i) => ({ type: 'search', status: 'complete', message: `Step ${i}`, depth: 1, timestamp: '2026-11-20T11:00:00Z' })),
  sources: Array.from({ length: 300 }, (_, i) => ({ url: `https://example.com/${i}` })),
  warnings: [],
};

const copy: TrackedJob = {
  id: ID,
  kind: 'deepResearch',
  trackedAt: NOW - 60_000,
  snapshot: research,
  fetchedAt: NOW,
  watchStartedAt: NOW - 60_000,
  finishedAt: NOW,
  poll: { kind: 'idle' },
  nextPollAt: undefined,
  revision: 1,
  trimmed: { activities: 1_500, sources: 700 },
};

describe('a deep research job from a trimmed copy', () => {
  test('the tooltip counts the activities and sources as the group rows do, not only the ones kept', () => {
    const rows = new Map(describeJob(copy, NOW).tooltip!().rows);
    assert.equal(describeGroup(copy, 'activities', NOW)?.label, 'Activities (500 of 2,000)');
    assert.equal(rows.get('Activities'), '500 of 2,000');
    assert.equal(describeGroup(copy, 'sources', NOW)?.label, 'Sources (300 of 1,000)');
    assert.equal(rows.get('Sources'), '300 of 1,000');
  });

  test('a whole copy counts plainly', () => {
    const rows = new Map(describeJob({ ...copy, trimmed: undefined }, NOW).tooltip!().rows);
    assert.equal(rows.get('Activities'), '500');
    assert.equal(rows.get('Sources'), '300');
  });
});

describe('an activity row', () => {
  test('an activity without a message has no empty Message row in its tooltip, and is labelled by its kind', () => {
    const job: TrackedJob = { ...copy, trimmed: undefined, snapshot: { ...research, activities: [{ type: 'analyze', status: 'complete', message: '', depth: 2, timestamp: '2026-11-20T11:00:00Z' }] } };
    const d = describeActivity(job, 0, NOW)!;
    assert.equal(d.label, '(analysis)');
    const labels = d.tooltip!().rows.map(([label]) => label);
    assert.deepEqual(labels, ['Type', 'Status', 'Depth', 'At']);
    const blank: TrackedJob = { ...job, snapshot: { ...research, activities: [{ type: 'analyze', status: 'complete', message: ' \n ', depth: 2, timestamp: '2026-11-20T11:00:00Z' }] } };
    const b = describeActivity(blank, 0, NOW)!;
    assert.equal(b.label, '(analysis)');
    assert.deepEqual(
      b.tooltip!().rows.map(([label]) => label),
      labels,
    );
  });

  test("a kind the service adds later keeps a plain icon and its word, even one that names an object's property", () => {
    for (const type of ['constructor', 'toString', 'verify_claims']) {
      const job: TrackedJob = { ...copy, trimmed: undefined, snapshot: { ...research, activities: [{ type, status: 'complete', message: '', depth: 1, timestamp: '2026-11-20T11:00:00Z' }] } };
      const d = describeActivity(job, 0, NOW)!;
      assert.deepEqual(d.icon, { id: 'circle-outline' }, type);
      assert.equal(d.label, `(${type})`);
      assert.deepEqual(new Map(d.tooltip!().rows).get('Type'), type);
    }
  });

  test('an activity with a message keeps its Message row', () => {
    const rows = new Map(describeActivity({ ...copy, trimmed: undefined }, 0, NOW)!.tooltip!().rows);
    assert.equal(rows.get('Message'), 'Step 0');
  });
});
