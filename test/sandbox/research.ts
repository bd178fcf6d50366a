// Deep research jobs: a plan fixed at creation, rendered at any instant of the sandbox clock,
// in the live service's shape or the spec's.
import type { Dialect, ResearchTimeline } from './types';

export const DEPRECATION_WARNING = '/v1/deep-research/:jobId is deprecated. Use /v2/search instead.';
/** What the service's current code sends (RFC 9745 epoch form); older code sent `true`. */
export const DEPRECATION_HEADERS: Readonly<Record<string, string>> = {
  Deprecation: '@1778025600',
  Link: '</v2/search>; rel="successor-version"',
  Warning: `299 - "${DEPRECATION_WARNING}"`,
};
/** What one early version sent instead: `Deprecation: true`, the same successor, and one `warning` string in the body. */
export const EARLY_DEPRECATION_HEADERS: Readonly<Record<string, string>> = {
  Deprecation: 'true',
  Link: '</v2/search>; rel="successor-version"',
};
/** Which shape the deprecation signals take: the current code's, or the early version's. */
export type DeprecationStyle = 'current' | 'early';
/** The published shutdown: every /v1/deep-research request fails with 410 Gone from then on. */
export const RESEARCH_SHUTDOWN_AT = Date.parse('2026-12-10T15:00:00.000Z');
/**
 * The Sunset a server still serving deep research sends: the published date, or a week ahead once that
 * is less than a week off, so a sandbox started after the shutdown still answers as the service did
 * before it (the client goes by the Sunset it is sent).
 */
export function defaultResearchSunset(now: number): string {
  return new Date(Math.max(RESEARCH_SHUTDOWN_AT, now + 7 * 24 * 60 * 60 * 1000)).toUTCString();
}
export const GONE_BODY = {
  success: false,
  error: 'The Deep Research API was shut down on December 10, 2026. Use the Agent API (/v2/agent) instead.',
};
const DEFAULT_EXPIRY_MS = 6 * 60 * 60 * 1000;
const DEFAULT_QUERY = 'How do web crawlers decide what to fetch next?';

type ActivityType = 'search' | 'analyze' | 'synthesis';

interface PlannedActivity {
  /** Offset from creation. */
  at: number;
  type: ActivityType;
  message: string;
  depth: number;
  isError: boolean;
}

interface PlannedSource {
  at: number;
  url: string;
  title: string | string[];
  description: string | string[];
  icon: string;
}

export interface ResearchJob {
  id: string;
  createdAt: number;
  /** The research question (the activity list's target). */
  query: string;
  durationMs: number;
  outcome: 'completed' | 'failed';
  maxDepth: number;
  activities: PlannedActivity[];
  sources: PlannedSource[];
  finalAnalysis: string;
  json: Record<string, unknown> | undefined;
  error: string;
  expireAfterMs: number;
  stallAt: number | undefined;
}

export interface ResearchSnapshot {
  status: 'processing' | 'completed' | 'failed';
  currentDepth: number;
  maxDepth: number;
  totalUrls: number;
  expiresAt: string;
  activities: Array<{ type: ActivityType; status: 'processing' | 'complete' | 'error'; message: string; timestamp: string; depth: number }>;
  sources: Array<{ url: string; title: string | string[]; description: string | string[]; icon: string }>;
  finalAnalysis?: string;
  json?: Record<string, unknown>;
  error?: string;
}

const DOMAINS = ['developer.mozilla.org', 'en.wikipedia.org', 'www.rfc-editor.org', 'blog.cloudflare.com', 'arxiv.org', 'github.com', 'www.w3.org', 'news.ycombinator.com'];
const ANGLES = ['overview', 'recent changes', 'expert opinion', 'case studies', 'measurements', 'criticism'];

function count(value: number | undefined, fallback: number, min: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.max(min, Math.floor(value));
}

/** Throws a readable error for a timeline that cannot be honoured. */
export function validateTimeline(t: unknown): ResearchTimeline {
  if (t === undefined || t === null) return {};
  if (typeof t !== 'object' || Array.isArray(t)) throw new Error('timeline must be an object');
  const o = t as Record<string, unknown>;
  const numbers = ['durationMs', 'maxDepth', 'activities', 'sources', 'expireAfterMs', 'stallAfterMs'];
  for (const name of numbers) {
    const v = o[name];
    if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v) || v < 0)) throw new Error(`${name} must be a number >= 0`);
  }
  if (o.outcome !== undefined && o.outcome !== 'completed' && o.outcome !== 'failed') throw new Error("outcome must be 'completed' or 'failed'");
  for (const name of ['finalAnalysis', 'error', 'query']) {
    if (o[name] !== undefined && typeof o[name] !== 'string') throw new Error(`${name} must be a string`);
  }
  const title = o.sourceTitle;
  if (title !== undefined && typeof title !== 'string' && !(Array.isArray(title) && title.every((x) => typeof x === 'string'))) {
    throw new Error('sourceTitle must be a string or an array of strings');
  }
  if (o.withJson !== undefined && typeof o.withJson !== 'boolean') throw new Error('withJson must be a boolean');
  return o as ResearchTimeline;
}

