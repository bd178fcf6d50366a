// How the wizard names a draft's values as one-line summaries (field names are shared with the
// error messages, in host/errorText).
// Pure: no `vscode`.

import * as l10n from '@vscode/l10n';
import type { FeedbackField, FeedbackProblem, FeedbackRating } from '../../../api/feedback';
export { fieldLabel, nameOfPath } from '../../../host/errorText/feedbackFields';
import { nameOfPath } from '../../../host/errorText/feedbackFields';
import { formatExact, plural } from '../../../shared/format';
import { normalizeJobId } from '../../../shared/jobIds';
import type { WizardDraft } from '../model/draft';

/** One line naming the field, then the validator's sentence. */
export function describeProblem(problem: Pick<FeedbackProblem, 'path' | 'message'>): string {
  return l10n.t({ message: '{0}: {1}', args: [nameOfPath(problem.path), problem.message], comment: ['a feedback field’s name, then what is wrong with it'] });
}

function oneLine(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The rating as a word inside a summary line (the id is what is sent; this is what is read). */
function ratingWord(rating: FeedbackRating): string {
  switch (rating) {
    case 'good':
      return l10n.t({ message: 'good', args: [], comment: ['a rating, in a one-line summary of the feedback'] });
    case 'partial':
      return l10n.t({ message: 'partial', args: [], comment: ['a rating (partly useful), in a one-line summary of the feedback'] });
    case 'bad':
      return l10n.t({ message: 'bad', args: [], comment: ['a rating, in a one-line summary of the feedback'] });
  }
}

/** A short rendering of one field's value in the draft; '' when the field is empty. */
export function summarizeField(draft: WizardDraft, field: FeedbackField): string {
  switch (field) {
    case 'endpoint':
      return draft.endpoint ?? '';
    case 'jobId':
      return oneLine(draft.jobId, 40);
    case 'rating':
      return draft.rating ? ratingWord(draft.rating) : '';
    case 'issues':
      return oneLine(draft.issues.join(', '));
    case 'tags':
      return oneLine(draft.tags.join(', '));
    case 'note': {
      const note = draft.note.trim();
      if (!note) return '';
      const lines = note.split(/\r?\n/).length;
      if (lines === 1) return oneLine(note);
      return plural(lines, l10n.t('{0} ({1} line)', oneLine(note), formatExact(lines)), l10n.t('{0} ({1} lines)', oneLine(note), formatExact(lines)));
    }
    case 'querySuggestions':
      return oneLine(draft.querySuggestions);
    case 'url':
      return oneLine(draft.url);
    case 'pageNumbers':
      return oneLine(draft.pageNumbers);
    case 'valuableSources': {
      const n = draft.valuableSources.length;
      if (!n) return '';
      const urls = oneLine(draft.valuableSources.map((s) => s.url).join(', '));
      return plural(n, l10n.t('{0} source: {1}', formatExact(n), urls), l10n.t('{0} sources: {1}', formatExact(n), urls));
    }
    case 'missingContent': {
      const n = draft.missingContent.length;
      if (!n) return '';
      const topics = oneLine(draft.missingContent.map((m) => m.topic).join(', '));
      return plural(n, l10n.t('{0} topic: {1}', formatExact(n), topics), l10n.t('{0} topics: {1}', formatExact(n), topics));
    }
    case 'metadata':
      return oneLine(draft.metadata);
    case 'origin':
    case 'integration':
      return '';
  }
}

/** 'scrape · bad · 1 issue label' — what the Send item says it will send. */
export function summarizeDraft(draft: WizardDraft): string {
  const parts: string[] = [draft.endpoint ?? l10n.t('no endpoint'), draft.rating ? ratingWord(draft.rating) : l10n.t('no rating')];
  const { issues, tags, valuableSources, missingContent } = draft;
  if (issues.length) parts.push(plural(issues.length, l10n.t('{0} issue label', formatExact(issues.length)), l10n.t('{0} issue labels', formatExact(issues.length))));
  if (tags.length) parts.push(plural(tags.length, l10n.t('{0} tag', formatExact(tags.length)), l10n.t('{0} tags', formatExact(tags.length))));
  if (draft.note.trim()) parts.push(l10n.t('a note'));
  if (draft.url.trim()) parts.push(l10n.t('a URL'));
  if (draft.pageNumbers.trim()) parts.push(l10n.t('page numbers'));
  if (valuableSources.length) {
    const n = formatExact(valuableSources.length);
    parts.push(plural(valuableSources.length, l10n.t('{0} valuable source', n), l10n.t('{0} valuable sources', n)));
  }
  if (missingContent.length) {
    const n = formatExact(missingContent.length);
    parts.push(plural(missingContent.length, l10n.t('{0} missing topic', n), l10n.t('{0} missing topics', n)));
  }
  if (draft.querySuggestions.trim()) parts.push(l10n.t('a query suggestion'));
  if (draft.metadata.trim()) parts.push(l10n.t({ message: 'metadata', args: [], comment: ['a part of the feedback: a JSON object of the user’s own context'] }));
  // Said before it goes again: the first send may be the one recorded.
  const unanswered = draft.unanswered;
  if (unanswered && unanswered.endpoint === draft.endpoint && normalizeJobId(unanswered.jobId) === normalizeJobId(draft.jobId))
    parts.push(l10n.t({ message: 'sent once, no answer came', comment: ['a feedback sent earlier whose answer never arrived: it may have been recorded'] }));
  // A list of phrases, not a sentence: the separator reads the same in every language.
  return parts.join(' · ');
}
