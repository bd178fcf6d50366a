// The pages of the fast path before the signal: endpoint, job id, rating, and for search the choice
// of which signal to give. Pure: no `vscode`.

import { checkJobId, type FeedbackEndpoint, type FeedbackRating } from '../../../api/feedback';
import { FEEDBACK_ENDPOINTS, FEEDBACK_RATINGS } from '../model/catalog';
import { formatAgo } from '../../../shared/format';
import { isJobId, shortJobId, singleJobId } from '../../../shared/jobIds';
import { plainText } from '../../../shared/text';
import { cloneDraft } from '../model/draft';
import { summarizeDraft } from './fieldNames';
import type { PickOption, Validation } from './prompts';
import { advance, frame, leave, type ResumableDraft, reviewStack, signalTarget, type WizardStep } from './context';

type EndpointChoice = { kind: 'endpoint'; id: FeedbackEndpoint } | { kind: 'resume'; index: number };

/** Where a saved draft was left, for the line under its resume option. */
function draftOrigin(saved: ResumableDraft): string {
  const name = saved.window ? ` (${plainText(saved.window, 40)})` : '';
  switch (saved.origin ?? 'here') {
    case 'here':
      return ' in this window';
    case 'open':
      return ` in another open window${name}`;
    case 'closed':
      return ` in a window since closed${name}`;
    case 'before':
      return '';
  }
}

function resumeOption(saved: ResumableDraft, index: number, now: number, several: boolean): PickOption<EndpointChoice> {
  const origin = saved.origin ?? 'here';
  const job = saved.draft.jobId.trim();
  // One draft of this window reads as before; with several, each says where it was left (and a short id, so it fits).
  const where = several || origin !== 'here' ? draftOrigin(saved) : '';
  const jobText = job ? ` for job ${origin === 'here' && !several ? job : isJobId(job) ? `${shortJobId(job)}…` : plainText(job, 20)}` : '';
  return {
    key: index === 0 ? 'resume' : `resume/${index}`,
    value: { kind: 'resume', index },
    label: 'Resume unsent feedback',
    icon: 'history',
    description: summarizeDraft(saved.draft),
    detail: `Saved ${formatAgo(saved.savedAt, now)}${jobText}${where}; ${origin === 'open' ? 'opens a copy' : 'opens it'} for review.`,
  };
}

export const endpointStep: WizardStep = async (state, ctx) => {
  const options: PickOption<EndpointChoice>[] = [];
  const saved = ctx.resumable ?? [];
  if (saved.length) {
    saved.forEach((draft, index) => options.push(resumeOption(draft, index, ctx.now(), saved.length > 1)));
    options.push({ key: 'sep', value: { kind: 'resume', index: -1 }, label: 'New feedback', separator: true });
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
  const answer = await ctx.ui.pick({
    ...frame(state, 'Endpoint', 1),
    placeholder: saved.length > 1 ? `Which endpoint ran the job you are rating? Or resume one of ${saved.length} unsent drafts.` : 'Which endpoint ran the job you are rating?',
    options,
    activeKey: state.ref.activeKey ?? ctx.draft.endpoint ?? FEEDBACK_ENDPOINTS[0]?.id,
  });
  const left = leave(answer);
  if (left) return left;
  if (answer.kind !== 'accept') return { kind: 'stay' };
  const resumed = answer.value.kind === 'resume' ? saved[answer.value.index] : undefined;
  if (resumed) {
    resumed.adopt?.();
    Object.assign(ctx.draft, cloneDraft(resumed.draft));
    delete ctx.resumable;
    return { kind: 'reset', stack: reviewStack(ctx.draft) };
  }
  if (answer.value.kind === 'endpoint') ctx.draft.endpoint = answer.value.id;
  return advance(state, { id: 'jobId' });
};

/** A pasted response or log line holding exactly one job id becomes that id. */
export function pastedJobId(text: string): string {
  return singleJobId(text) ?? text.trim();
}

export function validateJobId(text: string, endpoint: FeedbackEndpoint | undefined): Validation {
  const id = pastedJobId(text);
  const problem = checkJobId(id, endpoint);
  if (problem) return problem;
  return id !== text.trim() ? { message: `Found job id ${id} in the pasted text; Enter uses it.`, severity: 'info' } : undefined;
}

export const jobIdStep: WizardStep = async (state, ctx) => {
  const endpoint = ctx.draft.endpoint;
  const hint = FEEDBACK_ENDPOINTS.find((e) => e.id === endpoint)?.jobIdHint;
  const answer = await ctx.ui.input({
    ...frame(state, 'Job id', 2),
    prompt: `The job's id (a UUID)${hint ? `: ${hint.charAt(0).toLowerCase()}${hint.slice(1, -1)}` : ''}. Send it right after the job: Firecrawl accepts feedback only for a short time (the server sets how long).`,
    placeholder: 'Paste the job id, e.g. 3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4',
    value: state.ref.seed ?? ctx.draft.jobId,
    validate: (text) => validateJobId(text, endpoint),
  });
  if (answer.kind === 'back') ctx.draft.jobId = answer.text;
  const left = leave(answer);
  if (left) return left;
  if (answer.kind !== 'accept') return { kind: 'stay' };
  ctx.draft.jobId = pastedJobId(answer.value);
  return advance(state, { id: 'rating' });
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
