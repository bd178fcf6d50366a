import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RatableResults } from '../../../src/features/run/model/ratableResults';

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
});
