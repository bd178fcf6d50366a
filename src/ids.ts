// Every identifier the extension shares with VS Code and package.json: commands, views, context keys,
// settings, storage keys, schemes and colours. Nothing else spells a `firecrawl.` string; a unit test
// checks this list against the manifest in both directions. No `vscode`: pure code uses it too.

export const COMMANDS = {
  setApiKey: 'firecrawl.setApiKey',
  clearApiKey: 'firecrawl.clearApiKey',
  showLogs: 'firecrawl.showLogs',
  refreshCredits: 'firecrawl.refreshCredits',
  showUsageHistory: 'firecrawl.showUsageHistory',
  /** Undoes "Don't Show Again" on the credit spike alert. */
  resumeSpikeAlerts: 'firecrawl.resumeSpikeAlerts',
  trackJob: 'firecrawl.trackJob',
  /** The command's first id, kept working for keybindings and links made before agent jobs. */
  trackJobFromSelection: 'firecrawl.trackResearchJobFromSelection',
  untrackJob: 'firecrawl.untrackResearchJob',
  clearFinishedJobs: 'firecrawl.clearFinishedResearchJobs',
  followOtherKeysJobs: 'firecrawl.followResearchJobsOfOtherKeys',
  copyJobId: 'firecrawl.copyResearchJobId',
  refreshJobs: 'firecrawl.refreshResearchJobs',
  refreshJob: 'firecrawl.refreshResearchJob',
  openAnalysis: 'firecrawl.openResearchAnalysis',
  openAnalysisText: 'firecrawl.openResearchAnalysisText',
  openJson: 'firecrawl.openResearchJson',
  openSource: 'firecrawl.openResearchSource',
  copySourceUrl: 'firecrawl.copyResearchSourceUrl',
  saveJobResult: 'firecrawl.saveJobResult',
  copyJobResult: 'firecrawl.copyJobResult',
  cancelAgentJob: 'firecrawl.cancelAgentJob',
  addRecentJobs: 'firecrawl.addRecentJobs',
  /** A row of the Recent group: tracks that run (its kind is known). */
  trackRecentJob: 'firecrawl.trackRecentJob',
  submitFeedback: 'firecrawl.submitFeedback',
  submitFeedbackForSelection: 'firecrawl.submitFeedbackForSelection',
  openDashboard: 'firecrawl.openDashboard',
  /** Revokes every yes (and no) given to an address from FIRECRAWL_API_URL. */
  forgetEnvironmentUrls: 'firecrawl.forgetEnvironmentApiUrls',
  refreshUsage: 'firecrawl.refreshUsageHistory',
  copyUsageCsv: 'firecrawl.copyUsageCsv',
  saveUsageCsv: 'firecrawl.saveUsageCsv',
  scrapeUrl: 'firecrawl.scrapeUrl',
  /** The editor context menu's entry, shown while the selection is one web URL. */
  scrapeSelectedUrl: 'firecrawl.scrapeSelectedUrl',
  searchWeb: 'firecrawl.searchWeb',
  mapSite: 'firecrawl.mapSite',
  parseFile: 'firecrawl.parseFile',
  startAgentJob: 'firecrawl.startAgentJob',
  rateResult: 'firecrawl.rateResult',
  /** A job id's Copy action (hovers, terminal links): copies the id it is given. */
  copyJobIdText: 'firecrawl.copyJobIdText',
  /** A job id's Look Up action: Track Job, unless the id was just found to be neither kind. */
  lookUpJobId: 'firecrawl.lookUpJobId',
  /** Opens a page an AI agent fetched through the tools, whole (the model saw it trimmed). */
  openAgentToolResult: 'firecrawl.openAgentToolResult',
} as const;

export const VIEW_CONTAINER = 'firecrawl';

export const VIEWS = {
  research: 'firecrawl.researchJobs',
} as const;

/** Webview panel types (also the serializer's key). */
export const PANELS = {
  usage: 'firecrawl.usageHistory',
} as const;

export const STATUS_BAR_ITEMS = {
  credits: 'firecrawl.credits',
} as const;

/** Context keys the manifest's `when` clauses read. */
export const CONTEXT = {
  hasApiKey: 'firecrawl.hasApiKey',
  /** The window knows its team's list of tracked jobs, and it is empty: the Research view's welcome shows. */
  researchEmpty: 'firecrawl.research.empty',
  /** 'unknown', 'ok', 'rejected' (the key) or 'offline', from the last credits call. */
  connection: 'firecrawl.connection',
  /** 0, 1, or 2 for several: how many job ids the editor selection holds. */
  selectionJobIds: 'firecrawl.selectionJobIds',
  /** The editor selection is exactly one http(s) URL. */
  selectionIsUrl: 'firecrawl.selectionIsUrl',
  /** The active editor shows a scrape, search or map result that can still be rated. */
  rateableResult: 'firecrawl.run.rateableResult',
  /** Spike alerts are muted for the rest of the day: the palette offers Turn On then too. */
  spikeAlertsMuted: 'firecrawl.spikeAlertsMuted',
  /** An answer about a FIRECRAWL_API_URL address is kept on this machine: Forget… has something to forget. */
  environmentUrlAnswers: 'firecrawl.environmentUrlAnswers',
} as const;

