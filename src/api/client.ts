// The one typed client for the four Firecrawl operations this extension uses.
// No `vscode`, no Node built-ins: it runs unchanged in a browser extension host.
import * as l10n from '@vscode/l10n';
import type * as z from 'zod/mini';
import { BadRequestError, CancelledError, type FirecrawlError, InvalidRequestError, InvalidResponseError, isFirecrawlError, type Operation } from './errors';
import type { FeedbackRequest } from './feedback';
import { isJobId } from '../shared/jobIds';
import { type CallOptions, Transport, type TransportOptions } from './http';
import { readDeprecation } from './deprecation';
import { isActivityFilter } from './activity';
import type { ActivityList, AgentJob, AgentRunList, AgentStarted, CreditUsage, FeedbackReceipt, MapResult, QueueStatus, ResearchJob, ScrapeResult, SearchResult, UsageHistory } from './model';
import type { MultipartBody } from './multipart';
import { type AgentStartRequest, type MapRequest, RUN_INTEGRATION, type RunOrigin, type ScrapeRequest, type SearchRequest } from './run';
import { USAGE_TIME_RANGES, type UsageBins, type UsageTimeRange } from './model';
import { redact, type Secrets } from './redact';
import { rules } from './rules';

export const DEFAULT_API_URL = 'https://api.firecrawl.dev';

/** Whether `url` is the hosted service rather than a server of one's own. */
export function isDefaultApiUrl(url: string): boolean {
  return url.replace(/\/+$/, '') === DEFAULT_API_URL;
}
/** How long a search or map job takes to be there for feedback after its run, about. */
const JOB_ROW_WAIT_MS = 1_000;

/** How much longer than the service's own `timeout` the client waits, so the service's 408 arrives first. */
const RUN_TIMEOUT_MARGIN_MS = 15_000;
/**
 * The client's clock for a parse starts before its upload (fetch tells nothing of upload progress):
 * it also allows for sending the file at 1 Mbit/s, so a 50 MB file on a slow link is not given up
 * while the service, which got it whole, goes on and bills.
 */
const SLOW_UPLINK_BYTES_PER_MS = 125;
/** Search and map crawl before answering: longer than a read's 30 s. */
const RUN_CALL_TIMEOUT_MS = 120_000;
/**
 * A run's answer is the result it paid for: a 50 MB file's Markdown, a map of 100,000 links (about
 * 20 MB). Refused whole it would be paid for and lost, so its cap is well above the reads' 5 MB.
 */
export const RUN_MAX_BODY_BYTES = 128 * 1024 * 1024;

export interface ActivityQuery extends CallOptions {
  /** One of the route's kinds (`ACTIVITY_FILTERS`); absent lists every kind. */
  endpoint?: string;
  /** Entries a page, 1–100 (default 50). */
  limit?: number;
  /** At most this many pages are read (default 1): the rest is reported as `truncated`. */
  maxPages?: number;
  /** Paging stops once a page reaches entries older than this (epoch ms). */
  since?: number;
}

export interface AgentListQuery extends CallOptions {
  /** At most this many pages of 20 are read (default 1). */
  maxPages?: number;
  /** Paging stops once a page reaches runs older than this (epoch ms). */
  since?: number;
}

/** Whether the oldest of `times` (ISO) is before `since`. */
function reaches(times: ReadonlyArray<string | null>, since: number | undefined): boolean {
  if (since === undefined) return false;
  return times.some((t) => t !== null && Date.parse(t) < since);
}

export interface ClientOptions extends Omit<TransportOptions, 'userAgent'> {
  /** e.g. `firecrawl-vscode`; sent in User-Agent and as the feedback `origin`. */
  clientName: string;
  clientVersion: string;
}

export class FirecrawlClient {
  private readonly transport: Transport;
  private readonly origin: string;

  constructor(options: ClientOptions) {
    this.origin = `${options.clientName}@${options.clientVersion}`;
    this.transport = new Transport({ ...options, userAgent: `${options.clientName}/${options.clientVersion}` });
  }

  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  async getCreditUsage(options: CallOptions = {}): Promise<CreditUsage> {
    const raw = await this.transport.request({ ...options, operation: 'creditUsage', method: 'GET', path: '/v2/team/credit-usage' });
    return rules().normalizeCreditUsage(this.validate('creditUsage', rules().schemas().creditUsageResponse, raw.body, raw.status));
  }

  /** The team's active and waiting jobs against its plan's concurrency. */
  async getQueueStatus(options: CallOptions = {}): Promise<QueueStatus> {
    const raw = await this.transport.request({ ...options, operation: 'queueStatus', method: 'GET', path: '/v2/team/queue-status' });
    return rules().normalizeQueueStatus(this.validate('queueStatus', rules().schemas().queueStatusResponse, raw.body, raw.status));
  }

