// The feedback wizard's pages and their order, driven by a scripted screen in plain Node.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyDraft, type WizardDraft } from '../../../src/features/feedback/model/draft';
import { runFeedbackWizard } from '../../../src/features/feedback/wizard/wizard';
import {
  back,
  button,
  cancel,
  edit,
  enter,
  expect,
  inputPrompt,
  JOB,
  option,
  pick,
  pickPrompt,
  ScriptedPrompter,
  type,
  typeInPick,
  typeRefused,
  type Reply,
  type Shown,
} from '../../support/wizardFakes';

async function run(script: Reply[], draft: WizardDraft = emptyDraft(), options: Parameters<typeof runFeedbackWizard>[2] = {}) {
  const ui = new ScriptedPrompter(script);
  const request = await runFeedbackWizard(draft, ui, options);
  assert.equal(ui.remaining, 0, 'the wizard finished before the script did');
  return { request, ui, draft };
}

function counter(shown: Shown): string {
  if (shown.kind === 'editor') return 'editor';
  return shown.prompt.step === undefined ? '-' : `${shown.prompt.step}/${shown.prompt.totalSteps}`;
}

describe('feedback wizard: fast path', () => {
  test('scrape, bad, one issue label: five numbered steps, six pages, a valid request', async () => {
    const { request, ui } = await run([
      pick('scrape', /Endpoint/),
      type(JOB, /Job id/),
      pick('bad', /Rating/),
      pick('label:blocked', /Issue labels/),
      expect((s) => assert.equal(pickPrompt(s).activeKey, 'continue'), enter(/Issue labels/)),
      expect((s) => assert.match(option(pickPrompt(s), 'send').label, /^Send feedback$/), pick('send', /Review/)),
    ]);
    assert.deepEqual(request, { endpoint: 'scrape', jobId: JOB, rating: 'bad', issues: ['blocked'] });
    assert.deepEqual(ui.shown.map(counter), ['1/5', '2/5', '3/5', '4/5', '4/5', '5/5']);
    assert.ok(ui.shown.every((s) => s.kind !== 'editor' && s.prompt.title.startsWith('Firecrawl: Submit Feedback')));
    assert.deepEqual(
      ui.shown.map((s) => s.kind !== 'editor' && s.prompt.canGoBack),
      [false, true, true, true, true, true],
    );
  });

  test('the job id page names no window length: the server sets it', async () => {
    const { ui } = await run([enter(), enter(), pick('bad'), enter(), enter(), enter()], emptyDraft(JOB));
    const jobPage = inputPrompt(ui.shown[1]!);
    assert.match(jobPage.prompt ?? '', /Firecrawl accepts feedback for a limited time after the job; the server sets how long\./);
    assert.doesNotMatch(jobPage.prompt ?? '', /\d+ ?s(econds)?\b/);
  });

  test('a prefilled job id is accepted with Enter; the first endpoint and the highlighted items need no typing', async () => {
    const { request } = await run([enter(), enter(), pick('bad'), enter(), enter(), enter()], emptyDraft(JOB));
    assert.deepEqual(request, { endpoint: 'scrape', jobId: JOB, rating: 'bad', issues: ['missing-content'] });
  });

  test('every endpoint explains where its job id comes from', async () => {
    await run([
      expect((s) => {
        const p = pickPrompt(s);
        for (const key of ['scrape', 'parse', 'map', 'search']) assert.match(option(p, key).detail ?? '', /Job id: the .* response/);
        assert.match(option(p, 'scrape').detail ?? '', /data\.metadata\.scrapeId/);
        assert.match(option(p, 'parse').detail ?? '', /data\.metadata\.scrapeId/);
      }, cancel()),
    ]);
  });

  test('the job id is checked as typed; a pasted response with one id is reduced to it', async () => {
    const blob = JSON.stringify({ success: true, data: { metadata: { scrapeId: JOB, title: 'x' } } });
    const { draft } = await run([pick('parse'), typeRefused('3f2b9c4e-1d2a', /not a UUID/, typeRefused('3f2b9c4e-1d2a-0b5c-8d6e-7f8091a2b3c4', /version digit/, type(blob))), cancel()]);
    assert.equal(draft.jobId, JOB);
  });

  test('non-search good asks for a note and will not take a blank one', async () => {
    const { request, ui } = await run([pick('map'), type(JOB), pick('good'), typeRefused('   ', /A note is needed/, type('Found every page')), pick('send')]);
    assert.deepEqual(request, { endpoint: 'map', jobId: JOB, rating: 'good', note: 'Found every page' });
    assert.equal(counter(ui.shown[3] as Shown), '4/5');
  });

  test('ratings are explained; search rules only show for search', async () => {
    await run([
      pick('scrape'),
      type(JOB),
      expect((s) => {
        for (const key of ['good', 'partial', 'bad']) assert.ok(option(pickPrompt(s), key).detail);
        assert.doesNotMatch(option(pickPrompt(s), 'good').detail ?? '', /search/);
      }, back()),
      back(),
      pick('search'),
      enter(),
      expect((s) => assert.match(option(pickPrompt(s), 'good').detail ?? '', /valuable source/), cancel()),
    ]);
  });

  test('search good asks for a valuable source (URL required, reason optional)', async () => {
    const { request } = await run([
      pick('search'),
      type(JOB),
      pick('good'),
      typeRefused('', /required/, typeRefused('example.com/x', /add the scheme/, type('https://example.com/x'))),
      type(''),
      pick('send'),
    ]);
    assert.deepEqual(request, { endpoint: 'search', jobId: JOB, rating: 'good', valuableSources: [{ url: 'https://example.com/x' }] });
  });

  test('search partial offers a source or missing content; missing content gives topic and description', async () => {
    const { request } = await run([
      pick('search'),
      type(JOB),
      pick('partial'),
      expect(
        (s) =>
          assert.deepEqual(
            pickPrompt(s).options.map((o) => o.key),
            ['source', 'missing'],
          ),
        pick('missing'),
      ),
      type('Enterprise pricing'),
      type('Only free tiers'),
      pick('send'),
    ]);
    assert.deepEqual(request?.missingContent, [{ topic: 'Enterprise pricing', description: 'Only free tiers' }]);
  });

  test('search bad offers missing content or a better query', async () => {
    const { request } = await run([
      pick('search'),
      type(JOB),
      pick('bad'),
      expect(
        (s) =>
          assert.deepEqual(
            pickPrompt(s).options.map((o) => o.key),
            ['missing', 'query'],
          ),
        pick('query'),
      ),
      typeRefused('', /query suggestion is needed/i, type('firecrawl pricing 2026')),
      pick('send'),
    ]);
    assert.equal(request?.querySuggestions, 'firecrawl pricing 2026');
    assert.equal(request?.rating, 'bad');
  });

  test('partial/bad on other endpoints can take a note instead of labels', async () => {
    const { request } = await run([pick('scrape'), type(JOB), pick('partial'), pick('note'), type('Tables lost'), pick('send')]);
    assert.deepEqual(request, { endpoint: 'scrape', jobId: JOB, rating: 'partial', note: 'Tables lost' });
  });
});

