// Every way sending feedback can fail, as a message a person can act on and the next steps to
// offer. The service's feedbackErrorCode decides, never its text; its text (and INVALID_BODY
// details) is shown only as inert plain text. Pure: no `vscode`.

import { FEEDBACK_JOB_ID_FIELDS, type FeedbackEndpoint } from '../../api/feedback';
import { API_KEY_PATH, isFirecrawlError } from '../../api/errors';
import { plainText, sentence } from '../../shared/text';
import { nameOfPath } from './feedbackFields';
import { serverSaid, waitText } from './general';
import type { NextStep } from './nextSteps';

export type FailureAction = Exclude<NextStep, 'retry'>;

export interface FailureMessage {
  message: string;
  severity: 'error' | 'warning' | 'info';
  /** In the order the buttons should appear. */
  actions: FailureAction[];
}

export interface FailureContext {
  endpoint?: FeedbackEndpoint;
  jobId?: string;
  apiUrl: string;
  /** The API URL is not the hosted service. */
  selfHosted: boolean;
}

/** Every feedbackErrorCode the service documents; others get a generic message. */
export const FEEDBACK_ERROR_CODES = [
  'INVALID_BODY',
  'PREVIEW_TEAM_NOT_ALLOWED',
  'TEAM_OPTED_OUT',
  'JOB_NOT_FOUND',
  'SEARCH_NOT_FOUND',
  'SEARCH_FAILED',
  'FEEDBACK_WINDOW_EXPIRED',
  'INTERNAL',
  'DB_DISABLED',
] as const;

function listProblems(problems: readonly { path: string; message: string }[]): string {
  const shown = problems.slice(0, 6).map((p) => `${nameOfPath(plainText(p.path, 80))}: ${plainText(p.message, 200)}`);
  const more = problems.length > shown.length ? `; and ${problems.length - shown.length} more` : '';
  return `${shown.join('; ')}${more}`;
}

const WINDOW_IN_TEXT = /within\s+(\d{1,7})\s*(seconds?|secs?|s|minutes?|mins?)\b/i;

/** The window a FEEDBACK_WINDOW_EXPIRED message states, in seconds; undefined when it states none. */
export function feedbackWindowSeconds(serverMessage: string | undefined): number | undefined {
  const match = serverMessage ? WINDOW_IN_TEXT.exec(serverMessage) : null;
  if (!match?.[1]) return undefined;
  const n = Number(match[1]);
  return /^m/i.test(match[2] ?? '') ? n * 60 : n;
}

/** The window a feedback error states, when the error is FEEDBACK_WINDOW_EXPIRED and states one. */
export function windowFromFeedbackError(error: unknown): number | undefined {
  if (!isFirecrawlError(error) || error.kind !== 'feedback' || error.feedbackErrorCode !== 'FEEDBACK_WINDOW_EXPIRED') return undefined;
  return feedbackWindowSeconds(error.serverMessage);
}

/**
 * The feedback window is a server setting (120 seconds by default on the hosted service); its own
 * message states the real value, so that is the only number ever shown.
 */
export function feedbackWindowText(serverMessage: string | undefined): string {
  const match = serverMessage ? WINDOW_IN_TEXT.exec(serverMessage) : null;
  if (!match?.[1]) return 'only for a short time after the job (the server sets how long)';
  const n = Number(match[1]);
  const unit = /^m/i.test(match[2] ?? '') ? (n === 1 ? 'minute' : 'minutes') : n === 1 ? 'second' : 'seconds';
  return `only within ${n.toLocaleString('en-US')} ${unit} of the job`;
}

function jobIdHint(endpoint: FeedbackEndpoint | undefined): string {
  if (!endpoint) return '';
  const field = FEEDBACK_JOB_ID_FIELDS[endpoint];
  return ` (for ${endpoint}, the id is the ${endpoint} response’s ${field === 'id' ? 'top-level id' : field})`;
}

