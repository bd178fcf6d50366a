// Client-side mirror of the POST /v2/feedback body rules (shared/api-notes.md, "POST /v2/feedback").
// Hand-written rather than zod so that every problem gets a sentence a person can act on, and so a
// maximal body validates in microseconds. The single-field helpers at the bottom run the very same
// rule functions, so the wizard and the full validator never disagree. Pure: no `vscode`, no Node.

import {
  FEEDBACK_ENDPOINT_IDS,
  FEEDBACK_JOB_ID_FIELDS,
  FEEDBACK_RATING_IDS,
  FEEDBACK_FIELDS,
  FEEDBACK_LABEL_PATTERN,
  FEEDBACK_LIMITS,
  KNOWN_INTEGRATIONS,
  VSCODE_INTEGRATION,
  type FeedbackEndpoint,
  type FeedbackField,
  type FeedbackMissingContent,
  type FeedbackRating,
  type FeedbackRequest,
  type FeedbackValuableSource,
} from './types';
import { JOB_ID_PATTERN, UUID_SHAPE } from '../../shared/jobIds';

export type FeedbackProblemCode =
  | 'invalid_type'
  | 'required'
  | 'invalid_enum'
  | 'empty'
  | 'too_long'
  | 'pattern'
  | 'too_many'
  | 'not_uuid'
  | 'not_http_url'
  | 'not_integer'
  | 'too_small'
  | 'unknown_key'
  | 'metadata_too_large'
  | 'not_serializable'
  | 'integration'
  | 'no_signal'
  | 'search_rule';

export interface FeedbackProblem {
  /** Where: 'jobId', 'issues[2]', 'valuableSources[0].url', 'metadata'; '' for rules about the whole body. */
  path: string;
  /** A sentence a person can act on, naming the field and the bound. */
  message: string;
  /** Stable machine code. */
  code: FeedbackProblemCode;
}

export type FeedbackValidation =
  | { ok: true; value: FeedbackRequest }
  | { ok: false; problems: FeedbackProblem[] };

export type FeedbackLabelKind = 'issue' | 'tag';

type Sink = FeedbackProblem[];

// ---------------------------------------------------------------------------------------------
// Small helpers

const FIELD_SET: ReadonlySet<string> = new Set<string>(FEEDBACK_FIELDS);
const L = FEEDBACK_LIMITS;
const utf8 = new TextEncoder();

function add(sink: Sink, path: string, code: FeedbackProblemCode, message: string): void {
  sink.push({ path, message, code });
}

/** Quotes a user value for a message, shortened so a 4000-character note doesn't fill the screen. */
function quote(value: string): string {
  const oneLine = value.replace(/[\r\n\t]+/g, ' ');
  return `'${oneLine.length > 40 ? `${oneLine.slice(0, 39)}…` : oneLine}'`;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return 'text';
    case 'number':
      return 'a number';
    case 'boolean':
      return `${value}`;
    case 'object':
      return 'an object';
    default:
      return `a ${typeof value}`;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.prototype.toString.call(value) === '[object Object]'
  );
}

