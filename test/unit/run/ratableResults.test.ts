import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateFeedback } from '../../../src/api/feedback/validate';
import { normalizeMap, normalizeScrape } from '../../../src/api/runResults';
import { feedbackUrl, RatableResults } from '../../../src/features/run/model/ratableResults';

const JOB = '3f1c9a2e-6b7d-4e8f-9a0b-1c2d3e4f5a6b';

describe('RatableResults', () => {
  test('a rated result keeps its receipt and is no longer open for rating; others stay open', () => {
    const results = new RatableResults();
    const changed: string[] = [];
    results.onDidChange((key) => changed.push(key));
    results.add('a', { endpoint: 'scrape', jobId: JOB, url: 'https://example.com/' });
    results.add('b', { endpoint: 'map', jobId: JOB.replace('3f', '4f') });
    assert.equal(results.isOpen('a'), true);
    results.rated('a', 'Thanks: feedback recorded, 1 credit refunded.');
    assert.equal(results.isOpen('a'), false);
    assert.deepEqual(results.get('a')?.rated, { receipt: 'Thanks: feedback recorded, 1 credit refunded.' });
    assert.equal(results.isOpen('b'), true);
    assert.deepEqual(changed, ['a', 'b', 'a']);
    results.rated('gone', 'x');
    assert.deepEqual(changed, ['a', 'b', 'a'], 'nothing to say about a document that holds no result');
  });

  test('a job id the server wrote in capitals is held as feedback sends it: its answer marks the result rated, or closes it', () => {
    const upper = '3F2B9C4E-1D2A-4B5C-8D6E-7F8091A2B3C4';
    const scraped = normalizeScrape({ success: true, data: { markdown: 'x', metadata: { scrapeId: upper } } });
    const mapped = normalizeMap({ success: true, id: upper.replace('3F', '4F'), links: [] });
    const results = new RatableResults();
    results.add('a', { endpoint: 'scrape', jobId: scraped.jobId!, url: 'https://a.example/' });
    results.add('b', { endpoint: 'map', jobId: mapped.jobId! });
    const sent = validateFeedback({ endpoint: 'scrape', jobId: scraped.jobId!, rating: 'good', url: 'https://a.example/' });
    assert.ok(sent.ok);
    results.answered('scrape', sent.value.jobId, { receipt: 'Thanks.' });
    assert.equal(results.isOpen('a'), false);
    results.answered('map', upper.replace('3F', '4F').toLowerCase(), { closed: { windowSeconds: 120 } });
    assert.equal(results.isOpen('b'), false);
  });

  test('a recorded rating is the last word on its job: a later "too late" keeps it, and it replaces an earlier refusal', () => {
    const results = new RatableResults();
    results.add('rated', { endpoint: 'scrape', jobId: JOB });
    results.answered('scrape', JOB, { receipt: 'Thanks: feedback recorded, 1 credit refunded.' });
    // Submit Feedback for the same job after its window: the service checks the window before duplicates.
    results.answered('scrape', JOB, { closed: { windowSeconds: 120 } });
    assert.equal(results.get('rated')?.closed, undefined, 'the result was rated: its lens and Rate say so, not that rating closed');
    assert.deepEqual(results.get('rated')?.rated, { receipt: 'Thanks: feedback recorded, 1 credit refunded.' });

    const MAPPED = JOB.replace('3f', '4f');
    results.add('closed', { endpoint: 'map', jobId: MAPPED, server: 'http://localhost:3002' });
    results.closeEvery((r) => r.server === 'http://localhost:3002', { noFeedback: true });
    // The server has a database since, and took a rating given to Submit Feedback.
    results.answered('map', MAPPED, { receipt: 'Thanks.' });
    assert.equal(results.get('closed')?.closed, undefined, 'taken after all: the lens says rated, not closed');
    assert.deepEqual(results.get('closed')?.rated, { receipt: 'Thanks.' });
    assert.equal(results.isOpen('closed'), false);
  });

  test('a rating outlives the document it was given in: the job shown again (a notification’s Rate button) says it was rated', () => {
    const results = new RatableResults();
    const SEARCHED = JOB.replace('3f', '8f');
    results.add('untitled:search-pricing.md', { endpoint: 'search', jobId: SEARCHED });
    results.answered('search', SEARCHED, { receipt: 'Thanks: feedback recorded, 1 credit refunded.' });
    // The empty list is closed; its "no results" notification still offers Rate.
    results.remove('untitled:search-pricing.md');
    results.add('firecrawl-unopened:search/x', { endpoint: 'search', jobId: SEARCHED });
    assert.deepEqual(results.get('firecrawl-unopened:search/x')?.rated, { receipt: 'Thanks: feedback recorded, 1 credit refunded.' }, 'Rate shows the receipt instead of sending a repeat');
    assert.equal(results.isOpen('firecrawl-unopened:search/x'), false);

    // Rated from Submit Feedback while no document held it.
    const SCRAPED = JOB.replace('3f', '9f');
    results.answered('scrape', SCRAPED, { receipt: 'Thanks.' });
    results.add('firecrawl-unopened:scrape/y', { endpoint: 'scrape', jobId: SCRAPED });
    assert.deepEqual(results.get('firecrawl-unopened:scrape/y')?.rated, { receipt: 'Thanks.' });
    results.add('untitled:other.md', { endpoint: 'map', jobId: SCRAPED });
    assert.equal(results.isOpen('untitled:other.md'), true, 'the same id under another endpoint is another job');
  });

  test('a job id not of the service’s shape is not offered for rating: it could not be sent, and a CodeLens would render it', () => {
    const results = new RatableResults();
    results.add('a', { endpoint: 'scrape', jobId: '$(alert) run' });
    assert.equal(results.get('a'), undefined);
    assert.equal(results.isOpen('a'), false);
  });

  test('a result saved under another name goes with it, rated or not, and closing the old name no longer forgets it', () => {
    const results = new RatableResults();
    const changed: string[] = [];
    results.onDidChange((key) => changed.push(key));
    results.add('untitled:a.md', { endpoint: 'scrape', jobId: JOB });
    results.rated('untitled:a.md', 'receipt');
    results.move('untitled:a.md', 'file:///w/a.md');
    assert.deepEqual(results.get('file:///w/a.md')?.rated, { receipt: 'receipt' });
    assert.equal(results.get('untitled:a.md'), undefined);
    results.remove('untitled:a.md');
    assert.ok(results.get('file:///w/a.md'));
    results.move('untitled:none.md', 'file:///w/none.md');
    assert.equal(results.get('file:///w/none.md'), undefined);
    assert.deepEqual(changed, ['untitled:a.md', 'untitled:a.md', 'untitled:a.md', 'file:///w/a.md']);
  });

  test('the document holding a job is found by the job, whatever name a Save gave it since, and none once it is closed', () => {
    const results = new RatableResults();
    results.add('untitled:a.md', { endpoint: 'scrape', jobId: JOB });
    results.move('untitled:a.md', 'file:///w/a.md');
    results.move('file:///w/a.md', 'file:///w/b.md');
    assert.equal(results.keyOf('scrape', JOB), 'file:///w/b.md');
    assert.equal(results.keyOf('map', JOB), undefined, 'the same id under another endpoint is another job');
    results.remove('file:///w/b.md');
    assert.equal(results.keyOf('scrape', JOB), undefined);
  });

  test("a team's refusal closes that team's open results and the job refused, but never a result another team ran", () => {
    const refused = { teamRefused: 'optedOut' } as const;
    const setUp = () => {
      const results = new RatableResults();
      results.add('ours', { endpoint: 'scrape', jobId: JOB, team: 'team-b' });
      results.add('unknown', { endpoint: 'map', jobId: JOB.replace('3f', '5f') });
      results.add('theirs', { endpoint: 'scrape', jobId: JOB.replace('3f', '6f'), team: 'team-a' });
      results.add('rated', { endpoint: 'scrape', jobId: JOB.replace('3f', '7f'), team: 'team-b' });
      results.rated('rated', 'receipt');
      return results;
    };
    const closed = (results: RatableResults) => ['ours', 'unknown', 'theirs', 'rated'].filter((key) => results.get(key)?.closed !== undefined);

    const one = setUp();
    one.teamRefused('team-b', { endpoint: 'scrape', jobId: JOB }, refused);
    assert.deepEqual(closed(one), ['ours'], 'a result whose team is not known may be any team’s: only its own refusal closes it');
    assert.deepEqual(one.get('ours')?.closed, refused);

    // Team B was refused for team A's job id (given to Submit Feedback): A's result stays open.
    const two = setUp();
    two.teamRefused('team-b', { endpoint: 'scrape', jobId: JOB.replace('3f', '6f') }, refused);
    assert.deepEqual(closed(two), ['ours']);
    assert.equal(two.isOpen('theirs'), true);

    const three = setUp();
    three.teamRefused('team-b', { endpoint: 'map', jobId: JOB.replace('3f', '5f') }, refused);
    assert.deepEqual(closed(three), ['ours', 'unknown']);

    // Before the window joined a team, nothing is known to be another's: the job refused closes, no other.
    const four = setUp();
    four.teamRefused(undefined, { endpoint: 'scrape', jobId: JOB.replace('3f', '6f') }, refused);
    assert.deepEqual(closed(four), ['theirs']);
  });

  test('the page a rating names is the first address feedback can take: a final URL the service sent may be neither http nor short enough', () => {
    const long = `https://example.com/${'a'.repeat(2_048)}`;
    assert.equal(feedbackUrl('javascript:alert(1)', long, 'https://example.com/asked'), 'https://example.com/asked');
    assert.equal(feedbackUrl('https://example.com/final', 'https://example.com/source', 'https://example.com/asked'), 'https://example.com/final');
    assert.equal(feedbackUrl(undefined, 'file:///etc/passwd'), undefined);
  });
});
