// How the wizard presents the feedback endpoints, ratings and suggested issue labels. Pure: no `vscode`.
import { FEEDBACK_JOB_ID_FIELDS, type FeedbackEndpoint, type FeedbackRating } from '../../../api/feedback';

export interface FeedbackEndpointInfo {
  id: FeedbackEndpoint;
  label: string;
  /** One line: where the job id for this endpoint is found in its response. */
  jobIdHint: string;
}

const where = (endpoint: FeedbackEndpoint) => (FEEDBACK_JOB_ID_FIELDS[endpoint] === 'id' ? 'top-level id' : FEEDBACK_JOB_ID_FIELDS[endpoint]);

export const FEEDBACK_ENDPOINTS: readonly FeedbackEndpointInfo[] = [
  { id: 'scrape', label: 'Scrape', jobIdHint: `The scrape response’s ${where('scrape')}.` },
  { id: 'parse', label: 'Parse', jobIdHint: `The parse response’s ${where('parse')}.` },
  { id: 'map', label: 'Map', jobIdHint: `The map response’s ${where('map')}.` },
  { id: 'search', label: 'Search', jobIdHint: `The search response’s ${where('search')}.` },
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

/** Suggested issue labels per endpoint. All match the service's label pattern; users may type others. */
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
