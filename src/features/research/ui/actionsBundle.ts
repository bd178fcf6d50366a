// Entry of the research feature's on-demand bundle (dist/researchActions.js, dist/web/researchActions.js):
// what runs when someone acts (tracks, picks recent jobs, refreshes, stops tracking, saves, copies,
// opens a result, says a job finished), not what keeps the view up to date. Loaded the first time one of them is used.
export { initBundle } from '../../../host/bundleInit';
export { documentText } from './documentText';
export { copyResult, saveResult } from './resultCommands';
export { cancelAgentJob, clearFinishedJobs, copyJobId, copySourceUrl, openAnalysis, openJson, openSource, refreshAllJobs, refreshJobs, untrackJobs } from './jobCommands';
export { trackFromSelection, trackJob } from './trackCommand';
export { addRecentJobs, trackRecentJob } from './recentCommands';
export { showCompletion } from './completionMessages';
export { followOtherKeysJobs, offerToFollow } from './otherKeys';

export type ResearchActions = typeof import('./actionsBundle');
