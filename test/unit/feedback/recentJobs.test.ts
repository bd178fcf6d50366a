// The feedback wizard's recent jobs, against the real sandbox on 127.0.0.1 and a fake clock both
// share: what is loaded and when (the window's shared activity list, read on the endpoint page unless
// it is under 15 s old, and filtered per endpoint), parse and unlisting servers, and the job page built from it: targets as plain text, ages, no window
// until the server stated one and then a live countdown of it, expired jobs that cannot be picked,
// the clipboard's id, "Paste a job id…", and the input box with one line when nothing can be listed.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { type ActivityList, FirecrawlClient } from '../../../src/api';
import { RecentActivity } from '../../../src/features/activity/model/recentActivity';
import { emptyDraft, type WizardDraft } from '../../../src/features/feedback/model/draft';
import { FeedbackWindows } from '../../../src/features/feedback/model/feedbackWindow';
import { RecentFeedbackJobs } from '../../../src/features/feedback/model/recentJobs';
import { jobPickOptions } from '../../../src/features/feedback/wizard/jobStep';
import { runFeedbackWizard, type WizardOptions } from '../../../src/features/feedback/wizard/wizard';
import { windowFromFeedbackError } from '../../../src/host/errorText';
import { nodeFetch } from '../../../src/platform/nodeTransport';
import { FakeClock } from '../../support/fakeClock';
import { SharedMemento } from '../../support/memoryFiles';
import { back, enter, expect, inputPrompt, option, pick, pickPrompt, type Reply, ScriptedPrompter, type, typeInPick, when } from '../../support/wizardFakes';
import { startSandbox, type Sandbox } from '../../sandbox/server';

let sandbox: Sandbox;
let clock: FakeClock;
/** The window's one list, as activation creates it; a new one for each test. */
let activity: RecentActivity;

const client = () => new FirecrawlClient({ baseUrl: sandbox.url, apiKey: () => sandbox.keys.valid, clientName: 'firecrawl-vscode', clientVersion: '0.2.0-test', fetch: nodeFetch });
const recentJobs = () => new RecentFeedbackJobs(activity);
const activityQueries = () => sandbox.requestsTo('activity').map((r) => r.query);
const loaded = (p: { busy?: boolean }) => p.busy !== true;

async function run(script: Reply[], draft: WizardDraft = emptyDraft(), options: Partial<WizardOptions> = {}) {
  const ui = new ScriptedPrompter(script);
  const recent = options.recent ?? recentJobs();
  try {
    const request = await runFeedbackWizard(draft, ui, { clock, recent, errors: { apiUrl: sandbox.url, selfHosted: true }, ...options });
    assert.equal(ui.remaining, 0, 'the wizard finished before the script did');
    return { request, ui, draft };
  } finally {
    (recent as RecentFeedbackJobs).dispose?.();
  }
}

before(async () => {
  clock = new FakeClock(Date.parse('2026-11-22T09:41:00.000Z'));
  sandbox = await startSandbox({ now: () => clock.now(), seed: false });
});
after(() => sandbox.close());
beforeEach(async () => {
  // A day later each time: the jobs of the test before are out of the 24-hour list.
  await clock.advance(25 * 3_600_000);
  sandbox.resetCounts();
  sandbox.clearFaults();
  sandbox.selfHosted = false;
  sandbox.parseActivity = 'hidden';
  activity = new RecentActivity(client, clock);
});

