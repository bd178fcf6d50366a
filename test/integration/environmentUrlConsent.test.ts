// Where the key goes when FIRECRAWL_API_URL is set in the extension host's environment (as a
// devcontainer's containerEnv or a Codespace sets it) and firecrawl.apiUrl is not: inside a real
// extension host, against the sandbox on 127.0.0.1. The environment's own key goes there as it is;
// the key from secret storage only after the person allowed that address, once, and until Forget….
import * as assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import { verifyKey } from '../../src/features/connection/ui/apiKeyCommands';
import { ClientProvider } from '../../src/host/clientProvider';
import type { ApiKeyService } from '../../src/host/keyService';
import { EnvironmentUrlConsent, type UrlAnswer } from '../../src/host/environmentUrlConsent';
import { setBundleLocation } from '../../src/host/onDemand';
import { setPlatform } from '../../src/host/platform';
import { nodePlatform } from '../../src/platform/node';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, extensionId, setApiUrl, until } from './helpers';

const DEFAULT_API_URL = 'https://api.firecrawl.dev';
const ANSWERS = 'firecrawl.apiUrl.environmentAnswers';

/** A Memento of its own, so these providers' answers do not reach the extension's. */
class MemoryMemento implements vscode.Memento {
  private readonly values = new Map<string, unknown>();
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string, fallback?: T): T | undefined {
    return this.values.has(key) ? (this.values.get(key) as T) : fallback;
  }
  update(key: string, value: unknown): Thenable<void> {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, value);
    return Promise.resolve();
  }
}

