// What every wizard step shares: the step ids, the context, the page frame (title, counter, Back)
// and the rules for where a step goes when it is finished. Pure: no `vscode`.

import * as l10n from '@vscode/l10n';
import { FEEDBACK_FIELDS, fieldOfPath, indexOfPath, type FeedbackField, type FeedbackRequest } from '../../../api/feedback';
import type { FeedbackEndpoint } from '../../../api/feedback';
import type { Clock } from '../../../shared/clock';
import type { Event } from '../../../shared/events';
import type { WizardDraft } from '../model/draft';
import type { RecentJobsState } from '../model/recentJobs';
import type { Step, StepRef, StepState, Transition } from './flow';
import type { ErrorContext } from '../../../host/errorText';
import type { Answer, PromptFrame, Prompter } from './prompts';

export type StepId =
  | 'endpoint'
  | 'jobId'
  | 'jobIdText'
  | 'rating'
  | 'searchSignal'
  | 'review'
  | 'details'
  | 'issues'
  | 'issuesText'
  | 'tags'
  | 'note'
  | 'url'
  | 'pageNumbers'
  | 'querySuggestions'
  | 'metadata'
  | 'sources'
  | 'sourceUrl'
  | 'sourceReason'
  | 'missing'
  | 'missingTopic'
  | 'missingDescription';

export interface ResumableDraft {
  draft: WizardDraft;
  savedAt: number;
  /**
   * Where it was left unsent: this window, another window that is still open (it may still be
   * editing it: resuming works on a copy), a window since closed, or before drafts were per window.
   * Absent means this window.
   */
  origin?: 'here' | 'open' | 'closed';
  /** The name of the window that saved it (its workspace), when known. */
  window?: string;
  /** Called when the person resumes it: it becomes this window's draft. */
  adopt?: () => void;
}

/** The team's recent jobs per endpoint (model/recentJobs.ts). */
export interface RecentJobsSource {
  /** Starts loading an endpoint's list, unless it is loading or fresh. */
  prefetch(endpoint: FeedbackEndpoint): void;
  state(endpoint: FeedbackEndpoint): RecentJobsState | undefined;
  readonly onDidChange: Event<FeedbackEndpoint>;
}

/** Where the job id the wizard started with came from. */
export interface StartingJobId {
  id: string;
  from: 'selection' | 'clipboard' | 'command';
}

export interface WizardContext {
  /** Mutated by the steps: it is the single source of every value shown. */
  draft: WizardDraft;
  ui: Prompter;
  now: () => number;
  /** Moves the job page's countdown; without one the page is still right, only not live. */
  clock?: Clock;
  /** The recent jobs to pick from; without it the job page is the input box. */
  recent?: RecentJobsSource;
  /** How long the server accepts feedback after a job, in seconds (its own word, else the default). */
  windowSeconds?: number;
  /** Where requests go (the API URL is named when it cannot list jobs). */
  errors?: ErrorContext;
  draftIdSource?: StartingJobId;
  /** Why the job page's last Enter did nothing; shown once. */
  jobPageNote?: string;
  /** The job page lists every job past the window, not only the newest. */
  showAllExpired?: boolean;
  /** Saved drafts the first page offers to resume, this window's first, then the newest. */
  resumable?: readonly ResumableDraft[];
  /** Set by the review step when the person sends a valid body. */
  request?: FeedbackRequest;
  /** The wizard rates a result it was opened on: a rating the draft already supports goes straight to the review. */
  resultChosen?: boolean;
}

export type WizardStep = Step<StepId, WizardContext>;
export type WizardState = StepState<StepId>;
export type WizardRef = StepRef<StepId>;
export type WizardTransition = Transition<StepId>;

/** endpoint → job id → rating → the signal the rating needs → review. */
export const FAST_PATH_STEPS = 5;

/** True while the person walks the fast path, i.e. has not yet reached the review. */
export function inFastPath(state: WizardState): boolean {
  return !state.below.some((r) => r.id === 'review' || r.id === 'details');
}

