// Scrape, search, map and agent start as the client sends them and reads the answers, against the
// real sandbox on 127.0.0.1: the bodies (strict, with integration and origin), the job ids feedback
// takes, a site that cannot be reached, the fields a 400 names, 402/408/429, an agent run that stops
// at its credit limit, and that each run is a job in the team's activity.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  agentStartBody,
  API_KEY_PATH,
  checked,
  FirecrawlClient,
  type FirecrawlError,
  InvalidRequestError,
  mapBody,
  MAX_PARSE_BYTES,
  parseBody,
  parseUpload,
  scrapeBody,
  searchBody,
  selectedWebUrl,
  splitUrls,
  webUrlProblem,
} from '../../../src/api';
import { describeRunError } from '../../../src/host/errorText';
import { nodeFetch } from '../../../src/platform/nodeTransport';
import { type Clock, systemClock } from '../../../src/shared/clock';
import { setLocale } from '../../../src/shared/format';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { failure } from '../../support/failure';

let sandbox: Sandbox;
const client = () =>
  new FirecrawlClient({ baseUrl: sandbox.url, apiKey: () => sandbox.keys.valid, clientName: 'firecrawl-vscode', clientVersion: '0.3.0-test', fetch: nodeFetch, sleep: async () => undefined });

const scrapeOf = (url: string) => checked('scrape', scrapeBody({ url, onlyMainContent: true, timeoutMs: 30_000 }));

before(async () => {
  sandbox = await startSandbox();
});
after(() => sandbox.close());
beforeEach(() => {
  sandbox.clearFaults();
  sandbox.resetCounts();
});

describe('request bodies', () => {
  test('only http(s) URLs are sent; anything else is refused with a reason before sending', () => {
    assert.equal(webUrlProblem('https://example.com/a'), undefined);
    assert.match(webUrlProblem('file:///etc/passwd') ?? '', /file/);
    assert.match(webUrlProblem('javascript:alert(1)') ?? '', /javascript/);
    assert.ok(webUrlProblem('example.com'));
    assert.ok(webUrlProblem(''));
    assert.equal(selectedWebUrl('  https://example.com/x  '), 'https://example.com/x');
    assert.equal(selectedWebUrl('see https://example.com/x'), undefined);
    assert.throws(
      () => scrapeOf('ftp://example.com/'),
      (e: FirecrawlError) => e.kind === 'invalidRequest' && e.operation === 'scrape',
    );
  });

  test('a scrape asks for Markdown with an explicit timeout, kept within the service’s range', () => {
    assert.deepEqual(scrapeOf(' https://example.com/a '), { url: 'https://example.com/a', formats: ['markdown'], onlyMainContent: true, timeout: 30_000 });
    assert.equal(checked('scrape', scrapeBody({ url: 'https://e.com', onlyMainContent: false, timeoutMs: 10_000_000 })).timeout, 300_000);
  });

  test('search and map limits are clamped; an empty query is refused', () => {
    assert.deepEqual(checked('search', searchBody('  pricing ', 500)), { query: 'pricing', limit: 100 });
    assert.equal(searchBody('  ', 10).ok, false);
    assert.equal(searchBody(`${'x'.repeat(2_000)}  `, 10).ok, true);
    assert.deepEqual(searchBody('x'.repeat(2_001), 10), { ok: false, problems: [{ path: 'query', message: 'At most 2,000 characters.' }] });
    assert.deepEqual(checked('map', mapBody('https://docs.example.com', 0)), { url: 'https://docs.example.com', limit: 1 });
  });

  test('an agent start always carries maxCredits and names each bad field', () => {
    const body = checked('agentStart', agentStartBody({ prompt: ' Find prices ', urls: [], maxCredits: 500, effort: 'low' }));
    assert.deepEqual(body, { prompt: 'Find prices', maxCredits: 500, effort: 'low' });
    const bad = agentStartBody({ prompt: '', urls: ['https://ok.example', 'mailto:x@y'], maxCredits: 0 });
    assert.equal(bad.ok, false);
    assert.deepEqual(!bad.ok && bad.problems.map((p) => p.path), ['prompt', 'urls[1]', 'maxCredits']);
    // Sent whole: a cap of half a credit would go out as 0.
    const half = agentStartBody({ prompt: 'x', urls: [], maxCredits: 0.5 });
    assert.deepEqual(!half.ok && half.problems, [{ path: 'maxCredits', message: 'At least 1 credit.' }]);
  });

  test('agent URLs typed in one line: a comma inside an address is part of it, a comma between addresses separates them', () => {
    assert.deepEqual(splitUrls('https://en.wikipedia.org/wiki/Washington,_D.C. https://example.com/maps/@40.7,-74.0,12z'), [
      'https://en.wikipedia.org/wiki/Washington,_D.C.',
      'https://example.com/maps/@40.7,-74.0,12z',
    ]);
    assert.deepEqual(splitUrls(' https://a.example/x, https://b.example/y,https://c.example/z ,'), ['https://a.example/x', 'https://b.example/y', 'https://c.example/z']);
    assert.deepEqual(splitUrls('https://a.example/x\thttp://b.example/'), ['https://a.example/x', 'http://b.example/']);
    assert.deepEqual(splitUrls('  '), []);
  });
});