/** Non-empty in the sense of the signal rule: a non-blank string, a non-empty list, or any other value. */
function present(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function tooLong(noun: string, length: number, max: number): string {
  return `${noun} is ${length} characters long after trimming; at most ${max} are allowed (remove ${length - max}).`;
}

/** `text` is already trimmed. Returns true when within `max`. */
function maxLengthRule(text: string, noun: string, path: string, max: number, sink: Sink): boolean {
  if (text.length <= max) return true;
  add(sink, path, 'too_long', tooLong(noun, text.length, max));
  return false;
}

function topicRequiredMessage(noun: string): string {
  return `${noun} is required: name what was missing in 1–${FEEDBACK_LIMITS.topicMaxLength} characters.`;
}

function sourceUrlRequiredMessage(noun: string): string {
  return `${noun} is required: the http(s) address of a result that was useful.`;
}

/**
 * Reads an optional text field: returns the trimmed string ('' when absent or blank, meaning "omit"),
 * or undefined when the value is not a string (already reported).
 */
function optionalText(value: unknown, path: string, noun: string, sink: Sink): string | undefined {
  if (value === undefined) return '';
  if (typeof value !== 'string') {
    add(sink, path, 'invalid_type', `${noun} must be text, not ${describe(value)}.`);
    return undefined;
  }
  return value.trim();
}

/** Like optionalText, but absent/blank is reported as 'required'. Returns the trimmed string or undefined. */
function requiredText(value: unknown, path: string, noun: string, requiredMessage: string, sink: Sink): string | undefined {
  if (value === undefined || value === null) {
    add(sink, path, 'required', requiredMessage);
    return undefined;
  }
  if (typeof value !== 'string') {
    add(sink, path, 'invalid_type', `${noun} must be text, not ${describe(value)}.`);
    return undefined;
  }
  const trimmed = value.trim();
  if (trimmed.length === 0) {
    add(sink, path, 'required', requiredMessage);
    return undefined;
  }
  return trimmed;
}

/** Checks a list's type and length; returns it (even when too long, so its items are still checked). */
function list(value: unknown, path: string, noun: string, max: number, sink: Sink): readonly unknown[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    add(sink, path, 'invalid_type', `${noun} must be a list, not ${describe(value)}.`);
    return undefined;
  }
  if (value.length > max) {
    add(sink, path, 'too_many', `${noun} has ${value.length} items; at most ${max} are allowed (remove ${value.length - max}).`);
  }
  return value;
}

