// The research rows speak the editor's language: what @vscode/l10n is configured with (the bundle
// VS Code loads for the display language) is what the tree, the view's line, the track box and the
// saved files say, looked up when they are drawn rather than when the modules load. A fake bundle
// with made-up words stands in for a translation, so the test proves the wiring, not a language.
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import type { AgentJob, ResearchJob } from '../../../src/api';
import { jobIdInputMessage } from '../../../src/features/research/model/jobIdInput';
import type { TrackedJob } from '../../../src/features/research/model/trackedJob';
import { documentText } from '../../../src/features/research/ui/documentText';
import { describeRecentGroup, describeRecentRun } from '../../../src/features/research/ui/recentRows';
import { resultFormats } from '../../../src/features/research/ui/resultFiles';
import { describeChildren, describeJob } from '../../../src/features/research/ui/treeRows';
import { connectionMessage, shutdownMessage } from '../../../src/features/research/ui/viewMessage';

const ID = '3f2b9c1e-8d4a-4b6e-9f10-2a3b4c5d6e7f';
const NOW = Date.parse('2026-11-20T12:00:00.000Z');

function research(over: Partial<ResearchJob> = {}): ResearchJob {
  return {
    kind: 'deepResearch',
    id: ID,
    status: 'completed',
    currentDepth: 3,
    maxDepth: 3,
    totalUrls: 2,
    expiresAt: new Date(NOW + 6 * 3_600_000).toISOString(),
    activities: [{ type: 'search', status: 'complete', message: 'Searching', depth: 1, timestamp: new Date(NOW - 90_000).toISOString() }],
    sources: [{ url: 'https://example.com/a' }, { url: 'https://example.com/b' }],
    warnings: [],
    ...over,
  };
}

function tracked(over: Partial<TrackedJob> = {}): TrackedJob {
  return {
    id: ID,
    kind: 'deepResearch',
    trackedAt: NOW - 60_000,
    snapshot: research(),
    fetchedAt: NOW - 1_000,
    watchStartedAt: NOW - 60_000,
    finishedAt: NOW,
    poll: { kind: 'idle' },
    nextPollAt: undefined,
    revision: 1,
    ...over,
  };
}

/** Made-up words, so nothing here can pass by being English. */
const FAKE = {
  'completed/job status': 'zavrseno',
  'failed/job status': 'neuspjelo',
  'error/status of a deep research step that failed': 'greska',
  'search/kind of deep research step': 'pretraga',
  'analysis/kind of deep research step': 'razmatranje',
  'deep research/job kind': 'duboko istrazivanje',
  'agent/job kind': 'agent-X',
  'depth {0}/{1}': 'dubina {1}:{0}',
  '{0} URLs': 'adresa {0}',
  'expires in {0}': 'istice za {0}',
  'Deep research {0}': 'Istrazivanje {0}',
  'Activities ({0})': 'Koraci [{0}]',
  'Sources ({0})': 'Izvori [{0}]',
  '{0} credits': 'krediti: {0}',
  'Recent (last 24 h)': 'Nedavno (24 h)',
  'updated {0}/when the list was read': 'osvjezeno {0}',
  'Agent run {0}': 'Agentov posao {0}',
  'Not tracked: {0}, {1}. Select to track it.': '{1} / {0}: nije praceno.',
  'Offline: cannot reach {0}. The jobs show what was last seen (last checked {1}); retrying.': 'Bez veze s {0} ({1}).',
  'Deep Research shuts down on {0} (in {1} days). Save results you want to keep.': 'Gasi se {0}, za {1} dana.',
  '{0} new job ids ({1} already tracked).': 'novi: {0}, vec praceni: {1}',
  'Too much at once: paste at most {0} job ids ({1} characters) at a time.': 'Najvise {0} ({1} znakova).',
  'Final analysis (Markdown)': 'Analiza (Markdown)',
  'Result (JSON)': 'Rezultat (JSON)',
  'No result yet: the job is still running.': 'Jos nema rezultata.',
};

