// Rating a result from its document: what the wizard is opened with (endpoint, job id and the page
// as its `url`), and the pages it then shows: "good" goes from the rating straight to the review,
// "bad" asks for one issue label first. Driven by a scripted screen in plain Node.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyDraft } from '../../../src/features/feedback/model/draft';
import { runFeedbackWizard } from '../../../src/features/feedback/wizard/wizard';
import { ratingStart } from '../../../src/features/run/model/ratingStart';
import { RatableResults } from '../../../src/features/run/model/ratableResults';
import { CoalescedRefresh } from '../../../src/features/run/model/coalescedRefresh';
import { FakeClock } from '../../support/fakeClock';
import { cancel, enter, JOB, pick, pickPrompt, ScriptedPrompter, type Reply } from '../../support/wizardFakes';

function draftFor(start: ReturnType<typeof ratingStart>) {
  const draft = emptyDraft(start.jobId);
  draft.endpoint = start.endpoint;
  if (start.url) draft.url = start.url;
  return draft;
}

async function rate(start: ReturnType<typeof ratingStart>, script: Reply[]) {
  const ui = new ScriptedPrompter(script);
  const request = await runFeedbackWizard(draftFor(start), ui, { start: 'rating' });
  assert.equal(ui.remaining, 0, 'the wizard finished before the script did');
  return { request, titles: ui.shown.map((s) => (s.kind === 'editor' ? s.editing.title : s.prompt.title)) };
}

describe('rating preselection', () => {
  test('a scrape result opens the wizard with its endpoint, job and page; a search result without a page', () => {
    assert.deepEqual(ratingStart({ endpoint: 'scrape', jobId: JOB, url: 'https://example.com/a', creditsUsed: 1 }), { endpoint: 'scrape', jobId: JOB, url: 'https://example.com/a', rateResult: true });
    assert.deepEqual(ratingStart({ endpoint: 'search', jobId: JOB, url: 'https://ignored.example' }), { endpoint: 'search', jobId: JOB, rateResult: true });
    assert.deepEqual(ratingStart({ endpoint: 'map', jobId: JOB, url: 'https://docs.example.org' }).url, 'https://docs.example.org');
  });

  test('good on a scrape: rating page, then the review, then sent with the page as its signal', async () => {
    const { request, titles } = await rate(ratingStart({ endpoint: 'scrape', jobId: JOB, url: 'https://example.com/a' }), [enter(/Rating/), enter(/Review/)]);
    assert.deepEqual(
      titles.map((t) => t.replace(/^.*— /, '')),
      ['Rating', 'Review'],
    );
    assert.equal(request?.rating, 'good');
    assert.equal(request?.endpoint, 'scrape');
    assert.equal(request?.jobId, JOB);
    assert.equal(request?.url, 'https://example.com/a');
  });

  test('bad on a scrape: rating, one issue label, continue, review', async () => {
    const continueWith: Reply = (shown) => {
      const prompt = pickPrompt(shown);
      assert.equal(prompt.activeKey, 'continue', 'after a label, Enter continues');
      return pick('continue')(shown);
    };
    const { request, titles } = await rate(ratingStart({ endpoint: 'scrape', jobId: JOB, url: 'https://example.com/a' }), [
      pick('bad', /Rating/),
      pick('label:missing-content'),
      continueWith,
      enter(/Review/),
    ]);
    assert.equal(titles.length, 4);
    assert.equal(request?.rating, 'bad');
    assert.deepEqual(request?.issues, ['missing-content']);
  });

  test('good on a search still asks for a valuable source, as the service requires', async () => {
    const ui = new ScriptedPrompter([enter(/Rating/), cancel()]);
    const request = await runFeedbackWizard(draftFor(ratingStart({ endpoint: 'search', jobId: JOB })), ui, { start: 'rating' });
    assert.equal(request, undefined);
    assert.match(ui.shown[1]?.kind === 'input' ? ui.shown[1].prompt.title : '', /source/i);
  });
});

