// The control API under /__sandbox/ (no auth): lets other processes (an extension host, `npm start`
// users, curl) drive a running sandbox. Every route answers JSON; bad input → 400 {success:false,error}.
import type { ServerResponse } from 'node:http';
import { sendJson } from './http';
import type { Sandbox } from './server';
import { validateAgentTimeline } from './agent';
import { validateActivityEntry } from './activity';
import { RESEARCH_SHUTDOWN_AT } from './research';
import {
  FEEDBACK_ISSUE_STYLES,
  FEEDBACK_MODES,
  PARSE_ACTIVITY_MODES,
  ROUTE_NAMES,
  V2_ENDPOINTS,
  type Dialect,
  type ParseActivity,
  type Fault,
  type FeedbackIssueStyle,
  type FeedbackMode,
  type HistoryRow,
  type ResearchTimeline,
  type V2Endpoint,
} from './types';

export interface ControlRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  bodyInvalid: boolean;
}

type Handler = (sb: Sandbox, req: ControlRequest) => { status?: number; body: unknown };

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
}

function v2Endpoint(value: unknown): V2Endpoint {
  if (value === undefined || value === null || value === '') return 'scrape';
  if (!V2_ENDPOINTS.includes(value as V2Endpoint)) throw new Error(`endpoint must be one of ${V2_ENDPOINTS.join(', ')}`);
  return value as V2Endpoint;
}

function optionalNumber(body: unknown, name: string): number | undefined {
  const v = field(body, name);
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`${name} must be a number`);
  return v;
}

function info(sb: Sandbox): Record<string, unknown> {
  return {
    success: true,
    url: sb.url,
    dialect: sb.dialect,
    feedbackMode: sb.feedbackMode,
    selfHosted: sb.selfHosted,
    feedbackWindowSeconds: sb.feedbackWindowSeconds,
    feedbackIssueStyle: sb.feedbackIssueStyle,
    now: new Date(sb.now()).toISOString(),
    keys: sb.keys,
    demoJobs: sb.demoJobs,
    demoV2Jobs: sb.demoV2Jobs,
    demoAgentJobs: sb.demoAgentJobs,
    researchShutdown: sb.researchShutdown ? { at: new Date(sb.researchShutdown.at).toISOString(), mode: sb.researchShutdown.mode } : null,
    researchSunset: sb.researchSunset ?? null,
    spike: sb.spike ? { at: new Date(sb.spike.at).toISOString(), credits: sb.spike.credits } : null,
    parseActivity: sb.parseActivity,
    routes: ROUTE_NAMES,
  };
}

