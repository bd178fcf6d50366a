// The one module that words errors: every kind has a sentence and next steps, the self-hosted rule
// is the same for every credit route, server text stays inert, and waits and limits read right.
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
  RedirectError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  type Operation,
} from '../../../src/api';
import { describeError, describeKeyCheckFailure, describeRunError, FileReadError, fileWriteText, nextStepLabel, recentJobsUnavailableText, secondsText, waitText } from '../../../src/host/errorText';

const HOSTED = { apiUrl: 'https://api.firecrawl.dev', selfHosted: false };
const SELF = { apiUrl: 'http://localhost:3002', selfHosted: true };

function everyKind(operation: Operation) {
  return [
    new UnauthorizedError({ operation }),
    new ForbiddenError({ operation }),
    new NotFoundError({ operation }),
    new NotFoundError({ operation, serviceBody: true }),
    new RedirectError({ operation, status: 301, location: 'https://elsewhere.example/' }),
    new RateLimitedError({ operation, retryAfterMs: 9_000 }),
    new BadRequestError({ operation, status: 400 }),
    new FeedbackError({ operation, status: 400, feedbackErrorCode: 'X', details: [] }),
    new InvalidRequestError({ operation, problems: [{ path: 'id', message: 'bad' }] }),
    new ServerError({ operation, status: 503 }),
    new InvalidResponseError({ operation, status: 200, path: 'data.remainingCredits', problem: 'expected number' }),
    new NetworkError({ operation, baseUrl: 'https://api.firecrawl.dev' }),
    new TimeoutError({ operation, timeoutMs: 30_000 }),
    new CancelledError({ operation }),
  ];
}

describe('describeError', () => {
  test('every kind of every operation has a sentence and known next steps', () => {
    for (const operation of ['creditUsage', 'creditUsageHistory', 'researchJob', 'feedback'] as const) {
      for (const error of everyKind(operation)) {
        const text = describeError(error, HOSTED);
        assert.ok(text.message.length > 10 && /[.)]$/.test(text.message), `${operation}/${error.kind}: ${text.message}`);
        for (const step of text.actions) assert.ok(nextStepLabel(step), step);
      }
    }
  });

  test('a self-hosted server: a 500 on a credit route is "not available here"; a 502 is an outage; the hosted service never is', () => {
    const internal = (operation: Operation, status: number) => new ServerError({ operation, status });
    assert.match(describeError(internal('creditUsage', 500), SELF).message, /^Credits are not available on this server/);
    assert.match(describeError(internal('creditUsageHistory', 500), SELF).message, /^Usage history is not available on this server/);
    assert.match(describeError(internal('creditUsageHistory', 502), SELF).message, /^Firecrawl had a server error \(HTTP 502\)/);
    assert.match(describeError(internal('creditUsage', 500), HOSTED).message, /^Firecrawl had a server error \(HTTP 500\)/);
    assert.match(describeError(internal('researchJob', 500), SELF).message, /^Firecrawl had a server error/);
  });

  test('server text is plain: no links, no icons, no line breaks, bounded', () => {
    const hostile = `[run](command:workbench.action.terminal.new) $(zap)\nline two ${'x'.repeat(1_000)}`;
    const { message } = describeError(new ForbiddenError({ operation: 'creditUsage', serverMessage: hostile }), HOSTED);
    assert.doesNotMatch(message, /\]\(command:/);
    assert.doesNotMatch(message, /\$\(zap\)/);
    assert.doesNotMatch(message, /\n/);
    assert.ok(message.length < 600, String(message.length));
  });

  test("a 403 is the key, team or address refused, unless the service's words say the site is on its blocklist", () => {
    const refused = describeError(new ForbiddenError({ operation: 'scrape', serviceBody: true, serverMessage: 'Request blocked: this key may only call /v2/search.' }), HOSTED);
    assert.match(refused.message, /key may be restricted/);
    assert.ok(refused.actions.includes('setApiKey'));
    // The team's own routes are open to every key of the team: a restricted key is not why they are refused.
    for (const operation of ['creditUsage', 'creditUsageHistory', 'queueStatus', 'activity'] as const) {
      const team = describeError(new ForbiddenError({ operation, serviceBody: true, serverMessage: 'Request blocked' }), HOSTED).message;
      assert.match(team, /\(403\): the team may be blocked, or your IP not on its allow-list\./, operation);
      assert.doesNotMatch(team, /restricted/, operation);
    }
    assert.doesNotMatch(recentJobsUnavailableText(new ForbiddenError({ operation: 'activity', serviceBody: true }), HOSTED), /restricted/);
    const selfHosted = new ForbiddenError({
      operation: 'map',
      serviceBody: true,
      serverMessage: 'This website is no longer supported. Please check your server configuration and logs for more details.',
    });
    assert.match(describeError(selfHosted, SELF).message, /^The server at http:\/\/localhost:3002 does not fetch this site \(403\).*check your server configuration/);
    assert.deepEqual(describeError(selfHosted, SELF).actions, []);
    // The words of an earlier hosted release.
    const earlier = new ForbiddenError({
      operation: 'scrape',
      serviceBody: true,
      serverMessage: 'This website is no longer supported, please reach out to help@firecrawl.com for more info on how to activate it on your account.',
    });
    assert.match(describeError(earlier, HOSTED).message, /^Firecrawl does not fetch this site \(403\)/);
    // A proxy's page that happens to hold the words is not the service's blocklist.
    const proxy = new ForbiddenError({ operation: 'map', serviceBody: false, serverMessage: 'This website is no longer supported' });
    assert.match(describeError(proxy, HOSTED).message, /something in between \(a proxy, a firewall or a web filter\) blocked the request/);
  });

  test('a retry the caller will make is said with its wait', () => {
    assert.match(describeError(new NetworkError({ operation: 'researchJob', baseUrl: 'http://x' }), { retryInMs: 4_200 }).message, /; retrying in 5 s\./);
    assert.match(describeError(new RateLimitedError({ operation: 'creditUsage', retryAfterMs: 90_000 }), { retryInMs: 90_000 }).message, /retrying in 90 s/);
    assert.match(describeError(new RateLimitedError({ operation: 'creditUsage', retryAfterMs: 9_000 })).message, /try again in 9 s/);
  });

  test('waits and limits read right', () => {
    assert.equal(waitText(undefined), undefined);
    assert.equal(waitText(1), 'in 1 s');
    assert.equal(waitText(600_000), 'in 10 min');
    assert.equal(secondsText(1_500), '1.5 s');
    assert.equal(secondsText(2_000), '2 s');
    assert.equal(secondsText(30_000), '30 s');
    assert.match(describeError(new TimeoutError({ operation: 'creditUsage', timeoutMs: 1_500 })).message, /within 1\.5 s/);
  });

  test('a 401 with no key set asks for one: nothing was rejected', () => {
    const refused = new UnauthorizedError({ operation: 'activity', serviceBody: true, serverMessage: 'Unauthorized: Invalid token' });
    const none = describeError(refused, { ...SELF, keySet: false });
    assert.match(none.message, /^The server at http:\/\/localhost:3002 asks for an API key \(401\) and none is set\. Set one\./);
    assert.doesNotMatch(none.message, /rejected/);
    assert.deepEqual(none.actions, ['setApiKey']);
    for (const keySet of [true, undefined]) assert.match(describeError(refused, { ...SELF, ...(keySet === undefined ? {} : { keySet }) }).message, /^Firecrawl rejected the API key \(401\)/);
  });

  test('something that is not ours is still worded, and points at the log', () => {
    const text = describeError(new Error('boom [x](command:y)'));
    assert.match(text.message, /^Something went wrong: boom/);
    assert.doesNotMatch(text.message, /\]\(command/);
    assert.deepEqual(text.actions, ['showLogs']);
  });
});