describe('research rows through a translation', () => {
  afterEach(() => {
    l10n.config({ contents: {} });
  });

  test('a job row: its label and every part of its description come from the bundle', () => {
    const job = tracked();
    assert.equal(describeJob(job, NOW).description, 'completed · deep research · depth 3/3 · 2 URLs · expires in 6h 0m', 'English without a bundle');
    l10n.config({ contents: FAKE });
    const d = describeJob(job, NOW);
    assert.equal(d.label, 'Istrazivanje 3f2b9c1e');
    // The placeholders may be reordered: the translation puts the greatest depth first.
    assert.equal(d.description, 'zavrseno · duboko istrazivanje · dubina 3:3 · adresa 2 · istice za 6h 0m');
    assert.deepEqual(
      describeChildren(job, { kind: 'job', jobId: ID }, NOW)
        .map((g) => g.label)
        .slice(0, 2),
      ['Koraci [1]', 'Izvori [2]'],
    );
    const agent: AgentJob = { kind: 'agent', id: ID, status: 'completed', model: 'spark-1-pro', creditsUsed: 3, suggestions: [], expiresAt: null };
    assert.equal(
      describeJob(tracked({ kind: 'agent', snapshot: agent }), NOW)
        .description?.split(' · ')
        .slice(0, 4)
        .join(' · '),
      'zavrseno · agent-X · spark-1-pro · krediti: 3',
    );
  });

  test('the Recent group and its runs', () => {
    l10n.config({ contents: FAKE });
    const group = describeRecentGroup({ kind: 'loaded', runs: [], at: NOW - 120_000, truncated: false }, 1, NOW);
    assert.deepEqual([group.label, group.description], ['Nedavno (24 h)', 'osvjezeno 2m ago']);
    const run = describeRecentRun({ id: ID, kind: 'agent', target: undefined, ranAt: undefined, status: undefined, model: undefined }, NOW);
    assert.deepEqual([run.label, run.description, run.accessibilityLabel], ['Agentov posao 3f2b9c1e', 'agent-X', 'agent-X / Agentov posao 3f2b9c1e: nije praceno.']);
  });

  test('the statuses the service names are its words in the language; one it adds later stays as sent', () => {
    l10n.config({ contents: FAKE });
    const run = { id: ID, kind: 'agent' as const, target: undefined, ranAt: undefined, status: 'completed', model: undefined };
    assert.equal(describeRecentRun(run, NOW).description, 'agent-X · zavrseno');
    assert.deepEqual(
      describeRecentRun(run, NOW)
        .tooltip?.()
        .rows.find(([label]) => label === 'Status'),
      ['Status', 'zavrseno'],
    );
    assert.equal(describeRecentRun({ ...run, status: 'paused_by_ops' }, NOW).description, 'agent-X · paused_by_ops');
    // A deep research step says `complete` (no d) when done and `error` when it failed.
    const steps = research({
      activities: [
        { type: 'search', status: 'error', message: 'Search failed', depth: 1, timestamp: new Date(NOW - 90_000).toISOString() },
        { type: 'search', status: 'complete', message: 'Searched', depth: 1, timestamp: new Date(NOW - 80_000).toISOString() },
      ],
    });
    const rows = describeChildren(tracked({ snapshot: steps }), { kind: 'group', jobId: ID, group: 'activities' }, NOW);
    assert.match(rows[0]?.description ?? '', / · greska$/);
    assert.deepEqual(
      rows[0]?.tooltip?.().rows.find(([label]) => label === 'Status'),
      ['Status', 'greska'],
    );
    assert.deepEqual(
      rows[1]?.tooltip?.().rows.find(([label]) => label === 'Status'),
      ['Status', 'zavrseno'],
    );
  });

  test("a step's kind is the service's word in the language, in its tooltip and as the label of a step without words", () => {
    l10n.config({ contents: FAKE });
    const steps = research({
      activities: [
        { type: 'search', status: 'complete', message: 'Searched', depth: 1, timestamp: new Date(NOW - 90_000).toISOString() },
        { type: 'analyze', status: 'complete', message: '', depth: 1, timestamp: new Date(NOW - 80_000).toISOString() },
        { type: 'verify_claims', status: 'complete', message: 'Checked', depth: 1, timestamp: new Date(NOW - 70_000).toISOString() },
      ],
    });
    const rows = describeChildren(tracked({ snapshot: steps }), { kind: 'group', jobId: ID, group: 'activities' }, NOW);
    const kind = (i: number) => new Map(rows[i]?.tooltip?.().rows).get('Type');
    assert.deepEqual([kind(0), kind(1), kind(2)], ['pretraga', 'razmatranje', 'verify_claims']);
    assert.equal(rows[1]?.label, '(razmatranje)');
  });

  test("the view's line, the track box, the result files and the documents", () => {
    l10n.config({ contents: FAKE });
    const waiting = tracked({ poll: { kind: 'retrying', reason: 'unreachable', error: new Error('x'), retryAt: NOW + 30_000, failures: 1 }, fetchedAt: NOW - 300_000 });
    assert.match(connectionMessage([waiting], { keySource: 'stored', errors: { apiUrl: 'https://api.firecrawl.dev' } }, NOW) ?? '', /^Bez veze s api\.firecrawl\.dev \(.+\)\.$/);
    const sunsetAt = NOW + 3 * 86_400_000;
    assert.match(shutdownMessage([waiting], { sunsetAt }, NOW, 'en') ?? '', /^Gasi se Nov 23, 2026, za 3 dana\.$/);
    const ids = Array.from({ length: 1_001 }, (_, i) => `${i.toString(16).padStart(8, '0')}-1d2a-4b5c-8d6e-7f8091a2b3c4`);
    assert.equal(jobIdInputMessage(ids.slice(0, 3).join(' '), (id) => id === ids[2])?.message, 'novi: 2, vec praceni: 1');
    assert.equal(jobIdInputMessage(ids.join(' '), () => false)?.message, 'Najvise 1,000 (40,000 znakova).');
    assert.deepEqual(
      resultFormats(tracked({ snapshot: research({ finalAnalysis: '# T', json: { a: 1 } }) })).map((f) => f.label),
      ['Analiza (Markdown)', 'Rezultat (JSON)'],
    );
    assert.equal(documentText(tracked({ snapshot: research({ status: 'processing' }), poll: { kind: 'polling' } }), ID, 'analysis'), '_Jos nema rezultata._\n');
  });
});
