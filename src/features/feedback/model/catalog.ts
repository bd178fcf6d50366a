// How the wizard presents the feedback endpoints, ratings and suggested issue labels. Pure: no `vscode`.
// Functions, not constants: the words are translated when a page asks for them, after the wizard's
// bundle has learned the editor's language. Ids and label values are what the server receives, so
// they stay as they are in every language.
import * as l10n from '@vscode/l10n';
import { FEEDBACK_JOB_ID_FIELDS, type FeedbackEndpoint, type FeedbackRating } from '../../../api/feedback';

export interface FeedbackEndpointInfo {
  id: FeedbackEndpoint;
  label: string;
  /** One line: where the job id for this endpoint is found in its response. */
  jobIdHint: string;
}

/** Where the endpoint's response holds the job id: a field path, or "top-level id" in the language. */
export function jobIdField(endpoint: FeedbackEndpoint): string {
  const field = FEEDBACK_JOB_ID_FIELDS[endpoint];
  return field === 'id' ? l10n.t({ message: 'top-level id', args: [], comment: ['the id field at the top of an API response'] }) : field;
}

function endpointLabel(endpoint: FeedbackEndpoint): string {
  switch (endpoint) {
    case 'scrape':
      return l10n.t({ message: 'Scrape', args: [], comment: ['the Firecrawl endpoint /v2/scrape'] });
    case 'parse':
      return l10n.t({ message: 'Parse', args: [], comment: ['the Firecrawl endpoint /v2/parse'] });
    case 'map':
      return l10n.t({ message: 'Map', args: [], comment: ['the Firecrawl endpoint /v2/map'] });
    case 'search':
      return l10n.t({ message: 'Search', args: [], comment: ['the Firecrawl endpoint /v2/search'] });
  }
}

/** The wizard's order: the most common jobs first. */
const ENDPOINT_ORDER: readonly FeedbackEndpoint[] = ['scrape', 'parse', 'map', 'search'];

/** The endpoints feedback can be sent for, in the wizard's order. */
export function feedbackEndpoints(): FeedbackEndpointInfo[] {
  return ENDPOINT_ORDER.map((id) => ({
    id,
    label: endpointLabel(id),
    jobIdHint: l10n.t('The {0} response’s {1}.', id, jobIdField(id)),
  }));
}

export interface FeedbackRatingInfo {
  id: FeedbackRating;
  label: string;
  /** One line: when to choose this rating. */
  description: string;
  /** The same, with what a search job needs for it. */
  searchDescription: string;
}

export function feedbackRatings(): FeedbackRatingInfo[] {
  return [
    {
      id: 'good',
      label: l10n.t({ message: 'Good', args: [], comment: ['a rating of a job’s output'] }),
      description: l10n.t('The output was what you needed.'),
      searchDescription: l10n.t('The output was what you needed. For search, name at least one valuable source.'),
    },
    {
      id: 'partial',
      label: l10n.t({ message: 'Partial', args: [], comment: ['a rating of a job’s output: partly useful'] }),
      description: l10n.t('Useful but incomplete or partly wrong.'),
      searchDescription: l10n.t('Useful but incomplete or partly wrong. For search, add a valuable source or missing content.'),
    },
    {
      id: 'bad',
      label: l10n.t({ message: 'Bad', args: [], comment: ['a rating of a job’s output'] }),
      description: l10n.t('The output was unusable.'),
      searchDescription: l10n.t('The output was unusable. For search, add missing content or a better query.'),
    },
  ];
}

export interface FeedbackIssueLabelInfo {
  /** The label itself, sent to the server: never translated. */
  label: string;
  description: string;
}

/** Suggested issue labels for an endpoint. All match the service's label pattern; users may type others. */
export function commonIssueLabels(endpoint: FeedbackEndpoint): FeedbackIssueLabelInfo[] {
  const timeout = (): FeedbackIssueLabelInfo => ({ label: 'timeout', description: l10n.t('The job ran out of time') });
  switch (endpoint) {
    case 'scrape':
      return [
        { label: 'missing-content', description: l10n.t('Parts of the page are absent from the output') },
        { label: 'wrong-content', description: l10n.t('The output is not what the page shows') },
        { label: 'blocked', description: l10n.t('The site blocked the request (captcha, 403, bot wall)') },
        timeout(),
        { label: 'bad-formatting', description: l10n.t('Markdown/HTML structure is broken') },
        { label: 'incomplete', description: l10n.t('The output stops part-way') },
        { label: 'js-not-rendered', description: l10n.t('Content loaded by JavaScript is missing') },
        { label: 'paywalled', description: l10n.t('Only a paywall or login page came back') },
        { label: 'outdated', description: l10n.t('The content is an old or cached version') },
      ];
    case 'parse':
      return [
        { label: 'missing-content', description: l10n.t('Text or sections of the document are absent') },
        { label: 'wrong-content', description: l10n.t('The text does not match the document') },
        { label: 'bad-formatting', description: l10n.t('Headings, lists or layout are broken') },
        { label: 'broken-tables', description: l10n.t('Tables lost their rows or columns') },
        { label: 'ocr-errors', description: l10n.t('Scanned text was misread') },
        { label: 'missing-pages', description: l10n.t('Whole pages are absent') },
        { label: 'incomplete', description: l10n.t('The output stops part-way') },
        timeout(),
      ];
    case 'map':
      return [
        { label: 'missing-urls', description: l10n.t('Known pages of the site are not listed') },
        { label: 'irrelevant-results', description: l10n.t('Listed URLs are off-site or unrelated') },
        { label: 'duplicate-urls', description: l10n.t('The same page appears under several URLs') },
        { label: 'incomplete', description: l10n.t('Far fewer URLs than the site has') },
        { label: 'blocked', description: l10n.t('The site blocked the crawler') },
        timeout(),
        { label: 'outdated', description: l10n.t('URLs that no longer exist are listed') },
      ];
    case 'search':
      return [
        { label: 'irrelevant-results', description: l10n.t('Results do not answer the query') },
        { label: 'missing-content', description: l10n.t('An expected source or topic is absent') },
        { label: 'outdated', description: l10n.t('Results are old when recent ones exist') },
        { label: 'low-quality-sources', description: l10n.t('Spam, content farms or thin pages') },
        { label: 'duplicate-results', description: l10n.t('The same content appears several times') },
        { label: 'wrong-content', description: l10n.t('Result snippets or content are wrong') },
        { label: 'too-few-results', description: l10n.t('Fewer results than requested or expected') },
        { label: 'blocked', description: l10n.t('Result pages could not be fetched') },
      ];
  }
}
