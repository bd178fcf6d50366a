// Every failure of a read (credits, usage history, research jobs, the key check) as one sentence a
// person can act on, with the next steps to offer. The error's kind and status decide; the service's
// own text is added only as inert plain text. Pure: no `vscode`, so every case is unit-tested.
import { API_KEY_PATH, isFirecrawlError, isUnsupportedOnServer, type Operation } from '../../api';
import { plainText, sentence } from '../../shared/text';
import type { NextStep } from './nextSteps';

export interface ErrorContext {
  /** The server requests go to, named when a 404 suggests a wrong URL. */
  apiUrl?: string;
  /** The API URL is not the hosted service. */
  selfHosted?: boolean;
  /** How long until the caller tries again by itself, when it will. */
  retryInMs?: number;
}

export interface ErrorText {
  message: string;
  /** In the order the buttons or links should appear. */
  actions: NextStep[];
}

const OPERATION_TEXT: Record<Operation, string> = {
  creditUsage: 'reading remaining credits',
  creditUsageHistory: 'reading credit usage history',
  researchJob: 'reading the deep research job',
  agentJob: 'reading the agent job',
  agentCancel: 'cancelling the agent job',
  feedback: 'sending feedback',
  activity: 'reading the team’s recent jobs',
  agentList: 'reading the team’s agent runs',
};

export function operationText(operation: Operation): string {
  return OPERATION_TEXT[operation];
}

/** The service's own words, inert and ending as a sentence, so what follows reads right. */
export function serverSaid(text: string | undefined): string {
  return text?.trim() ? ` Firecrawl said: ${sentence(plainText(text, 300))}` : '';
}

/** ` at https://…` for a message, as plain text (a URL can hold `](`). */
function atServer(url: string | undefined): string {
  return url ? ` at ${plainText(url, 200)}` : '';
}

/** `in 5 s`, `in 2 min`; undefined when unknown. */
export function waitText(ms: number | undefined): string | undefined {
  if (ms === undefined || !Number.isFinite(ms)) return undefined;
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 120 ? `in ${seconds} s` : `in ${Math.ceil(seconds / 60)} min`;
}

/** Whole seconds when long, one decimal when short: a 1.5 s limit is not "2 s". */
export function secondsText(ms: number): string {
  const seconds = ms / 1000;
  return seconds >= 10 || Number.isInteger(seconds) ? `${Math.round(seconds)} s` : `${seconds.toFixed(1)} s`;
}

/** A research job the service no longer has: what a 404 on it means. */
export const JOB_NOT_FOUND_TEXT =
  'Expired or not found: the service no longer has this job (jobs stay readable about 6 hours after their last update), or the id belongs to another team.';
export const AGENT_NOT_FOUND_TEXT = 'Expired or not found: the service no longer has this agent job, or the id belongs to another team.';
/**
 * Deep research answered with a bare 404 (not Firecrawl's JSON, as when the route is unmounted) while
 * the Agent API, on the same server, answered in the service's own words: the route itself is gone.
 */
export const RESEARCH_UNROUTED_TEXT =
  'This server no longer serves the Deep Research API (its route answers a plain 404, as when it is removed), and the id is not an agent job either. New research runs as agent jobs (the Agent API, /v2/agent), which this view follows too.';
/** What the service's 410 on deep research means, and what replaces it. */
export const RESEARCH_GONE_TEXT =
  'Firecrawl shut the Deep Research API down (410 Gone): deep research jobs can no longer be read. New research runs as agent jobs (the Agent API, /v2/agent), which this view follows too.';

const CREDIT_ROUTES: ReadonlySet<Operation> = new Set(['creditUsage', 'creditUsageHistory']);

