// Every way sending feedback can fail, as a message a person can act on and the next steps to
// offer. The service's feedbackErrorCode decides, never its text; its text (and INVALID_BODY
// details) is shown only as inert plain text. Words go through @vscode/l10n; a button named in a
// sentence is named by its own label, so the two always match. Pure: no `vscode`.

import * as l10n from '@vscode/l10n';
import { FEEDBACK_JOB_ID_FIELDS, type FeedbackEndpoint } from '../../api/feedback';
import { API_KEY_PATH, isFirecrawlError, type NetworkError } from '../../api/errors';
import { formatExact, formatSpan } from '../../shared/format';
import { plainText, sentence } from '../../shared/text';
import { nameOfPath } from './feedbackFields';
import { browserBlockedText, keyFaultText, notFirecrawlsRefusal, serverSaid, theServer, waitText } from './general';
import { type NextStep, nextStepLabel } from './nextSteps';

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
  /** The extension host runs in a browser (ErrorContext.browser). */
  browser?: boolean;
  /** Whether a key is set for this server (ErrorContext.keySet): a 401 with none set rejected no key. */
  keySet?: boolean;
  /** This is a Send Again after an attempt whose answer never came (a time-out, a dropped connection, a gateway's 502/504): it may have been recorded. */
  earlierMayHaveLanded?: boolean;
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
  const shown = problems
    .slice(0, 6)
    .map((p) => `${nameOfPath(plainText(p.path, 80))}: ${plainText(p.message, 200)}`)
    .join('; ');
  const more = problems.length - 6;
  return more > 0 ? l10n.t({ message: '{0}; and {1} more', args: [shown, formatExact(more)], comment: ['a list of problems, then how many were left out'] }) : shown;
}

const WINDOW_IN_TEXT = /within\s+(\d{1,7})\s*(seconds?|secs?|s|minutes?|mins?)\b/i;

