// The two routes that list a team's recent jobs: GET /v2/team/activity (every API job of the last 24
// hours, cursor-paged) and GET /v2/agent (agent runs, 20 a page, `next`). Their response schemas and
// normalisation into ./model, built on first use like ./schemas. Times arrive from ClickHouse as
// `2026-11-22 09:41:00.123` (UTC without a zone) or as ISO; kinds the client does not know are kept.
import * as z from 'zod/mini';
import { readServiceTime } from './activity';
import type { ActivityEntry, AgentRunSummary } from './model';

function build() {
  const text = z.optional(z.nullable(z.string()));

  const activityEntry = z.object({
    id: z.string(),
    endpoint: text,
    api_version: text,
    created_at: text,
    target: text,
  });

  const activityResponse = z.object({
    data: z.array(activityEntry),
    cursor: text,
    has_more: z.optional(z.nullable(z.boolean())),
  });

  const agentSummary = z.object({
    id: z.string(),
    createdAt: text,
    targetHint: text,
    origin: text,
    integration: text,
    status: text,
    settings: z.optional(z.nullable(z.object({ hidden: z.optional(z.nullable(z.boolean())), starred: z.optional(z.nullable(z.boolean())), label: text }))),
    options: z.optional(z.nullable(z.object({ urls: z.optional(z.nullable(z.array(z.string()))), prompt: text, model: text, effort: text }))),
  });

  const agentListResponse = z.object({
    agents: z.array(agentSummary),
    next: text,
  });

  return { activityResponse, agentListResponse };
}

type Schemas = ReturnType<typeof build>;
let built: Schemas | undefined;

export function listSchemas(): Schemas {
  return (built ??= build());
}

export type ActivityBody = z.infer<Schemas['activityResponse']>;
export type AgentListBody = z.infer<Schemas['agentListResponse']>;

export function normalizeActivityEntry(e: ActivityBody['data'][number]): ActivityEntry {
  const entry: ActivityEntry = {
    id: e.id,
    endpoint: e.endpoint?.trim() || 'unknown',
    createdAt: readServiceTime(e.created_at),
    target: e.target?.trim() || null,
  };
  if (e.api_version) entry.apiVersion = e.api_version;
  return entry;
}

export function normalizeAgentRunSummary(a: AgentListBody['agents'][number]): AgentRunSummary {
  const run: AgentRunSummary = {
    id: a.id,
    createdAt: readServiceTime(a.createdAt),
    status: a.status?.trim() || 'unknown',
    urls: a.options?.urls ?? [],
    hidden: a.settings?.hidden === true,
  };
  const prompt = a.options?.prompt?.trim();
  if (prompt) run.prompt = prompt;
  if (a.targetHint?.trim()) run.targetHint = a.targetHint.trim();
  if (a.options?.model) run.model = a.options.model;
  if (a.origin) run.origin = a.origin;
  if (a.settings?.label?.trim()) run.label = a.settings.label.trim();
  return run;
}

/**
 * Where the next page of agent runs starts: the `before` of the service's `next` link. Only that
 * number is taken: the link itself is never requested, since the key would go wherever it points.
 */
export function nextAgentPage(next: string | null | undefined, runs: readonly AgentRunSummary[], baseUrl: string): string | undefined {
  if (next) {
    try {
      const before = new URL(next, baseUrl).searchParams.get('before');
      if (before && /^\d{1,16}$/.test(before)) return before;
    } catch {
      // An unreadable link: fall back to the oldest run on this page.
    }
    // `before` must be a non-negative integer: anything else is a 400.
    const oldest = Date.parse(runs.at(-1)?.createdAt ?? '');
    return Number.isSafeInteger(oldest) && oldest >= 0 ? String(oldest) : undefined;
  }
  return undefined;
}
