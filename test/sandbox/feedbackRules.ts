// The feedback body schema of the live service, written out by hand (Node built-ins only).
// Issues mimic zod 4: same paths, codes and messages, in schema key order, unrecognized keys last.
// Like zod 4, type errors, bad enum values and over-long arrays abort; other failed checks do not,
// so the object-level rules (at least one signal, search ratings) still run after them.

export type IssuePath = Array<string | number>;
export interface Issue {
  code: string;
  path: IssuePath;
  message: string;
  [extra: string]: unknown;
}

export type ValidationResult = { ok: true; value: Record<string, unknown> } | { ok: false; issues: Issue[] };

/** Named integrations the service accepts; anything else must start with '_' (so plain 'vscode' fails). */
export const KNOWN_INTEGRATIONS: readonly string[] = [
  'cli',
  'raycast',
  'zapier',
  'n8n',
  'make',
  'pipedream',
  'dify',
  'flowise',
  'langflow',
  'langchain',
  'llamaindex',
  'crewai',
  'camel',
  'mcp',
  'activepieces',
  'gumloop',
  'lovable',
  'bolt',
  'replit',
  'windsurf',
];

export const LABEL_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;
export const UUID_PATTERN = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
export const MAX_METADATA_BYTES = 8 * 1024;

export const SIGNAL_MESSAGE = 'Feedback must include at least one substantive signal: issues, note, sources, missingContent, querySuggestions, url, or pageNumbers.';
export const SEARCH_SIGNAL_MESSAGE =
  "Search feedback must be substantive. 'good' requires at least one valuableSources entry; 'partial' requires valuableSources or at least one missingContent entry; 'bad' requires at least one missingContent entry or querySuggestions.";
const SEARCH_ROUTE_SIGNAL_MESSAGE =
  "Feedback must be substantive. 'good' requires at least one valuableSources entry; 'partial' requires valuableSources or at least one missingContent entry; 'bad' requires at least one missingContent entry or querySuggestions.";

class Issues {
  readonly list: Issue[] = [];
  /** An aborting issue was seen: object-level rules are skipped. */
  aborted = false;
  add(issue: Issue, abort = false): void {
    this.list.push(issue);
    if (abort) this.aborted = true;
  }
}

function received(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number' && Number.isNaN(v)) return 'NaN';
  if (typeof v === 'number' && !Number.isFinite(v)) return 'Infinity';
  return typeof v;
}

function typeIssue(out: Issues, path: IssuePath, expected: string, v: unknown): undefined {
  out.add({ expected, code: 'invalid_type', path, message: `Invalid input: expected ${expected}, received ${received(v)}` }, true);
  return undefined;
}

interface StringRules {
  trim?: boolean;
  min?: number;
  minMessage?: string;
  max?: number;
  maxMessage?: string;
  pattern?: { re: RegExp; message: string };
  refine?: { test: (s: string) => boolean; message: string };
}

function parseString(v: unknown, path: IssuePath, out: Issues, rules: StringRules): string | undefined {
  if (typeof v !== 'string') return typeIssue(out, path, 'string', v);
  const s = rules.trim ? v.trim() : v;
  if (rules.min !== undefined && s.length < rules.min) {
    out.add({ origin: 'string', code: 'too_small', minimum: rules.min, inclusive: true, path, message: rules.minMessage ?? `Too small: expected string to have >=${rules.min} characters` });
  }
  if (rules.max !== undefined && s.length > rules.max) {
    out.add({ origin: 'string', code: 'too_big', maximum: rules.max, inclusive: true, path, message: rules.maxMessage ?? `Too big: expected string to have <=${rules.max} characters` });
  }
  if (rules.pattern && !rules.pattern.re.test(s)) {
    out.add({ origin: 'string', code: 'invalid_format', format: 'regex', pattern: String(rules.pattern.re), path, message: rules.pattern.message });
  }
  if (rules.refine && !rules.refine.test(s)) out.add({ code: 'custom', path, message: rules.refine.message });
  return s;
}

function parseEnum<T extends string>(v: unknown, path: IssuePath, out: Issues, values: readonly T[]): T | undefined {
  if (typeof v === 'string' && (values as readonly string[]).includes(v)) return v as T;
  out.add({ code: 'invalid_value', values: [...values], path, message: `Invalid option: expected one of ${values.map((x) => `"${x}"`).join('|')}` }, true);
  return undefined;
}

