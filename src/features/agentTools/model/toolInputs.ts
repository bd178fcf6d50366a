// What a model sent, checked before anything else happens: the same strictness as the manifest's
// input schemas (VS Code 1.100 does not check them for us), with problems a model can act on.
// Nothing is sent when the input is wrong. Pure: no `vscode`.
import * as l10n from '@vscode/l10n';
import { MAX_AGENT_PROMPT, MAX_SEARCH_QUERY, webUrlProblem } from '../../../api';
import { isJobId } from '../../../shared/jobIds';
import type { ToolKind } from './budget';

export const TOOL_MAX_SEARCH_LIMIT = 50;
export const TOOL_MAX_MAP_LIMIT = 5_000;
export const TOOL_MAX_AGENT_URLS = 20;

export type ToolInput =
  | { kind: 'scrape'; url: string; onlyMainContent?: boolean }
  | { kind: 'search'; query: string; limit?: number }
  | { kind: 'map'; url: string; limit?: number }
  | { kind: 'startAgent'; prompt: string; urls: string[]; maxCredits?: number }
  | { kind: 'agentStatus'; id: string }
  | { kind: 'credits' };

export type InputCheck = { ok: true; input: ToolInput } | { ok: false; problems: string[] };

const KEYS: Record<ToolKind, readonly string[]> = {
  scrape: ['url', 'onlyMainContent'],
  search: ['query', 'limit'],
  map: ['url', 'limit'],
  startAgent: ['prompt', 'urls', 'maxCredits'],
  agentStatus: ['id'],
  credits: [],
};

function integer(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** The input, or every problem with it as "field: what is wrong". */
export function readToolInput(kind: ToolKind, raw: unknown): InputCheck {
  const problems: string[] = [];
  const o = raw === undefined || raw === null ? {} : raw;
  if (typeof o !== 'object' || Array.isArray(o)) return { ok: false, problems: [l10n.t('The input must be a JSON object.')] };
  const v = o as Record<string, unknown>;
  const unknown = Object.keys(v).filter((k) => !KEYS[kind].includes(k));
  if (unknown.length) problems.push(l10n.t('Unknown field(s): {0}. Allowed: {1}.', unknown.map((k) => k.slice(0, 40)).join(', '), KEYS[kind].join(', ') || '-'));
  const url = (key: string) => {
    if (typeof v[key] !== 'string') return void problems.push(l10n.t('{0}: required, a string.', key));
    const problem = webUrlProblem(v[key] as string);
    if (problem) problems.push(`${key}: ${problem}`);
  };
  const limit = (max: number) => {
    if (v.limit !== undefined && !integer(v.limit, 1, max)) problems.push(l10n.t('{0}: a whole number from {1} to {2}.', 'limit', '1', String(max)));
  };
  switch (kind) {
    case 'scrape':
      url('url');
      if (v.onlyMainContent !== undefined && typeof v.onlyMainContent !== 'boolean') problems.push(l10n.t('{0}: true or false.', 'onlyMainContent'));
      if (problems.length) return { ok: false, problems };
      return { ok: true, input: { kind, url: String(v.url).trim(), ...(typeof v.onlyMainContent === 'boolean' ? { onlyMainContent: v.onlyMainContent } : {}) } };
    case 'search':
      if (typeof v.query !== 'string' || !v.query.trim()) problems.push(l10n.t('{0}: required, a string.', 'query'));
      else if (v.query.trim().length > MAX_SEARCH_QUERY) problems.push(l10n.t('{0}: at most {1} characters.', 'query', String(MAX_SEARCH_QUERY)));
      limit(TOOL_MAX_SEARCH_LIMIT);
      if (problems.length) return { ok: false, problems };
      return { ok: true, input: { kind, query: String(v.query).trim(), ...(typeof v.limit === 'number' ? { limit: v.limit } : {}) } };
    case 'map':
      url('url');
      limit(TOOL_MAX_MAP_LIMIT);
      if (problems.length) return { ok: false, problems };
      return { ok: true, input: { kind, url: String(v.url).trim(), ...(typeof v.limit === 'number' ? { limit: v.limit } : {}) } };
    case 'startAgent': {
      if (typeof v.prompt !== 'string' || !v.prompt.trim()) problems.push(l10n.t('{0}: required, a string.', 'prompt'));
      else if (v.prompt.trim().length > MAX_AGENT_PROMPT) problems.push(l10n.t('{0}: at most {1} characters.', 'prompt', String(MAX_AGENT_PROMPT)));
      const urls = v.urls === undefined ? [] : v.urls;
      if (!Array.isArray(urls) || urls.length > TOOL_MAX_AGENT_URLS || !urls.every((u) => typeof u === 'string')) {
        problems.push(l10n.t('{0}: a list of at most {1} URLs.', 'urls', String(TOOL_MAX_AGENT_URLS)));
      } else {
        urls.forEach((u: string, i) => {
          const problem = webUrlProblem(u);
          if (problem) problems.push(`urls[${i}]: ${problem}`);
        });
      }
      if (v.maxCredits !== undefined && !integer(v.maxCredits, 1, 1_000_000)) problems.push(l10n.t('{0}: a whole number from {1} to {2}.', 'maxCredits', '1', '1000000'));
      if (problems.length) return { ok: false, problems };
      return {
        ok: true,
        input: { kind, prompt: String(v.prompt).trim(), urls: (urls as string[]).map((u) => u.trim()), ...(typeof v.maxCredits === 'number' ? { maxCredits: v.maxCredits } : {}) },
      };
    }
    case 'agentStatus':
      if (typeof v.id !== 'string' || !isJobId(v.id.trim())) problems.push(l10n.t('{0}: the job id the agent run was started with (a UUID).', 'id'));
      if (problems.length) return { ok: false, problems };
      return { ok: true, input: { kind, id: String(v.id).trim() } };
    case 'credits':
      if (problems.length) return { ok: false, problems };
      return { ok: true, input: { kind } };
  }
}
