// Draft writes reach storage one at a time, in order: a clear after a send can never be overtaken
// by an earlier save still on its way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyDraft } from '../../../src/features/feedback/model/draft';
import { draftKey, DraftStore } from '../../../src/features/feedback/model/draftStore';
import { SharedMemento } from '../../support/memoryFiles';

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

const JOB = '3f2b8c1e-9d4a-4b6f-8e2d-1a2b3c4d5e6f';
const OTHER_JOB = '019a1b2c-3d4e-7f60-9a1b-2c3d4e5f6a7b';
const withNote = (jobId: string, note: string) => ({ ...emptyDraft(jobId), endpoint: 'scrape' as const, rating: 'bad' as const, note });
const notes = (storage: SharedMemento) => [...storage.map.values()].map((v) => (v as { draft: { note: string } }).draft.note).sort();

test("resuming another window's draft sets this window's own aside: it is offered again as this window's, not lost", async () => {
  const storage = new SharedMemento();
  await new DraftStore(storage, 'gone', () => 1_000).save(withNote(JOB, 'from a closed window'));
  const here = new DraftStore(storage, 'here', () => 2_000);
  await here.save(withNote(OTHER_JOB, 'written here'));
  const [other] = here.others();
  await here.adopt(other!);
  await here.settled();
  assert.equal(here.load()?.draft.note, 'from a closed window');
  const aside = here.others();
  assert.deepEqual(
    aside.map((d) => [d.draft.note, here.isSetAsideHere(d)]),
    [['written here', true]],
  );
  // Resumed in turn, the set-aside draft takes the place again and the other is set aside.
  await here.adopt(aside[0]!);
  await here.settled();
  assert.equal(here.load()?.draft.note, 'written here');
  assert.deepEqual(notes(storage), ['from a closed window', 'written here']);
});

test('a copy of an open window’s draft sets this window’s own aside too; nothing to set aside, nothing written', async () => {
  const storage = new SharedMemento();
  await new DraftStore(storage, 'open', () => 1_000).save(withNote(JOB, 'still being edited there'));
  const here = new DraftStore(storage, 'here', () => 2_000);
  here.setAside();
  await here.settled();
  assert.equal(storage.map.size, 1);
  await here.save(withNote(OTHER_JOB, 'mine'));
  await here.copy(here.others()[0]!);
  await here.settled();
  assert.deepEqual(notes(storage), ['mine', 'still being edited there', 'still being edited there']);
});

test('a draft set aside is moved, not copied: offered once after the wizard that set it aside is cancelled untouched', async () => {
  const storage = new SharedMemento();
  let now = 1_000;
  const drafts = new DraftStore(storage, 'here', () => now);
  await drafts.save({ ...emptyDraft(JOB), endpoint: 'scrape', rating: 'bad', note: 'written before, not sent' });
  now = 2_000;
  // controller.start({rateResult}) for another job: `if (own && own.jobId !== options.jobId) this.drafts.setAside()`,
  // then the wizard is escaped on its untouched first page (runFeedbackWizard does not save then).
  drafts.setAside();
  await drafts.settled();
  // What the next wizard's first page offers (controller.resumable()).
  const offered = [...(drafts.load() ? [drafts.load()!] : []), ...drafts.others()].map((d) => d.draft.note);
  assert.deepEqual(offered, ['written before, not sent'], 'the unsent draft is offered once');
});

test("a feedback recorded drops this window's drafts that say exactly it, its own and those set aside, and nothing else", async () => {
  const storage = new SharedMemento();
  let now = 1_000;
  const here = new DraftStore(storage, 'here', () => now);
  await new DraftStore(storage, 'there', () => now).save(withNote(JOB, 'sent'));
  await here.save(withNote(JOB, 'sent'));
  now = 2_000;
  // A newer wizard set the failed one aside; its Send Again then went through.
  here.setAside();
  await here.save(withNote(OTHER_JOB, 'written since'));
  await here.settled();
  await here.forget((draft) => draft.note === 'sent');
  await here.settled();
  assert.equal(here.load()?.draft.note, 'written since');
  assert.deepEqual(
    here.others().map((d) => [d.windowId, d.draft.note]),
    [['there', 'sent']],
    "another window's draft is that window's to send",
  );
});

