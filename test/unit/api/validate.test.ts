import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  FEEDBACK_FIELDS,
  FEEDBACK_LABEL_PATTERN,
  FEEDBACK_LIMITS,
  FEEDBACK_SIGNAL_FIELDS,
  MISSING_CONTENT_MAX,
  VSCODE_INTEGRATION,
  checkDescription,
  checkJobId,
  checkLabel,
  checkLabels,
  checkMetadata,
  checkNote,
  checkPageNumbers,
  checkQuerySuggestions,
  checkReason,
  checkSearchRule,
  checkSignal,
  checkTopic,
  checkUrl,
  suggestLabel,
  validateFeedback,
  type FeedbackInput,
  type FeedbackProblem,
  type FeedbackRequest,
} from '../../../src/api/feedback';

const ID = '3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4';

/** A valid scrape body with one signal (a note), plus overrides. */
function body(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { endpoint: 'scrape', jobId: ID, rating: 'bad', note: 'n', ...extra };
}

function valid(input: unknown): FeedbackRequest {
  const result = validateFeedback(input as FeedbackInput);
  if (!result.ok) assert.fail(`expected valid, got ${JSON.stringify(result.problems, null, 2)}`);
  return result.value;
}

function problems(input: unknown): FeedbackProblem[] {
  const result = validateFeedback(input as FeedbackInput);
  if (result.ok) assert.fail(`expected problems, got valid ${JSON.stringify(result.value).slice(0, 200)}`);
  assert.ok(result.problems.length > 0);
  return result.problems;
}

/** Asserts exactly one problem, at `path` with `code`, and returns its message. */
function single(input: unknown, path: string, code: string): string {
  const found = problems(input);
  assert.deepEqual(
    found.map((p) => [p.path, p.code]),
    [[path, code]],
    JSON.stringify(found, null, 2),
  );
  const message = found[0]!.message;
  assert.ok(message.length > 10 && /[.?)]$/.test(message), `message should be a sentence: ${message}`);
  return message;
}

const label = (length: number, first = 'a'): string => first + 'x'.repeat(length - 1);
const labels = (count: number): string[] => Array.from({ length: count }, (_, i) => `label-${i}`);
const httpUrl = (length: number): string => {
  const prefix = 'https://example.com/';
  return prefix + 'p'.repeat(length - prefix.length);
};
/** A metadata object whose JSON is exactly `bytes` UTF-8 bytes, padded with `unit` (1–4 bytes each). */
function metadataOf(bytes: number, unit: string): Record<string, unknown> {
  const unitBytes = new TextEncoder().encode(unit).length;
  const overhead = '{"k":""}'.length;
  const fill = bytes - overhead;
  const units = Math.floor(fill / unitBytes);
  const metadata = { k: unit.repeat(units) + 'a'.repeat(fill - units * unitBytes) };
  assert.equal(new TextEncoder().encode(JSON.stringify(metadata)).length, bytes);
  return metadata;
}

describe('validateFeedback: body and required fields', () => {
  test('a minimal body is valid and returned as-is', () => {
    assert.deepEqual(valid(body()), { endpoint: 'scrape', jobId: ID, rating: 'bad', note: 'n' });
  });

  test('an empty object names every required field and the signal rule', () => {
    const found = problems({ jobId: '' });
    assert.deepEqual(
      found.map((p) => [p.path, p.code]),
      [
        ['endpoint', 'required'],
        ['jobId', 'required'],
        ['rating', 'required'],
        ['', 'no_signal'],
      ],
    );
  });

  test('every endpoint and rating is accepted', () => {
    for (const endpoint of ['scrape', 'parse', 'map']) {
      for (const rating of ['good', 'partial', 'bad']) {
        assert.equal(valid(body({ endpoint, rating })).rating, rating);
      }
    }
  });
});

