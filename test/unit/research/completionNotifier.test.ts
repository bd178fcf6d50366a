// The finished-jobs notification: jobs finishing together share one, and a job no longer tracked by
// the time it is shown is not announced.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TrackedJob } from '../../../src/features/research/model/trackedJob';
import { CompletionNotifier } from '../../../src/features/research/ui/completionNotifier';
import { editor } from '../../support/researchWindows';

const actions = { openAnalysis: async () => undefined, revealJob: async () => undefined, openJson: async () => undefined };

describe('the completion notification', () => {
  test('jobs finishing together share one notification; one untracked meanwhile is left out of it', async () => {
    const { clock, service, open } = editor();
    const w = await open('w');
    const shown: string[][] = [];
    const notifier = new CompletionNotifier(w.store, clock, actions, async (jobs: readonly TrackedJob[]) => void shown.push(jobs.map((j) => j.id)));
    const kept = service.create({ durationMs: 30_000 });
    const dropped = service.create({ durationMs: 30_000 });
    w.store.track([kept, dropped]);
    // The person stops tracking it right as it finishes, before the notification gathers it up.
    notifier.onDidDecide(({ jobId, announced }) => {
      if (announced && jobId === dropped) w.store.untrack(jobId);
    });
    await clock.advance(120_000);
    assert.equal(w.store.get(dropped), undefined);
    assert.deepEqual(shown, [[kept]]);
    notifier.dispose();
    await w.close();
  });

  test('nothing to say when every job of the burst was untracked', async () => {
    const { clock, service, open } = editor();
    const w = await open('w');
    const shown: string[][] = [];
    const notifier = new CompletionNotifier(w.store, clock, actions, async (jobs: readonly TrackedJob[]) => void shown.push(jobs.map((j) => j.id)));
    const id = service.create({ durationMs: 30_000 });
    w.store.track([id]);
    notifier.onDidDecide(({ jobId, announced }) => {
      if (announced) w.store.untrack(jobId);
    });
    await clock.advance(120_000);
    assert.equal(w.store.get(id), undefined);
    assert.deepEqual(shown, []);
    notifier.dispose();
    await w.close();
  });
});
