// A Firecrawl-compatible HTTP server for tests and `npm start`: team credits, usage history,
// deep research status (and its shutdown), agent runs and endpoint feedback, in the live service's shapes or the spec's,
// with fault injection and a control API under /__sandbox/. Node built-ins only; binds 127.0.0.1.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ActivityLog, type ActivityRecord, type ListingRule, validateActivityEntry } from './activity';
import { agentListBody, agentStatusBody, type AgentRun, cancelAgentRun, createAgentRun, readAgentBefore, readAgentStart } from './agent';
import { authenticate, SANDBOX_KEYS } from './auth';
import { handleControl } from './control';
import { creditUsage, creditUsageHistorical, creditUsageV1, validateCredits, validateHistory } from './credits';
import { DEMO_AGENT, DEMO_AGENT_IDS, DEMO_RESEARCH, DEMO_RESEARCH_IDS, demoCredits, demoHistory } from './demoData';
import { FeedbackLedger, makeV2Job, type FeedbackContext, type V2Job } from './feedback';
import { applyFault, FaultQueue } from './faults';
import { answerCors, BodyTooLargeError, lowerCaseHeaders, newId, readBody, sendJson, sendText, unknownErrorBody } from './http';
import { createResearchJob, defaultResearchSunset, type DeprecationStyle, GONE_BODY, renderResearch, researchSnapshot, type ResearchJob } from './research';
import { matchRoute, type RouteMatch } from './routes';
import { defaultQueue, type QueueState, queueStatusBody } from './queue';
import { agentKeysProblem, blocklisted, map as mapRoute, parse as parseRoute, type RunJobs, scrape as scrapeRoute, search as searchRoute } from './runRoutes';
import { readSpikeCredits, refuseTimeRange, type TimeRange, UsageLedger, type UsageSpike, usageBins, validateUsageHours } from './usageBins';
import {
  DEFAULT_FEEDBACK_WINDOW_SECONDS,
  FEEDBACK_MODES,
  PARSE_ACTIVITY_MODES,
  V2_ENDPOINTS,
  type ActivityEntryInit,
  type AgentCancelledReads,
  type AgentListEnd,
  type AgentTimeline,
  type ParseActivity,
  type CreditState,
  type Dialect,
  type Fault,
  type FeedbackIssueStyle,
  type FeedbackMode,
  type FeedbackReceiptForm,
  type FeedbackSubmission,
  type HistoryRow,
  type LoggedRequest,
  type ResearchTimeline,
  type RouteName,
  type SandboxKeys,
  type ShutdownMode,
  type V2Endpoint,
  type V2JobOptions,
} from './types';

export type { QueueState } from './queue';
export type { TimeRange, UsageHour, UsageSpike } from './usageBins';
export type {
  ActivityEntryInit,
  AgentCancelledReads,
  AgentListEnd,
  AgentTimeline,
  ParseActivity,
  ShutdownMode,
  CreditState,
  Dialect,
  Fault,
  FaultKind,
  FeedbackIssueStyle,
  FeedbackMode,
  FeedbackReceiptForm,
  FeedbackSubmission,
  HistoryRow,
  LoggedRequest,
  ResearchTimeline,
  RouteName,
  SandboxKeys,
  V2Endpoint,
  V2JobOptions,
} from './types';

export interface SandboxOptions {
  /** 0 or absent = a free port. */
  port?: number;
  /** Default 'live'. */
  dialect?: Dialect;
  /** Clock in ms, default Date.now. Research progress, the feedback window and refund days follow it. */
  now?: () => number;
  /** Default true: demo credits, history, research jobs and v2 jobs. False: no credits (404), no history, no jobs. */
  seed?: boolean;
  /** Default 'normal'; see FeedbackMode. */
  feedbackMode?: FeedbackMode;
  /** Answer like a self-hosted server: no auth, 500 on credit routes, 503 DB_DISABLED on feedback. */
  selfHosted?: boolean;
  /** How old a job may be when its feedback arrives (the service's FEEDBACK_MAX_AGE_SEC). Default 120. */
  feedbackWindowSeconds?: number;
  /** How INVALID_BODY details are shaped. Default 'flat'. */
  feedbackIssueStyle?: FeedbackIssueStyle;
  /** How parse jobs show in GET /v2/team/activity. Default 'hidden' (not at all). */
  parseActivity?: ParseActivity;
  /**
   * Runs a fresh scrape job this often (real time, not the sandbox clock), as a team that keeps
   * working would: `npm start` uses it so the feedback wizard always has a job to rate. Off by default.
   */
  freshScrapeEveryMs?: number;
}