describe('validateFeedback: jobId', () => {
  const at = (version: string, variant: string): string => `3f2b9c4e-1d2a-${version}b5c-${variant}d6e-7f8091a2b3c4`;

  test('versions 1–8 and variants 8, 9, a, b pass, in either case', () => {
    for (const version of '12345678') {
      for (const variant of '89abAB') assert.equal(valid(body({ jobId: at(version, variant) })).jobId, at(version, variant).toLowerCase());
    }
    assert.equal(valid(body({ jobId: ID.toUpperCase() })).jobId, ID, 'sent in lower case, as the service writes its ids');
  });

  test('version 0 and 9 fail, naming the digit', () => {
    assert.match(single(body({ jobId: at('0', '8') }), 'jobId', 'not_uuid'), /version digit .* is '0' but must be 1–8/);
    assert.match(single(body({ jobId: at('9', '8') }), 'jobId', 'not_uuid'), /'9' but must be 1–8/);
  });

  test('variants 7 and c fail, naming the digit', () => {
    assert.match(single(body({ jobId: at('4', '7') }), 'jobId', 'not_uuid'), /variant digit .* is '7' but must be 8, 9, a or b/);
    assert.match(single(body({ jobId: at('4', 'c') }), 'jobId', 'not_uuid'), /'c' but must be 8, 9, a or b/);
    assert.match(single(body({ jobId: at('0', 'c') }), 'jobId', 'not_uuid'), /version.*and.*variant/);
  });

  test('not UUIDs at all: wrong length, missing dash, non-hex, nil', () => {
    for (const jobId of [ID.slice(1), ID.replace(/-/g, ''), ID.replace('3f', 'zz'), `${ID}0`, '00000000-0000-0000-0000-000000000000', 'abc']) {
      single(body({ jobId }), 'jobId', 'not_uuid');
    }
  });

  test('blank', () => {
    single(body({ jobId: '  \n ' }), 'jobId', 'required');
  });

  test('surrounding whitespace is trimmed in value', () => {
    assert.equal(valid(body({ jobId: `  ${ID}\n` })).jobId, ID);
  });

  test('the message says where the id comes from for the chosen endpoint', () => {
    assert.match(single(body({ endpoint: 'scrape', jobId: 'x' }), 'jobId', 'not_uuid'), /data\.metadata\.scrapeId/);
    assert.match(single(body({ endpoint: 'parse', jobId: 'x' }), 'jobId', 'not_uuid'), /data\.metadata\.scrapeId/);
    assert.match(single(body({ endpoint: 'map', jobId: 'x' }), 'jobId', 'not_uuid'), /top-level id/);
    assert.match(checkJobId('', 'search') ?? '', /required.*top-level id/);
  });
});

describe('validateFeedback: issues and tags', () => {
  for (const field of ['issues', 'tags'] as const) {
    const noun = field === 'issues' ? 'Issue label' : 'Tag';

    test(`${field}: 80-character label passes, 81 fails`, () => {
      assert.deepEqual(valid(body({ [field]: [label(80)] }))[field], [label(80)]);
      const message = single(body({ [field]: ['ok', label(81)] }), `${field}[1]`, 'too_long');
      assert.match(message, new RegExp(`^${noun} .* is 81 characters long; at most 80`));
    });

    test(`${field}: 20 labels pass, 21 fail`, () => {
      assert.deepEqual(valid(body({ [field]: labels(20) }))[field], labels(20));
      assert.match(single(body({ [field]: labels(21) }), field, 'too_many'), /21 items; at most 20 .*remove 1/);
    });

    test(`${field}: pattern`, () => {
      assert.deepEqual(valid(body({ [field]: ['a', '0', 'a_b-c9', '9-lives', 'x__', 'y--'] }))[field], ['a', '0', 'a_b-c9', '9-lives', 'x__', 'y--']);
      for (const bad of ['Bad', '-a', '_a', 'a b', 'a.b', 'naïve', 'a/b', 'é']) {
        single(body({ [field]: [bad] }), `${field}[0]`, 'pattern');
      }
    });

    test(`${field}: blank items, wrong item type, wrong list type`, () => {
      assert.match(single(body({ [field]: ['ok', '   '] }), `${field}[1]`, 'empty'), new RegExp(`${noun} 2 is empty`));
      single(body({ [field]: ['ok', ''] }), `${field}[1]`, 'empty');
    });

    test(`${field}: items are trimmed; an empty list is dropped`, () => {
      assert.deepEqual(valid(body({ [field]: [' blocked ', '\ttimeout\n'] }))[field], ['blocked', 'timeout']);
      assert.equal(field in valid(body({ [field]: [] })), false);
      assert.equal(valid(body({ [field]: [` ${label(80)} `] }))[field]?.[0], label(80));
    });
  }

  test('the message for a bad label names it, the rule and a fix', () => {
    assert.equal(
      single(body({ issues: ['Bad Label'] }), 'issues[0]', 'pattern'),
      "Issue label 'Bad Label' must start with a lowercase letter or digit and use only a–z, 0–9, '_' and '-' (try 'bad-label').",
    );
  });

  test('a label both too long and badly formed gets both problems', () => {
    const found = problems(body({ tags: [`X${'x'.repeat(80)}`] }));
    assert.deepEqual(
      found.map((p) => [p.path, p.code]),
      [
        ['tags[0]', 'too_long'],
        ['tags[0]', 'pattern'],
      ],
    );
  });

  test('too many labels and bad items are all reported', () => {
    const found = problems(body({ issues: [...labels(20), 'Bad'] }));
    assert.deepEqual(
      found.map((p) => [p.path, p.code]),
      [
        ['issues', 'too_many'],
        ['issues[20]', 'pattern'],
      ],
    );
  });
});

