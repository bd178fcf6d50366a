// Client-side mirror of the POST /v2/feedback body rules the service enforces (shared/api-notes.md,
// "POST /v2/feedback"), over the typed body the wizard and the client build: what the types already
// rule out (a wrong type, an unknown key) is not checked again. Hand-written rather than zod so that
// every problem gets a sentence a person can act on (worded in problemText.ts, in the editor's
// language). The single-field helpers at the bottom run the very same rules, so the wizard and the
// full validator never disagree. Pure: no `vscode`, no Node.

import {
  FEEDBACK_ENDPOINT_IDS,
  FEEDBACK_JOB_ID_FIELDS,
  FEEDBACK_RATING_IDS,
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
import { findJobIds, JOB_ID_PATTERN, UUID_SHAPE } from '../../shared/jobIds';
import * as words from './problemText';

export type FeedbackProblemCode =
  | 'invalid_type'
  | 'required'
  | 'empty'
  | 'too_long'
  | 'pattern'
  | 'too_many'
  | 'not_uuid'
  | 'not_http_url'
  | 'not_integer'
  | 'too_small'
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

export type FeedbackValidation = { ok: true; value: FeedbackRequest } | { ok: false; problems: FeedbackProblem[] };

export type FeedbackLabelKind = 'issue' | 'tag';

type Sink = FeedbackProblem[];

// ---------------------------------------------------------------------------------------------
// Small helpers

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

function countRule(items: readonly unknown[], noun: string, max: number, sink: Sink): void {
  if (items.length > max) add(sink, noun, 'too_many', words.tooManyText(noun, items.length, max));
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

function jobIdRule(value: string, endpoint: FeedbackEndpoint | undefined, sink: Sink): string | undefined {
  const field = endpoint === undefined ? undefined : FEEDBACK_JOB_ID_FIELDS[endpoint];
  const id = value.trim();
  if (!id) {
    add(sink, 'jobId', 'required', words.jobIdRequiredText(endpoint, field));
    return undefined;
  }
  // The service's ids are lower case: one typed or pasted in capitals is sent as the service wrote it.
  if (JOB_ID_PATTERN.test(id)) return id.toLowerCase();
  if (!UUID_SHAPE.test(id)) {
    // A response or a log pasted whole: "not a UUID" would send the person looking for a fault in ids that are whole.
    const several = findJobIds(id).length > 1;
    add(sink, 'jobId', 'not_uuid', several ? words.severalJobIdsText(id, endpoint, field) : words.notUuidText(id, endpoint, field));
    return undefined;
  }
  const version = id.charAt(14);
  const variant = id.charAt(19);
  const wrongVersion = version < '1' || version > '8' ? version : undefined;
  const wrongVariant = '89abAB'.includes(variant) ? undefined : variant;
  add(sink, 'jobId', 'not_uuid', words.invalidUuidText(id, wrongVersion, wrongVariant));
  return undefined;
}

/** An optional text: trimmed, undefined when blank or too long (reported). */
function boundedText(value: string | undefined, noun: string, max: number, sink: Sink): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  return maxLengthRule(text, noun, noun, max, sink) ? text : undefined;
}

function labelsRule(items: readonly string[], field: 'issues' | 'tags', sink: Sink): string[] {
  const kind: FeedbackLabelKind = field === 'issues' ? 'issue' : 'tag';
  countRule(items, field, L.labelsMax, sink);
  const out: string[] = [];
  items.forEach((item, i) => {
    const label = item.trim();
    if (labelRule(label, kind, `${field}[${i}]`, i + 1, sink)) out.push(label);
  });
  return out;
}

function pageNumbersRule(items: readonly number[], sink: Sink): number[] {
  countRule(items, 'pageNumbers', L.pageNumbersMax, sink);
  const out: number[] = [];
  items.forEach((item, i) => {
    const path = `pageNumbers[${i}]`;
    if (!Number.isSafeInteger(item)) add(sink, path, 'not_integer', words.badPageNumberText(path, item));
    else if (item < L.pageNumberMin) add(sink, path, 'too_small', words.badPageNumberText(path, item));
    else out.push(item);
  });
  return out;
}

function valuableSourcesRule(items: readonly FeedbackValuableSource[], sink: Sink): FeedbackValuableSource[] {
  countRule(items, 'valuableSources', L.valuableSourcesMax, sink);
  const out: FeedbackValuableSource[] = [];
  items.forEach((item, i) => {
    const urlPath = `valuableSources[${i}].url`;
    const url = item.url.trim();
    let urlOk = false;
    if (!url) add(sink, urlPath, 'required', words.sourceUrlRequiredText(urlPath));
    else urlOk = urlRule(url, urlPath, urlPath, sink);
    const reasonPath = `valuableSources[${i}].reason`;
    const reason = (item.reason ?? '').trim();
    const reasonOk = maxLengthRule(reason, reasonPath, reasonPath, L.reasonMaxLength, sink);
    if (urlOk && reasonOk) out.push(reason ? { url, reason } : { url });
  });
  return out;
}

function missingContentRule(items: readonly FeedbackMissingContent[], sink: Sink): FeedbackMissingContent[] {
  countRule(items, 'missingContent', L.missingContentMax, sink);
  const out: FeedbackMissingContent[] = [];
  items.forEach((item, i) => {
    const topicPath = `missingContent[${i}].topic`;
    const topic = item.topic.trim();
    let topicOk = false;
    if (!topic) add(sink, topicPath, 'required', words.topicRequiredText(topicPath));
    else topicOk = maxLengthRule(topic, topicPath, topicPath, L.topicMaxLength, sink);
    const descriptionPath = `missingContent[${i}].description`;
    const description = (item.description ?? '').trim();
    const descriptionOk = maxLengthRule(description, descriptionPath, descriptionPath, L.descriptionMaxLength, sink);
    if (topicOk && descriptionOk) out.push(description ? { topic, description } : { topic });
  });
  return out;
}

/** Metadata as parsed from what was typed: a plain object that fits in 8 KB of JSON. */
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

function integrationRule(value: string | undefined, sink: Sink): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (text.startsWith('_') || KNOWN_INTEGRATIONS.includes(text)) return text;
  add(sink, 'integration', 'integration', words.integrationText(text, VSCODE_INTEGRATION));
  return undefined;
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

/**
 * A body as built from a draft: the endpoint and rating may not be chosen yet, and metadata is whatever
 * the typed JSON parsed to; all checked here.
 */
export type FeedbackInput = Omit<FeedbackRequest, 'endpoint' | 'rating' | 'metadata'> & { endpoint?: FeedbackEndpoint; rating?: FeedbackRating; metadata?: unknown };

/**
 * Validates a whole feedback body the way the service does, reporting every problem at once.
 * On success `value` holds trimmed strings with blank optional strings and empty lists dropped, in
 * the service's field order, so what is sent is exactly what was checked.
 */
export function validateFeedback(input: FeedbackInput): FeedbackValidation {
  const problems: Sink = [];
  const { endpoint, rating } = input;
  if (!endpoint) add(problems, 'endpoint', 'required', words.choiceRequiredText('endpoint', FEEDBACK_ENDPOINT_IDS.join(', ')));
  const out: FeedbackRequest = { endpoint: endpoint ?? 'scrape', jobId: '', rating: rating ?? 'good' };
  const jobId = jobIdRule(input.jobId, input.endpoint, problems);
  if (jobId !== undefined) out.jobId = jobId;
  if (!rating) add(problems, 'rating', 'required', words.choiceRequiredText('rating', FEEDBACK_RATING_IDS.join(', ')));
  const issues = labelsRule(input.issues ?? [], 'issues', problems);
  if (issues.length) out.issues = issues;
  const tags = labelsRule(input.tags ?? [], 'tags', problems);
  if (tags.length) out.tags = tags;
  const note = boundedText(input.note, 'note', L.noteMaxLength, problems);
  if (note !== undefined) out.note = note;
  const query = boundedText(input.querySuggestions, 'querySuggestions', L.querySuggestionsMaxLength, problems);
  if (query !== undefined) out.querySuggestions = query;
  const url = input.url?.trim();
  if (url && urlRule(url, 'url', 'url', problems)) out.url = url;
  const pages = pageNumbersRule(input.pageNumbers ?? [], problems);
  if (pages.length) out.pageNumbers = pages;
  const sources = valuableSourcesRule(input.valuableSources ?? [], problems);
  if (sources.length) out.valuableSources = sources;
  const missing = missingContentRule(input.missingContent ?? [], problems);
  if (missing.length) out.missingContent = missing;
  const metadata = metadataRule(input.metadata, problems);
  if (metadata !== undefined) out.metadata = metadata;
  const origin = input.origin?.trim();
  if (origin) out.origin = origin;
  const integration = integrationRule(input.integration, problems);
  if (integration !== undefined) out.integration = integration;

  if (!hasSignal(input)) add(problems, '', 'no_signal', words.noSignalText());
  if (endpoint === 'search' && rating) {
    const message = searchRuleMessage(rating, input);
    if (message !== undefined) add(problems, '', 'search_rule', message);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: out };
}

// ---------------------------------------------------------------------------------------------
// Single-value helpers for the wizard: the first problem's message, or undefined when valid.

function first(problems: Sink): string | undefined {
  return problems[0]?.message;
}

function checked(rule: (sink: Sink) => unknown): string | undefined {
  const sink: Sink = [];
  rule(sink);
  return first(sink);
}

/** Required: blank is a problem. Surrounding whitespace is ignored (it is trimmed before sending). */
export function checkJobId(value: string, endpoint?: FeedbackEndpoint): string | undefined {
  return checked((sink) => jobIdRule(value, endpoint, sink));
}

/** One issue label or tag as typed (trimmed first). */
export function checkLabel(label: string, kind: FeedbackLabelKind = 'issue'): string | undefined {
  return checked((sink) => labelRule(label.trim(), kind, kind === 'issue' ? 'issues' : 'tags', undefined, sink));
}

/** A whole list of labels (count and every item). */
export function checkLabels(labels: readonly string[], kind: FeedbackLabelKind = 'issue'): string | undefined {
  return checked((sink) => labelsRule(labels, kind === 'issue' ? 'issues' : 'tags', sink));
}

export function checkNote(value: string): string | undefined {
  return checked((sink) => boundedText(value, 'note', L.noteMaxLength, sink));
}

export function checkQuerySuggestions(value: string): string | undefined {
  return checked((sink) => boundedText(value, 'querySuggestions', L.querySuggestionsMaxLength, sink));
}

/**
 * A URL as typed. Blank is fine unless `required` (a valuable source's url is required; the
 * top-level url is optional). `noun` names the field in the message (default 'url').
 */
export function checkUrl(value: string, options: { required?: boolean; noun?: string } = {}): string | undefined {
  const noun = options.noun ?? 'url';
  const url = value.trim();
  if (url.length === 0) return options.required ? words.sourceUrlRequiredText(noun) : undefined;
  return checked((sink) => urlRule(url, noun, noun, sink));
}

export function checkPageNumbers(value: readonly number[]): string | undefined {
  return checked((sink) => pageNumbersRule(value, sink));
}

/** A valuable source's reason (optional, at most 1000 characters after trimming). */
export function checkReason(value: string): string | undefined {
  return checked((sink) => maxLengthRule(value.trim(), 'reason', 'reason', L.reasonMaxLength, sink));
}

/** A missing-content topic (required, 1–200 characters after trimming). */
export function checkTopic(value: string): string | undefined {
  const topic = value.trim();
  if (topic.length === 0) return words.topicRequiredText('topic');
  return checked((sink) => maxLengthRule(topic, 'topic', 'topic', L.topicMaxLength, sink));
}

/** A missing-content description (optional, at most 2000 characters after trimming). */
export function checkDescription(value: string): string | undefined {
  return checked((sink) => maxLengthRule(value.trim(), 'description', 'description', L.descriptionMaxLength, sink));
}

export function checkMetadata(value: unknown): string | undefined {
  return checked((sink) => metadataRule(value, sink));
}