describe('feedback wizard: Back keeps every value', () => {
  test('going back shows each page with what was entered, including half-typed text', async () => {
    const { request, draft } = await run([
      pick('parse'),
      type(JOB),
      pick('partial'),
      pick('label:broken-tables'),
      back(),
      expect((s) => assert.equal(pickPrompt(s).activeKey, 'partial'), back()),
      expect((s) => assert.equal(inputPrompt(s).value, JOB), back('not-a-uuid-yet')),
      expect((s) => assert.equal(pickPrompt(s).activeKey, 'parse'), enter()),
      expect((s) => assert.equal(inputPrompt(s).value, 'not-a-uuid-yet'), type(JOB)),
      enter(),
      expect((s) => {
        const p = pickPrompt(s);
        assert.equal(p.activeKey, 'continue');
        assert.equal(option(p, 'label:broken-tables').icon, 'pass-filled');
        assert.match(option(p, 'label:broken-tables').description ?? '', /^checked: /, 'said in words, not by the icon alone');
        assert.doesNotMatch(option(p, 'label:missing-content').description ?? '', /checked/);
      }, enter()),
      pick('send'),
    ]);
    assert.deepEqual(request?.issues, ['broken-tables']);
    assert.equal(draft.rating, 'partial');
  });

  test('Back from an input box keeps the typed text even when it is invalid, and the review names it', async () => {
    const { draft, ui } = await run([
      pick('scrape'),
      type(JOB),
      pick('bad'),
      pick('label:timeout'),
      pick('continue'),
      pick('details'),
      pick('url'),
      back('example.com/page'),
      pick('done'),
      expect((s) => {
        const p = pickPrompt(s);
        assert.match(option(p, 'send').label, /Cannot send yet: 1 problem/);
        assert.equal(option(p, 'problem:0').label, 'URL');
        assert.match(option(p, 'problem:0').detail ?? '', /not a valid URL; add the scheme/);
      }, pick('problem:0')),
      expect((s) => assert.equal(inputPrompt(s).value, 'example.com/page'), cancel()),
    ]);
    assert.equal(draft.url, 'example.com/page');
    assert.equal(ui.shown.length, 11);
  });

  test('Back on the search source pages keeps URL and reason', async () => {
    const { draft } = await run([
      pick('search'),
      type(JOB),
      pick('good'),
      type('https://a.example/1'),
      back('because it is official'),
      expect((s) => assert.equal(inputPrompt(s).value, 'https://a.example/1'), type('https://a.example/1')),
      expect((s) => assert.equal(inputPrompt(s).value, 'because it is official'), cancel()),
    ]);
    assert.deepEqual(draft.valuableSources, [{ url: 'https://a.example/1', reason: 'because it is official' }]);
  });
});

