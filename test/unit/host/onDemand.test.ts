// A bundle kept out of activation is read when first needed: in a browser host, fetched. When that
// read fails (offline, the extension's files gone after an update), the person must learn which
// file could not be loaded and what to do, not "Something went wrong: Failed to fetch".
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { FirecrawlClient } from '../../../src/api';
import type { ResponseRules } from '../../../src/api/rules';
import { describeError } from '../../../src/host/errorText';
import { loadOnDemand, setBundleLocation } from '../../../src/host/onDemand';
import { setPlatform, type Platform } from '../../../src/host/platform';

describe('an on-demand bundle that cannot be read', () => {
  test('a request whose response rules fail to load says which file and to check the network and reload', async () => {
    let fetched = 0;
    const web: Platform = {
      name: 'web',
      fetch: undefined,
      env: {},
      homeFolder: () => undefined,
      machineName: () => undefined,
      // What a web worker's fetch throws when the network is down.
      loadBundle: () => Promise.reject(new TypeError('Failed to fetch')),
    };
    setPlatform(web);
    setBundleLocation({ toString: () => 'https://ext.example.test/firecrawl' } as unknown as vscode.Uri);
    const client = new FirecrawlClient({
      baseUrl: 'https://api.example.test',
      apiKey: () => 'fc-0123456789abcdef0123456789abcdef',
      clientName: 'firecrawl-vscode',
      clientVersion: '0.1.0-test',
      sleep: async () => undefined,
      loadRules: () => loadOnDemand<ResponseRules>('responseRules'),
      fetch: async () => {
        fetched += 1;
        throw new Error('no request is sent without the rules');
      },
    });
    const error = await client.getCreditUsage().then(
      () => assert.fail('expected the call to fail'),
      (e: unknown) => e,
    );
    assert.equal(fetched, 0);
    const words = describeError(error, { apiUrl: 'https://api.example.test' });
    assert.doesNotMatch(words.message, /^Something went wrong/);
    assert.match(words.message, /responseRules\.js/);
    assert.match(words.message, /Failed to fetch/);
    assert.match(words.message, /Reload Window/);
    assert.deepEqual(words.actions, ['showLogs']);
  });
});