export interface DemoResearchJobs {
  /** Created at server start, finishes about 2 minutes later. */
  processing: string;
  /** Completed 20 minutes before start, with json. */
  completed: string;
  /** Failed with 'Research job timed out after 300 seconds'. */
  failed: string;
}

export interface DemoAgentJobs {
  /** Started at server start, completes about 2 minutes later (asks for approval on the way). */
  processing: string;
  /** Completed 15 minutes before start, with data. */
  completed: string;
  /** Failed 5 minutes before start. */
  failed: string;
}

export interface ResearchShutdown {
  /** Sandbox-clock instant from which every deep research route answers as shut down. */
  at: number;
  mode: ShutdownMode;
}

export interface DemoV2Jobs {
  /** Created at server start: feedback works for 120 s of sandbox time. */
  scrape: string;
  parse: string;
  map: string;
  search: string;
  /** A search that did not succeed: feedback → 409 SEARCH_FAILED. */
  searchFailed: string;
  /** Ran 10 minutes before start: feedback → 409 FEEDBACK_WINDOW_EXPIRED. */
  expiredScrape: string;
}

export interface Sandbox {
  readonly url: string;
  readonly port: number;
  /** How long a run started through the API runs (default: the timeline's minute). */
  startedAgentDurationMs: number | undefined;
  readonly keys: SandboxKeys;
  /** Switchable at runtime. */
  dialect: Dialect;
  feedbackMode: FeedbackMode;
  selfHosted: boolean;
  feedbackWindowSeconds: number;
  /** How long after its run a search or map job is there for feedback (404 before); 0 unless switched. */
  feedbackRowDelayMs: number;
  feedbackIssueStyle: FeedbackIssueStyle;
  /** What a cancelled agent run reads as afterwards; `cancelled` unless switched. */
  agentCancelledReads: AgentCancelledReads;
  /** How the agent list ends; `noNext` unless switched. */
  agentListEnd: AgentListEnd;
  /** Starting an agent run as an older release does, which knows no `effort` (an unknown key, 400). False unless switched. */
  agentStartWithoutEffort: boolean;
  /** How a self-hosted server refuses the activity list: 501 (`newer`, the default) or an older release's 500 `Failed to fetch activity.` */
  activitySelfHosted: 'newer' | 'older';
  /** Feedback receipts with today's refunds and the cap (`endpoint`, the default) or without them (`target`). */
  feedbackReceiptForm: FeedbackReceiptForm;
  /** A zero-data-retention team: receipts name the all-zero `feedbackId`. False unless switched. */
  feedbackZeroDataRetention: boolean;
  /** What GET /v2/team/queue-status answers. */
  queue: QueueState;
  /** False: no answer allows another origin, as a server of one's own without CORS (browsers refuse its answers). True unless switched. */
  allowsBrowsers: boolean;
  /** The shape of deep research's deprecation signals: the current code's, or an early version's. */
  researchDeprecationStyle: DeprecationStyle;
  /** Fixed ids; they exist only when the sandbox was seeded. */
  readonly demoJobs: DemoResearchJobs;
  readonly demoV2Jobs: DemoV2Jobs;
  readonly demoAgentJobs: DemoAgentJobs;
  /** When set, deep research answers 410 Gone (or Express's 404 page when unmounted) from `at` on. */
  researchShutdown: ResearchShutdown | undefined;
  /** The `Sunset` header of deep research responses (see defaultResearchSunset); undefined sends none. */
  researchSunset: string | undefined;
  /** How parse jobs show in the activity list (switchable at runtime). */
  parseActivity: ParseActivity;
  /** The sandbox clock: options.now() plus any advanceClock offset. */
  now(): number;
  advanceClock(ms: number): void;
  setCredits(c: CreditState | null): void;
  getCredits(): CreditState | null;
  /** Per-key rows; without byApiKey the server sums them per month and omits apiKey. */
  setHistory(periods: HistoryRow[]): void;
  /**
   * The team's usage by hour, where `timeRange=day|week|month` bins come from: these hours and nothing
   * else (no demo rhythm); nothing at all before `since` (a team created then).
   */
  setUsageHours(hours: ReadonlyArray<{ hour: string | number; credits: number }>, since?: string | number): void;
  /**
   * A burst of `credits` (default 1,200) used now, in the current hour: the balance drops by as much.
   * Returns the spike; `clearSpike` takes it back (usage and balance).
   */
  startSpike(credits?: number): UsageSpike;
  clearSpike(): void;
  readonly spike: UsageSpike | undefined;
  /** Leave bins without usage out of timeRange answers (as a grouped query would). Default false. */
  sparseBins: boolean;
  createResearchJob(t?: ResearchTimeline): string;
  /** Starts an agent run, as POST /v2/agent does. */
  createAgentJob(t?: AgentTimeline): string;
  createV2Job(endpoint: V2Endpoint, opts?: V2JobOptions): string;
  /** Adds an entry to GET /v2/team/activity only (any kind, any age, any target); returns its id. */
  addActivity(entry: ActivityEntryInit): string;
  /** Every activity entry still inside the 24-hour window, newest first (what the route pages through). */
  activity(): ReadonlyArray<ActivityRecord>;
  setFeedbackMode(mode: FeedbackMode): void;
  feedbackSubmissions(): ReadonlyArray<FeedbackSubmission>;
  creditsRefundedToday(): number;
  fault(f: Fault): void;
  clearFaults(): void;
  pendingFaults(): ReadonlyArray<Fault & { remaining: number }>;
  /** API requests since the last reset (control requests are never counted). */
  requestCount(route?: RouteName): number;
  requests(): ReadonlyArray<LoggedRequest>;
  /** The requests to `route` since the last reset, oldest first. */
  requestsTo(route: RouteName): ReadonlyArray<LoggedRequest>;
  /** The requests about one job since the last reset (its path ends with the id, in any case), of `route` only if given. */
  requestsAbout(id: string, route?: RouteName): ReadonlyArray<LoggedRequest>;
  resetCounts(): void;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const MAX_LOG = 5000;

class SandboxServer implements Sandbox {
  url = '';
  port = 0;
  readonly keys: SandboxKeys = { ...SANDBOX_KEYS };
  dialect: Dialect;
  feedbackMode: FeedbackMode;
  selfHosted: boolean;
  feedbackWindowSeconds: number;
  feedbackRowDelayMs = 0;
  feedbackIssueStyle: FeedbackIssueStyle;
  agentCancelledReads: AgentCancelledReads = 'cancelled';
  agentListEnd: AgentListEnd = 'noNext';
  agentStartWithoutEffort = false;
  activitySelfHosted: 'newer' | 'older' = 'newer';
  feedbackReceiptForm: FeedbackReceiptForm = 'endpoint';
  feedbackZeroDataRetention = false;
  allowsBrowsers = true;
  researchDeprecationStyle: DeprecationStyle = 'current';
  queue: QueueState;
  readonly demoJobs: DemoResearchJobs = { ...DEMO_RESEARCH_IDS };
  readonly demoAgentJobs: DemoAgentJobs = { ...DEMO_AGENT_IDS };
  researchShutdown: ResearchShutdown | undefined;
  researchSunset: string | undefined;
  parseActivity: ParseActivity;
  readonly demoV2Jobs: DemoV2Jobs = {
    scrape: '9a6e2c4b-1f3d-4e5a-8b7c-0d1e2f3a4b01',
    parse: '9a6e2c4b-1f3d-4e5a-8b7c-0d1e2f3a4b02',
    map: '9a6e2c4b-1f3d-4e5a-8b7c-0d1e2f3a4b03',
    search: '9a6e2c4b-1f3d-4e5a-8b7c-0d1e2f3a4b04',
    searchFailed: '9a6e2c4b-1f3d-4e5a-8b7c-0d1e2f3a4b05',
    expiredScrape: '9a6e2c4b-1f3d-4e5a-8b7c-0d1e2f3a4b06',
  };

