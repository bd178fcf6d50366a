// POST /v2/feedback (and /v2/search/:id/feedback): v2 jobs that feedback can refer to, the checks
// after the schema in the service's order, refunds and the daily refund cap.
import { newId, utcDay } from './http';
import { validateEndpointFeedback, validateSearchFeedback, UUID_PATTERN, type ValidationResult } from './feedbackRules';
import { DEFAULT_FEEDBACK_WINDOW_SECONDS, type FeedbackIssueStyle, type FeedbackMode, type FeedbackReceiptForm, type FeedbackSubmission, type V2Endpoint, type V2JobOptions } from './types';
import type { Issue } from './feedbackRules';

/** The default window; a sandbox can be given another (`feedbackWindowSeconds`), as a deployment can. */
export const FEEDBACK_WINDOW_MS = DEFAULT_FEEDBACK_WINDOW_SECONDS * 1000;
const DEFAULT_COST: Record<V2Endpoint, number> = { scrape: 5, parse: 8, map: 1, search: 2 };
const DAILY_CAP: Record<V2Endpoint, number> = { scrape: 50, parse: 50, map: 50, search: 100 };
const SCRAPE_REFUND_CAP = 25;
/** The id a zero-data-retention team's feedback gets: accepted, not stored. */
export const NOT_STORED_FEEDBACK_ID = '00000000-0000-0000-0000-000000000000';

export interface V2Job {
  id: string;
  endpoint: V2Endpoint;
  createdAt: number;
  failed: boolean;
  costCredits: number;
  /** What the activity list shows: the URL, or the query of a search. */
  target: string | null;
}

/** Demo targets, taken in turn, so a list of jobs reads like a real team's. */
const DEMO_TARGETS: Record<V2Endpoint, readonly string[]> = {
  scrape: ['https://example.com/pricing', 'https://docs.example.org/getting-started', 'https://blog.example.net/2026/release-notes', 'https://shop.example.com/products/42'],
  parse: ['https://example.com/reports/annual-2025.pdf', 'https://files.example.org/contract.docx'],
  map: ['https://docs.example.org', 'https://example.com'],
  search: ['web scraping api pricing 2026', 'how to render javascript pages for scraping'],
};
const targetTurns: Record<V2Endpoint, number> = { scrape: 0, parse: 0, map: 0, search: 0 };

function demoTarget(endpoint: V2Endpoint): string {
  const list = DEMO_TARGETS[endpoint];
  const turn = targetTurns[endpoint]++;
  return list[turn % list.length] ?? '';
}

export interface FeedbackReply {
  status: number;
  body: Record<string, unknown>;
}

export function makeV2Job(endpoint: V2Endpoint, now: number, opts: V2JobOptions = {}, id = newId()): V2Job {
  return {
    id,
    endpoint,
    createdAt: now - Math.max(0, opts.ageMs ?? 0),
    failed: opts.failed === true,
    costCredits: Math.max(0, opts.costCredits ?? DEFAULT_COST[endpoint]),
    target: opts.target !== undefined ? opts.target : demoTarget(endpoint),
  };
}

/** What a rating on a job would refund, before the daily cap. */
export function desiredRefund(job: V2Job, rating: string): number {
  if (job.endpoint === 'search') return 1;
  if (rating === 'good') return 0;
  if (job.endpoint === 'map') return 1;
  if (job.costCredits <= 0) return 0;
  return Math.min(SCRAPE_REFUND_CAP, Math.max(1, Math.round(job.costCredits * 0.25)));
}

function failure(status: number, feedbackErrorCode: string, error: string): FeedbackReply {
  return { status, body: { success: false, error, feedbackErrorCode } };
}

export interface FeedbackContext {
  now: number;
  mode: FeedbackMode;
  /** How old a job may be when its feedback arrives. */
  windowMs: number;
  /** How long after its run a search or map job is there for feedback (the service writes them in the background). */
  rowDelayMs: number;
  issueStyle: FeedbackIssueStyle;
  receiptForm: FeedbackReceiptForm;
  /** The team has zero data retention: every receipt names the all-zero id. */
  zeroDataRetention: boolean;
  selfHosted: boolean;
  findJob(id: string): V2Job | undefined;
  /** Adds refunded credits to the team's balance. */
  refund(credits: number): void;
}

/** Team feedback state: submissions (for duplicates) and refunds per UTC day. */
export class FeedbackLedger {
  private readonly byJob = new Map<string, FeedbackSubmission>();
  private readonly refundsByDay = new Map<string, number>();
  readonly submissions: FeedbackSubmission[] = [];

  refundedOn(now: number): number {
    return this.refundsByDay.get(utcDay(now)) ?? 0;
  }

  /** POST /v2/feedback. */
  submit(rawBody: unknown, ctx: FeedbackContext): FeedbackReply {
    return this.process(validateEndpointFeedback(rawBody), ctx, keysOf(rawBody));
  }

  /** POST /v2/search/:jobId/feedback. */
  submitSearch(jobId: string, rawBody: unknown, ctx: FeedbackContext): FeedbackReply {
    const result = validateSearchFeedback(rawBody);
    if (!result.ok) return this.process(result, ctx, keysOf(rawBody));
    if (!UUID_PATTERN.test(jobId)) return failure(404, 'SEARCH_NOT_FOUND', 'search job not found for this team.');
    return this.process({ ok: true, value: { ...result.value, endpoint: 'search', jobId } }, ctx, []);
  }

