import * as assert from 'node:assert/strict';
import { suite, test } from 'node:test';
import { inputBoxLine } from '../../../src/shared/text';

suite('inputBoxLine: a selection of several lines as a one-line input box shows it', () => {
  test('each line break becomes one space, so the words on either side stay apart', () => {
    assert.equal(inputBoxLine('Find the prices of\nthe three cheapest plans\n- with VAT\n- per month'), 'Find the prices of the three cheapest plans - with VAT - per month');
  });

  test('Windows and old Mac line ends, indentation, trailing blanks and empty lines make one space too', () => {
    assert.equal(inputBoxLine('if (a) {\r\n    return b;  \r\n}'), 'if (a) { return b; }');
    assert.equal(inputBoxLine('one\r\rtwo'), 'one two');
    assert.equal(inputBoxLine('first paragraph\n\n\t\nsecond'), 'first paragraph second');
  });

  test('text of one line is left as it is, blanks within it included', () => {
    for (const text of ['', 'plain words', '  spaced   out\twith a tab  ', 'https://example.com/a b']) assert.equal(inputBoxLine(text), text);
  });
});