  async getCreditUsageHistory(byApiKey: boolean, options: CallOptions = {}): Promise<UsageHistory> {
    const raw = await this.transport.request({
      ...options,
      operation: 'creditUsageHistory',
      method: 'GET',
      path: '/v2/team/credit-usage/historical',
      // The service reads exactly the string 'true'; the official SDK sends nothing otherwise.
      ...(byApiKey ? { query: { byApiKey: 'true' } } : {}),
    });
    const body = this.validate('creditUsageHistory', rules().schemas().usageHistoryResponse, raw.body, raw.status);
    const missing = rules().missingCreditsPath(body);
    if (missing) throw new InvalidResponseError({ operation: 'creditUsageHistory', status: raw.status, path: missing, problem: 'expected a number (creditsUsed or totalCredits), but it is missing' });
    return rules().normalizeUsageHistory(body, byApiKey);
  }

  /**
   * Usage in bins: hourly over the last 24 hours (`day`), daily over the last 7 or 30 days (`week`,
   * `month`). The service refuses it per API key, so this asks for the team only.
   */
  async getCreditUsageBins(timeRange: UsageTimeRange, options: CallOptions = {}): Promise<UsageBins> {
    if (!USAGE_TIME_RANGES.includes(timeRange)) {
      const message = l10n.t("'{0}' is not one of {1}", String(timeRange).slice(0, 20), USAGE_TIME_RANGES.join(', '));
      throw new InvalidRequestError({ operation: 'creditUsageHistory', problems: [{ path: 'timeRange', message }] });
    }
    const raw = await this.transport.request({
      ...options,
      operation: 'creditUsageHistory',
      method: 'GET',
      path: '/v2/team/credit-usage/historical',
      query: { timeRange },
    });
    const body = this.validate('creditUsageHistory', rules().binSchemas().usageBinsResponse, raw.body, raw.status);
    const missing = rules().missingBinCreditsPath(body);
    if (missing) throw new InvalidResponseError({ operation: 'creditUsageHistory', status: raw.status, path: missing, problem: 'expected a number (creditsUsed or totalCredits), but it is missing' });
    return rules().normalizeUsageBins(body, timeRange);
  }

  /** A failed job (HTTP 200, `success:false`) is a result with status `failed`, not an error. */
  async getResearchJob(id: string, options: CallOptions = {}): Promise<ResearchJob> {
    const jobId = this.checkedJobId('researchJob', id);
    // What a job found is paid for, like a run's answer: a big one is read whole, not refused at every poll.
    const raw = await this.transport.request({ ...options, maxBodyBytes: RUN_MAX_BODY_BYTES, operation: 'researchJob', method: 'GET', path: `/v1/deep-research/${encodeURIComponent(jobId)}` });
    const job = rules().normalizeResearchJob(jobId, this.validate('researchJob', rules().schemas().researchJobResponse, raw.body, raw.status));
    const deprecation = readDeprecation(raw.headers, raw.body, raw.secrets);
    if (deprecation) job.deprecation = deprecation;
    return job;
  }

  /** An agent run; a failed one (HTTP 200, `success:false`) is a result with status `failed`. */
  async getAgentJob(id: string, options: CallOptions = {}): Promise<AgentJob> {
    const jobId = this.checkedJobId('agentJob', id);
    const raw = await this.transport.request({ ...options, maxBodyBytes: RUN_MAX_BODY_BYTES, operation: 'agentJob', method: 'GET', path: `/v2/agent/${encodeURIComponent(jobId)}` });
    return rules().normalizeAgentJob(jobId, this.validate('agentJob', rules().schemas().agentJobResponse, raw.body, raw.status));
  }

  /** Asks the service to stop a run; never retried. The run says `cancelled` on its next read. */
  async cancelAgentJob(id: string, options: CallOptions = {}): Promise<void> {
    const jobId = this.checkedJobId('agentCancel', id);
    const raw = await this.transport.request({ ...options, operation: 'agentCancel', method: 'DELETE', path: `/v2/agent/${encodeURIComponent(jobId)}` });
    this.validate('agentCancel', rules().schemas().agentCancelResponse, raw.body, raw.status);
  }