function feedbackCodeMessage(
  code: string,
  details: readonly { path: string; message: string }[],
  serverMessage: string | undefined,
  ctx: FailureContext,
): FailureMessage {
  const job = ctx.jobId ? ` ${ctx.jobId}` : '';
  switch (code) {
    case 'INVALID_BODY':
      return {
        message: details.length
          ? `Firecrawl rejected the feedback: ${sentence(listProblems(details))} Choose Edit and Retry to fix it; everything you entered is kept.`
          : `Firecrawl rejected the feedback as invalid.${serverSaid(serverMessage)} Choose Edit and Retry to fix it; everything you entered is kept.`,
        severity: 'error',
        actions: ['editAndRetry'],
      };
    case 'FEEDBACK_WINDOW_EXPIRED':
      return {
        message: `Too late for this job: Firecrawl accepts feedback ${feedbackWindowText(serverMessage)}. Run the job again and send feedback right after it; Edit and Retry keeps everything you entered, so only the job id changes.`,
        severity: 'error',
        actions: ['editAndRetry'],
      };
    case 'JOB_NOT_FOUND':
      return {
        message: `Firecrawl found no ${ctx.endpoint ?? ''} job${job} for your team. Check the job id${jobIdHint(ctx.endpoint)} and that the endpoint is the one that ran it (a parse job is not a scrape job), and that your API key belongs to the team that ran it.`.replace(/ {2,}/g, ' '),
        severity: 'error',
        actions: ['editAndRetry'],
      };
    case 'SEARCH_NOT_FOUND':
      return {
        message: `Firecrawl found no search job${job} for your team. Check the id (the search response's top-level id) and that the job was a search, not a scrape or map.`,
        severity: 'error',
        actions: ['editAndRetry'],
      };
    case 'SEARCH_FAILED':
      return {
        message: `That search${job} did not succeed, so it cannot receive feedback or a refund. Feedback is only for searches that completed.`,
        severity: 'error',
        actions: ['editAndRetry'],
      };
    case 'TEAM_OPTED_OUT':
      return {
        message: 'Feedback is turned off for your Firecrawl team. Ask Firecrawl support (support@firecrawl.com) to turn it back on.',
        severity: 'error',
        actions: [],
      };
    case 'PREVIEW_TEAM_NOT_ALLOWED':
      return {
        message: 'Preview teams cannot send feedback. Use an API key of a regular (non-preview) Firecrawl team.',
        severity: 'error',
        actions: ['setApiKey'],
      };
    case 'DB_DISABLED':
      return {
        message: `The server at ${plainText(ctx.apiUrl, 200)} runs without a database (a self-hosted Firecrawl), so it cannot take feedback. Feedback and refunds work only with the hosted service (https://api.firecrawl.dev): change firecrawl.apiUrl to send it there.`,
        severity: 'error',
        actions: ['openSettings', 'editAndRetry'],
      };
    case 'INTERNAL':
      return {
        message: 'Firecrawl failed to record the feedback (an internal error on its side); nothing was refunded. Try again in a moment.',
        severity: 'error',
        actions: ['sendAgain', 'editAndRetry'],
      };
    default:
      return {
        message: `Firecrawl rejected the feedback (${plainText(code, 60)}).${serverSaid(serverMessage)}`,
        severity: 'error',
        actions: ['editAndRetry', 'showLogs'],
      };
  }
}

