// Public surface of the feedback request rules: types and constants, the validator and its
// single-field helpers.

export * from './types';
export {
  validateFeedback,
  checkJobId,
  checkLabel,
  checkLabels,
  checkNote,
  checkQuerySuggestions,
  checkUrl,
  checkPageNumbers,
  checkReason,
  checkTopic,
  checkDescription,
  checkMetadata,
  checkSignal,
  checkSearchRule,
  suggestLabel,
  type FeedbackProblem,
  type FeedbackProblemCode,
  type FeedbackValidation,
  type FeedbackLabelKind,
  type FeedbackDraft,
  type FeedbackInput,
} from './validate';