describe('feedback wizard: cancel', () => {
  const walk: Reply[] = [pick('scrape'), type(JOB), pick('bad'), pick('label:blocked'), enter(), pick('details'), pick('note')];
  for (let at = 0; at < walk.length; at++) {
    test(`Escape on page ${at + 1} resolves to undefined`, async () => {
      const { request } = await run([...walk.slice(0, at), cancel()]);
      assert.equal(request, undefined);
    });
  }

  test('an untouched first page does not report a change; later pages do', async () => {
    let changes = 0;
    await run([cancel()], emptyDraft(JOB), { onChange: () => changes++ });
    assert.equal(changes, 0);
    await run([pick('scrape'), cancel()], emptyDraft(), { onChange: () => changes++ });
    assert.equal(changes, 2);
  });

  test('rating a result: Escape on its rating page reports no change (a saved draft stays); a rating chosen does', async () => {
    const rating = () => Object.assign(emptyDraft(JOB), { endpoint: 'scrape' as const });
    let changes = 0;
    await run([cancel()], rating(), { start: 'rating', onChange: () => changes++ });
    assert.equal(changes, 0);
    await run([pick('bad'), cancel()], rating(), { start: 'rating', onChange: () => changes++ });
    assert.equal(changes, 2);
  });

  test('Escape keeps what was typed in the box in the saved draft, checked or not', async () => {
    const saved: WizardDraft[] = [];
    const keep = { onChange: (d: WizardDraft) => saved.push(structuredClone(d)) };
    await run([pick('scrape'), type(JOB), pick('partial'), pick('note'), cancel('Tables lo')], emptyDraft(), keep);
    assert.equal(saved.at(-1)?.note, 'Tables lo');
    await run([pick('scrape'), cancel('3f2b9c4e-half')], emptyDraft(), keep);
    assert.equal(saved.at(-1)?.jobId, '3f2b9c4e-half');
  });
});

