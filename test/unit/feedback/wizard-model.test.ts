// The wizard's draft model: conversion to a request, problems named by field, storage, job id prefill,
// and the step machine's stack rules.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldOfPath, indexOfPath } from '../../../src/api/feedback';
import { checkDraft, draftToBody } from '../../../src/features/feedback/model/checkDraft';
import { emptyDraft, isDraftEmpty, restoreDraft, sameDraft, type WizardDraft } from '../../../src/features/feedback/model/draft';
import { DRAFT_MAX_AGE_MS, draftKey, DraftStore } from '../../../src/features/feedback/model/draftStore';
import { describeProblem, nameOfPath, summarizeDraft } from '../../../src/features/feedback/wizard/fieldNames';
import { runFlow, type Step, type Transition } from '../../../src/features/feedback/wizard/flow';
import { singleJobId } from '../../../src/shared/jobIds';
import { prefillJobId } from '../../../src/features/feedback/model/draft';
import { editorForPath, finish, reviewStack, signalTarget } from '../../../src/features/feedback/wizard/context';
import { SETTLE_MS, SettledWrites } from '../../../src/shared/settledState';
import { FakeClock } from '../../support/fakeClock';
import { EditorState } from '../../support/memoryFiles';

const JOB = '3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4';
const OTHER = '019a1b2c-3d4e-7f60-9a1b-2c3d4e5f6a7b';
const base = (over: Partial<WizardDraft> = {}): WizardDraft => ({ ...emptyDraft(JOB), endpoint: 'scrape', rating: 'bad', ...over });

class MemoryStorage {
  readonly data = new Map<string, unknown>();
  get(key: string): unknown {
    return this.data.get(key);
  }
  keys(): string[] {
    return [...this.data.keys()];
  }
  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.data.delete(key);
    else this.data.set(key, JSON.parse(JSON.stringify(value)));
  }
}