export function describeError(error: unknown, ctx: ErrorContext = {}): ErrorText {
  if (!isFirecrawlError(error)) {
    const text = error instanceof Error ? error.message : String(error);
    return { message: `Something went wrong: ${plainText(text, 300)}`, actions: ['showLogs'] };
  }
  const doing = operationText(error.operation);
  const retry = waitText(ctx.retryInMs);
  switch (error.kind) {
    case 'unauthorized':
      return { message: `Firecrawl rejected the API key (401). Set a valid key.${serverSaid(error.serverMessage)}`, actions: ['setApiKey'] };
    case 'forbidden':
      return {
        message: `Firecrawl refused ${doing} (403): the key may be restricted to other endpoints, the team blocked, or your IP not on the allow-list.${serverSaid(error.serverMessage)}`,
        actions: ['setApiKey', 'showLogs'],
      };
    case 'notFound':
      // Only the service's own JSON says "no such job" or "no billing record"; any other 404 is a wrong address.
      if (!error.serviceBody) {
        return {
          message: `The server${atServer(ctx.apiUrl)} answered 404 while ${doing}, and not with Firecrawl's own error, so it is probably not a Firecrawl API (a wrong API URL, a path in it, or a proxy in between). Check the API URL setting.`,
          actions: ['openSettings', 'showLogs'],
        };
      }
      if (error.operation === 'researchJob') return { message: JOB_NOT_FOUND_TEXT, actions: [] };
      if (error.operation === 'agentJob' || error.operation === 'agentCancel') return { message: AGENT_NOT_FOUND_TEXT, actions: [] };
      if (error.operation === 'creditUsage') return { message: 'Firecrawl has no billing information for this team.', actions: [] };
      return { message: `The server${atServer(ctx.apiUrl)} found nothing while ${doing} (404). Check the API URL setting.`, actions: ['openSettings'] };
    case 'noRoute':
      return {
        message: `The server${atServer(ctx.apiUrl)} answered 404 while ${doing}, and not with Firecrawl's own error: it does not serve this route (a wrong API URL, a path in it, a proxy in between, or an older self-hosted Firecrawl). Check the API URL setting.`,
        actions: ['openSettings', 'showLogs'],
      };
    case 'gone':
      if (error.operation === 'researchJob') return { message: RESEARCH_GONE_TEXT, actions: [] };
      return { message: `Firecrawl no longer serves this (410 Gone) while ${doing}.${serverSaid(error.serverMessage)}`, actions: [] };
    case 'redirect': {
      const where = error.location ? ` to ${plainText(error.location, 200)}` : '';
      return {
        message: `The server${atServer(ctx.apiUrl)} answered with a redirect (HTTP ${error.status ?? '3xx'})${where} while ${doing}. Redirects are not followed, so your key is not sent on; if the new address is right, put it in the API URL setting.`,
        actions: ['openSettings'],
      };
    }
    case 'rateLimited': {
      const when = retry ? `retrying ${retry}` : `try again ${waitText(error.retryAfterMs) ?? 'in a moment'}`;
      return { message: `Firecrawl's rate limit was reached while ${doing}; ${when}.`, actions: [] };
    }
    case 'server':
      if (CREDIT_ROUTES.has(error.operation) && isUnsupportedOnServer(error, ctx.selfHosted === true)) {
        const what = error.operation === 'creditUsage' ? 'Credits are' : 'Usage history is';
        return { message: `${what} not available on this server: self-hosted Firecrawl does not track credits.`, actions: ['openSettings'] };
      }
      return {
        message: `Firecrawl had a server error (HTTP ${error.status ?? '5xx'}) while ${doing}${retry ? `; retrying ${retry}` : ''}.${serverSaid(error.serverMessage)}`,
        actions: retry ? [] : ['showLogs'],
      };
    case 'badRequest':
      return { message: `Firecrawl did not accept the request for ${doing} (HTTP ${error.status ?? 400}).${serverSaid(error.serverMessage)}`, actions: ['showLogs'] };
    case 'invalidResponse':
      return {
        message: `Firecrawl sent a response this extension cannot read while ${doing}${error.path ? ` (at ${plainText(error.path, 80)})` : ''}${retry ? `; retrying ${retry}` : ''}.`,
        actions: ['showLogs'],
      };
    case 'network':
      return {
        message: `Could not reach Firecrawl${atServer(error.baseUrl)} while ${doing}${retry ? `; retrying ${retry}` : ''}. Check the network and the API URL setting.`,
        actions: ['openSettings', 'showLogs'],
      };
    case 'timeout':
      return { message: `Firecrawl did not answer within ${secondsText(error.timeoutMs)} while ${doing}${retry ? `; retrying ${retry}` : ''}.`, actions: ['showLogs'] };
    case 'invalidRequest':
      if (error.problems[0]?.path === API_KEY_PATH) {
        return { message: `The API key cannot be sent: ${sentence(plainText(error.problems[0].message, 200))} Set the key again.`, actions: ['setApiKey'] };
      }
      return { message: `Not sent: ${sentence(error.problems.map((p) => plainText(p.path ? `${p.path}: ${p.message}` : p.message, 200)).join('; '))}`, actions: [] };
    case 'feedback':
      return { message: `Firecrawl rejected the request (${plainText(error.feedbackErrorCode, 60)}).${serverSaid(error.serverMessage)}`, actions: ['showLogs'] };
    case 'cancelled':
      return { message: `Cancelled ${doing}.`, actions: [] };
  }
}

/** What checking a new key against the server found, in words for the key's input box. */
export type KeyCheckText = { verdict: 'rejected' | 'unverified'; message: string };

export function describeKeyCheckFailure(error: unknown, ctx: ErrorContext = {}): KeyCheckText {
  if (isFirecrawlError(error) && error.kind === 'unauthorized') {
    return { verdict: 'rejected', message: 'Key rejected by Firecrawl (401 Unauthorized). Check the key and try again.' };
  }
  const where = ctx.selfHosted && ctx.apiUrl ? ` ${plainText(ctx.apiUrl, 200)} may be a self-hosted server that cannot report credits.` : '';
  return { verdict: 'unverified', message: `Could not check the key: ${sentence(describeError(error, ctx).message)}${where} Press Enter again to save it anyway.` };
}
