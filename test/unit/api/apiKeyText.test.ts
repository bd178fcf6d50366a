// What a pasted key becomes before it is checked and stored: keys are copied out of .env files, JSON
// and shell commands with the quotes around them, and a password box hides those quotes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { keyProblem, trimKey } from '../../../src/api/apiKeyText';

const KEY = 'fc-0123456789abcdef0123456789abcdef';

describe('API key text', () => {
  test('quotes around a pasted key are dropped, as a .env file or JSON would', () => {
    for (const pasted of [`"${KEY}"`, `'${KEY}'`, `\`${KEY}\``, ` "${KEY}"\n`, `\u201c${KEY}\u201d`, `\u2018${KEY}\u2019`, `"\u200b${KEY} "`]) {
      assert.equal(trimKey(pasted), KEY, JSON.stringify(pasted));
      assert.equal(keyProblem(trimKey(pasted)), undefined, JSON.stringify(pasted));
    }
  });

  test('a quote that does not enclose the key is left for the check to find', () => {
    assert.equal(trimKey(`"${KEY}`), `"${KEY}`);
    assert.equal(trimKey(`"${KEY}'`), `"${KEY}'`);
    assert.equal(trimKey(`fc-ab"cd"`), `fc-ab"cd"`);
  });

  test('white space and invisible characters at the ends are still trimmed, and a line break inside is still refused', () => {
    assert.equal(trimKey(`\ufeff ${KEY}\r\n`), KEY);
    assert.match(keyProblem(`fc-ab\ncd`) ?? '', /position 6/);
    assert.match(keyProblem(`Bearer ${KEY}`) ?? '', /position 7/);
  });
});