describe('feedback wizard: issue labels', () => {
  test('typing a label offers it; a common label that matches wins Enter instead', async () => {
    await run([
      pick('scrape'),
      type(JOB),
      pick('bad'),
      expect(
        (s) => {
          const p = pickPrompt(s);
          assert.deepEqual(p.optionsForText?.('blo'), []);
          assert.deepEqual(p.optionsForText?.('BLOCKED'), []);
          const [add] = p.optionsForText?.('cookie-banner') ?? [];
          assert.equal(add?.key, 'add');
          assert.equal(add?.label, 'cookie-banner');
        },
        typeInPick('cookie-banner, captcha', 'add'),
      ),
      expect((s) => {
        const p = pickPrompt(s);
        assert.match(option(p, 'continue').label, /Continue with cookie-banner, captcha/);
        assert.equal(option(p, 'label:captcha').icon, 'pass-filled');
      }, pick('label:captcha')),
      expect((s) => assert.equal(option(pickPrompt(s), 'continue').label, 'Continue with cookie-banner'), enter()),
      pick('send'),
    ]).then(({ request }) => assert.deepEqual(request?.issues, ['cookie-banner']));
  });

  test("rating a result whose page's URL is known: bad may go on without a label, though a label keeps the highlight", async () => {
    const draft = Object.assign(emptyDraft(JOB), { endpoint: 'scrape' as const, url: 'https://example.com/pricing' });
    const { request } = await run(
      [
        pick('bad', /Rating/),
        expect(
          (s) => {
            const p = pickPrompt(s);
            assert.equal(option(p, 'continue').label, 'Continue without issue labels');
            assert.equal(p.activeKey, 'label:missing-content');
          },
          pick('continue', /Issue labels/),
        ),
        pick('send', /Review/),
      ],
      draft,
      { start: 'rating' },
    );
    assert.deepEqual(request, { endpoint: 'scrape', jobId: JOB, rating: 'bad', url: 'https://example.com/pricing' });
    // Without the URL the feedback would say nothing: a label (or a note) is still asked for.
    await run(
      [
        pick('bad'),
        expect(
          (s) =>
            assert.equal(
              pickPrompt(s).options.some((o) => o.key === 'continue'),
              false,
            ),
          cancel(),
        ),
      ],
      Object.assign(emptyDraft(JOB), { endpoint: 'scrape' as const }),
      { start: 'rating' },
    );
  });

  test('an invalid typed label opens an input box that shows the rule and a fix', async () => {
    const { request } = await run([
      pick('map'),
      type(JOB),
      pick('partial'),
      expect(
        (s) => {
          const [fix] = pickPrompt(s).optionsForText?.('Bad Label') ?? [];
          assert.equal(fix?.key, 'fix');
          assert.match(fix?.detail ?? '', /must start with a lowercase letter/);
        },
        typeInPick('Bad Label', 'fix'),
      ),
      expect(
        (s) => {
          const p = inputPrompt(s);
          assert.equal(p.value, 'Bad Label');
          assert.match(String(p.validate(p.value)), /Issue label 'Bad'.*\(try 'bad'\).*Issue label 'Label'/);
        },
        typeRefused('Bad_Label', /\(try 'bad_label'\)/, type('bad-label')),
      ),
      expect((s) => assert.equal(option(pickPrompt(s), 'continue').label, 'Continue with bad-label'), enter()),
      pick('send'),
    ]);
    assert.deepEqual(request?.issues, ['bad-label']);
  });

  test('21 labels are refused by count, naming the limit', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `l${i}`);
    await run([pick('scrape'), type(JOB), pick('bad'), pick('type'), typeRefused([...twenty, 'l20'].join(','), /21 issue labels given; at most 20/, cancel())]);
  });
});