describe('recent jobs for feedback', () => {
  test('one request for every endpoint; a wizard reads a new list when it opens, then reuses it for 15 s and reloads it behind what is shown', async () => {
    const older = sandbox.createV2Job('scrape', { ageMs: 30_000, target: 'https://example.com/old' });
    const newer = sandbox.createV2Job('scrape', { target: 'https://example.com/new' });
    sandbox.createV2Job('map');
    sandbox.addActivity({ endpoint: 'scrape', apiVersion: 'v1', target: 'a v1 job' });
    sandbox.addActivity({ endpoint: 'scrape', id: 'not-a-uuid' });
    // A hover read the list a moment ago: the wizard that opens now reads its own.
    await activity.read();
    const recent = recentJobs();
    const changes: string[] = [];
    recent.onDidChange((e) => changes.push(`${e}:${recent.state(e)?.kind}`));
    recent.prefetch('scrape');
    recent.prefetch('scrape');
    assert.equal(recent.state('scrape')?.kind, 'loading');
    await clock.flush();
    const state = recent.state('scrape');
    assert.equal(state?.kind, 'loaded');
    assert.deepEqual(state?.kind === 'loaded' && state.jobs.map((j) => [j.id, j.target]), [
      [newer, 'https://example.com/new'],
      [older, 'https://example.com/old'],
    ]);
    assert.deepEqual(activityQueries(), ['limit=100', 'limit=100']);
    await clock.advance(10_000);
    recent.prefetch('scrape');
    recent.prefetch('map');
    assert.equal(recent.state('map')?.kind, 'loaded', 'another endpoint: the same list, at once');
    assert.equal(activityQueries().length, 2, 'fresh: reused');
    await clock.advance(10_000);
    recent.prefetch('scrape');
    assert.equal(recent.state('scrape')?.kind, 'loaded', 'the old list stays while a newer one loads');
    await clock.flush();
    assert.equal(activityQueries().length, 3);
    assert.deepEqual(changes, ['scrape:loading', 'scrape:loaded', 'map:loaded', 'scrape:loaded']);
    recent.dispose();
  });

  test('parse: no filter exists, so the whole list is read and only jobs listed as parse are kept', async () => {
    const parse = sandbox.createV2Job('parse');
    const recent = recentJobs();
    recent.prefetch('parse');
    await clock.flush();
    assert.deepEqual(recent.state('parse'), { kind: 'loaded', jobs: [], at: clock.now() });
    assert.deepEqual(activityQueries(), ['limit=100']);
    sandbox.parseActivity = 'parse';
    await clock.advance(20_000);
    recent.prefetch('parse');
    await clock.flush();
    const state = recent.state('parse');
    assert.deepEqual(state?.kind === 'loaded' && state.jobs.map((j) => j.id), [parse]);
    recent.dispose();
  });

  test('a server without the list (501, 404) is not asked again; 403, 429 and network errors are asked again next time', async () => {
    sandbox.selfHosted = true;
    const first = recentJobs();
    first.prefetch('scrape');
    await clock.flush();
    assert.equal(first.state('scrape')?.kind, 'unavailable');
    const second = recentJobs();
    assert.equal(second.state('map')?.kind, 'unavailable', 'known at once');
    second.prefetch('map');
    await clock.flush();
    await clock.advance(20_000);
    second.prefetch('search');
    await clock.flush();
    assert.equal(sandbox.requestCount('activity'), 1);
    first.dispose();
    second.dispose();
    // Half an hour later it may have been upgraded: asked again.
    await clock.advance(30 * 60_000 - 20_000);
    const third = recentJobs();
    assert.equal(third.state('map'), undefined);
    third.prefetch('map');
    await clock.flush();
    assert.equal(sandbox.requestCount('activity'), 2);
    third.dispose();

    sandbox.selfHosted = false;
    for (const fault of [{ kind: 'status', status: 403 }, { kind: 'status', status: 429 }, { kind: 'connectionReset' }] as const) {
      activity.clear();
      sandbox.fault({ route: 'activity', ...fault });
      const recent = recentJobs();
      recent.prefetch('scrape');
      await clock.flush();
      assert.equal(recent.state('scrape')?.kind, 'unavailable', fault.kind);
      recent.dispose();
      // The next wizard, a little later, asks again.
      await clock.advance(15_000);
      assert.equal(recentJobs().state('scrape'), undefined, fault.kind);
    }
    assert.equal(sandbox.requestCount('activity'), 5, 'one try each, never retried while the wizard waits');
  });

  test('a wizard closed while the list loads hears nothing more; the list it asked for serves the hover', async () => {
    const job = sandbox.createV2Job('scrape');
    sandbox.fault({ route: 'activity', kind: 'latency', ms: 100 });
    const recent = recentJobs();
    const changes: string[] = [];
    recent.onDidChange((e) => changes.push(e));
    recent.prefetch('scrape');
    recent.dispose();
    await activity.read();
    assert.deepEqual(changes, ['scrape']);
    assert.equal(recent.state('scrape')?.kind, 'loading');
    const found = await activity.find(job);
    assert.equal(found?.kind === 'found' && found.entry.endpoint, 'scrape');
    assert.equal(sandbox.requestCount('activity'), 1);
  });
});