describe('draft → request', () => {
  test('typed text becomes the body: pages expanded, metadata parsed, blank parts left out', () => {
    const check = checkDraft(
      base({
        issues: ['blocked'],
        pageNumbers: '1,3-5',
        metadata: ' {"run": 1} ',
        note: '  ',
        valuableSources: [{ url: 'https://a.example', reason: '' }],
        missingContent: [{ topic: 'Prices', description: 'tiers' }],
      }),
    );
    assert.ok(check.ok);
    assert.deepEqual(check.request, {
      endpoint: 'scrape',
      jobId: JOB,
      rating: 'bad',
      issues: ['blocked'],
      pageNumbers: [1, 3, 4, 5],
      valuableSources: [{ url: 'https://a.example' }],
      missingContent: [{ topic: 'Prices', description: 'tiers' }],
      metadata: { run: 1 },
    });
  });

  test('strings are trimmed as the service trims them', () => {
    const check = checkDraft(base({ jobId: `  ${JOB}\n`, note: '  spaced  ' }));
    assert.ok(check.ok);
    assert.equal(check.request.jobId, JOB);
    assert.equal(check.request.note, 'spaced');
  });

  test('every problem names its field', () => {
    const check = checkDraft({ ...emptyDraft('nope'), issues: ['Bad'], url: 'ftp://x', valuableSources: [{ url: '', reason: '' }] });
    assert.ok(!check.ok);
    const lines = check.problems.map(describeProblem);
    assert.ok(lines.some((l) => l.startsWith('Endpoint: endpoint is required')));
    assert.ok(lines.some((l) => l.startsWith("Job id: jobId 'nope' is not a UUID")));
    assert.ok(lines.some((l) => l.startsWith('Rating: rating is required')));
    assert.ok(lines.some((l) => l.startsWith("Issue label 1: Issue label 'Bad'")));
    assert.ok(lines.some((l) => l.startsWith("URL: url 'ftp://x' must start with http")));
    assert.ok(lines.some((l) => l.startsWith('Valuable source 1 (url):')));
  });

  test('unparseable page numbers and metadata are problems of their own field, not "no feedback"', () => {
    const check = checkDraft(base({ pageNumbers: '2, x', metadata: '{oops' }));
    assert.ok(!check.ok);
    assert.deepEqual(
      check.problems.map((p) => p.path),
      ['pageNumbers', 'metadata'],
    );
    assert.match(check.problems[0]?.message ?? '', /'x' is not a page number/);
    assert.match(check.problems[1]?.message ?? '', /metadata is not valid JSON/);
  });

  test('metadata with a number JSON cannot carry exactly is refused, not sent rounded', () => {
    for (const metadata of ['{"id": 12345678901234567890}', '{"runs": [1, 2, 9007199254740993]}', '{"x": 1e400}']) {
      const check = checkDraft(base({ metadata }));
      assert.ok(!check.ok, metadata);
      assert.match(check.problems.find((p) => p.path === 'metadata')?.message ?? '', /too large to send exactly .* write it as a string in quotes/, metadata);
    }
    for (const metadata of ['{"id": "12345678901234567890", "n": 9007199254740991, "f": 0.1}', '{"big": 1.5e300}', '{"s": "a \\" 12345678901234567890"}']) {
      const check = checkDraft(base({ metadata }));
      assert.deepEqual(check.ok ? [] : check.problems.filter((p) => p.path === 'metadata'), [], metadata);
    }
  });

  test('a draft with no signal says which fields count', () => {
    const check = checkDraft(base());
    assert.ok(!check.ok);
    assert.equal(check.problems[0]?.code, 'no_signal');
    assert.equal(nameOfPath(check.problems[0]?.path ?? 'x'), 'Feedback');
  });

  test('the body never carries fields the service would reject', () => {
    const { body } = draftToBody(base({ issues: ['a'] }));
    assert.deepEqual(Object.keys(body).sort(), ['endpoint', 'issues', 'jobId', 'rating']);
  });

  test('paths name list items and parts', () => {
    assert.equal(fieldOfPath('valuableSources[2].url'), 'valuableSources');
    assert.equal(indexOfPath('valuableSources[2].url'), 2);
    assert.equal(indexOfPath('note'), undefined);
    assert.equal(nameOfPath('missingContent[0].topic'), 'Missing content 1 (topic)');
    assert.equal(nameOfPath('tags[3]'), 'Tag 4');
    assert.equal(nameOfPath('pageNumbers'), 'Page numbers');
  });

  test('the summary says what will be sent', () => {
    assert.equal(summarizeDraft(base({ issues: ['a', 'b'], note: 'x' })), 'scrape · bad · 2 issue labels · a note');
    // A send that got no answer is said, for the job it went to only: the draft's job may have been changed since.
    const unanswered = { endpoint: 'scrape' as const, jobId: JOB.toUpperCase() };
    assert.equal(summarizeDraft(base({ unanswered })), 'scrape · bad · sent once, no answer came');
    assert.equal(summarizeDraft(base({ unanswered: { ...unanswered, endpoint: 'map' } })), 'scrape · bad');
  });
});