export function createResearchJob(id: string, createdAt: number, timeline: ResearchTimeline): ResearchJob {
  const t = validateTimeline(timeline);
  const durationMs = t.durationMs === undefined ? 60_000 : Math.floor(t.durationMs);
  const outcome = t.outcome ?? 'completed';
  const maxDepth = count(t.maxDepth, 3, 1);
  const activityCount = count(t.activities, 8, 1);
  const sourceCount = count(t.sources, 6, 0);
  const query = t.query ?? DEFAULT_QUERY;

  const activities: PlannedActivity[] = [];
  const steps = activityCount - 1; // the last one is synthesis (or the error)
  for (let i = 0; i < steps; i += 1) {
    const depth = Math.min(maxDepth, 1 + Math.floor((i * maxDepth) / Math.max(1, steps)));
    const type: ActivityType = i % 2 === 0 ? 'search' : 'analyze';
    const message = type === 'search' ? `Searching for "${query}" (${ANGLES[i % ANGLES.length]})` : `Analyzing new sources at depth ${depth}`;
    activities.push({ at: Math.floor((durationMs * (i + 1)) / (activityCount + 1)), type, message, depth, isError: false });
  }
  const error = t.error ?? 'Research failed: the analysis model did not respond in time';
  if (outcome === 'failed') {
    activities.push({ at: durationMs, type: steps % 2 === 0 ? 'search' : 'analyze', message: error, depth: activities.at(-1)?.depth ?? 1, isError: true });
  } else {
    activities.push({
      at: Math.floor((durationMs * activityCount) / (activityCount + 1)),
      type: 'synthesis',
      message: 'Synthesizing findings into the final analysis',
      depth: maxDepth,
      isError: false,
    });
  }

  const sources: PlannedSource[] = [];
  for (let j = 0; j < sourceCount; j += 1) {
    const domain = DOMAINS[j % DOMAINS.length] ?? 'example.com';
    const angle = ANGLES[j % ANGLES.length] ?? 'overview';
    const plainTitle = `${angle[0]?.toUpperCase() ?? ''}${angle.slice(1)}: ${query}`;
    const arrays = j % 3 === 2;
    const title: string | string[] =
      t.sourceTitle !== undefined ? (Array.isArray(t.sourceTitle) ? [...t.sourceTitle] : t.sourceTitle) : arrays ? [plainTitle, `${domain} (archived copy)`] : plainTitle;
    const description: string | string[] = arrays ? [`What ${domain} says about ${angle}.`, 'Second description block found on the page.'] : `What ${domain} says about ${angle}.`;
    sources.push({
      at: Math.floor((durationMs * 0.85 * (j + 1)) / (sourceCount + 1)),
      url: `https://${domain}/sandbox/source-${j + 1}`,
      title,
      description,
      icon: `https://${domain}/favicon.ico`,
    });
  }

  const finalAnalysis = t.finalAnalysis ?? defaultAnalysis(query, maxDepth, sources);
  const json = t.withJson
    ? {
        query,
        summary: `Sandbox findings on ${query}.`,
        keyFindings: ['Most sources agree on the main point.', 'Two sources disagree on the details.', 'Recent changes are not yet documented.'],
        sourceCount,
        confidence: 0.82,
      }
    : undefined;
  const stallAt = t.stallAfterMs !== undefined && t.stallAfterMs < durationMs ? Math.floor(t.stallAfterMs) : undefined;
  return {
    id,
    createdAt,
    query,
    durationMs,
    outcome,
    maxDepth,
    activities,
    sources,
    finalAnalysis,
    json,
    error,
    expireAfterMs: t.expireAfterMs ?? DEFAULT_EXPIRY_MS,
    stallAt,
  };
}

function firstTitle(title: string | string[]): string {
  return Array.isArray(title) ? (title[0] ?? '') : title;
}

function defaultAnalysis(query: string, maxDepth: number, sources: PlannedSource[]): string {
  const list = sources.map((s) => `- [${firstTitle(s.title)}](${s.url})`).join('\n');
  return [
    `# Findings on ${query}`,
    '',
    '## Summary',
    `This sandbox job read ${sources.length} sources over ${maxDepth} levels of depth. The text is generated, not researched.`,
    '',
    '## Key points',
    '1. Most sources agree on the main point.',
    '2. Two sources disagree on the details; see **Sources**.',
    '3. Recent changes are not yet documented.',
    '',
    '## Sources',
    list || '_No sources._',
    '',
  ].join('\n');
}

