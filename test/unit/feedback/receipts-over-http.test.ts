// Receipts and refusals the service documents but rarely sends, read over real HTTP from the sandbox
// and put into the words the person sees: a receipt of the newer `target` form without today's refunds
// and the cap, a zero-data-retention team's all-zero feedbackId, and a 503 ALEXANDRIA_UNAVAILABLE.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FeedbackError, FirecrawlClient } from '../../../src/api';
import { submitFeedback } from '../../../src/api/feedbackSubmit';
import { describeReceipt } from '../../../src/features/feedback/model/receiptText';
import { describeFeedbackFailure } from '../../../src/host/errorText';
import type { Sandbox } from '../../sandbox/server';
import { call, fakeClock, withSandbox } from '../../sandbox/testing';
import { failure } from '../../support/failure';

const NOT_STORED = '00000000-0000-0000-0000-000000000000';

function client(sb: Sandbox): FirecrawlClient {
  return new FirecrawlClient({ baseUrl: sb.url, apiKey: () => sb.keys.valid, clientName: 'firecrawl-vscode', clientVersion: '0.1.0-test', sleep: async () => undefined });
}

/** A bad rating on a 20-credit scrape: a quarter of it, 5 credits, comes back. */
function badScrape(sb: Sandbox) {
  return { endpoint: 'scrape' as const, jobId: sb.createV2Job('scrape', { costCredits: 20 }), rating: 'bad' as const, note: 'half the page missing' };
}

test('a receipt of the target form has no refunds-today or cap: read as absent, and the message names neither', async () => {
  await withSandbox({ now: fakeClock().now }, async (sb) => {
    sb.feedbackReceiptForm = 'target';
    // The sandbox really leaves them out (not null, not 0).
    const raw = await call(sb, '/v2/feedback', { body: { ...badScrape(sb), integration: '_vscode' } });
    assert.equal(raw.status, 200);
    assert.equal('creditsRefundedToday' in raw.json, false);
    assert.equal('dailyRefundCap' in raw.json, false);

    const request = badScrape(sb);
    const receipt = await submitFeedback(client(sb), request);
    assert.equal(receipt.creditsRefunded, 5);
    assert.equal('creditsRefundedToday' in receipt, false);
    assert.equal('dailyRefundCap' in receipt, false);
    const words = describeReceipt(receipt);
    assert.equal(words.message, 'Feedback sent: 5 credits refunded.');
    assert.equal(words.severity, 'info');
    assert.equal(words.refreshCredits, true);

    const repeat = describeReceipt(await submitFeedback(client(sb), request));
    assert.equal(
      repeat.message,
      'Feedback was already recorded for this job: nothing more is refunded now; what the first sending refunded stands. The first feedback stands: what was sent now was not stored. Firecrawl says: Feedback was already submitted for this job; no additional refund issued.',
    );
    assert.equal(repeat.severity, 'warning');
  });
});

test('a zero-data-retention team gets the all-zero feedbackId: read as given, and the message says it was not stored', async () => {
  await withSandbox({ now: fakeClock().now }, async (sb) => {
    sb.feedbackZeroDataRetention = true;
    const receipt = await submitFeedback(client(sb), badScrape(sb));
    assert.equal(receipt.feedbackId, NOT_STORED);
    assert.equal(receipt.creditsRefunded, 5);
    assert.equal(
      describeReceipt(receipt).message,
      'Feedback sent: 5 credits refunded. Refunded today: 5 of the 50-credit daily cap. Your team has zero data retention: Firecrawl took the feedback without storing it.',
    );

    // With the target form too: the id alone still tells it.
    sb.feedbackReceiptForm = 'target';
    const bare = await submitFeedback(client(sb), badScrape(sb));
    assert.equal(bare.feedbackId, NOT_STORED);
    assert.equal(describeReceipt(bare).message, 'Feedback sent: 5 credits refunded. Your team has zero data retention: Firecrawl took the feedback without storing it.');

    // Any other team's receipt says nothing of retention.
    sb.feedbackZeroDataRetention = false;
    const stored = await submitFeedback(client(sb), badScrape(sb));
    assert.notEqual(stored.feedbackId, NOT_STORED);
    assert.doesNotMatch(describeReceipt(stored).message, /zero data retention/);
  });
});

test('503 ALEXANDRIA_UNAVAILABLE: a feedback error with its code, sent once, worded as an outage with nothing refunded', async () => {
  await withSandbox({ now: fakeClock().now }, async (sb) => {
    sb.setFeedbackMode('alexandriaUnavailable');
    const raw = await call(sb, '/v2/feedback', { body: { ...badScrape(sb), integration: '_vscode' } });
    assert.equal(raw.status, 503);
    assert.deepEqual(Object.keys(raw.json).sort(), ['error', 'feedbackErrorCode', 'success']);
    assert.equal(raw.json.feedbackErrorCode, 'ALEXANDRIA_UNAVAILABLE');

    sb.resetCounts();
    const request = badScrape(sb);
    const error = await failure(submitFeedback(client(sb), request));
    assert.ok(error instanceof FeedbackError);
    assert.equal(error.feedbackErrorCode, 'ALEXANDRIA_UNAVAILABLE');
    assert.equal(error.status, 503);
    assert.equal(error.serverMessage, 'Feedback storage is temporarily unavailable.');
    // A POST is never sent twice on its own.
    assert.equal(sb.requestCount('feedback'), 1);
    assert.equal(sb.feedbackSubmissions().length, 0);

    const words = describeFeedbackFailure(error, { endpoint: request.endpoint, jobId: request.jobId, apiUrl: sb.url, selfHosted: false });
    assert.equal(
      words.message,
      'Firecrawl could not record the feedback right now (ALEXANDRIA_UNAVAILABLE); nothing was refunded. Try again in a moment. Firecrawl said: Feedback storage is temporarily unavailable.',
    );
    assert.equal(words.severity, 'error');
    assert.deepEqual(words.actions, ['sendAgain', 'editAndRetry']);

    // Once it is back, the same feedback goes through.
    sb.setFeedbackMode('normal');
    assert.equal((await submitFeedback(client(sb), request)).creditsRefunded, 5);
  });
});
