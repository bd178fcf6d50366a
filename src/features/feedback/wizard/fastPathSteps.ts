// The pages of the fast path before the signal: endpoint, rating, and for search the choice of which
// signal to give (the job page is in jobStep.ts). Pure: no `vscode`.

import type { FeedbackEndpoint, FeedbackRating } from '../../../api/feedback';
import { FEEDBACK_ENDPOINTS, FEEDBACK_RATINGS } from '../model/catalog';
import { formatAgo } from '../../../shared/format';
import { cloneDraft } from '../model/draft';
import { summarizeDraft } from './fieldNames';
import type { PickOption } from './prompts';
import { advance, frame, leave, reviewStack, signalTarget, type WizardStep } from './context';

type EndpointChoice = { kind: 'endpoint'; id: FeedbackEndpoint } | { kind: 'resume' };

export const endpointStep: WizardStep = async (state, ctx) => {
  const options: PickOption<EndpointChoice>[] = [];
  const saved = ctx.resumable;
  if (saved) {
    options.push(
      {
        key: 'resume',
        value: { kind: 'resume' },
        label: 'Resume unsent feedback',
        icon: 'history',
        description: summarizeDraft(saved.draft),
        detail: `Saved ${formatAgo(saved.savedAt, ctx.now())}${saved.fromAnotherWindow ? ' in another window' : ''}${saved.draft.jobId.trim() ? ` for job ${saved.draft.jobId.trim()}` : ''}; opens it for review.`,
      },
      { key: 'sep', value: { kind: 'resume' }, label: 'New feedback', separator: true },
    );
  }
  for (const info of FEEDBACK_ENDPOINTS) {
    options.push({
      key: info.id,
      value: { kind: 'endpoint', id: info.id },
      label: info.label,
      description: `/v2/${info.id}`,
      detail: `Job id: ${info.jobIdHint.charAt(0).toLowerCase()}${info.jobIdHint.slice(1)}`,
    });
  }
  const activeKey = state.ref.activeKey ?? ctx.draft.endpoint ?? FEEDBACK_ENDPOINTS[0]?.id;
  // The job page's list starts loading now, for the endpoint the highlight is on, and follows it.
  const prefetch = (key: string | undefined) => {
    const endpoint = FEEDBACK_ENDPOINTS.find((e) => e.id === key)?.id;
    if (endpoint) ctx.recent?.prefetch(endpoint);
  };
  prefetch(activeKey);
  const answer = await ctx.ui.pick({
    ...frame(state, 'Endpoint', 1),
    placeholder: 'Which endpoint ran the job you are rating?',
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

/** The rating's explanation; the search rules are left out for other endpoints. */
export function ratingDetail(description: string, endpoint: FeedbackEndpoint | undefined): string {
  if (endpoint === 'search') return description;
  const at = description.indexOf(' For search');
  return at > 0 ? description.slice(0, at) : description;
}

export const ratingStep: WizardStep = async (state, ctx) => {
  const endpoint = ctx.draft.endpoint;
  const answer = await ctx.ui.pick<FeedbackRating>({
    ...frame(state, 'Rating', 3),
    placeholder: 'How was the result?',
    options: FEEDBACK_RATINGS.map((r) => ({ key: r.id, value: r.id, label: r.label, detail: ratingDetail(r.description, endpoint) })),
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
    label: 'Name a valuable source',
    icon: 'link',
    detail: 'The URL of a result that was useful, and why.',
  };
  const missing: PickOption<SearchSignal> = {
    key: 'missing',
    value: 'missing',
    label: 'Describe missing content',
    icon: 'question',
    detail: 'A topic the results should have covered.',
  };
  const query: PickOption<SearchSignal> = {
    key: 'query',
    value: 'query',
    label: 'Suggest a better query',
    icon: 'search',
    detail: 'A query that would have found what you needed.',
  };
  const options = draft.rating === 'partial' ? [source, missing] : [missing, query];
  const filled = draft.valuableSources.length ? 'source' : draft.missingContent.length ? 'missing' : draft.querySuggestions.trim() ? 'query' : undefined;
  const answer = await ctx.ui.pick<SearchSignal>({
    ...frame(state, 'What to tell', 4),
    placeholder: draft.rating === 'partial' ? "A 'partial' search needs a valuable source or missing content" : "A 'bad' search needs missing content or a better query",
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
