import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
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

  test('the page a rating names is the first address feedback can take: a final URL the service sent may be neither http nor short enough', () => {
    const long = `https://example.com/${'a'.repeat(2_048)}`;
    assert.equal(feedbackUrl('javascript:alert(1)', long, 'https://example.com/asked'), 'https://example.com/asked');
    assert.equal(feedbackUrl('https://example.com/final', 'https://example.com/source', 'https://example.com/asked'), 'https://example.com/final');
    assert.equal(feedbackUrl(undefined, 'file:///etc/passwd'), undefined);
  });
});