test("a draft saved aside in the slot it was set aside to replaces that copy, never the window's place", async () => {
  const storage = new SharedMemento();
  let now = 1_000;
  const drafts = new DraftStore(storage, 'here', () => now);
  await drafts.save(withNote(JOB, 'older wizard, before its editor'));
  now = 2_000;
  // controller.start() replacing a wizard in its note editor: its draft is set aside to its own slot.
  const slot = drafts.asideSlot();
  drafts.setAside(slot);
  await drafts.save(withNote(OTHER_JOB, 'newer wizard'));
  now = 3_000;
  await drafts.saveAside(slot, withNote(JOB, 'older wizard, from its editor'));
  await drafts.settled();
  assert.equal(drafts.load()?.draft.note, 'newer wizard');
  assert.deepEqual(
    drafts.others().map((d) => [d.draft.note, drafts.isSetAsideHere(d)]),
    [['older wizard, from its editor', true]],
  );
});

test('a feedback recorded while newer writes are still queued judges each key by what it will hold: a draft saved a moment ago is kept', async () => {
  const map = new Map<string, unknown>();
  // Writes land a turn later, as globalState's do.
  const storage = {
    get: (key: string) => map.get(key),
    keys: () => [...map.keys()],
    update: async (key: string, value: unknown) => {
      await new Promise((resolve) => setImmediate(resolve));
      if (value === undefined) map.delete(key);
      else map.set(key, value);
    },
  };
  let now = 1_000;
  const here = new DraftStore(storage, 'here', () => now);
  await here.save(withNote(JOB, 'sent'));
  now = 2_000;
  // A rating of another job: the sent draft moves aside and the new one takes the place, both still queued
  // when the earlier send's answer comes.
  here.setAside();
  void here.save(withNote(OTHER_JOB, 'written since'));
  await here.forget((draft) => draft.note === 'sent');
  await here.settled();
  assert.equal(here.load()?.draft.note, 'written since', 'the newer draft is not deleted for the one it replaced');
  assert.deepEqual(here.others(), [], 'the set-aside copy of what was sent is gone too');
});

test("a draft another window set aside names that window, so it is known as open (copied) rather than taken as a closed one's", async () => {
  const storage = new SharedMemento();
  let now = 1_000;
  const there = new DraftStore(storage, 'there', () => now);
  await there.save(withNote(JOB, 'left for later'));
  now = 2_000;
  // That window starts new feedback: its draft moves aside, under a key of its own beside its place.
  there.setAside();
  await there.save(withNote(OTHER_JOB, 'the new one'));
  await there.settled();
  const here = new DraftStore(storage, 'here', () => now);
  assert.deepEqual(
    here
      .others()
      .map((d) => [d.windowId, d.draft.note])
      .sort(),
    [
      ['there', 'left for later'],
      ['there', 'the new one'],
    ],
  );
});

test('a send that got no answer is remembered with every copy of its draft here (its place and those set aside), and read back whole', async () => {
  const storage = new SharedMemento();
  let now = 1_000;
  const here = new DraftStore(storage, 'here', () => now);
  const sent = withNote(JOB, 'sent, no answer');
  await here.save(sent);
  now = 2_000;
  // A newer feedback took the place: the sent draft is set aside, and a copy of it is still in the place of another window.
  here.setAside();
  await here.save(withNote(OTHER_JOB, 'written since'));
  const there = new DraftStore(storage, 'there', () => now);
  await there.save(sent);
  const marked = { ...sent, unanswered: { endpoint: 'scrape' as const, jobId: JOB } };
  await here.replace((draft) => draft.note === 'sent, no answer', marked);
  await here.settled();
  assert.equal(here.load()?.draft.unanswered, undefined, 'the draft written since is not the one sent');
  const others = here.others();
  assert.deepEqual(
    others.filter((o) => here.isSetAsideHere(o)).map((o) => o.draft.unanswered),
    [{ endpoint: 'scrape', jobId: JOB }],
  );
  assert.equal(there.load()?.draft.unanswered, undefined, "another window's draft is that window's");
  // What is read back from storage is checked: a marker without a known endpoint or a job id is dropped.
  const reread = new DraftStore(storage, 'here', () => now);
  assert.deepEqual(reread.others().find((o) => reread.isSetAsideHere(o))?.draft.unanswered, { endpoint: 'scrape', jobId: JOB });
  await storage.update(draftKey('broken'), { version: 1, savedAt: now, draft: { ...sent, unanswered: { endpoint: 'crawl', jobId: JOB } } });
  await storage.update(draftKey('empty'), { version: 1, savedAt: now, draft: { ...sent, unanswered: { endpoint: 'scrape' } } });
  assert.deepEqual(
    reread
      .others()
      .filter((o) => o.windowId === 'broken' || o.windowId === 'empty')
      .map((o) => o.draft.unanswered),
    [undefined, undefined],
  );
});