function unknownItemKeys(item: Record<string, unknown>, allowed: readonly string[], path: string, sink: Sink): void {
  for (const key of Object.keys(item)) {
    if (item[key] === undefined || allowed.includes(key)) continue;
    add(
      sink,
      `${path}.${key}`,
      'unknown_key',
      `Unknown field '${key}' in ${path}: the service rejects fields it does not know; only ${allowed.join(' and ')} are accepted.`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Rules on single values (shared by the full validator and the single-field helpers)

/** Proposes a label that matches the pattern, e.g. 'Bad Label' → 'bad-label'; undefined when none is obvious. */
export function suggestLabel(input: string): string | undefined {
  const suggestion = input
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+/, '')
    .slice(0, L.labelMaxLength)
    .replace(/-+$/, '');
  return suggestion && suggestion !== input && FEEDBACK_LABEL_PATTERN.test(suggestion) ? suggestion : undefined;
}

/** `label` is already trimmed; `position` (1-based) names an empty item. Returns true when valid. */
function labelRule(label: string, kind: FeedbackLabelKind, path: string, position: number | undefined, sink: Sink): boolean {
  const noun = kind === 'issue' ? 'Issue label' : 'Tag';
  if (label.length === 0) {
    add(sink, path, 'empty', `${noun}${position === undefined ? '' : ` ${position}`} is empty; remove it or enter 1–${L.labelMaxLength} characters.`);
    return false;
  }
  let ok = true;
  if (label.length > L.labelMaxLength) {
    add(sink, path, 'too_long', `${noun} ${quote(label)} is ${label.length} characters long; at most ${L.labelMaxLength} are allowed.`);
    ok = false;
  }
  if (!FEEDBACK_LABEL_PATTERN.test(label)) {
    const suggestion = suggestLabel(label);
    add(
      sink,
      path,
      'pattern',
      `${noun} ${quote(label)} must start with a lowercase letter or digit and use only a–z, 0–9, '_' and '-'${
        suggestion ? ` (try '${suggestion}')` : ''
      }.`,
    );
    ok = false;
  }
  return ok;
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The end of the "not a valid URL" sentence: proposes https:// when the scheme alone is missing. */
function urlHint(url: string): string {
  if (!HAS_SCHEME.test(url) && url.includes('.') && !/\s/.test(url)) {
    try {
      new URL(`https://${url}`);
      return `add the scheme, e.g. ${quote(`https://${url}`)}.`;
    } catch {
      // fall through to the generic hint
    }
  }
  return 'enter a full address such as https://example.com/page.';
}

/** `url` is already trimmed and non-empty. Returns true when valid. */
function urlRule(url: string, noun: string, path: string, sink: Sink): boolean {
  if (url.length > L.urlMaxLength) {
    add(sink, path, 'too_long', tooLong(noun, url.length, L.urlMaxLength));
    return false;
  }
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    add(sink, path, 'not_http_url', `${noun} ${quote(url)} is not a valid URL; ${urlHint(url)}`);
    return false;
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    add(sink, path, 'not_http_url', `${noun} ${quote(url)} must start with http:// or https:// (it uses ${protocol}).`);
    return false;
  }
  return true;
}

function jobIdHint(endpoint: FeedbackEndpoint | undefined): string {
  if (endpoint === undefined) return ' It is the id returned by the job: search and map → response id; scrape → metadata.scrapeId; parse → data.metadata.scrapeId.';
  const field = FEEDBACK_JOB_ID_FIELDS[endpoint];
  return ` For ${endpoint} it is the ${endpoint} response’s ${field === 'id' ? 'top-level id' : field}.`;
}

function jobIdRule(value: unknown, endpoint: FeedbackEndpoint | undefined, sink: Sink): string | undefined {
  const id = requiredText(value, 'jobId', 'jobId', `jobId is required: paste the UUID of the job you are rating.${jobIdHint(endpoint)}`, sink);
  if (id === undefined) return undefined;
  if (JOB_ID_PATTERN.test(id)) return id;
  if (!UUID_SHAPE.test(id)) {
    add(sink, 'jobId', 'not_uuid', `jobId ${quote(id)} is not a UUID: expected 32 hex digits grouped 8-4-4-4-12, like 3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4.${jobIdHint(endpoint)}`);
    return undefined;
  }
  const version = id.charAt(14);
  const variant = id.charAt(19);
  const wrong: string[] = [];
  if (version < '1' || version > '8') wrong.push(`its version digit (first of the third group) is '${version}' but must be 1–8`);
  if (!'89abAB'.includes(variant)) wrong.push(`its variant digit (first of the fourth group) is '${variant}' but must be 8, 9, a or b`);
  add(sink, 'jobId', 'not_uuid', `jobId ${quote(id)} is not a valid UUID: ${wrong.join(', and ')}. Check that it was copied whole.`);
  return undefined;
}

function enumRule<T extends string>(
  value: unknown,
  field: 'endpoint' | 'rating',
  allowed: readonly string[],
  sink: Sink,
): T | undefined {
  const choices = allowed.join(', ');
  const text = requiredText(value, field, field, `${field} is required: choose one of ${choices}.`, sink);
  if (text === undefined) return undefined;
  if (allowed.includes(text)) return text as T;
  const lower = text.toLowerCase();
  const hint = allowed.includes(lower) ? ` (did you mean '${lower}'?)` : '';
  add(sink, field, 'invalid_enum', `${field} ${quote(text)} is not supported${hint}; use one of ${choices}.`);
  return undefined;
}

function boundedText(
  value: unknown,
  path: string,
  noun: string,
  max: number,
  sink: Sink,
): string | undefined {
  const text = optionalText(value, path, noun, sink);
  if (text === undefined || text.length === 0) return undefined;
  return maxLengthRule(text, noun, path, max, sink) ? text : undefined;
}

function labelsRule(value: unknown, field: 'issues' | 'tags', sink: Sink): string[] | undefined {
  const kind: FeedbackLabelKind = field === 'issues' ? 'issue' : 'tag';
  const items = list(value, field, field, L.labelsMax, sink);
  if (items === undefined || items.length === 0) return undefined;
  const out: string[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (typeof item !== 'string') {
      add(sink, `${field}[${i}]`, 'invalid_type', `${field}[${i}] must be a text label, not ${describe(item)}.`);
      continue;
    }
    const label = item.trim();
    if (labelRule(label, kind, `${field}[${i}]`, i + 1, sink)) out.push(label);
  }
  return out;
}

function pageNumberRule(item: unknown, path: string, sink: Sink): boolean {
  if (typeof item !== 'number') {
    add(sink, path, 'invalid_type', `${path} must be a whole number of at least ${L.pageNumberMin}, not ${describe(item)}.`);
    return false;
  }
  if (!Number.isSafeInteger(item)) {
    add(
      sink,
      path,
      'not_integer',
      Number.isInteger(item)
        ? `${path} is ${item}, too large to be a page number.`
        : `${path} is ${item}; page numbers must be whole numbers.`,
    );
    return false;
  }
  if (item < L.pageNumberMin) {
    add(sink, path, 'too_small', `${path} is ${item}; page numbers start at ${L.pageNumberMin}.`);
    return false;
  }
  return true;
}

function pageNumbersRule(value: unknown, sink: Sink): number[] | undefined {
  const items = list(value, 'pageNumbers', 'pageNumbers', L.pageNumbersMax, sink);
  if (items === undefined || items.length === 0) return undefined;
  const out: number[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (pageNumberRule(item, `pageNumbers[${i}]`, sink)) out.push(item as number);
  }
  return out;
}

function valuableSourcesRule(value: unknown, sink: Sink): FeedbackValuableSource[] | undefined {
  const items = list(value, 'valuableSources', 'valuableSources', L.valuableSourcesMax, sink);
  if (items === undefined || items.length === 0) return undefined;
  const out: FeedbackValuableSource[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const path = `valuableSources[${i}]`;
    if (!isPlainObject(item)) {
      add(sink, path, 'invalid_type', `${path} must be an object with a url and an optional reason, not ${describe(item)}.`);
      continue;
    }
    unknownItemKeys(item, ['url', 'reason'], path, sink);
    const urlPath = `${path}.url`;
    const url = requiredText(item['url'], urlPath, urlPath, sourceUrlRequiredMessage(urlPath), sink);
    const urlOk = url !== undefined && urlRule(url, urlPath, urlPath, sink);
    const reasonPath = `${path}.reason`;
    const reason = optionalText(item['reason'], reasonPath, reasonPath, sink);
    const reasonOk = reason !== undefined && maxLengthRule(reason, reasonPath, reasonPath, L.reasonMaxLength, sink);
    if (urlOk && reasonOk) out.push(reason ? { url: url as string, reason } : { url: url as string });
  }
  return out;
}

function missingContentRule(value: unknown, sink: Sink): FeedbackMissingContent[] | undefined {
  const items = list(value, 'missingContent', 'missingContent', L.missingContentMax, sink);
  if (items === undefined || items.length === 0) return undefined;
  const out: FeedbackMissingContent[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const path = `missingContent[${i}]`;
    if (!isPlainObject(item)) {
      add(sink, path, 'invalid_type', `${path} must be an object with a topic and an optional description, not ${describe(item)}.`);
      continue;
    }
    unknownItemKeys(item, ['topic', 'description'], path, sink);
    const topicPath = `${path}.topic`;
    const topic = requiredText(item['topic'], topicPath, topicPath, topicRequiredMessage(topicPath), sink);
    const topicOk = topic !== undefined && maxLengthRule(topic, topicPath, topicPath, L.topicMaxLength, sink);
    const descriptionPath = `${path}.description`;
    const description = optionalText(item['description'], descriptionPath, descriptionPath, sink);
    const descriptionOk =
      description !== undefined && maxLengthRule(description, descriptionPath, descriptionPath, L.descriptionMaxLength, sink);
    if (topicOk && descriptionOk) {
      out.push(description ? { topic: topic as string, description } : { topic: topic as string });
    }
  }
  return out;
}

function metadataRule(value: unknown, sink: Sink): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) {
    add(sink, 'metadata', 'invalid_type', `metadata must be an object of key/value pairs, not ${describe(value)}.`);
    return undefined;
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined;
  }
  if (typeof json !== 'string') {
    add(sink, 'metadata', 'not_serializable', 'metadata cannot be converted to JSON (it holds a circular reference, a BigInt or similar); keep it to plain values.');
    return undefined;
  }
  const max = L.metadataMaxBytes;
  // A UTF-16 unit is 1–3 UTF-8 bytes (a surrogate pair, 2 units, is 4), so short strings need no encoding.
  const bytes = json.length * 3 <= max ? json.length : utf8.encode(json).length;
  if (bytes > max) {
    add(
      sink,
      'metadata',
      'metadata_too_large',
      `metadata is ${bytes} bytes as JSON (UTF-8); at most ${max} bytes are allowed (remove ${bytes - max}). Keep it small and never include full endpoint results.`,
    );
    return undefined;
  }
  return value;
}

