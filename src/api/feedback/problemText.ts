// The words of every problem the feedback validator reports, in the editor's language: the wizard
// shows them next to the field being typed. Each is a whole sentence with placeholders, so a
// language can reorder it; field names in them (jobId, valuableSources[0].url) are the API's own and
// stay as they are, and so do the values people typed, quoted. Pure: no `vscode`, no Node.
import * as l10n from '@vscode/l10n';
import { formatExact } from '../../shared/format';
import { FEEDBACK_LIMITS as L, type FeedbackEndpoint, type FeedbackRating } from './types';

const n = (value: number): string => formatExact(value);

/** Quotes a user value for a message, shortened so a 4000-character note doesn't fill the screen. */
export function quote(value: string): string {
  const oneLine = value.replace(/[\r\n\t]+/g, ' ');
  return `'${oneLine.length > 40 ? `${oneLine.slice(0, 39)}…` : oneLine}'`;
}

/** What a value is, for "… must be text, not {what}". */
export function describeValue(value: unknown): string {
  if (value === null || typeof value === 'boolean') return String(value); // JSON's own words
  if (Array.isArray(value)) return l10n.t({ message: 'a list', args: [], comment: ['what a wrong value is, in "X must be text, not a list"'] });
  switch (typeof value) {
    case 'string':
      return l10n.t({ message: 'text', args: [], comment: ['what a wrong value is, in "X must be a list, not text"'] });
    case 'number':
      return l10n.t({ message: 'a number', args: [], comment: ['what a wrong value is, in "X must be text, not a number"'] });
    case 'object':
      return l10n.t({ message: 'an object', args: [], comment: ['what a wrong value is, in "X must be text, not an object"'] });
    default:
      return l10n.t({ message: 'a {0}', args: [typeof value], comment: ['what a wrong value is; {0} is a JavaScript type name such as function or bigint'] });
  }
}

export function tooLongText(noun: string, length: number, max: number): string {
  return l10n.t('{0} is {1} characters long after trimming; at most {2} are allowed (remove {3}).', noun, n(length), n(max), n(length - max));
}

export function topicRequiredText(noun: string): string {
  return l10n.t('{0} is required: name what was missing in 1–{1} characters.', noun, n(L.topicMaxLength));
}

export function sourceUrlRequiredText(noun: string): string {
  return l10n.t('{0} is required: the http(s) address of a result that was useful.', noun);
}

export function tooManyText(noun: string, count: number, max: number): string {
  return l10n.t('{0} has {1} items; at most {2} are allowed (remove {3}).', noun, n(count), n(max), n(count - max));
}

export type LabelKind = 'issue' | 'tag';

/** An empty label; `position` (1-based) when it is one of a list. */
export function emptyLabelText(kind: LabelKind, position: number | undefined): string {
  const max = n(L.labelMaxLength);
  if (position === undefined) {
    return kind === 'issue' ? l10n.t('Issue label is empty; remove it or enter 1–{0} characters.', max) : l10n.t('Tag is empty; remove it or enter 1–{0} characters.', max);
  }
  return kind === 'issue'
    ? l10n.t('Issue label {0} is empty; remove it or enter 1–{1} characters.', n(position), max)
    : l10n.t('Tag {0} is empty; remove it or enter 1–{1} characters.', n(position), max);
}

export function longLabelText(kind: LabelKind, label: string): string {
  const [shown, length, max] = [quote(label), n(label.length), n(L.labelMaxLength)];
  return kind === 'issue'
    ? l10n.t('Issue label {0} is {1} characters long; at most {2} are allowed.', shown, length, max)
    : l10n.t('Tag {0} is {1} characters long; at most {2} are allowed.', shown, length, max);
}

/** A label that breaks the pattern, with a label that keeps it when one is obvious. */
export function labelPatternText(kind: LabelKind, label: string, suggestion: string | undefined): string {
  const shown = quote(label);
  if (suggestion === undefined) {
    return kind === 'issue'
      ? l10n.t("Issue label {0} must start with a lowercase letter or digit and use only a–z, 0–9, '_' and '-'.", shown)
      : l10n.t("Tag {0} must start with a lowercase letter or digit and use only a–z, 0–9, '_' and '-'.", shown);
  }
  return kind === 'issue'
    ? l10n.t("Issue label {0} must start with a lowercase letter or digit and use only a–z, 0–9, '_' and '-' (try '{1}').", shown, suggestion)
    : l10n.t("Tag {0} must start with a lowercase letter or digit and use only a–z, 0–9, '_' and '-' (try '{1}').", shown, suggestion);
}

/** `withScheme`: the same address with https:// in front, when that alone makes it one. */
export function notUrlText(noun: string, url: string, withScheme: string | undefined): string {
  return withScheme === undefined
    ? l10n.t('{0} {1} is not a valid URL; enter a full address such as https://example.com/page.', noun, quote(url))
    : l10n.t('{0} {1} is not a valid URL; add the scheme, e.g. {2}.', noun, quote(url), quote(withScheme));
}

