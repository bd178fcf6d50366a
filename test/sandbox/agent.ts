// Agent runs (/v2/agent): a plan fixed at start, rendered at any instant of the sandbox clock in the
// shape the service's controller sends: progress messages, partial data, a pending approval, the
// result, failure, a stop at the credit limit and cancellation, expiry, and the team's list with
// `before` paging.
import type { AgentCancelledReads, AgentListEnd, AgentTimeline } from './types';

const DEFAULT_EXPIRY_MS = 24 * 60 * 60 * 1000;
const PAGE_SIZE = 20;
/** Every preset runs as spark-2; the status reports the name it was started with. */
export const AGENT_MODELS = ['spark-1-pro', 'spark-1-mini', 'spark-2'] as const;
export const AGENT_EFFORTS = ['low', 'medium', 'high'] as const;
const DEFAULT_PROMPT = 'Find the pricing pages of the three largest web scraping APIs and compare their plans.';

export interface AgentRun {
  id: string;
  createdAt: number;
  durationMs: number;
  outcome: 'completed' | 'failed';
  prompt: string;
  urls: string[];
  model: string;
  /** Credits the run has spent when it finishes (spent linearly while it runs). */
  credits: number;
  effort: string;
  /** The run stops once it has spent this much (before `credits`, when lower). */
  maxCredits: number | undefined;
  thread: { id: string; turn: number } | undefined;
  data: unknown;
  error: string;
  messages: string[];
  suggestions: string[];
  /** Offset from start at which the run asks for approval (until half-way to the end), if it does. */
  approvalAt: number | undefined;
  cancelledAt: number | undefined;
  expireAfterMs: number;
  origin: string;
  hidden: boolean;
}

function isNumberOrUndefined(v: unknown): boolean {
  return v === undefined || (typeof v === 'number' && Number.isFinite(v) && v >= 0);
}

/** Throws a readable error for a timeline that cannot be honoured. */
export function validateAgentTimeline(t: unknown): AgentTimeline {
  if (t === undefined || t === null) return {};
  if (typeof t !== 'object' || Array.isArray(t)) throw new Error('timeline must be an object');
  const o = t as Record<string, unknown>;
  for (const name of ['durationMs', 'credits', 'expireAfterMs', 'approvalAfterMs', 'maxCredits']) {
    if (!isNumberOrUndefined(o[name])) throw new Error(`${name} must be a number >= 0`);
  }
  if (o.outcome !== undefined && o.outcome !== 'completed' && o.outcome !== 'failed') throw new Error("outcome must be 'completed' or 'failed'");
  for (const name of ['prompt', 'error', 'model', 'message', 'effort', 'origin']) {
    if (o[name] !== undefined && typeof o[name] !== 'string') throw new Error(`${name} must be a string`);
  }
  if (o.hidden !== undefined && typeof o.hidden !== 'boolean') throw new Error('hidden must be a boolean');
  if (o.urls !== undefined && !(Array.isArray(o.urls) && o.urls.every((u) => typeof u === 'string'))) throw new Error('urls must be an array of strings');
  return o as AgentTimeline;
}

export function createAgentRun(id: string, createdAt: number, timeline: AgentTimeline = {}): AgentRun {
  const t = validateAgentTimeline(timeline);
  const prompt = t.prompt ?? DEFAULT_PROMPT;
  const durationMs = t.durationMs === undefined ? 60_000 : Math.floor(t.durationMs);
  return {
    id,
    createdAt,
    durationMs,
    outcome: t.outcome ?? 'completed',
    prompt,
    urls: t.urls ?? [],
    model: t.model ?? 'spark-1-pro',
    credits: t.credits ?? 42,
    effort: t.effort ?? 'medium',
    maxCredits: t.maxCredits,
    thread: t.thread,
    data:
      t.data !== undefined
        ? structuredClone(t.data)
        : {
            answer: `Sandbox findings for: ${prompt}`,
            plans: [
              { provider: 'Example Scrape Co.', plan: 'Hobby', creditsPerMonth: 3_000, priceUsd: 16 },
              { provider: 'Example Scrape Co.', plan: 'Standard', creditsPerMonth: 100_000, priceUsd: 83 },
              { provider: 'Crawl Example Ltd.', plan: 'Growth', creditsPerMonth: 500_000, priceUsd: 333 },
            ],
          },
    error: t.error ?? 'Agent run failed: the model gave up after too many blocked pages',
    messages: t.message !== undefined ? [t.message] : ['Planning the search', 'Searching the web', 'Reading 4 pages', 'Extracting the answer'],
    suggestions: ['Add a JSON schema to get typed fields', 'Narrow the prompt to one provider for more detail'],
    approvalAt: t.approvalAfterMs !== undefined && t.approvalAfterMs < durationMs ? Math.floor(t.approvalAfterMs) : undefined,
    cancelledAt: undefined,
    expireAfterMs: t.expireAfterMs ?? DEFAULT_EXPIRY_MS,
    origin: t.origin ?? 'api',
    hidden: t.hidden ?? false,
  };
}

