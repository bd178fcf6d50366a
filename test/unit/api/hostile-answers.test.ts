// The client against answers a hostile or odd server gives, served by the real sandbox over both
// transports: the key echoed back in every form and every field, other servers' 404 pages,
// redirects, keys that cannot be sent, union-shaped INVALID_BODY details, and the shapes older
// and newer releases send (receipts without the daily totals, history rows without a start date).
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { submitFeedback } from '../../../src/api/feedbackSubmit';
import { checked, errorFromInfo, errorInfo, FirecrawlClient, type RequestLog, scrapeBody, type ServerError } from '../../../src/api';
import { parseRetryAfter } from '../../../src/api/http';
import type { FetchLike } from '../../../src/api/http';
import { redact, redactSecret } from '../../../src/api/redact';
import { describeError, describeFeedbackFailure, describeKeyCheckFailure } from '../../../src/host/errorText';
import { nodeFetch } from '../../../src/platform/nodeTransport';
import { describeReceipt } from '../../../src/features/feedback/model/receiptText';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { failure } from '../../support/failure';

let sandbox: Sandbox;
let transport: FetchLike | undefined;
const logs: RequestLog[] = [];

function client(overrides: Partial<ConstructorParameters<typeof FirecrawlClient>[0]> = {}): FirecrawlClient {
  return new FirecrawlClient({
    baseUrl: sandbox.url,
    apiKey: () => sandbox.keys.valid,
    clientName: 'firecrawl-vscode',
    clientVersion: '0.1.0-test',
    sleep: async () => undefined,
    onRequest: (log) => logs.push(log),
    ...(transport ? { fetch: transport } : {}),
    ...overrides,
  });
}

const FEEDBACK = { endpoint: 'scrape' as const, jobId: '9a6e2c4b-1f3d-4e5a-8b7c-0d1e2f3a4b01', rating: 'bad' as const, note: 'missed the pricing table' };
const CTX = { endpoint: 'scrape' as const, jobId: FEEDBACK.jobId, apiUrl: 'https://api.firecrawl.dev', selfHosted: false };

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.clearFaults();
  sandbox.resetCounts();
  sandbox.feedbackIssueStyle = 'flat';
  logs.length = 0;
});

