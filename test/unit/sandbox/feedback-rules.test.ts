// The sandbox's hand-written feedback schema against a zod 4 schema written the way the service
// declares it: same verdicts, same issue paths and messages, for a battery of bodies.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { KNOWN_INTEGRATIONS, LABEL_PATTERN, SEARCH_SIGNAL_MESSAGE, SIGNAL_MESSAGE, validateEndpointFeedback, validateSearchFeedback, type ValidationResult } from '../../sandbox/feedbackRules';

const url = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Must be a valid http(s) URL');
const label = z.string().trim().min(1).max(80).regex(LABEL_PATTERN, 'Issue codes must use lowercase letters, numbers, underscores, or hyphens');
const missing = z.strictObject({
  topic: z.string().trim().min(1, 'topic must not be empty').max(200, 'topic must be 200 characters or fewer'),
  description: z.string().trim().max(2000).optional(),
});
const source = z.strictObject({ url, reason: z.string().trim().max(1000).optional() });
const metadata = z.record(z.string(), z.unknown()).refine((v) => new TextEncoder().encode(JSON.stringify(v)).length <= 8192, 'metadata must be 8KB or smaller');
// The service imports its integration schema from elsewhere; the sandbox's own message is used here.
const integration = z
  .string()
  .refine((v) => KNOWN_INTEGRATIONS.includes(v) || v.startsWith('_'))
  .nullable();

type Body = { rating: string; valuableSources?: unknown[]; missingContent?: unknown[]; querySuggestions?: string };
function substantive(d: Body): boolean {
  const s = (d.valuableSources?.length ?? 0) > 0;
  const m = (d.missingContent?.length ?? 0) > 0;
  const q = !!d.querySuggestions && d.querySuggestions.length > 0;
  return d.rating === 'good' ? s : d.rating === 'partial' ? s || m : m || q;
}

const reference = z
  .strictObject({
    endpoint: z.enum(['search', 'scrape', 'parse', 'map']),
    jobId: z.uuid(),
    rating: z.enum(['good', 'bad', 'partial']),
    issues: z.array(label).max(20).optional(),
    tags: z.array(label).max(20).optional(),
    note: z.string().trim().max(4000).optional(),
    valuableSources: z.array(source).max(50).optional(),
    missingContent: z.array(missing).max(50).optional(),
    querySuggestions: z.string().trim().max(2000).optional(),
    url: url.optional(),
    pageNumbers: z.array(z.number().int().positive()).max(100).optional(),
    metadata: metadata.optional(),
    origin: z.string().optional(),
    integration: integration.optional(),
  })
  .refine(
    (d) =>
      (d.issues?.length ?? 0) > 0 ||
      (d.tags?.length ?? 0) > 0 ||
      (d.note?.length ?? 0) > 0 ||
      (d.valuableSources?.length ?? 0) > 0 ||
      (d.missingContent?.length ?? 0) > 0 ||
      !!d.querySuggestions ||
      !!d.url ||
      (d.pageNumbers?.length ?? 0) > 0,
    { message: SIGNAL_MESSAGE },
  )
  .refine((d) => d.endpoint !== 'search' || substantive(d), { message: SEARCH_SIGNAL_MESSAGE });

const searchReference = z
  .strictObject({
    rating: z.enum(['good', 'bad', 'partial']),
    valuableSources: z.array(source).max(50).optional(),
    missingContent: z.array(missing).max(20).optional(),
    querySuggestions: z.string().trim().max(2000).optional(),
    origin: z.string().optional(),
    integration: integration.optional(),
  })
  .refine(substantive);

type Seen = Array<{ path: string; message: string | null }>;

function fromZod(schema: z.ZodType, body: unknown, compareMessages: boolean): { ok: boolean; issues: Seen } {
  const r = schema.safeParse(body);
  if (r.success) return { ok: true, issues: [] };
  return { ok: false, issues: r.error.issues.map((i) => ({ path: i.path.join('.'), message: compareMessages && !i.path.includes('integration') ? i.message : null })) };
}