/** Full setting keys; `SETTINGS_SECTION` is their common prefix. */
export const SETTINGS_SECTION = 'firecrawl';
export const SETTINGS = {
  apiUrl: 'firecrawl.apiUrl',
  showInStatusBar: 'firecrawl.credits.showInStatusBar',
  refreshIntervalMinutes: 'firecrawl.credits.refreshIntervalMinutes',
  warningThreshold: 'firecrawl.credits.warningThreshold',
  criticalThreshold: 'firecrawl.credits.criticalThreshold',
  spikeMultiplier: 'firecrawl.credits.spikeMultiplier',
  spikeMinimumCredits: 'firecrawl.credits.spikeMinimumCredits',
  spikeAlerts: 'firecrawl.credits.spikeAlerts',
  maxPollMinutes: 'firecrawl.research.maxPollMinutes',
  notifyOnCompletion: 'firecrawl.research.notifyOnCompletion',
  showRecent: 'firecrawl.research.showRecent',
  onlyMainContent: 'firecrawl.run.onlyMainContent',
  scrapeTimeoutSeconds: 'firecrawl.run.timeoutSeconds',
  searchLimit: 'firecrawl.run.searchLimit',
  mapLimit: 'firecrawl.run.mapLimit',
  agentMaxCredits: 'firecrawl.run.agentMaxCredits',
  jobIdHover: 'firecrawl.jobIds.hover',
  jobIdTerminalLinks: 'firecrawl.jobIds.terminalLinks',
  agentToolsDailyBudget: 'firecrawl.agentTools.dailyCreditBudget',
  agentToolsMaxResultCharacters: 'firecrawl.agentTools.maxResultCharacters',
} as const;

/**
 * The tools the editor's AI agents may call (package.json `languageModelTools`, `vscode.lm.registerTool`).
 * VS Code 1.100 wants `^[\w-]+$` names, so these use `_` rather than the `firecrawl.` prefix.
 */
export const TOOLS = {
  scrape: 'firecrawl_scrape',
  search: 'firecrawl_search',
  map: 'firecrawl_map',
  startAgent: 'firecrawl_start_agent',
  agentStatus: 'firecrawl_agent_status',
  credits: 'firecrawl_credits',
} as const;

/** VS Code 1.100 has no `languageModelToolSets`: every tool carries this tag, which groups them as one set. */
export const TOOL_SET_TAG = 'firecrawl';

/** The read-only documents that hold a page an AI agent fetched, whole. */
export const TOOL_RESULT_SCHEME = 'firecrawl-tool-result';

/** globalState keys. */
export const STORAGE = {
  /** The spike being alerted and "Mute for Today" (this machine only), one key per team: see spikeMemoryKey. */
  spikeAlertMemory: 'firecrawl.burn.alertMemory',
  /** What the service said about the Deep Research shutdown: a Sunset date, or that it answered 410. */
  researchNotice: 'firecrawl.research.deepResearchNotice',
  feedbackDraft: 'firecrawl.feedback.draft',
  /** How long each server accepts feedback after a job, as its own error said (nothing assumed before). */
  feedbackWindows: 'firecrawl.feedback.windowSeconds',
  /** Addresses from FIRECRAWL_API_URL the stored key may go to, or may not: the person's answers on this machine. */
  environmentUrlAnswers: 'firecrawl.apiUrl.environmentAnswers',
  keyPromptShownAt: 'firecrawl.keyPrompt.shownAt',
  keyPromptMuted: 'firecrawl.keyPrompt.muted',
} as const;

/** A team's own spike memory: windows of different teams never write over each other's. */
export function spikeMemoryKey(team: string): string {
  return team ? `${STORAGE.spikeAlertMemory}.${team}` : STORAGE.spikeAlertMemory;
}

/** SecretStorage keys. */
export const SECRETS = {
  apiKey: 'firecrawl.apiKey',
} as const;

/** The read-only documents of research results. */
export const RESEARCH_DOCUMENT_SCHEME = 'firecrawl-research';

/** Contributed theme colours (the usage chart reads them as CSS variables). */
export const COLORS = {
  chartSeries: ['1', '2', '3', '4', '5', '6', '7', '8'].map((n) => `firecrawl.chartSeries${n}`), // not localised: theme colour ids
  chartPlanLine: 'firecrawl.chartPlanLine',
} as const;

/** The name the client gives itself in User-Agent and as the feedback `origin`. */
export const CLIENT_NAME = 'firecrawl-vscode';
