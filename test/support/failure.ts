// The error a client call fails with, for tests that look at it; a call that succeeds fails the test.
import assert from 'node:assert/strict';
import type { FirecrawlError } from '../../src/api';

export async function failure(promise: Promise<unknown>): Promise<FirecrawlError> {
  try {
    await promise;
  } catch (error) {
    return error as FirecrawlError;
  }
  assert.fail('expected the call to fail');
}