describe('feedback wizard: details', () => {
  test('every optional field can be filled from "Add details…" and ends up in the request', async () => {
    const { request } = await run([
      pick('parse'),
      type(JOB),
      pick('bad'),
      pick('label:ocr-errors'),
      enter(),
      pick('details'),
      pick('tags'),
      typeRefused('Nightly', /Tag 'Nightly'/, type('nightly, run-42')),
      pick('note'),
      type('Page 3 was garbled'),
      pick('url'),
      type('https://example.com/report.pdf'),
      pick('pageNumbers'),
      expect((s) => assert.deepEqual(inputPrompt(s).validate('1,3-5'), { message: 'Pages 1, 3, 4, 5', severity: 'info' }), type('1,3-5')),
      pick('valuableSources'),
      pick('add'),
      type('https://example.com/good'),
      type('clean text'),
      pick('done'),
      pick('missingContent'),
      pick('add'),
      type('Appendix'),
      type(''),
      pick('done'),
      pick('querySuggestions'),
      type('annual report appendix'),
      pick('metadata'),
      typeRefused('{"run": ', /not valid JSON/, typeRefused('[1]', /metadata must be an object/, type('{"run": 42}'))),
      pick('done'),
      pick('send'),
    ]);
    assert.deepEqual(request, {
      endpoint: 'parse',
      jobId: JOB,
      rating: 'bad',
      issues: ['ocr-errors'],
      tags: ['nightly', 'run-42'],
      note: 'Page 3 was garbled',
      querySuggestions: 'annual report appendix',
      url: 'https://example.com/report.pdf',
      pageNumbers: [1, 3, 4, 5],
      valuableSources: [{ url: 'https://example.com/good', reason: 'clean text' }],
      missingContent: [{ topic: 'Appendix' }],
      metadata: { run: 42 },
    });
  });

  test('metadata over 8 KB is refused with its size', async () => {
    const big = JSON.stringify({ blob: 'x'.repeat(8200) });
    await run([pick('scrape'), type(JOB), pick('bad'), pick('label:blocked'), enter(), pick('details'), pick('metadata'), typeRefused(big, /8,211 bytes.*at most 8,192/, cancel())]);
  });

  test('a long note is written in an editor and kept whole, line breaks included', async () => {
    const long = '# What broke\n\nThe table on page 2\nlost its header row.';
    const { request } = await run([
      pick('scrape'),
      type(JOB),
      pick('good'),
      button('editor'),
      expect((s) => assert.equal(s.kind === 'editor' && s.editing.language, 'markdown'), edit(long)),
      expect((s) => assert.match(pickPrompt(s).placeholder, /4 lines/), pick('keep')),
      pick('send'),
    ]);
    assert.equal(request?.note, long);
  });

  test('giving up in the editor keeps the note as it was typed', async () => {
    const { draft } = await run([pick('scrape'), type(JOB), pick('good'), button('editor'), edit(undefined), expect((s) => assert.equal(inputPrompt(s).value, ''), cancel())]);
    assert.equal(draft.note, '');
  });

  test('clearing a source URL removes the source', async () => {
    const draft = { ...emptyDraft(JOB), endpoint: 'scrape' as const, rating: 'bad' as const, issues: ['blocked'], valuableSources: [{ url: 'https://a.example', reason: '' }] };
    const { request } = await run([pick('details'), pick('valuableSources'), pick('item:0'), type(''), pick('done'), pick('done'), pick('send')], draft, { start: 'review' });
    assert.equal(request?.valuableSources, undefined);
  });
});

