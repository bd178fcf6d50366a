// What the Research view, a saved copy and the shutdown banner say about a deep research job: the
// server's text as plain text in a row, what a trimmed copy left out, and whole days to the shutdown.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import type { ResearchJob } from '../../../src/api';
import type { TrackedJob } from '../../../src/features/research/model/trackedJob';
import { describeSource } from '../../../src/features/research/ui/treeRows';
import { resultFormats } from '../../../src/features/research/ui/resultFiles';
import { shutdownMessage } from '../../../src/features/research/ui/viewMessage';

const ID = '3f2b9c1e-8d4a-4b6e-9f10-2a3b4c5d6e7f';
const NOW = Date.parse('2026-11-20T12:00:00.000Z');

function research(over: Partial<ResearchJob> = {}): ResearchJob {
  return {
    kind: 'deepResearch',
    id: ID,
    status: 'processing',
    currentDepth: 1,
    maxDepth: 3,
    totalUrls: 2,
    expiresAt: null,
    activities: [{ type: 'search', status: 'complete', message: 'Searching', depth: 1, timestamp: '2026-11-20T11:00:00Z' }],
    sources: [{ url: 'https://example.com/a', title: 'Example A' }],
    warnings: [],
    ...over,
  };
}

function tracked(snapshot: ResearchJob, over: Partial<TrackedJob> = {}): TrackedJob {
  return {
    id: ID,
    kind: 'deepResearch',
    trackedAt: NOW - 60_000,
    snapshot,
    fetchedAt: NOW,
    watchStartedAt: NOW - 60_000,
    finishedAt: NOW,
    poll: { kind: 'idle' },
    nextPollAt: undefined,
    revision: 1,
    ...over,
  };
}

describe('a deep research job in the view and in saved copies', () => {
  test('a source without a title: its host is the label, and server text must not carry $(icon) syntax', () => {
    const job = tracked(research({ sources: [{ url: 'https://$(zap)evil.com/x' }] }));
    const row = describeSource(job, 0);
    assert.ok(row);
    assert.doesNotMatch(row.label, /\$\(/, `label: ${row.label}`);
  });

  test('what a shut-down job found, saved from a trimmed copy, says what the copy left out', () => {
    const job = tracked(research(), { poll: { kind: 'stopped', reason: 'gone', at: NOW }, trimmed: { activities: 500, sources: 40 } });
    const markdown = resultFormats(job).find((f) => f.format === 'markdown');
    assert.ok(markdown, 'a Markdown format is offered');
    assert.match(markdown.text, /500/, 'the 500 activities left out are mentioned');
    assert.match(markdown.text, /40/, 'the 40 sources left out are mentioned');
  });

  test('the shutdown line counts whole days to the announced date', () => {
    const job = tracked(research());
    const notice = { sunsetAt: Date.parse('2026-12-10T15:00:00Z') };
    // 25 hours before the shutdown: it is tomorrow, not in 2 days.
    assert.equal(shutdownMessage([job], notice, Date.parse('2026-12-09T14:00:00Z'), 'en-US'), 'Deep Research shuts down on Dec 10, 2026 (in 1 day). Save results you want to keep.');
  });

  test('the days counted agree with the date named: calendar days, in the time zone the date is given in', () => {
    const job = tracked(research());
    const notice = { sunsetAt: Date.parse('2026-12-10T15:00:00Z') };
    // 47 hours before, on Dec 8: Dec 10 is two days off, not one.
    assert.equal(shutdownMessage([job], notice, Date.parse('2026-12-08T16:00:00Z'), 'en-US'), 'Deep Research shuts down on Dec 10, 2026 (in 2 days). Save results you want to keep.');
    assert.equal(shutdownMessage([job], notice, Date.parse('2026-12-01T18:00:00Z'), 'en-US'), 'Deep Research shuts down on Dec 10, 2026 (in 9 days). Save results you want to keep.');
    // On the day itself, before the hour.
    assert.equal(shutdownMessage([job], notice, Date.parse('2026-12-10T01:00:00Z'), 'en-US'), 'Deep Research shuts down on Dec 10, 2026 (in less than a day). Save results you want to keep.');
  });

  test('what a shut-down job found reads as written in a saved file, and its server text cannot become a link or markup', () => {
    const hostile = '[Run](command:workbench.action.quit) <img src=x onerror=alert(1)>';
    const job = tracked(
      research({ activities: [{ type: 'search', status: 'complete', message: hostile, depth: 1, timestamp: '2026-11-20T11:00:00Z' }], sources: [{ url: 'command:x', title: hostile }] }),
      { poll: { kind: 'stopped', reason: 'gone', at: NOW } },
    );
    const text = resultFormats(job).find((f) => f.format === 'markdown')?.text ?? '';
    assert.match(text, /- 2026-11-20T11:00:00Z search/, 'a time as written, without backslashes');
    const html = new MarkdownIt({ html: true }).render(text);
    assert.doesNotMatch(html, /href="command:|<img/);
  });
});