describe("a 404 in Firecrawl's own JSON: the address is right", () => {
  test('credit usage history with no billing record says so; any other says what the service said, not "check the API URL"', () => {
    assert.equal(
      describeError(new NotFoundError({ operation: 'creditUsageHistory', serverMessage: 'Could not find credit usage information' }), HOSTED).message,
      'Firecrawl has no billing information for this team.',
    );
    const other = describeError(new NotFoundError({ operation: 'queueStatus', serverMessage: 'Team not found' }), HOSTED);
    assert.match(other.message, /^Firecrawl found nothing while .+ \(404\)\..*Team not found/);
    assert.doesNotMatch(other.message, /API URL/);
    assert.deepEqual(other.actions, ['showLogs']);
  });
});

describe('describeKeyCheckFailure', () => {
  test('401 is a rejection; anything else leaves the key unverified, saying why and what Enter does', () => {
    assert.equal(describeKeyCheckFailure(new UnauthorizedError({ operation: 'creditUsage' })).verdict, 'rejected');
    const offline = describeKeyCheckFailure(new NetworkError({ operation: 'creditUsage', baseUrl: 'http://localhost:3002' }), SELF);
    assert.equal(offline.verdict, 'unverified');
    assert.match(offline.message, /^Could not check the key: Could not reach Firecrawl at http:\/\/localhost:3002.*Press Enter again to save it anyway\.$/);
    assert.doesNotMatch(offline.message, /cannot report credits/, 'unreachable is not "reports no credits"');
  });

  test("a server of one's own that keeps no credits (its 500) is said once, plainly: the key cannot be checked there", () => {
    const none = describeKeyCheckFailure(new ServerError({ operation: 'creditUsage', status: 500, serverMessage: 'An error occurred. Error ID: 1234' }), SELF);
    assert.equal(none.verdict, 'unverified');
    assert.equal(
      none.message,
      'The server at http://localhost:3002 does not report credits, so the key cannot be checked there (a server without authentication needs no key). Press Enter again to save it anyway.',
    );
    // The hosted service's 500 is an outage, said as one.
    assert.match(describeKeyCheckFailure(new ServerError({ operation: 'creditUsage', status: 500 }), HOSTED).message, /^Could not check the key: .*500/);
  });
});

