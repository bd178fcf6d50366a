// Agent runs (/v2/agent): a plan fixed at start, rendered at any instant of the sandbox clock in the
// shape the service's controller sends: progress messages, partial data, a pending approval, the
// result, failure and cancellation, expiry, and the team's list with `before` paging.
import type { AgentTimeline } from './types';

const DEFAULT_EXPIRY_MS = 24 * 60 * 60 * 1000;
const PAGE_SIZE = 20;
export const AGENT_MODELS = ['spark-1-pro', 'spark-1-mini', 'spark-2'] as const;
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
  data: unknown;
  error: string;
  messages: string[];
  suggestions: string[];
  /** Offset from start at which the run asks for approval (until half-way to the end), if it does. */
  approvalAt: number | undefined;
  cancelledAt: number | undefined;
  expireAfterMs: number;
  origin: string;
  /** The start's `maxCredits`; a run needing more stops there (failed, `credit_limit_reached`). */
  maxCredits: number | undefined;
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
  for (const name of ['prompt', 'error', 'model', 'message', 'origin']) {
    if (o[name] !== undefined && typeof o[name] !== 'string') throw new Error(`${name} must be a string`);
  }
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
    maxCredits: t.maxCredits,
  };
}

/** The run stops at its credit limit: it needs more than `maxCredits`. */
function stopsAtLimit(run: AgentRun): boolean {
  return run.maxCredits !== undefined && run.maxCredits < run.credits;
}

type Status = 'processing' | 'completed' | 'failed' | 'cancelled';

function statusAt(run: AgentRun, now: number): Status {
  if (run.cancelledAt !== undefined && run.cancelledAt <= now) return 'cancelled';
  if (now - run.createdAt < run.durationMs) return 'processing';
  return stopsAtLimit(run) ? 'failed' : run.outcome;
}

function expiresAt(run: AgentRun): number {
  const end = run.cancelledAt ?? run.createdAt + run.durationMs;
  return end + run.expireAfterMs;
}

/** The body of GET /v2/agent/{id} at `now`, or null for an unknown or expired run. */
export function agentStatusBody(run: AgentRun | undefined, now: number): Record<string, unknown> | null {
  if (!run || now >= expiresAt(run)) return null;
  const status = statusAt(run, now);
  const elapsed = Math.max(0, Math.min(now, run.cancelledAt ?? now) - run.createdAt);
  const fraction = Math.min(1, elapsed / Math.max(1, run.durationMs));
  const body: Record<string, unknown> = {
    success: status !== 'failed',
    status,
    model: run.model,
    effort: 'standard',
    expiresAt: new Date(expiresAt(run)).toISOString(),
    creditsUsed: Math.min(run.maxCredits ?? Infinity, Math.round(run.credits * (status === 'failed' ? 1 : fraction))),
  };
  if (status === 'processing') {
    body.message = run.messages[Math.min(run.messages.length - 1, Math.floor(fraction * run.messages.length))];
    if (fraction >= 0.5) {
      body.partial = { answer: `Partial findings for: ${run.prompt}` };
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
  if (status === 'failed' && stopsAtLimit(run)) {
    body.stopReason = 'credit_limit_reached';
    body.partial = { answer: `Partial findings for: ${run.prompt}` };
    body.partialSchemaValid = false;
  } else if (status === 'failed') {
    body.error = run.error;
    body.stopReason = 'error';
  }
  if (status === 'cancelled') body.stopReason = 'cancelled';
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
    settings: { hidden: false, starred: false },
    // The list reports a cancelled run as failed: it has no 'cancelled' state.
    status: status === 'cancelled' ? 'failed' : status,
    options: { ...(run.urls.length ? { urls: [...run.urls] } : {}), prompt: run.prompt, model: run.model },
  };
}

/** GET /v2/agent[?before=<ms>]: 20 runs a page, newest first, with `next` when there are more. */
export function agentListBody(runs: Iterable<AgentRun>, before: number | undefined, now: number, baseUrl: string): Record<string, unknown> {
  const visible = [...runs]
    .filter((r) => r.createdAt <= now && now < expiresAt(r) && (before === undefined || r.createdAt < before))
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  const page = visible.slice(0, PAGE_SIZE);
  const body: Record<string, unknown> = { success: true, agents: page.map((r) => listItem(r, now)) };
  const last = page.at(-1);
  if (visible.length > PAGE_SIZE && last) body.next = `${baseUrl}/v2/agent?before=${last.createdAt}`;
  return body;
}

/** POST /v2/agent: the start options, or a 400 body. */
export function readAgentStart(body: unknown): { ok: true; timeline: AgentTimeline } | { ok: false; error: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, error: 'Invalid request body' };
  const o = body as Record<string, unknown>;
  if (typeof o.prompt !== 'string' || !o.prompt.trim()) return { ok: false, error: 'prompt is required' };
  if (o.urls !== undefined && !(Array.isArray(o.urls) && o.urls.every((u) => typeof u === 'string'))) return { ok: false, error: 'urls must be an array of URLs' };
  if (o.model !== undefined && !AGENT_MODELS.includes(o.model as (typeof AGENT_MODELS)[number])) return { ok: false, error: `model must be one of ${AGENT_MODELS.join(', ')}` };
  if (o.maxCredits !== undefined && (typeof o.maxCredits !== 'number' || o.maxCredits <= 0)) return { ok: false, error: 'maxCredits must be a positive number' };
  return {
    ok: true,
    timeline: {
      prompt: o.prompt,
      ...(Array.isArray(o.urls) ? { urls: o.urls as string[] } : {}),
      ...(typeof o.model === 'string' ? { model: o.model } : {}),
      ...(typeof o.maxCredits === 'number' ? { maxCredits: o.maxCredits } : {}),
      ...(typeof o.origin === 'string' ? { origin: o.origin } : {}),
    },
  };
}

/** DELETE /v2/agent/{id}: cancels a processing run; a finished one stays as it is. */
export function cancelAgentRun(run: AgentRun | undefined, now: number): boolean {
  if (!run || now >= expiresAt(run)) return false;
  if (statusAt(run, now) === 'processing') run.cancelledAt = now;
  return true;
}