function fromSandbox(result: ValidationResult, compareMessages: boolean): { ok: boolean; issues: Seen } {
  if (result.ok) return { ok: true, issues: [] };
  return { ok: false, issues: result.issues.map((i) => ({ path: i.path.join('.'), message: compareMessages && !i.path.includes('integration') ? i.message : null })) };
}

const JOB = '0195f3a2-7c1d-7e4b-9a8f-1b2c3d4e5f60';
const base = { endpoint: 'scrape', jobId: JOB, rating: 'bad' };

const CASES: unknown[] = [
  {},
  null,
  [],
  'text',
  42,
  { ...base },
  { ...base, note: 'x' },
  { ...base, note: '   ' },
  { ...base, note: 5 },
  { ...base, note: 'x'.repeat(4001) },
  { ...base, note: ` ${'x'.repeat(4000)} ` },
  { ...base, note: 'x', extra: 1 },
  { ...base, note: 'x', a: 1, b: 2 },
  { endpoint: 'crawl', jobId: 'nope', rating: 'meh', zzz: true },
  { ...base, jobId: JOB.toUpperCase(), note: 'x' },
  { ...base, jobId: '00000000-0000-0000-0000-000000000000', note: 'x' },
  { ...base, jobId: '123e4567-e89b-92d3-a456-426614174000', note: 'x' },
  { ...base, jobId: '123e4567-e89b-12d3-7456-426614174000', note: 'x' },
  { ...base, jobId: ` ${JOB}`, note: 'x' },
  { ...base, jobId: 7, note: 'x' },
  { ...base, issues: ['ok', 'Bad', '', ' ', '-x', 'a'.repeat(81), 3] },
  { ...base, issues: Array(21).fill('x') },
  { ...base, issues: Array(20).fill('x') },
  { ...base, issues: [] },
  { ...base, issues: 'x' },
  { ...base, tags: ['x_y-z'] },
  { ...base, tags: ['x'], issues: [] },
  { ...base, url: 'https://example.com' },
  { ...base, url: '  https://example.com  ' },
  { ...base, url: 'ftp://example.com' },
  { ...base, url: '' },
  { ...base, url: 'not a url' },
  { ...base, url: `https://e.com/${'a'.repeat(2040)}` },
  { ...base, url: 'x'.repeat(2049) },
  { ...base, pageNumbers: [1, 2, 3] },
  { ...base, pageNumbers: [0, -1, 1.5, '2', null, 1e300, -1e300, 2 ** 53] },
  { ...base, pageNumbers: [1e300] },
  { ...base, pageNumbers: Array(101).fill(1) },
  { ...base, pageNumbers: [] },
  {
    ...base,
    valuableSources: [{ url: 'https://a.dev' }, { url: 'https://b.dev', reason: 'r'.repeat(1001) }, { url: 'mailto:x@y.z' }, { reason: 'no url' }, { url: 'https://c.dev', extra: 1 }, 'str'],
  },
  { ...base, valuableSources: Array(51).fill({ url: 'https://a.dev' }) },
  { ...base, missingContent: [{ topic: 'a' }, { topic: '' }, { topic: 't'.repeat(201) }, { topic: 'b', description: 'd'.repeat(2001) }, {}, { topic: 'c', x: 1 }] },
  { ...base, missingContent: Array(50).fill({ topic: 't' }) },
  { ...base, missingContent: Array(51).fill({ topic: 't' }) },
  { ...base, querySuggestions: 'q' },
  { ...base, querySuggestions: '  ' },
  { ...base, querySuggestions: 'q'.repeat(2001) },
  { ...base, note: 'x', metadata: { a: 1, nested: { b: [1, 2] } } },
  { ...base, note: 'x', metadata: { p: 'a'.repeat(8184) } },
  { ...base, note: 'x', metadata: { p: 'a'.repeat(8185) } },
  { ...base, note: 'x', metadata: { p: 'é'.repeat(4100) } },
  { ...base, note: 'x', metadata: [] },
  { ...base, note: 'x', metadata: null },
  { ...base, note: 'x', metadata: 'm' },
  { ...base, metadata: { a: 1 }, origin: 'o', integration: 'cli' },
  { ...base, note: 'x', origin: 5 },
  { ...base, note: 'x', integration: 'vscode' },
  { ...base, note: 'x', integration: '_vscode' },
  { ...base, note: 'x', integration: 'raycast' },
  { ...base, note: 'x', integration: null },
  { ...base, note: 'x', integration: 3 },
  { endpoint: 'search', jobId: JOB, rating: 'good', note: 'x' },
  { endpoint: 'search', jobId: JOB, rating: 'good', valuableSources: [{ url: 'https://a.dev' }] },
  { endpoint: 'search', jobId: JOB, rating: 'partial', missingContent: [{ topic: 'x' }] },
  { endpoint: 'search', jobId: JOB, rating: 'partial', querySuggestions: 'x' },
  { endpoint: 'search', jobId: JOB, rating: 'bad', querySuggestions: 'x' },
  { endpoint: 'search', jobId: JOB, rating: 'bad', querySuggestions: '   ' },
  { endpoint: 'search', jobId: JOB, rating: 'bad', valuableSources: [{ url: 'https://a.dev' }] },
  { endpoint: 'search', jobId: JOB, rating: 'bad' },
  { endpoint: 'map', jobId: JOB, rating: 'good', pageNumbers: [3] },
  {
    endpoint: 'parse',
    jobId: JOB,
    rating: 'partial',
    note: 'x',
    issues: ['a'],
    tags: ['b'],
    url: 'http://x.dev',
    pageNumbers: [1],
    valuableSources: [],
    missingContent: [],
    querySuggestions: 'q',
    metadata: {},
    origin: 'js-sdk@4.42.0',
    integration: '_firecrawl-vscode',
  },
];