  private readonly clock: () => number;
  private offset = 0;
  private credits: CreditState | null = null;
  private history: HistoryRow[] = [];
  private usage: UsageLedger;
  private readonly research = new Map<string, ResearchJob>();
  private readonly agents = new Map<string, AgentRun>();
  /** How long a run started through the API runs (default: the timeline's minute). */
  startedAgentDurationMs: number | undefined;
  private readonly v2Jobs = new Map<string, V2Job>();
  private readonly activityLog = new ActivityLog();
  private freshJobs: ReturnType<typeof setInterval> | undefined;
  private readonly ledger = new FeedbackLedger();
  private readonly faults = new FaultQueue();
  private log: LoggedRequest[] = [];
  private counts = new Map<string, number>();
  private readonly sleepers = new Set<() => void>();
  private readonly server: Server;
  private closing: Promise<void> | undefined;

  constructor(opts: SandboxOptions) {
    this.clock = opts.now ?? Date.now;
    this.dialect = opts.dialect ?? 'live';
    this.feedbackMode = opts.feedbackMode ?? 'normal';
    this.selfHosted = opts.selfHosted ?? false;
    this.feedbackWindowSeconds = opts.feedbackWindowSeconds ?? DEFAULT_FEEDBACK_WINDOW_SECONDS;
    this.feedbackIssueStyle = opts.feedbackIssueStyle ?? 'flat';
    this.queue = defaultQueue(this.clock());
    this.researchSunset = defaultResearchSunset(this.clock());
    this.usage = new UsageLedger(opts.seed ?? true);
    this.parseActivity = opts.parseActivity ?? 'hidden';
    if (!PARSE_ACTIVITY_MODES.includes(this.parseActivity)) throw new Error(`parseActivity must be one of ${PARSE_ACTIVITY_MODES.join(', ')}`);
    if (opts.seed ?? true) this.seed();
    if (opts.freshScrapeEveryMs !== undefined && opts.freshScrapeEveryMs > 0) {
      this.freshJobs = setInterval(() => this.createV2Job('scrape'), Math.max(1_000, opts.freshScrapeEveryMs));
      this.freshJobs.unref?.();
    }
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent && !res.destroyed) sendJson(res, 500, { success: false, error: `Sandbox bug: ${String(error)}` });
      });
    });
  }

  async listen(port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error): void => reject(error);
      this.server.once('error', onError);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', onError);
        resolve();
      });
    });
    this.port = (this.server.address() as AddressInfo).port;
    this.url = `http://127.0.0.1:${this.port}`;
  }

  private seed(): void {
    const now = this.now();
    this.credits = demoCredits(now);
    this.history = demoHistory(now);
    for (const demo of DEMO_RESEARCH) this.addResearch(createResearchJob(demo.id, now - demo.createdAgoMs, demo.timeline));
    for (const demo of DEMO_AGENT) this.addAgent(createAgentRun(demo.id, now - demo.createdAgoMs, demo.timeline));
    // Oldest first, so the activity list's order among jobs of the same instant is the order they ran.
    this.addV2Job(makeV2Job('scrape', now, { ageMs: 10 * 60_000 }, this.demoV2Jobs.expiredScrape));
    this.addV2Job(makeV2Job('search', now, { failed: true }, this.demoV2Jobs.searchFailed));
    for (const endpoint of V2_ENDPOINTS) this.addV2Job(makeV2Job(endpoint, now, {}, this.demoV2Jobs[endpoint]));
  }

  // Every job the sandbox creates is in the activity list from the moment it runs.
  private addResearch(job: ResearchJob): void {
    this.research.set(job.id, job);
    this.activityLog.add({ id: job.id, endpoint: 'deep_research', apiVersion: 'v1', createdAt: job.createdAt, target: job.query });
  }

  private addAgent(run: AgentRun): void {
    this.agents.set(run.id, run);
    this.activityLog.add({ id: run.id, endpoint: 'agent', createdAt: run.createdAt, target: run.prompt });
  }

  private addV2Job(job: V2Job): void {
    this.v2Jobs.set(job.id, job);
    this.activityLog.add({ id: job.id, endpoint: job.endpoint, createdAt: job.createdAt, target: job.target });
  }

  /** How the service lists a job: parse jobs under another kind, as themselves, or not at all. */
  private readonly listing: ListingRule = (r) => {
    if (r.endpoint !== 'parse' || this.parseActivity === 'parse') return r;
    return this.parseActivity === 'scrape' ? { ...r, endpoint: 'scrape' } : undefined;
  };

  now(): number {
    return this.clock() + this.offset;
  }

  advanceClock(ms: number): void {
    if (!Number.isFinite(ms)) throw new Error('advanceClock needs a finite number of ms');
    this.offset += ms;
  }

  setCredits(c: CreditState | null): void {
    this.credits = validateCredits(c);
  }

  getCredits(): CreditState | null {
    return this.credits ? { ...this.credits } : null;
  }

  setHistory(periods: HistoryRow[]): void {
    this.history = validateHistory(periods);
  }

  setUsageHours(hours: ReadonlyArray<{ hour: string | number; credits: number }>, since?: string | number): void {
    const parsed = validateUsageHours(hours);
    const from = since === undefined ? undefined : typeof since === 'number' ? since : Date.parse(since);
    if (from !== undefined && !Number.isFinite(from)) throw new Error('since must be an ISO date or epoch ms');
    this.usage.setHours(parsed, from);
  }

  get spike(): UsageSpike | undefined {
    return this.usage.spike ? { ...this.usage.spike } : undefined;
  }

  get sparseBins(): boolean {
    return this.usage.sparse;
  }

  set sparseBins(value: boolean) {
    this.usage.sparse = value;
  }

  startSpike(credits?: number): UsageSpike {
    this.clearSpike();
    const spike = { at: this.now(), credits: readSpikeCredits(credits) };
    this.usage.spike = spike;
    if (this.credits) this.credits = { ...this.credits, remainingCredits: this.credits.remainingCredits - spike.credits };
    return { ...spike };
  }

  clearSpike(): void {
    const spike = this.usage.spike;
    if (!spike) return;
    this.usage.spike = undefined;
    if (this.credits) this.credits = { ...this.credits, remainingCredits: this.credits.remainingCredits + spike.credits };
  }

  createResearchJob(t: ResearchTimeline = {}): string {
    const id = newId();
    this.addResearch(createResearchJob(id, this.now(), t));
    return id;
  }

  createAgentJob(t: AgentTimeline = {}): string {
    const id = newId();
    this.addAgent(createAgentRun(id, this.now(), t));
    return id;
  }

  createV2Job(endpoint: V2Endpoint, opts: V2JobOptions = {}): string {
    if (!V2_ENDPOINTS.includes(endpoint)) throw new Error(`endpoint must be one of ${V2_ENDPOINTS.join(', ')}`);
    const job = makeV2Job(endpoint, this.now(), opts);
    this.addV2Job(job);
    return job.id;
  }

  addActivity(entry: ActivityEntryInit): string {
    return this.activityLog.addEntry(validateActivityEntry(entry), this.now()).id;
  }

  activity(): ReadonlyArray<ActivityRecord> {
    return this.activityLog.visible(this.now(), this.listing);
  }

  setFeedbackMode(mode: FeedbackMode): void {
    if (!FEEDBACK_MODES.includes(mode)) throw new Error(`feedback mode must be one of ${FEEDBACK_MODES.join(', ')}`);
    this.feedbackMode = mode;
  }

  feedbackSubmissions(): ReadonlyArray<FeedbackSubmission> {
    return [...this.ledger.submissions];
  }

  creditsRefundedToday(): number {
    return this.ledger.refundedOn(this.now());
  }

  fault(f: Fault): void {
    this.faults.add(f);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  pendingFaults(): ReadonlyArray<Fault & { remaining: number }> {
    return this.faults.pending();
  }

  requestCount(route?: RouteName): number {
    if (route) return this.counts.get(route) ?? 0;
    let total = 0;
    for (const [name, n] of this.counts) if (name !== 'control') total += n;
    return total;
  }

  requests(): ReadonlyArray<LoggedRequest> {
    return [...this.log];
  }

  requestsTo(route: RouteName): ReadonlyArray<LoggedRequest> {
    return this.log.filter((r) => r.route === route);
  }

  requestsAbout(id: string, route?: RouteName): ReadonlyArray<LoggedRequest> {
    const end = id.toLowerCase();
    return this.log.filter((r) => (route === undefined || r.route === route) && r.path.toLowerCase().endsWith(end));
  }

  resetCounts(): void {
    this.log = [];
    this.counts = new Map();
  }

  close(): Promise<void> {
    if (this.freshJobs) clearInterval(this.freshJobs);
    this.freshJobs = undefined;
    if (!this.closing) {
      this.closing = new Promise<void>((resolve) => {
        for (const wake of [...this.sleepers]) wake();
        this.server.close(() => resolve());
        this.server.closeAllConnections();
      });
    }
    return this.closing;
  }

  /** Resolves true after `ms`, or false at once if the client goes away or the server closes. */
  private sleep(ms: number, res: ServerResponse): Promise<boolean> {
    return new Promise((resolve) => {
      const finish = (ok: boolean): void => {
        clearTimeout(timer);
        res.off('close', onClose);
        this.sleepers.delete(wake);
        resolve(ok);
      };
      const wake = (): void => finish(false);
      const onClose = (): void => finish(false);
      const timer = setTimeout(() => finish(!res.destroyed), ms);
      this.sleepers.add(wake);
      res.on('close', onClose);
      if (this.closing) finish(false);
    });
  }

  private record(entry: LoggedRequest): void {
    this.log.push(entry);
    if (this.log.length > MAX_LOG) this.log.splice(0, this.log.length - MAX_LOG);
    this.counts.set(entry.route, (this.counts.get(entry.route) ?? 0) + 1);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = this.now();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    // The service runs Express's cors() with its defaults, so a browser extension host (a web
    // worker on another origin) may call it; like cors(), preflights are answered before routing
    // and are not API requests. Only CORS-safelisted response headers reach such a caller.
    if (this.allowsBrowsers && answerCors(req, res, method)) return;
    const isControl = url.pathname === '/__sandbox' || url.pathname.startsWith('/__sandbox/');
    const match = isControl ? null : matchRoute(method, url.pathname);
    const headers = lowerCaseHeaders(req);

    let text: string;
    try {
      text = (await readBody(req, MAX_BODY_BYTES)).toString('utf8');
    } catch (error) {
      if (error instanceof BodyTooLargeError) sendJson(res, 413, { success: false, error: 'Request body too large' });
      else res.destroy();
      return;
    }
    let parsed: unknown;
    let parseFailed = false;
    if (text.length > 0) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parseFailed = true;
      }
    }
    this.record({
      method,
      path: url.pathname,
      query: url.search.slice(1),
      route: isControl ? 'control' : (match?.name ?? 'unknown'),
      headers,
      ...(text.length > 0 ? { body: parseFailed ? text : parsed } : {}),
      at,
    });

    if (isControl) {
      handleControl(this, { method, path: url.pathname, query: url.searchParams, body: parsed, bodyInvalid: parseFailed }, res);
      return;
    }
    if (!match) {
      sendText(res, 404, expressNotFound(method, url.pathname), 'text/html; charset=utf-8');
      return;
    }

    const shutdown = this.researchShutdown;
    if (match.name === 'deepResearch' && shutdown && this.now() >= shutdown.at) {
      if (shutdown.mode === 'gone') sendJson(res, 410, GONE_BODY);
      else sendText(res, 404, expressNotFound(method, url.pathname), 'text/html; charset=utf-8');
      return;
    }

    const fault = this.faults.take(match.name);
    if (fault) {
      const outcome = await applyFault(fault, { req, res, route: match.name, dialect: this.dialect, now: this.now(), sleep: (ms) => this.sleep(ms, res) });
      if (outcome === 'handled') return;
    }

    // Like express.json({ strict: true }): only JSON content types are parsed, only objects/arrays accepted.
    let body: unknown = {};
    if (/json/i.test(headers['content-type'] ?? '') && text.length > 0) {
      if (parseFailed || typeof parsed !== 'object' || parsed === null) {
        sendJson(res, 400, { success: false, code: 'BAD_REQUEST_INVALID_JSON', error: 'Bad request, malformed JSON' });
        return;
      }
      body = parsed;
    }

    if (!this.selfHosted) {
      const auth = authenticate(headers.authorization, match.name);
      if (!auth.ok) {
        sendJson(res, auth.status, auth.body);
        return;
      }
    }
    if (match.name === 'parse') {
      const r = parseRoute(text, headers['content-type'] ?? '', this.runJobs);
      sendJson(res, r.status, r.body);
      return;
    }
    this.dispatch(match, url.searchParams, body, res);
  }

  private dispatch(match: RouteMatch, query: URLSearchParams, body: unknown, res: ServerResponse): void {
    switch (match.name) {
      case 'creditUsage': {
        const r = creditUsage(this.credits, this.selfHosted);
        sendJson(res, r.status, r.body);
        return;
      }
      case 'queueStatus': {
        sendJson(res, 200, queueStatusBody(this.queue, this.now()));
        return;
      }
      case 'creditUsageV1': {
        const r = creditUsageV1(this.credits, this.selfHosted);
        sendJson(res, r.status, r.body);
        return;
      }
      case 'creditUsageHistorical': {
        const timeRange = query.get('timeRange');
        // Checked before billing: a self-hosted server refuses a bad one too.
        const refused = refuseTimeRange({ timeRange, byApiKey: query.get('byApiKey'), timeRangeCount: query.getAll('timeRange').length });
        const r =
          refused ??
          (timeRange === null
            ? creditUsageHistorical(this.history, query.get('byApiKey'), this.dialect, this.selfHosted)
            : usageBins(this.usage, timeRange as TimeRange, this.now(), this.dialect, this.selfHosted));
        sendJson(res, r.status, r.body);
        return;
      }
      case 'deepResearch': {
        // Self-hosted servers answer every id as not found, with the deprecation fields.
        const job = this.selfHosted ? undefined : this.research.get(match.id ?? '');
        const r = renderResearch(job ? researchSnapshot(job, this.now()) : null, this.dialect, this.researchSunset ? { Sunset: this.researchSunset } : {}, this.researchDeprecationStyle);
        sendJson(res, r.status, r.body, r.headers);
        return;
      }
      case 'agentStart': {
        const refused = agentKeysProblem(body, this.agentStartWithoutEffort);
        if (refused) {
          sendJson(res, refused.status, refused.body);
          return;
        }
        // Self-hosted servers cannot start a run: their generic 500.
        if (this.selfHosted) {
          sendJson(res, 500, unknownErrorBody());
          return;
        }
        const start = readAgentStart(body);
        if (!start.ok) sendJson(res, 400, { success: false, error: start.error });
        else sendJson(res, 200, { success: true, id: this.createAgentJob({ ...start.timeline, ...(this.startedAgentDurationMs === undefined ? {} : { durationMs: this.startedAgentDurationMs }) }) });
        return;
      }
      case 'agentStatus': {
        // Self-hosted servers know no runs: status and cancel are 404.
        const status = this.selfHosted ? null : agentStatusBody(this.agents.get(match.id ?? ''), this.now(), this.agentCancelledReads);
        if (status) sendJson(res, 200, status);
        else sendJson(res, 404, { success: false, error: 'Agent job not found' });
        return;
      }
      case 'agentCancel': {
        const answer = cancelAgentRun(this.selfHosted ? undefined : this.agents.get(match.id ?? ''), this.now());
        sendJson(res, answer.status, answer.body);
        return;
      }
      case 'agentList': {
        if (this.selfHosted) {
          sendJson(res, 501, { success: false, error: 'This endpoint is only available if the database is configured.' });
          return;
        }
        const before = readAgentBefore(query.get('before'));
        if (query.has('before') && before === undefined) {
          sendJson(res, 400, { success: false, error: 'Invalid before timestamp.' });
          return;
        }
        sendJson(res, 200, agentListBody(this.agents.values(), before, this.now(), this.url, this.agentListEnd));
        return;
      }
      case 'activity': {
        if (this.selfHosted) {
          if (this.activitySelfHosted === 'older') sendJson(res, 500, { success: false, error: 'Failed to fetch activity.' });
          else sendJson(res, 501, { success: false, error: 'Activity is only available when ClickHouse is configured.' });
          return;
        }
        const r = this.activityLog.query(query, this.now(), this.dialect, this.listing);
        sendJson(res, r.status, r.body);
        return;
      }
      case 'scrape':
      case 'search':
      case 'map': {
        const route = match.name === 'scrape' ? scrapeRoute : match.name === 'search' ? searchRoute : mapRoute;
        const r = (match.name !== 'search' ? blocklisted(body, this.selfHosted) : undefined) ?? route(body, this.runJobs);
        sendJson(res, r.status, r.body);
        return;
      }
      case 'feedback': {
        const r = this.ledger.submit(body, this.feedbackContext());
        sendJson(res, r.status, r.body);
        return;
      }
      case 'searchFeedback': {
        const r = this.ledger.submitSearch(match.id ?? '', body, this.feedbackContext());
        sendJson(res, r.status, r.body);
        return;
      }
    }
  }

  /** A run from the editor: a job feedback can name, in the activity list, its credits charged. */
  private readonly runJobs: RunJobs = {
    run: (endpoint, target, credits) => {
      const id = this.createV2Job(endpoint, { target, costCredits: credits });
      if (this.credits) this.credits = { ...this.credits, remainingCredits: this.credits.remainingCredits - credits };
      return id;
    },
  };

  private feedbackContext(): FeedbackContext {
    return {
      now: this.now(),
      mode: this.feedbackMode,
      windowMs: this.feedbackWindowSeconds * 1000,
      rowDelayMs: this.feedbackRowDelayMs,
      issueStyle: this.feedbackIssueStyle,
      receiptForm: this.feedbackReceiptForm,
      zeroDataRetention: this.feedbackZeroDataRetention,
      selfHosted: this.selfHosted,
      findJob: (id) => this.v2Jobs.get(id),
      refund: (credits) => {
        if (this.credits) this.credits = { ...this.credits, remainingCredits: this.credits.remainingCredits + credits };
      },
    };
  }
}

/** Express's default answer for a route nobody mounted. */
function expressNotFound(method: string, pathname: string): string {
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot ${method} ${escapeHtml(pathname)}</pre>\n</body>\n</html>\n`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const sandbox = new SandboxServer(opts);
  await sandbox.listen(opts.port ?? 0);
  return sandbox;
}