export function notHttpText(noun: string, url: string, protocol: string): string {
  return l10n.t('{0} {1} must start with http:// or https:// (it uses {2}).', noun, quote(url), protocol);
}

/** Where the job id is found, as a sentence to follow a jobId problem: `field` is where `endpoint`'s response has it. */
function jobIdHint(endpoint: FeedbackEndpoint | undefined, field: string | undefined): string {
  if (endpoint === undefined || field === undefined) {
    return l10n.t('It is the id returned by the job: search and map → response id; scrape and parse → data.metadata.scrapeId.');
  }
  return field === 'id' ? l10n.t('For {0} it is the {0} response’s top-level id.', endpoint) : l10n.t('For {0} it is the {0} response’s {1}.', endpoint, field);
}

export function jobIdRequiredText(endpoint: FeedbackEndpoint | undefined, field: string | undefined): string {
  return `${l10n.t('jobId is required: paste the UUID of the job you are rating.')} ${jobIdHint(endpoint, field)}`;
}

export function notUuidText(id: string, endpoint: FeedbackEndpoint | undefined, field: string | undefined): string {
  const problem = l10n.t('jobId {0} is not a UUID: expected 32 hex digits grouped 8-4-4-4-12, like 3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4.', quote(id));
  return `${problem} ${jobIdHint(endpoint, field)}`;
}

/** Text that holds more than one job id (a response or a log pasted whole): which one is meant cannot be told. */
export function severalJobIdsText(text: string, endpoint: FeedbackEndpoint | undefined, field: string | undefined): string {
  return `${l10n.t('jobId {0} holds several job ids; keep only the id of the job you are rating.', quote(text))} ${jobIdHint(endpoint, field)}`;
}

/** A UUID whose version digit (`version`, when wrong) or variant digit (`variant`, when wrong) is not one a job id has. */
export function invalidUuidText(id: string, version: string | undefined, variant: string | undefined): string {
  if (version !== undefined && variant !== undefined) {
    return l10n.t(
      "jobId {0} is not a valid UUID: its version digit (first of the third group) is '{1}' but must be 1–8, and its variant digit (first of the fourth group) is '{2}' but must be 8, 9, a or b. Check that it was copied whole.",
      quote(id),
      version,
      variant,
    );
  }
  return version !== undefined
    ? l10n.t("jobId {0} is not a valid UUID: its version digit (first of the third group) is '{1}' but must be 1–8. Check that it was copied whole.", quote(id), version)
    : l10n.t("jobId {0} is not a valid UUID: its variant digit (first of the fourth group) is '{1}' but must be 8, 9, a or b. Check that it was copied whole.", quote(id), variant ?? '');
}

export function choiceRequiredText(field: string, choices: string): string {
  return l10n.t('{0} is required: choose one of {1}.', field, choices);
}

/** `value` is shown as it was given (a fraction must not be rounded into a whole number). */
export function badPageNumberText(path: string, value: number): string {
  if (!Number.isSafeInteger(value)) {
    return Number.isInteger(value) ? l10n.t('{0} is {1}, too large to be a page number.', path, String(value)) : l10n.t('{0} is {1}; page numbers must be whole numbers.', path, String(value));
  }
  return l10n.t('{0} is {1}; page numbers start at {2}.', path, String(value), n(L.pageNumberMin));
}

export function notMetadataText(value: unknown): string {
  return l10n.t('metadata must be an object of key/value pairs, not {0}.', describeValue(value));
}

export function metadataNotJsonText(): string {
  return l10n.t('metadata cannot be converted to JSON (it holds a circular reference, a BigInt or similar); keep it to plain values.');
}

export function metadataTooLargeText(bytes: number, max: number): string {
  return l10n.t('metadata is {0} bytes as JSON (UTF-8); at most {1} bytes are allowed (remove {2}). Keep it small and never include full endpoint results.', n(bytes), n(max), n(bytes - max));
}

export function integrationText(value: string, ours: string): string {
  return l10n.t("integration {0} is not accepted by the service: use a value starting with '_', such as '{1}' (plain 'vscode' is rejected), or leave it out.", quote(value), ours);
}

export function noSignalText(): string {
  return l10n.t('Add at least one piece of feedback: issues, tags, a note, valuableSources, missingContent, querySuggestions, a url or pageNumbers (metadata, origin and integration do not count).');
}

/** What a search rated `rating` lacks. */
export function searchRuleText(rating: FeedbackRating): string {
  switch (rating) {
    case 'good':
      return l10n.t("A 'good' rating on a search needs at least one valuableSources entry: the URL of a result that was useful.");
    case 'partial':
      return l10n.t("A 'partial' rating on a search needs at least one valuableSources entry (a useful result) or one missingContent entry (what was missing).");
    case 'bad':
      return l10n.t("A 'bad' rating on a search needs at least one missingContent entry (what was missing) or querySuggestions (a query that would have worked).");
  }
}
