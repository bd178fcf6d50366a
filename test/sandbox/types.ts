// Shared types of the Firecrawl-compatible sandbox server. No imports from src/: the sandbox is an
// independent implementation of the service so that it can check our client.

/** Which body shapes the server sends: what the live service's code sends, or what the spec says. */
export type Dialect = 'live' | 'spec';

/** API routes the sandbox serves (counted and fault-injectable by name). */
export type RouteName =
  | 'creditUsage' // GET /v2/team/credit-usage
  | 'creditUsageHistorical' // GET /v2/team/credit-usage/historical
  | 'queueStatus' // GET /v2/team/queue-status
  | 'deepResearch' // GET /v1/deep-research/:id
  | 'feedback' // POST /v2/feedback
  | 'creditUsageV1' // GET /v1/team/credit-usage
  | 'searchFeedback' // POST /v2/search/:jobId/feedback (the SDK's searchFeedback)
  | 'agentStart' // POST /v2/agent
  | 'agentStatus' // GET /v2/agent/:id
  | 'agentCancel' // DELETE /v2/agent/:id
  | 'agentList' // GET /v2/agent
  | 'activity' // GET /v2/team/activity
  | 'scrape' // POST /v2/scrape
  | 'search' // POST /v2/search
  | 'map' // POST /v2/map
  | 'parse'; // POST /v2/parse (multipart)

export const ROUTE_NAMES: readonly RouteName[] = [
  'creditUsage',
  'creditUsageHistorical',
  'queueStatus',
  'deepResearch',
  'feedback',
  'creditUsageV1',
  'searchFeedback',
  'agentStart',
  'agentStatus',
  'agentCancel',
  'agentList',
  'activity',
  'scrape',
  'search',
  'map',
  'parse',
];

/** The values GET /v2/team/activity accepts as `endpoint`; anything else is a 400. `parse` is not one. */
export const ACTIVITY_ENDPOINTS = ['scrape', 'crawl', 'batch_scrape', 'search', 'extract', 'llmstxt', 'deep_research', 'map', 'agent', 'browser', 'interact', 'alexandria'] as const;
export type ActivityEndpoint = (typeof ACTIVITY_ENDPOINTS)[number];

/** An entry a test adds to the activity list directly (any kind, any age, hostile targets). */
export interface ActivityEntryInit {
  /** Default: a new UUID. */
  id?: string;
  /** Any string: the service may add kinds the client does not know yet. */
  endpoint: string;
  /** Default 'v2'. */
  apiVersion?: 'v1' | 'v2';
  /** How long ago the job ran. Default 0. */
  ageMs?: number;
  target?: string | null;
}

/**
 * How parse jobs show in the activity list: the filter has no `parse`, and the service may list them
 * under another kind or not at all. Default 'hidden'.
 */
export type ParseActivity = 'hidden' | 'scrape' | 'parse';
export const PARSE_ACTIVITY_MODES: readonly ParseActivity[] = ['hidden', 'scrape', 'parse'];

/** How an agent run unfolds; every field optional. */
export interface AgentTimeline {
  /** From start to the final status. Default 60 s. */
  durationMs?: number;
  outcome?: 'completed' | 'failed';
  prompt?: string;
  urls?: string[];
  model?: string;
  /** Credits spent by the end. Default 42. */
  credits?: number;
  /** The result (`data`) of a completed run; default a small object. */
  data?: unknown;
  error?: string;
  /** One progress message instead of the default sequence. */
  message?: string;
  /** The run asks for approval from this offset until three quarters of its time. */
  approvalAfterMs?: number;
  /** The run answers 404 once this long after it ended. Default 24 h. */
  expireAfterMs?: number;
  /** `low`, `medium` (the default) or `high`, as the status echoes it. */
  effort?: string;
  /** `maxCredits` it was started with: a run whose `credits` exceed it stops there (`failed`, `credit_limit_reached`, its partial data, no `data`). */
  maxCredits?: number;
  /** The conversation a list item belongs to (`threadId`, `threadTurn`), as newer servers send it. */
  thread?: { id: string; turn: number };
  /** Who started it (the start body's `origin`). */
  origin?: string;
  /** Hidden in the dashboard: the list item's `settings.hidden`. */
  hidden?: boolean;
}

/** What a run cancelled earlier reads as: `cancelled` (older servers) or `failed` (newer ones map it so). */
export type AgentCancelledReads = 'cancelled' | 'failed';
/** How the agent list ends: no `next` on the last page (newer), or a `next` to one more, empty page (older). */
export type AgentListEnd = 'noNext' | 'emptyPage';

/** How the deep research routes answer once the API is shut down: 410 Gone, or unmounted (Express's HTML 404). */
export type ShutdownMode = 'gone' | 'unmounted';

/**
 * The team's balance. Older self-hosted releases answer with `remainingCredits` only: leave the
 * other fields out (undefined) and they are left out of the body too.
 */
export interface CreditState {
  remainingCredits: number;
  planCredits?: number;
  billingPeriodStart?: string | null;
  billingPeriodEnd?: string | null;
}

/** One row of usage history for one API key (apiKey is the key's display name, never the secret). */
export interface HistoryRow {
  /** The service types it `string | null` and sorts nulls last. */
  startDate: string | null;
  endDate: string | null;
  creditsUsed: number;
  apiKey: string;
}

