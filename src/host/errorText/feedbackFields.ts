// How feedback fields are named to people: in the wizard's pages and in the errors the service
// returns about them. Pure: no `vscode`.
import * as l10n from '@vscode/l10n';
import { FEEDBACK_FIELDS, type FeedbackField, fieldOfPath, indexOfPath } from '../../api/feedback';
import { formatExact } from '../../shared/format';

/** The field's name in the editor's language (asked each time: the language is set at activation). */
export function fieldLabel(field: FeedbackField): string {
  switch (field) {
    case 'endpoint':
      return l10n.t({ message: 'Endpoint', args: [], comment: ['a field of the feedback form: the API endpoint the job ran on'] });
    case 'jobId':
      return l10n.t('Job id');
    case 'rating':
      return l10n.t({ message: 'Rating', args: [], comment: ['a field of the feedback form: good, partial or bad'] });
    case 'issues':
      return l10n.t('Issue labels');
    case 'tags':
      return l10n.t({ message: 'Tags', args: [], comment: ['a field of the feedback form: labels of your own'] });
    case 'note':
      return l10n.t({ message: 'Note', args: [], comment: ['a field of the feedback form: free text (a noun)'] });
    case 'querySuggestions':
      return l10n.t('Query suggestions');
    case 'url':
      return l10n.t({ message: 'URL', args: [], comment: ['a field of the feedback form: the page the feedback is about'] });
    case 'pageNumbers':
      return l10n.t('Page numbers');
    case 'valuableSources':
      return l10n.t('Valuable sources');
    case 'missingContent':
      return l10n.t('Missing content');
    case 'metadata':
      return l10n.t({ message: 'Metadata', args: [], comment: ['a field of the feedback form: extra key/value pairs'] });
    case 'origin':
      return l10n.t({ message: 'Origin', args: [], comment: ['a field of the feedback form: where the feedback comes from'] });
    case 'integration':
      return l10n.t({ message: 'Integration', args: [], comment: ['a field of the feedback form: the tool that sends it'] });
  }
}

const FIELDS: ReadonlySet<string> = new Set<string>(FEEDBACK_FIELDS);

/** One item of a list field, by its 1-based number: 'Tag 4', 'Valuable source 2'. */
function itemName(field: FeedbackField, number: number): string {
  const n = formatExact(number);
  switch (field) {
    case 'issues':
      return l10n.t('Issue label {0}', n);
    case 'tags':
      return l10n.t('Tag {0}', n);
    case 'valuableSources':
      return l10n.t('Valuable source {0}', n);
    case 'missingContent':
      return l10n.t('Missing content {0}', n);
    default:
      return l10n.t({ message: '{0} {1}', args: [fieldLabel(field), n], comment: ['one item of a list field of the feedback form: the field name and a number, as in "Page numbers 2"'] });
  }
}

/** 'valuableSources[1].url' → 'Valuable source 2 (url)'; '' → 'Feedback'. */
export function nameOfPath(path: string): string {
  const field = fieldOfPath(path);
  if (!field || !FIELDS.has(field)) return path === '' ? l10n.t({ message: 'Feedback', args: [], comment: ['names the feedback as a whole, where a problem is about no one field'] }) : path;
  const index = indexOfPath(path);
  if (index === undefined) return fieldLabel(field);
  const sub = /\]\.(\w+)$/.exec(path)?.[1];
  const item = itemName(field, index + 1);
  // The part of the item is the API's own name for it (url, topic), as the service reports it.
  return sub
    ? l10n.t({ message: '{0} ({1})', args: [item, sub], comment: ['an item of the feedback form and, in brackets, the API name of the part of it meant, as in "Valuable source 2 (url)"'] })
    : item;
}
