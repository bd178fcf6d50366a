// What the store says about its list while the saved jobs are still being read: the Research view
// shows its "no jobs" welcome only for a list known to be empty.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ResearchStore } from '../../../src/features/research/model/researchStore';
import { editor } from '../../support/researchWindows';

describe('the list while it loads', () => {
  test('a team just joined lists nothing yet: its list counts as read only once its saved jobs are', async () => {
    const { clock, disk, storage, service, open } = editor();
    const first = await open('a');
    const id = service.create({ durationMs: 600_000 });
    first.store.track([id]);
    await clock.advance(5_000);
    await first.close();

    const store = new ResearchStore({ source: { client: service.clientFor('b', () => 't') }, storage, files: disk.view(), windowId: 'b', clock, random: () => 0.5 });
    store.start();
    store.joinTeam('t');
    assert.equal(store.teamId, 't');
    assert.equal(store.size, 0, 'the saved job is not listed yet');
    assert.equal(store.listRead, false, 'so the empty list must not read as "no jobs"');
    await store.ready;
    assert.deepEqual(
      store.jobs.map((j) => j.id),
      [id],
    );
    assert.equal(store.listRead, true);

    store.endpointChanged();
    store.joinTeam('other');
    assert.equal(store.listRead, false, "another team's list is not known before it is read either");
    await store.ready;
    assert.equal(store.size, 0);
    assert.equal(store.listRead, true, 'read, and empty');
    store.dispose();
  });
});