describe('gateways, proxies and big answers', () => {
  test('a 503 asking for minutes (Retry-After) is handed back at once, not retried within a second', async () => {
    sandbox.fault({ route: 'creditUsage', kind: 'status', status: 503, text: '<html>Down for maintenance</html>', headers: { 'Retry-After': '120' }, times: 3 });
    const waits: number[] = [];
    const error = await failure(client({ sleep: async (ms) => void waits.push(ms) }).getCreditUsage());
    assert.equal(error.kind, 'server');
    assert.equal((error as ServerError).retryAfterMs, 120_000);
    assert.deepEqual([sandbox.requestCount('creditUsage'), waits], [1, []]);
    sandbox.clearFaults();
    sandbox.fault({ route: 'creditUsage', kind: 'status', status: 503, text: 'busy', headers: { 'Retry-After': '2' } });
    await client({ sleep: async (ms) => void waits.push(ms) }).getCreditUsage();
    assert.deepEqual(waits, [2_000], 'a short wait is waited as asked');
  });

  test("a blank or negative Retry-After leaves the wait to the service's own words", () => {
    assert.equal(parseRetryAfter('  ', 'please retry after 7s', 0), 7_000);
    assert.equal(parseRetryAfter('-5', 'please retry after 7s', Date.now()), 7_000);
    assert.equal(parseRetryAfter('3', undefined, 0), 3_000);
    assert.equal(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', undefined, Date.parse('2015-10-21T07:27:00Z')), 60_000);
  });

  test('a 401 page from a proxy is not Firecrawl refusing the key: the key can still be saved, the URL is what to check', async () => {
    sandbox.fault({ route: 'creditUsage', kind: 'status', status: 401, text: '<html><body>401 Authorization Required</body></html>' });
    const proxy = await failure(client().getCreditUsage());
    assert.equal(proxy.kind, 'unauthorized');
    assert.equal(describeKeyCheckFailure(proxy).verdict, 'unverified');
    const words = describeError(proxy, { apiUrl: 'https://gateway.example' });
    assert.match(words.message, /^The server at https:\/\/gateway\.example answered 401 while reading remaining credits, and not with Firecrawl's own error/);
    assert.deepEqual(words.actions, ['openSettings', 'showLogs']);
    sandbox.fault({ route: 'creditUsage', kind: 'status', status: 401 });
    const refused = await failure(client().getCreditUsage());
    assert.equal(describeKeyCheckFailure(refused).verdict, 'rejected', "the service's own 401 still is");
    assert.equal(describeKeyCheckFailure(errorFromInfo(JSON.parse(JSON.stringify(errorInfo(proxy))))).verdict, 'unverified', 'and a stored copy says the same');
  });

  test("an agent run's result over 5 MB is read whole: it is paid for, and refused it would be asked again until it expired", async () => {
    const id = sandbox.createAgentJob({ durationMs: 0, data: { rows: 'x'.repeat(6 * 1024 * 1024) } });
    const job = await client().getAgentJob(id);
    assert.equal(job.status, 'completed');
    assert.equal((job.data as { rows: string }).rows.length, 6 * 1024 * 1024);
  });

  test('a redirect stored with a job comes back as a redirect, with where it pointed', () => {
    sandbox.fault({ route: 'deepResearch', kind: 'status', status: 301, location: 'https://elsewhere.example/' });
    return failure(client().getResearchJob('9a6e2c4b-1f3d-4e5a-8b7c-0d1e2f3a4b01')).then((error) => {
      const back = errorFromInfo(JSON.parse(JSON.stringify(errorInfo(error))));
      assert.equal(back instanceof Error && 'kind' in back && back.kind, 'redirect');
      assert.equal(describeError(back).message, describeError(error).message);
      assert.match(describeError(back).message, /elsewhere\.example/);
    });
  });

  test('cancelling while feedback waits to ask again (search not written yet) is a cancel, not a failure', async () => {
    sandbox.fault({ route: 'feedback', kind: 'status', status: 404, body: { success: false, error: 'Search job not found', feedbackErrorCode: 'SEARCH_NOT_FOUND' } });
    const controller = new AbortController();
    // The person cancels while the client waits: the pause ends as a pause does, with the signal's reason.
    const sleep = (_ms: number, signal?: AbortSignal) => {
      controller.abort();
      return Promise.reject(signal?.reason);
    };
    const error = await failure(submitFeedback(client({ sleep }), { endpoint: 'search', jobId: FEEDBACK.jobId, rating: 'bad', querySuggestions: 'x' } as never, { signal: controller.signal }));
    assert.equal(error.kind, 'cancelled');
    assert.equal(sandbox.requestCount('feedback'), 1);
  });
});

describe('redaction, as text', () => {
  const key = 'fc-0123456789abcdef0123456789abcdef';
  test('every encoded form of the key is redacted', () => {
    const b64 = Buffer.from(key).toString('base64');
    const forms = [key, encodeURIComponent(`${key}/x`).replace('%2Fx', ''), b64, b64.replace(/=+$/, ''), Buffer.from(key).toString('base64url')];
    for (const form of forms) assert.equal(redactSecret(`token=${form};`, key), 'token=***;', form);
    const odd = 'se"cr\\et/ key';
    assert.equal(redactSecret(`{"k":${JSON.stringify(odd)}}`, odd), '{"k":"***"}', 'JSON-escaped');
    assert.equal(redactSecret(`q=${encodeURIComponent(odd)}`, odd), 'q=***', 'URL-encoded');
  });

  test('the forms the service itself gives the key are redacted: its hex as a UUID, and without the prefix', () => {
    const served = 'fc-3d478a296e59403e85c794aba81ffd2a';
    const uuid = '3d478a29-6e59-403e-85c7-94aba81ffd2a';
    assert.equal(redact(`no team for api key ${uuid}`, served), 'no team for api key ***');
    assert.equal(redact('token 3d478a296e59403e85c794aba81ffd2a refused', served), 'token *** refused');
    assert.equal(redactSecret(`key ${uuid.toUpperCase()} is blocked`, served), 'key *** is blocked');
  });

  test('key shapes are redacted wherever they start, glued to a prefix too, but not inside a word', () => {
    assert.equal(redact('KEY_fc-abcdef123456 rejected'), 'KEY_fc-*** rejected');
    assert.equal(redact('x=fc-abcdef123456'), 'x=fc-***');
    assert.equal(redact('Bearer abc.def'), 'Bearer ***');
    assert.equal(redact('our etl-fc-pipeline job'), 'our etl-fc-pipeline job');
  });

  test('lower-case hex URL-encoding and an upper-cased echo are redacted too', () => {
    const selfHosted = 'my+self/hosted=key';
    assert.equal(redactSecret('k=my%2bself%2fhosted%3dkey;', selfHosted), 'k=***;');
    assert.equal(redactSecret('k=my%2Bself%2fHosted%3Dkey;', selfHosted), 'k=***;', 'mixed case');
    assert.equal(redactSecret(`token ${key.toUpperCase()} refused`, key), 'token *** refused');
    assert.equal(redact(`token ${key.toUpperCase()} refused`, key), 'token *** refused');
  });

  test('every key given is redacted, not only the first', () => {
    const old = 'my+self/hosted=key';
    assert.equal(redactSecret(`old ${old}, new ${key}`, [key, old]), 'old ***, new ***');
    assert.equal(redact(`old ${encodeURIComponent(old)}`, [key, old]), 'old ***');
  });

  test('a short key is redacted where it stands alone, without garbling words that contain it', () => {
    assert.equal(redactSecret('token abc is not valid; abcdef is fine', 'abc'), 'token *** is not valid; abcdef is fine');
    assert.equal(redactSecret('a', 'a'), '***');
    assert.equal(redactSecret(`echo ${Buffer.from('abc').toString('base64')}`, 'abc'), 'echo ***');
  });
});

describe('time limits are worded as they were set', () => {
  test('a 1.5 s limit on a server that never answers is "within 1.5 s", not "2 s"', async () => {
    sandbox.fault({ route: 'creditUsage', kind: 'hang' });
    const error = await failure(client({ fetch: nodeFetch }).getCreditUsage({ timeoutMs: 1_500, maxAttempts: 1 }));
    assert.equal(error.kind, 'timeout');
    assert.equal(describeError(error).message, 'Firecrawl did not answer within 1.5 s while reading remaining credits.');
  });
});

for (const [name, impl] of [
  ['global fetch', undefined],
  ['node:http', nodeFetch],
] as const) {
  describe(`over ${name}`, () => {
    before(() => {
      transport = impl;
    });

    describe('the key never comes back out', () => {
      test('feedbackErrorCode, details paths and messages, code and error text are redacted; words and logs hold no key', async () => {
        const key = sandbox.keys.valid;
        sandbox.fault({
          route: 'feedback',
          kind: 'status',
          status: 400,
          body: {
            success: false,
            code: `CODE_${key}`,
            error: `Bad key ${Buffer.from(key).toString('base64')} (KEY_${key})`,
            feedbackErrorCode: `INVALID_${key}`,
            details: [{ path: ['note', key], message: `unexpected ${encodeURIComponent(key)}` }],
          },
        });
        const error = await failure(submitFeedback(client(), FEEDBACK));
        assert.equal(error.kind, 'feedback');
        const words = describeFeedbackFailure(error, CTX).message;
        const everything = JSON.stringify({ error, message: error.message, words, logs, code: error.code, details: (error as { details?: unknown }).details });
        assert.ok(!everything.includes(key), everything);
        assert.ok(!everything.includes(Buffer.from(key).toString('base64')), everything);
        assert.match(everything, /INVALID_\*\*\*/);
      });

      test('the key in a success body, however JSON spells it, is gone before anyone reads it', async () => {
        const key = sandbox.keys.valid;
        const escaped = key.replace(/-/g, '\\u002d');
        sandbox.fault({
          route: 'deepResearch',
          kind: 'status',
          status: 200,
          contentType: 'application/json',
          text: `{"success":true,"status":"completed","data":{"finalAnalysis":"# Report\\n\\nYour key is ${escaped}.","sources":[{"url":"https://a.dev/?k=${encodeURIComponent(key)}","title":"t"}]}}`,
        });
        const job = await client().getResearchJob(sandbox.demoJobs.completed);
        assert.equal(job.finalAnalysis, '# Report\n\nYour key is ***.');
        assert.equal(job.sources[0]?.url, 'https://a.dev/?k=***');
      });

      test('history key names equal to the key or shaped like one never reach the model', async () => {
        const before = sandbox.requests().length;
        sandbox.setHistory([
          { startDate: '2026-10-01T00:00:00.000Z', endDate: null, creditsUsed: 5, apiKey: sandbox.keys.valid },
          { startDate: '2026-10-01T00:00:00.000Z', endDate: null, creditsUsed: 6, apiKey: 'fc-0000111122223333' },
          { startDate: '2026-10-01T00:00:00.000Z', endDate: null, creditsUsed: 7, apiKey: 'Default' },
          // Two keys whose names redact alike stay two keys, in every month.
          { startDate: '2026-10-01T00:00:00.000Z', endDate: null, creditsUsed: 8, apiKey: 'fc-production' },
          { startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 9, apiKey: 'fc-production' },
          { startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 10, apiKey: 'fc-0000111122223333' },
        ]);
        const history = await client().getCreditUsageHistory(true);
        assert.deepEqual(
          history.periods.map((p) => p.apiKey),
          ['***', 'fc-***', 'Default', 'fc-*** (2)', 'fc-*** (2)', 'fc-***'],
        );
        assert.ok(sandbox.requests().length > before);
      });

      test('a key changed while its request was under way is still redacted from the answer', async () => {
        const sent = 'my+self/hosted=key-one';
        let current = sent;
        const base: FetchLike = transport ?? ((url, init) => fetch(url, init));
        // The key changes between the request going out and its answer being read.
        const changing: FetchLike = async (url, init) => {
          const response = await base(url, init);
          current = 'another-self-hosted-key';
          return response;
        };
        sandbox.fault({
          route: 'feedback',
          kind: 'status',
          status: 400,
          body: { success: false, error: `token ${sent} refused`, details: [{ path: ['note'], message: `saw ${encodeURIComponent(sent)}` }] },
        });
        const error = await failure(submitFeedback(client({ apiKey: () => current, fetch: changing }), FEEDBACK));
        assert.equal(current, 'another-self-hosted-key');
        assert.equal(error.serverMessage, 'token *** refused');
        const everything = JSON.stringify({ error, message: error.message, words: describeFeedbackFailure(error, CTX).message, logs, details: (error as { details?: unknown }).details });
        assert.ok(!everything.includes(sent) && !everything.includes(encodeURIComponent(sent)), everything);
      });

      test('a key this session held before is redacted from answers sent with the current one', async () => {
        const old = 'my+self/hosted=key-one';
        sandbox.fault({ route: 'creditUsage', kind: 'status', status: 401, body: { success: false, error: `token ${old} is no longer valid` } });
        const error = await failure(client({ apiKey: () => 'another-self-hosted-key', pastKeys: () => [old] }).getCreditUsage());
        assert.equal(error.serverMessage, 'token *** is no longer valid');
        sandbox.fault({
          route: 'deepResearch',
          kind: 'status',
          status: 200,
          body: { success: true, status: 'completed', data: { finalAnalysis: `old key: ${old}`, sources: [] } },
        });
        const job = await client({ apiKey: () => 'another-self-hosted-key', pastKeys: () => [old] }).getResearchJob(sandbox.demoJobs.completed);
        assert.equal(job.finalAnalysis, 'old key: ***');
      });

      test('a key echoed with lower-case hex or upper-cased is redacted from the answer', async () => {
        const selfHosted = 'my+self/hosted=key';
        sandbox.fault({ route: 'creditUsage', kind: 'status', status: 401, body: { success: false, error: 'token my%2bself%2fhosted%3dkey is not valid' } });
        const lower = await failure(client({ apiKey: () => selfHosted }).getCreditUsage());
        assert.equal(lower.serverMessage, 'token *** is not valid');
        const key = sandbox.keys.valid;
        sandbox.fault({ route: 'creditUsage', kind: 'status', status: 401, body: { success: false, error: `token ${key.toUpperCase()} is not valid` } });
        const upper = await failure(client().getCreditUsage());
        assert.equal(upper.serverMessage, 'token *** is not valid');
        assert.ok(
          !JSON.stringify({ upper, words: describeError(upper).message, logs })
            .toUpperCase()
            .includes(key.toUpperCase()),
        );
      });

      test("a run's 200 success:false text is redacted like an error answer's: the key sent, other keys and bearer tokens", async () => {
        const key = sandbox.keys.valid;
        sandbox.fault({ route: 'scrape', kind: 'status', status: 200, body: { success: false, error: `Bearer fc-otherkey12345678 and ${key} were refused` } });
        const error = await failure(client().scrape(checked('scrape', scrapeBody({ url: 'https://example.com', onlyMainContent: true, timeoutMs: 30_000 }))));
        assert.equal(error.serverMessage, 'Bearer *** and *** were refused', JSON.stringify(error));
      });

      test('a short self-hosted key echoed in an error is redacted in the words too', async () => {
        sandbox.fault({ route: 'creditUsage', kind: 'status', status: 401, body: { success: false, error: 'Unauthorized: token abc is not valid' } });
        const error = await failure(client({ apiKey: () => 'abc' }).getCreditUsage());
        assert.equal(error.serverMessage, 'Unauthorized: token *** is not valid');
        assert.doesNotMatch(describeError(error).message, /\babc\b/);
      });
    });

    describe('a 404 is "not found" only when the service says so', () => {
      test("the service's own 404 JSON is a not-found; a path in the URL meets another server's HTML 404", async () => {
        const previous = sandbox.getCredits();
        sandbox.setCredits(null);
        const own = await failure(client().getCreditUsage());
        sandbox.setCredits(previous);
        assert.equal(own.kind, 'notFound');
        assert.equal(own.serviceBody, true);
        assert.match(describeError(own).message, /no billing information/);

        const withPath = await failure(client({ baseUrl: `${sandbox.url}/v2` }).getCreditUsage());
        assert.equal(sandbox.requests().at(-1)?.path, '/v2/v2/team/credit-usage');
        assert.equal(withPath.kind, 'noRoute');
        assert.equal(withPath.serviceBody, false);
        const words = describeError(withPath, { apiUrl: `${sandbox.url}/v2` }).message;
        assert.match(words, /not with Firecrawl's own error: it does not serve this route \(a wrong API URL, a path in it/);
        assert.doesNotMatch(words, /billing/);
        assert.equal(describeKeyCheckFailure(withPath, { apiUrl: `${sandbox.url}/v2` }).verdict, 'unverified');
      });

      test("JSON from another server is not the service's either", async () => {
        sandbox.fault({ route: 'deepResearch', kind: 'status', status: 404, text: '{"message":"Not Found"}', contentType: 'application/json' });
        const error = await failure(client().getResearchJob(sandbox.demoJobs.completed));
        assert.equal(error.serviceBody, false);
        assert.doesNotMatch(describeError(error).message, /Expired/);
        sandbox.fault({ route: 'deepResearch', kind: 'status', status: 404 });
        assert.equal((await failure(client().getResearchJob(sandbox.demoJobs.completed))).serviceBody, true);
      });
    });

    describe('redirects are reported as redirects', () => {
      test('status and Location, plainly; nothing is followed, the key goes nowhere else', async () => {
        const elsewhere = await startSandbox();
        try {
          sandbox.fault({ route: 'creditUsage', kind: 'status', status: 301, location: `${elsewhere.url}/v2/team/credit-usage?k=${sandbox.keys.valid}` });
          const error = await failure(client().getCreditUsage());
          assert.equal(error.kind, 'redirect');
          assert.equal(error.status, 301);
          assert.equal((error as { location?: string }).location, `${elsewhere.url}/v2/team/credit-usage?k=***`);
          assert.equal(elsewhere.requestCount(), 0, 'not followed');
          assert.equal(sandbox.requestCount('creditUsage'), 1, 'not retried');
          const words = describeError(error, { apiUrl: sandbox.url }).message;
          assert.match(
            words,
            new RegExp(
              `answered with a redirect \\(HTTP 301\\) to ${elsewhere.url.replace(/[.]/g, '\\.')}/v2/team/credit-usage\\?k=\\*\\*\\* while reading remaining credits\\. Redirects are not followed`,
            ),
          );
          assert.match(describeFeedbackFailure(error, CTX).message, /redirect \(HTTP 301\)/);
        } finally {
          await elsewhere.close();
        }
      });
    });

    describe('keys that cannot be sent', () => {
      test('a zero-width space in the key: nothing is sent, and the words say which character and where', async () => {
        const error = await failure(client({ apiKey: () => `fc-abc\u200bdef123` }).getCreditUsage());
        assert.equal(error.kind, 'invalidRequest');
        assert.equal(sandbox.requestCount(), 0);
        const text = describeError(error);
        assert.equal(text.message, 'The API key cannot be sent: the key holds an invisible character (U+200B ZERO WIDTH SPACE) at position 7. Set the key again.');
        assert.deepEqual(text.actions, ['setApiKey']);
        assert.doesNotMatch(describeError(error).message, /could not reach/i);
      });

      test("a key refused before sending leaves no timer and no listener on the caller's signal behind", async () => {
        const caller = new AbortController();
        let listening = 0;
        const add = caller.signal.addEventListener.bind(caller.signal);
        caller.signal.addEventListener = ((...args: Parameters<typeof add>) => {
          listening += 1;
          add(...args);
        }) as typeof add;
        const timers = new Set<unknown>();
        const realSetTimeout = globalThis.setTimeout;
        globalThis.setTimeout = ((...args: Parameters<typeof realSetTimeout>) => {
          const handle = realSetTimeout(...args);
          timers.add(handle);
          return handle;
        }) as typeof realSetTimeout;
        try {
          const error = await failure(client({ apiKey: () => `fc-abc\u200bdef123` }).getCreditUsage({ signal: caller.signal }));
          assert.equal(error.kind, 'invalidRequest');
        } finally {
          globalThis.setTimeout = realSetTimeout;
        }
        assert.equal(listening, 0, 'no abort listener was added');
        assert.equal(timers.size, 0, 'no request timer was armed');
      });
    });

    describe('INVALID_BODY from the current (union) schema', () => {
      test('the nested reasons name the field instead of "Invalid input"', async () => {
        // What the sandbox's union schema answers to a note that is too long, replayed to the client.
        sandbox.feedbackIssueStyle = 'union';
        const raw = await fetch(`${sandbox.url}/v2/feedback`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${sandbox.keys.valid}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ ...FEEDBACK, jobId: sandbox.demoV2Jobs.scrape, note: 'x'.repeat(4001) }),
        });
        const body = (await raw.json()) as { details: Array<{ code: string }> };
        assert.equal(body.details[0]?.code, 'invalid_union');
        sandbox.fault({ route: 'feedback', kind: 'status', status: 400, body });
        const error = await failure(submitFeedback(client(), FEEDBACK));
        assert.deepEqual((error as { details?: unknown }).details, [{ path: 'note', message: 'Too big: expected string to have <=4000 characters' }]);
        const words = describeFeedbackFailure(error, CTX).message;
        assert.match(words, /^Firecrawl rejected the feedback: Note: Too big: expected string to have <=4000 characters\. Choose Edit and Retry/);
        assert.doesNotMatch(words, /Invalid input|target|Unrecognized/);
      });
    });

    describe('shapes of older and newer releases', () => {
      test('a receipt without the daily totals is a receipt', async () => {
        sandbox.fault({ route: 'feedback', kind: 'status', status: 200, body: { success: true, feedbackId: 'f-1', creditsRefunded: 1 } });
        const receipt = await submitFeedback(client(), FEEDBACK);
        assert.equal(receipt.creditsRefunded, 1);
        assert.equal(receipt.creditsRefundedToday, undefined);
        const words = describeReceipt(receipt).message;
        assert.equal(words, 'Feedback sent: 1 credit refunded.');
        sandbox.fault({ route: 'feedback', kind: 'status', status: 200, body: { success: true, creditsRefunded: 0, creditsRefundedToday: 4, warning: 'Cap reached.' } });
        assert.equal(describeReceipt(await submitFeedback(client(), FEEDBACK)).message, 'Feedback sent: no credits refunded. Refunded today: 4. Firecrawl says: Cap reached.');
      });

      test('history rows with a null start date are read, not refused', async () => {
        sandbox.setHistory([
          { startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-10-31T23:59:59.999Z', creditsUsed: 5, apiKey: 'Default' },
          { startDate: null, endDate: null, creditsUsed: 3, apiKey: 'Default' },
        ]);
        const history = await client().getCreditUsageHistory(false);
        assert.deepEqual(
          history.periods.map((p) => p.startDate),
          ['2026-10-01T00:00:00.000Z', null],
        );
      });
    });
  });
}
