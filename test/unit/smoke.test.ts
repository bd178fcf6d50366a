import { test } from 'node:test';
import assert from 'node:assert/strict';
test('placeholder removed once the api tests land', () => { assert.equal(1 + 1, 2); });