function parseArray<T>(v: unknown, path: IssuePath, out: Issues, max: number, item: (x: unknown, p: IssuePath) => T | undefined): T[] | undefined {
  if (!Array.isArray(v)) return typeIssue(out, path, 'array', v);
  if (v.length > max) {
    out.add({ origin: 'array', code: 'too_big', maximum: max, inclusive: true, path, message: `Too big: expected array to have <=${max} items` }, true);
    return undefined;
  }
  return v.map((x, i) => item(x, [...path, i])) as T[];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

type FieldParser = (v: unknown, path: IssuePath, out: Issues) => unknown;
type Shape = ReadonlyArray<readonly [string, FieldParser, 'required' | 'optional']>;

function parseStrictObject(v: unknown, path: IssuePath, out: Issues, shape: Shape): Record<string, unknown> | undefined {
  if (!isPlainObject(v)) return typeIssue(out, path, 'object', v);
  const value: Record<string, unknown> = {};
  for (const [key, parse, presence] of shape) {
    const raw = Object.prototype.hasOwnProperty.call(v, key) ? v[key] : undefined;
    if (raw === undefined && presence === 'optional') continue;
    const parsed = parse(raw, [...path, key], out);
    if (parsed !== undefined) value[key] = parsed;
  }
  const known = new Set(shape.map(([key]) => key));
  const extra = Object.keys(v).filter((key) => !known.has(key));
  if (extra.length > 0) {
    const list = extra.map((k) => `"${k}"`).join(', ');
    out.add({ code: 'unrecognized_keys', keys: extra, path, message: extra.length === 1 ? `Unrecognized key: ${list}` : `Unrecognized keys: ${list}` });
  }
  return value;
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

const httpUrl: FieldParser = (v, p, o) => parseString(v, p, o, { trim: true, min: 1, max: 2048, refine: { test: isHttpUrl, message: 'Must be a valid http(s) URL' } });
const label: FieldParser = (v, p, o) =>
  parseString(v, p, o, {
    trim: true,
    min: 1,
    max: 80,
    pattern: { re: LABEL_PATTERN, message: 'Issue codes must use lowercase letters, numbers, underscores, or hyphens' },
  });
const labels: FieldParser = (v, p, o) => parseArray(v, p, o, 20, (x, q) => label(x, q, o));
const trimmedMax =
  (max: number): FieldParser =>
  (v, p, o) =>
    parseString(v, p, o, { trim: true, max });

const valuableSource: FieldParser = (v, p, o) =>
  parseStrictObject(v, p, o, [
    ['url', httpUrl, 'required'],
    ['reason', trimmedMax(1000), 'optional'],
  ]);
const missingEntry: FieldParser = (v, p, o) =>
  parseStrictObject(v, p, o, [
    ['topic', (x, q, oo) => parseString(x, q, oo, { trim: true, min: 1, minMessage: 'topic must not be empty', max: 200, maxMessage: 'topic must be 200 characters or fewer' }), 'required'],
    ['description', trimmedMax(2000), 'optional'],
  ]);
const missingContent =
  (max: number): FieldParser =>
  (v, p, o) =>
    parseArray(v, p, o, max, (x, q) => missingEntry(x, q, o));

const pageNumber: FieldParser = (v, p, o) => {
  if (typeof v !== 'number' || !Number.isFinite(v)) return typeIssue(o, p, 'number', v);
  if (!Number.isInteger(v)) {
    o.add({ expected: 'int', format: 'safeint', code: 'invalid_type', path: p, message: 'Invalid input: expected int, received number' }, true);
    return undefined;
  }
  const limit = Number.MAX_SAFE_INTEGER;
  if (v > limit) o.add({ origin: 'number', code: 'too_big', maximum: limit, inclusive: true, path: p, message: `Too big: expected int to be <=${limit}` });
  if (v < -limit) o.add({ origin: 'number', code: 'too_small', minimum: -limit, inclusive: true, path: p, message: `Too small: expected int to be >=-${limit}` });
  if (v <= 0) o.add({ origin: 'number', code: 'too_small', minimum: 0, inclusive: false, path: p, message: 'Too small: expected number to be >0' });
  return v;
};

const metadata: FieldParser = (v, p, o) => {
  if (!isPlainObject(v)) return typeIssue(o, p, 'record', v);
  if (new TextEncoder().encode(JSON.stringify(v)).length > MAX_METADATA_BYTES) o.add({ code: 'custom', path: p, message: 'metadata must be 8KB or smaller' });
  return v;
};

const origin: FieldParser = (v, p, o) => parseString(v, p, o, {});

/** A known integration, or any string starting with '_'; null counts as absent. */
const integration: FieldParser = (v, p, o) => {
  if (v === null) return undefined;
  if (typeof v !== 'string') return typeIssue(o, p, 'string', v);
  if (KNOWN_INTEGRATIONS.includes(v) || v.startsWith('_')) return v;
  o.add({ code: 'custom', path: p, message: `Invalid integration: expected one of ${KNOWN_INTEGRATIONS.join(', ')}, or a custom value starting with "_"` });
  return undefined;
};

const uuid: FieldParser = (v, p, o) => {
  if (typeof v !== 'string') return typeIssue(o, p, 'string', v);
  if (!UUID_PATTERN.test(v)) o.add({ origin: 'string', code: 'invalid_format', format: 'uuid', path: p, message: 'Invalid UUID' });
  return v;
};

export const ENDPOINTS = ['search', 'scrape', 'parse', 'map'] as const;
const RATINGS = ['good', 'bad', 'partial'] as const;

const ENDPOINT_SHAPE: Shape = [
  ['endpoint', (v, p, o) => parseEnum(v, p, o, ENDPOINTS), 'required'],
  ['jobId', uuid, 'required'],
  ['rating', (v, p, o) => parseEnum(v, p, o, RATINGS), 'required'],
  ['issues', labels, 'optional'],
  ['tags', labels, 'optional'],
  ['note', trimmedMax(4000), 'optional'],
  ['valuableSources', (v, p, o) => parseArray(v, p, o, 50, (x, q) => valuableSource(x, q, o)), 'optional'],
  ['missingContent', missingContent(50), 'optional'],
  ['querySuggestions', trimmedMax(2000), 'optional'],
  ['url', httpUrl, 'optional'],
  ['pageNumbers', (v, p, o) => parseArray(v, p, o, 100, (x, q) => pageNumber(x, q, o)), 'optional'],
  ['metadata', metadata, 'optional'],
  ['origin', origin, 'optional'],
  ['integration', integration, 'optional'],
];

const SEARCH_SHAPE: Shape = [
  ['rating', (v, p, o) => parseEnum(v, p, o, RATINGS), 'required'],
  ['valuableSources', (v, p, o) => parseArray(v, p, o, 50, (x, q) => valuableSource(x, q, o)), 'optional'],
  ['missingContent', missingContent(20), 'optional'],
  ['querySuggestions', trimmedMax(2000), 'optional'],
  ['origin', origin, 'optional'],
  ['integration', integration, 'optional'],
];

function len(v: unknown): number {
  return Array.isArray(v) || typeof v === 'string' ? v.length : 0;
}

function substantiveSearch(d: Record<string, unknown>): boolean {
  const sources = len(d.valuableSources) > 0;
  const missing = len(d.missingContent) > 0;
  const suggestions = len(d.querySuggestions) > 0;
  if (d.rating === 'good') return sources;
  if (d.rating === 'partial') return sources || missing;
  return missing || suggestions;
}

function finish(value: Record<string, unknown>): Record<string, unknown> {
  return { ...value, origin: value.origin ?? 'api', integration: value.integration || null };
}

/** POST /v2/feedback body. */
export function validateEndpointFeedback(body: unknown): ValidationResult {
  const out = new Issues();
  const value = parseStrictObject(body, [], out, ENDPOINT_SHAPE);
  if (!value || out.aborted) return { ok: false, issues: out.list };
  const signal = ['issues', 'tags', 'note', 'valuableSources', 'missingContent', 'querySuggestions', 'url', 'pageNumbers'].some((key) => len(value[key]) > 0);
  if (!signal) out.add({ code: 'custom', path: [], message: SIGNAL_MESSAGE });
  if (value.endpoint === 'search' && !substantiveSearch(value)) out.add({ code: 'custom', path: [], message: SEARCH_SIGNAL_MESSAGE });
  return out.list.length > 0 ? { ok: false, issues: out.list } : { ok: true, value: finish(value) };
}

/** POST /v2/search/:jobId/feedback body (no endpoint/jobId; missingContent up to 20). */
export function validateSearchFeedback(body: unknown): ValidationResult {
  const out = new Issues();
  const value = parseStrictObject(body, [], out, SEARCH_SHAPE);
  if (!value || out.aborted) return { ok: false, issues: out.list };
  if (!substantiveSearch(value)) out.add({ code: 'custom', path: [], message: SEARCH_ROUTE_SIGNAL_MESSAGE });
  return out.list.length > 0 ? { ok: false, issues: out.list } : { ok: true, value: finish(value) };
}