/** The window a FEEDBACK_WINDOW_EXPIRED message states, in seconds; undefined when it states none. */
function feedbackWindowSeconds(serverMessage: string | undefined): number | undefined {
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
 * The feedback window is a server setting with no published default (120 s on older deployments, a
 * day on newer ones); its own message states the real value, so that is the only number ever shown.
 * A phrase: what follows "Firecrawl accepts feedback".
 */
export function feedbackWindowText(serverMessage: string | undefined): string {
  const seconds = feedbackWindowSeconds(serverMessage);
  if (seconds === undefined) return l10n.t({ message: 'only for a short time after the job (the server sets how long)', args: [], comment: ['follows "Firecrawl accepts feedback"'] });
  // In the largest whole unit: newer servers say "86400 seconds", which is a day.
  return l10n.t({ message: 'only within {0} of the job', args: [formatSpan(seconds)], comment: ['follows "Firecrawl accepts feedback"; {0} is a span such as "5 minutes" or "1 day"'] });
}

/** Where `endpoint`'s response holds the job id, as a phrase inside "Check the job id (…)". */
function jobIdHint(endpoint: FeedbackEndpoint): string {
  const field = FEEDBACK_JOB_ID_FIELDS[endpoint];
  return field === 'id' ? l10n.t('for {0}, the id is the {0} response’s top-level id', endpoint) : l10n.t('for {0}, the id is the {0} response’s {1}', endpoint, field);
}

/** "Firecrawl found no scrape job <id> for your team. Check the job id (…) and …" */
function jobNotFoundText(endpoint: FeedbackEndpoint | undefined, jobId: string | undefined): string {
  const found =
    endpoint === undefined
      ? jobId === undefined
        ? l10n.t('Firecrawl found no job for your team.')
        : l10n.t('Firecrawl found no job {0} for your team.', jobId)
      : jobId === undefined
        ? l10n.t('Firecrawl found no {0} job for your team.', endpoint)
        : l10n.t('Firecrawl found no {0} job {1} for your team.', endpoint, jobId);
  const check =
    endpoint === undefined
      ? l10n.t('Check the job id and that the endpoint is the one that ran it (a parse job is not a scrape job), and that your API key belongs to the team that ran it.')
      : l10n.t('Check the job id ({0}) and that the endpoint is the one that ran it (a parse job is not a scrape job), and that your API key belongs to the team that ran it.', jobIdHint(endpoint));
  return `${found} ${check}`;
}

/** "Choose Edit and Retry to fix it; …", naming the button by its label. */
function editToFix(): string {
  return l10n.t('Choose {0} to fix it; everything you entered is kept.', nextStepLabel('editAndRetry'));
}

function feedbackCodeMessage(code: string, details: readonly { path: string; message: string }[], serverMessage: string | undefined, ctx: FailureContext, status?: number): FailureMessage {
  const job = ctx.jobId || undefined;
  const said = serverSaid(serverMessage);
  switch (code) {
    case 'INVALID_BODY':
      return {
        message: details.length
          ? `${l10n.t('Firecrawl rejected the feedback: {0}', sentence(listProblems(details)))} ${editToFix()}`
          : `${l10n.t('Firecrawl rejected the feedback as invalid.')}${said} ${editToFix()}`,
        severity: 'error',
        actions: ['editAndRetry'],
      };
    case 'FEEDBACK_WINDOW_EXPIRED':
      // The service looks at the time before it looks for a repeat: the attempt that timed out may be the one recorded.
      if (ctx.earlierMayHaveLanded) {
        return {
          message: l10n.t(
            'Too late to send it again: Firecrawl accepts feedback {0}. The earlier attempt may have been recorded all the same (no answer that could be read came back): look for its refund in your usage before you run the job again.',
            feedbackWindowText(serverMessage),
          ),
          severity: 'warning',
          actions: ['editAndRetry'],
        };
      }
      return {
        message: l10n.t(
          'Too late for this job: Firecrawl accepts feedback {0}. Run the job again and send feedback right after it; {1} keeps everything you entered, so only the job id changes.',
          feedbackWindowText(serverMessage),
          nextStepLabel('editAndRetry'),
        ),
        severity: 'error',
        actions: ['editAndRetry'],
      };
    case 'JOB_NOT_FOUND':
      return { message: jobNotFoundText(ctx.endpoint, job), severity: 'error', actions: ['editAndRetry'] };
    case 'SEARCH_NOT_FOUND':
      return {
        message: job
          ? l10n.t("Firecrawl found no search job {0} for your team. Check the id (the search response's top-level id) and that the job was a search, not a scrape or map.", job)
          : l10n.t("Firecrawl found no search job for your team. Check the id (the search response's top-level id) and that the job was a search, not a scrape or map."),
        severity: 'error',
        actions: ['editAndRetry'],
      };
    case 'SEARCH_FAILED':
      return {
        message: job
          ? l10n.t('That search {0} did not succeed, so it cannot receive feedback or a refund. Feedback is only for searches that completed.', job)
          : l10n.t('That search did not succeed, so it cannot receive feedback or a refund. Feedback is only for searches that completed.'),
        severity: 'error',
        actions: ['editAndRetry'],
      };
    case 'TEAM_OPTED_OUT':
      return {
        message: l10n.t('Feedback is turned off for your Firecrawl team. Ask Firecrawl support (support@firecrawl.com) to turn it back on.'),
        severity: 'error',
        actions: [],
      };
    case 'PREVIEW_TEAM_NOT_ALLOWED':
      return {
        message: l10n.t('Preview teams cannot send feedback. Use an API key of a regular (non-preview) Firecrawl team.'),
        severity: 'error',
        actions: ['setApiKey'],
      };
    case 'DB_DISABLED':
      return {
        message: l10n.t(
          'The server at {0} runs without a database (a self-hosted Firecrawl), so it cannot take feedback, nor can a job that ran there be rated anywhere else. Feedback and refunds are for jobs run on the hosted service (https://api.firecrawl.dev): for one of those, change firecrawl.apiUrl and send it again.',
          plainText(ctx.apiUrl, 200),
        ),
        severity: 'error',
        actions: ['openSettings', 'editAndRetry'],
      };
    case 'INTERNAL':
      return {
        message: l10n.t('Firecrawl failed to record the feedback (an internal error on its side); nothing was refunded. Try again in a moment.'),
        severity: 'error',
        actions: ['sendAgain', 'editAndRetry'],
      };
    default:
      // A code we do not know on a 5xx is an outage on their side, not a verdict on the feedback: the same
      // feedback may go through later (a repeat is answered as already submitted, never twice).
      if (status !== undefined && status >= 500)
        return {
          message: l10n.t('Firecrawl could not record the feedback right now ({0}); nothing was refunded. Try again in a moment.', plainText(code, 60)) + said,
          severity: 'error',
          actions: ['sendAgain', 'editAndRetry'],
        };
      return {
        message: l10n.t('Firecrawl rejected the feedback ({0}).', plainText(code, 60)) + said,
        severity: 'error',
        actions: ['editAndRetry', 'showLogs'],
      };
  }
}

export function describeFeedbackFailure(error: unknown, ctx: FailureContext): FailureMessage {
  if (!isFirecrawlError(error)) {
    const text = error instanceof Error ? error.message : String(error);
    return { message: l10n.t('Feedback could not be sent: {0}', plainText(text, 300)), severity: 'error', actions: ['editAndRetry', 'showLogs'] };
  }
  const said = serverSaid(error.serverMessage);
  const server = plainText(ctx.apiUrl, 200);
  switch (error.kind) {
    case 'feedback': {
      const { details, feedbackErrorCode: code } = error;
      return feedbackCodeMessage(code, details, error.serverMessage, ctx, error.status);
    }
    case 'invalidRequest': {
      const { problems } = error;
      if (problems[0]?.path === API_KEY_PATH) {
        return {
          message: l10n.t('Not sent: the API key {0}. Set the key again, then send again: your feedback is kept.', keyFaultText(problems[0].message)),
          severity: 'error',
          actions: ['setApiKey', 'sendAgain'],
        };
      }
      return {
        message: l10n.t('Not sent: {0} Choose {1} to fix it.', sentence(listProblems(problems)), nextStepLabel('editAndRetry')),
        severity: 'error',
        actions: ['editAndRetry'],
      };
    }
    case 'unauthorized':
      if (!error.serviceBody) {
        return { message: `${notFirecrawlsRefusal(error, ctx)} ${l10n.t('The feedback was not recorded; it is kept.')}`, severity: 'error', actions: ['openSettings', 'showLogs'] };
      }
      if (ctx.keySet === false) {
        return {
          message: l10n.t('{0} asks for an API key (401) and none is set, so the feedback was not recorded. Set one, then send again: your feedback is kept.', theServer(ctx.apiUrl)) + said,
          severity: 'error',
          actions: ['setApiKey', 'sendAgain'],
        };
      }
      return {
        message: l10n.t('Firecrawl rejected the API key (401), so the feedback was not recorded. Set a valid key, then send again: your feedback is kept.') + said,
        severity: 'error',
        actions: ['setApiKey', 'sendAgain'],
      };
    case 'rateLimited':
      return {
        message: l10n.t(
          "Firecrawl's rate limit was reached (429); nothing was recorded. Send again {0}, while the job is still within its feedback window.",
          waitText(error.retryAfterMs) ?? l10n.t({ message: 'in a few seconds', args: [], comment: ['when to send again, as in "Send again in a few seconds"'] }),
        ),
        severity: 'warning',
        actions: ['sendAgain', 'editAndRetry'],
      };
    case 'network':
      // The connection dropped once the feedback was on its way: the service may have recorded it. (A
      // browser's fetch cannot tell that from a refused connection or a blocked request: it is said as those.)
      if ((error as NetworkError).maybeSent && !ctx.browser)
        return {
          message:
            l10n.t(
              'The connection to Firecrawl at {0} broke off before an answer came, so the feedback may or may not have been recorded. Sending again is safe: a repeat never refunds twice.',
              server,
            ) + browserBlockedText(error, ctx),
          severity: 'warning',
          actions: ['sendAgain', 'openSettings'],
        };
      return {
        message: l10n.t('Could not reach Firecrawl at {0}. Check the network connection and the firecrawl.apiUrl setting, then send again.', server) + browserBlockedText(error, ctx),
        severity: 'error',
        actions: ['sendAgain', 'openSettings'],
      };
    case 'timeout':
      return {
        message: l10n.t('Firecrawl did not answer in time, so the feedback may or may not have been recorded. Sending again is safe: a repeat never refunds twice.'),
        severity: 'warning',
        actions: ['sendAgain', 'editAndRetry'],
      };
    case 'forbidden':
      if (!error.serviceBody) {
        return { message: `${notFirecrawlsRefusal(error, ctx)} ${l10n.t('The feedback was not recorded; it is kept.')}`, severity: 'error', actions: ['openSettings', 'showLogs'] };
      }
      return {
        message: l10n.t('Firecrawl refused the feedback (403): the team may be blocked or your IP not on its allow-list.') + said,
        severity: 'error',
        actions: ['setApiKey', 'editAndRetry'],
      };
    case 'redirect': {
      const status = String(error.status ?? '3xx');
      return {
        message: error.location
          ? l10n.t(
              'The server at {0} answered with a redirect (HTTP {1}) to {2}; redirects are not followed, so nothing was sent on. If the new address is right, put it in the firecrawl.apiUrl setting.',
              server,
              status,
              plainText(error.location, 200),
            )
          : l10n.t(
              'The server at {0} answered with a redirect (HTTP {1}); redirects are not followed, so nothing was sent on. If the new address is right, put it in the firecrawl.apiUrl setting.',
              server,
              status,
            ),
        severity: 'error',
        actions: ['openSettings', 'editAndRetry'],
      };
    }
    case 'noRoute':
    case 'gone':
    case 'notFound':
      return {
        message: ctx.selfHosted
          ? l10n.t('The server at {0} has no feedback endpoint (404): it may be an older self-hosted Firecrawl. Check the firecrawl.apiUrl setting.', server)
          : l10n.t('The server at {0} has no feedback endpoint (404). Check the firecrawl.apiUrl setting.', server),
        severity: 'error',
        actions: ['openSettings', 'editAndRetry'],
      };
    case 'server':
      // A gateway's 502 or 504 says nothing of the service behind it, which may have recorded (and refunded) the
      // feedback before the gateway gave up: the controller's Send Again counts it as maybe landed too.
      if (error.status === 502 || error.status === 504)
        return {
          message:
            l10n.t('A gateway in front of Firecrawl answered HTTP {0}, so the feedback may or may not have been recorded. Sending again is safe: a repeat never refunds twice.', String(error.status)) +
            said,
          severity: 'warning',
          actions: ['sendAgain', 'editAndRetry'],
        };
      return {
        message: l10n.t('Firecrawl had a server error (HTTP {0}); nothing was refunded. Try again in a moment.', String(error.status ?? '5xx')) + said,
        severity: 'error',
        actions: ['sendAgain', 'editAndRetry'],
      };
    case 'badRequest':
      return {
        message: `${l10n.t('Firecrawl did not accept the feedback (HTTP {0}).', String(error.status ?? 400))}${said} ${l10n.t('Choose {0} to change it.', nextStepLabel('editAndRetry'))}`,
        severity: 'error',
        actions: ['editAndRetry', 'showLogs'],
      };
    case 'invalidResponse':
      return {
        message: l10n.t('Firecrawl answered in a form this extension cannot read, so the feedback may or may not have been recorded. The log has the details.'),
        severity: 'error',
        actions: ['showLogs', 'sendAgain'],
      };
    case 'cancelled':
      return { message: l10n.t('Feedback not sent: cancelled before it left. Everything you entered is kept.'), severity: 'info', actions: ['editAndRetry'] };
  }
}
