// Pure pieces of the deep research feature: job ids in pasted text, titles, poll intervals, and what
// each tree row shows (labels, descriptions, icons, context values), including hostile server text.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NetworkError, ServerError, type ResearchJob } from '../../../src/api';
import { analysisTitle, isFinalPhase } from '../../../src/features/research/model/jobFacts';
import { backoffDelay } from '../../../src/shared/backoff';
import { POLL, pollInterval } from '../../../src/features/research/model/pollPolicy';
import { findJobIds, isJobId, normalizeJobId, parseJobIdInput } from '../../../src/shared/jobIds';
import type { TrackedJob } from '../../../src/features/research/model/trackedJob';
import { selectedOf } from '../../../src/features/research/ui/rowTypes';
import { childNodes, describeActivity, describeChildren, describeJob, describeSource, jobContextValue, pollNotice } from '../../../src/features/research/ui/treeRows';
import { formatAgo, formatDuration } from '../../../src/shared/format';

const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8'));
import { sanitizeMarkdown } from '../../../src/shared/markdown';
import { isWebUrl } from '../../../src/shared/urls';

const A = '3f2b9c1e-8d4a-4b6e-9f10-2a3b4c5d6e7f';
const B = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const NOW = Date.parse('2026-11-20T12:00:00.000Z');

function snapshot(over: Partial<ResearchJob> = {}): ResearchJob {
  return {
    kind: 'deepResearch',
    id: A,
    status: 'processing',
    currentDepth: 1,
    maxDepth: 3,
    totalUrls: 2,
    expiresAt: new Date(NOW + 6 * 3_600_000).toISOString(),
    activities: [
      { type: 'search', status: 'complete', message: 'Searching for "crawlers"', depth: 1, timestamp: new Date(NOW - 90_000).toISOString() },
      { type: 'analyze', status: 'processing', message: 'Analyzing sources', depth: 1, timestamp: new Date(NOW - 30_000).toISOString() },
    ],
    sources: [{ url: 'https://example.com/a', title: 'Example A', description: 'First' }, { url: 'https://example.com/b' }],
    warnings: [],
    ...over,
  };
}

function tracked(over: Partial<TrackedJob> = {}): TrackedJob {
  return {
    id: A,
    kind: 'deepResearch',
    trackedAt: NOW - 60_000,
    snapshot: snapshot(),
    fetchedAt: NOW - 1_000,
    watchStartedAt: NOW - 60_000,
    // The first activity's time, as the store keeps it.
    ranAt: NOW - 90_000,
    finishedAt: undefined,
    poll: { kind: 'polling' },
    nextPollAt: NOW + 2_000,
    revision: 1,
    ...over,
  };
}

describe('job ids in pasted text', () => {
  test('exact ids, case-insensitive, trimmed', () => {
    assert.ok(isJobId(A));
    assert.ok(isJobId(`  ${A.toUpperCase()} `));
    assert.ok(!isJobId(`${A}0`));
    assert.ok(!isJobId('not-a-uuid'));
  });

  test('finds every id in logs, JSON and URLs, without duplicates; normalised ids are lower-case', () => {
    const text = `{"success":true,"id":"${A.toUpperCase()}"}\nsee https://www.firecrawl.dev/app/deep-research/${B}?x=1 and again ${A}`;
    assert.deepEqual(findJobIds(text), [A.toUpperCase(), B]);
    assert.deepEqual(findJobIds(text).map(normalizeJobId), [A, B]);
  });

  test('ignores ids glued to more hex (a longer token is not an id)', () => {
    assert.deepEqual(findJobIds(`abc${A}`), []);
    assert.deepEqual(findJobIds(`${A}-ff`), []);
  });

  test('input: several ids separated by spaces, commas, semicolons and new lines', () => {
    assert.deepEqual(parseJobIdInput(`${A}, ${B};\n${A}`), { ids: [A, B], invalid: [] });
    assert.deepEqual(parseJobIdInput(`"${A}"`), { ids: [A], invalid: [] });
    assert.deepEqual(parseJobIdInput(`https://x.dev/deep-research/${B}`), { ids: [B], invalid: [] });
  });

  test('input: names the tokens that are not ids', () => {
    assert.deepEqual(parseJobIdInput(`${A} 3f2b9c1e nope`), { ids: [A], invalid: ['3f2b9c1e', 'nope'] });
    assert.deepEqual(parseJobIdInput('   '), { ids: [], invalid: [] });
  });
});

