// Entry of dist/feedbackWizard.js, the wizard bundle the extension loads on first use.
export { FeedbackController } from './controller';