function integrationRule(value: unknown, sink: Sink): string | undefined {
  if (value === null) return undefined; // the official SDK types allow null: treated as omitted
  const text = optionalText(value, 'integration', 'integration', sink);
  if (text === undefined || text.length === 0) return undefined;
  if (text.startsWith('_') || KNOWN_INTEGRATIONS.includes(text)) return text;
  add(
    sink,
    'integration',
    'integration',
    `integration ${quote(text)} is not accepted by the service: use a value starting with '_', such as '${VSCODE_INTEGRATION}' (plain 'vscode' is rejected), or leave it out.`,
  );
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Unknown keys

const KEY_ALIASES: ReadonlyMap<string, FeedbackField> = new Map<string, FeedbackField>([
  ...FEEDBACK_FIELDS.map((f): [string, FeedbackField] => [f.toLowerCase(), f]),
  ['id', 'jobId'],
  ['job', 'jobId'],
  ['searchid', 'jobId'],
  ['scrapeid', 'jobId'],
  ['mapid', 'jobId'],
  ['parseid', 'jobId'],
  ['issue', 'issues'],
  ['labels', 'issues'],
  ['tag', 'tags'],
  ['notes', 'note'],
  ['comment', 'note'],
  ['comments', 'note'],
  ['querysuggestion', 'querySuggestions'],
  ['pagenumber', 'pageNumbers'],
  ['pages', 'pageNumbers'],
  ['valuablesource', 'valuableSources'],
  ['sources', 'valuableSources'],
  ['missing', 'missingContent'],
  ['meta', 'metadata'],
]);

function unknownKeyMessage(key: string): string {
  const guess = KEY_ALIASES.get(key.toLowerCase().replace(/[^a-z]/g, ''));
  const shown = key.length > 40 ? `${key.slice(0, 39)}…` : key;
  return guess
    ? `Unknown field '${shown}': the service rejects fields it does not know (did you mean '${guess}'?).`
    : `Unknown field '${shown}': the service rejects fields it does not know; remove it. Accepted fields: ${FEEDBACK_FIELDS.join(', ')}.`;
}

// ---------------------------------------------------------------------------------------------
// Body-level rules

/** Anything shaped like a draft body: only the signal fields are read. */
export type FeedbackDraft = Readonly<Partial<Record<FeedbackField, unknown>>>;

const NO_SIGNAL_MESSAGE =
  'Add at least one piece of feedback: issues, tags, a note, valuableSources, missingContent, querySuggestions, a url or pageNumbers (metadata, origin and integration do not count).';

function hasSignal(draft: FeedbackDraft): boolean {
  return (
    present(draft.issues) ||
    present(draft.tags) ||
    present(draft.note) ||
    present(draft.valuableSources) ||
    present(draft.missingContent) ||
    present(draft.querySuggestions) ||
    present(draft.url) ||
    present(draft.pageNumbers)
  );
}

function searchRuleMessage(rating: FeedbackRating, draft: FeedbackDraft): string | undefined {
  switch (rating) {
    case 'good':
      return present(draft.valuableSources)
        ? undefined
        : "A 'good' rating on a search needs at least one valuableSources entry: the URL of a result that was useful.";
    case 'partial':
      return present(draft.valuableSources) || present(draft.missingContent)
        ? undefined
        : "A 'partial' rating on a search needs at least one valuableSources entry (a useful result) or one missingContent entry (what was missing).";
    case 'bad':
      return present(draft.missingContent) || present(draft.querySuggestions)
        ? undefined
        : "A 'bad' rating on a search needs at least one missingContent entry (what was missing) or querySuggestions (a query that would have worked).";
  }
}

/** The at-least-one-signal rule on a draft; the message, or undefined when satisfied. */
export function checkSignal(draft: FeedbackDraft): string | undefined {
  return hasSignal(draft) ? undefined : NO_SIGNAL_MESSAGE;
}

/** The extra rules for endpoint 'search' (per rating); undefined when satisfied or not a search. */
export function checkSearchRule(endpoint: FeedbackEndpoint, rating: FeedbackRating, draft: FeedbackDraft): string | undefined {
  return endpoint === 'search' ? searchRuleMessage(rating, draft) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Field table: one validator per top-level field, used by both entry points.

interface Context {
  endpoint: FeedbackEndpoint | undefined;
}

type FieldValidator = (value: unknown, sink: Sink, out: Partial<FeedbackRequest>, ctx: Context) => void;

const FIELD_VALIDATORS: Readonly<Record<FeedbackField, FieldValidator>> = {
  endpoint: (value, sink, out, ctx) => {
    const endpoint = enumRule<FeedbackEndpoint>(value, 'endpoint', FEEDBACK_ENDPOINT_IDS, sink);
    if (endpoint !== undefined) out.endpoint = ctx.endpoint = endpoint;
  },
  jobId: (value, sink, out, ctx) => {
    const id = jobIdRule(value, ctx.endpoint, sink);
    if (id !== undefined) out.jobId = id;
  },
  rating: (value, sink, out) => {
    const rating = enumRule<FeedbackRating>(value, 'rating', FEEDBACK_RATING_IDS, sink);
    if (rating !== undefined) out.rating = rating;
  },
  issues: (value, sink, out) => {
    const issues = labelsRule(value, 'issues', sink);
    if (issues?.length) out.issues = issues;
  },
  tags: (value, sink, out) => {
    const tags = labelsRule(value, 'tags', sink);
    if (tags?.length) out.tags = tags;
  },
  note: (value, sink, out) => {
    const note = boundedText(value, 'note', 'note', L.noteMaxLength, sink);
    if (note !== undefined) out.note = note;
  },
  querySuggestions: (value, sink, out) => {
    const text = boundedText(value, 'querySuggestions', 'querySuggestions', L.querySuggestionsMaxLength, sink);
    if (text !== undefined) out.querySuggestions = text;
  },
  url: (value, sink, out) => {
    const url = optionalText(value, 'url', 'url', sink);
    if (url && urlRule(url, 'url', 'url', sink)) out.url = url;
  },
  pageNumbers: (value, sink, out) => {
    const pages = pageNumbersRule(value, sink);
    if (pages?.length) out.pageNumbers = pages;
  },
  valuableSources: (value, sink, out) => {
    const sources = valuableSourcesRule(value, sink);
    if (sources?.length) out.valuableSources = sources;
  },
  missingContent: (value, sink, out) => {
    const missing = missingContentRule(value, sink);
    if (missing?.length) out.missingContent = missing;
  },
  metadata: (value, sink, out) => {
    const metadata = metadataRule(value, sink);
    if (metadata !== undefined) out.metadata = metadata;
  },
  origin: (value, sink, out) => {
    const origin = optionalText(value, 'origin', 'origin', sink);
    if (origin) out.origin = origin;
  },
  integration: (value, sink, out) => {
    const integration = integrationRule(value, sink);
    if (integration !== undefined) out.integration = integration;
  },
};

/**
 * Validates a whole feedback body the way the service does, reporting every problem at once.
 * On success `value` holds trimmed strings with blank optional strings and empty lists dropped,
 * so what is sent is exactly what was checked.
 */
export function validateFeedback(input: unknown): FeedbackValidation {
  const problems: Sink = [];
  if (!isPlainObject(input)) {
    add(problems, '', 'invalid_type', `The feedback body must be an object with endpoint, jobId and rating, not ${describe(input)}.`);
    return { ok: false, problems };
  }
  for (const key of Object.keys(input)) {
    if (!FIELD_SET.has(key) && input[key] !== undefined) add(problems, key, 'unknown_key', unknownKeyMessage(key));
  }
  const out: Partial<FeedbackRequest> = {};
  const ctx: Context = { endpoint: undefined };
  for (const field of FEEDBACK_FIELDS) FIELD_VALIDATORS[field](input[field], problems, out, ctx);

  if (!hasSignal(input)) add(problems, '', 'no_signal', NO_SIGNAL_MESSAGE);
  if (out.endpoint === 'search' && out.rating !== undefined) {
    const message = searchRuleMessage(out.rating, input);
    if (message !== undefined) add(problems, '', 'search_rule', message);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: out as FeedbackRequest };
}

/**
 * Validates one top-level field alone, with the same rules as {@link validateFeedback} (body-level
 * rules excluded). `endpoint` only sharpens the jobId hint. Returns [] when the value is fine.
 */
export function validateFeedbackField(field: FeedbackField, value: unknown, endpoint?: FeedbackEndpoint): FeedbackProblem[] {
  const problems: Sink = [];
  const validator = FIELD_VALIDATORS[field];
  if (validator === undefined) {
    add(problems, String(field), 'unknown_key', unknownKeyMessage(String(field)));
    return problems;
  }
  validator(value, problems, {}, { endpoint });
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Single-value helpers for the wizard: the first problem's message, or undefined when valid.

function first(problems: Sink): string | undefined {
  return problems[0]?.message;
}

export function checkEndpoint(value: unknown): string | undefined {
  return first(validateFeedbackField('endpoint', value));
}

export function checkRating(value: unknown): string | undefined {
  return first(validateFeedbackField('rating', value));
}

/** Required: blank is a problem. Surrounding whitespace is ignored (it is trimmed before sending). */
export function checkJobId(value: unknown, endpoint?: FeedbackEndpoint): string | undefined {
  return first(validateFeedbackField('jobId', value, endpoint));
}

/** One issue label or tag as typed (trimmed first). */
export function checkLabel(label: string, kind: FeedbackLabelKind = 'issue'): string | undefined {
  const sink: Sink = [];
  labelRule(label.trim(), kind, kind === 'issue' ? 'issues' : 'tags', undefined, sink);
  return first(sink);
}

/** A whole list of labels (count and every item). */
export function checkLabels(labels: readonly unknown[], kind: FeedbackLabelKind = 'issue'): string | undefined {
  return first(validateFeedbackField(kind === 'issue' ? 'issues' : 'tags', labels));
}

export function checkNote(value: string): string | undefined {
  return first(validateFeedbackField('note', value));
}

export function checkQuerySuggestions(value: string): string | undefined {
  return first(validateFeedbackField('querySuggestions', value));
}

/**
 * A URL as typed. Blank is fine unless `required` (a valuable source's url is required; the
 * top-level url is optional). `noun` names the field in the message (default 'url').
 */
export function checkUrl(value: string, options: { required?: boolean; noun?: string } = {}): string | undefined {
  const noun = options.noun ?? 'url';
  const sink: Sink = [];
  const url = value.trim();
  if (url.length === 0) return options.required ? sourceUrlRequiredMessage(noun) : undefined;
  urlRule(url, noun, noun, sink);
  return first(sink);
}

export function checkPageNumbers(value: readonly unknown[]): string | undefined {
  return first(validateFeedbackField('pageNumbers', value));
}

/** A valuable source's reason (optional, at most 1000 characters after trimming). */
export function checkReason(value: string): string | undefined {
  const sink: Sink = [];
  maxLengthRule(value.trim(), 'reason', 'reason', L.reasonMaxLength, sink);
  return first(sink);
}

/** A missing-content topic (required, 1–200 characters after trimming). */
export function checkTopic(value: string): string | undefined {
  const topic = value.trim();
  if (topic.length === 0) return topicRequiredMessage('topic');
  const sink: Sink = [];
  maxLengthRule(topic, 'topic', 'topic', L.topicMaxLength, sink);
  return first(sink);
}

/** A missing-content description (optional, at most 2000 characters after trimming). */
export function checkDescription(value: string): string | undefined {
  const sink: Sink = [];
  maxLengthRule(value.trim(), 'description', 'description', L.descriptionMaxLength, sink);
  return first(sink);
}

export function checkIntegration(value: string): string | undefined {
  return first(validateFeedbackField('integration', value));
}

export function checkMetadata(value: unknown): string | undefined {
  return first(validateFeedbackField('metadata', value));
}