describe('the job page', () => {
  test('fast path: the list loads on the endpoint page; Enter takes the newest scrape job', async () => {
    sandbox.createV2Job('scrape', { ageMs: 50_000 });
    const newest = sandbox.createV2Job('scrape', { ageMs: 5_000, target: 'https://example.com/pricing' });
    const recent = recentJobs();
    const { request, ui } = await run(
      [
        expect(() => assert.equal(recent.state('scrape')?.kind, 'loading', 'loading started on the endpoint page'), enter(/Endpoint/)),
        when(
          loaded,
          expect(
            (s) => {
              const p = pickPrompt(s);
              assert.equal(p.activeKey, `job:${newest}`);
              assert.equal(option(p, `job:${newest}`).label, 'https://example.com/pricing');
              assert.equal(option(p, `job:${newest}`).description, '5s ago', 'no window before the server stated one');
              assert.equal(p.placeholder, 'Which job? Newest first.');
              assert.equal(option(p, `job:${newest}`).detail, newest);
              assert.deepEqual([p.step, p.totalSteps], [2, 5]);
            },
            enter(/Job id/),
          ),
        ),
        pick('bad', /Rating/),
        enter(/Issue labels/),
        enter(/Issue labels/),
        pick('send', /Review/),
      ],
      emptyDraft(),
      { recent },
    );
    assert.deepEqual(request, { endpoint: 'scrape', jobId: newest, rating: 'bad', issues: ['missing-content'] });
    assert.equal(ui.shown[1]?.kind, 'pick');
    assert.deepEqual(activityQueries(), ['limit=100'], 'one request for the whole wizard');
  });

  test('before the server stated a window, a six-minute-old job is an ordinary choice with its age (read right far from UTC)', async () => {
    const old = sandbox.createV2Job('scrape', { ageMs: 6 * 60_000, target: 'https://example.com/six' });
    const newer = sandbox.createV2Job('scrape', { ageMs: 60_000, target: 'https://example.com/one' });
    // The list's times carry no zone (UTC): a local zone 14 hours ahead must not shift the ages.
    const zone = process.env.TZ;
    process.env.TZ = 'Pacific/Kiritimati';
    try {
      await run([
        enter(/Endpoint/),
        when(
          loaded,
          expect(
            (s) => {
              const p = pickPrompt(s);
              const jobs = p.options.filter((o) => o.key.startsWith('job:'));
              assert.deepEqual(
                jobs.map((o) => [o.key, o.description, o.icon]),
                [
                  [`job:${newer}`, '1m ago', 'clock'],
                  [`job:${old}`, '6m ago', 'clock'],
                ],
                'newest first, each with its age',
              );
              assert.ok(!p.options.some((o) => /window|expired|left/.test(`${o.label} ${o.description ?? ''}`)), 'nothing about a window');
              assert.doesNotMatch(p.placeholder, /\d+ ?s\b|window/);
            },
            () => ({ kind: 'cancel' }),
          ),
        ),
      ]);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  test('once the server stated its window, the countdown moves every second; at zero the job moves below, and picking it there does nothing but say why', async () => {
    const job = sandbox.createV2Job('map', { ageMs: 117_000, target: 'https://docs.example.org' });
    const { draft } = await run(
      [
        pick('map', /Endpoint/),
        when(loaded, async (s) => {
          assert.equal(option(pickPrompt(s), `job:${job}`).description, '1m ago · 3 s left');
          await clock.advance(1_000);
          assert.equal(option(pickPrompt(s), `job:${job}`).description, '1m ago · 2 s left');
          await clock.advance(2_000);
          const now = pickPrompt(s);
          assert.equal(option(now, `job:${job}`).description, '2m ago · expired');
          assert.equal(option(now, `job:${job}`).icon, 'circle-slash');
          assert.deepEqual(
            now.options.filter((o) => o.separator).map((o) => o.label),
            ['Past the feedback window', ''],
          );
          assert.match(now.placeholder, /^Every listed map job is past the feedback window \(2 minutes\)/);
          return { kind: 'accept', value: option(now, `job:${job}`).value, text: '' };
        }),
        expect((s) => assert.match(pickPrompt(s).placeholder, /^That job ran more than 2 minutes ago, so Firecrawl would refuse its feedback/), pick('paste', /Job id/)),
        type('3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4', /Job id/),
        back(),
        back(),
        () => ({ kind: 'cancel' }),
      ],
      emptyDraft(),
      { windowSeconds: 120 },
    );
    assert.equal(draft.jobId, '3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4');
  });

  test('the window is the server’s: what its last FEEDBACK_WINDOW_EXPIRED said', async () => {
    const storage = new SharedMemento();
    const windows = new FeedbackWindows(storage, () => clock.now());
    assert.equal(windows.seconds(sandbox.url), undefined, 'nothing assumed before the server said it');
    sandbox.feedbackWindowSeconds = 300;
    const old = sandbox.createV2Job('scrape', { ageMs: 200_000 });
    const error = await client()
      .sendCheckedFeedback({ endpoint: 'scrape', jobId: sandbox.createV2Job('scrape', { ageMs: 400_000 }), rating: 'bad', issues: ['timeout'] })
      .catch((e: unknown) => e);
    const said = windowFromFeedbackError(error);
    assert.equal(said, 300);
    await windows.learn(sandbox.url, said!);
    assert.deepEqual([windows.seconds(sandbox.url), windows.seconds('https://api.firecrawl.dev')], [300, undefined]);
    await run(
      [
        enter(/Endpoint/),
        when(
          loaded,
          expect(
            (s) => {
              const p = pickPrompt(s);
              assert.equal(option(p, `job:${old}`).description, '3m ago · 100 s left');
              assert.match(p.placeholder, /This server takes feedback for 5 minutes after a job/);
            },
            () => ({ kind: 'cancel' }),
          ),
        ),
      ],
      emptyDraft(),
      { windowSeconds: windows.seconds(sandbox.url)! },
    );
    // A later answer that says otherwise replaces it.
    sandbox.feedbackWindowSeconds = 86_400;
    const later = await client()
      .sendCheckedFeedback({ endpoint: 'scrape', jobId: sandbox.createV2Job('scrape', { ageMs: 90_000_000 }), rating: 'bad', issues: ['timeout'] })
      .catch((e: unknown) => e);
    await windows.learn(sandbox.url, windowFromFeedbackError(later)!);
    assert.equal(windows.seconds(sandbox.url), 86_400);
    // A day's window is said in hours, not as 86,200 seconds.
    await run(
      [
        enter(/Endpoint/),
        when(
          loaded,
          expect(
            (s) => {
              const p = pickPrompt(s);
              assert.match(option(p, `job:${old}`).description ?? '', /^3m ago · 23h 56m left$/);
              assert.match(p.placeholder, /This server takes feedback for 1 day after a job/);
            },
            () => ({ kind: 'cancel' }),
          ),
        ),
      ],
      emptyDraft(),
      { windowSeconds: 86_400 },
    );
    sandbox.feedbackWindowSeconds = 120;
  });

  test('targets are plain text; a job without one says so; more than three expired jobs go behind a count', async () => {
    const hostile = sandbox.createV2Job('search', { target: '$(zap) [click](command:workbench.action.quit)\nsecond line' });
    const blank = sandbox.createV2Job('search', { target: null });
    for (let i = 0; i < 5; i++) sandbox.createV2Job('search', { ageMs: 200_000 + i * 1000 });
    await run(
      [
        pick('search', /Endpoint/),
        when(loaded, (s) => {
          const p = pickPrompt(s);
          assert.equal(option(p, `job:${hostile}`).label, '$\u200b(zap) [click]\u200b(command:workbench.action.quit) second line');
          assert.equal(option(p, `job:${blank}`).label, `Job ${blank.slice(0, 8)} (no target listed)`);
          assert.equal(p.options.filter((o) => o.icon === 'circle-slash').length, 3);
          return { kind: 'accept', value: option(p, 'showExpired').value, text: '' };
        }),
        expect(
          (s) => {
            const p = pickPrompt(s);
            assert.equal(p.options.filter((o) => o.icon === 'circle-slash').length, 5);
            assert.equal(
              p.options.some((o) => o.key === 'showExpired'),
              false,
            );
          },
          () => ({ kind: 'cancel' }),
        ),
      ],
      emptyDraft(),
      { windowSeconds: 120 },
    );
  });

  test('the clipboard’s id is offered but the newest job keeps Enter; a selected id takes it', async () => {
    const newest = sandbox.createV2Job('scrape');
    const copied = '0b7c1e2d-3f4a-4b5c-8d6e-7f8091a2b3c4';
    for (const [from, active] of [
      ['clipboard', `job:${newest}`],
      ['selection', 'draft'],
    ] as const) {
      await run(
        [
          enter(/Endpoint/),
          when(
            loaded,
            expect(
              (s) => {
                const p = pickPrompt(s);
                assert.equal(p.activeKey, active, from);
                assert.deepEqual([option(p, 'draft').label, option(p, 'draft').description], [copied, `from the ${from === 'selection' ? 'editor selection' : 'clipboard'}`]);
                assert.equal(p.options.at(-1)?.label, 'Paste a job id…');
              },
              () => ({ kind: 'cancel' }),
            ),
          ),
        ],
        emptyDraft(copied),
        { startingJobId: { id: copied, from } },
      );
    }
  });

  test('Back from the rating shows the list with the chosen job highlighted; pasted text survives Back', async () => {
    const a = sandbox.createV2Job('scrape', { ageMs: 10_000 });
    const b = sandbox.createV2Job('scrape', { ageMs: 1_000 });
    const { draft } = await run([
      enter(/Endpoint/),
      when(loaded, pick(`job:${a}`)),
      back(),
      expect((s) => assert.equal(pickPrompt(s).activeKey, `job:${a}`), pick('paste')),
      expect((s) => assert.equal(inputPrompt(s).value, a), back('half typed')),
      expect((s) => {
        const p = pickPrompt(s);
        assert.equal(p.activeKey, `job:${b}`, 'nothing usable was typed: the newest job has Enter again');
        assert.equal(
          p.options.some((o) => o.key === 'draft'),
          false,
        );
      }, pick('paste')),
      expect(
        (s) => assert.equal(inputPrompt(s).value, 'half typed'),
        () => ({ kind: 'cancel' }),
      ),
    ]);
    assert.equal(draft.jobId, 'half typed');
  });

  test("an id pasted into the list's filter stays in the draft on Back, and on Escape", async () => {
    sandbox.createV2Job('scrape');
    const pasted = '0b7c1e2d-3f4a-4b5c-8d6e-7f8091a2b3c4';
    const { draft } = await run([
      enter(/Endpoint/),
      when(loaded, (s) => {
        assert.ok(
          pickPrompt(s)
            .optionsForText?.(pasted)
            .some((o) => o.key === 'typed'),
          'offered as the id pasted',
        );
        return { kind: 'back', text: ` ${pasted.toUpperCase()} ` };
      }),
      pick('map'),
      // No map jobs listed: the id box, with the pasted id in it.
      expect(
        (s) => assert.equal(inputPrompt(s).value, pasted),
        () => ({ kind: 'cancel', text: pasted }),
      ),
    ]);
    assert.equal(draft.jobId, pasted);
    const escaped = await run([enter(/Endpoint/), when(loaded, () => ({ kind: 'cancel', text: pasted }))]);
    assert.equal(escaped.draft.jobId, pasted);
  });

  test('an id changed in the box that Paste a job id… opened with pasted text is what Back shows, and keeps', async () => {
    sandbox.createV2Job('scrape');
    const pasted = '0b7c1e2d-3f4a-4b5c-8d6e-7f8091a2b3c4';
    const changed = '1c8d2e3f-4a5b-4c6d-9e7f-8091a2b3c4d5';
    const { draft } = await run([
      enter(/Endpoint/),
      when(loaded, (s) => ({ kind: 'accept', value: option(pickPrompt(s), 'paste').value, text: pasted })),
      expect((s) => assert.equal(inputPrompt(s).value, pasted), type(changed)),
      back(),
      expect((s) => assert.equal(inputPrompt(s).value, changed, 'the id taken, not the text pasted before it'), back()),
      () => ({ kind: 'cancel' }),
    ]);
    assert.equal(draft.jobId, changed);
  });

  test('an id pasted into the list’s filter is offered and taken; one typed before Paste a job id… goes into the box', async () => {
    sandbox.createV2Job('map');
    const pasted = '0b7c1e2d-3f4a-4b5c-8d6e-7f8091a2b3c4';
    const { request } = await run([
      pick('map'),
      when(loaded, (s) => {
        assert.deepEqual(pickPrompt(s).optionsForText?.('map job'), []);
        return typeInPick(`"scrapeId": "${pasted}"`, 'typed')(s);
      }),
      pick('good'),
      type('Fine.'),
      pick('send'),
    ]);
    assert.equal(request?.jobId, pasted);
    const { draft } = await run([
      pick('map'),
      when(loaded, (s) => ({ kind: 'accept', value: option(pickPrompt(s), 'paste').value, text: pasted })),
      expect(
        (s) => assert.equal(inputPrompt(s).value, pasted),
        () => ({ kind: 'cancel' }),
      ),
    ]);
    assert.equal(draft.jobId, '');
  });

  test('nothing to list: the input box with one line (self-hosted, a refusal, parse, an empty list), never an error', async () => {
    const cases: Array<[string, () => void, 'scrape' | 'map' | 'parse', RegExp]> = [
      ['self-hosted', () => (sandbox.selfHosted = true), 'scrape', /^The server at http:\/\/127\.0\.0\.1:\d+ does not list recent jobs \(self-hosted Firecrawl may not\)\. The job's id/],
      ['403', () => sandbox.fault({ route: 'activity', kind: 'status', status: 403 }), 'scrape', /^Firecrawl refused to list recent jobs \(403\)/],
      ['429', () => sandbox.fault({ route: 'activity', kind: 'status', status: 429, retryAfterSeconds: 9 }), 'scrape', /^Firecrawl’s rate limit was reached; recent jobs can be listed again in 9 s\./],
      ['network', () => sandbox.fault({ route: 'activity', kind: 'connectionReset' }), 'scrape', /^Could not reach Firecrawl to list recent jobs\./],
      ['parse', () => sandbox.createV2Job('parse'), 'parse', /^Parse jobs are not in the list of recent jobs\. The job's id/],
      ['empty', () => undefined, 'map', /^No map jobs of the last 24 hours are listed\./],
    ];
    for (const [name, arrange, endpoint, note] of cases) {
      activity.clear();
      sandbox.selfHosted = false;
      arrange();
      const { request } = await run(
        [
          pick(endpoint, /Endpoint/),
          expect((s) => {
            const p = inputPrompt(s);
            assert.match(p.prompt, note, name);
          }, type('3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4')),
          pick('good'),
          type('Worked well.'),
          pick('send'),
        ],
        emptyDraft(),
        { recent: await settled(endpoint) },
      );
      assert.equal(request?.jobId, '3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4', name);
      sandbox.clearFaults();
    }
  });
  test("in a browser, a server of one's own that cannot be reached is said to be often CORS, as everywhere else", async () => {
    activity.clear();
    sandbox.fault({ route: 'activity', kind: 'connectionReset' });
    const recent = await settled('scrape');
    await run(
      [
        pick('scrape', /Endpoint/),
        expect(
          (s) => assert.match(inputPrompt(s).prompt, /^Could not reach Firecrawl to list recent jobs\. In a browser this is often CORS/),
          () => ({ kind: 'cancel' }),
        ),
      ],
      emptyDraft(),
      { recent, errors: { apiUrl: sandbox.url, selfHosted: true, browser: true } },
    );
  });
});

/** A list already asked for and answered, as it is when the endpoint page took a moment. */
async function settled(endpoint: 'scrape' | 'map' | 'parse' | 'search'): Promise<RecentFeedbackJobs> {
  const recent = recentJobs();
  recent.prefetch(endpoint);
  await clock.flush();
  return recent;
}

describe('jobPickOptions', () => {
  const base = { endpoint: 'scrape' as const, now: 1_000_000, windowSeconds: 120, draftId: '', showAllExpired: false };
  test('while loading: busy, a loading line, and only the paste entry', () => {
    const page = jobPickOptions({ ...base, state: { kind: 'loading' } });
    assert.deepEqual([page.busy, page.placeholder, page.activeKey], [true, 'Loading the recent scrape jobs…', 'paste']);
    assert.deepEqual(
      page.options.filter((o) => !o.separator).map((o) => o.key),
      ['paste'],
    );
  });

  test('a job whose time is unknown can be picked and says so', () => {
    const page = jobPickOptions({ ...base, state: { kind: 'loaded', at: 0, jobs: [{ id: '3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4', ranAt: undefined, target: 'https://x.example' }] } });
    assert.equal(page.activeKey, 'job:3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4');
    assert.equal(page.options.find((o) => o.key === page.activeKey)?.description, 'time unknown');
  });
});

describe('FeedbackWindows', () => {
  test('per server, unknown until a server says it; nonsense and stored garbage are ignored', async () => {
    const storage = new SharedMemento();
    const windows = new FeedbackWindows(storage, () => 5);
    await windows.learn('https://api.firecrawl.dev', 90);
    await windows.learn('http://localhost:3002', -1);
    await windows.learn('http://localhost:3002', Number.NaN);
    await windows.learn('http://localhost:3002', 10 * 86_400);
    assert.deepEqual([windows.seconds('https://api.firecrawl.dev'), windows.seconds('http://localhost:3002')], [90, undefined]);
    assert.deepEqual(storage.get('firecrawl.feedback.windowSeconds'), { 'https://api.firecrawl.dev': { seconds: 90, at: 5 } });
    await storage.update('firecrawl.feedback.windowSeconds', { a: { seconds: 'soon' }, b: 7, c: { seconds: 60 } });
    assert.deepEqual([windows.seconds('a'), windows.seconds('b'), windows.seconds('c')], [undefined, undefined, 60]);
    await storage.update('firecrawl.feedback.windowSeconds', 'garbage');
    assert.equal(windows.seconds('c'), undefined);
  });

  test('only a FEEDBACK_WINDOW_EXPIRED error with a stated window teaches one', async () => {
    const said = (text: string) =>
      windowFromFeedbackError(Object.assign(new Error(text), { [Symbol.for('firecrawl-vscode.error')]: true, kind: 'feedback', feedbackErrorCode: 'FEEDBACK_WINDOW_EXPIRED', serverMessage: text }));
    assert.equal(said('Feedback must be submitted within 300 seconds of the job.'), 300);
    assert.equal(said('Feedback must be submitted within 2 minutes of the job.'), 120);
    assert.equal(said('Too late.'), undefined);
    assert.equal(windowFromFeedbackError(new Error('within 5 seconds')), undefined);
  });
});

describe("the wizard's first read", () => {
  const OLD_JOB = '11111111-1111-4111-8111-111111111111';
  const NEW_SEARCH = '22222222-2222-4222-8222-222222222222';
  test('a search run just before the wizard opened is in the search list, even when the endpoint page highlighted scrape first', async () => {
    const clock = new FakeClock(Date.parse('2026-11-22T09:41:00.000Z'));
    const lists: ActivityList[] = [
      { entries: [{ id: OLD_JOB, endpoint: 'search', apiVersion: 'v2', createdAt: '2026-11-22T09:40:50.000Z', target: 'old query' }], truncated: false },
      {
        entries: [
          { id: NEW_SEARCH, endpoint: 'search', apiVersion: 'v2', createdAt: '2026-11-22T09:41:04.000Z', target: 'new query' },
          { id: OLD_JOB, endpoint: 'search', apiVersion: 'v2', createdAt: '2026-11-22T09:40:50.000Z', target: 'old query' },
        ],
        truncated: false,
      },
    ];
    let release: () => void = () => undefined;
    let call = 0;
    const reader = () => ({
      listActivity: async (): Promise<ActivityList> => {
        const list = lists[call++]!;
        // The second read (the wizard's own) answers only when the test says so.
        if (call === 2) await new Promise<void>((resolve) => (release = resolve));
        return list;
      },
    });
    const activity = new RecentActivity(reader, clock);
    // A hover read the list a few seconds ago.
    await activity.read();
    await clock.advance(5_000);
    // A search is run now; then the wizard opens on the endpoint page, highlighting scrape.
    const recent = new RecentFeedbackJobs(activity);
    recent.prefetch('scrape');
    // The person moves to Search (onActive) and presses Enter: the job page prefetches it again.
    recent.prefetch('search');
    recent.prefetch('search');
    // The wizard's own read answers.
    release();
    await clock.flush();
    await new Promise((r) => setImmediate(r));
    const state = recent.state('search');
    assert.equal(state?.kind, 'loaded');
    const ids = state?.kind === 'loaded' ? state.jobs.map((j) => j.id) : [];
    assert.ok(ids.includes(NEW_SEARCH), `the search just run is listed (got ${ids.join(', ')})`);
    recent.dispose();
  });
});
