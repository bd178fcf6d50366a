// Client-side mirror of the POST /v2/feedback body rules (shared/api-notes.md, "POST /v2/feedback").
// Hand-written rather than zod so that every problem gets a sentence a person can act on (worded in
// problemText.ts, in the editor's language), and so a maximal body validates in microseconds. The
// single-field helpers at the bottom run the very same rule functions, so the wizard and the full
// validator never disagree. Pure: no `vscode`, no Node.

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
import * as words from './problemText';

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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    // not localised: JavaScript's tag of a plain object
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

/** `text` is already trimmed. Returns true when within `max`. */
function maxLengthRule(text: string, noun: string, path: string, max: number, sink: Sink): boolean {
  if (text.length <= max) return true;
  add(sink, path, 'too_long', words.tooLongText(noun, text.length, max));
  return false;
}

/**
 * Reads an optional text field: returns the trimmed string ('' when absent or blank, meaning "omit"),
 * or undefined when the value is not a string (already reported).
 */
function optionalText(value: unknown, path: string, noun: string, sink: Sink): string | undefined {
  if (value === undefined) return '';
  if (typeof value !== 'string') {
    add(sink, path, 'invalid_type', words.notTextText(noun, value));
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
    add(sink, path, 'invalid_type', words.notTextText(noun, value));
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
    add(sink, path, 'invalid_type', words.notListText(noun, value));
    return undefined;
  }
  if (value.length > max) add(sink, path, 'too_many', words.tooManyText(noun, value.length, max));
  return value;
}

function unknownItemKeys(item: Record<string, unknown>, allowed: readonly [string, string], path: string, sink: Sink): void {
  for (const key of Object.keys(item)) {
    if (item[key] === undefined || allowed.includes(key)) continue;
    add(sink, `${path}.${key}`, 'unknown_key', words.unknownItemKeyText(key, path, allowed));
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
  if (label.length === 0) {
    add(sink, path, 'empty', words.emptyLabelText(kind, position));
    return false;
  }
  let ok = true;
  if (label.length > L.labelMaxLength) {
    add(sink, path, 'too_long', words.longLabelText(kind, label));
    ok = false;
  }
  if (!FEEDBACK_LABEL_PATTERN.test(label)) {
    add(sink, path, 'pattern', words.labelPatternText(kind, label, suggestLabel(label)));
    ok = false;
  }
  return ok;
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** `url` with https:// in front when the scheme alone is missing, for the "not a valid URL" sentence. */
function withScheme(url: string): string | undefined {
  if (!HAS_SCHEME.test(url) && url.includes('.') && !/\s/.test(url)) {
    try {
      new URL(`https://${url}`);
      return `https://${url}`;
    } catch {
      // no obvious fix: the generic hint
    }
  }
  return undefined;
}

/** `url` is already trimmed and non-empty. Returns true when valid. */
function urlRule(url: string, noun: string, path: string, sink: Sink): boolean {
  if (url.length > L.urlMaxLength) {
    add(sink, path, 'too_long', words.tooLongText(noun, url.length, L.urlMaxLength));
    return false;
  }
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    add(sink, path, 'not_http_url', words.notUrlText(noun, url, withScheme(url)));
    return false;
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    add(sink, path, 'not_http_url', words.notHttpText(noun, url, protocol));
    return false;
  }
  return true;
}

function jobIdRule(value: unknown, endpoint: FeedbackEndpoint | undefined, sink: Sink): string | undefined {
  const field = endpoint === undefined ? undefined : FEEDBACK_JOB_ID_FIELDS[endpoint];
  const id = requiredText(value, 'jobId', 'jobId', words.jobIdRequiredText(endpoint, field), sink);
  if (id === undefined) return undefined;
  if (JOB_ID_PATTERN.test(id)) return id;
  if (!UUID_SHAPE.test(id)) {
    add(sink, 'jobId', 'not_uuid', words.notUuidText(id, endpoint, field));
    return undefined;
  }
  const version = id.charAt(14);
  const variant = id.charAt(19);
  const wrongVersion = version < '1' || version > '8' ? version : undefined;
  const wrongVariant = '89abAB'.includes(variant) ? undefined : variant;
  add(sink, 'jobId', 'not_uuid', words.invalidUuidText(id, wrongVersion, wrongVariant));
  return undefined;
}

function enumRule<T extends string>(
  value: unknown,
  field: 'endpoint' | 'rating',
  allowed: readonly string[],
  sink: Sink,
): T | undefined {
  const choices = allowed.join(', ');
  const text = requiredText(value, field, field, words.choiceRequiredText(field, choices), sink);
  if (text === undefined) return undefined;
  if (allowed.includes(text)) return text as T;
  const lower = text.toLowerCase();
  add(sink, field, 'invalid_enum', words.unsupportedChoiceText(field, text, choices, allowed.includes(lower) ? lower : undefined));
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
      add(sink, `${field}[${i}]`, 'invalid_type', words.notLabelText(`${field}[${i}]`, item));
      continue;
    }
    const label = item.trim();
    if (labelRule(label, kind, `${field}[${i}]`, i + 1, sink)) out.push(label);
  }
  return out;
}