const SEARCH_CASES: unknown[] = [
  {},
  null,
  { rating: 'good' },
  { rating: 'good', valuableSources: [{ url: 'https://a.dev' }] },
  { rating: 'partial', missingContent: Array(20).fill({ topic: 't' }) },
  { rating: 'partial', missingContent: Array(21).fill({ topic: 't' }) },
  { rating: 'bad', querySuggestions: 'q', endpoint: 'search' },
  { rating: 'bad', querySuggestions: 'q', note: 'x' },
  { rating: 'bad', querySuggestions: 'q', integration: 'vscode' },
  { rating: 'meh', querySuggestions: 'q' },
];

describe('feedback schema conformance with zod', () => {
  test('POST /v2/feedback: same verdict, issue paths and messages', () => {
    for (const body of CASES) {
      const label = JSON.stringify(body)?.slice(0, 140);
      assert.deepEqual(fromSandbox(validateEndpointFeedback(body), true), fromZod(reference, body, true), label);
    }
  });

  test('POST /v2/search/:id/feedback: same verdict and issue paths', () => {
    for (const body of SEARCH_CASES) {
      const label = JSON.stringify(body)?.slice(0, 140);
      assert.deepEqual(fromSandbox(validateSearchFeedback(body), false), fromZod(searchReference, body, false), label);
    }
  });

  test('accepted bodies come back trimmed, with origin defaulting to "api" and integration to null', () => {
    const r = validateEndpointFeedback({ ...base, note: '  hi  ', issues: [' a '], valuableSources: [{ url: ' https://a.dev ', reason: ' r ' }] });
    assert.ok(r.ok);
    assert.equal(r.value.note, 'hi');
    assert.deepEqual(r.value.issues, ['a']);
    assert.deepEqual(r.value.valuableSources, [{ url: 'https://a.dev', reason: 'r' }]);
    assert.equal(r.value.origin, 'api');
    assert.equal(r.value.integration, null);
  });
});