type Status = 'processing' | 'completed' | 'failed' | 'cancelled' | 'creditLimit';

/** How long a run lasts: to its credit limit when that comes first (credits are spent linearly). */
function runMs(run: AgentRun): number {
  return run.maxCredits !== undefined && run.maxCredits < run.credits ? Math.floor((run.durationMs * run.maxCredits) / run.credits) : run.durationMs;
}

function statusAt(run: AgentRun, now: number): Status {
  if (run.cancelledAt !== undefined && run.cancelledAt <= now) return 'cancelled';
  if (now - run.createdAt < runMs(run)) return 'processing';
  return runMs(run) < run.durationMs ? 'creditLimit' : run.outcome;
}

function expiresAt(run: AgentRun): number {
  const end = run.cancelledAt ?? run.createdAt + runMs(run);
  return end + run.expireAfterMs;
}

/** What a run found so far: text for a run whose result is text (no schema), else an object. */
function partialOf(run: AgentRun): unknown {
  const found = `Partial findings for: ${run.prompt}`;
  return typeof run.data === 'string' ? found : { answer: found };
}

/** The body of GET /v2/agent/{id} at `now`, or null for an unknown or expired run. */
export function agentStatusBody(run: AgentRun | undefined, now: number, cancelledReads: AgentCancelledReads = 'cancelled'): Record<string, unknown> | null {
  if (!run || now >= expiresAt(run)) return null;
  const status = statusAt(run, now);
  const elapsed = Math.max(0, Math.min(now, run.cancelledAt ?? now) - run.createdAt);
  const fraction = Math.min(1, elapsed / Math.max(1, run.durationMs));
  const shown = status === 'creditLimit' || (status === 'cancelled' && cancelledReads === 'failed') ? 'failed' : status;
  const body: Record<string, unknown> = {
    success: shown !== 'failed',
    status: shown,
    model: run.model,
    effort: run.effort,
    expiresAt: new Date(expiresAt(run)).toISOString(),
    creditsUsed: status === 'creditLimit' ? run.maxCredits : Math.round(run.credits * (status === 'failed' ? 1 : fraction)),
  };
  if (status === 'processing') {
    body.message = run.messages[Math.min(run.messages.length - 1, Math.floor(fraction * run.messages.length))];
    if (fraction >= 0.5) {
      body.partial = partialOf(run);
      body.partialSchemaValid = false;
    }
    if (run.approvalAt !== undefined && elapsed >= run.approvalAt && fraction < 0.75) {
      body.pendingApproval = { type: 'maxCredits', message: 'This run needs more credits than maxCredits allows. Approve to continue.', requestedCredits: run.credits * 2 };
    }
  }
  if (status === 'completed') {
    body.data = structuredClone(run.data);
    body.suggestions = [...run.suggestions];
    body.stopReason = 'done';
  }
  if (status === 'failed') {
    body.error = run.error;
    body.stopReason = 'error';
  }
  if (status === 'creditLimit') {
    body.stopReason = 'credit_limit_reached';
    body.partial = partialOf(run);
    body.partialSchemaValid = true;
  }
  if (status === 'cancelled' && cancelledReads === 'cancelled') body.stopReason = 'cancelled';
  return body;
}