describe('against the sandbox', () => {
  test('an address pasted in angle brackets, or wrapped over lines, is checked and sent as the one address it is', async () => {
    assert.equal(webUrlProblem('<https://docs.example.org/guide>'), undefined);
    assert.equal(selectedWebUrl(' <https://docs.example.org/guide> '), 'https://docs.example.org/guide');
    // Inside the brackets a wrapped address's line break and indent are no part of it (RFC 3986, appendix C).
    assert.equal(selectedWebUrl('<https://docs.example.org/a-very-\n    long-path>'), 'https://docs.example.org/a-very-long-path');
    // Two addresses on two lines are not one.
    assert.equal(selectedWebUrl('https://a.example/\nhttps://b.example/'), undefined);
    await client().scrape(scrapeOf('<https://docs.example.org/guide>'));
    await client().scrape(scrapeOf('https://docs.example.org/wra\npped'));
    await client().map(checked('map', mapBody(' <https://docs.example.org/> ', 10)));
    const sent = sandbox.requests().map((r) => (r.body as { url?: string } | undefined)?.url);
    assert.deepEqual(sent, ['https://docs.example.org/guide', 'https://docs.example.org/wrapped', 'https://docs.example.org/']);
  });

  test('scrape: every POST names the integration and this extension with its version; the page and its facts come back', async () => {
    const result = await client().scrape(scrapeOf('https://docs.example.org/start'));
    const sent = sandbox.requestsTo('scrape')[0];
    assert.deepEqual(sent?.body, {
      url: 'https://docs.example.org/start',
      formats: ['markdown'],
      onlyMainContent: true,
      timeout: 30_000,
      integration: '_vscode',
      origin: 'firecrawl-vscode@0.3.0-test',
    });
    assert.match(result.markdown, /sandbox's page for https:\/\/docs\.example\.org\/start/);
    assert.equal(result.statusCode, 200);
    assert.equal(result.creditsUsed, 1);
    assert.ok(result.jobId, 'the scrapeId is the job id');
    assert.ok(
      sandbox.activity().some((a) => a.id === result.jobId && a.endpoint === 'scrape'),
      'the run is in the team’s activity',
    );
  });

  test('scrape: the site’s own 404 is a successful scrape that says so', async () => {
    const result = await client().scrape(scrapeOf('https://example.com/status/404'));
    assert.equal(result.statusCode, 404);
  });

  test('scrape: a site that cannot be reached is 200 with success:false, an error with the service’s words', async () => {
    const error = await failure(client().scrape(scrapeOf('https://nowhere.invalid/')));
    assert.equal(error.kind, 'badRequest');
    assert.equal(error.status, 200);
    assert.match(describeRunError(error).message, /could not be reached.*ERR_NAME_NOT_RESOLVED/);
  });

  test('an unknown key is a 400 that names it, and the words name it too', async () => {
    const error = await failure(client().scrape({ ...scrapeOf('https://example.com/'), waitForever: true } as never));
    assert.equal(error.kind, 'badRequest');
    assert.equal(error.status, 400);
    assert.match(describeRunError(error).message, /^Firecrawl refused the request for scraping the page: Unrecognized key\(s\) in object: 'waitForever'$/);
    assert.deepEqual(describeRunError(error).actions, ['editAndRetry', 'showLogs'], 'sent again unchanged, it is refused again');
  });

  test('402 says the balance and offers the dashboard and Retry; 408 SCRAPE_TIMEOUT offers more time; 429 says the wait', async () => {
    sandbox.fault({ kind: 'status', status: 402, route: 'scrape' });
    const noCredits = describeRunError(await failure(client().scrape(scrapeOf('https://example.com/'))), { balance: 3 });
    assert.match(noCredits.message, /402.*balance is 3/);
    assert.deepEqual(noCredits.actions, ['openDashboard', 'retry']);
    sandbox.fault({ kind: 'status', status: 408, route: 'scrape' });
    const timeout = describeRunError(await failure(client().scrape(scrapeOf('https://example.com/'))));
    assert.match(timeout.message, /SCRAPE_TIMEOUT/);
    assert.deepEqual(timeout.actions, ['retry', 'openSettings']);
    sandbox.fault({ kind: 'status', status: 408, route: 'parse' });
    const c = client();
    const upload = parseBody({ name: 'slow.pdf', contentType: 'application/pdf', bytes: new TextEncoder().encode('%PDF-1.7') }, { formats: ['markdown'], timeout: 30_000 }, c.runOrigin);
    const parseTimeout = describeRunError(await failure(c.parse(upload, 30_000)));
    assert.match(
      parseTimeout.message,
      /^The file was not parsed in time \(408 SCRAPE_TIMEOUT\)\. Retry, or allow more time in the setting firecrawl\.run\.timeoutSeconds\./,
      'a file has no page that loads',
    );
    assert.deepEqual(parseTimeout.actions, ['retry', 'openSettings']);
    // At the longest time the service takes, more time cannot be asked for: the setting is not offered.
    sandbox.fault({ kind: 'status', status: 408, route: 'scrape' });
    const atMostScrape = describeRunError(await failure(client().scrape(scrapeOf('https://example.com/'))), { timeoutAtMost: true });
    assert.match(atMostScrape.message, /^The page did not load in time \(408 SCRAPE_TIMEOUT\), within the longest time Firecrawl allows \(5 minutes\)\. Retry later/);
    assert.deepEqual(atMostScrape.actions, ['retry']);
    sandbox.fault({ kind: 'status', status: 408, route: 'parse' });
    const atMostParse = describeRunError(await failure(c.parse(upload, 30_000)), { timeoutAtMost: true });
    assert.match(atMostParse.message, /^The file was not parsed in time \(408 SCRAPE_TIMEOUT\), within the longest time Firecrawl allows \(5 minutes\)\./);
    assert.doesNotMatch(atMostParse.message, /timeoutSeconds/);
    assert.deepEqual(atMostParse.actions, ['retry']);
    // A proxy's own 408 (its page, not Firecrawl's JSON): the request timed out on its way, not the page.
    sandbox.fault({ kind: 'status', status: 408, route: 'scrape', text: '<html><body><h1>408 Request Time-out</h1></body></html>' });
    const proxyTimeout = describeRunError(await failure(client().scrape(scrapeOf('https://example.com/'))));
    assert.match(proxyTimeout.message, /^Something between this editor and Firecrawl \(a proxy or a gateway\) gave up on the request for scraping the page \(408\)/);
    assert.doesNotMatch(proxyTimeout.message, /SCRAPE_TIMEOUT|timeoutSeconds|<h1>/);
    assert.deepEqual(proxyTimeout.actions, ['retry']);
    // The setting is a scrape's time: a map that runs out of time is not told to raise it.
    sandbox.fault({ kind: 'status', status: 408, route: 'map' });
    const mapTimeout = describeRunError(await failure(client().map(checked('map', mapBody('https://docs.example.org', 4)))));
    assert.match(mapTimeout.message, /^Firecrawl ran out of time while mapping the site \(408\)\. Retry in a moment\./);
    assert.doesNotMatch(mapTimeout.message, /timeoutSeconds/);
    assert.deepEqual(mapTimeout.actions, ['retry']);
    sandbox.fault({ kind: 'status', status: 429, route: 'search', retryAfterSeconds: 12 });
    const limited = await failure(client().search(checked('search', searchBody('x', 5))));
    assert.match(describeRunError(limited).message, /try again in 12 s/);
    // A POST is never retried, whatever failed.
    assert.equal(sandbox.requestCount('search'), 1);
  });

  test('a rejected key offers Set API Key before Retry; a timed-out paid request says it may have run and been paid', async () => {
    sandbox.fault({ kind: 'status', status: 401, route: 'scrape' });
    assert.equal(describeRunError(await failure(client().scrape(scrapeOf('https://example.com/')))).actions[0], 'setApiKey');
    sandbox.fault({ kind: 'hang', route: 'search' });
    const slow = describeRunError(await failure(client().search(checked('search', searchBody('x', 5)), { timeoutMs: 200 })));
    assert.match(slow.message, /It may still have run on Firecrawl and used credits\.$/);
    sandbox.fault({ kind: 'hang', route: 'agentStart' });
    const agent = describeRunError(await failure(client().startAgent(checked('agentStart', agentStartBody({ prompt: 'x', urls: [], maxCredits: 100 })), { timeoutMs: 200 })));
    assert.match(agent.message, /The run may have started anyway: look in the Research view's Recent group before you retry/);
    assert.equal(agent.actions[0], 'addRecentJobs', 'looking comes before a retry that may start a second run');
    // The connection dropped once the request was on its way (no answer began): the same may have happened.
    sandbox.fault({ kind: 'connectionReset', route: 'agentStart' });
    const reset = await failure(client().startAgent(checked('agentStart', agentStartBody({ prompt: 'x', urls: [], maxCredits: 100 }))));
    assert.equal(reset.kind, 'network');
    const resetText = describeRunError(reset);
    assert.match(resetText.message, /The run may have started anyway: look in the Research view's Recent group before you retry/);
    assert.equal(resetText.actions[0], 'addRecentJobs');
    sandbox.fault({ kind: 'connectionReset', route: 'scrape' });
    assert.match(describeRunError(await failure(client().scrape(scrapeOf('https://example.com/')))).message, /It may still have run on Firecrawl and used credits\.$/);
  });

  test('a self-hosted server answers an agent start with 500: said plainly, with no Retry', async () => {
    sandbox.fault({ kind: 'status', status: 500, route: 'agentStart' });
    const error = await failure(client().startAgent(checked('agentStart', agentStartBody({ prompt: 'x', urls: [], maxCredits: 100 }))));
    assert.deepEqual(describeRunError(error, { apiUrl: sandbox.url, selfHosted: true }), {
      message: 'Agent runs are not available on this server: self-hosted Firecrawl answers HTTP 500 when one is started.',
      actions: ['openSettings'],
    });
    // The hosted service's 500 is a passing fault: Retry stays.
    assert.ok(describeRunError(error, { selfHosted: false }).actions.includes('retry'));
  });

  test('search keeps the response’s id and the results as sent', async () => {
    const result = await client().search(checked('search', searchBody('web scraping', 3)));
    assert.equal(result.hits.length, 3);
    assert.ok(result.jobId);
    assert.equal(result.creditsUsed, 2);
    assert.ok(sandbox.activity().some((a) => a.id === result.jobId && a.endpoint === 'search'));
    assert.equal((sandbox.requestsTo('search')[0]?.body as { integration?: string }).integration, '_vscode');
  });

  test('map lists links with their titles and the response’s id', async () => {
    const result = await client().map(checked('map', mapBody('https://docs.example.org', 4)));
    assert.deepEqual(
      result.links.map((l) => l.url),
      ['https://docs.example.org/', 'https://docs.example.org/docs', 'https://docs.example.org/pricing', 'https://docs.example.org/blog'],
    );
    assert.ok(result.jobId);
  });

  test("a paid answer past the reads' 5 MB cap is read whole: a map of 60,000 links", async () => {
    const result = await client().map(checked('map', mapBody('https://large.example.org', 60_000)));
    assert.equal(result.links.length, 60_000);
    assert.equal(result.links.at(-1)?.url, 'https://large.example.org/catalogue/item-60000');
    assert.ok(JSON.stringify(result.links).length > 10 * 1024 * 1024, 'well past 5 MB');
    assert.ok(result.jobId, 'and it can be rated');
  });

  test('map: a 200 with success:false and no links is an error with the service’s words as plain text, not an invalid answer', async () => {
    sandbox.fault({ kind: 'status', status: 200, route: 'map', body: { success: false, error: 'Map failed: see [why](command:workbench.action.quit)' } });
    const error = await failure(client().map(checked('map', mapBody('https://docs.example.org', 4))));
    assert.equal(error.kind, 'badRequest');
    assert.equal(error.status, 200);
    const { message } = describeRunError(error);
    assert.match(message, /Firecrawl said: Map failed: see \[why\]\u200b\(command:workbench\.action\.quit\)\./);
  });

  test('an agent start is strict, and a run below its need stops at its credit limit', async () => {
    const error = await failure(client().startAgent({ ...checked('agentStart', agentStartBody({ prompt: 'p', urls: [], maxCredits: 5 })), bogus: 1 } as never));
    assert.equal(error.status, 400);
    assert.match(describeRunError(error).message, /bogus/);
    const { id } = await client().startAgent(checked('agentStart', agentStartBody({ prompt: 'Compare prices', urls: ['https://a.example'], maxCredits: 5 })));
    const sent = sandbox.requestsTo('agentStart').at(-1)?.body as Record<string, unknown>;
    assert.equal(sent.maxCredits, 5);
    assert.equal(sent.integration, '_vscode');
    sandbox.advanceClock(61_000);
    const run = await client().getAgentJob(id);
    assert.equal(run.status, 'failed');
    assert.equal(run.stopReason, 'credit_limit_reached');
    assert.equal(run.creditsUsed, 5);
    assert.ok(run.partial);
  });

  test('an older server that knows no effort refuses it by name, with Edit and Retry; a start without one goes through', async () => {
    sandbox.agentStartWithoutEffort = true;
    try {
      const error = await failure(client().startAgent(checked('agentStart', agentStartBody({ prompt: 'p', urls: [], maxCredits: 5, effort: 'high' }))));
      assert.equal(error.status, 400);
      const words = describeRunError(error);
      assert.match(words.message, /^Firecrawl refused the request for starting the agent job: Unrecognized key\(s\) in object: 'effort'$/);
      assert.deepEqual(words.actions, ['editAndRetry', 'showLogs']);
      const { id } = await client().startAgent(checked('agentStart', agentStartBody({ prompt: 'p', urls: [], maxCredits: 5 })));
      assert.ok(id);
    } finally {
      sandbox.agentStartWithoutEffort = false;
    }
  });

  test('parse: a multipart upload with a strict options part, answered in the scrape shape and rated as parse', async () => {
    const csv = 'name,plan\nExample,Hobby\n';
    const c = client();
    const result = await c.parse(
      parseBody({ name: 'plans "2026".csv', contentType: 'text/csv', bytes: new TextEncoder().encode(csv) }, { formats: ['markdown'], timeout: 30_000 }, c.runOrigin),
      30_000,
    );
    assert.match(result.markdown, /^# plans "2026"\.csv/);
    assert.match(result.markdown, /- Example,Hobby/);
    // The service lists parse jobs under another kind or not at all; its id is one feedback takes.
    const receipt = await client().sendCheckedFeedback({
      endpoint: 'parse',
      jobId: result.jobId!,
      rating: 'bad',
      issues: ['missing-content'],
      integration: '_vscode',
      origin: 'firecrawl-vscode@0.3.0-test',
    });
    assert.equal(receipt.alreadySubmitted, false);
    const sent = sandbox.requestsTo('parse')[0];
    assert.match(sent?.headers['content-type'] ?? '', /^multipart\/form-data; boundary=/);
    assert.match(String(sent?.body), /name="options"\r\n\r\n\{"formats":\["markdown"\],"timeout":30000,"integration":"_vscode","origin":"firecrawl-vscode@0\.3\.0-test"\}/);
  });
});

describe('a file too large for the server in front of Firecrawl', () => {
  test("a proxy's 413 page on a parse offers another file, not Retry", async () => {
    // A self-hosted server behind nginx, whose default body limit is 1 MB: the same file fails the same way.
    sandbox.fault({ route: 'parse', kind: 'status', status: 413, text: '<html><body><h1>413 Request Entity Too Large</h1></body></html>', contentType: 'text/html' });
    const c = client();
    const error = await failure(
      c.parse(parseBody({ name: 'big.csv', contentType: 'text/csv', bytes: new TextEncoder().encode('a,b\n1,2\n') }, { formats: ['markdown'], timeout: 30_000 }, c.runOrigin), 30_000),
    );
    const words = describeRunError(error, { apiUrl: 'https://firecrawl.internal.example', selfHosted: true });
    assert.deepEqual(words.actions, ['chooseFile']);
    assert.equal(
      words.message,
      "The server at https://firecrawl.internal.example refused the file as too large (HTTP 413): its upload limit, or that of a proxy in front of it, is below the 50 MB Firecrawl takes. Choose a smaller file, or raise the server's limit.",
    );
    assert.match(describeRunError(error).message, /^Firecrawl refused the file as too large \(HTTP 413\)\. Choose a smaller file\.$/);
  });
});

describe('parse deadline', () => {
  test("the client's time limit for a parse allows for sending the file on a slow link", async () => {
    const timers: number[] = [];
    const clock: Clock = { now: () => systemClock.now(), schedule: (ms, fn) => (timers.push(ms), systemClock.schedule(ms, fn)) };
    const c = new FirecrawlClient({ baseUrl: sandbox.url, apiKey: () => sandbox.keys.valid, clientName: 'firecrawl-vscode', clientVersion: '0.3.0-test', fetch: nodeFetch, clock });
    const bytes = new TextEncoder().encode(`name,plan\n${'Example,Hobby\n'.repeat(80_000)}`);
    const upload = parseBody({ name: 'big.csv', contentType: 'text/csv', bytes }, { formats: ['markdown'], timeout: 30_000 }, c.runOrigin);
    await c.parse(upload, 30_000);
    // 1.1 MB at 1 Mbit/s (125 bytes a millisecond) is about 9 s on top of the service's 30 s and the margin.
    assert.deepEqual(timers, [30_000 + 15_000 + Math.ceil(upload.bytes.byteLength / 125)]);
  });
});

describe('numbers in the checks before sending', () => {
  test('are written as the display language writes them', () => {
    setLocale('de');
    try {
      const big = parseUpload('big.pdf', MAX_PARSE_BYTES + 6 * 1024 * 1024);
      assert.match(!big.ok ? big.problems[0]!.message : '', /^big\.pdf is 56,0 MB;/);
      assert.throws(
        () => checked('agentStart', agentStartBody({ prompt: 'p'.repeat(10_001), urls: [], maxCredits: 5 })),
        (error: { problems?: Array<{ message: string }> }) => error.problems?.[0]?.message === 'At most 10.000 characters.',
      );
    } finally {
      setLocale(undefined);
    }
  });
});

describe('parse uploads', () => {
  test('only the types the service parses, and at most 50 MB, refused before sending', () => {
    assert.deepEqual(parseUpload('Report.PDF', 10), { ok: true, body: { contentType: 'application/pdf' } });
    assert.equal(parseUpload('notes.txt', 10).ok, false);
    const big = parseUpload('big.pdf', MAX_PARSE_BYTES + 1);
    assert.equal(big.ok, false);
    assert.equal(!big.ok ? big.problems[0]!.message : '', 'big.pdf is 50.1 MB; Firecrawl takes at most 50 MB.', 'one byte over reads over; the file is named, one of several selected');
    assert.equal(parseUpload('exact.csv', MAX_PARSE_BYTES).ok, true);
  });

  test('a refused file offers another file, not Retry; a key that cannot be sent still asks for the key', () => {
    const file = describeRunError(new InvalidRequestError({ operation: 'parse', problems: [{ path: 'file', message: 'The file is 60.0 MB; Firecrawl takes at most 50 MB.' }] }));
    assert.deepEqual(file.actions, ['chooseFile']);
    assert.match(file.message, /60\.0 MB/);
    const key = describeRunError(new InvalidRequestError({ operation: 'parse', problems: [{ path: API_KEY_PATH, message: 'contains a line break' }] }));
    assert.ok(key.actions.includes('setApiKey'), key.actions.join());
    assert.ok(!key.actions.includes('chooseFile'));
  });

  test('an address refused before sending (one a search or a map returned) offers Edit and Retry, not a Retry refused the same way', () => {
    const refused = describeRunError(new InvalidRequestError({ operation: 'scrape', problems: [{ path: 'url', message: 'Not a URL.' }] }));
    assert.deepEqual(refused.actions, ['editAndRetry']);
    assert.match(refused.message, /Not a URL/);
    const key = describeRunError(new InvalidRequestError({ operation: 'scrape', problems: [{ path: API_KEY_PATH, message: 'contains a line break' }] }));
    assert.ok(key.actions.includes('setApiKey'), key.actions.join());
  });
});

describe('rating right after the run', () => {
  // The service writes search and map jobs in the background: the sandbox answers 404 for them until
  // `feedbackRowDelayMs` after the run. The client's one wait moves the sandbox clock, so nothing here sleeps.
  const waited: number[] = [];
  const patient = () =>
    new FirecrawlClient({
      baseUrl: sandbox.url,
      apiKey: () => sandbox.keys.valid,
      clientName: 'firecrawl-vscode',
      clientVersion: '0.3.0-test',
      fetch: nodeFetch,
      sleep: async (ms) => {
        waited.push(ms);
        sandbox.advanceClock(ms);
      },
    });
  const rate = (endpoint: 'search' | 'map' | 'scrape', jobId: string) =>
    patient().sendCheckedFeedback({
      endpoint,
      jobId,
      ...(endpoint === 'search' ? { rating: 'bad' as const, querySuggestions: 'firecrawl pricing' } : { rating: 'good' as const, url: 'https://docs.example.org/' }),
      integration: '_vscode',
      origin: 'firecrawl-vscode@0.3.0-test',
    });
  const code = (error: FirecrawlError) => (error as { feedbackErrorCode?: string }).feedbackErrorCode;
  const feedbackPosts = () => sandbox.requestsTo('feedback').length;
  beforeEach(() => {
    waited.length = 0;
    sandbox.feedbackRowDelayMs = 800;
  });
  after(() => (sandbox.feedbackRowDelayMs = 0));

  test('a search or a map rated at once is sent again after a second, and the second answer is the receipt', async () => {
    const search = await patient().search(checked('search', searchBody('web scraping', 2)));
    assert.equal((await rate('search', search.jobId!)).alreadySubmitted, false);
    const map = await patient().map(checked('map', mapBody('https://docs.example.org', 3)));
    assert.equal((await rate('map', map.jobId!)).alreadySubmitted, false);
    assert.deepEqual(waited, [1_000, 1_000]);
    assert.equal(feedbackPosts(), 4);
  });

  test('a job the service still does not know after the wait is its 404; a scrape is never sent twice', async () => {
    const unknown = '3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4';
    const search = await failure(rate('search', unknown));
    assert.equal(code(search), 'SEARCH_NOT_FOUND');
    assert.equal(feedbackPosts(), 2);
    const scrape = await failure(rate('scrape', unknown));
    assert.equal(code(scrape), 'JOB_NOT_FOUND');
    assert.equal(feedbackPosts(), 3);
    assert.deepEqual(waited, [1_000]);
  });
});
