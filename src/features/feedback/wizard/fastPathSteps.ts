// The pages of the fast path before the signal: endpoint, rating, and for search the choice of which
// signal to give (the job page is in jobStep.ts). Pure: no `vscode`.

import * as l10n from '@vscode/l10n';
import type { FeedbackEndpoint, FeedbackRating } from '../../../api/feedback';
import { feedbackEndpoints, feedbackRatings, type FeedbackRatingInfo, jobIdField } from '../model/catalog';
import { formatAgo } from '../../../shared/format';
import { cloneDraft } from '../model/draft';
import { summarizeDraft } from './fieldNames';
import type { PickOption } from './prompts';
import { advance, frame, leave, reviewStack, signalTarget, type WizardStep } from './context';

type EndpointChoice = { kind: 'endpoint'; id: FeedbackEndpoint } | { kind: 'resume' };

/** When and where the draft was saved, and for which job: one sentence per case, so each language can order it. */
function resumeDetail(ago: string, fromAnotherWindow: boolean, jobId: string): string {
  if (fromAnotherWindow) {
    return jobId
      ? l10n.t('Saved {0} in another window for job {1}; opens it for review.', ago, jobId)
      : l10n.t('Saved {0} in another window; opens it for review.', ago);
  }
  return jobId ? l10n.t('Saved {0} for job {1}; opens it for review.', ago, jobId) : l10n.t('Saved {0}; opens it for review.', ago);
}

export const endpointStep: WizardStep = async (state, ctx) => {
  const options: PickOption<EndpointChoice>[] = [];
  const saved = ctx.resumable;
  if (saved) {
    options.push(
      {
        key: 'resume',
        value: { kind: 'resume' },
        label: l10n.t('Resume unsent feedback'),
        icon: 'history',
        description: summarizeDraft(saved.draft),
        detail: resumeDetail(formatAgo(saved.savedAt, ctx.now()), saved.fromAnotherWindow === true, saved.draft.jobId.trim()),
      },
      { key: 'sep', value: { kind: 'resume' }, label: l10n.t('New feedback'), separator: true },
    );
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
    placeholder: l10n.t('Which endpoint ran the job you are rating?'),
    options,
    activeKey,
    onActive: prefetch,
  });
  const left = leave(answer);
  if (left) return left;
  if (answer.kind !== 'accept') return { kind: 'stay' };
  if (answer.value.kind === 'resume' && saved) {
    saved.adopt?.();
    Object.assign(ctx.draft, cloneDraft(saved.draft));
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
    placeholder:
      draft.rating === 'partial'
        ? l10n.t("A 'partial' search needs a valuable source or missing content")
        : l10n.t("A 'bad' search needs missing content or a better query"),
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
