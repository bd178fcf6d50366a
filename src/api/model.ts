// The one internal model every store and view uses, whatever dialect the server spoke.
// Dates stay ISO strings so the model can be persisted and posted to webviews as-is.

export interface CreditUsage {
  /** Negative means overage; above `planCredits` means packs or grants. */
  remainingCredits: number;
  /** null when the server reports no plan (older self-hosted releases send the balance only). */
  planCredits: number | null;
  /** Readable ISO dates, or null when absent or unreadable. */
  billingPeriodStart: string | null;
  billingPeriodEnd: string | null;
}

/** The team's jobs against its plan's concurrency (GET /v2/team/queue-status). */
export interface QueueStatus {
  /** Jobs holding a concurrency slot now. */
  active: number;
  /** Jobs waiting for a slot (backlogged at the plan's limit). */
  waiting: number;
  /** The plan's most jobs at once; null when the server did not say. */
  maxConcurrency: number | null;
  /** When a job last succeeded (ISO); null after a day without one. */
  mostRecentSuccess: string | null;
}

export interface UsagePeriod {
  /** null when the service could not date the row; such rows sort last. */
  startDate: string | null;
  /** null for the month in progress. */
  endDate: string | null;
  creditsUsed: number;
  /** The key's display name, present only with the per-key breakdown. */
  apiKey?: string;
}

export interface UsageHistory {
  byApiKey: boolean;
  /** Oldest first, as the service sends them. */
  periods: UsagePeriod[];
}

export type ResearchJobStatus = 'processing' | 'completed' | 'failed' | 'cancelled' | (string & {});
export type ResearchActivityStatus = 'processing' | 'complete' | 'error' | (string & {});
export type ResearchActivityType = 'search' | 'analyze' | 'synthesis' | 'extract' | 'reasoning' | 'thought' | (string & {});

export interface ResearchActivity {
  type: ResearchActivityType;
  status: ResearchActivityStatus;
  message: string;
  depth: number;
  /** ISO timestamp, or '' when the server sent none. */
  timestamp: string;
}

export interface ResearchSource {
  url: string;
  title?: string;
  description?: string;
  /** `icon` in the live service, `favicon` in the spec. */
  icon?: string;
}

/** What a response said about its route being retired. */
export interface DeprecationNotice {
  deprecated: boolean;
  /** When the route was (or will be) deprecated, from `Deprecation: @<epoch>`. */
  deprecatedAt?: number;
  /** When the route stops answering, from `Sunset`. */
  sunsetAt?: number;
  /** Where to go instead, from `Link: <…>; rel="successor-version"`. */
  successor?: string;
  /** The body's `replacement`. */
  replacement?: string;
  /** `Warning: 299` texts and the body's `warnings`, deduplicated. */
  warnings: string[];
}

export interface ResearchJob {
  kind: 'deepResearch';
  id: string;
  status: ResearchJobStatus;
  currentDepth: number;
  maxDepth: number;
  totalUrls: number;
  expiresAt: string | null;
  error?: string;
  finalAnalysis?: string;
  /** Present when the job used the JSON format. */
  json?: unknown;
  activities: ResearchActivity[];
  sources: ResearchSource[];
  /** Deprecation and other notices the service attached. */
  warnings: string[];
  deprecation?: DeprecationNotice;
}

export type AgentJobStatus = 'processing' | 'completed' | 'failed' | 'cancelled' | (string & {});

export interface AgentJob {
  kind: 'agent';
  id: string;
  status: AgentJobStatus;
  /** As the status reports it (every preset runs as spark-2 now); unknown models are kept as sent. */
  model?: string;
  /** low, medium or high on current servers; kept as sent. */
  effort?: string;
  /** What the run is doing now. */
  message?: string;
  /** Next steps the service proposes, as text. */
  suggestions: string[];
  /** A question the run waits on (shape not published): kept as sent, shown as JSON text. */
  pendingApproval?: unknown;
  /** Data gathered so far: while processing, and what a run stopped at its credit limit leaves. */
  partial?: unknown;
  /** Whether `partial` matches the run's schema. */
  partialSchemaValid?: boolean;
  /** The result, once completed. */
  data?: unknown;
  error?: string;
  stopReason?: string;
  expiresAt: string | null;
  creditsUsed?: number;
}

/** Any job the research view follows. */
export type TrackedSnapshot = ResearchJob | AgentJob;