describe('draft restore and storage', () => {
  test('a stored draft is re-read defensively: wrong types and unknown values are dropped', () => {
    const restored = restoreDraft({
      endpoint: 'crawl',
      rating: 'bad',
      jobId: 42,
      issues: ['ok', 3, null],
      note: 'kept',
      valuableSources: [{ url: 'https://a', reason: 7 }, 'junk'],
      missingContent: 'nope',
      extra: 'ignored',
    });
    assert.deepEqual(restored, { ...emptyDraft(), rating: 'bad', issues: ['ok'], note: 'kept', valuableSources: [{ url: 'https://a', reason: '' }] });
    assert.equal(restoreDraft(null), undefined);
    assert.equal(restoreDraft([1]), undefined);
  });

  test('two drafts are the same when their words are, whatever order their fields were set in', () => {
    const built = emptyDraft(JOB);
    built.rating = 'bad';
    built.endpoint = 'scrape';
    const stored = { endpoint: 'scrape' as const, ...emptyDraft(JOB), rating: 'bad' as const };
    assert.notEqual(JSON.stringify(built), JSON.stringify(stored), 'the fields are in another order');
    assert.equal(sameDraft(built, stored), true);
    assert.equal(sameDraft(built, { ...stored, note: 'more' }), false);
    assert.equal(sameDraft(built, { ...stored, issues: ['missing-content'] }), false);
  });

  test('empty means nothing entered at all', () => {
    assert.equal(isDraftEmpty(emptyDraft()), true);
    assert.equal(isDraftEmpty(emptyDraft('  ')), true);
    assert.equal(isDraftEmpty(emptyDraft(JOB)), false);
    assert.equal(isDraftEmpty({ ...emptyDraft(), pageNumbers: '1' }), false);
  });

  test('save, load and clear round-trip through a Memento-shaped store', async () => {
    const storage = new MemoryStorage();
    let now = 1_000;
    const store = new DraftStore(storage, 'w1', () => now);
    const draft = base({ issues: ['blocked'], note: 'line 1\nline 2' });
    await store.save(draft);
    now += 60_000;
    assert.deepEqual(store.load(), { draft, savedAt: 1_000 });
    await store.clear();
    assert.equal(store.load(), undefined);
    assert.equal(storage.data.has(draftKey('w1')), false);
  });

  test('an empty draft clears the slot; old, foreign or malformed entries are not offered', async () => {
    const storage = new MemoryStorage();
    let now = 0;
    const store = new DraftStore(storage, 'w1', () => now);
    await store.save(base());
    await store.save(emptyDraft());
    assert.equal(store.load(), undefined);
    await store.save(base());
    now = DRAFT_MAX_AGE_MS + 1;
    assert.equal(store.load(), undefined);
    storage.data.set(draftKey('w1'), { version: 2, savedAt: now, draft: base() });
    assert.equal(store.load(), undefined);
    storage.data.set(draftKey('w1'), 'garbage');
    assert.equal(store.load(), undefined);
  });

  test('the stored draft holds only what was typed (no key, no request extras)', async () => {
    const storage = new MemoryStorage();
    await new DraftStore(storage, 'w1').save(base({ issues: ['x'] }));
    const stored = storage.data.get(draftKey('w1')) as { draft: Record<string, unknown> };
    assert.deepEqual(Object.keys(stored.draft).sort(), Object.keys(emptyDraft()).concat('endpoint', 'rating').sort());
  });
});

