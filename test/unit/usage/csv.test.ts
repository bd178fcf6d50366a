// CSV export: columns, order, RFC 4180 quoting and defused spreadsheet formulas.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { UsagePeriod } from '../../../src/api';
import { binsCsv, csvRowCount, csvText, historyCsv, toCsv } from '../../../src/features/usage/render/csv';
import { binsFor } from '../../support/usageBins';

const oct = '2026-10-01T00:00:00.000Z';
const octEnd = '2026-10-31T23:59:59.999Z';
const nov = '2026-11-01T00:00:00.000Z';

/** Minimal RFC 4180 reader, to prove the output parses back to the same cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}

describe('csv', () => {
  test('plain history: one row per month, oldest first, CRLF', () => {
    const periods: UsagePeriod[] = [
      { startDate: nov, endDate: null, creditsUsed: 120 },
      { startDate: oct, endDate: octEnd, creditsUsed: 900 },
    ];
    assert.equal(toCsv(periods, false), 'month_start,month_end,in_progress,credits_used\r\n2026-10-01,2026-10-31,false,900\r\n2026-11-01,,true,120\r\n');
  });

  test('per key: rows in legend order within each month, only keys that have a row', () => {
    const periods: UsagePeriod[] = [
      { startDate: oct, endDate: octEnd, creditsUsed: 5, apiKey: 'small' },
      { startDate: oct, endDate: octEnd, creditsUsed: 50, apiKey: 'big' },
      { startDate: nov, endDate: null, creditsUsed: 7, apiKey: 'big' },
    ];
    assert.deepEqual(parseCsv(toCsv(periods, true)), [
      ['month_start', 'month_end', 'in_progress', 'api_key', 'credits_used'],
      ['2026-10-01', '2026-10-31', 'false', 'big', '50'],
      ['2026-10-01', '2026-10-31', 'false', 'small', '5'],
      ['2026-11-01', '', 'true', 'big', '7'],
    ]);
  });

  test('per key: a month no key used keeps a row, as the chart keeps its 0 bar', () => {
    // September used, October left out by the service (no key used it), November read before any use.
    const sep = '2026-09-01T00:00:00.000Z';
    const periods: UsagePeriod[] = [
      { startDate: sep, endDate: '2026-09-30T23:59:59.999Z', creditsUsed: 40, apiKey: 'ci' },
      { startDate: sep, endDate: '2026-09-30T23:59:59.999Z', creditsUsed: 0, apiKey: 'idle' },
    ];
    const now = Date.parse('2026-11-05T09:00:00Z');
    assert.deepEqual(parseCsv(toCsv(periods, true, now)), [
      ['month_start', 'month_end', 'in_progress', 'api_key', 'credits_used'],
      ['2026-09-01', '2026-09-30', 'false', 'ci', '40'],
      ['2026-09-01', '2026-09-30', 'false', 'idle', '0'],
      ['2026-10-01', '2026-10-31', 'false', '', '0'],
      ['2026-11-01', '', 'true', '', '0'],
    ]);
    // The plain file has the same months.
    assert.deepEqual(
      parseCsv(toCsv(periods, false, now))
        .slice(1)
        .map((r) => r[0]),
      ['2026-09-01', '2026-10-01', '2026-11-01'],
    );
  });

  test('quotes commas, quotes and newlines and reads back the same', () => {
    const names = ['a,b', 'say "hi"', 'two\nlines', 'cr\r\nlf', ' padded '];
    const periods = names.map((apiKey, i) => ({ startDate: oct, endDate: octEnd, creditsUsed: 100 - i, apiKey }));
    const csv = toCsv(periods, true);
    assert.ok(csv.includes('"a,b"'));
    assert.ok(csv.includes('"say ""hi"""'));
    assert.deepEqual(
      parseCsv(csv)
        .slice(1)
        .map((r) => r[3]),
      names,
    );
  });

  test('the rows a copy reports are the rows of the file: a line break in a key name starts none', () => {
    const names = ['two\nlines', 'cr\r\nlf', 'say "hi"\r\n', 'plain'];
    const csv = toCsv(
      names.map((apiKey, i) => ({ startDate: oct, endDate: octEnd, creditsUsed: 10 - i, apiKey })),
      true,
    );
    assert.equal(parseCsv(csv).length - 1, names.length);
    assert.equal(csvRowCount(csv), names.length);
    assert.equal(csvRowCount(toCsv([], true)), 0);
  });

  test('defuses formula triggers in text cells', () => {
    assert.equal(csvText('=HYPERLINK("http://x","y")'), `"'=HYPERLINK(""http://x"",""y"")"`);
    assert.equal(csvText('+1'), `"'+1"`);
    assert.equal(csvText('-2'), `"'-2"`);
    assert.equal(csvText('@SUM(A1)'), `"'@SUM(A1)"`);
    assert.equal(csvText('\tx'), `"'\tx"`);
    assert.equal(csvText('plain'), '"plain"', 'every text cell is quoted');
    const csv = toCsv([{ startDate: oct, endDate: octEnd, creditsUsed: 1, apiKey: '=cmd|/C calc!A0' }], true);
    assert.equal(parseCsv(csv)[1]![3], "'=cmd|/C calc!A0");
  });

  test('a formula after a separator some locale splits on is defused too', () => {
    // Excel in many locales splits on ";": a quote mid-field is literal there, so "x;=…" would start a new cell.
    assert.equal(csvText('team;=HYPERLINK("http://evil","open")'), `"team;'=HYPERLINK(""http://evil"",""open"")"`);
    assert.equal(csvText('a\t+1'), `"a\t'+1"`);
    assert.equal(csvText('a,@SUM(A1)'), `"a,'@SUM(A1)"`);
    assert.equal(csvText('line\n-1'), `"line\n'-1"`);
    assert.equal(csvText('\r=1'), `"'\r'=1"`);
    assert.equal(csvText('re-run'), '"re-run"', 'a minus inside a word is not a cell start');
    const csv = toCsv([{ startDate: oct, endDate: octEnd, creditsUsed: 1, apiKey: 'ci;=cmd|/C calc!A0' }], true);
    // Read the way a ";" locale reads it: no cell may start with a formula trigger.
    for (const cell of csv.split(/[;,\t\r\n]/)) assert.doesNotMatch(cell.replace(/^"/, ''), /^[=+\-@]/, cell);
  });

  test('every key gets its rows, however many there are', () => {
    const periods = Array.from({ length: 120 }, (_, i) => ({ startDate: oct, endDate: octEnd, creditsUsed: i + 1, apiKey: `key ${i}` }));
    const rows = parseCsv(toCsv(periods, true)).slice(1);
    assert.equal(rows.length, 120, 'the chart folds keys into "Other"; the file does not');
    assert.equal(rows[0]![3], 'key 119');
  });

  test('the hostile key name stays text', () => {
    const name = '<img src=x onerror=alert(1)>';
    const csv = toCsv([{ startDate: oct, endDate: octEnd, creditsUsed: 1, apiKey: name }], true);
    assert.equal(parseCsv(csv)[1]![3], name);
  });

  test('a history read last month is exported as the chart shows it (that month in progress), in a file named for today', () => {
    const periods: UsagePeriod[] = [{ startDate: oct, endDate: null, creditsUsed: 400 }];
    const file = historyCsv({ history: { periods, byApiKey: false }, fetchedAt: Date.parse('2026-10-20T12:00:00Z') }, new Date('2026-11-03T09:00:00Z'));
    assert.deepEqual(file, { csv: 'month_start,month_end,in_progress,credits_used\r\n2026-10-01,,true,400\r\n', fileName: 'firecrawl-credit-usage-2026-11-03.csv' });
  });

  test('the file is named for the day it is saved where the person is: 8 pm in Los Angeles is still the 20th', () => {
    const saved = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      const savedAt = new Date('2026-11-21T04:00:00.000Z');
      const history = historyCsv({ history: { byApiKey: false, periods: [] }, fetchedAt: savedAt.getTime() }, savedAt);
      assert.equal(history?.fileName, 'firecrawl-credit-usage-2026-11-20.csv');
      const hours = binsCsv('last24h', binsFor('day', savedAt.getTime(), { steady: 1 }), savedAt);
      assert.equal(hours?.fileName, 'firecrawl-credit-usage-24h-2026-11-20.csv');
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  test('no periods: the header alone', () => {
    assert.equal(toCsv([], true), 'month_start,month_end,in_progress,api_key,credits_used\r\n');
  });
});