/** The list item GET /v2/agent sends for a run. */
function listItem(run: AgentRun, now: number): Record<string, unknown> {
  const status = statusAt(run, now);
  return {
    id: run.id,
    createdAt: new Date(run.createdAt).toISOString(),
    targetHint: run.urls[0] ?? run.prompt.slice(0, 80),
    origin: run.origin,
    settings: { hidden: run.hidden, starred: false },
    // The list reports a cancelled run as failed: it has no 'cancelled' state.
    status: status === 'cancelled' || status === 'creditLimit' ? 'failed' : status,
    options: { ...(run.urls.length ? { urls: [...run.urls] } : {}), prompt: run.prompt, model: run.model, effort: run.effort },
    ...(run.thread ? { threadId: run.thread.id, threadTurn: run.thread.turn } : {}),
  };
}

/** `before` as the service reads it: a non-negative integer of milliseconds, else undefined (a 400). */
export function readAgentBefore(text: string | null): number | undefined {
  return text !== null && /^\d{1,16}$/.test(text) ? Number(text) : undefined;
}

/**
 * GET /v2/agent[?before=<ms>]: 20 runs a page, newest first, with `next` when there are more; an
 * older server also links a full last page to one more, empty page.
 */
export function agentListBody(runs: Iterable<AgentRun>, before: number | undefined, now: number, baseUrl: string, end: AgentListEnd = 'noNext'): Record<string, unknown> {
  const visible = [...runs]
    .filter((r) => r.createdAt <= now && now < expiresAt(r) && (before === undefined || r.createdAt < before))
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  const page = visible.slice(0, PAGE_SIZE);
  const body: Record<string, unknown> = { success: true, agents: page.map((r) => listItem(r, now)) };
  const last = page.at(-1);
  if (last && (visible.length > PAGE_SIZE || (end === 'emptyPage' && page.length === PAGE_SIZE))) body.next = `${baseUrl}/v2/agent?before=${last.createdAt}`;
  return body;
}

/** POST /v2/agent: the start options, or a 400 body. */
export function readAgentStart(body: unknown): { ok: true; timeline: AgentTimeline } | { ok: false; error: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, error: 'Invalid request body' };
  const o = body as Record<string, unknown>;
  if (typeof o.prompt !== 'string' || !o.prompt.trim()) return { ok: false, error: 'prompt is required' };
  if (o.urls !== undefined && !(Array.isArray(o.urls) && o.urls.every((u) => typeof u === 'string'))) return { ok: false, error: 'urls must be an array of URLs' };
  if (o.model !== undefined && !AGENT_MODELS.includes(o.model as (typeof AGENT_MODELS)[number])) return { ok: false, error: `model must be one of ${AGENT_MODELS.join(', ')}` };
  if (o.effort !== undefined && !AGENT_EFFORTS.includes(o.effort as (typeof AGENT_EFFORTS)[number])) return { ok: false, error: `effort must be one of ${AGENT_EFFORTS.join(', ')}` };
  if (o.maxCredits !== undefined && (typeof o.maxCredits !== 'number' || o.maxCredits <= 0)) return { ok: false, error: 'maxCredits must be a positive number' };
  return {
    ok: true,
    timeline: {
      prompt: o.prompt,
      ...(Array.isArray(o.urls) ? { urls: o.urls as string[] } : {}),
      ...(typeof o.model === 'string' ? { model: o.model } : {}),
      ...(typeof o.effort === 'string' ? { effort: o.effort } : {}),
      ...(typeof o.maxCredits === 'number' ? { maxCredits: o.maxCredits } : {}),
      ...(typeof o.origin === 'string' ? { origin: o.origin } : {}),
    },
  };
}

/** DELETE /v2/agent/{id}: cancels a processing run; a finished or cancelled one is a 409. */
export function cancelAgentRun(run: AgentRun | undefined, now: number): { status: number; body: Record<string, unknown> } {
  if (!run || now >= expiresAt(run)) return { status: 404, body: { success: false, error: 'Agent job not found' } };
  const status = statusAt(run, now);
  if (status === 'cancelled') return { status: 409, body: { success: false, error: 'Agent is already cancelled' } };
  if (status !== 'processing') return { status: 409, body: { success: false, error: 'Agent already finished' } };
  run.cancelledAt = now;
  return { status: 200, body: { success: true } };
}