describe('describeRunError: an agent start refused by its rate limit', () => {
  test('says the limit on starting agent jobs was reached and nothing started, with the wait and the service\'s words; never "on this plan"', () => {
    const limited = describeRunError(new RateLimitedError({ operation: 'agentStart', retryAfterMs: 30_000, serverMessage: 'Rate limit exceeded: 2 of 2 agent starts used this minute.' }), HOSTED);
    assert.match(limited.message, /^Firecrawl's limit on starting agent jobs was reached \(429\); nothing was started\. Retry in 30 s\..*2 of 2 agent starts used this minute/);
    assert.doesNotMatch(limited.message, /on this plan/);
    assert.deepEqual(limited.actions, ['retry']);
  });
});

describe('describeRunError: a run the service answered 200 with success:false', () => {
  test('a scrape or a map blames the site; a search, a parse or an agent start says only what the service said', () => {
    const text = (operation: 'scrape' | 'map' | 'search' | 'parse' | 'agentStart') =>
      describeRunError(new BadRequestError({ operation, status: 200, serviceBody: true, serverMessage: 'It did not work' })).message;
    assert.match(text('scrape'), /^Firecrawl could not do it while scraping the page: the site could not be reached or refused\. Firecrawl said: It did not work\.$/);
    assert.match(text('map'), /: the site could not be reached or refused\. Firecrawl said: It did not work\.$/);
    for (const operation of ['search', 'parse', 'agentStart'] as const) {
      assert.doesNotMatch(text(operation), /site/, operation);
      assert.match(text(operation), /^Firecrawl could not do it while [^:]+\. Firecrawl said: It did not work\.$/, operation);
    }
  });
});

describe('describeRunError: a file to parse that could not be read', () => {
  const raw = "Error: ENOENT: no such file or directory, open '/home/someone/work/contract.pdf'";
  test('a file gone or not to be read is said in words, named, without the system text or its path', () => {
    for (const [code, words] of [
      ['FileNotFound', /is not there any more/],
      ['ENOENT', /is not there any more/],
      ['NoPermissions', /permission to read it was refused/],
      ['EACCES', /permission to read it was refused/],
    ] as const) {
      const text = describeRunError(new FileReadError('contract.pdf', raw, code));
      assert.match(text.message, /^contract\.pdf could not be read: /, code);
      assert.match(text.message, words, code);
      assert.match(text.message, /Nothing was sent\.$/, code);
      assert.doesNotMatch(text.message, /ENOENT|\/home\/someone/, code);
      assert.deepEqual(text.actions, ['chooseFile', 'retry']);
    }
  });
  test('another reason is said as the system gives it', () => {
    const text = describeRunError(new FileReadError('contract.pdf', 'the disk went away', 'Unavailable'));
    assert.equal(text.message, 'contract.pdf could not be read: the disk went away. Nothing was sent.');
  });
});

describe('fileWriteText: a file that could not be saved', () => {
  /** An error as the file system throws it: its own message (the whole path) and a code. */
  const thrown = (code: string) => Object.assign(new Error(`Error: ${code}: failed, open '/home/someone/work/result.md'`), { code });
  test('a known reason is said in words, the file named, without the system text or its path', () => {
    for (const [code, words] of [
      ['NoPermissions', /permission to write there was refused/],
      ['EACCES', /permission to write there was refused/],
      ['EROFS', /permission to write there was refused/],
      ['FileNotFound', /its folder is not there or takes no new files/],
      ['FileIsADirectory', /a folder of that name is already there/],
      ['FileExists', /part of the path is a file, not a folder/],
      ['ENOTDIR', /part of the path is a file, not a folder/],
      ['ENOSPC', /the disk is full/],
    ] as const) {
      const text = fileWriteText('result.md', thrown(code));
      assert.match(text, /^result\.md could not be saved: /, code);
      assert.match(text, words, code);
      assert.doesNotMatch(text, /failed|\/home\/someone|E[A-Z]{4,}/, code);
    }
  });
  test('another reason is said as the system gives it, as one sentence', () => {
    assert.equal(fileWriteText('result.md', Object.assign(new Error('the disk went away'), { code: 'Unavailable' })), 'result.md could not be saved: the disk went away.');
    assert.equal(fileWriteText('result.md', 'no reason'), 'result.md could not be saved: no reason.');
  });
});
