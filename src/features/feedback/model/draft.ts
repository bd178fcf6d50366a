// What the user has entered in the feedback wizard so far. Text fields keep exactly what was typed
// (page numbers as '1,3-5', metadata as JSON text) so that Back, "Edit and Retry" and a window
// reload give the person their own words back; conversion to a request happens only when checking.
// JSON-safe (stored in globalState) and free of secrets. Pure: no `vscode`.

import { FEEDBACK_ENDPOINT_IDS, FEEDBACK_RATING_IDS, type FeedbackEndpoint, type FeedbackRating } from '../../../api/feedback';
import { singleJobId } from '../../../shared/jobIds';
import { isFirecrawlError, type NetworkError } from '../../../api/errors';

export interface DraftSource {
  url: string;
  reason: string;
}

export interface DraftMissing {
  topic: string;
  description: string;
}

export interface WizardDraft {
  endpoint?: FeedbackEndpoint;
  /** As typed or pasted. */
  jobId: string;
  rating?: FeedbackRating;
  issues: string[];
  tags: string[];
  note: string;
  url: string;
  /** As typed, e.g. '1,3-5'. */
  pageNumbers: string;
  valuableSources: DraftSource[];
  missingContent: DraftMissing[];
  querySuggestions: string;
  /** JSON text as typed. */
  metadata: string;
  /**
   * A send of this draft to this job got no answer that could be read: it may have been recorded. Kept
   * with the draft, so a resend in a later wizard (or window) is still told apart from a first one.
   */
  unanswered?: { endpoint: FeedbackEndpoint; jobId: string };
}

export function emptyDraft(jobId = ''): WizardDraft {
  return {
    jobId,
    issues: [],
    tags: [],
    note: '',
    url: '',
    pageNumbers: '',
    valuableSources: [],
    missingContent: [],
    querySuggestions: '',
    metadata: '',
  };
}

export function cloneDraft(draft: WizardDraft): WizardDraft {
  return JSON.parse(JSON.stringify(draft)) as WizardDraft;
}

/** Whether two drafts hold the same words (however their fields were ordered when built). */
export function sameDraft(a: WizardDraft, b: WizardDraft): boolean {
  return JSON.stringify(restoreDraft(a)) === JSON.stringify(restoreDraft(b));
}

/** True when the person has entered nothing at all. */
export function isDraftEmpty(draft: WizardDraft): boolean {
  return (
    draft.endpoint === undefined &&
    draft.rating === undefined &&
    draft.jobId.trim() === '' &&
    draft.issues.length === 0 &&
    draft.tags.length === 0 &&
    draft.valuableSources.length === 0 &&
    draft.missingContent.length === 0 &&
    [draft.note, draft.url, draft.pageNumbers, draft.querySuggestions, draft.metadata].every((t) => t.trim() === '')
  );
}

// Stored drafts come from an older or newer version of the extension, or were edited by hand:
// everything is re-read defensively and anything unexpected is dropped rather than trusted.

const MAX_TEXT = 20_000;
const MAX_ITEMS = 200;

function text(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, MAX_TEXT) : '';
}

function texts(value: unknown): string[] {
  return Array.isArray(value)
    ? value
        .filter((v): v is string => typeof v === 'string')
        .slice(0, MAX_ITEMS)
        .map((v) => v.slice(0, MAX_TEXT))
    : [];
}

function objects(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)).slice(0, MAX_ITEMS) : [];
}

export function restoreDraft(value: unknown): WizardDraft | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const raw = value as Record<string, unknown>;
  const draft = emptyDraft(text(raw['jobId']));
  const endpoint = FEEDBACK_ENDPOINT_IDS.find((id) => id === raw['endpoint']);
  if (endpoint) draft.endpoint = endpoint;
  const rating = FEEDBACK_RATING_IDS.find((id) => id === raw['rating']);
  if (rating) draft.rating = rating;
  draft.issues = texts(raw['issues']);
  draft.tags = texts(raw['tags']);
  draft.note = text(raw['note']);
  draft.url = text(raw['url']);
  draft.pageNumbers = text(raw['pageNumbers']);
  draft.valuableSources = objects(raw['valuableSources']).map((s) => ({ url: text(s['url']), reason: text(s['reason']) }));
  draft.missingContent = objects(raw['missingContent']).map((m) => ({ topic: text(m['topic']), description: text(m['description']) }));
  draft.querySuggestions = text(raw['querySuggestions']);
  draft.metadata = text(raw['metadata']);
  const unanswered = objects([raw['unanswered']])[0];
  const sentTo = FEEDBACK_ENDPOINT_IDS.find((id) => id === unanswered?.['endpoint']);
  const sentJob = text(unanswered?.['jobId']).slice(0, 200);
  if (sentTo && sentJob) draft.unanswered = { endpoint: sentTo, jobId: sentJob };
  return draft;
}

/**
 * The job id a new draft starts with: the one the command was given, else the editor selection's,
 * else the clipboard's, and only when that text holds exactly one id (several are ambiguous).
 */
export function prefillJobId(sources: { explicit?: string | undefined; selection?: string | undefined; clipboard?: string | undefined }): string | undefined {
  return singleJobId(sources.explicit) ?? singleJobId(sources.selection) ?? singleJobId(sources.clipboard);
}

/**
 * A failure whose answer never came, or came as a success that could not be read: the feedback may have
 * been recorded (a 2xx was) before the connection or the wait gave out.
 */
export function mayHaveLanded(error: unknown): boolean {
  if (!isFirecrawlError(error)) return false;
  // A connection never made (refused, no such host) sent nothing.
  if (error.kind === 'network') return (error as NetworkError).maybeSent;
  return error.kind === 'timeout' || error.kind === 'invalidResponse' || (error.kind === 'server' && (error.status === 502 || error.status === 504));
}