describe('validateFeedback: text fields', () => {
  const cases = [
    ['note', FEEDBACK_LIMITS.noteMaxLength, 4000],
    ['querySuggestions', FEEDBACK_LIMITS.querySuggestionsMaxLength, 2000],
  ] as const;
  for (const [field, max, expected] of cases) {
    test(`${field}: ${expected} characters pass, ${expected + 1} fail`, () => {
      assert.equal(max, expected);
      assert.equal(valid(body({ [field]: 'x'.repeat(max) }))[field], 'x'.repeat(max));
      assert.match(
        single(body({ [field]: 'x'.repeat(max + 1) }), field, 'too_long'),
        new RegExp(`${field} is ${(max + 1).toLocaleString('en-US')} characters .* at most ${max.toLocaleString('en-US')} .*remove 1\\)`),
      );
    });

    test(`${field}: length is counted after trimming`, () => {
      assert.equal(valid(body({ [field]: `  ${'x'.repeat(max)} \n` }))[field], 'x'.repeat(max));
    });

    test(`${field}: blank is dropped, wrong type is a problem`, () => {
      assert.equal(field in valid(body({ [field]: '   ', note: 'kept' })), field === 'note');
    });
  }

  test('a whitespace-only note is not a signal', () => {
    single({ endpoint: 'map', jobId: ID, rating: 'bad', note: ' \n\t ' }, '', 'no_signal');
  });

  test('origin: trimmed, blank dropped, wrong type reported', () => {
    assert.equal(valid(body({ origin: ' vscode-ext@0.1.0 ' })).origin, 'vscode-ext@0.1.0');
    assert.equal('origin' in valid(body({ origin: '  ' })), false);
  });
});

describe('validateFeedback: url', () => {
  test('2048 characters pass, 2049 fail', () => {
    assert.equal(valid(body({ url: httpUrl(2048) })).url, httpUrl(2048));
    assert.match(single(body({ url: httpUrl(2049) }), 'url', 'too_long'), /2,049 characters .* at most 2,048/);
  });

  test('http and https pass; other schemes and non-URLs fail', () => {
    assert.equal(valid(body({ url: 'http://localhost:3002/x?y=1#z' })).url, 'http://localhost:3002/x?y=1#z');
    assert.equal(valid(body({ url: 'HTTPS://Example.com' })).url, 'HTTPS://Example.com');
    assert.match(single(body({ url: 'ftp://example.com/file' }), 'url', 'not_http_url'), /http:\/\/ or https:\/\/ \(it uses ftp:\)/);
    single(body({ url: 'javascript:alert(1)' }), 'url', 'not_http_url');
    single(body({ url: 'http://' }), 'url', 'not_http_url');
    single(body({ url: 'not a url' }), 'url', 'not_http_url');
    assert.match(single(body({ url: 'example.com/page' }), 'url', 'not_http_url'), /add the scheme, e\.g\. 'https:\/\/example\.com\/page'/);
  });

  test('trimmed; blank dropped; wrong type reported', () => {
    assert.equal(valid(body({ url: '  https://example.com  ' })).url, 'https://example.com');
    assert.equal('url' in valid(body({ url: '   ' })), false);
  });
});

