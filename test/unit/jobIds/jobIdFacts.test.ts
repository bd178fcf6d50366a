// What a job id gets from what the window knows: the facts a hover shows and its actions.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeJobId } from '../../../src/features/jobIds/model/jobIdFacts';

const NOW = Date.UTC(2026, 0, 1, 12);

describe('what a job id gets', () => {
  test('a tracked agent run: kind, status, credits and age; Show Job and Copy', () => {
    const d = describeJobId({ source: 'tracked', kind: 'agent', status: 'processing', credits: 1234, trackedAt: NOW - 5 * 60_000 }, NOW);
    assert.equal(d.title, 'Agent run');
    assert.deepEqual(
      d.facts.map((f) => f.label),
      ['Status', 'Credits', 'Tracked'],
    );
    assert.equal(d.facts[0]?.value, 'processing');
    assert.match(d.facts[1]?.value ?? '', /1,234|1\.2K|1,2/);
    assert.equal(d.facts[2]?.value, '5m ago');
    assert.deepEqual(d.actions, [{ kind: 'track', tracked: true }, { kind: 'copy' }]);
  });

  test('a recent scrape: endpoint, target and age; Rate with the endpoint, and Copy', () => {
    const d = describeJobId({ source: 'recent', endpoint: 'scrape', apiVersion: 'v2', target: 'https://example.com/[x](command:evil)', ranAt: NOW - 3 * 3_600_000 }, NOW);
    assert.deepEqual(d.facts.map((f) => [f.label, f.value]).slice(0, 2), [
      ['Endpoint', 'scrape'],
      ['Target', 'https://example.com/[x](command:evil)'],
    ]);
    assert.equal(d.facts[2]?.value, '3h ago');
    assert.deepEqual(d.actions, [{ kind: 'rate', endpoint: 'scrape' }, { kind: 'copy' }]);
  });

  test('a recent v1 scrape cannot be rated; a recent agent run or deep research can be tracked', () => {
    assert.deepEqual(describeJobId({ source: 'recent', endpoint: 'scrape', apiVersion: 'v1', target: undefined, ranAt: undefined }, NOW).actions, [{ kind: 'copy' }]);
    assert.deepEqual(describeJobId({ source: 'recent', endpoint: 'agent', apiVersion: undefined, target: 'p', ranAt: NOW }, NOW).actions, [{ kind: 'track' }, { kind: 'copy' }]);
    assert.deepEqual(describeJobId({ source: 'recent', endpoint: 'deep_research', apiVersion: undefined, target: 'q', ranAt: NOW }, NOW).actions, [{ kind: 'track' }, { kind: 'copy' }]);
    assert.deepEqual(describeJobId({ source: 'recent', endpoint: 'parse', apiVersion: 'v2', target: undefined, ranAt: NOW }, NOW).actions, [{ kind: 'rate', endpoint: 'parse' }, { kind: 'copy' }]);
  });

  test('an unknown id: Look Up and Copy', () => {
    const d = describeJobId(undefined, NOW);
    assert.equal(d.title, 'Firecrawl job id');
    assert.deepEqual(d.actions, [{ kind: 'lookUp' }, { kind: 'copy' }]);
  });
});