describe('job facts', () => {
  test('title: first non-empty line, heading markers stripped, shortened', () => {
    assert.equal(analysisTitle('\n\n# Findings on crawlers #\n\nBody'), 'Findings on crawlers');
    assert.equal(analysisTitle('---\n### Third level'), 'Third level');
    assert.equal(analysisTitle('Plain first line\nsecond'), 'Plain first line');
    assert.equal(analysisTitle(undefined), undefined);
    assert.equal(analysisTitle('   \n\n'), undefined);
    assert.equal(analysisTitle(`# ${'x'.repeat(200)}`)?.length, 80);
  });

  test('final phase: a synthesis activity, or depth at its maximum', () => {
    assert.equal(isFinalPhase(snapshot()), false);
    assert.equal(isFinalPhase(snapshot({ currentDepth: 3 })), true);
    const withSynthesis = snapshot();
    withSynthesis.activities.push({ type: 'synthesis', status: 'processing', message: 'Synthesizing', depth: 2, timestamp: '' });
    assert.equal(isFinalPhase(withSynthesis), true);
    assert.equal(isFinalPhase(snapshot({ currentDepth: 0, maxDepth: 0 })), false);
  });
});

describe('poll intervals', () => {
  const base = { watchedMs: 0, finalPhase: false, background: false, activeJobs: 1 };
  test('2 s at first, easing to 10 s, back to 3 s in the final phase', () => {
    assert.equal(pollInterval(base), 2_000);
    assert.equal(pollInterval({ ...base, watchedMs: 10_000 }), 2_000);
    assert.equal(pollInterval({ ...base, watchedMs: 10_000, finalPhase: true }), 2_000, 'never slower than the start');
    assert.equal(pollInterval({ ...base, watchedMs: 35_000 }), 6_000);
    assert.equal(pollInterval({ ...base, watchedMs: 60_000 }), 10_000);
    assert.equal(pollInterval({ ...base, watchedMs: 600_000 }), 10_000);
    assert.equal(pollInterval({ ...base, watchedMs: 600_000, finalPhase: true }), 3_000);
  });

  test('30 s in the background, whatever the phase', () => {
    assert.equal(pollInterval({ ...base, background: true }), 30_000);
    assert.equal(pollInterval({ ...base, background: true, finalPhase: true }), 30_000);
  });

  test('many active jobs share a request budget', () => {
    assert.equal(pollInterval({ ...base, activeJobs: 8 }), 2_000);
    assert.equal(pollInterval({ ...base, activeJobs: 200 }), 50_000);
  });

  test('backoff doubles with jitter between half and all of the step, capped', () => {
    assert.equal(
      backoffDelay(1, POLL.backoffBaseMs, POLL.backoffCapMs, () => 0),
      1_000,
    );
    assert.equal(
      backoffDelay(1, POLL.backoffBaseMs, POLL.backoffCapMs, () => 1),
      2_000,
    );
    assert.equal(
      backoffDelay(3, POLL.backoffBaseMs, POLL.backoffCapMs, () => 0.5),
      6_000,
    );
    assert.equal(
      backoffDelay(20, POLL.backoffBaseMs, POLL.backoffCapMs, () => 1),
      POLL.backoffCapMs,
    );
  });
});