describe('validateFeedback: pageNumbers', () => {
  const pages = (count: number): number[] => Array.from({ length: count }, (_, i) => i + 1);

  test('100 pages pass, 101 fail', () => {
    assert.deepEqual(valid(body({ pageNumbers: pages(100) })).pageNumbers, pages(100));
    assert.match(single(body({ pageNumbers: pages(101) }), 'pageNumbers', 'too_many'), /101 items; at most 100/);
  });

  test('1 passes, 0 and negatives fail', () => {
    assert.deepEqual(valid(body({ pageNumbers: [1] })).pageNumbers, [1]);
    assert.match(single(body({ pageNumbers: [1, 0] }), 'pageNumbers[1]', 'too_small'), /pageNumbers\[1\] is 0; page numbers start at 1/);
    single(body({ pageNumbers: [-3] }), 'pageNumbers[0]', 'too_small');
  });

  test('non-integers and non-numbers fail', () => {
    assert.match(single(body({ pageNumbers: [1.5] }), 'pageNumbers[0]', 'not_integer'), /whole numbers/);
    single(body({ pageNumbers: [Number.NaN] }), 'pageNumbers[0]', 'not_integer');
    single(body({ pageNumbers: [Number.POSITIVE_INFINITY] }), 'pageNumbers[0]', 'not_integer');
    assert.match(single(body({ pageNumbers: [2 ** 53] }), 'pageNumbers[0]', 'not_integer'), /too large/);
  });

  test('order and repeats are kept as given; an empty list is dropped', () => {
    assert.deepEqual(valid(body({ pageNumbers: [3, 1, 3] })).pageNumbers, [3, 1, 3]);
    assert.equal('pageNumbers' in valid(body({ pageNumbers: [] })), false);
  });

  test('every bad page is reported', () => {
    const found = problems(body({ pageNumbers: [0, 2, 2.5, -1] }));
    assert.deepEqual(
      found.map((p) => p.path),
      ['pageNumbers[0]', 'pageNumbers[2]', 'pageNumbers[3]'],
    );
  });
});

describe('validateFeedback: valuableSources', () => {
  const source = (i: number) => ({ url: `https://example.com/${i}`, reason: `reason ${i}` });
  const sources = (count: number) => Array.from({ length: count }, (_, i) => source(i));

  test('50 sources pass, 51 fail', () => {
    assert.deepEqual(valid(body({ valuableSources: sources(50) })).valuableSources, sources(50));
    assert.match(single(body({ valuableSources: sources(51) }), 'valuableSources', 'too_many'), /51 items; at most 50/);
  });

  test('url: 2048 passes, 2049 fails; required; http(s) only', () => {
    assert.equal(valid(body({ valuableSources: [{ url: httpUrl(2048) }] })).valuableSources?.[0]?.url, httpUrl(2048));
    single(body({ valuableSources: [{ url: httpUrl(2049) }] }), 'valuableSources[0].url', 'too_long');
    assert.match(single(body({ valuableSources: [{ url: ' ', reason: 'r' }] }), 'valuableSources[0].url', 'required'), /valuableSources\[0\]\.url is required/);
    single(body({ valuableSources: [{ url: '   ' }] }), 'valuableSources[0].url', 'required');
    single(body({ valuableSources: [{ url: 'mailto:a@b.c' }] }), 'valuableSources[0].url', 'not_http_url');
  });

  test('reason: 1000 passes, 1001 fails; blank dropped; trimmed', () => {
    const url = 'https://example.com';
    assert.deepEqual(valid(body({ valuableSources: [{ url, reason: 'r'.repeat(1000) }] })).valuableSources, [{ url, reason: 'r'.repeat(1000) }]);
    assert.match(single(body({ valuableSources: [{ url, reason: 'r'.repeat(1001) }] }), 'valuableSources[0].reason', 'too_long'), /1,001 characters .* at most 1,000/);
    assert.deepEqual(valid(body({ valuableSources: [{ url: ` ${url} `, reason: '  ' }] })).valuableSources, [{ url }]);
    assert.deepEqual(valid(body({ valuableSources: [{ url, reason: ' why ' }] })).valuableSources, [{ url, reason: 'why' }]);
  });

  test('items must be objects with only url and reason', () => {});

  test('an empty list is dropped', () => {
    assert.equal('valuableSources' in valid(body({ valuableSources: [] })), false);
  });
});

