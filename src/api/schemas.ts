// Response schemas for both dialects (the spec's and the live service's) and their normalisation
// into ./model. zod/mini keeps the bundle small: the classic zod API costs ~450 KB minified.
import * as z from 'zod/mini';
import { readServiceTime } from './activity';
import { formatPath } from './path';
import { redactKeyShapes } from './redact';
import type { AgentJob, CreditUsage, FeedbackReceipt, QueueStatus, ResearchActivity, ResearchJob, ResearchSource, UsageHistory } from './model';
import type { UsageBinSize, UsageBins, UsageTimeRange } from './model';

// Built on first use rather than at load: constructing them is about half of the bundle's load time.
function build() {
  const isoOrNull = z.nullish(z.string());
  const stringOrList = z.optional(z.nullable(z.union([z.string(), z.array(z.string())])));
  const count = z.optional(z.nullable(z.number()));

  const creditUsageFields = z.object({
    remainingCredits: z.number(),
    // Older self-hosted releases answer with the balance only.
    planCredits: z.optional(z.nullable(z.number())),
    billingPeriodStart: isoOrNull,
    billingPeriodEnd: isoOrNull,
  });

  const creditUsageResponse = z.object({ data: creditUsageFields });

  const queueStatusResponse = z
    .object({
      success: z.optional(z.nullable(z.boolean())),
      jobsInQueue: count,
      activeJobsInQueue: count,
      waitingJobsInQueue: count,
      maxConcurrency: count,
      mostRecentSuccess: isoOrNull,
    })
    .check(
      // A body with none of the job counts (a failure answered with 200, a proxy's `{}`) is no queue at all;
      // read as one, every missing count would show as a real 0.
      // not localised: for the log, as above
      z.refine((body) => body.success !== false && [body.jobsInQueue, body.activeJobsInQueue, body.waitingJobsInQueue].some((n) => typeof n === 'number'), { message: 'no job counts' }),
    );

  const periodFields = z.object({
    // Typed `string | null` by the service (nulls sort last).
    startDate: isoOrNull,
    endDate: isoOrNull,
    creditsUsed: z.optional(z.number()),
    totalCredits: z.optional(z.number()),
    apiKey: z.optional(z.nullable(z.string())),
  });

  const usageHistoryResponse = z.object({ periods: z.array(periodFields) });

  const activityFields = z.object({
    type: z.optional(z.nullable(z.string())),
    status: z.optional(z.nullable(z.string())),
    message: z.optional(z.nullable(z.string())),
    depth: count,
    timestamp: z.optional(z.nullable(z.string())),
  });

  const sourceFields = z.object({
    url: z.string(),
    title: stringOrList,
    description: stringOrList,
    icon: z.optional(z.nullable(z.string())),
    favicon: z.optional(z.nullable(z.string())),
  });

  const jobFields = {
    status: z.optional(z.nullable(z.string())),
    currentDepth: count,
    maxDepth: count,
    totalUrls: count,
    expiresAt: isoOrNull,
    error: z.optional(z.nullable(z.string())),
    finalAnalysis: z.optional(z.nullable(z.string())),
    json: z.optional(z.unknown()),
    activities: z.optional(z.nullable(z.array(activityFields))),
    sources: z.optional(z.nullable(z.array(sourceFields))),
  };

  const researchJobResponse = z.object({
    success: z.optional(z.boolean()),
    ...jobFields,
    data: z.optional(z.nullable(z.object(jobFields))),
    warnings: z.optional(z.nullable(z.array(z.string()))),
    warning: z.optional(z.nullable(z.string())),
  });

  const agentJobResponse = z.object({
    success: z.optional(z.boolean()),
    status: z.optional(z.nullable(z.string())),
    error: z.optional(z.nullable(z.string())),
    data: z.optional(z.unknown()),
    partial: z.optional(z.unknown()),
    partialSchemaValid: z.optional(z.nullable(z.boolean())),
    stopReason: z.optional(z.nullable(z.string())),
    model: z.optional(z.nullable(z.string())),
    effort: z.optional(z.nullable(z.string())),
    message: z.optional(z.nullable(z.string())),
    suggestions: z.optional(z.nullable(z.array(z.unknown()))),
    pendingApproval: z.optional(z.unknown()),
    expiresAt: isoOrNull,
    creditsUsed: count,
  });

  /** DELETE answers `{success:true}`; anything else with 2xx is taken as done too. */
  const agentCancelResponse = z.object({ success: z.optional(z.boolean()) });

  const feedbackReceiptResponse = z.object({
    feedbackId: z.optional(z.nullable(z.string())),
    creditsRefunded: z.number(),
    // The newer `target` form of a receipt may leave these out.
    creditsRefundedToday: z.optional(z.nullable(z.number())),
    dailyRefundCap: z.optional(z.nullable(z.number())),
    dailyCapReached: z.optional(z.nullable(z.boolean())),
    alreadySubmitted: z.optional(z.nullable(z.boolean())),
    warning: z.optional(z.nullable(z.string())),
  });

  /** The error envelope every route uses; all fields optional because bodies vary. */
  const errorBody = z.object({
    success: z.optional(z.unknown()),
    error: z.optional(z.unknown()),
    code: z.optional(z.unknown()),
    feedbackErrorCode: z.optional(z.unknown()),
    details: z.optional(z.unknown()),
  });

  return { creditUsageResponse, queueStatusResponse, usageHistoryResponse, researchJobResponse, agentJobResponse, agentCancelResponse, feedbackReceiptResponse, errorBody };
}

