// The pages of the fast path before the signal: endpoint, rating, and for search the choice of which
// signal to give (the job page is in jobStep.ts). Pure: no `vscode`.

import * as l10n from '@vscode/l10n';
import type { FeedbackEndpoint, FeedbackRating } from '../../../api/feedback';
import { feedbackEndpoints, feedbackRatings, type FeedbackRatingInfo, jobIdField } from '../model/catalog';
import { formatAgo, formatExact } from '../../../shared/format';
import { isJobId, shortJobId } from '../../../shared/jobIds';
import { plainText } from '../../../shared/text';
import { cloneDraft, type WizardDraft } from '../model/draft';
import { summarizeDraft } from './fieldNames';
import type { PickOption } from './prompts';
import { checkDraft } from '../model/checkDraft';
import { advance, frame, inFastPath, leave, type ResumableDraft, reviewStack, signalTarget, type WizardStep } from './context';

type EndpointChoice = { kind: 'endpoint'; id: FeedbackEndpoint } | { kind: 'resume'; index: number };

/**
 * When, for which job and where a draft was saved, one sentence per case so each language can order
 * it. `job` is the id (short when several drafts share the page); `name` the window's, if known.
 */
function resumeDetail(ago: string, origin: NonNullable<ResumableDraft['origin']>, job: string, name: string, several: boolean): string {
  // The window's name in parentheses, or nothing: a name is the same in every language.
  const named = name ? ` (${name})` : '';
  switch (origin) {
    case 'open':
      return job
        ? l10n.t({ message: 'Saved {0} for job {1} in another open window{2}; opens a copy for review.', args: [ago, job, named], comment: ['{2} is " (window name)" or nothing'] })
        : l10n.t({ message: 'Saved {0} in another open window{1}; opens a copy for review.', args: [ago, named], comment: ['{1} is " (window name)" or nothing'] });
    case 'closed':
      return job
        ? l10n.t({ message: 'Saved {0} for job {1} in a window since closed{2}; opens it for review.', args: [ago, job, named], comment: ['{2} is " (window name)" or nothing'] })
        : l10n.t({ message: 'Saved {0} in a window since closed{1}; opens it for review.', args: [ago, named], comment: ['{1} is " (window name)" or nothing'] });
    case 'here':
      if (several) return job ? l10n.t('Saved {0} for job {1} in this window; opens it for review.', ago, job) : l10n.t('Saved {0} in this window; opens it for review.', ago);
      break;
  }
  return job ? l10n.t('Saved {0} for job {1}; opens it for review.', ago, job) : l10n.t('Saved {0}; opens it for review.', ago);
}

function resumeOption(saved: ResumableDraft, index: number, now: number, several: boolean): PickOption<EndpointChoice> {
  const origin = saved.origin ?? 'here';
  const id = saved.draft.jobId.trim();
  // One draft of this window shows its whole id; otherwise a short one, so the line fits.
  const job = !id || (origin === 'here' && !several) ? id : isJobId(id) ? `${shortJobId(id)}…` : plainText(id, 20);
  return {
    key: index === 0 ? 'resume' : `resume/${index}`,
    value: { kind: 'resume', index },
    label: l10n.t('Resume unsent feedback'),
    icon: 'history',
    description: summarizeDraft(saved.draft),
    detail: resumeDetail(formatAgo(saved.savedAt, now), origin, job, saved.window ? plainText(saved.window, 40) : '', several),
  };
}

