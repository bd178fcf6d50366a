// What the person reads after sending: the receipt, and the message and next steps for every failure.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BadRequestError,
  CancelledError,
  FeedbackError,
  ForbiddenError,
  InvalidRequestError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  type FeedbackReceipt,
} from '../../../src/api';
import { describeFeedbackFailure, FEEDBACK_ERROR_CODES, type FailureContext, nextStepLabel } from '../../../src/host/errorText';
import { plainText } from '../../../src/shared/text';
import { describeReceipt } from '../../../src/features/feedback/model/receiptText';

const JOB = '3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4';
const ctx: FailureContext = { endpoint: 'scrape', jobId: JOB, apiUrl: 'https://api.firecrawl.dev', selfHosted: false };
const op = { operation: 'feedback' as const };
const feedbackError = (code: string, status: number, details: { path: string; message: string }[] = [], serverMessage = 'server text') =>
  new FeedbackError({ ...op, status, feedbackErrorCode: code, details, serverMessage });

describe('receipt', () => {
  const receipt = (over: Partial<FeedbackReceipt> = {}): FeedbackReceipt => ({
    feedbackId: 'f1',
    creditsRefunded: 1,
    creditsRefundedToday: 11,
    dailyRefundCap: 50,
    dailyCapReached: false,
    alreadySubmitted: false,
    ...over,
  });

  test('a refund says how much, and how much of the daily cap is used today', () => {
    const m = describeReceipt(receipt());
    assert.equal(m.message, 'Feedback sent: 1 credit refunded. Refunded today: 11 of the 50-credit daily cap.');
    assert.equal(m.severity, 'info');
    assert.equal(m.refreshCredits, true);
  });

  test('no refund does not refresh credits', () => {
    const m = describeReceipt(receipt({ creditsRefunded: 0, creditsRefundedToday: 3 }));
    assert.equal(m.message, 'Feedback sent: no credits refunded. Refunded today: 3 of the 50-credit daily cap.');
    assert.equal(m.refreshCredits, false);
  });

  test("the cap and a repeat are warnings that quote the service's warning as plain text", () => {
    const cap = describeReceipt(receipt({ creditsRefunded: 0, creditsRefundedToday: 50, dailyCapReached: true, warning: 'Daily refund cap of 50 credits reached [x](command:evil).' }));
    assert.equal(cap.severity, 'warning');
    assert.match(cap.message, /Firecrawl says: Daily refund cap of 50 credits reached \[x\]\u200b\(command:evil\)\./);
    const repeat = describeReceipt(receipt({ creditsRefunded: 0, alreadySubmitted: true, warning: 'Feedback was already submitted for this job; no additional refund issued.' }));
    assert.equal(repeat.severity, 'warning');
    assert.match(
      repeat.message,
      /^Feedback was already recorded for this job: nothing more is refunded now; what the first sending refunded stands\. The first feedback stands: what was sent now was not stored\. Refunded today: .*no additional refund issued\.$/,
    );
    assert.equal(repeat.refreshCredits, true, 'the first sending may have refunded credits the status bar has not seen');
  });

  test('without a warning text the flags still explain themselves', () => {
    assert.match(describeReceipt(receipt({ alreadySubmitted: true, creditsRefunded: 0 })).message, /A repeat never refunds twice\./);
    assert.match(describeReceipt(receipt({ dailyCapReached: true })).message, /daily refund cap is reached/);
  });

  test("a zero-data-retention team's all-zero feedback id says the feedback was taken, not stored", () => {
    const m = describeReceipt(receipt({ feedbackId: '00000000-0000-0000-0000-000000000000' }));
    assert.equal(m.message, 'Feedback sent: 1 credit refunded. Refunded today: 11 of the 50-credit daily cap. Your team has zero data retention: Firecrawl took the feedback without storing it.');
    assert.doesNotMatch(describeReceipt(receipt()).message, /zero data retention/);
  });
});