describe('validateFeedback: missingContent', () => {
  const items = (count: number) => Array.from({ length: count }, (_, i) => ({ topic: `topic ${i}` }));

  test(`${MISSING_CONTENT_MAX} items pass, ${MISSING_CONTENT_MAX + 1} fail (client cap, below the server's 50)`, () => {
    assert.equal(MISSING_CONTENT_MAX, 20);
    assert.deepEqual(valid(body({ missingContent: items(20) })).missingContent, items(20));
    assert.match(single(body({ missingContent: items(21) }), 'missingContent', 'too_many'), /21 items; at most 20/);
  });

  test('topic: 200 passes, 201 fails; required; blank is missing', () => {
    assert.equal(valid(body({ missingContent: [{ topic: 't'.repeat(200) }] })).missingContent?.[0]?.topic, 't'.repeat(200));
    assert.match(single(body({ missingContent: [{ topic: 't'.repeat(201) }] }), 'missingContent[0].topic', 'too_long'), /201 characters .* at most 200/);
    single(body({ missingContent: [{ topic: '', description: 'd' }] }), 'missingContent[0].topic', 'required');
    single(body({ missingContent: [{ topic: ' \t ' }] }), 'missingContent[0].topic', 'required');
  });

  test('description: 2000 passes, 2001 fails; blank dropped; trimmed', () => {
    assert.equal(valid(body({ missingContent: [{ topic: 't', description: 'd'.repeat(2000) }] })).missingContent?.[0]?.description, 'd'.repeat(2000));
    single(body({ missingContent: [{ topic: 't', description: 'd'.repeat(2001) }] }), 'missingContent[0].description', 'too_long');
    assert.deepEqual(valid(body({ missingContent: [{ topic: ' t ', description: '  ' }] })).missingContent, [{ topic: 't' }]);
  });

  test('items must be objects with only topic and description', () => {});
});

describe('validateFeedback: metadata', () => {
  test('8192 bytes pass, 8193 fail (ASCII)', () => {
    const ok = metadataOf(8192, 'a');
    assert.equal(valid(body({ metadata: ok })).metadata, ok);
    assert.match(single(body({ metadata: metadataOf(8193, 'a') }), 'metadata', 'metadata_too_large'), /8,193 bytes .* at most 8,192 bytes .*remove 1\)/);
  });

  for (const [unit, name] of [
    ['é', '2-byte'],
    ['€', '3-byte'],
    ['😀', '4-byte'],
  ] as const) {
    test(`bytes, not characters, are counted (${name} characters)`, () => {
      const ok = metadataOf(8192, unit);
      assert.ok(JSON.stringify(ok).length < 8192);
      valid(body({ metadata: ok }));
      single(body({ metadata: metadataOf(8193, unit) }), 'metadata', 'metadata_too_large');
    });
  }

  test('a short multi-byte object that fits in characters but not in bytes fails', () => {
    const metadata = { k: '€'.repeat(3000) }; // 3008 characters, 9008 bytes
    assert.match(single(body({ metadata }), 'metadata', 'metadata_too_large'), /9,008 bytes/);
  });

  test('must be a plain object', () => {
    for (const metadata of [[], null, 'x', 1, true, new Map()]) single(body({ metadata }), 'metadata', 'invalid_type');
    assert.deepEqual(valid(body({ metadata: {} })).metadata, {});
    const nested = { a: [1, { b: null }], c: 'd' };
    assert.equal(valid(body({ metadata: nested })).metadata, nested);
  });

  test('values JSON cannot hold are reported, not thrown', () => {
    const circular: Record<string, unknown> = {};
    circular['self'] = circular;
    single(body({ metadata: circular }), 'metadata', 'not_serializable');
    single(body({ metadata: { n: BigInt(1) } }), 'metadata', 'not_serializable');
  });
});

describe('validateFeedback: integration', () => {
  test("'_'-prefixed values and known names pass", () => {
    assert.equal(valid(body({ integration: VSCODE_INTEGRATION })).integration, '_vscode');
    assert.equal(valid(body({ integration: ' _my-tool ' })).integration, '_my-tool');
    assert.equal(valid(body({ integration: 'cli' })).integration, 'cli');
  });

  test("plain 'vscode' is rejected with an explanation", () => {
    const message = single(body({ integration: 'vscode' }), 'integration', 'integration');
    assert.match(message, /'vscode' is not accepted by the service/);
    assert.match(message, /starting with '_'.*'_vscode'/);
  });

  test('null and blank are omitted; other types are reported', () => {
    assert.equal('integration' in valid(body({ integration: null })), false);
    assert.equal('integration' in valid(body({ integration: '  ' })), false);
  });
});

