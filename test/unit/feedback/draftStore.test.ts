// Draft writes reach storage one at a time, in order: a clear after a send can never be overtaken
// by an earlier save still on its way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyDraft } from '../../../src/features/feedback/model/draft';
import { draftKey, DraftStore } from '../../../src/features/feedback/model/draftStore';

test('saves and a clear are written in order, each after the previous finished', async () => {
  const calls: Array<{ value: unknown; startedWhileBusy: boolean }> = [];
  let busy = false;
  let stored: unknown;
  const storage = {
    get: () => stored,
    keys: () => (stored === undefined ? [] : [draftKey('w1')]),
    update: async (key: string, value: unknown) => {
      assert.equal(key, draftKey('w1'));
      calls.push({ value, startedWhileBusy: busy });
      busy = true;
      // Later writes finish sooner here, as an echo can arrive late in a web host.
      await new Promise((resolve) => setTimeout(resolve, 20 - calls.length * 5));
      stored = value;
      busy = false;
    },
  };
  const drafts = new DraftStore(storage, 'w1');
  const draft = { ...emptyDraft('3f2b8c1e-9d4a-4b6f-8e2d-1a2b3c4d5e6f'), endpoint: 'scrape' as const };
  void drafts.save(draft);
  draft.rating = 'bad';
  void drafts.save(draft);
  await drafts.clear();
  assert.equal(calls.length, 3);
  assert.ok(
    calls.every((c) => !c.startedWhileBusy),
    'no write starts before the previous one finished',
  );
  assert.equal((calls[0]!.value as { draft: { rating?: string } }).draft.rating, undefined, 'each save wrote the draft as it was then');
  assert.equal(stored, undefined);
  assert.equal(drafts.load(), undefined);
  await drafts.settled();
});