describe('drafts in several windows', () => {
  test('each window keeps its own draft: sending in one never clears another', async () => {
    const storage = new MemoryStorage();
    let now = 1_000;
    const a = new DraftStore(storage, 'a', () => now);
    const b = new DraftStore(storage, 'b', () => now);
    await a.save(base({ note: 'from a' }));
    now += 1_000;
    await b.save(base({ note: 'from b', endpoint: 'map' }));
    await a.clear();
    assert.equal(a.load(), undefined);
    assert.equal(b.load()?.draft.note, 'from b');
    assert.deepEqual(
      a.others().map((d) => [d.windowId, d.draft.note]),
      [['b', 'from b']],
    );
    assert.deepEqual(b.others(), []);
  });

  test("another window's drafts come newest first; expired ones are removed; adopting one moves it here", async () => {
    const storage = new MemoryStorage();
    let now = 0;
    await new DraftStore(storage, 'old', () => now).save(base({ note: 'expired' }));
    now = DRAFT_MAX_AGE_MS / 2;
    await new DraftStore(storage, 'b', () => now).save(base({ note: 'older' }));
    now += 60_000;
    await new DraftStore(storage, 'c', () => now).save(base({ note: 'newest' }));
    now = DRAFT_MAX_AGE_MS + 10;
    const here = new DraftStore(storage, 'here', () => now);
    const others = here.others();
    assert.deepEqual(
      others.map((d) => d.draft.note),
      ['newest', 'older'],
    );
    await here.settled();
    assert.equal(storage.data.has(draftKey('old')), false, 'an expired draft is tidied away');
    await here.adopt(others[0]!);
    assert.equal(here.load()?.draft.note, 'newest');
    assert.equal(storage.data.has(draftKey('c')), false, "offered once: it is this window's now");
    assert.deepEqual(
      here.others().map((d) => d.draft.note),
      ['older'],
    );
  });

  test('each draft says which window saved it; a draft of a window still open is copied, not taken', async () => {
    const storage = new MemoryStorage();
    const now = 10_000;
    const open = new DraftStore(
      storage,
      'open',
      () => now,
      () => 'api-scripts',
    );
    await open.save(base({ note: 'being edited' }));
    assert.equal((storage.data.get(draftKey('open')) as { window?: string }).window, 'api-scripts');
    const here = new DraftStore(
      storage,
      'here',
      () => now,
      () => undefined,
    );
    const [theirs] = here.others();
    assert.equal(theirs?.window, 'api-scripts');
    await here.copy(theirs!);
    assert.equal(here.load()?.draft.note, 'being edited');
    assert.equal(open.load()?.draft.note, 'being edited', 'the open window keeps its own');
    // A window name is plain text that is shown: a long or odd one is cut, an empty one left out.
    storage.data.set(draftKey('odd'), { version: 1, savedAt: now, draft: base({ note: 'x' }), window: `  ${'n'.repeat(200)}  ` });
    storage.data.set(draftKey('blank'), { version: 1, savedAt: now, draft: base({ note: 'y' }), window: '   ' });
    const others = new DraftStore(storage, 'third', () => now).others();
    assert.equal(others.find((d) => d.windowId === 'odd')?.window?.length, 80);
    assert.equal(others.find((d) => d.windowId === 'blank')?.window, undefined);
  });

  test('two windows saving at the same moment keep both drafts (globalState as the host shares it)', async () => {
    const clock = new FakeClock();
    const state = new EditorState(clock);
    const store = (id: string) => {
      const view = state.window();
      const settled = new SettledWrites(view, clock, Math.random);
      return {
        view,
        drafts: new DraftStore(
          view,
          id,
          () => clock.now(),
          () => id,
          (key, value, wanted) => settled.write(key, value, wanted),
        ),
      };
    };
    const a = store('a');
    const b = store('b');
    await Promise.all([a.drafts.save(base({ note: 'from a' })), b.drafts.save(base({ note: 'from b' }))]);
    await clock.advance(200);
    assert.ok(a.drafts.load() === undefined || b.drafts.load() === undefined, 'one window lost its own write, as the host does');
    await clock.advance(70 * SETTLE_MS);
    assert.equal(a.drafts.load()?.draft.note, 'from a');
    assert.equal(b.drafts.load()?.draft.note, 'from b');
    assert.deepEqual(
      a.drafts.others().map((d) => d.draft.note),
      ['from b'],
    );
    // A newer save is not undone by the check of an older one.
    await a.drafts.save(base({ note: 'edited' }));
    await clock.advance(70 * SETTLE_MS);
    assert.equal(a.drafts.load()?.draft.note, 'edited');
    assert.equal(b.drafts.others()[0]?.draft.note, 'edited');
  });
});

describe('job id prefill', () => {
  test('explicit, then selection, then clipboard; only when exactly one id is there', () => {
    assert.equal(prefillJobId({ explicit: JOB, selection: OTHER }), JOB);
    assert.equal(prefillJobId({ selection: `"scrapeId": "${OTHER}"`, clipboard: JOB }), OTHER);
    assert.equal(prefillJobId({ selection: 'no id', clipboard: `id=${JOB}` }), JOB);
    assert.equal(prefillJobId({ clipboard: `${JOB} ${OTHER}` }), undefined);
    assert.equal(prefillJobId({ clipboard: `${JOB} ${JOB.toUpperCase()}` }), JOB);
    assert.equal(prefillJobId({}), undefined);
    assert.equal(singleJobId(''), undefined);
  });
});