function pageNumberRule(item: unknown, path: string, sink: Sink): boolean {
  if (typeof item !== 'number') {
    add(sink, path, 'invalid_type', words.notPageNumberText(path, item));
    return false;
  }
  if (!Number.isSafeInteger(item)) {
    add(sink, path, 'not_integer', words.badPageNumberText(path, item));
    return false;
  }
  if (item < L.pageNumberMin) {
    add(sink, path, 'too_small', words.badPageNumberText(path, item));
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
      add(sink, path, 'invalid_type', words.notSourceText(path, item));
      continue;
    }
    unknownItemKeys(item, ['url', 'reason'], path, sink);
    const urlPath = `${path}.url`;
    const url = requiredText(item['url'], urlPath, urlPath, words.sourceUrlRequiredText(urlPath), sink);
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
      add(sink, path, 'invalid_type', words.notMissingContentText(path, item));
      continue;
    }
    unknownItemKeys(item, ['topic', 'description'], path, sink);
    const topicPath = `${path}.topic`;
    const topic = requiredText(item['topic'], topicPath, topicPath, words.topicRequiredText(topicPath), sink);
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
    add(sink, 'metadata', 'invalid_type', words.notMetadataText(value));
    return undefined;
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined;
  }
  if (typeof json !== 'string') {
    add(sink, 'metadata', 'not_serializable', words.metadataNotJsonText());
    return undefined;
  }
  const max = L.metadataMaxBytes;
  // A UTF-16 unit is 1–3 UTF-8 bytes (a surrogate pair, 2 units, is 4), so short strings need no encoding.
  const bytes = json.length * 3 <= max ? json.length : utf8.encode(json).length;
  if (bytes > max) {
    add(sink, 'metadata', 'metadata_too_large', words.metadataTooLargeText(bytes, max));
    return undefined;
  }
  return value;
}

function integrationRule(value: unknown, sink: Sink): string | undefined {
  if (value === null) return undefined; // the official SDK types allow null: treated as omitted
  const text = optionalText(value, 'integration', 'integration', sink);
  if (text === undefined || text.length === 0) return undefined;
  if (text.startsWith('_') || KNOWN_INTEGRATIONS.includes(text)) return text;
  add(sink, 'integration', 'integration', words.integrationText(text, VSCODE_INTEGRATION));
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
  return words.unknownKeyText(key, KEY_ALIASES.get(key.toLowerCase().replace(/[^a-z]/g, '')), FEEDBACK_FIELDS.join(', '));
}

// ---------------------------------------------------------------------------------------------
// Body-level rules

/** Anything shaped like a draft body: only the signal fields are read. */
export type FeedbackDraft = Readonly<Partial<Record<FeedbackField, unknown>>>;

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
  const met =
    rating === 'good'
      ? present(draft.valuableSources)
      : rating === 'partial'
        ? present(draft.valuableSources) || present(draft.missingContent)
        : present(draft.missingContent) || present(draft.querySuggestions);
  return met ? undefined : words.searchRuleText(rating);
}

/** The at-least-one-signal rule on a draft; the message, or undefined when satisfied. */
export function checkSignal(draft: FeedbackDraft): string | undefined {
  return hasSignal(draft) ? undefined : words.noSignalText();
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
    add(problems, '', 'invalid_type', words.notBodyText(input));
    return { ok: false, problems };
  }
  for (const key of Object.keys(input)) {
    if (!FIELD_SET.has(key) && input[key] !== undefined) add(problems, key, 'unknown_key', unknownKeyMessage(key));
  }
  const out: Partial<FeedbackRequest> = {};
  const ctx: Context = { endpoint: undefined };
  for (const field of FEEDBACK_FIELDS) FIELD_VALIDATORS[field](input[field], problems, out, ctx);

  if (!hasSignal(input)) add(problems, '', 'no_signal', words.noSignalText());
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
  if (url.length === 0) return options.required ? words.sourceUrlRequiredText(noun) : undefined;
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
  if (topic.length === 0) return words.topicRequiredText('topic');
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
