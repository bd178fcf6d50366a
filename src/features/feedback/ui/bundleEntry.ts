// Entry of the wizard's on-demand bundle (dist/feedbackWizard.js, dist/web/feedbackWizard.js), loaded
// the first time someone sends feedback.
export { FeedbackController } from './controller';
export { setPlatform } from '../../../host/platform';
