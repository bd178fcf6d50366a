// What a failed send leaves on its draft: only a send that may have reached the service is marked as
// sent once (its repeat is then worded as such, and a refusal as too late says it may count).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidResponseError, NetworkError, ServerError, TimeoutError, UnauthorizedError } from '../../../src/api/errors';
import { mayHaveLanded } from '../../../src/features/feedback/model/draft';

const cause = (code: string) => Object.assign(new Error(`connect ${code}`), { code });

test('a connection never made sent nothing; one that broke off, a timeout, an unreadable success or a gateway may have', () => {
  const base = { operation: 'feedback' as const, baseUrl: 'https://api.firecrawl.dev' };
  assert.equal(mayHaveLanded(new NetworkError({ ...base, cause: cause('ECONNREFUSED') })), false);
  assert.equal(mayHaveLanded(new NetworkError({ ...base, cause: cause('ENOTFOUND') })), false);
  assert.equal(mayHaveLanded(new NetworkError({ ...base, cause: cause('ECONNRESET') })), true);
  assert.equal(mayHaveLanded(new TimeoutError({ ...base, timeoutMs: 30_000 })), true);
  assert.equal(mayHaveLanded(new InvalidResponseError({ ...base, status: 200, path: '/v2/feedback', problem: 'not JSON' })), true);
  assert.equal(mayHaveLanded(new ServerError({ ...base, status: 502 })), true);
  assert.equal(mayHaveLanded(new ServerError({ ...base, status: 500 })), false);
  assert.equal(mayHaveLanded(new UnauthorizedError({ ...base, status: 401 })), false);
  assert.equal(mayHaveLanded(new Error('x')), false);
});
