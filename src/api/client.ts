// The one typed client for the four Firecrawl operations this extension uses.
// No `vscode`, no Node built-ins: it runs unchanged in a browser extension host.
import type * as z from 'zod/mini';
import { type FirecrawlError, InvalidRequestError, InvalidResponseError, type Operation } from './errors';
import type { FeedbackRequest } from './feedback';
import { isJobId } from '../shared/jobIds';
import { type CallOptions, Transport, type TransportOptions } from './http';
import { readDeprecation } from './deprecation';
import type { AgentJob, CreditUsage, FeedbackReceipt, ResearchJob, UsageHistory } from './model';
import { USAGE_TIME_RANGES, type UsageBins, type UsageTimeRange } from './model';
import { rules } from './rules';

export const DEFAULT_API_URL = 'https://api.firecrawl.dev';

export interface ClientOptions extends Omit<TransportOptions, 'userAgent'> {
  /** e.g. `firecrawl-vscode`; sent in User-Agent and as the feedback `origin`. */
  clientName: string;
  clientVersion: string;
}

export class FirecrawlClient {
  private readonly transport: Transport;
  private readonly origin: string;

  private readonly secret: () => string | undefined;

  constructor(options: ClientOptions) {
    this.secret = options.apiKey;
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
      throw new InvalidRequestError({ operation: 'creditUsageHistory', problems: [{ path: 'timeRange', message: `'${String(timeRange).slice(0, 20)}' is not one of ${USAGE_TIME_RANGES.join(', ')}` }] });
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
    const raw = await this.transport.request({ ...options, operation: 'researchJob', method: 'GET', path: `/v1/deep-research/${encodeURIComponent(jobId)}` });
    const job = rules().normalizeResearchJob(jobId, this.validate('researchJob', rules().schemas().researchJobResponse, raw.body, raw.status));
    const deprecation = readDeprecation(raw.headers, raw.body, this.secret());
    if (deprecation) job.deprecation = deprecation;
    return job;
  }

  /** An agent run; a failed one (HTTP 200, `success:false`) is a result with status `failed`. */
  async getAgentJob(id: string, options: CallOptions = {}): Promise<AgentJob> {
    const jobId = this.checkedJobId('agentJob', id);
    const raw = await this.transport.request({ ...options, operation: 'agentJob', method: 'GET', path: `/v2/agent/${encodeURIComponent(jobId)}` });
    return rules().normalizeAgentJob(jobId, this.validate('agentJob', rules().schemas().agentJobResponse, raw.body, raw.status));
  }

  /** Asks the service to stop a run; never retried. The run says `cancelled` on its next read. */
  async cancelAgentJob(id: string, options: CallOptions = {}): Promise<void> {
    const jobId = this.checkedJobId('agentCancel', id);
    const raw = await this.transport.request({ ...options, operation: 'agentCancel', method: 'DELETE', path: `/v2/agent/${encodeURIComponent(jobId)}` });
    this.validate('agentCancel', rules().schemas().agentCancelResponse, raw.body, raw.status);
  }

  private checkedJobId(operation: Operation, id: string): string {
    const jobId = id.trim();
    if (!isJobId(jobId)) {
      throw new InvalidRequestError({ operation, problems: [{ path: 'id', message: `'${jobId.slice(0, 60)}' is not a job id (a UUID such as 3f2b…-…)` }] });
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
    const raw = await this.transport.request({ ...options, operation: 'feedback', method: 'POST', path: '/v2/feedback', body });
    return rules().normalizeFeedbackReceipt(this.validate('feedback', rules().schemas().feedbackReceiptResponse, raw.body, raw.status));
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
