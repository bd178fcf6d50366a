// Each server's feedback window as the extension keeps it, against the real sandbox on 127.0.0.1 and a
// fake clock both share: learned from a FEEDBACK_WINDOW_EXPIRED, and forgotten once the server takes
// feedback for a job older than it (the deployment raised its window, and says so in no other way).
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FirecrawlClient } from '../../../src/api';
import { RecentActivity } from '../../../src/features/activity/model/recentActivity';
import { FeedbackWindows, LEARNED_KEEP_MS } from '../../../src/features/feedback/model/feedbackWindow';
import { RecentFeedbackJobs } from '../../../src/features/feedback/model/recentJobs';
import { jobPickOptions } from '../../../src/features/feedback/wizard/jobStep';
import { windowFromFeedbackError } from '../../../src/host/errorText';
import { nodeFetch } from '../../../src/platform/nodeTransport';
import { FakeClock } from '../../support/fakeClock';
import { SharedMemento } from '../../support/memoryFiles';
import { startSandbox, type Sandbox } from '../../sandbox/server';

let sandbox: Sandbox;
let clock: FakeClock;

const client = () => new FirecrawlClient({ baseUrl: sandbox.url, apiKey: () => sandbox.keys.valid, clientName: 'firecrawl-vscode', clientVersion: '0.2.0-test', fetch: nodeFetch });

/** The scrape list as the job page reads it, once loaded. */
async function loadedScrapes(): Promise<RecentFeedbackJobs> {
  const recent = new RecentFeedbackJobs(new RecentActivity(client, clock));
  const loaded = new Promise<void>((resolve) => recent.onDidChange(() => recent.state('scrape')?.kind === 'loaded' && resolve()));
  recent.prefetch('scrape');
  await loaded;
  return recent;
}

before(async () => {
  clock = new FakeClock(Date.parse('2026-11-22T09:41:00.000Z'));
  sandbox = await startSandbox({ now: () => clock.now(), seed: false });
});
after(() => sandbox.close());
beforeEach(async () => {
  // A day later each time: the jobs of the test before are out of the 24-hour list.
  await clock.advance(25 * 3_600_000);
  sandbox.clearFaults();
});

describe('the feedback window of a server', () => {
  test('a window the server raised is forgotten once it takes feedback for a job older than the old one', async () => {
    const windows = new FeedbackWindows(new SharedMemento(), () => clock.now());
    sandbox.feedbackWindowSeconds = 120;
    const refused = await client()
      .sendCheckedFeedback({ endpoint: 'scrape', jobId: sandbox.createV2Job('scrape', { ageMs: 200_000 }), rating: 'bad', issues: ['timeout'] })
      .catch((e: unknown) => e);
    await windows.learn(sandbox.url, windowFromFeedbackError(refused)!);
    assert.equal(windows.seconds(sandbox.url), 120);

    // The deployment now takes feedback for a day.
    sandbox.feedbackWindowSeconds = 86_400;
    const old = sandbox.createV2Job('scrape', { ageMs: 300_000 });
    const recent = await loadedScrapes();
    const page = () => jobPickOptions({ endpoint: 'scrape', state: recent.state('scrape'), now: clock.now(), draftId: '', showAllExpired: false, ...optional(windows.seconds(sandbox.url)) });
    assert.equal(page().options.find((o) => o.key === `job:${old}`)?.value.kind, 'expired', 'past the window the server stated');
    const receipt = await client().sendCheckedFeedback({ endpoint: 'scrape', jobId: old, rating: 'bad', issues: ['timeout'] });
    assert.equal(receipt.alreadySubmitted, false);
    await windows.accepted(sandbox.url, recent.ranAt('scrape', old));
    assert.equal(windows.seconds(sandbox.url), undefined);
    assert.equal(page().options.find((o) => o.key === `job:${old}`)?.value.kind, 'job', 'a job the server takes can be picked');
    recent.dispose();
  });

  test('a job inside the window, or one of unknown age, says nothing about it', async () => {
    const windows = new FeedbackWindows(new SharedMemento(), () => clock.now());
    await windows.learn(sandbox.url, 120);
    sandbox.feedbackWindowSeconds = 120;
    const fresh = sandbox.createV2Job('scrape', { ageMs: 30_000 });
    const recent = await loadedScrapes();
    await client().sendCheckedFeedback({ endpoint: 'scrape', jobId: fresh, rating: 'bad', issues: ['timeout'] });
    await windows.accepted(sandbox.url, recent.ranAt('scrape', fresh));
    await windows.accepted(sandbox.url, recent.ranAt('scrape', '3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4'));
    assert.equal(windows.seconds(sandbox.url), 120);
    recent.dispose();
  });

  test('what a server said is trusted for a day, then nothing is assumed until it says it again', async () => {
    const windows = new FeedbackWindows(new SharedMemento(), () => clock.now());
    await windows.learn(sandbox.url, 120);
    await clock.advance(LEARNED_KEEP_MS - 1_000);
    assert.equal(windows.seconds(sandbox.url), 120);
    await windows.learn(sandbox.url, 120);
    await clock.advance(2_000);
    assert.equal(windows.seconds(sandbox.url), 120, 'said again: trusted for another day');
    await clock.advance(LEARNED_KEEP_MS);
    assert.equal(windows.seconds(sandbox.url), undefined, 'no job is called past a window the server stated days ago');
  });
});

function optional(seconds: number | undefined): { windowSeconds?: number } {
  return seconds === undefined ? {} : { windowSeconds: seconds };
}