  private process(result: ValidationResult, ctx: FeedbackContext, rawKeys: readonly string[]): FeedbackReply {
    if (!result.ok) {
      const details = ctx.issueStyle === 'union' ? [unionIssue(result.issues, rawKeys)] : result.issues;
      return { status: 400, body: { success: false, error: 'Invalid request body', details, feedbackErrorCode: 'INVALID_BODY' } };
    }
    const body = result.value;
    const endpoint = body.endpoint as V2Endpoint;
    const jobId = body.jobId as string;
    const rating = body.rating as string;

    if (ctx.selfHosted || ctx.mode === 'dbDisabled') {
      return failure(503, 'DB_DISABLED', 'Feedback requires database authentication and is unavailable on this deployment.');
    }
    if (ctx.mode === 'previewTeam') return failure(403, 'PREVIEW_TEAM_NOT_ALLOWED', 'Feedback is not available for preview teams.');
    if (ctx.mode === 'optedOut') {
      return failure(403, 'TEAM_OPTED_OUT', 'Feedback is disabled for this team. Contact support@firecrawl.com to re-enable.');
    }

    const job = ctx.findJob(jobId);
    const written = !job || (endpoint !== 'search' && endpoint !== 'map') || ctx.now - job.createdAt >= ctx.rowDelayMs;
    if (!job || job.endpoint !== endpoint || !written) {
      return failure(404, endpoint === 'search' ? 'SEARCH_NOT_FOUND' : 'JOB_NOT_FOUND', `${endpoint} job not found for this team.`);
    }
    if (endpoint === 'search' && job.failed) {
      return failure(409, 'SEARCH_FAILED', 'Cannot submit feedback for a search job that did not succeed.');
    }
    if (ctx.now - job.createdAt > ctx.windowMs) {
      // The search route words it its own way; the number is the same setting.
      const seconds = Math.round(ctx.windowMs / 1000);
      const text = endpoint === 'search' ? `Search feedback must be submitted within ${seconds} seconds of the search.` : `Feedback must be submitted within ${seconds} seconds of the job.`;
      return failure(409, 'FEEDBACK_WINDOW_EXPIRED', text);
    }
    if (ctx.mode === 'internal') return failure(500, 'INTERNAL', 'Failed to record feedback.');
    // Only the code and status are published; the text is the sandbox's own.
    if (ctx.mode === 'alexandriaUnavailable') return failure(503, 'ALEXANDRIA_UNAVAILABLE', 'Feedback storage is temporarily unavailable.');

    const cap = DAILY_CAP[endpoint];
    const key = `${endpoint}:${jobId}`;
    const existing = this.byJob.get(key);
    if (existing) {
      return {
        status: 200,
        body: {
          success: true,
          feedbackId: receiptId(existing.feedbackId, ctx),
          creditsRefunded: 0,
          alreadySubmitted: true,
          ...counters(this.refundedOn(ctx.now), cap, ctx),
          warning: 'Feedback was already submitted for this job; no additional refund issued.',
        },
      };
    }

    const before = this.refundedOn(ctx.now);
    const wanted = desiredRefund(job, rating);
    const refunded = Math.min(wanted, Math.max(0, cap - before));
    const today = before + refunded;
    this.refundsByDay.set(utcDay(ctx.now), today);
    if (refunded > 0) ctx.refund(refunded);
    const submission: FeedbackSubmission = { feedbackId: newId(), endpoint, jobId, body, creditsRefunded: refunded, at: ctx.now };
    this.byJob.set(key, submission);
    this.submissions.push(submission);

    const capReached = (wanted > 0 && refunded === 0) || today >= cap;
    return {
      status: 200,
      body: {
        success: true,
        feedbackId: receiptId(submission.feedbackId, ctx),
        creditsRefunded: refunded,
        ...counters(today, cap, ctx),
        ...(capReached
          ? {
              dailyCapReached: true,
              warning: `Daily refund cap of ${cap} credits reached for this team (UTC day). Feedback was recorded; further /feedback calls today will not refund credits.`,
            }
          : {}),
      },
    };
  }
}

/** The receipt's id: the all-zero one for a zero-data-retention team (its refund and duplicates still count here). */
function receiptId(id: string, ctx: FeedbackContext): string {
  return ctx.zeroDataRetention ? NOT_STORED_FEEDBACK_ID : id;
}

/** Today's refunds and the cap, which receipts of the newer `target` form may leave out. */
function counters(today: number, cap: number, ctx: FeedbackContext): Record<string, number> {
  return ctx.receiptForm === 'target' ? {} : { creditsRefundedToday: today, dailyRefundCap: cap };
}

function keysOf(body: unknown): string[] {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.keys(body) : [];
}

/**
 * The current schema is a union of the endpoint/jobId form and the newer target form. zod 4 reports
 * a failed union as one issue with every branch's issues nested in `errors`: the first branch holds
 * the real reasons, the target branch says `target` is missing and the endpoint/jobId keys are unknown.
 */
function unionIssue(issues: readonly Issue[], rawKeys: readonly string[]): Issue {
  const targetBranch: Issue[] = [{ expected: 'object', code: 'invalid_type', path: ['target'], message: 'Invalid input: expected object, received undefined' }];
  const foreign = rawKeys.filter((k) => k === 'endpoint' || k === 'jobId');
  if (foreign.length) {
    const list = foreign.map((k) => `"${k}"`).join(', ');
    targetBranch.push({ code: 'unrecognized_keys', keys: foreign, path: [], message: foreign.length === 1 ? `Unrecognized key: ${list}` : `Unrecognized keys: ${list}` });
  }
  return { code: 'invalid_union', errors: [[...issues], targetBranch], path: [], message: 'Invalid input' };
}
