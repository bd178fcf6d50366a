// The API key, the API URL setting and the credits store inside a real extension host, against the
// sandbox server started in this (Node) host on 127.0.0.1.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import { CONTEXT, SECRETS } from '../../src/ids';
import { ApiKeyService } from '../../src/host/keyService';
import { creditsSettings } from '../../src/host/settings';
import { teamName } from '../../src/host/team';
import { verifyKey } from '../../src/features/connection/ui/apiKeyCommands';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, setApiUrl, until } from './helpers';

const REJECTED_KEY = 'fc-rejected-integration-key-5b1e0c';

describe('API key, settings and credits', function () {
  this.timeout(30_000);
  let api: TestApi;
  let sandbox: Sandbox;
  const envKey = process.env.FIRECRAWL_API_KEY;

  before(async () => {
    api = await activateExtension();
    sandbox = await startSandbox();
    delete process.env.FIRECRAWL_API_KEY;
    await setApiUrl(sandbox.url);
    await until('the provider to follow the setting', () => api.provider.url.url === sandbox.url);
  });

  after(async () => {
    await api.keys.clear();
    await setApiUrl(undefined);
    if (envKey !== undefined) process.env.FIRECRAWL_API_KEY = envKey;
    await sandbox.close();
  });

  it('stores a key only in SecretStorage, uses it, and clears it', async () => {
    await api.keys.clear();
    assert.equal(api.keys.current, undefined);
    await until('the no-key state', () => api.credits.store.state.problem?.kind === 'noKey');

    await api.keys.store(sandbox.keys.valid);
    assert.deepEqual(api.keys.current, { value: sandbox.keys.valid, source: 'stored' });
    const state = await until('credits from the sandbox', () => api.credits.store.state.snapshot);
    assert.equal(state.usage.remainingCredits, sandbox.getCredits()?.remainingCredits);

    const configured = vscode.workspace.getConfiguration('firecrawl');
    assert.ok(!JSON.stringify(configured).includes(sandbox.keys.valid), 'never in settings');

    await vscode.commands.executeCommand('firecrawl.clearApiKey');
    assert.equal(api.keys.current, undefined);
    await until('the no-key state after clearing', () => api.credits.store.state.problem?.kind === 'noKey');
  });

  it('falls back to FIRECRAWL_API_KEY from the environment, labelled, never stored', async () => {
    await api.keys.clear();
    process.env.FIRECRAWL_API_KEY = sandbox.keys.second;
    try {
      assert.deepEqual(api.keys.current, { value: sandbox.keys.second, source: 'environment' });
      await api.credits.store.refreshNow();
      assert.ok(api.credits.store.state.snapshot, 'the environment key works');
    } finally {
      delete process.env.FIRECRAWL_API_KEY;
    }
  });

  it('validates firecrawl.apiUrl and applies changes without a reload', async () => {
    await setApiUrl('ftp://example.com');
    await until('the fallback for a non-http URL', () => api.provider.url.problem);
    assert.equal(api.provider.url.url, 'https://api.firecrawl.dev');

    await setApiUrl('http://firecrawl.example.com');
    await until('the insecure flag', () => api.provider.url.insecure);

    await setApiUrl(sandbox.url);
    await until('the sandbox URL', () => api.provider.url.url === sandbox.url && !api.provider.url.problem);
    await api.keys.store(sandbox.keys.valid);
    // The key change already started a refresh; let it land before counting.
    await api.credits.store.refresh();
    sandbox.resetCounts();
    await api.credits.store.refreshNow();
    assert.equal(sandbox.requestCount('creditUsage'), 1, 'the next request goes to the new URL');
  });

  it('says a value that is not a URL is not one, without repeating it (it may be the key)', async () => {
    // The "Firecrawl" channel's file is in this extension's log folder or beside it.
    const folder = path.resolve(api.logDir, '..');
    const logFile = () =>
      fs
        .readdirSync(folder, { recursive: true })
        .map(String)
        .filter((f) => fs.statSync(path.join(folder, f)).isFile())
        .map((f) => fs.readFileSync(path.join(folder, f), 'utf8'))
        .join('\n');
    for (const pasted of ['my+self/hosted=key', 'secret:my+self/hosted=key']) {
      await setApiUrl(pasted);
      const problem = await until(`the fallback for a value that is not a URL`, () => api.provider.url.problem);
      assert.match(problem, /^firecrawl\.apiUrl: the value is not a URL/);
      assert.ok(!problem.includes('hosted'), problem);
      assert.equal(api.provider.url.url, 'https://api.firecrawl.dev');
      await setApiUrl(sandbox.url);
      await until('the sandbox URL', () => api.provider.url.url === sandbox.url && !api.provider.url.problem);
    }
    await until('the warnings in the log', () => logFile().includes('the value is not a URL starting with https:// or http://'));
    assert.ok(!logFile().includes('hosted=key'), 'the value is in no warning');
  });

  it('refuses API URLs ending in ? or #, and notes a path in one', async () => {
    for (const url of [`${sandbox.url}?`, `${sandbox.url}/#`]) {
      await setApiUrl(url);
      const problem = await until(`the fallback for ${url}`, () => api.provider.url.problem);
      assert.match(problem, /must not contain a query or fragment \(a \? or #\)/);
      assert.equal(api.provider.url.url, 'https://api.firecrawl.dev');
    }
    // A key pasted into the path is refused like a query, and not repeated.
    await setApiUrl(`${sandbox.url}/fc-0123456789abcdef`);
    const problem = await until('the fallback for a key in the path', () => api.provider.url.problem);
    assert.match(problem, /must not contain an API key/);
    assert.doesNotMatch(problem, /0123456789abcdef/);
    assert.equal(api.provider.url.url, 'https://api.firecrawl.dev');
    // Pasted after a space or a quote, which the address keeps percent-encoded (`%20fc-…`).
    for (const separator of [' ', '"', ' Bearer ']) {
      await setApiUrl(sandbox.url);
      await until('the sandbox URL', () => api.provider.url.url === sandbox.url && !api.provider.url.problem);
      await setApiUrl(`${sandbox.url}/${separator}fc-0123456789abcdef`);
      await until(`the fallback for a key after ${JSON.stringify(separator)}`, () => /must not contain an API key/.test(api.provider.url.problem ?? ''));
    }
    // Glued to the host name (no `/`), where the parser takes it for part of the name.
    await setApiUrl(sandbox.url);
    await until('the sandbox URL', () => api.provider.url.url === sandbox.url && !api.provider.url.problem);
    await setApiUrl(`https://api.firecrawl.devfc-${'0123456789abcdef'.repeat(2)}`);
    await until('the fallback for a key after the host', () => /must not contain an API key/.test(api.provider.url.problem ?? ''));
    assert.doesNotMatch(api.provider.url.problem ?? '', /0123456789abcdef/);
    // Not text at all (settings.json is edited by hand): refused in words, not thrown.
    await setApiUrl(sandbox.url);
    await until('the sandbox URL', () => api.provider.url.url === sandbox.url && !api.provider.url.problem);
    await vscode.workspace.getConfiguration('firecrawl').update('apiUrl', 42, vscode.ConfigurationTarget.Global);
    await until('the fallback for a number', () => /^firecrawl\.apiUrl: /.test(api.provider.url.problem ?? ''));
    // A proxy's path that only starts like a key is a path.
    await setApiUrl(`${sandbox.url}/fc-gateway`);
    await until('the URL with a proxy path', () => api.provider.url.path === '/fc-gateway');
    assert.equal(api.provider.url.problem, undefined);
    await setApiUrl(`${sandbox.url}/v2`);
    await until('the URL with a path', () => api.provider.url.path === '/v2');
    assert.equal(api.provider.url.problem, undefined, 'a path is allowed: a proxy may serve the API there');
    await setApiUrl(sandbox.url);
    await until('the sandbox URL', () => api.provider.url.url === sandbox.url && !api.provider.url.problem);
    assert.equal(api.provider.url.path, undefined);
  });

  it('the key check says the balance as the status bar does: of the plan, or over it', async () => {
    const credits = sandbox.getCredits();
    try {
      sandbox.setCredits({ remainingCredits: 1234.4, planCredits: 5000 });
      assert.deepEqual(await verifyKey(api.provider, sandbox.keys.valid, new AbortController().signal), { kind: 'valid', detail: '1,234 of 5,000 credits remaining' });
      sandbox.setCredits({ remainingCredits: -250, planCredits: 5000 });
      assert.deepEqual(await verifyKey(api.provider, sandbox.keys.valid, new AbortController().signal), { kind: 'valid', detail: 'Over plan by 250 credits (plan 5,000)' });
    } finally {
      sandbox.setCredits(credits);
    }
  });

  it('the key check trusts a 404 only when the service itself sent it', async () => {
    const credits = sandbox.getCredits();
    sandbox.setCredits(null);
    try {
      const own = await verifyKey(api.provider, sandbox.keys.valid, new AbortController().signal);
      assert.deepEqual(own, { kind: 'valid', detail: 'the team has no billing information' });
      // A key pasted into the path is refused like a query, and not repeated.
      await setApiUrl(`${sandbox.url}/fc-0123456789abcdef`);
      const problem = await until('the fallback for a key in the path', () => api.provider.url.problem);
      assert.match(problem, /must not contain an API key/);
      assert.doesNotMatch(problem, /0123456789abcdef/);
      assert.equal(api.provider.url.url, 'https://api.firecrawl.dev');
      await setApiUrl(`${sandbox.url}/v2`);
      await until('the URL with a path', () => api.provider.url.path === '/v2');
      const other = await verifyKey(api.provider, REJECTED_KEY, new AbortController().signal);
      assert.equal(other.kind, 'unverified', 'a wrong key is not stored as valid because some server said 404');
      assert.match(other.kind === 'unverified' ? other.message : '', /answered 404 while reading remaining credits, and not with Firecrawl's own error/);
    } finally {
      sandbox.setCredits(credits);
      await setApiUrl(sandbox.url);
      await until('the sandbox URL', () => api.provider.url.url === sandbox.url);
    }
  });

  it('reads a refresh interval far beyond a day as a day, so timers never overflow', async () => {
    const config = vscode.workspace.getConfiguration('firecrawl');
    await config.update('credits.refreshIntervalMinutes', 100_000, vscode.ConfigurationTarget.Global);
    try {
      assert.equal(creditsSettings.refreshIntervalMs(), 1_440 * 60_000);
    } finally {
      await config.update('credits.refreshIntervalMinutes', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.equal(creditsSettings.refreshIntervalMs(), 5 * 60_000);
  });

  it('shows every credits state: 401, 404, self-hosted, outage with last value, malformed body, recovery', async () => {
    const store = api.credits.store;
    // A function, not a property path: TypeScript would narrow the path across awaits.
    const problem = () => store.state.problem?.kind;
    await api.keys.store(sandbox.keys.valid);
    await store.refresh();
    assert.ok(store.state.snapshot);

    await api.keys.store(REJECTED_KEY);
    await until('key rejected', () => problem() === 'unauthorized');

    await api.keys.store(sandbox.keys.valid);
    await store.refresh();
    const credits = sandbox.getCredits();
    sandbox.setCredits(null);
    await store.refreshNow();
    assert.equal(problem(), 'noBilling');
    sandbox.setCredits(credits);

    sandbox.selfHosted = true;
    await store.refreshNow();
    assert.equal(problem(), 'unsupported');
    sandbox.selfHosted = false;

    await store.refreshNow();
    assert.ok(store.state.snapshot && !store.state.problem);
    sandbox.fault({ kind: 'status', status: 503, route: 'creditUsage', times: 3 });
    await store.refreshNow();
    assert.equal(problem(), 'unavailable');
    assert.ok(store.state.snapshot, 'the last value is kept during an outage');

    sandbox.fault({ kind: 'malformedJson', route: 'creditUsage', times: 3 });
    await store.refreshNow();
    assert.equal(problem(), 'unavailable');

    sandbox.clearFaults();
    await store.refreshNow();
    assert.equal(problem(), undefined, 'recovered after the outage');
  });

  it('redacts a key held earlier in this session from errors, their words and the log', async () => {
    // A self-hosted key (not shaped like a Firecrawl key, so only knowing it can redact it).
    const earlier = 'my+self/hosted=key-one';
    await api.keys.store(earlier);
    await api.keys.store(sandbox.keys.valid);
    await api.credits.store.refresh();
    sandbox.fault({ route: 'creditUsage', kind: 'status', status: 500, body: { success: false, error: `token ${earlier} (${encodeURIComponent(earlier).toLowerCase()}) has expired` } });
    await api.credits.store.refreshNow();
    // A 500 from a server other than the service reads as "not supported here" (self-hosted).
    const problem = api.credits.store.state.problem;
    const error = problem && 'error' in problem ? (problem.error as { serverMessage?: string; message: string }) : undefined;
    assert.equal(error?.serverMessage, 'token *** (***) has expired');
    api.log.warn(`an echo of ${earlier}`);
    const folder = path.resolve(api.logDir, '..');
    const logText = () =>
      fs
        .readdirSync(folder, { recursive: true })
        .map(String)
        .filter((f) => fs.statSync(path.join(folder, f)).isFile())
        .map((f) => fs.readFileSync(path.join(folder, f), 'utf8'))
        .join('\n');
    const text = await until('the echo in the log', () => (logText().includes('an echo of') ? logText() : undefined));
    assert.ok(!text.includes(earlier) && !text.toLowerCase().includes(encodeURIComponent(earlier).toLowerCase()), 'no earlier key in the log');
    sandbox.clearFaults();
  });

  it('leaves no key on disk in the user-data dir and none in the log', async () => {
    await api.keys.store(sandbox.keys.valid);
    await api.credits.store.refreshNow();
    await api.keys.clear();
    // What the clear sets off writes to disk (the keyless team joined, the research list put away): scan after it has.
    const keyless = await teamName(api.provider.url.url, undefined);
    await until('the window to settle without a key', () => api.team.current?.id === keyless && api.research.store.teamId === keyless && api.credits.store.state.problem?.kind === 'noKey');
    await api.research.store.previousWritten;

    // globalStorage is <user-data>/User/globalStorage/<extension>.
    const userData = path.resolve(api.globalStorage, '..', '..', '..');
    const secrets = [sandbox.keys.valid, sandbox.keys.second, REJECTED_KEY];
    const offenders: string[] = [];
    const scan = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) scan(full);
        else if (entry.isFile() && fs.statSync(full).size < 50 * 1024 * 1024) {
          const content = fs.readFileSync(full);
          for (const secret of secrets) if (content.includes(secret)) offenders.push(`${path.relative(userData, full)} holds ${secret.slice(0, 6)}…`);
        }
      }
    };
    scan(userData);
    assert.deepEqual(offenders, []);
    // The "Firecrawl" channel's file is in this extension's log folder or beside it. Debug lines
    // (every request) need the debug log level; failed attempts are logged at warn, always.
    const readLogs = () => {
      const texts: string[] = [];
      const collect = (dir: string) => {
        if (!fs.existsSync(dir)) return;
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) collect(full);
          else texts.push(fs.readFileSync(full, 'utf8'));
        }
      };
      collect(path.resolve(api.logDir, '..'));
      return texts.join('\n');
    };
    const text = await until('the rejected request in the log', () => {
      const t = readLogs();
      return /GET \/v2\/team\/credit-usage → 401/.test(t) ? t : undefined;
    });
    for (const secret of secrets) assert.ok(!text.includes(secret), 'no key in the log');
  });

  it('a keychain that will not answer: the environment key still counts, the views and palette know it, and nothing is left unhandled', async () => {
    const contexts: unknown[][] = [];
    const commands = vscode.commands as { executeCommand: typeof vscode.commands.executeCommand };
    const executeCommand = commands.executeCommand;
    // The window's own key context stays as the other tests left it: this service's calls are only recorded.
    commands.executeCommand = (async (command: string, ...args: unknown[]) => {
      if (command !== 'setContext' || args[0] !== CONTEXT.hasApiKey) return executeCommand(command, ...args);
      contexts.push(args);
      return undefined;
    }) as typeof executeCommand;
    const changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
    let reads = 0;
    const keychain: vscode.SecretStorage = {
      get: () => (reads++, Promise.reject(new Error('no keyring daemon answered'))),
      store: async () => undefined,
      delete: async () => undefined,
      onDidChange: changed.event,
    };
    const service = new ApiKeyService(keychain, { FIRECRAWL_API_KEY: sandbox.keys.valid });
    try {
      await service.initialize();
      assert.equal(service.current?.source, 'environment');
      assert.deepEqual(contexts, [[CONTEXT.hasApiKey, true]]);
      // Another window changed the key: the read that follows fails too, and is handled.
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      try {
        changed.fire({ key: SECRETS.apiKey });
        await until('the read after the change', () => reads === 2);
        // Rejections are reported once the microtasks of a turn are done: two turns on, it would be.
        for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
        assert.deepEqual(unhandled, []);
        assert.equal(service.current?.source, 'environment');
      } finally {
        process.off('unhandledRejection', onUnhandled);
      }
    } finally {
      commands.executeCommand = executeCommand;
      service.dispose();
      changed.dispose();
    }
  });
});