type Schemas = ReturnType<typeof build>;
let built: Schemas | undefined;

export function schemas(): Schemas {
  return (built ??= build());
}

type CreditUsageBody = z.infer<Schemas['creditUsageResponse']>;
type UsageHistoryBody = z.infer<Schemas['usageHistoryResponse']>;
type ResearchJobBody = z.infer<Schemas['researchJobResponse']>;
type FeedbackReceiptBody = z.infer<Schemas['feedbackReceiptResponse']>;
type AgentJobBody = z.infer<Schemas['agentJobResponse']>;
type JobFieldsBody = NonNullable<ResearchJobBody['data']>;
type ActivityBody = NonNullable<ResearchJobBody['activities']>[number];
type SourceBody = NonNullable<ResearchJobBody['sources']>[number];

export function normalizeCreditUsage(body: CreditUsageBody): CreditUsage {
  const d = body.data;
  return {
    remainingCredits: d.remainingCredits,
    planCredits: d.planCredits ?? null,
    // One reader for every time the service sends: a time without a zone is UTC, not the editor's.
    billingPeriodStart: readServiceTime(d.billingPeriodStart),
    billingPeriodEnd: readServiceTime(d.billingPeriodEnd),
  };
}

export function normalizeUsageHistory(body: UsageHistoryBody, byApiKey: boolean): UsageHistory {
  const keyName = shownKeyNames();
  return {
    byApiKey,
    periods: body.periods.map((p) => ({
      // The one reader of service times, so a month without a zone is the UTC month it names; text
      // it cannot read stays as sent, for the chart to show rather than fold into "Undated".
      startDate: readServiceTime(p.startDate) ?? p.startDate ?? null,
      endDate: readServiceTime(p.endDate) ?? p.endDate ?? null,
      // The live service sends creditsUsed, the spec says totalCredits.
      creditsUsed: p.creditsUsed ?? p.totalCredits ?? 0,
      // A display name, never the secret: anything shaped like a key is redacted all the same.
      ...(p.apiKey ? { apiKey: keyName(p.apiKey) } : {}),
    })),
  };
}

/**
 * Key names as shown, with anything shaped like a key redacted. Two keys whose names redact alike
 * ("fc-production", "fc-staging") stay two keys: the later one is numbered, "fc-*** (2)".
 */
function shownKeyNames(): (name: string) => string {
  const shown = new Map<string, string>();
  const taken = new Set<string>();
  return (name) => {
    let text = shown.get(name);
    if (text === undefined) {
      const redacted = redactKeyShapes(name);
      text = redacted;
      for (let n = 2; taken.has(text); n++) text = `${redacted} (${n})`;
      shown.set(name, text);
      taken.add(text);
    }
    return text;
  };
}

/** Which fields a usage period lacks in both dialects: checked separately so the error names the path. */
export function missingCreditsPath(body: UsageHistoryBody): string | undefined {
  const index = body.periods.findIndex((p) => p.creditsUsed === undefined && p.totalCredits === undefined);
  return index < 0 ? undefined : `periods[${index}].creditsUsed`;
}

