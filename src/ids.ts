// Identifiers the manifest, the commands and the views share. No `vscode` here: the pure tree
// descriptors use them too.

export const VIEW_ID = 'firecrawl.researchJobs';
export const HAS_JOBS_CONTEXT = 'firecrawl.research.hasJobs';
export const DOCUMENT_SCHEME = 'firecrawl-research';

export const COMMANDS = {
  track: 'firecrawl.trackResearchJob',
  trackSelection: 'firecrawl.trackResearchJobFromSelection',
  untrack: 'firecrawl.untrackResearchJob',
  clearFinished: 'firecrawl.clearFinishedResearchJobs',
  copyId: 'firecrawl.copyResearchJobId',
  refreshAll: 'firecrawl.refreshResearchJobs',
  refreshJob: 'firecrawl.refreshResearchJob',
  openAnalysis: 'firecrawl.openResearchAnalysis',
  openAnalysisText: 'firecrawl.openResearchAnalysisText',
  openJson: 'firecrawl.openResearchJson',
  openSource: 'firecrawl.openResearchSource',
  copySourceUrl: 'firecrawl.copyResearchSourceUrl',
} as const;

export const SETTINGS = {
  section: 'firecrawl.research',
  maxPollMinutes: 'maxPollMinutes',
  notifyOnCompletion: 'notifyOnCompletion',
} as const;