/**
 * Title, step counter (only on the fast path) and Back (everywhere but the first page). `section` is
 * the page's name, already in the editor's language.
 */
export function frame(state: WizardState, section: string, fastStep?: number): PromptFrame {
  const counted = fastStep !== undefined && (fastStep === FAST_PATH_STEPS || inFastPath(state));
  return {
    title: l10n.t('Firecrawl: Submit Feedback — {0}', section),
    ...(counted ? { step: fastStep, totalSteps: FAST_PATH_STEPS } : {}),
    canGoBack: state.below.length > 0,
  };
}

// Where a finished editor goes: back to the nearest page it was opened from, else on to the review.
const HUBS: Partial<Record<StepId, readonly StepId[]>> = {
  issuesText: ['issues', 'details', 'review'],
  sourceUrl: ['sources', 'details', 'review'],
  sourceReason: ['sources', 'details', 'review'],
  missingTopic: ['missing', 'details', 'review'],
  missingDescription: ['missing', 'details', 'review'],
  details: ['review'],
};
const DEFAULT_HUBS: readonly StepId[] = ['details', 'review'];

export function finish(state: WizardState): WizardTransition {
  const hubs = HUBS[state.ref.id] ?? DEFAULT_HUBS;
  for (let i = state.below.length - 1; i >= 0; i--) {
    const id = state.below[i]?.id;
    if (id !== undefined && hubs.includes(id)) return { kind: 'returnTo', id };
  }
  return { kind: 'push', step: { id: 'review' } };
}

/** On the fast path go to `next`; when editing from the review or details, go back there. */
export function advance(state: WizardState, next: WizardRef): WizardTransition {
  return inFastPath(state) ? { kind: 'push', step: next } : finish(state);
}

/** The page that asks for exactly the signal the rating needs. */
export function signalTarget(draft: WizardDraft): WizardRef {
  if (draft.endpoint === 'search') {
    return draft.rating === 'good' ? { id: 'sourceUrl', index: 0 } : { id: 'searchSignal' };
  }
  return draft.rating === 'good' ? { id: 'note' } : { id: 'issues' };
}

/** The stack behind the review when reopening a draft, so Back walks the fast path as if typed. */
export function reviewStack(draft: WizardDraft): WizardRef[] {
  return [{ id: 'endpoint' }, { id: 'jobId' }, { id: 'rating' }, signalTarget(draft), { id: 'review' }];
}

/** The page that edits a top-level field. */
export function editorForField(field: FeedbackField, draft: WizardDraft): WizardRef {
  switch (field) {
    case 'endpoint':
    case 'jobId':
    case 'rating':
    case 'issues':
    case 'tags':
    case 'note':
    case 'url':
    case 'pageNumbers':
    case 'querySuggestions':
    case 'metadata':
      return { id: field };
    case 'valuableSources':
      return { id: 'sources' };
    case 'missingContent':
      return { id: 'missing' };
    case 'origin':
    case 'integration':
      return signalTarget(draft);
  }
}

/** The page that fixes the problem at `path` ('' = a rule about the whole body: the signal page). */
export function editorForPath(path: string, draft: WizardDraft): WizardRef {
  const field = fieldOfPath(path);
  if (field === undefined || !FEEDBACK_FIELDS.includes(field)) return signalTarget(draft);
  const index = indexOfPath(path);
  if (index !== undefined) {
    if (field === 'valuableSources') return { id: path.endsWith('.reason') ? 'sourceReason' : 'sourceUrl', index };
    if (field === 'missingContent') return { id: path.endsWith('.description') ? 'missingDescription' : 'missingTopic', index };
    if (field === 'issues') return { id: 'issuesText' };
  }
  return editorForField(field, draft);
}

/** The common tail of every step: Back and Cancel mean the same everywhere. */
export function leave(answer: Answer<unknown>): WizardTransition | undefined {
  if (answer.kind === 'back') return { kind: 'back' };
  if (answer.kind === 'cancel') return { kind: 'cancel' };
  return undefined;
}