describe('open results', () => {
  test('a result is rateable until the server closes its window', () => {
    const results = new RatableResults();
    const seen: string[] = [];
    results.onDidChange((key) => seen.push(key));
    results.add('untitled:1', { endpoint: 'scrape', jobId: JOB });
    assert.equal(results.isOpen('untitled:1'), true);
    results.close('untitled:1', { windowSeconds: 120 });
    assert.equal(results.isOpen('untitled:1'), false);
    assert.deepEqual(results.get('untitled:1')?.closed, { windowSeconds: 120 });
    results.remove('untitled:1');
    assert.equal(results.get('untitled:1'), undefined);
    assert.deepEqual(seen, ['untitled:1', 'untitled:1', 'untitled:1']);
  });

  test('a server that takes no feedback closes rating only for the results of jobs that ran at it', () => {
    const results = new RatableResults();
    results.add('untitled:hosted', { endpoint: 'scrape', jobId: JOB, server: 'https://api.firecrawl.dev' });
    results.add('untitled:mine', { endpoint: 'scrape', jobId: JOB, server: 'http://localhost:3002' });
    results.closeEvery((r) => r.server === 'http://localhost:3002', { noFeedback: true });
    assert.equal(results.isOpen('untitled:hosted'), true, 'ran at the hosted service, which takes feedback');
    assert.equal(results.isOpen('untitled:mine'), false);
  });

  test('a server that takes no feedback closes rating for every open result of a job that ran at it', () => {
    const results = new RatableResults();
    const OTHER = JOB.replace(/^.{4}/, 'abcd');
    results.add('untitled:page-1', { endpoint: 'scrape', jobId: JOB, server: 'http://localhost:3002' });
    results.add('untitled:page-2', { endpoint: 'scrape', jobId: OTHER, server: 'http://localhost:3002' });
    results.add('untitled:map', { endpoint: 'map', jobId: JOB.replace(/^.{4}/, 'dcba'), server: 'http://localhost:3002' });
    results.add('untitled:hosted', { endpoint: 'scrape', jobId: OTHER, server: 'https://api.firecrawl.dev' });
    results.closeEvery((r) => r.server === 'http://localhost:3002', { noFeedback: true });
    assert.deepEqual(
      ['untitled:page-1', 'untitled:page-2', 'untitled:map', 'untitled:hosted'].map((k) => results.isOpen(k)),
      [false, false, false, true],
    );
    results.add('untitled:page-3', { endpoint: 'search', jobId: JOB.replace(/^.{4}/, 'eeee'), server: 'http://localhost:3002' });
    assert.equal(results.isOpen('untitled:page-3'), true, 'a result opened since may be rated: the server may have a database by then');
  });

  test("a team that may not send feedback closes rating only for the results of that team's jobs", () => {
    const results = new RatableResults();
    const server = 'https://api.firecrawl.dev';
    results.add('untitled:preview', { endpoint: 'scrape', jobId: JOB, server, team: 'preview-team' });
    results.add('untitled:regular', { endpoint: 'scrape', jobId: JOB.replace(/^.{4}/, 'abcd'), server, team: 'regular-team' });
    results.add('untitled:unknown', { endpoint: 'map', jobId: JOB.replace(/^.{4}/, 'dcba'), server });
    results.closeEvery((r) => r.team === 'preview-team', { teamRefused: 'preview' });
    assert.deepEqual(
      ['untitled:preview', 'untitled:regular', 'untitled:unknown'].map((k) => results.isOpen(k)),
      [false, true, true],
    );
    assert.deepEqual(results.get('untitled:preview')?.closed, { teamRefused: 'preview' });
  });

  test('runs that end together share one balance read', async () => {
    const clock = new FakeClock();
    let reads = 0;
    const refresh = new CoalescedRefresh(clock, () => reads++, 1_500);
    refresh.request();
    await clock.advance(500);
    refresh.request();
    refresh.request();
    await clock.advance(1_499);
    assert.equal(reads, 0);
    await clock.advance(1);
    assert.equal(reads, 1);
    refresh.request();
    await clock.advance(1_500);
    assert.equal(reads, 2);
  });
});