describe('feedback wizard: review and reopening', () => {
  const failed = (): WizardDraft => ({ ...emptyDraft(JOB), endpoint: 'search', rating: 'bad', missingContent: [{ topic: 'Pricing', description: '' }], tags: ['nightly'] });

  test('starting at the review shows every value, and Back walks the fast path', async () => {
    const { request } = await run(
      [
        expect((s) => {
          const p = pickPrompt(s);
          assert.equal(p.step, 5);
          assert.equal(option(p, 'field:endpoint').description, 'search');
          assert.equal(option(p, 'field:jobId').description, JOB);
          assert.equal(option(p, 'field:rating').description, 'bad');
          assert.match(option(p, 'field:missingContent').description ?? '', /Pricing/);
          assert.equal(option(p, 'field:tags').description, 'nightly');
          assert.equal(p.canGoBack, true);
        }, back()),
        expect((s) => assert.equal(pickPrompt(s).activeKey, 'missing'), back()),
        expect((s) => assert.equal(pickPrompt(s).activeKey, 'bad'), enter()),
        enter(),
        enter(),
        type(''),
        pick('send'),
      ],
      failed(),
      { start: 'review' },
    );
    assert.deepEqual(request?.missingContent, [{ topic: 'Pricing' }]);
  });

  test('changing the rating from the review returns to the review, which then names the unmet search rule', async () => {
    await run(
      [
        pick('field:rating'),
        pick('good'),
        expect((s) => {
          const p = pickPrompt(s);
          assert.match(option(p, 'send').label, /Cannot send yet/);
          assert.match(option(p, 'problem:0').detail ?? '', /'good' rating on a search needs at least one valuableSources/);
          assert.equal(option(p, 'problem:0').label, 'Feedback');
        }, pick('send')),
        expect((s) => assert.match(inputPrompt(s).title, /Valuable source 1/), type('https://x.example')),
        type(''),
        expect((s) => assert.match(option(pickPrompt(s), 'send').label, /^Send feedback$/), cancel()),
      ],
      failed(),
      { start: 'review' },
    );
  });

  test('a saved draft can be resumed from the first page', async () => {
    const { request } = await run([pick('resume'), expect((s) => assert.match(pickPrompt(s).title, /Review/), pick('send'))], emptyDraft(), {
      resumable: { draft: failed(), savedAt: 0 },
      now: () => 5 * 60_000,
    });
    assert.equal(request?.jobId, JOB);
  });

  test('a resumed draft is the saved one whole: a rating chosen in the walk left behind is not carried into it', async () => {
    const other = '019a1b2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c';
    // Saved on the Rating page: an endpoint and a job, no rating yet.
    const saved = { ...emptyDraft(other), endpoint: 'scrape' as const };
    const { draft } = await run(
      [pick('map'), type(JOB), pick('bad'), back(), back(), back(), pick('resume'), expect((s) => assert.equal(option(pickPrompt(s), 'field:rating').description, '(not set)'), cancel())],
      emptyDraft(),
      { resumable: { draft: saved, savedAt: 0 }, now: () => 5 * 60_000 },
    );
    assert.deepEqual([draft.endpoint, draft.jobId, draft.rating], ['scrape', other, undefined]);
  });

  test('several unsent drafts: each is offered, saying where and when it was left and what it is for', async () => {
    const adopted: string[] = [];
    const drafts = [
      { draft: failed(), savedAt: 4 * 60_000, origin: 'here' as const, adopt: () => adopted.push('here') },
      {
        draft: { ...emptyDraft('019a1b2c-3d4e-7f60-9a1b-2c3d4e5f6a7b'), endpoint: 'map' as const, rating: 'good' as const },
        savedAt: 3 * 60_000,
        origin: 'open' as const,
        window: 'api-scripts',
        adopt: () => adopted.push('open'),
      },
      {
        draft: { ...emptyDraft(JOB), endpoint: 'scrape' as const, rating: 'bad' as const },
        savedAt: 0,
        origin: 'closed' as const,
        window: '$(alert) odd [x](command:y)',
        adopt: () => adopted.push('closed'),
      },
    ];
    const { request } = await run(
      [
        expect((s) => {
          const p = pickPrompt(s);
          const resumes = p.options.filter((o) => o.label === 'Resume unsent feedback');
          assert.deepEqual(
            resumes.map((o) => o.key),
            ['resume', 'resume/1', 'resume/2'],
          );
          assert.equal(resumes[0]!.detail, `Saved 1m ago for job ${JOB.slice(0, 8)}… in this window; opens it for review.`);
          assert.equal(resumes[1]!.detail, 'Saved 2m ago for job 019a1b2c… in another open window (api-scripts); opens a copy for review.');
          assert.match(resumes[1]!.description ?? '', /^map · good/);
          assert.match(resumes[2]!.detail ?? '', /^Saved 5m ago for job \w{8}… in a window since closed \(/);
          assert.doesNotMatch(resumes[2]!.detail ?? '', /\$\(|\]\(/, 'a window name is plain text');
          assert.match(p.placeholder, /Or resume one of 3 unsent drafts\./);
          assert.equal(p.activeKey, 'scrape', 'a new feedback stays the default');
        }, pick('resume/1')),
        expect((s) => assert.match(pickPrompt(s).title, /Review/), cancel()),
      ],
      emptyDraft(),
      { resumable: drafts, now: () => 5 * 60_000 },
    );
    assert.equal(request, undefined);
    assert.deepEqual(adopted, ['open'], 'only the draft picked is taken (here: copied from the open window)');
  });

  test('the resume option says what and when, without being highlighted', async () => {
    await run(
      [
        expect((s) => {
          const p = pickPrompt(s);
          assert.match(option(p, 'resume').description ?? '', /search · bad/);
          assert.match(option(p, 'resume').detail ?? '', /Saved 5m ago for job/);
          assert.equal(p.activeKey, 'scrape');
        }, cancel()),
      ],
      emptyDraft(),
      { resumable: { draft: failed(), savedAt: 0 }, now: () => 5 * 60_000 },
    );
  });
});