  /**
   * The team's jobs of the last 24 hours, newest first, read page by page up to `maxPages`. Entries
   * of kinds this client does not know are kept; an entry repeated across pages is kept once.
   */
  async listActivity(query: ActivityQuery = {}): Promise<ActivityList> {
    const { endpoint, limit = 50, maxPages = 1, since, ...call } = query;
    if (endpoint !== undefined && !isActivityFilter(endpoint)) {
      const message = l10n.t("'{0}' is not a kind the activity list can be filtered by", endpoint.slice(0, 40));
      throw new InvalidRequestError({ operation: 'activity', problems: [{ path: 'endpoint', message }] });
    }
    const size = String(Math.min(100, Math.max(1, Math.floor(limit) || 1)));
    const entries: ActivityList['entries'] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < Math.max(1, maxPages); page++) {
      const raw = await this.transport.request({
        ...call,
        operation: 'activity',
        method: 'GET',
        path: '/v2/team/activity',
        query: { ...(endpoint ? { endpoint } : {}), limit: size, ...(cursor ? { cursor } : {}) },
      });
      const body = this.validate('activity', rules().listSchemas().activityResponse, raw.body, raw.status);
      const fresh = body.data.map(rules().normalizeActivityEntry).filter((e) => !seen.has(e.id) && seen.add(e.id));
      entries.push(...fresh);
      // A cursor that does not move would page forever: the server is done, whatever it says.
      const next = body.has_more === true && body.cursor && body.cursor !== cursor ? body.cursor : undefined;
      if (
        !next ||
        reaches(
          fresh.map((e) => e.createdAt),
          since,
        )
      )
        return { entries, truncated: false };
      cursor = next;
    }
    return { entries, truncated: true };
  }

  /** The team's agent runs, newest first, following the service's `next` page by page up to `maxPages`. */
  async listAgentJobs(query: AgentListQuery = {}): Promise<AgentRunList> {
    const { maxPages = 1, since, ...call } = query;
    const runs: AgentRunList['runs'] = [];
    const seen = new Set<string>();
    let before: string | undefined;
    for (let page = 0; page < Math.max(1, maxPages); page++) {
      const raw = await this.transport.request({ ...call, operation: 'agentList', method: 'GET', path: '/v2/agent', ...(before ? { query: { before } } : {}) });
      const body = this.validate('agentList', rules().listSchemas().agentListResponse, raw.body, raw.status);
      const fresh = body.agents.map(rules().normalizeAgentRunSummary).filter((r) => !seen.has(r.id) && seen.add(r.id));
      // A run is named by its job id: an entry whose id is not one can be neither read nor followed,
      // and its id would reach a view, a hover or an AI agent as if it were one.
      runs.push(...fresh.filter((r) => isJobId(r.id)));
      const next = rules().nextAgentPage(body.next, fresh, this.baseUrl);
      if (
        !next ||
        next === before ||
        fresh.length === 0 ||
        reaches(
          fresh.map((r) => r.createdAt),
          since,
        )
      )
        return { runs, truncated: false };
      before = next;
    }
    return { runs, truncated: true };
  }

  /**
   * Who sends: every POST that runs work carries both (the service refuses `vscode` without `_`).
   * The bodies come built and checked by api/run.ts.
   */
  get runOrigin(): RunOrigin {
    return { integration: RUN_INTEGRATION, origin: this.origin };
  }

  /**
   * One page as Markdown. Never retried (a retry could bill twice); the service gets `timeoutMs`
   * and the transport waits a little longer than that, so the service's own 408 arrives first.
   */
  async scrape(request: ScrapeRequest, call: CallOptions = {}): Promise<ScrapeResult> {
    const body = { ...request, ...this.runOrigin };
    const raw = await this.transport.request({
      ...call,
      timeoutMs: body.timeout + RUN_TIMEOUT_MARGIN_MS,
      maxBodyBytes: RUN_MAX_BODY_BYTES,
      operation: 'scrape',
      method: 'POST',
      path: '/v2/scrape',
      body,
    });
    return rules().normalizeScrape(this.ran('scrape', rules().runSchemas().scrapeResponse, raw));
  }

  /** The raw route: the official SDK drops the `id` that feedback needs. */
  async search(request: SearchRequest, call: CallOptions = {}): Promise<SearchResult> {
    const body = { ...request, ...this.runOrigin };
    const raw = await this.transport.request({
      ...call,
      timeoutMs: call.timeoutMs ?? RUN_CALL_TIMEOUT_MS,
      maxBodyBytes: RUN_MAX_BODY_BYTES,
      operation: 'search',
      method: 'POST',
      path: '/v2/search',
      body,
    });
    return rules().normalizeSearch(this.ran('search', rules().runSchemas().searchResponse, raw));
  }

  async map(request: MapRequest, call: CallOptions = {}): Promise<MapResult> {
    const body = { ...request, ...this.runOrigin };
    const raw = await this.transport.request({ ...call, timeoutMs: call.timeoutMs ?? RUN_CALL_TIMEOUT_MS, maxBodyBytes: RUN_MAX_BODY_BYTES, operation: 'map', method: 'POST', path: '/v2/map', body });
    return rules().normalizeMap(this.ran('map', rules().runSchemas().mapResponse, raw));
  }

  /**
   * A file as Markdown: the service's multipart upload, built by api/run.ts `parseBody` (with this
   * client's `runOrigin`). The answer has the scrape shape; its `scrapeId` rates it as `parse`.
   * Never retried.
   */
  async parse(upload: MultipartBody, timeoutMs: number, call: CallOptions = {}): Promise<ScrapeResult> {
    const raw = await this.transport.request({
      ...call,
      timeoutMs: timeoutMs + RUN_TIMEOUT_MARGIN_MS + Math.ceil(upload.bytes.byteLength / SLOW_UPLINK_BYTES_PER_MS),
      maxBodyBytes: RUN_MAX_BODY_BYTES,
      operation: 'parse',
      method: 'POST',
      path: '/v2/parse',
      upload,
    });
    return rules().normalizeScrape(this.ran('parse', rules().runSchemas().scrapeResponse, raw));
  }

  /** Starts an agent run; `maxCredits` is always sent, since nothing previews a run's cost. */
  async startAgent(request: AgentStartRequest, call: CallOptions = {}): Promise<AgentStarted> {
    const body = { ...request, ...this.runOrigin };
    const raw = await this.transport.request({ ...call, operation: 'agentStart', method: 'POST', path: '/v2/agent', body });
    const started = rules().normalizeAgentStart(this.ran('agentStart', rules().runSchemas().agentStartResponse, raw));
    if (!started) throw new InvalidResponseError({ operation: 'agentStart', status: raw.status, path: 'id', problem: 'expected the id of the run (a UUID), but it is missing or not one' });
    return started;
  }

  /**
   * A 200 with `success:false` is the service saying it could not: an error with its words, read
   * before the route's schema, which such a body need not satisfy.
   */
  private ran<T extends z.ZodMiniType>(operation: Operation, schema: T, { body, status, secrets }: { body: unknown; status: number; secrets: Secrets }): z.infer<T> {
    const failed = rules().runSchemas().unsuccessfulResponse.safeParse(body);
    // Redacted as an error answer's text is: the key sent, and anything shaped like a key or a bearer token.
    if (failed.success) throw new BadRequestError({ operation, status, serviceBody: true, ...(failed.data.error ? { serverMessage: redact(failed.data.error, secrets).slice(0, 500) } : {}) });
    return this.validate(operation, schema, body, status);
  }

  private checkedJobId(operation: Operation, id: string): string {
    const jobId = id.trim();
    if (!isJobId(jobId)) {
      const message = l10n.t("'{0}' is not a job id (a UUID such as 3f2b…-…)", jobId.slice(0, 60));
      throw new InvalidRequestError({ operation, problems: [{ path: 'id', message }] });
    }
    return jobId;
  }

  /** What feedback is sent with when the request names no origin of its own. */
  get feedbackOrigin(): string {
    return this.origin;
  }

  /**
   * Sends feedback already checked by `submitFeedback` (api/feedback/submit.ts, which holds the
   * service's rules and is bundled only with the wizard). Never retried: a repeat could not refund
   * twice, but it would turn a real answer into "already submitted".
   */
  async sendCheckedFeedback(body: FeedbackRequest, options: CallOptions = {}): Promise<FeedbackReceipt> {
    const send = async () => {
      const raw = await this.transport.request({ ...options, operation: 'feedback', method: 'POST', path: '/v2/feedback', body });
      return rules().normalizeFeedbackReceipt(this.validate('feedback', rules().schemas().feedbackReceiptResponse, raw.body, raw.status));
    };
    try {
      return await send();
    } catch (error) {
      // The service writes search and map jobs in the background: rated right after the run, the job may not be
      // there yet. A 404 recorded nothing, so one more try is safe.
      const notYet =
        (body.endpoint === 'search' || body.endpoint === 'map') &&
        isFirecrawlError(error) &&
        error.kind === 'feedback' &&
        error.status === 404 &&
        /^(JOB|SEARCH)_NOT_FOUND$/.test(error.feedbackErrorCode);
      if (!notYet) throw error;
      await this.transport.wait(JOB_ROW_WAIT_MS, options.signal).catch(() => {
        throw new CancelledError({ operation: 'feedback' });
      });
      return send();
    }
  }

  private validate<T extends z.ZodMiniType>(operation: Operation, schema: T, body: unknown, status: number): z.infer<T> {
    const result = schema.safeParse(body);
    if (result.success) return result.data;
    // Parse again only on failure, keeping the offending input so the message can say what came.
    const detailed = schema.safeParse(body, { reportInput: true });
    const { path, problem } = rules().describeIssue(detailed.success ? result.error : detailed.error);
    throw new InvalidResponseError({ operation, status, path, problem });
  }
}

export type { FirecrawlError };