describe('formatting', () => {
  test('durations and ages', () => {
    assert.equal(formatDuration(45_000), '45s');
    assert.equal(formatDuration(252_000), '4m 12s');
    assert.equal(formatDuration(2 * 3_600_000 + 5 * 60_000), '2h 5m');
    assert.equal(formatDuration(252_000, 'de'), '4 Min. 12 Sek.', 'units in the language');
    assert.equal(formatAgo(NOW - 2_000, NOW), 'just now');
    assert.equal(formatAgo(NOW - 180_000, NOW), '3m ago');
  });

  test('only http(s) URLs count as web addresses', () => {
    assert.ok(isWebUrl('https://example.com/x'));
    assert.ok(isWebUrl('http://127.0.0.1:3002/'));
    for (const bad of ['javascript:alert(1)', 'command:workbench.action.quit', 'file:///etc/passwd', 'vscode://x.y/z', 'data:text/html,hi', 'not a url', 'https://']) {
      assert.ok(!isWebUrl(bad), bad);
    }
  });

  test('analysis links cannot name commands or local files', () => {
    const out = sanitizeMarkdown('[Run](command:workbench.action.terminal.new) [f](file:///etc/passwd) [ok](https://a.dev)');
    assert.doesNotMatch(out, /\(command:/);
    assert.doesNotMatch(out, /\(file:/);
    assert.match(out, /\[ok\]\(https:\/\/a\.dev\/\)/);
  });
});

describe('tree descriptors', () => {
  test('a processing job: short id label, status, depth, URLs and elapsed time; spinning icon', () => {
    const d = describeJob(tracked(), NOW);
    assert.equal(d.id, A);
    assert.equal(d.label, 'Deep research 3f2b9c1e');
    assert.equal(d.description, 'processing · deep research · depth 1/3 · 2 URLs · 1m 30s');
    assert.deepEqual(d.icon, { id: 'sync~spin' });
    assert.equal(d.contextValue, 'job deepResearch processing running');
    assert.equal(d.collapsible, 'collapsed');
  });

  test("a polling job's tooltip says when the next check is, and 'now' once it is due", () => {
    const next = (at: number) =>
      describeJob(tracked({ nextPollAt: at }), NOW)
        .tooltip?.()
        .rows.find(([label]) => label === 'Next check')?.[1];
    assert.equal(next(NOW + 2_000), 'in 2s');
    assert.equal(next(NOW + 999), 'now');
    assert.equal(next(NOW - 5_000), 'now', 'a check running late is due, not "in 0s"');
  });

  test('a completed job: the analysis title, green pass icon, expiry, document actions', () => {
    const job = tracked({
      snapshot: snapshot({ status: 'completed', currentDepth: 3, finalAnalysis: '# Findings on crawlers\n\nText', json: { a: 1 } }),
      poll: { kind: 'idle' },
      finishedAt: NOW,
      nextPollAt: undefined,
    });
    const d = describeJob(job, NOW);
    assert.equal(d.label, 'Deep research: Findings on crawlers');
    assert.equal(d.description, 'completed · deep research · depth 3/3 · 2 URLs · expires in 6h 0m');
    // The Deep Research API shuts down before its expiry: readable until then, and not at all after.
    const sunset = NOW + 2 * 60 * 60_000;
    assert.equal(describeJob(job, NOW, {}, sunset).description, 'completed · deep research · depth 3/3 · 2 URLs · expires in 2h 0m');
    assert.equal(describeJob(job, sunset + 60_000, {}, sunset).description, 'completed · deep research · depth 3/3 · 2 URLs · API shut down');
    const rows = describeJob(job, sunset + 60_000, {}, sunset).tooltip!().rows.map(([label]) => label);
    assert.ok(rows.includes('API shut down') && !rows.includes('Readable until'), rows.join(' | '));
    // The service said it no longer has the job (404) or its API is gone (410) before its expiry: not readable until then.
    for (const reason of ['notFound', 'gone'] as const) {
      const lost = describeJob({ ...job, poll: { kind: 'stopped', reason, at: NOW } }, NOW).tooltip!().rows.map(([label]) => label);
      assert.ok(!lost.includes('Readable until'), `${reason}: ${lost.join(' | ')}`);
    }
    assert.equal(describeJob(job, NOW, {}, NOW + 24 * 60 * 60_000).description, d.description, 'a shutdown after its expiry changes nothing');
    assert.deepEqual(d.icon, { id: 'pass', color: 'testing.iconPassed' });
    assert.equal(d.contextValue, 'job deepResearch completed finished analysis json result');
    assert.deepEqual(
      childNodes(job, { kind: 'job', jobId: A }).map((n) => (n.kind === 'group' ? n.group : n.kind)),
      ['activities', 'sources', 'analysis', 'json'],
    );
  });

  test('failed, expired, unreachable and stopped jobs', () => {
    const failed = tracked({ snapshot: snapshot({ status: 'failed', error: 'Research failed: timeout' }), poll: { kind: 'idle' } });
    assert.deepEqual(describeJob(failed, NOW).icon, { id: 'error', color: 'testing.iconFailed' });
    assert.equal(childNodes(failed, { kind: 'job', jobId: A })[0]?.kind, 'group');
    assert.equal(describeChildren(failed, { kind: 'job', jobId: A }, NOW)[0]?.label, 'Error');

    const expired = tracked({ poll: { kind: 'stopped', reason: 'notFound', at: NOW } });
    const e = describeJob(expired, NOW);
    assert.match(e.description ?? '', /^expired or not found · deep research · depth 1\/3/);
    assert.deepEqual(e.icon, { id: 'warning', color: 'problemsWarningIcon.foreground' });
    assert.match(e.contextValue ?? '', /\bfinished\b/);

    const offline = new NetworkError({ operation: 'researchJob', baseUrl: 'http://127.0.0.1:9' });
    const unreachable = tracked({ poll: { kind: 'retrying', reason: 'unreachable', error: offline, retryAt: NOW + 4_000, failures: 1 } });
    assert.match(describeJob(unreachable, NOW).description ?? '', /^unreachable, retrying · deep research · depth 1\/3 · 2 URLs/);
    const notice = describeChildren(unreachable, { kind: 'job', jobId: A }, NOW)[0];
    assert.match(notice?.label ?? '', /^Could not reach Firecrawl at http:\/\/127\.0\.0\.1:9 while reading the deep research job; retrying in 4 s\./);
    assert.match(notice?.tooltip?.().rows[0]?.[1] ?? '', /retrying in 4 s\. Check the network and the API URL setting\.$/);
    // In a browser, a server of one's own that does not allow the page's origin fails just like one that is down:
    // the row and its tooltip say the likely cause, as every other error text does.
    const web = { apiUrl: 'http://127.0.0.1:9', selfHosted: true, browser: true };
    const inBrowser = describeChildren(unreachable, { kind: 'job', jobId: A }, NOW, web)[0];
    assert.match(inBrowser?.tooltip?.().rows[0]?.[1] ?? '', /retrying in 4 s\. Check the network and the API URL setting\. In a browser this is often CORS: /);
    assert.match(
      describeJob(unreachable, NOW, web)
        .tooltip?.()
        .rows.find(([label]) => label === 'Polling')?.[1] ?? '',
      /often CORS/,
    );
    assert.match(pollNotice(unreachable, NOW, web) ?? '', /retrying in 4 s\..* often CORS/);
    // A server error is the service failing, not a network that cannot reach it.
    const failing = tracked({ poll: { kind: 'retrying', reason: 'unreachable', error: new ServerError({ operation: 'researchJob', status: 503 }), retryAt: NOW + 4_000, failures: 1 } });
    assert.match(describeJob(failing, NOW).description ?? '', /^server error, retrying · deep research · depth 1\/3/);

    const stopped = tracked({ poll: { kind: 'stopped', reason: 'timeLimit', at: NOW, afterMs: 30 * 60_000 } });
    assert.match(pollNotice(stopped, NOW) ?? '', /^Still processing after 30 min of polling/);
    assert.equal(jobContextValue(stopped), 'job deepResearch timedOut running refreshable');
    const shutDown = tracked({ poll: { kind: 'stopped', reason: 'gone', at: NOW } });
    assert.doesNotMatch(jobContextValue(shutDown), /refreshable/, 'a shut-down API answers 410 for good: no Refresh button');
    const menu = (manifest.contributes.menus['view/item/context'] as Array<{ command: string; when: string; group: string }>).filter((m) => m.command === 'firecrawl.refreshResearchJob');
    for (const { when, group } of menu) {
      const regex = /viewItem =~ \/(.*)\/$/.exec(when)?.[1];
      assert.ok(regex, when);
      assert.equal(new RegExp(regex).test(jobContextValue(shutDown)), false, `${group} offers Refresh on a shut-down job`);
      assert.equal(new RegExp(regex).test(jobContextValue(stopped)), true, `${group} offers Refresh on a job that stopped polling`);
    }
  });

  test('activities and sources: counts, ids stable by position, relative times', () => {
    const job = tracked();
    const groups = describeChildren(job, { kind: 'job', jobId: A }, NOW);
    assert.deepEqual(
      groups.map((g) => g.label),
      ['Activities (2)', 'Sources (2)'],
    );
    const activities = describeChildren(job, { kind: 'group', jobId: A, group: 'activities' }, NOW);
    assert.deepEqual(
      activities.map((a) => a.id),
      [`${A}/activities/0`, `${A}/activities/1`],
    );
    assert.equal(activities[0]?.description, 'depth 1 · 1m ago');
    assert.equal(activities[1]?.description, 'depth 1 · 30s ago · running');
    assert.deepEqual(activities[0]?.icon, { id: 'search' });
    const sources = describeChildren(job, { kind: 'group', jobId: A, group: 'sources' }, NOW);
    assert.deepEqual(
      sources.map((s) => [s.label, s.description]),
      [
        ['Example A', 'https://example.com/a'],
        ['example.com', 'https://example.com/b'],
      ],
    );
    assert.equal(sources[0]?.contextValue, 'source web');
  });

  test('hostile titles stay plain text; only web URLs get an open command', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const job = tracked({
      snapshot: snapshot({
        sources: [
          { url: 'https://example.com/x', title: hostile },
          { url: 'javascript:alert(1)', title: '[click](command:workbench.action.quit)' },
        ],
        finalAnalysis: `# ${hostile}\nbody`,
      }),
    });
    assert.equal(describeJob(job, NOW).label, `Deep research: ${hostile}`);
    const web = describeSource(job, 0);
    assert.equal(web?.label, hostile);
    assert.deepEqual(web?.tooltip?.().rows[0], ['Title', hostile]);
    assert.equal(web?.command?.command, 'firecrawl.openResearchSource');
    const js = describeSource(job, 1);
    // Reads the same; a zero-width space keeps link syntax from forming wherever labels are rendered.
    assert.equal(js?.label.replace(/\u200b/g, ''), '[click](command:workbench.action.quit)');
    assert.doesNotMatch(js!.label, /\]\(/);
    const icons = describeActivity(tracked({ snapshot: snapshot({ activities: [{ type: 'search', status: 'complete', message: '$(alert) [x](command:y)', depth: 1, timestamp: '' }] }) }), 0, NOW);
    assert.doesNotMatch(icons!.label, /\$\(|\]\(/);
    // Menus match context values with regular expressions: a server's words cannot add tokens there.
    const odd = describeActivity(tracked({ snapshot: snapshot({ activities: [{ type: 'x job analysis', status: '$(alert) odd', message: 'm', depth: 1, timestamp: '' }] }) }), 0, NOW);
    assert.equal(odd!.contextValue, 'activity x_job_analysis _alert_odd');
    assert.doesNotMatch(String(odd!.description), /\$\(/);
    assert.equal(js?.command, undefined);
    assert.equal(js?.contextValue, 'source');
  });

  test('a step still marked running spins only while its job runs; once the job is over nothing moves', () => {
    const spins = (job: TrackedJob) => describeActivity(job, 1, NOW)!.icon?.id.endsWith('~spin') === true;
    const step = (job: TrackedJob) => String(describeActivity(job, 1, NOW)!.description);
    assert.equal(spins(tracked()), true, 'a running job');
    assert.match(step(tracked()), /running$/);
    const over: Array<[string, TrackedJob]> = [
      ['completed', tracked({ poll: { kind: 'idle' }, snapshot: snapshot({ status: 'completed' }) })],
      ['failed', tracked({ poll: { kind: 'idle' }, snapshot: snapshot({ status: 'failed' }) })],
      ['shut down', tracked({ poll: { kind: 'stopped', reason: 'gone', at: NOW }, snapshot: snapshot() })],
      ['expired', tracked({ poll: { kind: 'stopped', reason: 'notFound', at: NOW }, snapshot: snapshot() })],
      ['no longer polled', tracked({ poll: { kind: 'stopped', reason: 'timeLimit', at: NOW }, snapshot: snapshot() })],
    ];
    for (const [name, job] of over) {
      assert.equal(spins(job), false, name);
      assert.match(step(job), /not finished$/, name);
      assert.ok(!describeJob(job, NOW).icon?.id.endsWith('~spin'), `${name}: the job row does not spin either`);
    }
  });

  test('children of a 1,000-item group are built quickly', () => {
    const many = snapshot({
      activities: Array.from({ length: 1_000 }, (_, i) => ({ type: 'search', status: 'complete', message: `Step ${i}`, depth: 1, timestamp: new Date(NOW - i * 1000).toISOString() })),
      sources: Array.from({ length: 1_000 }, (_, i) => ({ url: `https://example.com/${i}`, title: `Source ${i}` })),
    });
    const job = tracked({ snapshot: many });
    // How long it takes is a bench row (npm run bench).
    const a = describeChildren(job, { kind: 'group', jobId: A, group: 'activities' }, NOW);
    const s = describeChildren(job, { kind: 'group', jobId: A, group: 'sources' }, NOW);
    assert.equal(a.length + s.length, 2_000);
    assert.equal(new Set([...a, ...s].map((d) => d.id)).size, 2_000, 'every row has its own id');
  });
});

describe('what a multi-select command acts on', () => {
  const jobId = (value: unknown) => (typeof value === 'object' && value !== null && typeof (value as { jobId?: unknown }).jobId === 'string' ? (value as { jobId: string }).jobId : undefined);
  const a = { kind: 'job', jobId: 'a' };
  const b = { kind: 'job', jobId: 'b' };
  const sourceOfC = { kind: 'source', jobId: 'c', index: 0 };

  test("the selected rows of the clicked row's kind: a source selected beside jobs does not stand for its job", () => {
    assert.deepEqual(selectedOf(a, [a, sourceOfC, b], jobId), ['a', 'b']);
    assert.deepEqual(selectedOf(a, [a, sourceOfC], jobId), ['a']);
  });

  test('the clicked row alone when nothing else is selected; a child row stands for its job when clicked', () => {
    assert.deepEqual(selectedOf(a, undefined, jobId), ['a']);
    assert.deepEqual(selectedOf(a, [a], jobId), ['a']);
    assert.deepEqual(selectedOf(sourceOfC, [sourceOfC], jobId), ['c']);
    assert.deepEqual(selectedOf(a, [a, { ...a }], jobId), ['a'], 'once each');
  });

  test('recent runs selected together are all taken', () => {
    const run = (runId: string) => ({ kind: 'recentRun', runId });
    const runId = (value: unknown) => (value as { runId?: string }).runId;
    assert.deepEqual(selectedOf(run('x'), [run('x'), run('y'), a], runId), ['x', 'y']);
  });
});
