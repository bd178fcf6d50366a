// What the Track Deep Research Job box says as it is typed in: ids found, what is not an id (as
// plain text), what is tracked already, and a paste too large to take, refused without parsing it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { jobIdInputMessage } from '../../../src/features/research/model/jobIdInput';
import { findJobIds, JOB_ID_INPUT_MAX_CHARS, JOB_ID_SCAN_LIMIT, MAX_JOB_IDS_PER_INPUT, parseJobIdInput } from '../../../src/shared/jobIds';

/** `n` distinct valid ids, one per line. */
function ids(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `${i.toString(16).padStart(8, '0')}-1d2a-4b5c-8d6e-7f8091a2b3c4`);
}

const none = () => false;

describe('the track box', () => {
  test('one id is accepted silently; several are counted; tracked ones are said', () => {
    const [a, b] = ids(2) as [string, string];
    assert.equal(jobIdInputMessage(a, none), undefined);
    assert.deepEqual(jobIdInputMessage(`${a}, ${b}`, none), { message: '2 new job ids.', severity: 'info' });
    assert.deepEqual(
      jobIdInputMessage(`${a} ${b}`, (id) => id === a),
      { message: '1 new job id (1 already tracked).', severity: 'info' },
    );
    assert.deepEqual(
      jobIdInputMessage(a, () => true),
      { message: 'Already tracked.', severity: 'info' },
    );
  });

  test('what is not an id is echoed as plain text: no link or icon syntax survives', () => {
    const m = jobIdInputMessage('[open](command:workbench.action.quit) $(alert)', none);
    assert.equal(m?.severity, 'error');
    assert.doesNotMatch(m!.message, /\]\(|\$\(/);
  });

  test('the largest accepted paste is taken whole', () => {
    const text = ids(MAX_JOB_IDS_PER_INPUT).join('\n');
    assert.ok(text.length <= JOB_ID_INPUT_MAX_CHARS);
    const parsed = parseJobIdInput(text);
    assert.equal(parsed.ids.length, MAX_JOB_IDS_PER_INPUT);
    assert.equal(parsed.tooLong, undefined);
  });

  test('10,000 ids are refused as too many, with the limit named, and nothing taken in part', () => {
    const text = ids(10_000).join('\n');
    assert.ok(text.length > JOB_ID_SCAN_LIMIT, 'longer than any scan limit, so a partial take would drop ids silently');
    assert.deepEqual(parseJobIdInput(text), { ids: [], invalid: [], tooLong: true });
    assert.deepEqual(jobIdInputMessage(text, none), { message: 'Too much at once: paste at most 1,000 job ids (40,000 characters) at a time.', severity: 'error' });
    // Just over the id limit but within the character limit: refused too.
    const many = ids(MAX_JOB_IDS_PER_INPUT + 1).join(' ');
    assert.ok(many.length <= JOB_ID_INPUT_MAX_CHARS + 40);
    assert.equal(parseJobIdInput(many.slice(0, JOB_ID_INPUT_MAX_CHARS)).tooLong, true);
  });

  test('finding ids in a 10,000-id clipboard scans only the first 200,000 characters, linearly', () => {
    const found = findJobIds(ids(10_000).join('\n'));
    const perLine = ids(1)[0]!.length + 1;
    assert.equal(found.length, Math.floor(JOB_ID_SCAN_LIMIT / perLine));
  });
});
