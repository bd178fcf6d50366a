// Finding job ids on one line: where they are, that glued tokens are refused, and that the work
// done for a hover or a terminal line is bounded by a window, not by the line's length.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { JOB_ID_CONTEXT, jobIdRanges } from '../../../src/shared/jobIds';
import { HOVER_REACH, idAtPosition, idsInTerminalLine, TERMINAL_LINE_LIMIT } from '../../../src/features/jobIds/model/lineIds';

const A = '0b8f6c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const B = '1c9a7d3f-4e5b-4c6d-9e7f-8091a2b3c4d5';

describe('job ids on a line', () => {
  test('ranges of every id, as written, with their offsets', () => {
    const line = `scrapeId=${A} then "id":"${B.toUpperCase()}".`;
    const { ranges } = jobIdRanges(line);
    assert.deepEqual(
      ranges.map((r) => [r.id, line.slice(r.start, r.end)]),
      [
        [A, A],
        [B.toUpperCase(), B.toUpperCase()],
      ],
    );
  });

  test('an id glued to more hex digits is part of another token, also at the edge of the window', () => {
    const glued = `ff${A}`;
    assert.deepEqual(jobIdRanges(glued).ranges, []);
    // The window starts on the id, but the two characters before it still count.
    assert.deepEqual(jobIdRanges(glued, 2).ranges, []);
    assert.deepEqual(jobIdRanges(`${A}-a`).ranges, []);
  });

  test('the hover finds the id under the position and nothing beside it', () => {
    const line = `job ${A} done`;
    assert.equal(idAtPosition(line, 4).found?.id, A);
    assert.equal(idAtPosition(line, 4 + 35).found?.id, A);
    assert.equal(idAtPosition(line, 4 + 36).found, undefined);
    assert.equal(idAtPosition(line, 2).found, undefined);
  });

  test('an id in a file name with a word and a hyphen before it: the hover and the terminal find it', () => {
    const line = `wrote parse-${A}.json and ${B}-done.md`;
    assert.equal(idAtPosition(line, line.indexOf(A) + 3).found?.id, A);
    assert.deepEqual(
      idsInTerminalLine(line).ranges.map((r) => r.id),
      [A, B],
    );
  });

  test("an id inside a URL or a path is the hover's, not a terminal link: the terminal's own link to the address stays whole", () => {
    const line = `Saved ./out/scrape-${A}.json; see https://www.firecrawl.dev/app/agent/${B}?tab=1, "C:\\runs\\${A}.md" and ${B}`;
    assert.deepEqual(
      idsInTerminalLine(line).ranges.map((r) => [r.id, r.start]),
      [[B, line.lastIndexOf(B)]],
    );
    assert.equal(idAtPosition(line, line.indexOf(A) + 3).found?.id, A);
    assert.equal(idAtPosition(line, line.indexOf(B) + 3).found?.id, B);
    const long = `${A} ${'x'.repeat(3_000_000)}`;
    assert.deepEqual(
      idsInTerminalLine(long).ranges.map((r) => r.id),
      [A],
    );
  });

  test('an id beside an address in a comma-, pipe- or semicolon-joined line is a terminal link: the address link stops at the separator', () => {
    for (const line of [`${A},scrape,https://example.com/page`, `${A}|https://example.com/page`, `job=${A};out=/tmp/result.json`, `${A},/tmp/out.json`, `id=${A}&next=https://example.com/a`])
      assert.deepEqual(
        idsInTerminalLine(line).ranges.map((r) => r.id),
        [A],
        line,
      );
  });

  test("an id a URL runs across (a ; or | inside it, a ( ) pair, a quote when the URL is quoted otherwise) stays the URL's", () => {
    for (const line of [
      `https://example.com/jobs/${A}`,
      `/tmp/${A}/out.json`,
      `${B},https://example.com/jobs/${A}`,
      `see https://example.com/page;id=${A}`,
      `see https://example.com/page|${A}`,
      `see https://example.com/wiki/(run)${A}`,
      `"https://example.com/it's/${A}"`,
      `"https://example.com/[a b]/${A}"`,
    ])
      assert.deepEqual(
        idsInTerminalLine(line).ranges.map((r) => r.id),
        line.startsWith(B) ? [B] : [],
        line,
      );
    // A URL that began after a pipe (a table cell) ends at the next one, and one in parentheses at the closing one.
    assert.deepEqual(
      idsInTerminalLine(`|https://example.com/page|${A}|`).ranges.map((r) => r.id),
      [A],
    );
    assert.deepEqual(
      idsInTerminalLine(`(see https://example.com/page)${A}`).ranges.map((r) => r.id),
      [A],
    );
  });

  test('an id in escaped JSON (JSON inside JSON, as docker logs print it) is a terminal link: the escaping backslash is no path', () => {
    const line = `{"msg":"{\\"id\\":\\"${A}\\"}","path":"{\\"file\\":\\"C:\\\\runs\\\\${B}.md\\"}"}`;
    assert.deepEqual(
      idsInTerminalLine(line).ranges.map((r) => r.id),
      [A],
      "the id in a path stays the path's",
    );
  });

  test("an id that ends a logged line in JSON (its \\n before the string's closing quote, as Docker's json-file log writes) is a terminal link", () => {
    for (const line of [`{"log":"scraped ${A}\\n","stream":"stdout","time":"2026-11-22T09:41:00Z"}`, `{"log":"scraped ${A}\\r\\n","stream":"stdout"}`, `{"log":"{\\"id\\":\\"${A}\\\\n\\"}\\n"}`])
      assert.deepEqual(
        idsInTerminalLine(line).ranges.map((r) => r.id),
        [A],
        line,
      );
    // A path goes on after a backslash and a letter: its link stays whole.
    for (const line of [`C:\\runs\\${A}\\new.md`, `${A}\\notes.md`])
      assert.deepEqual(
        idsInTerminalLine(line).ranges.map((r) => r.id),
        [],
        line,
      );
  });

  test('a hover on a line of 10,000 log entries reads the same window as on a short line', () => {
    const entry = `2026-01-01T00:00:00Z info scrape ${A} ok | `;
    const long = entry.repeat(10_000);
    const position = Math.floor(long.length / 2 / entry.length) * entry.length + entry.indexOf(A) + 3;
    const { found, scanned } = idAtPosition(long, position);
    assert.equal(found?.id, A);
    assert.ok(long.length > 400_000);
    assert.ok(scanned <= 2 * HOVER_REACH + 2 * JOB_ID_CONTEXT, `read ${scanned} characters`);
    assert.equal(idAtPosition(entry, entry.indexOf(A)).found?.id, A);
  });

  test('a terminal line is read up to its limit', () => {
    const line = `${A} ${'x'.repeat(TERMINAL_LINE_LIMIT * 5)} ${B}`;
    const { ranges, scanned } = idsInTerminalLine(line);
    assert.deepEqual(
      ranges.map((r) => [r.id, r.start]),
      [[A, 0]],
    );
    assert.ok(scanned <= TERMINAL_LINE_LIMIT + JOB_ID_CONTEXT);
  });
});