/** The job as seen at `now`, or null once it has expired. */
export function researchSnapshot(job: ResearchJob, now: number): ResearchSnapshot | null {
  const elapsed = Math.max(0, now - job.createdAt);
  const progress = job.stallAt !== undefined ? Math.min(elapsed, job.stallAt) : elapsed;
  const finished = job.stallAt === undefined && elapsed >= job.durationMs;
  const status = finished ? job.outcome : 'processing';

  const visibleActivities = job.activities.filter((a) => (a.isError ? finished : a.at <= progress));
  const visibleSources = job.sources.filter((s) => s.at <= progress);
  const lastEventAt = Math.max(0, ...visibleActivities.map((a) => a.at), ...visibleSources.map((s) => s.at));
  const lastUpdate = job.createdAt + (finished ? job.durationMs : lastEventAt);
  if (now >= lastUpdate + job.expireAfterMs) return null;

  const activities = visibleActivities.map((a, index) => ({
    type: a.type,
    status: a.isError ? ('error' as const) : status === 'processing' && index === visibleActivities.length - 1 ? ('processing' as const) : ('complete' as const),
    message: a.message,
    timestamp: new Date(job.createdAt + a.at).toISOString(),
    depth: a.depth,
  }));
  const sources = visibleSources.map((s) => ({
    url: s.url,
    title: Array.isArray(s.title) ? [...s.title] : s.title,
    description: Array.isArray(s.description) ? [...s.description] : s.description,
    icon: s.icon,
  }));
  const currentDepth = status === 'completed' ? job.maxDepth : (visibleActivities.at(-1)?.depth ?? 0);
  const snapshot: ResearchSnapshot = {
    status,
    currentDepth,
    maxDepth: job.maxDepth,
    totalUrls: sources.length,
    expiresAt: new Date(lastUpdate + job.expireAfterMs).toISOString(),
    activities,
    sources,
  };
  if (status === 'completed') {
    snapshot.finalAnalysis = job.finalAnalysis;
    if (job.json) snapshot.json = structuredClone(job.json);
  }
  if (status === 'failed') snapshot.error = job.error;
  return snapshot;
}

export interface RenderedResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** The HTTP answer for a snapshot (null = unknown or expired job) in the given dialect. */
export function renderResearch(snapshot: ResearchSnapshot | null, dialect: Dialect, extraHeaders: Record<string, string> = {}, style: DeprecationStyle = 'current'): RenderedResponse {
  if (dialect === 'spec') {
    if (!snapshot) return { status: 404, body: { success: false, error: 'Research job not found' }, headers: {} };
    const data: Record<string, unknown> = {
      status: snapshot.status,
      currentDepth: snapshot.currentDepth,
      maxDepth: snapshot.maxDepth,
      totalUrls: snapshot.totalUrls,
      expiresAt: snapshot.expiresAt,
      activities: snapshot.activities,
      sources: snapshot.sources.map(({ icon, ...rest }) => ({ ...rest, favicon: icon })),
    };
    if (snapshot.finalAnalysis !== undefined) data.finalAnalysis = snapshot.finalAnalysis;
    if (snapshot.status === 'completed') data.json = snapshot.json ?? null;
    if (snapshot.error !== undefined) data.error = snapshot.error;
    return { status: 200, body: { success: snapshot.status !== 'failed', data }, headers: {} };
  }
  const deprecation = style === 'early' ? { warning: DEPRECATION_WARNING } : { warnings: [DEPRECATION_WARNING], replacement: '/v2/search' };
  const signals = style === 'early' ? EARLY_DEPRECATION_HEADERS : DEPRECATION_HEADERS;
  if (!snapshot) {
    return { status: 404, body: { success: false, error: 'Deep research job not found', ...deprecation }, headers: { ...signals, ...extraHeaders } };
  }
  // Key order and placement follow the service's controller: job fields at top level, results in data.
  const body = {
    success: snapshot.status !== 'failed',
    data: {
      finalAnalysis: snapshot.finalAnalysis,
      sources: snapshot.sources,
      activities: snapshot.activities,
      json: snapshot.json,
    },
    error: snapshot.error,
    expiresAt: snapshot.expiresAt,
    currentDepth: snapshot.currentDepth,
    maxDepth: snapshot.maxDepth,
    status: snapshot.status,
    totalUrls: snapshot.totalUrls,
    activities: snapshot.activities,
    sources: snapshot.sources,
    ...deprecation,
  };
  return { status: 200, body, headers: { ...signals, ...extraHeaders } };
}
