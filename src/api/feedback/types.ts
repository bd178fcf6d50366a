// Request shape and limits of POST /v2/feedback, as the live service enforces them
// (see shared/api-notes.md, "POST /v2/feedback"). Pure data: no `vscode`, no Node built-ins.

export type FeedbackEndpoint = 'search' | 'scrape' | 'parse' | 'map';
export type FeedbackRating = 'good' | 'partial' | 'bad';

export interface FeedbackValuableSource {
  /** http(s) URL of a result that was useful, 1–2048 characters. */
  url: string;
  /** Why it was useful, at most 1000 characters. */
  reason?: string;
}

export interface FeedbackMissingContent {
  /** What was missing, 1–200 characters. */
  topic: string;
  /** Detail about the gap, at most 2000 characters. */
  description?: string;
}

/** Body of POST /v2/feedback. Every optional field is omitted rather than sent empty. */
export interface FeedbackRequest {
  endpoint: FeedbackEndpoint;
  /** UUID of the job: see {@link FEEDBACK_ENDPOINTS} for where each endpoint returns it. */
  jobId: string;
  rating: FeedbackRating;
  issues?: string[];
  tags?: string[];
  note?: string;
  querySuggestions?: string;
  url?: string;
  pageNumbers?: number[];
  valuableSources?: FeedbackValuableSource[];
  missingContent?: FeedbackMissingContent[];
  metadata?: Record<string, unknown>;
  origin?: string;
  integration?: string;
}

export type FeedbackField = keyof FeedbackRequest;

/** Every key the service accepts, in the order the validator emits them. Anything else is rejected. */
export const FEEDBACK_FIELDS: readonly FeedbackField[] = [
  'endpoint',
  'jobId',
  'rating',
  'issues',
  'tags',
  'note',
  'querySuggestions',
  'url',
  'pageNumbers',
  'valuableSources',
  'missingContent',
  'metadata',
  'origin',
  'integration',
];

/** Fields of which at least one must be non-empty (metadata, origin and integration don't count). */
export const FEEDBACK_SIGNAL_FIELDS: readonly FeedbackField[] = ['issues', 'tags', 'note', 'valuableSources', 'missingContent', 'querySuggestions', 'url', 'pageNumbers'];

/** Pattern every `issues` and `tags` item must match (after trimming). Stateless: no `g` flag. */
export const FEEDBACK_LABEL_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;

/**
 * The client caps `missingContent` at 20 items, as the docs say; the server itself accepts 50
 * (kept as {@link FEEDBACK_LIMITS.missingContentServerMax} for reference only).
 */
export const MISSING_CONTENT_MAX = 20;

/** Every numeric bound of the feedback body. String lengths are counted after trimming, in UTF-16 units (JS `length`). */
export const FEEDBACK_LIMITS = {
  /** `issues` and `tags`: at most this many labels each. */
  labelsMax: 20,
  /** Each label: 1 to this many characters. */
  labelMaxLength: 80,
  noteMaxLength: 4000,
  querySuggestionsMaxLength: 2000,
  /** `url` and `valuableSources[].url`: 1 to this many characters. */
  urlMaxLength: 2048,
  pageNumbersMax: 100,
  /** Smallest page number (pages are 1-based). */
  pageNumberMin: 1,
  valuableSourcesMax: 50,
  reasonMaxLength: 1000,
  missingContentMax: MISSING_CONTENT_MAX,
  missingContentServerMax: 50,
  topicMaxLength: 200,
  descriptionMaxLength: 2000,
  /** `JSON.stringify(metadata)` encoded as UTF-8. */
  metadataMaxBytes: 8192,
} as const;

/** Known values of `integration` besides the always-accepted `_`-prefixed ones (the service's list is longer). */
export const KNOWN_INTEGRATIONS: readonly string[] = ['cli', 'raycast', 'zapier'];

/** The value this extension sends as `integration` (plain `vscode` is rejected by the service). */
export const VSCODE_INTEGRATION = '_vscode';

export const FEEDBACK_ENDPOINT_IDS: readonly FeedbackEndpoint[] = ['search', 'scrape', 'parse', 'map'];
export const FEEDBACK_RATING_IDS: readonly FeedbackRating[] = ['good', 'partial', 'bad'];

/** Where each endpoint's response carries the id feedback needs. */
export const FEEDBACK_JOB_ID_FIELDS: Readonly<Record<FeedbackEndpoint, string>> = {
  scrape: 'data.metadata.scrapeId',
  parse: 'data.metadata.scrapeId',
  map: 'id',
  search: 'id',
};

/** 'valuableSources[2].url' → 'valuableSources': the top-level field a problem path points at. */
export function fieldOfPath(path: string): FeedbackField | undefined {
  const head = /^[A-Za-z]+/.exec(path)?.[0];
  return head ? (head as FeedbackField) : undefined;
}

/** The list index in a path such as 'missingContent[3].topic', if any. */
export function indexOfPath(path: string): number | undefined {
  const match = /^\w+\[(\d+)\]/.exec(path);
  return match ? Number(match[1]) : undefined;
}
