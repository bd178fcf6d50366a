import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { validateFeedback } from '../../../src/api/feedback';
import { parseLabels, parsePageNumbers, type ParseResult } from '../../../src/features/feedback/model/parseInput';

function ok<T>(result: ParseResult<T>): T {
  if (!result.ok) assert.fail(`expected ok, got error: ${result.error}`);
  return result.value;
}

function err<T>(result: ParseResult<T>): { error: string; tokens: string[] } {
  if (result.ok) assert.fail(`expected an error, got ${JSON.stringify(result.value)}`);
  return result;
}

describe('parsePageNumbers', () => {
  test('numbers and ranges are expanded, deduplicated and sorted', () => {
    assert.deepEqual(ok(parsePageNumbers('1,3-5, 8')), [1, 3, 4, 5, 8]);
    assert.deepEqual(ok(parsePageNumbers('9 2-3 1;2')), [1, 2, 3, 9]);
    assert.deepEqual(ok(parsePageNumbers('5-5')), [5]);
    assert.deepEqual(ok(parsePageNumbers('007')), [7]);
  });

  test('en dash and spaces around the dash are ranges too', () => {
    assert.deepEqual(ok(parsePageNumbers('3–5')), [3, 4, 5]);
    assert.deepEqual(ok(parsePageNumbers('3 - 5, 10 -11')), [3, 4, 5, 10, 11]);
  });

  test('blank input is an empty list', () => {
    assert.deepEqual(ok(parsePageNumbers('')), []);
    assert.deepEqual(ok(parsePageNumbers(' , ,  ')), []);
  });

  test('0 is refused, naming the token', () => {
    const { error, tokens } = err(parsePageNumbers('1, 0, 2'));
    assert.deepEqual(tokens, ['0']);
    assert.match(error, /'0'.*start at 1/);
    assert.deepEqual(err(parsePageNumbers('0-3')).tokens, ['0-3']);
  });

  test('negatives are refused', () => {
    const { error, tokens } = err(parsePageNumbers('2,-3'));
    assert.deepEqual(tokens, ['-3']);
    assert.match(error, /'-3' is negative/);
  });

  test('reversed ranges are refused with the fix', () => {
    const { error, tokens } = err(parsePageNumbers('5-3'));
    assert.deepEqual(tokens, ['5-3']);
    assert.match(error, /reversed; write it as '3-5'/);
  });

  test('non-numbers and fractions are refused, naming the token', () => {
    assert.deepEqual(err(parsePageNumbers('1, two, 3')).tokens, ['two']);
    assert.match(err(parsePageNumbers('1.5')).error, /'1\.5' is not a whole number/);
    assert.deepEqual(err(parsePageNumbers('3-')).tokens, ['3-']);
    assert.deepEqual(err(parsePageNumbers('1-2-3')).tokens, ['1-2-3']);
    assert.deepEqual(err(parsePageNumbers('p5')).tokens, ['p5']);
  });

  test('100 distinct pages pass; the token that passes 100 is named', () => {
    assert.equal(ok(parsePageNumbers('1-100')).length, 100);
    assert.equal(ok(parsePageNumbers('1-100, 50, 100')).length, 100);
    assert.deepEqual(err(parsePageNumbers('1-101')).tokens, ['1-101']);
    assert.deepEqual(err(parsePageNumbers('1-100, 101')).tokens, ['101']);
    const { error, tokens } = err(parsePageNumbers('1-60, 50-110'));
    assert.deepEqual(tokens, ['50-110']);
    assert.match(error, /'50-110' takes the list past 100 pages/);
  });

  test('a huge range is refused at once instead of being expanded', () => {
    // Expanding it would take hours and gigabytes: that it returns at all is the check.
    assert.deepEqual(err(parsePageNumbers('1-99999999999')).tokens, ['1-99999999999']);
    assert.match(err(parsePageNumbers('99999999999999999999')).error, /too large/);
  });

  test('the result is accepted by validateFeedback', () => {
    const pageNumbers = ok(parsePageNumbers('1-100'));
    const result = validateFeedback({ endpoint: 'parse', jobId: '3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4', rating: 'bad', pageNumbers });
    assert.equal(result.ok, true);
  });
});

describe('parseLabels', () => {
  test('commas and whitespace separate labels', () => {
    assert.deepEqual(ok(parseLabels('a, b c')), ['a', 'b', 'c']);
    assert.deepEqual(ok(parseLabels('  missing-content,\n\tjs_not_rendered  ')), ['missing-content', 'js_not_rendered']);
    assert.deepEqual(ok(parseLabels('')), []);
    assert.deepEqual(ok(parseLabels(' ,, ')), []);
  });

  test('exact repeats are kept once', () => {
    assert.deepEqual(ok(parseLabels('blocked blocked, timeout')), ['blocked', 'timeout']);
  });

  test('never changes case: bad labels are reported by name', () => {
    const { error, tokens } = err(parseLabels('Blocked, ok, Wrong_Thing'));
    assert.deepEqual(tokens, ['Blocked', 'Wrong_Thing']);
    assert.match(error, /'Blocked'.*\(try 'blocked'\).*'Wrong_Thing'.*\(try 'wrong_thing'\)/);
  });

  test('80 characters pass, 81 fail', () => {
    const l80 = `a${'b'.repeat(79)}`;
    assert.deepEqual(ok(parseLabels(l80)), [l80]);
    assert.match(err(parseLabels(`${l80}b ok`)).error, /81 characters long; at most 80/);
  });

  test('20 labels pass, 21 fail', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `l${i}`);
    assert.deepEqual(ok(parseLabels(twenty.join(', '))), twenty);
    const { error, tokens } = err(parseLabels([...twenty, 'l20'].join(' ')));
    assert.deepEqual(tokens, ['l20']);
    assert.match(error, /21 issue labels given; at most 20/);
    assert.match(err(parseLabels([...twenty, 'l20'].join(' '), 'tag')).error, /21 tags given/);
  });

  test('tag messages say Tag', () => {
    assert.match(err(parseLabels('Nope', 'tag')).error, /^Tag 'Nope'/);
  });
});
