// A Start Agent Job cancelled before its request left (while the client still waited for the key or
// its response rules) sent nothing: it must not be worded as a run that may have started anyway.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { agentStartBody, checked, FirecrawlClient, isFirecrawlError } from '../../../src/api';
import { describeRunError } from '../../../src/host/errorText/run';

test('an agent start cancelled before it was sent says nothing was sent', async () => {
  let fetched = 0;
  const controller = new AbortController();
  const client = new FirecrawlClient({
    baseUrl: 'https://api.firecrawl.dev',
    apiKey: () => 'fc-test',
    clientName: 'firecrawl-vscode',
    clientVersion: '0.0.0-test',
    fetch: async () => {
      fetched++;
      throw new Error('no request should leave');
    },
    sleep: async () => undefined,
  });
  controller.abort();
  const error = await client.startAgent(checked('agentStart', agentStartBody({ prompt: 'find things', urls: [], maxCredits: 100 })), { signal: controller.signal }).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.equal(fetched, 0);
  assert.ok(isFirecrawlError(error) && error.kind === 'cancelled');
  const text = describeRunError(error);
  assert.doesNotMatch(text.message, /may have started/);
  assert.deepEqual(text.actions, []);
});
