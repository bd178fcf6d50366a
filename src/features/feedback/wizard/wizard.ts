// The feedback wizard as one call: which page comes from which step function, where it starts, and
// what it returns (a valid request, or undefined when the person cancels: never half a body).
// Pure: no `vscode`; the screen is whatever Prompter it is given.

import type { FeedbackRequest } from '../../../api/feedback';
import type { WizardDraft } from '../model/draft';
import { endpointStep, ratingStep, searchSignalStep } from './fastPathSteps';
import { jobIdStep, jobIdTextStep } from './jobStep';
import type { Clock } from '../../../shared/clock';
import { runFlow, type Transition } from './flow';
import { issuesStep, issuesTextStep, tagsStep } from './labelSteps';
import { missingDescriptionStep, missingStep, missingTopicStep, sourceReasonStep, sourcesStep, sourceUrlStep } from './listSteps';
import type { Prompter } from './prompts';
import { detailsStep, reviewStep } from './reviewSteps';
import { metadataStep, noteStep, pageNumbersStep, querySuggestionsStep, urlStep } from './textSteps';
import type { ErrorContext } from '../../../host/errorText';
import { type RecentJobsSource, reviewStack, type ResumableDraft, type StartingJobId, type StepId, type WizardContext, type WizardRef, type WizardStep } from './context';

export const WIZARD_STEPS: Readonly<Record<StepId, WizardStep>> = {
  endpoint: endpointStep,
  jobId: jobIdStep,
  jobIdText: jobIdTextStep,
  rating: ratingStep,
  searchSignal: searchSignalStep,
  review: reviewStep,
  details: detailsStep,
  issues: issuesStep,
  issuesText: issuesTextStep,
  tags: tagsStep,
  note: noteStep,
  url: urlStep,
  pageNumbers: pageNumbersStep,
  querySuggestions: querySuggestionsStep,
  metadata: metadataStep,
  sources: sourcesStep,
  sourceUrl: sourceUrlStep,
  sourceReason: sourceReasonStep,
  missing: missingStep,
  missingTopic: missingTopicStep,
  missingDescription: missingDescriptionStep,
};

export interface WizardOptions {
  /**
   * 'review' reopens a draft on its review page, with the fast path behind it for Back; 'rating'
   * starts on the rating page of a draft whose endpoint and job id are chosen (a result just run).
   */
  start?: 'beginning' | 'review' | 'rating';
  /** Saved drafts the first page offers to resume (one, or several windows'). */
  resumable?: ResumableDraft | readonly ResumableDraft[];
  now?: () => number;
  /** Moves the job page's countdown. */
  clock?: Clock;
  /** The team's recent jobs; without it the job page is the input box. */
  recent?: RecentJobsSource;
  /** The server's feedback window in seconds. */
  windowSeconds?: number;
  /** Where requests go, for the words when recent jobs cannot be listed. */
  errors?: ErrorContext;
  /** Where the draft's starting job id came from. */
  startingJobId?: StartingJobId;
  /** After every page: the draft may have changed (save it). Not called when the person leaves the page it opened on untouched. */
  onChange?: (draft: WizardDraft) => void;
}

/** Walks the person through the pages, mutating `draft`; resolves to the checked request, or undefined on cancel. */
export async function runFeedbackWizard(draft: WizardDraft, ui: Prompter, options: WizardOptions = {}): Promise<FeedbackRequest | undefined> {
  const context: WizardContext = {
    draft,
    ui,
    now: options.now ?? options.clock?.now.bind(options.clock) ?? Date.now,
    ...(options.resumable ? { resumable: 'draft' in options.resumable ? [options.resumable] : options.resumable } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.recent ? { recent: options.recent } : {}),
    ...(options.windowSeconds !== undefined ? { windowSeconds: options.windowSeconds } : {}),
    ...(options.errors ? { errors: options.errors } : {}),
    ...(options.startingJobId ? { draftIdSource: options.startingJobId } : {}),
  };
  const initial: WizardRef[] = options.start === 'review' ? reviewStack(draft) : options.start === 'rating' ? [{ id: 'endpoint' }, { id: 'jobId' }, { id: 'rating' }] : [{ id: 'endpoint' }];
  if (options.start === 'rating') context.resultChosen = true;
  let moved = options.start === 'review';
  const outcome = await runFlow<StepId, WizardContext>(WIZARD_STEPS, initial, context, {
    onTransition: (stack, transition: Transition<StepId>) => {
      // Escape on the untouched page it opened on (the first, or the rating of a result) must not
      // overwrite a saved draft with one the person never touched.
      if (transition.kind !== 'cancel' || stack.length > initial.length) moved = true;
      if (moved) options.onChange?.(draft);
    },
  });
  return outcome === 'done' ? context.request : undefined;
}