function joinText(value: string | string[] | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = (
    Array.isArray(value)
      ? value
          .map((v) => v.trim())
          .filter(Boolean)
          .join(' · ')
      : value
  ).trim();
  return text || undefined;
}

function normalizeSource(s: SourceBody): ResearchSource {
  const source: ResearchSource = { url: s.url };
  const title = joinText(s.title);
  const description = joinText(s.description);
  const icon = s.icon ?? s.favicon ?? undefined;
  if (title) source.title = title;
  if (description) source.description = description;
  if (icon) source.icon = icon;
  return source;
}

function normalizeActivity(a: ActivityBody): ResearchActivity {
  return {
    type: a.type ?? 'unknown',
    status: a.status ?? 'unknown',
    message: a.message ?? '',
    depth: a.depth ?? 0,
    timestamp: a.timestamp ?? '',
  };
}

export function normalizeResearchJob(id: string, body: ResearchJobBody): ResearchJob {
  const data = body.data ?? {};
  // The live service puts status, depth, counts and error at the top level and the results in
  // `data`; the spec puts everything in `data`. Top level wins.
  const pick = <K extends keyof JobFieldsBody>(key: K) => body[key] ?? data[key] ?? undefined;
  const activities = (data.activities?.length ? data.activities : body.activities) ?? [];
  const sources = (data.sources?.length ? data.sources : body.sources) ?? [];
  const status = pick('status') ?? (body.success === false ? 'failed' : 'processing');
  const warnings = [...(body.warnings ?? []), ...(body.warning ? [body.warning] : [])];
  const job: ResearchJob = {
    kind: 'deepResearch',
    id,
    status,
    currentDepth: pick('currentDepth') ?? 0,
    maxDepth: pick('maxDepth') ?? 0,
    totalUrls: pick('totalUrls') ?? 0,
    expiresAt: pick('expiresAt') ?? null,
    activities: activities.map(normalizeActivity),
    sources: sources.map(normalizeSource),
    warnings,
  };
  const error = pick('error');
  const finalAnalysis = pick('finalAnalysis');
  const json = body.json !== undefined ? body.json : data.json;
  if (error) job.error = error;
  if (finalAnalysis) job.finalAnalysis = finalAnalysis;
  if (json !== undefined && json !== null) job.json = json;
  return job;
}

/** A suggestion may come as text or as an object: either way it is shown as one line of text. */
function suggestionText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (value === null || value === undefined) return undefined;
  const named = typeof value === 'object' ? (value as Record<string, unknown>) : {};
  for (const key of ['text', 'title', 'message', 'prompt', 'label']) if (typeof named[key] === 'string') return (named[key] as string).trim() || undefined;
  return JSON.stringify(value).slice(0, 500);
}

/** Counts that are not whole non-negative numbers are read as 0; a time that is not one as null. */
export function normalizeQueueStatus(body: z.infer<Schemas['queueStatusResponse']>): QueueStatus {
  const whole = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0);
  const max = body.maxConcurrency;
  return {
    active: whole(body.activeJobsInQueue),
    waiting: whole(body.waitingJobsInQueue),
    maxConcurrency: typeof max === 'number' && Number.isFinite(max) && max > 0 ? Math.floor(max) : null,
    // As every service time: a zoneless one is UTC (Date.parse would read it as local time, hours off).
    mostRecentSuccess: readServiceTime(body.mostRecentSuccess),
  };
}

/** A failed run is HTTP 200 with `success:false`: a result with status `failed`, not an error. */
export function normalizeAgentJob(id: string, body: AgentJobBody): AgentJob {
  const job: AgentJob = {
    kind: 'agent',
    id,
    status: body.status ?? (body.success === false ? 'failed' : 'processing'),
    suggestions: (body.suggestions ?? []).map(suggestionText).filter((s): s is string => s !== undefined),
    expiresAt: body.expiresAt ?? null,
  };
  if (body.model) job.model = body.model;
  if (body.effort) job.effort = body.effort;
  if (body.message) job.message = body.message;
  if (body.error) job.error = body.error;
  if (body.stopReason) job.stopReason = body.stopReason;
  if (typeof body.creditsUsed === 'number') job.creditsUsed = body.creditsUsed;
  if (body.pendingApproval !== undefined && body.pendingApproval !== null) job.pendingApproval = body.pendingApproval;
  if (body.partial !== undefined && body.partial !== null) job.partial = body.partial;
  if (typeof body.partialSchemaValid === 'boolean') job.partialSchemaValid = body.partialSchemaValid;
  if (body.data !== undefined && body.data !== null) job.data = body.data;
  return job;
}

