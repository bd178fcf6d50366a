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
export const FEEDBACK_SIGNAL_FIELDS: readonly FeedbackField[] = [
  'issues',
  'tags',
  'note',
  'valuableSources',
  'missingContent',
  'querySuggestions',
  'url',
  'pageNumbers',
];


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

export interface FeedbackEndpointInfo {
  id: FeedbackEndpoint;
  label: string;
  /** One line: where the job id for this endpoint is found in its response. */
  jobIdHint: string;
}

export const FEEDBACK_ENDPOINTS: readonly FeedbackEndpointInfo[] = [
  { id: 'scrape', label: 'Scrape', jobIdHint: 'The scrape response’s metadata.scrapeId.' },
  { id: 'parse', label: 'Parse', jobIdHint: 'The parse response’s data.metadata.scrapeId.' },
  { id: 'map', label: 'Map', jobIdHint: 'The map response’s top-level id.' },
  { id: 'search', label: 'Search', jobIdHint: 'The search response’s top-level id.' },
];

export interface FeedbackRatingInfo {
  id: FeedbackRating;
  label: string;
  /** One line: when to choose this rating (and, for search, what it requires). */
  description: string;
}

export const FEEDBACK_RATINGS: readonly FeedbackRatingInfo[] = [
  {
    id: 'good',
    label: 'Good',
    description: 'The output was what you needed. For search, name at least one valuable source.',
  },
  {
    id: 'partial',
    label: 'Partial',
    description: 'Useful but incomplete or partly wrong. For search, add a valuable source or missing content.',
  },
  {
    id: 'bad',
    label: 'Bad',
    description: 'The output was unusable. For search, add missing content or a better query.',
  },
];

export interface FeedbackIssueLabelInfo {
  label: string;
  description: string;
}

/** Suggested issue labels per endpoint. All match {@link FEEDBACK_LABEL_PATTERN}; users may type others. */
export const COMMON_ISSUE_LABELS: Readonly<Record<FeedbackEndpoint, readonly FeedbackIssueLabelInfo[]>> = {
  scrape: [
    { label: 'missing-content', description: 'Parts of the page are absent from the output' },
    { label: 'wrong-content', description: 'The output is not what the page shows' },
    { label: 'blocked', description: 'The site blocked the request (captcha, 403, bot wall)' },
    { label: 'timeout', description: 'The job ran out of time' },
    { label: 'bad-formatting', description: 'Markdown/HTML structure is broken' },
    { label: 'incomplete', description: 'The output stops part-way' },
    { label: 'js-not-rendered', description: 'Content loaded by JavaScript is missing' },
    { label: 'paywalled', description: 'Only a paywall or login page came back' },
    { label: 'outdated', description: 'The content is an old or cached version' },
  ],
  parse: [
    { label: 'missing-content', description: 'Text or sections of the document are absent' },
    { label: 'wrong-content', description: 'The text does not match the document' },
    { label: 'bad-formatting', description: 'Headings, lists or layout are broken' },
    { label: 'broken-tables', description: 'Tables lost their rows or columns' },
    { label: 'ocr-errors', description: 'Scanned text was misread' },
    { label: 'missing-pages', description: 'Whole pages are absent' },
    { label: 'incomplete', description: 'The output stops part-way' },
    { label: 'timeout', description: 'The job ran out of time' },
  ],
  map: [
    { label: 'missing-urls', description: 'Known pages of the site are not listed' },
    { label: 'irrelevant-results', description: 'Listed URLs are off-site or unrelated' },
    { label: 'duplicate-urls', description: 'The same page appears under several URLs' },
    { label: 'incomplete', description: 'Far fewer URLs than the site has' },
    { label: 'blocked', description: 'The site blocked the crawler' },
    { label: 'timeout', description: 'The job ran out of time' },
    { label: 'outdated', description: 'URLs that no longer exist are listed' },
  ],
  search: [
    { label: 'irrelevant-results', description: 'Results do not answer the query' },
    { label: 'missing-content', description: 'An expected source or topic is absent' },
    { label: 'outdated', description: 'Results are old when recent ones exist' },
    { label: 'low-quality-sources', description: 'Spam, content farms or thin pages' },
    { label: 'duplicate-results', description: 'The same content appears several times' },
    { label: 'wrong-content', description: 'Result snippets or content are wrong' },
    { label: 'too-few-results', description: 'Fewer results than requested or expected' },
    { label: 'blocked', description: 'Result pages could not be fetched' },
  ],
};