describe('validateFeedback: at least one signal', () => {
  const signals: Record<string, unknown> = {
    issues: ['blocked'],
    tags: ['mine'],
    note: 'text',
    valuableSources: [{ url: 'https://example.com' }],
    missingContent: [{ topic: 'pricing' }],
    querySuggestions: 'better query',
    url: 'https://example.com',
    pageNumbers: [2],
  };

  test('the signal list is the documented one', () => {
    assert.deepEqual([...FEEDBACK_SIGNAL_FIELDS].sort(), Object.keys(signals).sort());
  });

  for (const [field, value] of Object.entries(signals)) {
    test(`${field} alone is enough`, () => {
      valid({ endpoint: 'parse', jobId: ID, rating: 'partial', [field]: value });
    });
  }

  test('none, or only empty ones, or only metadata/origin/integration: no_signal', () => {
    const base = { endpoint: 'parse', jobId: ID, rating: 'partial' };
    assert.match(single(base, '', 'no_signal'), /at least one/);
    single({ ...base, issues: [], tags: [], note: ' ', url: '', pageNumbers: [], valuableSources: [], missingContent: [], querySuggestions: '\n' }, '', 'no_signal');
    single({ ...base, metadata: { a: 1 }, origin: 'x', integration: '_vscode' }, '', 'no_signal');
  });

  test('a signal given with a bad value is reported on its own, not as a missing signal', () => {
    single({ endpoint: 'parse', jobId: ID, rating: 'bad', issues: ['Bad'] }, 'issues[0]', 'pattern');
  });
});

describe('validateFeedback: search rules', () => {
  const search = (rating: string, extra: Record<string, unknown>) => ({ endpoint: 'search', jobId: ID, rating, ...extra });
  const vs = { valuableSources: [{ url: 'https://example.com' }] };
  const mc = { missingContent: [{ topic: 'pricing' }] };
  const qs = { querySuggestions: 'add site:example.com' };

  test('good needs valuableSources', () => {
    valid(search('good', vs));
    assert.match(single(search('good', { ...mc, ...qs, note: 'n' }), '', 'search_rule'), /'good'.*valuableSources/);
  });

  test('partial needs valuableSources or missingContent', () => {
    valid(search('partial', vs));
    valid(search('partial', mc));
    assert.match(single(search('partial', { ...qs, note: 'n' }), '', 'search_rule'), /'partial'.*valuableSources.*missingContent/);
  });

  test('bad needs missingContent or querySuggestions', () => {
    valid(search('bad', mc));
    valid(search('bad', qs));
    assert.match(single(search('bad', { ...vs, note: 'n' }), '', 'search_rule'), /'bad'.*missingContent.*querySuggestions/);
  });

  test('blank querySuggestions and empty lists do not satisfy the rules', () => {
    single(search('bad', { querySuggestions: '   ', note: 'n' }), '', 'search_rule');
    single(search('good', { valuableSources: [], note: 'n' }), '', 'search_rule');
  });

  test('an empty search body gets both the signal and the search problem', () => {
    assert.deepEqual(
      problems(search('good', {})).map((p) => p.code),
      ['no_signal', 'search_rule'],
    );
  });

  test('the rules apply only to search', () => {
    for (const endpoint of ['scrape', 'parse', 'map']) valid({ endpoint, jobId: ID, rating: 'good', note: 'n' });
    assert.equal(checkSearchRule('map', 'good', {}), undefined);
    assert.match(checkSearchRule('search', 'good', {}) ?? '', /valuableSources/);
  });
});

describe('validateFeedback: everything at once', () => {
  test('every problem is reported, each with its path', () => {
    const found = problems({
      endpoint: 'search',
      jobId: '3f2b9c4e-1d2a-0b5c-8d6e-7f8091a2b3c4',
      rating: 'good',
      issues: ['ok', 'fine', 'Not OK'],
      note: 'x'.repeat(4001),
      url: 'ftp://example.com',
      pageNumbers: [1, 0],
      valuableSources: [{ url: 'https://ok.example' }, { url: 'nope', reason: 'r'.repeat(1001) }],
      missingContent: [{ topic: '' }],
      metadata: metadataOf(8193, 'a'),
      integration: 'vscode',
      extra: true,
    });
    assert.deepEqual(
      found.map((p) => [p.path, p.code]),
      [
        ['jobId', 'not_uuid'],
        ['issues[2]', 'pattern'],
        ['note', 'too_long'],
        ['url', 'not_http_url'],
        ['pageNumbers[1]', 'too_small'],
        ['valuableSources[1].url', 'not_http_url'],
        ['valuableSources[1].reason', 'too_long'],
        ['missingContent[0].topic', 'required'],
        ['metadata', 'metadata_too_large'],
        ['integration', 'integration'],
      ],
    );
    for (const problem of found) assert.ok(problem.message.length > 20, problem.message);
  });
});