export function normalizeFeedbackReceipt(body: FeedbackReceiptBody): FeedbackReceipt {
  const receipt: FeedbackReceipt = {
    creditsRefunded: body.creditsRefunded,
    // Absent (not false) when not true.
    dailyCapReached: body.dailyCapReached === true,
    alreadySubmitted: body.alreadySubmitted === true,
  };
  if (body.feedbackId) receipt.feedbackId = body.feedbackId;
  if (body.warning) receipt.warning = body.warning;
  if (typeof body.creditsRefundedToday === 'number') receipt.creditsRefundedToday = body.creditsRefundedToday;
  if (typeof body.dailyRefundCap === 'number') receipt.dailyRefundCap = body.dailyRefundCap;
  return receipt;
}

/**
 * The first schema issue as a dotted path (`periods[2].startDate`) and a short problem text. The
 * problem is for the log (InvalidResponseError's technical message); people see only the path.
 */
export function describeIssue(error: z.core.$ZodError): { path: string; problem: string } {
  const issue = error.issues[0];
  // not localised: for the log, as above
  if (!issue) return { path: '', problem: 'unexpected shape' };
  const path = formatPath(issue.path);
  // zod/mini ships no locale, so its own messages are generic: say what was expected instead.
  if (issue.code === 'invalid_type') {
    // not localised: for the log, as above
    const got = issue.input === undefined ? ', but it is missing' : `, got ${describeValue(issue.input)}`;
    return { path, problem: `expected ${issue.expected}${got}` };
  }
  // not localised: for the log, as above
  return { path, problem: issue.code === 'invalid_union' ? 'none of the accepted shapes matched' : issue.message };
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array'; // not localised: for the log, as above
  return typeof value === 'string' ? 'a string' : typeof value;
}

// ---- usage by hour or day (`timeRange`) --------------------------------------------------------
// Its own lazily built schema, so the months path above stays as it was.
function buildBins() {
  const isoOrNull = z.nullish(z.string());
  const binFields = z.object({
    startDate: isoOrNull,
    endDate: isoOrNull,
    creditsUsed: z.optional(z.number()),
    totalCredits: z.optional(z.number()),
  });
  const usageBinsResponse = z.object({
    // Required: a server that ignores timeRange answers with months, which must not pass for bins.
    window: z.object({
      timeRange: z.optional(z.nullable(z.string())),
      binSize: z.optional(z.nullable(z.string())),
      startDate: isoOrNull,
      endDate: isoOrNull,
    }),
    periods: z.array(binFields),
  });
  return { usageBinsResponse };
}

let builtBins: ReturnType<typeof buildBins> | undefined;

export function binSchemas(): ReturnType<typeof buildBins> {
  return (builtBins ??= buildBins());
}

type UsageBinsBody = z.infer<ReturnType<typeof buildBins>['usageBinsResponse']>;

/** Which bin lacks its number in both dialects, as a path for the error. */
export function missingBinCreditsPath(body: UsageBinsBody): string | undefined {
  const index = body.periods.findIndex((p) => p.creditsUsed === undefined && p.totalCredits === undefined);
  return index < 0 ? undefined : `periods[${index}].creditsUsed`;
}

export function normalizeUsageBins(body: UsageBinsBody, timeRange: UsageTimeRange): UsageBins {
  const sent = body.window.binSize;
  // The bin size follows from the range; the service's word wins when it is one we know.
  const binSize: UsageBinSize = sent === 'hour' || sent === 'day' ? sent : timeRange === 'day' ? 'hour' : 'day';
  return {
    timeRange,
    binSize,
    windowStart: readServiceTime(body.window.startDate),
    windowEnd: readServiceTime(body.window.endDate),
    bins: body.periods.map((p) => ({
      startDate: readServiceTime(p.startDate),
      endDate: readServiceTime(p.endDate),
      creditsUsed: p.creditsUsed ?? p.totalCredits ?? 0,
    })),
  };
}
