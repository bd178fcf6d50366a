// How the wizard names a draft's values as one-line summaries (field names are shared with the
// error messages, in host/errorText).
// Pure: no `vscode`.

import type { FeedbackField, FeedbackProblem } from '../../../api/feedback';
export { fieldLabel, nameOfPath } from '../../../host/errorText/feedbackFields';
import { nameOfPath } from '../../../host/errorText/feedbackFields';
import type { WizardDraft } from '../model/draft';

/** One line naming the field, then the validator's sentence. */
export function describeProblem(problem: Pick<FeedbackProblem, 'path' | 'message'>): string {
  return `${nameOfPath(problem.path)}: ${problem.message}`;
}

function oneLine(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** A short rendering of one field's value in the draft; '' when the field is empty. */
export function summarizeField(draft: WizardDraft, field: FeedbackField): string {
  switch (field) {
    case 'endpoint':
      return draft.endpoint ?? '';
    case 'jobId':
      return oneLine(draft.jobId, 40);
    case 'rating':
      return draft.rating ?? '';
    case 'issues':
      return oneLine(draft.issues.join(', '));
    case 'tags':
      return oneLine(draft.tags.join(', '));
    case 'note': {
      const lines = draft.note.trim() ? draft.note.trim().split(/\r?\n/).length : 0;
      return draft.note.trim() ? `${oneLine(draft.note)}${lines > 1 ? ` (${count(lines, 'line')})` : ''}` : '';
    }
    case 'querySuggestions':
      return oneLine(draft.querySuggestions);
    case 'url':
      return oneLine(draft.url);
    case 'pageNumbers':
      return oneLine(draft.pageNumbers);
    case 'valuableSources':
      return draft.valuableSources.length ? `${count(draft.valuableSources.length, 'source')}: ${oneLine(draft.valuableSources.map((s) => s.url).join(', '))}` : '';
    case 'missingContent':
      return draft.missingContent.length ? `${count(draft.missingContent.length, 'topic')}: ${oneLine(draft.missingContent.map((m) => m.topic).join(', '))}` : '';
    case 'metadata':
      return oneLine(draft.metadata);
    case 'origin':
    case 'integration':
      return '';
  }
}

/** 'scrape · bad · 1 issue label' — what the Send item says it will send. */
export function summarizeDraft(draft: WizardDraft): string {
  const parts: string[] = [draft.endpoint ?? 'no endpoint', draft.rating ?? 'no rating'];
  if (draft.issues.length) parts.push(count(draft.issues.length, 'issue label'));
  if (draft.tags.length) parts.push(count(draft.tags.length, 'tag'));
  if (draft.note.trim()) parts.push('a note');
  if (draft.url.trim()) parts.push('a URL');
  if (draft.pageNumbers.trim()) parts.push('page numbers');
  if (draft.valuableSources.length) parts.push(count(draft.valuableSources.length, 'valuable source'));
  if (draft.missingContent.length) parts.push(count(draft.missingContent.length, 'missing topic'));
  if (draft.querySuggestions.trim()) parts.push('a query suggestion');
  if (draft.metadata.trim()) parts.push('metadata');
  return parts.join(' · ');
}