describe('failure messages', () => {
  test('INVALID_BODY lists every field from details', () => {
    const m = describeFeedbackFailure(
      feedbackError('INVALID_BODY', 400, [
        { path: 'issues[0]', message: 'Invalid string: must match pattern' },
        { path: 'valuableSources[1].url', message: 'Invalid URL' },
      ]),
      ctx,
    );
    assert.match(m.message, /Issue label 1: Invalid string: must match pattern; Valuable source 2 \(url\): Invalid URL/);
    assert.deepEqual(m.actions, ['editAndRetry']);
  });

  test('INVALID_BODY without details falls back to the server text', () => {
    assert.match(describeFeedbackFailure(feedbackError('INVALID_BODY', 400, [], 'Invalid request body'), ctx).message, /Firecrawl said: Invalid request body/);
  });

  test('FEEDBACK_WINDOW_EXPIRED states the window the server said, never a number of its own', () => {
    const m = describeFeedbackFailure(feedbackError('FEEDBACK_WINDOW_EXPIRED', 409, [], 'Feedback must be submitted within 300 seconds of the job.'), ctx);
    assert.match(m.message, /^Too late for this job: Firecrawl accepts feedback only within 5 minutes of the job\./);
    assert.match(m.message, /only the job id changes/);
    const minute = describeFeedbackFailure(feedbackError('FEEDBACK_WINDOW_EXPIRED', 409, [], 'Feedback must be submitted within 1 minute.'), ctx);
    assert.match(minute.message, /only within 1 minute of the job/);
    const day = describeFeedbackFailure(feedbackError('FEEDBACK_WINDOW_EXPIRED', 409, [], 'Feedback must be submitted within 86400 seconds of the job.'), ctx);
    assert.match(day.message, /only within 1 day of the job/, 'not "86,400 seconds"');
    const silent = describeFeedbackFailure(feedbackError('FEEDBACK_WINDOW_EXPIRED', 409, [], 'Too late.'), ctx);
    assert.match(silent.message, /only for a short time after the job \(the server sets how long\)/);
    for (const text of [m.message, minute.message, silent.message]) assert.doesNotMatch(text, /120/);
  });

  test('too late on a Send Again after an answer that never came: the earlier attempt may be the one recorded', () => {
    const expired = feedbackError('FEEDBACK_WINDOW_EXPIRED', 409, [], 'Feedback must be submitted within 300 seconds of the job.');
    const m = describeFeedbackFailure(expired, { ...ctx, earlierMayHaveLanded: true });
    assert.match(m.message, /^Too late to send it again: Firecrawl accepts feedback only within 5 minutes of the job\. The earlier attempt may have been recorded all the same/);
    assert.equal(m.severity, 'warning');
    assert.match(describeFeedbackFailure(expired, ctx).message, /^Too late for this job/, 'a first sending is told as before');
  });

  test('a rate limit while sending names no window length of its own', () => {
    const m = describeFeedbackFailure(new RateLimitedError({ ...op, retryAfterMs: 9_000 }), ctx);
    assert.match(m.message, /Send again in 9 s, while the job is still within its feedback window\./);
    assert.doesNotMatch(m.message, /120/);
  });

  test('no double full stop when the service or the rules already end a sentence', () => {
    const invalid = describeFeedbackFailure(feedbackError('INVALID_BODY', 400, [{ path: '', message: 'Feedback must include at least one substantive signal.' }]), ctx);
    assert.match(invalid.message, /substantive signal\. Choose Edit and Retry/);
    const local = describeFeedbackFailure(new InvalidRequestError({ ...op, problems: [{ path: 'note', message: 'Too long.' }] }), ctx);
    assert.match(local.message, /^Not sent: Note: Too long\. Choose Edit and Retry/);
    const bad = describeFeedbackFailure(new BadRequestError({ ...op, status: 400, serverMessage: 'Bad request' }), ctx);
    assert.match(bad.message, /Firecrawl said: Bad request\. Choose Edit and Retry/);
    for (const m of [invalid, local, bad]) assert.doesNotMatch(m.message, /\.\./);
  });

  test('JOB_NOT_FOUND and SEARCH_NOT_FOUND point at the id and the endpoint', () => {
    const job = describeFeedbackFailure(feedbackError('JOB_NOT_FOUND', 404), ctx);
    assert.match(job.message, new RegExp(`no scrape job ${JOB}`));
    assert.match(job.message, /metadata\.scrapeId/);
    assert.match(job.message, /endpoint is the one that ran it/);
    const search = describeFeedbackFailure(feedbackError('SEARCH_NOT_FOUND', 404), { ...ctx, endpoint: 'search' });
    assert.match(search.message, /no search job .* top-level id/);
  });

  test('the other codes each say what happened and what to do', () => {
    assert.match(describeFeedbackFailure(feedbackError('SEARCH_FAILED', 409), ctx).message, /did not succeed/);
    const optedOut = describeFeedbackFailure(feedbackError('TEAM_OPTED_OUT', 403), ctx);
    assert.match(optedOut.message, /turned off for your Firecrawl team.*support@firecrawl\.com/);
    assert.match(describeFeedbackFailure(feedbackError('PREVIEW_TEAM_NOT_ALLOWED', 403), ctx).message, /Preview teams cannot send feedback/);
    const db = describeFeedbackFailure(feedbackError('DB_DISABLED', 503), { ...ctx, apiUrl: 'http://localhost:3002', selfHosted: true });
    assert.match(db.message, /http:\/\/localhost:3002 runs without a database \(a self-hosted Firecrawl\)/);
    assert.deepEqual(db.actions, ['openSettings', 'editAndRetry']);
    const internal = describeFeedbackFailure(feedbackError('INTERNAL', 500), ctx);
    assert.match(internal.message, /internal error.*nothing was refunded/);
    assert.equal(internal.actions[0], 'sendAgain');
  });

  test('a gateway’s 502 or 504 does not claim nothing was refunded: the service behind it may have recorded the feedback', () => {
    for (const status of [502, 504]) {
      const m = describeFeedbackFailure(new ServerError({ ...op, status, serverMessage: 'upstream timed out' }), ctx);
      assert.doesNotMatch(m.message, /nothing was refunded/, String(status));
      assert.match(m.message, new RegExp(`HTTP ${status}.*may or may not have been recorded.*a repeat never refunds twice`), String(status));
      assert.equal(m.actions[0], 'sendAgain');
    }
    const plain = describeFeedbackFailure(new ServerError({ ...op, status: 500 }), ctx);
    assert.match(plain.message, /server error \(HTTP 500\); nothing was refunded/, 'an answer the service gave itself says so, as before');
  });

  test('a code we do not know, on a 5xx (ALEXANDRIA_UNAVAILABLE 503): an outage on their side, sent again as it is, not a rejection', () => {
    const outage = describeFeedbackFailure(feedbackError('ALEXANDRIA_UNAVAILABLE', 503, [], 'storage is down'), ctx);
    assert.doesNotMatch(outage.message, /rejected/);
    assert.match(outage.message, /could not record the feedback right now \(ALEXANDRIA_UNAVAILABLE\); nothing was refunded\. Try again in a moment\. Firecrawl said: storage is down/);
    assert.deepEqual(outage.actions, ['sendAgain', 'editAndRetry']);
  });

  test('every documented code has its own message, none of them the generic one', () => {
    const generic = describeFeedbackFailure(feedbackError('SOMETHING_NEW', 418, [], 'teapot'), ctx);
    assert.match(generic.message, /rejected the feedback \(SOMETHING_NEW\)\. Firecrawl said: teapot/);
    const messages = new Set<string>();
    for (const code of FEEDBACK_ERROR_CODES) {
      const m = describeFeedbackFailure(feedbackError(code, 400), ctx);
      assert.doesNotMatch(m.message, /\(SOMETHING_NEW\)|rejected the feedback \(/, code);
      assert.equal(m.severity, 'error');
      messages.add(m.message);
    }
    assert.equal(messages.size, FEEDBACK_ERROR_CODES.length);
  });

  test('401, 429 and network failures from the client', () => {
    const unauthorized = describeFeedbackFailure(new UnauthorizedError({ ...op, serverMessage: 'Unauthorized: Invalid token' }), ctx);
    assert.match(unauthorized.message, /rejected the API key \(401\)/);
    assert.deepEqual(unauthorized.actions, ['setApiKey', 'sendAgain']);
    // Not the service's 401, or none set: no key was rejected.
    const proxy = describeFeedbackFailure(new UnauthorizedError({ ...op, serviceBody: false }), ctx);
    assert.match(proxy.message, /answered 401 while sending feedback, and not with Firecrawl's own error.*The feedback was not recorded; it is kept\./);
    assert.doesNotMatch(proxy.message, /rejected the API key/);
    assert.deepEqual(proxy.actions, ['openSettings', 'showLogs']);
    const none = describeFeedbackFailure(new UnauthorizedError({ ...op }), { ...ctx, keySet: false });
    assert.match(none.message, /asks for an API key \(401\) and none is set, so the feedback was not recorded/);
    assert.deepEqual(none.actions, ['setApiKey', 'sendAgain']);
    const limited = describeFeedbackFailure(new RateLimitedError({ ...op, retryAfterMs: 7_000 }), ctx);
    assert.match(limited.message, /rate limit.*Send again in 7 s/);
    assert.match(describeFeedbackFailure(new RateLimitedError({ ...op, retryAfterMs: undefined }), ctx).message, /in a few seconds/);
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const network = describeFeedbackFailure(new NetworkError({ ...op, baseUrl: ctx.apiUrl, cause: refused }), ctx);
    assert.match(network.message, /Could not reach Firecrawl at https:\/\/api\.firecrawl\.dev/);
    assert.deepEqual(network.actions, ['sendAgain', 'openSettings']);
    // Connected, then the connection broke off with the feedback on its way: it may be recorded.
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const dropped = describeFeedbackFailure(new NetworkError({ ...op, baseUrl: ctx.apiUrl, cause: reset }), ctx);
    assert.match(dropped.message, /broke off before an answer came, so the feedback may or may not have been recorded\. Sending again is safe/);
    assert.equal(dropped.severity, 'warning');
    assert.match(
      describeFeedbackFailure(new NetworkError({ ...op, baseUrl: ctx.apiUrl, cause: reset }), { ...ctx, browser: true }).message,
      /^Could not reach Firecrawl/,
      "a browser's fetch cannot tell",
    );
  });

  test('every other client error kind has a message and a next step', () => {
    const cases = [
      [new TimeoutError({ ...op, timeoutMs: 30_000 }), /may or may not have been recorded/],
      [new ForbiddenError({ ...op, serviceBody: true, serverMessage: 'Request blocked' }), /refused the feedback \(403\).*Request blocked/],
      [new NotFoundError(op), /has no feedback endpoint \(404\)/],
      [new ServerError({ ...op, status: 503 }), /server error \(HTTP 503\)/],
      [new BadRequestError({ ...op, status: 400, serverMessage: 'Bad request, malformed JSON' }), /did not accept.*malformed JSON/],
      [new InvalidResponseError({ ...op, path: 'creditsRefunded', problem: 'expected a number' }), /cannot read/],
      [new InvalidRequestError({ ...op, problems: [{ path: 'jobId', message: 'jobId is required' }] }), /^Not sent: Job id: jobId is required/],
      [new CancelledError(op), /cancelled before it left/],
      [new Error('boom'), /could not be sent: boom/],
    ] as const;
    for (const [error, pattern] of cases) {
      const m = describeFeedbackFailure(error, ctx);
      assert.match(m.message, pattern);
      assert.ok(m.actions.length > 0, m.message);
      for (const a of m.actions) assert.ok(nextStepLabel(a));
    }
  });

  test('server text is inert and bounded', () => {
    const m = describeFeedbackFailure(feedbackError('WEIRD', 400, [], `[click](command:workbench.action.quit) $(alert) ${'x'.repeat(1000)}`), ctx);
    assert.doesNotMatch(m.message, /\]\(command/);
    assert.doesNotMatch(m.message, /\$\(alert/);
    assert.ok(m.message.length < 500);
  });
});

describe('plainText', () => {
  test('collapses control characters and whitespace, breaks link and icon syntax, shortens', () => {
    assert.equal(plainText('a\n\tb\u0007c'), 'a b c');
    assert.equal(plainText('[a] (b)'), '[a]\u200b(b)');
    assert.equal(plainText('$(zap)'), '$\u200b(zap)');
    assert.equal(plainText('abcdef', 4), 'abc…');
  });
});