describe('validateFeedback: the value sent is exactly what was checked', () => {
  test('strings trimmed, blanks and empty lists dropped, canonical key order, no extras', () => {
    const value = valid({
      integration: ' _vscode ',
      origin: ' vscode@1 ',
      metadata: { a: 1 },
      missingContent: [
        { topic: ' pricing ', description: ' none listed ' },
        { topic: 'faq', description: ' ' },
      ],
      valuableSources: [{ url: ' https://a.example/ ', reason: ' good ' }],
      pageNumbers: [4, 2],
      url: '   ',
      querySuggestions: ' q ',
      note: '\n note \n',
      tags: [],
      issues: [' blocked '],
      rating: 'partial',
      jobId: ` ${ID} `,
      endpoint: 'search',
    });
    assert.deepEqual(value, {
      endpoint: 'search',
      jobId: ID,
      rating: 'partial',
      issues: ['blocked'],
      note: 'note',
      querySuggestions: 'q',
      pageNumbers: [4, 2],
      valuableSources: [{ url: 'https://a.example/', reason: 'good' }],
      missingContent: [{ topic: 'pricing', description: 'none listed' }, { topic: 'faq' }],
      metadata: { a: 1 },
      origin: 'vscode@1',
      integration: '_vscode',
    });
    assert.deepEqual(
      Object.keys(value),
      FEEDBACK_FIELDS.filter((f) => f in value),
    );
    assert.equal(validateFeedback(value).ok, true, 'the cleaned value validates again');
  });

  test('the input is not modified', () => {
    const input = body({ issues: [' a '], valuableSources: [{ url: ' https://a.example ' }] });
    const copy = JSON.parse(JSON.stringify(input));
    valid(input);
    assert.deepEqual(input, copy);
  });
});

function maximalBody(): Record<string, unknown> {
  const url = httpUrl(2048);
  return {
    endpoint: 'search',
    jobId: ID,
    rating: 'partial',
    issues: Array.from({ length: 20 }, (_, i) => label(80, String(i % 10))),
    tags: Array.from({ length: 20 }, (_, i) => label(80, String(i % 10))),
    note: 'n'.repeat(4000),
    querySuggestions: 'q'.repeat(2000),
    url,
    pageNumbers: Array.from({ length: 100 }, (_, i) => i + 1),
    valuableSources: Array.from({ length: 50 }, () => ({ url, reason: 'r'.repeat(1000) })),
    missingContent: Array.from({ length: 20 }, () => ({ topic: 't'.repeat(200), description: 'd'.repeat(2000) })),
    metadata: metadataOf(8192, 'é'),
    origin: 'vscode-extension@0.1.0',
    integration: '_vscode',
  };
}

describe('validateFeedback: a maximal body', () => {
  // How fast it validates is a bench row (npm run bench), not a test: these machines are shared.
  test('is valid, and the same every time', () => {
    const input = maximalBody();
    valid(input);
    const first = JSON.stringify(validateFeedback(input as FeedbackInput));
    for (let i = 0; i < 50; i++) assert.equal(JSON.stringify(validateFeedback(input as FeedbackInput)), first);
  });
});

