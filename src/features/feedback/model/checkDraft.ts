// Turns a wizard draft into a POST /v2/feedback body and checks it with the shared validator, so
// the wizard can never send something the validator (and so the service) would refuse.
// Pure: no `vscode`.

import * as l10n from '@vscode/l10n';
import { FEEDBACK_SIGNAL_FIELDS, validateFeedback, type FeedbackInput, type FeedbackProblem, type FeedbackRequest } from '../../../api/feedback';
import { parsePageNumbers } from './parseInput';
import type { WizardDraft } from './draft';

export type DraftCheck = { ok: true; request: FeedbackRequest } | { ok: false; problems: FeedbackProblem[] };

/** The metadata text as an object; `undefined` when blank. */
export function parseMetadataText(input: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  try {
    const value = JSON.parse(trimmed) as unknown;
    // JSON.parse rounds such a number: what would be sent is not what was typed (a 19-digit id loses its last digits).
    if (hasInexactNumber(trimmed)) return { ok: false, error: l10n.t('metadata holds a number too large to send exactly (an id of 16 digits or more?); write it as a string in quotes.') };
    return { ok: true, value };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // The parser's own detail stays as the engine words it: it names the position of the fault.
    return { ok: false, error: l10n.t('metadata is not valid JSON ({0}); write an object such as {"run": "nightly"}.', detail) };
  }
}

/** Whether valid JSON text holds a whole number past 2^53, or one past the largest double: JSON.parse changes its digits. */
function hasInexactNumber(json: string): boolean {
  const numbers = json.replace(/"(?:[^"\\]|\\.)*"/g, '""').match(/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g) ?? [];
  return numbers.some((n) => !Number.isFinite(Number(n)) || (/^-?\d+$/.test(n) && !Number.isSafeInteger(Number(n))));
}

/** The body exactly as it would be sent (before trimming by the validator), plus problems found while converting text. */
export function draftToBody(draft: WizardDraft): { body: FeedbackInput; problems: FeedbackProblem[] } {
  const problems: FeedbackProblem[] = [];
  const body: FeedbackInput = { endpoint: draft.endpoint, jobId: draft.jobId, rating: draft.rating };
  if (draft.issues.length) body.issues = [...draft.issues];
  if (draft.tags.length) body.tags = [...draft.tags];
  if (draft.note.trim()) body.note = draft.note;
  if (draft.querySuggestions.trim()) body.querySuggestions = draft.querySuggestions;
  if (draft.url.trim()) body.url = draft.url;

  const pages = parsePageNumbers(draft.pageNumbers);
  if (!pages.ok) problems.push({ path: 'pageNumbers', code: 'invalid_type', message: pages.error });
  else if (pages.value.length) body.pageNumbers = pages.value;

  const sources = draft.valuableSources.map((s) => (s.reason.trim() ? { url: s.url, reason: s.reason } : { url: s.url }));
  if (sources.length) body.valuableSources = sources;
  const missing = draft.missingContent.map((m) => (m.description.trim() ? { topic: m.topic, description: m.description } : { topic: m.topic }));
  if (missing.length) body.missingContent = missing;

  const metadata = parseMetadataText(draft.metadata);
  if (!metadata.ok) problems.push({ path: 'metadata', code: 'invalid_type', message: metadata.error });
  else if (metadata.value !== undefined) body.metadata = metadata.value;
  return { body, problems };
}

function isSignalField(path: string): boolean {
  return (FEEDBACK_SIGNAL_FIELDS as readonly string[]).includes(path);
}

/**
 * Every problem of the draft, each with the field it belongs to ('' for rules about the whole body).
 * A signal the person did type but could not be converted (page numbers like '1,,x') is reported as
 * its own problem instead of also claiming "no feedback given".
 */
export function checkDraft(draft: WizardDraft): DraftCheck {
  const { body, problems } = draftToBody(draft);
  const result = validateFeedback(body);
  if (result.ok && problems.length === 0) return { ok: true, request: result.value };
  const typedSignal = problems.some((p) => isSignalField(p.path));
  const rest = result.ok ? [] : result.problems.filter((p) => !(typedSignal && p.code === 'no_signal'));
  return { ok: false, problems: [...problems, ...rest] };
}