export const endpointStep: WizardStep = async (state, ctx) => {
  const options: PickOption<EndpointChoice>[] = [];
  const saved = ctx.resumable ?? [];
  if (saved.length) {
    saved.forEach((draft, index) => options.push(resumeOption(draft, index, ctx.now(), saved.length > 1)));
    options.push({ key: 'sep', value: { kind: 'resume', index: -1 }, label: l10n.t('New feedback'), separator: true });
  }
  const endpoints = feedbackEndpoints();
  for (const info of endpoints) {
    options.push({
      key: info.id,
      value: { kind: 'endpoint', id: info.id },
      label: info.label,
      description: `/v2/${info.id}`,
      detail: l10n.t('Job id: the {0} response’s {1}.', info.id, jobIdField(info.id)),
    });
  }
  const activeKey = state.ref.activeKey ?? ctx.draft.endpoint ?? endpoints[0]?.id;
  // The job page's list starts loading now, for the endpoint the highlight is on, and follows it.
  const prefetch = (key: string | undefined) => {
    const endpoint = endpoints.find((e) => e.id === key)?.id;
    if (endpoint) ctx.recent?.prefetch(endpoint);
  };
  prefetch(activeKey);
  const answer = await ctx.ui.pick({
    ...frame(state, l10n.t('Endpoint'), 1),
    placeholder:
      saved.length > 1 ? l10n.t('Which endpoint ran the job you are rating? Or resume one of {0} unsent drafts.', formatExact(saved.length)) : l10n.t('Which endpoint ran the job you are rating?'),
    options,
    activeKey,
    onActive: prefetch,
  });
  const left = leave(answer);
  if (left) return left;
  if (answer.kind !== 'accept') return { kind: 'stay' };
  const resumed = answer.value.kind === 'resume' ? saved[answer.value.index] : undefined;
  if (resumed) {
    resumed.adopt?.();
    // The saved draft whole: a field it lacks (its rating not chosen yet) is not this walk's.
    for (const key of Object.keys(ctx.draft) as (keyof WizardDraft)[]) delete ctx.draft[key];
    Object.assign(ctx.draft, cloneDraft(resumed.draft));
    delete ctx.resumable;
    return { kind: 'reset', stack: reviewStack(ctx.draft) };
  }
  if (answer.value.kind === 'endpoint') ctx.draft.endpoint = answer.value.id;
  return advance(state, { id: 'jobId' });
};

/** The rating's explanation; the search rules only for search jobs. */
export function ratingDetail(rating: FeedbackRatingInfo, endpoint: FeedbackEndpoint | undefined): string {
  return endpoint === 'search' ? rating.searchDescription : rating.description;
}

export const ratingStep: WizardStep = async (state, ctx) => {
  const endpoint = ctx.draft.endpoint;
  const answer = await ctx.ui.pick<FeedbackRating>({
    ...frame(state, l10n.t('Rating'), 3),
    placeholder: l10n.t('How was the result?'),
    options: feedbackRatings().map((r) => ({ key: r.id, value: r.id, label: r.label, detail: ratingDetail(r, endpoint) })),
    ...(ctx.draft.rating ? { activeKey: ctx.draft.rating } : {}),
  });
  const left = leave(answer);
  if (left) return left;
  if (answer.kind !== 'accept') return { kind: 'stay' };
  ctx.draft.rating = answer.value;
  // Rating a result: "good" on a page the draft already names needs nothing more than a look at the review.
  if (ctx.resultChosen && answer.value === 'good' && inFastPath(state) && checkDraft(ctx.draft).ok) return { kind: 'push', step: { id: 'review' } };
  return advance(state, signalTarget(ctx.draft));
};

type SearchSignal = 'source' | 'missing' | 'query';

export const searchSignalStep: WizardStep = async (state, ctx) => {
  const { draft } = ctx;
  const source: PickOption<SearchSignal> = {
    key: 'source',
    value: 'source',
    label: l10n.t('Name a valuable source'),
    icon: 'link',
    detail: l10n.t('The URL of a result that was useful, and why.'),
  };
  const missing: PickOption<SearchSignal> = {
    key: 'missing',
    value: 'missing',
    label: l10n.t('Describe missing content'),
    icon: 'question',
    detail: l10n.t('A topic the results should have covered.'),
  };
  const query: PickOption<SearchSignal> = {
    key: 'query',
    value: 'query',
    label: l10n.t('Suggest a better query'),
    icon: 'search',
    detail: l10n.t('A query that would have found what you needed.'),
  };
  const options = draft.rating === 'partial' ? [source, missing] : [missing, query];
  const filled = draft.valuableSources.length ? 'source' : draft.missingContent.length ? 'missing' : draft.querySuggestions.trim() ? 'query' : undefined;
  const answer = await ctx.ui.pick<SearchSignal>({
    ...frame(state, l10n.t('What to tell'), 4),
    placeholder: draft.rating === 'partial' ? l10n.t("A 'partial' search needs a valuable source or missing content") : l10n.t("A 'bad' search needs missing content or a better query"),
    options,
    ...(filled && options.some((o) => o.key === filled) ? { activeKey: filled } : {}),
  });
  const left = leave(answer);
  if (left) return left;
  if (answer.kind !== 'accept') return { kind: 'stay' };
  switch (answer.value) {
    case 'source':
      return { kind: 'push', step: { id: 'sourceUrl', index: 0 } };
    case 'missing':
      return { kind: 'push', step: { id: 'missingTopic', index: 0 } };
    case 'query':
      return { kind: 'push', step: { id: 'querySuggestions' } };
  }
};