export interface FeedbackReceipt {
  feedbackId?: string;
  creditsRefunded: number;
  /** Absent from receipts of the newer `target` form. */
  creditsRefundedToday?: number;
  dailyRefundCap?: number;
  dailyCapReached: boolean;
  alreadySubmitted: boolean;
  warning?: string;
}

/** The history route's `timeRange`: the last 24 hours by hour, the last 7 or 30 days by day. */
export type UsageTimeRange = 'day' | 'week' | 'month';
export const USAGE_TIME_RANGES: readonly UsageTimeRange[] = ['day', 'week', 'month'];
export type UsageBinSize = 'hour' | 'day';

export interface UsageBin {
  /** null when the service could not date the bin (it sorts those last). */
  startDate: string | null;
  endDate: string | null;
  /** As sent: a refund could make it negative, which the burn rules read as nothing used. */
  creditsUsed: number;
}

/** Usage in hourly or daily bins over a window that ends about when it was asked for. */
export interface UsageBins {
  timeRange: UsageTimeRange;
  binSize: UsageBinSize;
  /** The span the bins cover (readable ISO), or null when the service did not say. */
  windowStart: string | null;
  windowEnd: string | null;
  /** Oldest first, as the service sends them; bins without usage may be left out. */
  bins: UsageBin[];
}

/** One job of the team's last 24 hours, as GET /v2/team/activity lists it. */
export interface ActivityEntry {
  id: string;
  /** `scrape`, `search`, `deep_research`, `agent`, …; kinds the client does not know are kept as sent. */
  endpoint: string;
  /** `v1` or `v2` (feedback applies to v2 jobs only); absent when the service did not say. */
  apiVersion?: string;
  /** ISO (UTC), or null when the service sent no readable time. */
  createdAt: string | null;
  /** The URL, query or prompt the job ran on; null when there is none. Untrusted text. */
  target: string | null;
}

/** Recent entries, newest first. */
export interface ActivityList {
  entries: ActivityEntry[];
  /** The service had more than the pages read (the caller's cap). */
  truncated: boolean;
}

/** One run of GET /v2/agent. The list knows `processing`, `completed` and `failed`; others are kept as sent. */
export interface AgentRunSummary {
  id: string;
  createdAt: string | null;
  status: string;
  /** The prompt the run was given. Untrusted text. */
  prompt?: string;
  /** A short description the service derives (often the first URL). */
  targetHint?: string;
  urls: string[];
  model?: string;
  origin?: string;
  hidden: boolean;
  label?: string;
}

export interface AgentRunList {
  /** Newest first. */
  runs: AgentRunSummary[];
  /** Older runs exist beyond the pages read. */
  truncated: boolean;
}

/** A scraped page (or a parsed file, which answers in the same shape). */
export interface ScrapeResult {
  /** `data.metadata.scrapeId`: the id feedback takes; absent when the service named none. */
  jobId?: string;
  /** The page as Markdown. Untrusted text. */
  markdown: string;
  title?: string;
  sourceUrl?: string;
  /** Where the page ended up after redirects. */
  finalUrl?: string;
  /** The site's own status code (a 404 page is still a successful scrape). */
  statusCode?: number;
  creditsUsed?: number;
  contentType?: string;
  warning?: string;
}

export interface SearchHit {
  url: string;
  title?: string;
  description?: string;
}

export interface SearchResult {
  /** The response's `id`: the id feedback takes. */
  jobId?: string;
  hits: SearchHit[];
  creditsUsed?: number;
  warning?: string;
}

export interface MapResult {
  /** The response's `id`: the id feedback takes. */
  jobId?: string;
  links: SearchHit[];
  creditsUsed?: number;
  warning?: string;
}

export interface AgentStarted {
  id: string;
}

const TERMINAL: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);

/** Unknown statuses count as still running: the service may add states such as 'queued'. */
export function isTerminalStatus(status: string): boolean {
  return TERMINAL.has(status);
}

/** An agent run waiting for the user to approve a step (in the dashboard): it has no time limit while it waits, and polling does not move it on. */
export function awaitsApproval(job: { status: string; pendingApproval?: unknown } | undefined): boolean {
  return job?.status === 'processing' && job.pendingApproval !== undefined;
}

/** The service still runs the job: 'processing', or a state it may add (such as 'queued'). */
export function isRunning(snapshot: { status: string } | undefined): boolean {
  return snapshot !== undefined && !TERMINAL.has(snapshot.status);
}
