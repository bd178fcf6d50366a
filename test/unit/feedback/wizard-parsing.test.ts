// Page-number and label parsing as the wizard uses it. The parsers' own rules are covered in
// feedback-parse.test.ts; these cases add what people actually type into the wizard's boxes
// (trailing separators, text from an editor, non-ASCII digits and dashes) and the wizard's own
// helpers built on the parsers (page preview, typed-label options, splitting without judging).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseLabels, parsePageNumbers } from '../../../src/features/feedback/model/parseInput';
import { splitLabels, typedLabelOptions } from '../../../src/features/feedback/wizard/labelSteps';
import { validateMetadataText, validatePageNumbers } from '../../../src/features/feedback/wizard/textSteps';
import { pastedJobId, validateJobId } from '../../../src/features/feedback/wizard/jobStep';
import { checkDraft } from '../../../src/features/feedback/model/checkDraft';
import { emptyDraft } from '../../../src/features/feedback/model/draft';

describe('parsePageNumbers, as typed into the wizard', () => {
  test('a trailing or doubled separator is harmless', () => {
    assert.deepEqual(parsePageNumbers('1,3-5,'), { ok: true, value: [1, 3, 4, 5] });
    assert.deepEqual(parsePageNumbers(' 2 ;;4 '), { ok: true, value: [2, 4] });
  });

  test('an em dash is a range too (pasted from documents)', () => {
    assert.deepEqual(parsePageNumbers('3—5'), { ok: true, value: [3, 4, 5] });
  });

  test('look-alike numbers are refused by name: other scripts, exponents, signs, hex, dangling dashes', () => {
    for (const token of ['٣', '1e2', '+3', '0x10', '4-4-']) {
      const result = parsePageNumbers(`1, ${token}`);
      assert.ok(!result.ok, token);
      assert.deepEqual(result.tokens, [token]);
    }
  });

  test('the wizard previews what will be sent, and shortens long lists', () => {
    assert.deepEqual(validatePageNumbers('1,3-5'), { message: 'Pages 1, 3, 4, 5', severity: 'info' });
    assert.equal(validatePageNumbers(''), undefined);
    assert.match(String(validatePageNumbers('1-5, x')), /'x' is not a page number/);
    const long = validatePageNumbers('1-40');
    assert.ok(typeof long === 'object' && /^Pages 1, 2, .*, 12, … \(40 pages\)$/.test(long.message));
  });
});

describe('parseLabels, as typed into the wizard', () => {
  test('text from an editor (tabs, newlines, semicolons) splits like commas', () => {
    assert.deepEqual(parseLabels('a\tb\nc;d'), { ok: true, value: ['a', 'b', 'c', 'd'] });
    assert.deepEqual(parseLabels('timeout,'), { ok: true, value: ['timeout'] });
  });

  test('digits-only and doubled dashes are valid labels', () => {
    assert.deepEqual(parseLabels('42 a--b'), { ok: true, value: ['42', 'a--b'] });
  });

  test("labels that start with '-' or '_' or use accents get a suggestion", () => {
    assert.match((parseLabels('-x') as { error: string }).error, /\(try 'x'\)/);
    assert.match((parseLabels('_x') as { error: string }).error, /\(try 'x'\)/);
    assert.match((parseLabels('café') as { error: string }).error, /\(try 'cafe'\)/);
  });

  test('splitLabels keeps what was typed, valid or not, so Back loses nothing', () => {
    assert.deepEqual(splitLabels('Bad Label, ok ok'), ['Bad', 'Label', 'ok']);
    assert.deepEqual(splitLabels(' , '), []);
  });

  test('typed text is offered as a new label only when no known label matches it', () => {
    const known = ['blocked', 'timeout'];
    assert.deepEqual(typedLabelOptions('', known, []), []);
    assert.deepEqual(typedLabelOptions('Time', known, []), []);
    assert.deepEqual(typedLabelOptions('mine', known, ['mine']), []);
    const [add] = typedLabelOptions('captcha wall', known, []);
    assert.equal(add?.key, 'add');
    assert.deepEqual(add?.value, { kind: 'add', labels: ['captcha', 'wall'] });
    const [fix] = typedLabelOptions('Captcha', known, []);
    assert.equal(fix?.key, 'fix');
    assert.match(fix?.detail ?? '', /\(try 'captcha'\)/);
  });

  test('adding past 20 labels is flagged on the offer itself', () => {
    const chosen = Array.from({ length: 20 }, (_, i) => `l${i}`);
    const [add] = typedLabelOptions('one-more', [], chosen);
    assert.match(add?.detail ?? '', /issues has 21 items; at most 20/);
  });
});

describe('other typed values', () => {
  const JOB = '3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4';

  test('job ids: surrounding text is dropped when it holds exactly one id', () => {
    assert.equal(pastedJobId(`  ${JOB} `), JOB);
    assert.equal(pastedJobId(`"scrapeId":"${JOB}"`), JOB);
    assert.equal(pastedJobId('nothing here'), 'nothing here');
    assert.deepEqual(validateJobId(`id: ${JOB}`, 'scrape'), { message: `Found job id ${JOB} in the pasted text; Enter uses it.`, severity: 'info' });
    assert.equal(validateJobId(JOB, 'scrape'), undefined);
    assert.match(String(validateJobId('', 'map')), /jobId is required.*map response’s top-level id/);
  });

  test('a pasted response or log holding several job ids is said to hold several, not to be no UUID', () => {
    const other = '1c9a7d3f-4e5b-4c6d-9e7f-8091a2b3c4d5';
    // A search run with scrapeOptions: every result carries its own scrapeId beside the search's id.
    const response = JSON.stringify({ success: true, data: { web: [{ url: 'https://example.com', metadata: { scrapeId: other } }] }, id: JOB });
    const box = String(validateJobId(response, 'search'));
    assert.match(box, /^jobId '.*' holds several job ids; keep only the id of the job you are rating\. For search it is the search response’s top-level id\.$/);
    assert.doesNotMatch(box, /not a UUID|32 hex digits/);
    // The review names the same problem, for a draft that kept the pasted text on Back.
    const check = checkDraft({ ...emptyDraft(`${JOB} ${other}`), endpoint: 'scrape', rating: 'bad', issues: ['blocked'] });
    assert.ok(!check.ok);
    assert.match(check.problems.find((p) => p.path === 'jobId')?.message ?? '', /holds several job ids.*For scrape it is the scrape response’s data\.metadata\.scrapeId\.$/);
  });

  test('metadata: JSON object within 8192 bytes, with the size shown (formatted for the language)', () => {
    assert.deepEqual(validateMetadataText('{"a":1}'), { message: '7 of 8,192 bytes', severity: 'info' });
    assert.equal(validateMetadataText('  '), undefined);
    assert.match(String(validateMetadataText('"text"')), /metadata must be an object/);
    assert.match(String(validateMetadataText(`{"a":"${'é'.repeat(4100)}"}`)), /8,208 bytes as JSON \(UTF-8\)/);
  });
});