export function describeFeedbackFailure(error: unknown, ctx: FailureContext): FailureMessage {
  if (!isFirecrawlError(error)) {
    const text = error instanceof Error ? error.message : String(error);
    return { message: `Feedback could not be sent: ${plainText(text, 300)}`, severity: 'error', actions: ['editAndRetry', 'showLogs'] };
  }
  switch (error.kind) {
    case 'feedback': {
      const { details, feedbackErrorCode: code } = error;
      return feedbackCodeMessage(code, details, error.serverMessage, ctx);
    }
    case 'invalidRequest': {
      const { problems } = error;
      if (problems[0]?.path === API_KEY_PATH) {
        return { message: `Not sent: the API key ${plainText(problems[0].message.replace(/^the key /, ''), 200)}. Set the key again, then send again: your feedback is kept.`, severity: 'error', actions: ['setApiKey', 'sendAgain'] };
      }
      return { message: `Not sent: ${sentence(listProblems(problems))} Choose Edit and Retry to fix it.`, severity: 'error', actions: ['editAndRetry'] };
    }
    case 'unauthorized':
      return {
        message: `Firecrawl rejected the API key (401), so the feedback was not recorded. Set a valid key, then send again: your feedback is kept.${serverSaid(error.serverMessage)}`,
        severity: 'error',
        actions: ['setApiKey', 'sendAgain'],
      };
    case 'rateLimited': {
      const when = waitText(error.retryAfterMs) ?? 'in a few seconds';
      return {
        message: `Firecrawl's rate limit was reached (429); nothing was recorded. Send again ${when}, while the job is still within its feedback window.`,
        severity: 'warning',
        actions: ['sendAgain', 'editAndRetry'],
      };
    }
    case 'network':
      return {
        message: `Could not reach Firecrawl at ${plainText(ctx.apiUrl, 200)}. Check the network connection and the firecrawl.apiUrl setting, then send again.`,
        severity: 'error',
        actions: ['sendAgain', 'openSettings'],
      };
    case 'timeout':
      return {
        message: 'Firecrawl did not answer in time, so the feedback may or may not have been recorded. Sending again is safe: a repeat never refunds twice.',
        severity: 'warning',
        actions: ['sendAgain', 'editAndRetry'],
      };
    case 'forbidden':
      return {
        message: `Firecrawl refused the feedback (403): the team may be blocked or your IP not on its allow-list.${serverSaid(error.serverMessage)}`,
        severity: 'error',
        actions: ['setApiKey', 'editAndRetry'],
      };
    case 'redirect':
      return {
        message: `The server at ${plainText(ctx.apiUrl, 200)} answered with a redirect (HTTP ${error.status ?? '3xx'})${error.location ? ` to ${plainText(error.location, 200)}` : ''}; redirects are not followed, so nothing was sent on. If the new address is right, put it in the firecrawl.apiUrl setting.`,
        severity: 'error',
        actions: ['openSettings', 'editAndRetry'],
      };
    case 'noRoute':
    case 'gone':
    case 'notFound':
      return {
        message: `The server at ${plainText(ctx.apiUrl, 200)} has no feedback endpoint (404)${ctx.selfHosted ? ': it may be an older self-hosted Firecrawl' : ''}. Check the firecrawl.apiUrl setting.`,
        severity: 'error',
        actions: ['openSettings', 'editAndRetry'],
      };
    case 'server':
      return {
        message: `Firecrawl had a server error (HTTP ${error.status ?? '5xx'}); nothing was refunded. Try again in a moment.${serverSaid(error.serverMessage)}`,
        severity: 'error',
        actions: ['sendAgain', 'editAndRetry'],
      };
    case 'badRequest':
      return {
        message: `Firecrawl did not accept the feedback (HTTP ${error.status ?? 400}).${serverSaid(error.serverMessage)} Choose Edit and Retry to change it.`,
        severity: 'error',
        actions: ['editAndRetry', 'showLogs'],
      };
    case 'invalidResponse':
      return {
        message: 'Firecrawl answered in a form this extension cannot read, so the feedback may or may not have been recorded. The log has the details.',
        severity: 'error',
        actions: ['showLogs', 'sendAgain'],
      };
    case 'cancelled':
      return { message: 'Feedback not sent: cancelled before it left. Everything you entered is kept.', severity: 'info', actions: ['editAndRetry'] };
  }
}
