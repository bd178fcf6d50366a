// How feedback fields are named to people: in the wizard's pages and in the errors the service
// returns about them. Pure: no `vscode`.
import { type FeedbackField, fieldOfPath, indexOfPath } from '../../api/feedback';

export const FIELD_LABELS: Readonly<Record<FeedbackField, string>> = {
  endpoint: 'Endpoint',
  jobId: 'Job id',
  rating: 'Rating',
  issues: 'Issue labels',
  tags: 'Tags',
  note: 'Note',
  querySuggestions: 'Query suggestions',
  url: 'URL',
  pageNumbers: 'Page numbers',
  valuableSources: 'Valuable sources',
  missingContent: 'Missing content',
  metadata: 'Metadata',
  origin: 'Origin',
  integration: 'Integration',
};

const ITEM_NOUNS: Partial<Record<FeedbackField, string>> = {
  issues: 'Issue label',
  tags: 'Tag',
  valuableSources: 'Valuable source',
  missingContent: 'Missing content',
};

/** 'valuableSources[1].url' → 'Valuable source 2 (url)'; '' → 'Feedback'. */
export function nameOfPath(path: string): string {
  const field = fieldOfPath(path);
  if (!field || !(field in FIELD_LABELS)) return path === '' ? 'Feedback' : path;
  const index = indexOfPath(path);
  if (index === undefined) return FIELD_LABELS[field];
  const sub = /\]\.(\w+)$/.exec(path)?.[1];
  return `${ITEM_NOUNS[field] ?? FIELD_LABELS[field]} ${index + 1}${sub ? ` (${sub})` : ''}`;
}

