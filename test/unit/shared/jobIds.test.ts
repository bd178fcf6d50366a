import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { findJobIds, JOB_ID_PATTERN, jobIdRanges } from '../../../src/shared/jobIds';

describe('JOB_ID_PATTERN', () => {
  test('accepts versions 1–8 and variants 8, 9, a, b in any case', () => {
    assert.equal(JOB_ID_PATTERN.test('3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4'), true);
    assert.equal(JOB_ID_PATTERN.test('3F2B9C4E-1D2A-7B5C-BD6E-7F8091A2B3C4'), true);
    assert.equal(JOB_ID_PATTERN.test('3f2b9c4e-1d2a-1b5c-9d6e-7f8091a2b3c4'), true);
    assert.equal(JOB_ID_PATTERN.test('3f2b9c4e-1d2a-8b5c-ad6e-7f8091a2b3c4'), true);
  });

  test('refuses bad version or variant, nil, other shapes and surrounding spaces', () => {
    assert.equal(JOB_ID_PATTERN.test('3f2b9c4e-1d2a-0b5c-8d6e-7f8091a2b3c4'), false);
    assert.equal(JOB_ID_PATTERN.test('3f2b9c4e-1d2a-9b5c-8d6e-7f8091a2b3c4'), false);
    assert.equal(JOB_ID_PATTERN.test('3f2b9c4e-1d2a-4b5c-7d6e-7f8091a2b3c4'), false);
    assert.equal(JOB_ID_PATTERN.test('3f2b9c4e-1d2a-4b5c-cd6e-7f8091a2b3c4'), false);
    assert.equal(JOB_ID_PATTERN.test('00000000-0000-0000-0000-000000000000'), false);
    assert.equal(JOB_ID_PATTERN.test('3f2b9c4e1d2a4b5c8d6e7f8091a2b3c4'), false);
    assert.equal(JOB_ID_PATTERN.test(' 3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4'), false);
    assert.equal(JOB_ID_PATTERN.test(''), false);
  });
});

describe('findJobIds', () => {
  const a = '3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4';
  const b = '019a1b2c-3d4e-7f60-9a1b-2c3d4e5f6a7b';

  test('finds every UUID in a pasted response, in order, deduplicated case-insensitively', () => {
    const blob = JSON.stringify({ id: b, data: { metadata: { scrapeId: a } }, again: b.toUpperCase(), other: a });
    assert.deepEqual(findJobIds(blob), [b, a]);
    assert.deepEqual(findJobIds(`job ${a.toUpperCase()} and ${a}`), [a.toUpperCase()]);
  });

  test('finds UUIDs next to punctuation and words', () => {
    assert.deepEqual(findJobIds(`scrapeId=${a}; see https://x.example/jobs/${b}/status.`), [a, b]);
    assert.deepEqual(findJobIds(`(${a})\n"${b}"`), [a, b]);
  });

  test('ignores non-UUIDs: bad version, bad variant, longer hex runs, nothing at all', () => {
    assert.deepEqual(findJobIds('3f2b9c4e-1d2a-0b5c-8d6e-7f8091a2b3c4'), []);
    assert.deepEqual(findJobIds('3f2b9c4e-1d2a-4b5c-cd6e-7f8091a2b3c4'), []);
    assert.deepEqual(findJobIds(`f${a}`), []);
    assert.deepEqual(findJobIds(`${a}0`), []);
    assert.deepEqual(findJobIds('no ids here'), []);
    assert.deepEqual(findJobIds(''), []);
  });

  test('a word joined by a hyphen is no part of the id; a hex-only piece is', () => {
    for (const text of [`out/scrape-${a}.json`, `request job-id-${a} failed`, `research/${a}-done.md`, `cache-${a}-final`, `PARSE-${a}`]) assert.deepEqual(findJobIds(text), [a], text);
    for (const text of [`ab12-${a}`, `${a}-a`, `${a}-0f`, `x ffff-${a} y`, `${a}-1234`, `11-22-${a}`]) assert.deepEqual(findJobIds(text), [], text);
  });

  test('a percent escape or a date before the id, or a copy number after it, is no part of it', () => {
    for (const text of [`https://x.example/login?next=%2Fapp%2Fagent%2F${a}`, `q=job%20${a}`, `"%22${a}%22"`, `results/2026-11-22-${a}.md`, `${a}-2.md`, `out/${a}-10.json`])
      assert.deepEqual(findJobIds(text), [a], text);
    assert.deepEqual(
      jobIdRanges(`see %2F${a}`).ranges.map((r) => r.id),
      [a],
    );
  });

  test('can be called repeatedly (no regex state leaks between calls)', () => {
    assert.deepEqual(findJobIds(a), [a]);
    assert.deepEqual(findJobIds(a), [a]);
  });
});

describe('an id beside a date', () => {
  const ID = '3f2b9c1e-8d4a-4b6e-9f10-2a3b4c5d6e7f';
  test('an id followed by a date, as in a file name, is found like one preceded by a date', () => {
    assert.deepEqual(findJobIds(`results/2026-11-22-${ID}.md`), [ID]);
    assert.deepEqual(findJobIds(`results/${ID}-2026-11-22.md`), [ID]);
    // Still refused: a hex piece glued after it.
    assert.deepEqual(findJobIds(`${ID}-1234`), []);
  });
});