/** How a deep research job progresses, relative to its creation time on the sandbox clock. */
export interface ResearchTimeline {
  /** Time from creation to completion/failure. Default 60 000 ms; 0 = finished at once. */
  durationMs?: number;
  /** Default 'completed'. */
  outcome?: 'completed' | 'failed';
  /** Default 3. currentDepth climbs from 0 to this. */
  maxDepth?: number;
  /** Number of activities, the last one being 'synthesis' (or the error activity). Default 8, min 1. */
  activities?: number;
  /** Number of sources, appearing progressively. Default 6. */
  sources?: number;
  /** Attach a `json` result on completion. */
  withJson?: boolean;
  /** Title of every source. A string[] is sent as-is (the service may send titles as arrays). */
  sourceTitle?: string | string[];
  /** Research question, used in messages and the default analysis title. */
  query?: string;
  /** Markdown sent as finalAnalysis on completion. Default starts with '# Findings on <query>'. */
  finalAnalysis?: string;
  /** Error text of a failed job. */
  error?: string;
  /** The job answers 404 once now >= last update + this. Default 6 hours. */
  expireAfterMs?: number;
  /** Simulates a crashed worker: progress freezes at this offset and the job stays 'processing'. */
  stallAfterMs?: number;
}

export type FaultKind = 'latency' | 'hang' | 'status' | 'malformedJson' | 'wrongTypes' | 'oversized' | 'compressed' | 'connectionReset';

export interface Fault {
  /** Route to hit; absent = the next API request of any route. */
  route?: RouteName;
  /** How many matching requests it affects. Default 1. */
  times?: number;
  kind: FaultKind;
  /** latency: delay before answering normally. Default 1000. */
  ms?: number;
  /** latency: answer once this settles instead (a test that acts while the request is out). */
  until?: Promise<unknown>;
  /** status: 401 | 403 | 404 | 429 | 500 | 502 | 503 (others get a generic JSON body). Default 500. */
  status?: number;
  /** status 429: the wait written into the error text. Default 7. */
  retryAfterSeconds?: number;
  /** status 429: also send this Retry-After header value (the live service never does). */
  retryAfterHeader?: string;
  /** status: answer with exactly this JSON body instead of the service's usual one for the status. */
  body?: unknown;
  /** status: answer with this raw text instead (a proxy's HTML page, another web server's 404). */
  text?: string;
  /** status with `text`: its Content-Type. Default `text/html; charset=utf-8`. */
  contentType?: string;
  /** status: extra response headers. */
  headers?: Record<string, string>;
  /** status 301/302/303/307/308: where the redirect points. Default `https://api.firecrawl.dev` + the request path. */
  location?: string;
  /** oversized, compressed: body size in bytes (compressed: once decoded). Default 7 MiB. */
  bytes?: number;
}

/**
 * How POST /v2/feedback behaves after the body is valid:
 * normal; previewTeam → 403 PREVIEW_TEAM_NOT_ALLOWED; optedOut → 403 TEAM_OPTED_OUT;
 * internal → 500 INTERNAL (after the job lookup); dbDisabled → 503 DB_DISABLED;
 * alexandriaUnavailable → 503 ALEXANDRIA_UNAVAILABLE (a newer code; also after the job lookup).
 */
export type FeedbackMode = 'normal' | 'previewTeam' | 'optedOut' | 'internal' | 'dbDisabled' | 'alexandriaUnavailable';
export const FEEDBACK_MODES: readonly FeedbackMode[] = ['normal', 'previewTeam', 'optedOut', 'internal', 'dbDisabled', 'alexandriaUnavailable'];

/**
 * Which receipt a 200 from feedback is: the endpoint/jobId form's, with `creditsRefundedToday` and
 * `dailyRefundCap`, or the newer `target` form's, which may leave both out.
 */
export type FeedbackReceiptForm = 'endpoint' | 'target';

/**
 * How INVALID_BODY details arrive: `flat` zod issues, or `union` as the current schema (a zod 4
 * union of the endpoint/jobId form and the newer target form) sends them: one `invalid_union` issue
 * with the real reasons nested in `errors[][]`, one list per branch.
 */
export type FeedbackIssueStyle = 'flat' | 'union';
export const FEEDBACK_ISSUE_STYLES: readonly FeedbackIssueStyle[] = ['flat', 'union'];

/** The service's default feedback window (`FEEDBACK_MAX_AGE_SEC`); a deployment may set another. */
export const DEFAULT_FEEDBACK_WINDOW_SECONDS = 120;

export type V2Endpoint = 'scrape' | 'parse' | 'map' | 'search';
export const V2_ENDPOINTS: readonly V2Endpoint[] = ['scrape', 'parse', 'map', 'search'];

export interface V2JobOptions {
  /** How long ago the job ran (feedback must arrive within 120 s of it). Default 0. */
  ageMs?: number;
  /** The job did not succeed (search: SEARCH_FAILED on feedback). */
  failed?: boolean;
  /** What the job cost; scrape/parse refunds are ~25% of it. Defaults: scrape 5, parse 8, map 1, search 2. */
  costCredits?: number;
  /** What the activity list shows as its target (a URL, or the query of a search); null for none. Default: a demo URL or query. */
  target?: string | null;
}

export interface LoggedRequest {
  method: string;
  path: string;
  /** Raw query string without '?', '' when none. */
  query: string;
  route: RouteName | 'control' | 'unknown';
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** Parsed JSON body, or the raw text when it is not JSON; absent when the request had no body. */
  body?: unknown;
  /** Sandbox clock (ms) when it arrived. */
  at: number;
}

export interface SandboxKeys {
  /** Key "Default" of the demo team. */
  valid: string;
  /** Key "Research notebook" of the same team. */
  second: string;
  /** Key "CI pipeline" of the same team, restricted to other endpoints: 403 on deep research, allowed on team + feedback. */
  restricted: string;
}

export interface FeedbackSubmission {
  feedbackId: string;
  endpoint: V2Endpoint;
  jobId: string;
  /** The body after trimming and defaults, as the service would store it. */
  body: Record<string, unknown>;
  creditsRefunded: number;
  at: number;
}