const ROUTES: Record<string, Handler> = {
  'GET /__sandbox': (sb) => ({ body: info(sb) }),
  'GET /__sandbox/info': (sb) => ({ body: info(sb) }),
  'POST /__sandbox/research-jobs': (sb, req) => {
    const timeline = (field(req.body, 'timeline') ?? req.body ?? {}) as ResearchTimeline;
    return { status: 201, body: { success: true, id: sb.createResearchJob(timeline) } };
  },
  'POST /__sandbox/agent-jobs': (sb, req) => {
    const timeline = validateAgentTimeline(field(req.body, 'timeline') ?? req.body ?? {});
    return { status: 201, body: { success: true, id: sb.createAgentJob(timeline) } };
  },
  // {enabled: false} undoes it; {at} (ISO or ms, default now; 'published' = 10 Dec 2026 15:00 UTC), {mode: 'gone' | 'unmounted'}.
  'POST /__sandbox/research-shutdown': (sb, req) => {
    if (field(req.body, 'enabled') === false) {
      sb.researchShutdown = undefined;
      return { body: { success: true, researchShutdown: null } };
    }
    const rawAt = field(req.body, 'at');
    const at = rawAt === undefined ? sb.now() : rawAt === 'published' ? RESEARCH_SHUTDOWN_AT : typeof rawAt === 'number' ? rawAt : Date.parse(String(rawAt));
    if (!Number.isFinite(at)) throw new Error("at must be an ISO date, epoch ms or 'published'");
    const mode = field(req.body, 'mode') ?? 'gone';
    if (mode !== 'gone' && mode !== 'unmounted') throw new Error("mode must be 'gone' or 'unmounted'");
    sb.researchShutdown = { at, mode };
    return { body: { success: true, researchShutdown: { at: new Date(at).toISOString(), mode } } };
  },
  'POST /__sandbox/research-sunset': (sb, req) => {
    const value = field(req.body, 'sunset');
    if (value !== null && typeof value !== 'string') throw new Error('sunset must be an HTTP date string, or null');
    sb.researchSunset = value ?? undefined;
    return { body: { success: true, researchSunset: value } };
  },
  'POST /__sandbox/v2-jobs': (sb, req) => {
    const endpoint = v2Endpoint(field(req.body, 'endpoint'));
    const failed = field(req.body, 'failed');
    if (failed !== undefined && typeof failed !== 'boolean') throw new Error('failed must be a boolean');
    const target = field(req.body, 'target');
    if (target !== undefined && target !== null && typeof target !== 'string') throw new Error('target must be a string or null');
    const id = sb.createV2Job(endpoint, {
      ageMs: optionalNumber(req.body, 'ageMs'),
      costCredits: optionalNumber(req.body, 'costCredits'),
      failed: failed === true,
      ...(target !== undefined ? { target: target as string | null } : {}),
    });
    return { status: 201, body: { success: true, id, endpoint } };
  },
  'GET /__sandbox/v2-jobs/new': (sb, req) => {
    const endpoint = v2Endpoint(req.query.get('endpoint'));
    const id = sb.createV2Job(endpoint);
    return { body: { success: true, id, endpoint, feedbackWindowSeconds: sb.feedbackWindowSeconds } };
  },
  'GET /__sandbox/activity': (sb) => ({ body: { success: true, activity: sb.activity() } }),
  // An entry (or an array) in the activity list only: any kind, any age, any target.
  'POST /__sandbox/activity': (sb, req) => {
    const list = Array.isArray(req.body) ? req.body : [req.body];
    const ids = list.map((entry) => sb.addActivity(validateActivityEntry(entry)));
    return { status: 201, body: { success: true, ids } };
  },
  'POST /__sandbox/parse-activity': (sb, req) => {
    const mode = field(req.body, 'mode');
    if (!PARSE_ACTIVITY_MODES.includes(mode as ParseActivity)) throw new Error(`mode must be one of ${PARSE_ACTIVITY_MODES.join(', ')}`);
    sb.parseActivity = mode as ParseActivity;
    return { body: { success: true, mode } };
  },
  'GET /__sandbox/faults': (sb) => ({ body: { success: true, faults: sb.pendingFaults() } }),
  'POST /__sandbox/faults': (sb, req) => {
    const list = Array.isArray(req.body) ? req.body : [req.body];
    for (const f of list) sb.fault(f as Fault);
    return { status: 201, body: { success: true, queued: list.length } };
  },
  'DELETE /__sandbox/faults': (sb) => {
    sb.clearFaults();
    return { body: { success: true } };
  },
  'POST /__sandbox/dialect': (sb, req) => {
    const dialect = field(req.body, 'dialect');
    if (dialect !== 'live' && dialect !== 'spec') throw new Error("dialect must be 'live' or 'spec'");
    sb.dialect = dialect as Dialect;
    return { body: { success: true, dialect } };
  },
  'GET /__sandbox/credits': (sb) => ({ body: { success: true, credits: sb.getCredits() } }),
  'POST /__sandbox/credits': (sb, req) => {
    if (req.body === undefined) throw new Error('send the credits object, or null for "no billing record"');
    const credits = field(req.body, 'credits') !== undefined ? field(req.body, 'credits') : req.body;
    sb.setCredits(credits as Parameters<Sandbox['setCredits']>[0]);
    return { body: { success: true, credits: sb.getCredits() } };
  },
  'POST /__sandbox/history': (sb, req) => {
    const periods = Array.isArray(req.body) ? req.body : field(req.body, 'periods');
    sb.setHistory(periods as HistoryRow[]);
    return { body: { success: true } };
  },
  // {credits?} switches a burst of usage on in the current hour (default 1,200); {enabled: false} takes it back.
  'POST /__sandbox/spike': (sb, req) => {
    if (field(req.body, 'enabled') === false) {
      sb.clearSpike();
      return { body: { success: true, spike: null, credits: sb.getCredits() } };
    }
    const spike = sb.startSpike(optionalNumber(req.body, 'credits'));
    return { body: { success: true, spike: { at: new Date(spike.at).toISOString(), credits: spike.credits }, credits: sb.getCredits() } };
  },
  // {hours: [{hour, credits}], since?} replaces the usage series; {sparse: boolean} leaves empty bins out or in.
  'POST /__sandbox/usage': (sb, req) => {
    const hours = field(req.body, 'hours');
    const sparse = field(req.body, 'sparse');
    if (hours === undefined && sparse === undefined) throw new Error('send hours ([{hour, credits}]) and/or sparse (boolean)');
    if (sparse !== undefined && typeof sparse !== 'boolean') throw new Error('sparse must be a boolean');
    const since = field(req.body, 'since');
    if (since !== undefined && typeof since !== 'string' && typeof since !== 'number') throw new Error('since must be an ISO date or epoch ms');
    if (hours !== undefined) sb.setUsageHours(hours as Array<{ hour: string | number; credits: number }>, since as string | number | undefined);
    if (sparse !== undefined) sb.sparseBins = sparse;
    return { body: { success: true, sparse: sb.sparseBins } };
  },
  'POST /__sandbox/feedback-mode': (sb, req) => {
    const mode = field(req.body, 'mode');
    if (!FEEDBACK_MODES.includes(mode as FeedbackMode)) throw new Error(`mode must be one of ${FEEDBACK_MODES.join(', ')}`);
    sb.setFeedbackMode(mode as FeedbackMode);
    return { body: { success: true, mode } };
  },
  'POST /__sandbox/feedback-window': (sb, req) => {
    const seconds = optionalNumber(req.body, 'seconds');
    if (seconds === undefined || seconds < 0) throw new Error('seconds must be a number >= 0');
    sb.feedbackWindowSeconds = seconds;
    return { body: { success: true, seconds } };
  },
  'POST /__sandbox/feedback-issues': (sb, req) => {
    const style = field(req.body, 'style');
    if (!FEEDBACK_ISSUE_STYLES.includes(style as FeedbackIssueStyle)) throw new Error(`style must be one of ${FEEDBACK_ISSUE_STYLES.join(', ')}`);
    sb.feedbackIssueStyle = style as FeedbackIssueStyle;
    return { body: { success: true, style } };
  },
  'POST /__sandbox/self-hosted': (sb, req) => {
    const enabled = field(req.body, 'enabled');
    if (typeof enabled !== 'boolean') throw new Error('enabled must be a boolean');
    sb.selfHosted = enabled;
    return { body: { success: true, selfHosted: enabled } };
  },
  'POST /__sandbox/clock': (sb, req) => {
    const ms = optionalNumber(req.body, 'advanceMs');
    if (ms === undefined) throw new Error('advanceMs is required');
    sb.advanceClock(ms);
    return { body: { success: true, now: new Date(sb.now()).toISOString() } };
  },
  'GET /__sandbox/counts': (sb) => {
    const byRoute = Object.fromEntries(ROUTE_NAMES.map((r) => [r, sb.requestCount(r)]));
    return { body: { success: true, total: sb.requestCount(), byRoute } };
  },
  'POST /__sandbox/reset-counts': (sb) => {
    sb.resetCounts();
    return { body: { success: true } };
  },
  'GET /__sandbox/requests': (sb) => ({ body: { success: true, requests: sb.requests() } }),
  'GET /__sandbox/feedback': (sb) => ({ body: { success: true, submissions: sb.feedbackSubmissions(), creditsRefundedToday: sb.creditsRefundedToday() } }),
};

export function handleControl(sb: Sandbox, req: ControlRequest, res: ServerResponse): void {
  const path = req.path.length > 1 && req.path.endsWith('/') ? req.path.slice(0, -1) : req.path;
  const handler = ROUTES[`${req.method} ${path}`];
  if (!handler) {
    sendJson(res, 404, { success: false, error: `No control route ${req.method} ${path}`, routes: Object.keys(ROUTES) });
    return;
  }
  if (req.bodyInvalid) {
    sendJson(res, 400, { success: false, error: 'Control request body is not valid JSON' });
    return;
  }
  try {
    const { status = 200, body } = handler(sb, req);
    sendJson(res, status, body);
  } catch (error) {
    sendJson(res, 400, { success: false, error: error instanceof Error ? error.message : String(error) });
  }
}
