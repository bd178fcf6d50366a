// Entry of the Research view's on-demand bundle (dist/researchRows.js, dist/web/researchRows.js): how
// jobs and recent runs read as rows and tooltips, and the view's line. Loaded when the view is first
// shown (or asked for a row), not at activation: most windows start with the sidebar on another view.
export { initBundle } from '../../../host/bundleInit';
export { describeRecentGroup, describeRecentRun, withRecentTitle } from './recentRows';
export { childNodes, describeJob, describeNode, jobName } from './treeRows';
export { tooltipMarkdown, toTreeItem } from './treeItems';
export { connectionMessage, hiddenJobsMessage, keySourceMessage, shutdownMessage } from './viewMessage';

export type ResearchRows = typeof import('./rowsBundle');