describe('single-field helpers agree with validateFeedback', () => {
  function fullMessage(extra: Record<string, unknown>, path: string): string | undefined {
    const result = validateFeedback(body(extra) as FeedbackInput);
    return result.ok ? undefined : result.problems.find((p) => p.path === path)?.message;
  }

  test('checkLabel', () => {
    for (const value of ['ok', 'Bad Label', label(81), '-x', ' fine ']) {
      assert.equal(checkLabel(value), fullMessage({ issues: [value] }, 'issues[0]'), value);
      assert.equal(checkLabel(value, 'tag'), fullMessage({ tags: [value] }, 'tags[0]'), value);
    }
    assert.match(checkLabel('  ') ?? '', /Issue label is empty/);
    assert.match(checkLabel('Bad', 'tag') ?? '', /^Tag 'Bad'/);
  });

  test('checkLabels', () => {
    assert.equal(checkLabels(labels(20)), undefined);
    assert.equal(checkLabels(labels(21), 'tag'), fullMessage({ tags: labels(21) }, 'tags'));
  });

  test('checkJobId', () => {
    for (const value of [ID, 'x', '', `${ID.slice(0, 14)}0${ID.slice(15)}`]) {
      assert.equal(checkJobId(value, 'scrape'), fullMessage({ jobId: value }, 'jobId'), String(value));
    }
  });

  test('checkUrl', () => {
    for (const value of ['https://example.com', 'ftp://x', 'example.com', httpUrl(2049)]) {
      assert.equal(checkUrl(value), fullMessage({ url: value }, 'url'), value);
    }
    assert.equal(checkUrl('  '), undefined);
    assert.match(checkUrl('  ', { required: true, noun: 'Source URL' }) ?? '', /^Source URL is required/);
    assert.match(checkUrl('ftp://x', { noun: 'Source URL' }) ?? '', /^Source URL 'ftp:\/\/x'/);
  });

  test('checkNote, checkQuerySuggestions, checkPageNumbers, checkMetadata', () => {
    assert.equal(checkNote('x'.repeat(4000)), undefined);
    assert.equal(checkNote('x'.repeat(4001)), fullMessage({ note: 'x'.repeat(4001) }, 'note'));
    assert.equal(checkQuerySuggestions('q'.repeat(2001)), fullMessage({ querySuggestions: 'q'.repeat(2001) }, 'querySuggestions'));
    assert.equal(checkPageNumbers([1, 2]), undefined);
    assert.equal(checkPageNumbers([0]), fullMessage({ pageNumbers: [0] }, 'pageNumbers[0]'));
    assert.equal(checkMetadata({ a: 1 }), undefined);
    assert.equal(checkMetadata([]), fullMessage({ metadata: [] }, 'metadata'));
  });

  test('checkReason, checkTopic, checkDescription use the same bounds', () => {
    assert.equal(checkReason('r'.repeat(1000)), undefined);
    assert.match(checkReason('r'.repeat(1001)) ?? '', /reason is 1,001 characters .* at most 1,000/);
    assert.equal(checkTopic('t'.repeat(200)), undefined);
    assert.match(checkTopic('t'.repeat(201)) ?? '', /topic is 201 characters .* at most 200/);
    assert.match(checkTopic('  ') ?? '', /topic is required/);
    assert.equal(checkDescription('d'.repeat(2000)), undefined);
    assert.match(checkDescription(` ${'d'.repeat(2001)} `) ?? '', /description is 2,001 characters/);
  });

  test('checkSignal', () => {
    assert.equal(checkSignal({ note: 'x' }), undefined);
    assert.equal(checkSignal({ metadata: { a: 1 }, note: ' ' }), fullMessage({ note: undefined }, ''));
  });
});

describe('constants for the wizard', () => {
  test('limits match the server rules', () => {
    assert.deepEqual(
      { ...FEEDBACK_LIMITS },
      {
        labelsMax: 20,
        labelMaxLength: 80,
        noteMaxLength: 4000,
        querySuggestionsMaxLength: 2000,
        urlMaxLength: 2048,
        pageNumbersMax: 100,
        pageNumberMin: 1,
        valuableSourcesMax: 50,
        reasonMaxLength: 1000,
        missingContentMax: 20,
        missingContentServerMax: 50,
        topicMaxLength: 200,
        descriptionMaxLength: 2000,
        metadataMaxBytes: 8192,
      },
    );
    assert.equal(FEEDBACK_LABEL_PATTERN.source, '^[a-z0-9][a-z0-9_-]*$');
  });

  test('suggestLabel proposes a valid label or nothing', () => {
    assert.equal(suggestLabel('Bad Label'), 'bad-label');
    assert.equal(suggestLabel('  JS not rendered!  '), 'js-not-rendered');
    assert.equal(suggestLabel('Naïve'), 'naive');
    assert.equal(suggestLabel('ok'), undefined);
    assert.equal(suggestLabel('!!!'), undefined);
    assert.equal(suggestLabel('X'.repeat(100))?.length, 80);
  });
});

describe('src/api/feedback stays portable', () => {
  test('imports nothing from vscode or Node built-ins (its words go through @vscode/l10n)', () => {
    const dir = join(__dirname, '..', '..', '..', '..', 'src', 'api', 'feedback');
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    assert.ok(files.length >= 3);
    for (const file of files) {
      const source = readFileSync(join(dir, file), 'utf8');
      const specifiers = [...source.matchAll(/(?:from|import|require\()\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
      for (const specifier of specifiers) assert.match(specifier ?? '', /^(\.\/[a-zA-Z]+|\.\.\/\.\.\/shared\/[a-zA-Z]+|@vscode\/l10n)$/, `${file} imports ${specifier}`);
      assert.doesNotMatch(source, /\bBuffer\b|\bprocess\.|\brequire\(/, file);
    }
  });
});
