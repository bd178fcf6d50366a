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

  test('a tracked run started in this editor says its prompt first', () => {
    const d = describeJobId({ source: 'tracked', kind: 'agent', status: 'completed', credits: 12, trackedAt: NOW - 60_000, prompt: 'Compare the plans of three scraping APIs' }, NOW);
    assert.deepEqual(
      d.facts.map((f) => f.label),
      ['Prompt', 'Status', 'Credits', 'Tracked'],
    );
    assert.equal(d.facts[0]?.value, 'Compare the plans of three scraping APIs');
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
    assert.deepEqual(d.facts, [{ label: 'Known', value: "Not tracked and not in the team's recent activity yet." }]);
  });

  test('an id the recent activity could not be looked up in says why, not that it is absent', () => {
    const failed = describeJobId({ source: 'unread', unsupported: false, reason: 'Could not reach Firecrawl at https://api.firecrawl.dev.' }, NOW);
    assert.deepEqual(failed.facts, [{ label: 'Known', value: 'Not tracked; the recent activity could not be read: Could not reach Firecrawl at https://api.firecrawl.dev.' }]);
    assert.deepEqual(failed.actions, [{ kind: 'lookUp' }, { kind: 'copy' }]);
    const selfHosted = describeJobId({ source: 'unread', unsupported: true, reason: 'Not served.' }, NOW);
    assert.deepEqual(selfHosted.facts, [{ label: 'Known', value: 'Not tracked; this server keeps no recent activity to look it up in.' }]);
  });
});