describe('FIRECRAWL_API_URL and the stored key', function () {
  this.timeout(40_000);
  let api: TestApi;
  let sandbox: Sandbox;
  const saved = { url: process.env.FIRECRAWL_API_URL, key: process.env.FIRECRAWL_API_KEY };
  const providers: ClientProvider[] = [];
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a bundle's file, found at run time
  const hostPlatform = { ...nodePlatform, loadBundle: async (name: string, uri: vscode.Uri) => require(path.join(uri.fsPath, 'dist', `${name}.js`)) as unknown };

  /** Requests the sandbox saw carrying `key` in their Authorization header. */
  const sentWith = (key: string) => sandbox.requests().filter((r) => r.headers.authorization === `Bearer ${key}`);
  /** Every request from now on fails as offline, recorded with where it went and the key it carried. */
  const recordSends = () => {
    const sent: Array<{ origin: string; auth: string | undefined }> = [];
    setPlatform({
      ...hostPlatform,
      fetch: (url, init) => {
        sent.push({ origin: new URL(url).origin, auth: (init.headers as Record<string, string> | undefined)?.Authorization });
        return Promise.reject(new TypeError('fetch failed'));
      },
    });
    return sent;
  };
  /** The setting changes twice, so the extension resolves the address again and reads the environment. */
  const resolveAgain = async () => {
    await setApiUrl('https://resolve-again.invalid');
    await until('the setting to apply', () => api.provider.url.source === 'setting');
    await setApiUrl(undefined);
  };

  before(async () => {
    api = await activateExtension();
    // The providers built here are this file's own copies of the modules: they get what the Node
    // entry point gives the extension's (process.env, where the variables are set; the bundles).
    // nodePlatform loads bundles from beside its own file, which here is out/, not dist/.
    setPlatform(hostPlatform);
    setBundleLocation(vscode.extensions.getExtension(extensionId)!.extensionUri);
    sandbox = await startSandbox();
    await api.keys.clear();
    await api.researchDeps.storage.update(ANSWERS, undefined);
    process.env.FIRECRAWL_API_URL = sandbox.url;
  });

  after(async () => {
    for (const provider of providers) provider.dispose();
    for (const [name, value] of [
      ['FIRECRAWL_API_URL', saved.url],
      ['FIRECRAWL_API_KEY', saved.key],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await api.researchDeps.storage.update(ANSWERS, undefined);
    await api.keys.clear();
    await resolveAgain();
    await sandbox.close();
  });

  it("serves the environment's own key at the environment's address without asking", async () => {
    process.env.FIRECRAWL_API_KEY = sandbox.keys.second;
    try {
      await resolveAgain();
      await until('the environment address', () => api.provider.url.source === 'environment');
      assert.deepEqual(api.provider.url, { url: sandbox.url, source: 'environment' });
      assert.equal(api.keys.current?.source, 'environment');
      sandbox.resetCounts();
      await api.provider.client.getCreditUsage();
      // The extension's own credits poll may ask too: every request carries the environment's key.
      assert.ok(sentWith(sandbox.keys.second).length >= 1);
      assert.equal(sandbox.requests().length, sentWith(sandbox.keys.second).length);
    } finally {
      delete process.env.FIRECRAWL_API_KEY;
    }
  });

  it('never sends the stored key to an environment address nobody allowed, not even from a client made before', async () => {
    await resolveAgain();
    await until('the environment address', () => api.provider.url.source === 'environment');
    const madeBefore = api.provider.client;
    sandbox.resetCounts();
    await api.keys.store(sandbox.keys.valid);
    await until('the address withheld', () => api.provider.url.withheld);
    assert.deepEqual(api.provider.url, { url: DEFAULT_API_URL, source: 'default', withheld: sandbox.url });
    // A request begun on the old client after the change goes without the key.
    await madeBefore.getCreditUsage({ maxAttempts: 1 }).catch(() => undefined);
    assert.ok(
      sandbox.requests().some((r) => r.route === 'creditUsage'),
      'the old client asked the environment address',
    );
    assert.deepEqual(sentWith(sandbox.keys.valid), [], 'but not with the stored key');
    // A key typed to be checked before it is stored goes where a stored key may go, too.
    assert.equal(api.provider.clientFor(sandbox.keys.second).baseUrl, DEFAULT_API_URL);
  });

  it('asks once per address, showing it; a yes is kept and the key goes there; Forget asks again; a no is kept', async () => {
    const memento = new MemoryMemento();
    const asked: Array<[string, string]> = [];
    const answers: UrlAnswer[] = ['allowed', 'refused'];
    const consent = new EnvironmentUrlConsent(memento, async (url, meanwhile) => {
      asked.push([url, meanwhile]);
      return answers.shift();
    });
    const provider = new ClientProvider(api.keys, api.log, '0.0.0-test', consent);
    providers.push(provider);
    assert.equal(provider.url.url, DEFAULT_API_URL, 'nothing goes to the environment address before the answer');
    await until('the answer to apply', () => provider.url.url === sandbox.url);
    assert.deepEqual(asked, [[sandbox.url, DEFAULT_API_URL]]);
    assert.equal(provider.url.source, 'environment');
    sandbox.resetCounts();
    const usage = await provider.client.getCreditUsage();
    assert.equal(usage.remainingCredits, sandbox.getCredits()?.remainingCredits);
    assert.equal(sentWith(sandbox.keys.valid).length, 1, 'allowed: the stored key goes there');

    // Remembered: another window (a provider on the same answers) does not ask again.
    let askedElsewhere = 0;
    const elsewhere = new EnvironmentUrlConsent(memento, async () => (askedElsewhere++, 'refused'));
    const again = new ClientProvider(api.keys, api.log, '0.0.0-test', elsewhere);
    providers.push(again);
    assert.deepEqual(again.url, { url: sandbox.url, source: 'environment' });
    await elsewhere.ask(sandbox.url, DEFAULT_API_URL);
    assert.equal(askedElsewhere, 0);
    // That window closes: only the first is left to hear the answers change.
    again.dispose();

    // Revoked: the next question gets a no, which is kept too.
    await consent.forget();
    await until('the second answer', () => asked.length === 2 && consent.answerFor(sandbox.url) === 'refused');
    assert.deepEqual(provider.url, { url: DEFAULT_API_URL, source: 'default', withheld: sandbox.url });
    const afterNo = new ClientProvider(api.keys, api.log, '0.0.0-test', elsewhere);
    providers.push(afterNo);
    assert.equal(afterNo.url.withheld, sandbox.url);
    await elsewhere.ask(sandbox.url, DEFAULT_API_URL);
    assert.equal(askedElsewhere, 0, 'a no is not asked again either');
  });

  it("the environment's own key never goes to the default address that stood in for the environment's", async () => {
    const ENV_KEY = 'self-hosted-key-0123456789';
    const sent = recordSends();
    // Secret storage not read yet: the address is withheld until it is known whether a stored key exists.
    let read: () => void = () => undefined;
    const keys = {
      isReady: false,
      current: undefined as { source: 'environment'; value: string } | undefined,
      ready: new Promise<void>((resolve) => (read = resolve)),
      heldKeys: [] as string[],
      onDidChange: () => ({ dispose: () => undefined }),
    };
    const consent = new EnvironmentUrlConsent(new MemoryMemento(), () => new Promise<UrlAnswer | undefined>(() => undefined));
    const provider = new ClientProvider(keys as unknown as ApiKeyService, api.log, '0.0.0-test', consent);
    providers.push(provider);
    try {
      assert.equal(provider.url.withheld, sandbox.url);
      const early = provider.client.getCreditUsage({ maxAttempts: 1 }).catch(() => undefined);
      // Nothing was stored: the environment's key is the key.
      Object.assign(keys, { isReady: true, current: { source: 'environment', value: ENV_KEY } });
      read();
      await early;
      assert.deepEqual(
        sent.filter((s) => s.auth === `Bearer ${ENV_KEY}` && s.origin !== sandbox.url),
        [],
      );
    } finally {
      setPlatform(hostPlatform);
    }
  });

  it("the environment's own key does not go to the default address when FIRECRAWL_API_URL is not a URL", async () => {
    const ENV_KEY = 'self-hosted-key-0123456789';
    const sent = recordSends();
    // A self-hosted address written without its scheme, as often happens.
    process.env.FIRECRAWL_API_URL = 'localhost:3002';
    const keys = {
      isReady: true,
      current: { source: 'environment' as const, value: ENV_KEY },
      ready: Promise.resolve(),
      heldKeys: [] as string[],
      onDidChange: () => ({ dispose: () => undefined }),
    };
    const consent = new EnvironmentUrlConsent(new MemoryMemento(), () => new Promise<UrlAnswer | undefined>(() => undefined));
    const provider = new ClientProvider(keys as unknown as ApiKeyService, api.log, '0.0.0-test', consent);
    providers.push(provider);
    try {
      assert.equal(provider.url.url, DEFAULT_API_URL);
      assert.match(provider.url.problem ?? '', /^FIRECRAWL_API_URL: /);
      await provider.client.getCreditUsage({ maxAttempts: 1 }).catch(() => undefined);
      assert.deepEqual(
        sent.filter((s) => s.auth === `Bearer ${ENV_KEY}`),
        [],
      );
      assert.equal(provider.errorContext.keySet, false, 'no key was sent: a 401 then asks for one, and never says the key was rejected');
    } finally {
      process.env.FIRECRAWL_API_URL = sandbox.url;
      setPlatform(hostPlatform);
    }
  });

  it("FIRECRAWL_API_URL naming Firecrawl's own address asks nothing: the stored key goes there as it would anyway", async () => {
    const STORED = 'fc-0123456789abcdef0123456789abcdef';
    const sent = recordSends();
    process.env.FIRECRAWL_API_URL = `${DEFAULT_API_URL}/`;
    const keys = {
      isReady: true,
      current: { source: 'stored' as const, value: STORED },
      ready: Promise.resolve(),
      heldKeys: [] as string[],
      onDidChange: () => ({ dispose: () => undefined }),
    };
    let asked = 0;
    const consent = new EnvironmentUrlConsent(new MemoryMemento(), () => ((asked += 1), new Promise<UrlAnswer | undefined>(() => undefined)));
    const provider = new ClientProvider(keys as unknown as ApiKeyService, api.log, '0.0.0-test', consent);
    providers.push(provider);
    try {
      assert.equal(provider.url.withheld, undefined);
      assert.equal(await provider.keyCheckUrl(), provider.url.url);
      await provider.client.getCreditUsage({ maxAttempts: 1 }).catch(() => undefined);
      assert.deepEqual(sent, [{ origin: DEFAULT_API_URL, auth: `Bearer ${STORED}` }]);
      assert.equal(asked, 0, 'no question about the default address');
    } finally {
      process.env.FIRECRAWL_API_URL = sandbox.url;
      setPlatform(hostPlatform);
    }
  });

  it('Forget Allowed FIRECRAWL_API_URL Addresses revokes a yes the extension had', async () => {
    // Named as the extension names a yes: after the machine its host runs on.
    await api.researchDeps.storage.update(ANSWERS, { [`${os.hostname()} ${sandbox.url}`]: 'allowed' });
    await resolveAgain();
    await until('the allowed environment address', () => api.provider.url.url === sandbox.url);
    assert.equal(api.provider.url.source, 'environment');
    await vscode.commands.executeCommand('firecrawl.forgetEnvironmentApiUrls');
    await until('the address withheld again', () => api.provider.url.withheld === sandbox.url);
    assert.equal(api.provider.url.url, DEFAULT_API_URL);
    assert.deepEqual(Object.keys(api.researchDeps.storage.get<object>(ANSWERS) ?? {}), ['forgotten'], "no answer is left, only Forget's mark");
  });

  it('Set API Key asks about the environment address first, then checks the key typed where its box says', async () => {
    await api.keys.clear();
    const asked: string[] = [];
    const consent = new EnvironmentUrlConsent(new MemoryMemento(), async (url) => (asked.push(url), 'allowed'));
    const provider = new ClientProvider(api.keys, api.log, '0.0.0-test', consent);
    providers.push(provider);
    assert.equal(await provider.keyCheckUrl(), sandbox.url);
    assert.deepEqual(asked, [sandbox.url]);
    sandbox.resetCounts();
    const verdict = await verifyKey(provider, sandbox.keys.valid, new AbortController().signal);
    assert.equal(verdict.kind, 'valid', JSON.stringify(verdict));
    assert.equal(sentWith(sandbox.keys.valid).length, 1, 'the key typed went to the address the box names, not to the hosted service');

    // Refused: the box names the hosted service, and the check goes there.
    const refusing = new EnvironmentUrlConsent(new MemoryMemento(), async () => 'refused');
    const other = new ClientProvider(api.keys, api.log, '0.0.0-test', refusing);
    providers.push(other);
    assert.equal(await other.keyCheckUrl(), DEFAULT_API_URL);
    assert.equal(other.clientFor(sandbox.keys.valid).baseUrl, DEFAULT_API_URL);
  });
});
