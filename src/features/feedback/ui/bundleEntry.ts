// Entry of the wizard's on-demand bundle (dist/feedbackWizard.js, dist/web/feedbackWizard.js), loaded
// the first time someone sends feedback.
export { FeedbackController } from './controller';
export { initBundle } from '../../../host/bundleInit';