describe('step machine', () => {
  type Id = 'a' | 'b' | 'hub' | 'c';
  const scripted = (plan: Record<Id, Transition<Id>[]>, seen: string[]): Record<Id, Step<Id, null>> => {
    const make =
      (id: Id): Step<Id, null> =>
      async (state) => {
        seen.push(`${id}${state.ref.index ?? ''}`);
        const next = plan[id].shift();
        if (!next) throw new Error(`no plan left for ${id}`);
        return next;
      };
    return { a: make('a'), b: make('b'), hub: make('hub'), c: make('c') };
  };

  test('push, back, stay, returnTo and done', async () => {
    const seen: string[] = [];
    const steps = scripted(
      {
        a: [
          { kind: 'push', step: { id: 'hub' } },
          { kind: 'push', step: { id: 'hub' } },
        ],
        hub: [{ kind: 'back' }, { kind: 'push', step: { id: 'b', index: 2 } }, { kind: 'done' }],
        b: [{ kind: 'stay' }, { kind: 'push', step: { id: 'c' } }],
        c: [{ kind: 'returnTo', id: 'hub' }],
      },
      seen,
    );
    assert.equal(await runFlow(steps, [{ id: 'a' }], null), 'done');
    assert.deepEqual(seen, ['a', 'hub', 'a', 'hub', 'b2', 'b2', 'c', 'hub']);
  });

  test('Back on the first step shows it again; cancel ends at once', async () => {
    const seen: string[] = [];
    const steps = scripted({ a: [{ kind: 'back' }, { kind: 'cancel' }], b: [], hub: [], c: [] }, seen);
    assert.equal(await runFlow(steps, [{ id: 'a' }], null), 'cancel');
    assert.deepEqual(seen, ['a', 'a']);
  });

  test('reset replaces the whole stack; replace swaps the top', async () => {
    const seen: string[] = [];
    const steps = scripted(
      {
        a: [{ kind: 'reset', stack: [{ id: 'b' }, { id: 'c' }] }],
        c: [{ kind: 'replace', step: { id: 'hub' } }],
        hub: [{ kind: 'back' }],
        b: [{ kind: 'cancel' }],
      },
      seen,
    );
    assert.equal(await runFlow(steps, [{ id: 'a' }], null), 'cancel');
    assert.deepEqual(seen, ['a', 'c', 'hub', 'b']);
  });

  test('a step that never settles down is stopped', async () => {
    const steps: Record<Id, Step<Id, null>> = { a: async () => ({ kind: 'stay' }), b: async () => ({ kind: 'done' }), hub: async () => ({ kind: 'done' }), c: async () => ({ kind: 'done' }) };
    await assert.rejects(runFlow(steps, [{ id: 'a' }], null, { maxTransitions: 50 }), /more than 50 transitions/);
  });
});

describe('where pages lead', () => {
  test('the signal page fits endpoint and rating', () => {
    assert.deepEqual(signalTarget(base({ rating: 'good' })), { id: 'note' });
    assert.deepEqual(signalTarget(base({ rating: 'partial' })), { id: 'issues' });
    assert.deepEqual(signalTarget(base({ endpoint: 'search', rating: 'good' })), { id: 'sourceUrl', index: 0 });
    assert.deepEqual(signalTarget(base({ endpoint: 'search', rating: 'bad' })), { id: 'searchSignal' });
  });

  test('a finished editor returns to its list, the details or the review, else goes on to the review', () => {
    const at = (id: 'sourceReason' | 'note' | 'issuesText', ...below: Parameters<typeof finish>[0]['below'][number]['id'][]) => finish({ ref: { id }, below: below.map((b) => ({ id: b })) });
    assert.deepEqual(at('sourceReason', 'review', 'details', 'sources', 'sourceUrl'), { kind: 'returnTo', id: 'sources' });
    assert.deepEqual(at('note', 'review', 'details'), { kind: 'returnTo', id: 'details' });
    assert.deepEqual(at('note', 'endpoint', 'review'), { kind: 'returnTo', id: 'review' });
    assert.deepEqual(at('note', 'endpoint', 'jobId', 'rating', 'issues'), { kind: 'push', step: { id: 'review' } });
    assert.deepEqual(at('issuesText', 'rating', 'issues'), { kind: 'returnTo', id: 'issues' });
  });

  test('each problem opens the page that fixes it', () => {
    const d = base();
    assert.deepEqual(editorForPath('jobId', d), { id: 'jobId' });
    assert.deepEqual(editorForPath('valuableSources[3].reason', d), { id: 'sourceReason', index: 3 });
    assert.deepEqual(editorForPath('missingContent[1].topic', d), { id: 'missingTopic', index: 1 });
    assert.deepEqual(editorForPath('issues[0]', d), { id: 'issuesText' });
    assert.deepEqual(editorForPath('valuableSources', d), { id: 'sources' });
    assert.deepEqual(editorForPath('', d), { id: 'issues' });
    assert.deepEqual(editorForPath('bogus', d), { id: 'issues' });
  });

  test('a reopened draft has the fast path behind its review', () => {
    assert.deepEqual(
      reviewStack(base({ endpoint: 'search', rating: 'partial' })).map((r) => r.id),
      ['endpoint', 'jobId', 'rating', 'searchSignal', 'review'],
    );
  });
});
