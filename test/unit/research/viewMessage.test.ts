// The line above the Research tree beyond the shutdown: offline, rate limited, the environment's key;
// and the connection the welcome views go by, from the last credits call.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { NetworkError, ServerError, TimeoutError, UnauthorizedError } from '../../../src/api';
import { connectionOf } from '../../../src/features/credits/model/connection';
import type { TrackedJob } from '../../../src/features/research/model/trackedJob';
import { connectionMessage, keySourceMessage } from '../../../src/features/research/ui/viewMessage';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const job = (poll: TrackedJob['poll'], fetchedAt?: number): TrackedJob =>
  ({ id: '0b9e2a4c-1111-4222-8333-444455556666', kind: 'agent', trackedAt: NOW - 600_000, poll, ...(fetchedAt ? { fetchedAt } : {}) }) as TrackedJob;
const stored = { keySource: 'stored' as const, errors: { apiUrl: 'https://api.firecrawl.dev' } };

describe('the view line about the connection', () => {
  test('all well: nothing to say', () => {
    assert.equal(connectionMessage([job({ kind: 'polling' }, NOW - 5_000)], stored, NOW), undefined);
    assert.equal(connectionMessage([], stored, NOW), undefined);
  });

  test('offline: says which server and how old what is shown is', () => {
    const waiting = job({ kind: 'retrying', reason: 'unreachable', error: new Error('x'), retryAt: NOW + 30_000, failures: 2 }, NOW - 300_000);
    assert.equal(connectionMessage([waiting], stored, NOW), 'Offline: cannot reach api.firecrawl.dev. The jobs show what was last seen (last checked 5m ago); retrying.');
  });

  test("offline in a browser at a server of one's own: the likely cause (CORS) follows, since the browser hides it", () => {
    const error = new NetworkError({ operation: 'agentJob', baseUrl: 'https://fc.example.test' });
    const waiting = job({ kind: 'retrying', reason: 'unreachable', error, retryAt: NOW + 30_000, failures: 2 }, NOW - 300_000);
    const web = { keySource: 'stored' as const, errors: { apiUrl: 'https://fc.example.test', selfHosted: true, browser: true } };
    assert.equal(
      connectionMessage([waiting], web, NOW),
      'Offline: cannot reach fc.example.test. The jobs show what was last seen (last checked 5m ago); retrying. In a browser this is often CORS: the server must send Access-Control-Allow-Origin for this page and allow Authorization in Access-Control-Allow-Headers; or use VS Code desktop.',
    );
    // On the desktop, or at the hosted service (which allows every origin), the browser is not the likely cause.
    assert.doesNotMatch(connectionMessage([waiting], { ...web, errors: { ...web.errors, browser: false } }, NOW) ?? '', /CORS/);
    const hosted = job({ kind: 'retrying', reason: 'unreachable', error: new NetworkError({ operation: 'agentJob', baseUrl: 'https://api.firecrawl.dev' }), retryAt: NOW, failures: 1 });
    assert.doesNotMatch(connectionMessage([hosted], { ...stored, errors: { ...stored.errors, browser: true } }, NOW) ?? '', /CORS/);
  });

  test('a server error is the service failing, not this machine offline; offline is said first when both are', () => {
    const failing = job({ kind: 'retrying', reason: 'unreachable', error: new ServerError({ operation: 'researchJob', status: 503 }), retryAt: NOW + 30_000, failures: 2 }, NOW - 300_000);
    assert.equal(connectionMessage([failing], stored, NOW), 'Firecrawl answers with a server error: the jobs show what was last seen (last checked 5m ago); retrying.');
    assert.equal(connectionMessage([job(failing.poll)], stored, NOW), 'Firecrawl answers with a server error: the jobs show what was last seen; retrying.');
    const offline = job({ kind: 'retrying', reason: 'unreachable', error: new NetworkError({ operation: 'agentJob', baseUrl: 'https://api.firecrawl.dev' }), retryAt: NOW, failures: 1 });
    assert.match(connectionMessage([failing, offline], stored, NOW) ?? '', /^Offline: cannot reach api\.firecrawl\.dev\./);
    const slow = job({ kind: 'retrying', reason: 'unreachable', error: new TimeoutError({ operation: 'agentJob', timeoutMs: 30_000 }), retryAt: NOW, failures: 1 });
    assert.match(connectionMessage([slow], stored, NOW) ?? '', /^Offline: cannot reach/, 'no answer in time counts as offline, as the credits do');
  });

  test('rate limited: what is shown may be old, and it waits for the service', () => {
    const waiting = job({ kind: 'retrying', reason: 'rateLimited', error: new Error('x'), retryAt: NOW + 30_000, failures: 1 }, NOW - 60_000);
    assert.match(connectionMessage([waiting], stored, NOW) ?? '', /^Rate limited by the service: the jobs show what was last seen \(last checked 1m ago\)/);
  });

  test("the environment's key is named (when nothing more pressing is)", () => {
    assert.equal(keySourceMessage({ ...stored, keySource: 'environment' }), 'Using FIRECRAWL_API_KEY from the environment; Set API Key keeps one in secret storage.');
    assert.equal(keySourceMessage(stored), undefined);
  });
});

describe('the connection the welcome views go by', () => {
  const op = { operation: 'creditUsage' as const };
  test('from the credits state', () => {
    assert.equal(connectionOf({ loading: true }), 'unknown');
    assert.equal(connectionOf({ loading: false, snapshot: { usage: { remainingCredits: 1 }, fetchedAt: NOW } as never }), 'ok');
    assert.equal(connectionOf({ loading: false, problem: { kind: 'unauthorized', error: new UnauthorizedError(op) } }), 'rejected');
    assert.equal(connectionOf({ loading: false, problem: { kind: 'unavailable', error: new NetworkError({ ...op, baseUrl: 'x' }), retryAt: NOW } }), 'offline');
    assert.equal(connectionOf({ loading: false, problem: { kind: 'unavailable', error: new TimeoutError({ ...op, timeoutMs: 1 }), retryAt: NOW } }), 'offline');
    // A 503 is the service having a bad minute, not this machine being offline.
    assert.equal(connectionOf({ loading: false, problem: { kind: 'unavailable', error: new ServerError({ ...op, status: 503 }), retryAt: NOW } }), 'unknown');
    assert.equal(connectionOf({ loading: false, problem: { kind: 'noBilling', error: new Error('x') } }), 'ok');
  });
});
