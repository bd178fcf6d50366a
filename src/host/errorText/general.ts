// Every failure of a read (credits, usage history, research jobs, the key check) as one sentence a
// person can act on, with the next steps to offer. The error's kind and status decide; the service's
// own text is added only as inert plain text. Pure: no `vscode`, so every case is unit-tested. Words
// go through @vscode/l10n as whole sentences: an optional part (a URL, a retry) makes a variant of
// the sentence, and only what the sentence is about (the operation, the server) is a phrase of its own.
import * as l10n from '@vscode/l10n';
import { API_KEY_PATH, type FirecrawlError, isDefaultApiUrl, isFirecrawlError, isUnsupportedOnServer, type NetworkError, type Operation } from '../../api';
import { currentLocale, formatExact } from '../../shared/format';
import { isBundleLoadError } from '../bundleError';
import { plainText, sentence } from '../../shared/text';
import type { NextStep } from './nextSteps';

export interface ErrorContext {
  /** The server requests go to, named when a 404 suggests a wrong URL. */
  apiUrl?: string;
  /** The API URL is not the hosted service. */
  selfHosted?: boolean;
  /** How long until the caller tries again by itself, when it will. */
  retryInMs?: number;
  /** The extension host runs in a browser, where a server must allow the page's origin (CORS). */
  browser?: boolean;
  /** False when no API key is set: a 401 then asks for one rather than rejecting it. */
  keySet?: boolean;
  /** The caller shows the service's own words apart (fenced as untrusted for an AI model): leave them out. */
  serverWordsApart?: boolean;
}

export interface ErrorText {
  message: string;
  /** In the order the buttons or links should appear. */
  actions: NextStep[];
}

/** The team's own routes (/v2/team/…): open to every key of the team, restricted or not, so a 403 there is never the key's scope. */
const TEAM_ROUTES: ReadonlySet<Operation> = new Set<Operation>(['creditUsage', 'creditUsageHistory', 'queueStatus', 'activity']);

const OPERATION_TEXT: Record<Operation, () => string> = {
  creditUsage: () => l10n.t('reading remaining credits'),
  creditUsageHistory: () => l10n.t('reading credit usage history'),
  queueStatus: () => l10n.t('reading the team’s queue'),
  researchJob: () => l10n.t('reading the deep research job'),
  agentJob: () => l10n.t('reading the agent job'),
  agentCancel: () => l10n.t('cancelling the agent job'),
  feedback: () => l10n.t('sending feedback'),
  activity: () => l10n.t('reading the team’s recent jobs'),
  agentList: () => l10n.t('reading the team’s agent runs'),
  scrape: () => l10n.t('scraping the page'),
  search: () => l10n.t('searching the web'),
  map: () => l10n.t('mapping the site'),
  agentStart: () => l10n.t('starting the agent job'),
  parse: () => l10n.t('parsing the file'),
};

/** What was being done, as a phrase that follows "while" in this module's sentences. */
export function operationText(operation: Operation): string {
  return OPERATION_TEXT[operation]();
}

/** The service's own words as a sentence of their own, inert, after a space; '' when it said nothing. */
export function serverSaid(text: string | undefined): string {
  return text?.trim() ? ` ${l10n.t('Firecrawl said: {0}', sentence(plainText(text, 300)))}` : '';
}

/** A feedback error code as the service writes them (`FEEDBACK_WINDOW_EXPIRED`): no words of its own to carry. */
function isCodeShaped(code: string): boolean {
  return /^[A-Z][A-Z0-9_]{0,59}$/.test(code);
}

/**
 * The service's words on a failure, inert, for a caller that shows them apart (`serverWordsApart`); undefined
 * when it said nothing. Whatever else of the server's choosing a failure carries comes with them: the fields a
 * refusal named (a rule's text can quote the input), a redirect's address, a code that is not shaped like one.
 */
export function serverWords(error: unknown): string | undefined {
  if (!isFirecrawlError(error)) return undefined;
  const fields = error.kind === 'badRequest' ? error.details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)) : [];
  const location = error.kind === 'redirect' && error.location ? [`Location: ${error.location}`] : [];
  const code = error.kind === 'feedback' && !isCodeShaped(error.feedbackErrorCode) ? [error.feedbackErrorCode] : [];
  return quotedServerWords([error.serverMessage?.trim(), ...fields, ...location, ...code].filter((t) => t).join('; '));
}

/** Words the service wrote (an error, a failed job's reason), inert, as a line of their own; undefined when blank. */
export function quotedServerWords(text: string | undefined): string | undefined {
  return text?.trim() ? l10n.t('The service said: {0}', plainText(text.trim(), 500)) : undefined;
}

/**
 * A 401 or 403 that is not the service's own JSON (a page, or JSON of another shape): something between the
 * editor and Firecrawl answered, so neither the key nor the team is the cause. Only the service's body says
 * Firecrawl refused.
 */
export function notFirecrawlsRefusal(error: FirecrawlError, ctx: ErrorContext): string {
  return error.kind === 'unauthorized'
    ? l10n.t(
        "{0} answered 401 while {1}, and not with Firecrawl's own error: something in between (a proxy or a gateway) asks for its own sign-in, or the API URL is wrong.",
        theServer(ctx.apiUrl),
        operationText(error.operation),
      )
    : l10n.t(
        "{0} answered 403 while {1}, and not with Firecrawl's own error: something in between (a proxy, a firewall or a web filter) blocked the request.",
        theServer(ctx.apiUrl),
        operationText(error.operation),
      );
}

/**
 * A 403 from the service's blocklist of sites (social networks and the like): only its words tell it
 * from a key or team refused, in either release's wording ("we do not support this site" now, "This
 * website is no longer supported" before and on self-hosted servers).
 */
export function isBlockedSite(error: FirecrawlError): boolean {
  return error.kind === 'forbidden' && error.serviceBody && /website is no longer supported|we do not support this site/i.test(error.serverMessage ?? '');
}

/** The server, named by its URL when known, as plain text (a URL can hold `](`). */
export function theServer(url: string | undefined): string {
  return url ? l10n.t('The server at {0}', plainText(url, 200)) : l10n.t('The server');
}

/** `in 5 s`, `in 2 min`; undefined when unknown. */
export function waitText(ms: number | undefined): string | undefined {
  if (ms === undefined || !Number.isFinite(ms)) return undefined;
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 120
    ? l10n.t({ message: 'in {0} s', args: [formatExact(seconds)], comment: ['{0} seconds'] })
    : l10n.t({ message: 'in {0} min', args: [formatExact(Math.ceil(seconds / 60))], comment: ['{0} minutes'] });
}

/** Whole seconds when long, one decimal when short: a 1.5 s limit is not "2 s". */
export function secondsText(ms: number): string {
  const seconds = ms / 1000;
  const shown = seconds >= 10 || Number.isInteger(seconds) ? formatExact(seconds) : new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(seconds);
  return l10n.t({ message: '{0} s', args: [shown], comment: ['{0} seconds'] });
}

/** A research job the service no longer has: what a 404 on it means. */
export function jobNotFoundText(): string {
  return l10n.t('Expired or not found: the service no longer has this job (jobs stay readable about 6 hours after their last update), or the id belongs to another team.');
}

export function agentNotFoundText(): string {
  return l10n.t('Expired or not found: the service no longer has this agent job, or the id belongs to another team.');
}

/**
 * Deep research answered with a bare 404 (not Firecrawl's JSON, as when the route is unmounted) while
 * the Agent API, on the same server, answered in the service's own words: the route itself is gone.
 */
export function researchUnroutedText(): string {
  return l10n.t(
    'This server no longer serves the Deep Research API (its route answers a plain 404, as when it is removed), and the id is not an agent job either. New research runs as agent jobs (the Agent API, /v2/agent), which this view follows too.',
  );
}

/** What the service's 410 on deep research means, and what replaces it. */
export function researchGoneText(): string {
  return l10n.t('Firecrawl shut the Deep Research API down: deep research jobs can no longer be read. New research runs as agent jobs (the Agent API, /v2/agent), which this view follows too.');
}

/** What follows "the key" about a key that cannot be sent (api/apiKeyText). */
export function keyFaultText(problem: string): string {
  return plainText(problem, 200);
}

/**
 * A browser refuses the answer of a server that does not allow the page's origin, and fetch then fails
 * just as it does for a server that is down, so the likely cause is said after "could not reach". Not
 * for the hosted service (it allows every origin), nor once an answer arrived (a status is known).
 */
export function browserBlockedText(error: NetworkError, ctx: ErrorContext): string {
  if (!ctx.browser || error.status !== undefined) return '';
  const server = error.baseUrl || ctx.apiUrl;
  if (server ? isDefaultApiUrl(server) : ctx.selfHosted !== true) return '';
  return ` ${l10n.t(
    'In a browser this is often CORS: the server must send Access-Control-Allow-Origin for this page and allow Authorization in Access-Control-Allow-Headers; or use VS Code desktop.',
  )}`;
}

const CREDIT_ROUTES: ReadonlySet<Operation> = new Set(['creditUsage', 'creditUsageHistory']);

export function describeError(error: unknown, ctx: ErrorContext = {}): ErrorText {
  if (isBundleLoadError(error)) {
    const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
    return {
      message: l10n.t(
        'Firecrawl could not load one of its own files ({0}): {1}. Check the network connection, then run Developer: Reload Window; if it still fails, reinstall the extension.',
        plainText(error.file, 60),
        plainText(cause, 200),
      ),
      actions: ['showLogs'],
    };
  }
  if (!isFirecrawlError(error)) {
    const text = error instanceof Error ? error.message : String(error);
    return { message: l10n.t('Something went wrong: {0}', plainText(text, 300)), actions: ['showLogs'] };
  }
  const doing = operationText(error.operation);
  const retry = waitText(ctx.retryInMs);
  const said = ctx.serverWordsApart ? '' : serverSaid(error.serverMessage);
  switch (error.kind) {
    case 'unauthorized':
      if (!error.serviceBody) return { message: `${notFirecrawlsRefusal(error, ctx)} ${l10n.t('Check the API URL setting and the network.')}`, actions: ['openSettings', 'showLogs'] };
      if (ctx.keySet === false) return { message: l10n.t('{0} asks for an API key (401) and none is set. Set one.', theServer(ctx.apiUrl)) + said, actions: ['setApiKey'] };
      return { message: l10n.t('Firecrawl rejected the API key (401). Set a valid key.') + said, actions: ['setApiKey'] };
    case 'forbidden':
      if (isBlockedSite(error)) {
        const server = ctx.selfHosted ? theServer(ctx.apiUrl) : 'Firecrawl'; // not localised: the product's name
        return { message: l10n.t('{0} does not fetch this site (403): it is on the list of sites it refuses, whatever the key.', server) + said, actions: [] };
      }
      // Only the service's own JSON is Firecrawl refusing; a page is a proxy's, a firewall's or a web filter's.
      if (!error.serviceBody) return { message: `${notFirecrawlsRefusal(error, ctx)} ${l10n.t('Check the API URL setting and the network.')}`, actions: ['openSettings', 'showLogs'] };
      return {
        message:
          (TEAM_ROUTES.has(error.operation)
            ? l10n.t('Firecrawl refused {0} (403): the team may be blocked, or your IP not on its allow-list.', doing)
            : l10n.t('Firecrawl refused {0} (403): the key may be restricted to other endpoints, the team blocked, or your IP not on the allow-list.', doing)) + said,
        actions: ['setApiKey', 'showLogs'],
      };
    case 'notFound':
      // Only the service's own JSON says "no such job" or "no billing record"; any other 404 is a wrong address.
      if (!error.serviceBody) {
        return {
          message: l10n.t(
            "{0} answered 404 while {1}, and not with Firecrawl's own error, so it is probably not a Firecrawl API (a wrong API URL, a path in it, or a proxy in between). Check the API URL setting.",
            theServer(ctx.apiUrl),
            doing,
          ),
          actions: ['openSettings', 'showLogs'],
        };
      }
      if (error.operation === 'researchJob') return { message: jobNotFoundText(), actions: [] };
      if (error.operation === 'agentJob' || error.operation === 'agentCancel') return { message: agentNotFoundText(), actions: [] };
      if (CREDIT_ROUTES.has(error.operation)) return { message: l10n.t('Firecrawl has no billing information for this team.'), actions: [] };
      // Firecrawl's own JSON came back: the address is right, so the service's words say more than advice about it.
      return { message: l10n.t('Firecrawl found nothing while {0} (404).', doing) + said, actions: ['showLogs'] };
    case 'noRoute':
      return {
        message: l10n.t(
          "{0} answered 404 while {1}, and not with Firecrawl's own error: it does not serve this route (a wrong API URL, a path in it, a proxy in between, or an older self-hosted Firecrawl). Check the API URL setting.",
          theServer(ctx.apiUrl),
          doing,
        ),
        actions: ['openSettings', 'showLogs'],
      };
    case 'gone':
      if (error.operation === 'researchJob') return { message: researchGoneText(), actions: [] };
      return { message: l10n.t('Firecrawl no longer serves this (410 Gone) while {0}.', doing) + said, actions: [] };
    case 'redirect': {
      const [server, status] = [theServer(ctx.apiUrl), String(error.status ?? '3xx')];
      return {
        // The address is the server's to choose: a caller that shows the server's words apart gets it there.
        message:
          error.location && !ctx.serverWordsApart
            ? l10n.t(
                '{0} answered with a redirect (HTTP {1}) to {2} while {3}. Redirects are not followed, so your key is not sent on; if the new address is right, put it in the API URL setting.',
                server,
                status,
                plainText(error.location, 200),
                doing,
              )
            : l10n.t(
                '{0} answered with a redirect (HTTP {1}) while {2}. Redirects are not followed, so your key is not sent on; if the new address is right, put it in the API URL setting.',
                server,
                status,
                doing,
              ),
        actions: ['openSettings'],
      };
    }
    case 'rateLimited': {
      const wait = waitText(error.retryAfterMs);
      const message = retry
        ? l10n.t("Firecrawl's rate limit was reached while {0}; retrying {1}.", doing, retry)
        : wait
          ? l10n.t("Firecrawl's rate limit was reached while {0}; try again {1}.", doing, wait)
          : l10n.t("Firecrawl's rate limit was reached while {0}; try again in a moment.", doing);
      return { message, actions: [] };
    }
    case 'server': {
      if (CREDIT_ROUTES.has(error.operation) && isUnsupportedOnServer(error, ctx.selfHosted === true)) {
        const message =
          error.operation === 'creditUsage'
            ? l10n.t('Credits are not available on this server: self-hosted Firecrawl does not track credits.')
            : l10n.t('Usage history is not available on this server: self-hosted Firecrawl does not track credits.');
        return { message, actions: ['openSettings'] };
      }
      const status = String(error.status ?? '5xx');
      return {
        message:
          (retry ? l10n.t('Firecrawl had a server error (HTTP {0}) while {1}; retrying {2}.', status, doing, retry) : l10n.t('Firecrawl had a server error (HTTP {0}) while {1}.', status, doing)) +
          said,
        actions: retry ? [] : ['showLogs'],
      };
    }
    case 'badRequest':
      return { message: l10n.t('Firecrawl did not accept the request for {0} (HTTP {1}).', doing, String(error.status ?? 400)) + said, actions: ['showLogs'] };
    case 'invalidResponse':
      if (error.limitBytes !== undefined)
        return {
          message: l10n.t(
            "Firecrawl's answer while {0} is larger than {1} MB, the most this extension reads. Ask for less: a smaller page, fewer results or a lower limit.",
            doing,
            formatExact(Math.round(error.limitBytes / 1024 / 1024)),
          ),
          actions: ['showLogs'],
        };
      return { message: unreadableText(doing, error.path ? plainText(error.path, 80) : undefined, retry), actions: ['showLogs'] };
    case 'network': {
      const server = error.baseUrl ? plainText(error.baseUrl, 200) : undefined;
      const message = server
        ? retry
          ? l10n.t('Could not reach Firecrawl at {0} while {1}; retrying {2}. Check the network and the API URL setting.', server, doing, retry)
          : l10n.t('Could not reach Firecrawl at {0} while {1}. Check the network and the API URL setting.', server, doing)
        : retry
          ? l10n.t('Could not reach Firecrawl while {0}; retrying {1}. Check the network and the API URL setting.', doing, retry)
          : l10n.t('Could not reach Firecrawl while {0}. Check the network and the API URL setting.', doing);
      return { message: message + browserBlockedText(error, ctx), actions: ['openSettings', 'showLogs'] };
    }
    case 'timeout': {
      const within = secondsText(error.timeoutMs);
      const message = retry ? l10n.t('Firecrawl did not answer within {0} while {1}; retrying {2}.', within, doing, retry) : l10n.t('Firecrawl did not answer within {0} while {1}.', within, doing);
      return { message, actions: ['showLogs'] };
    }
    case 'invalidRequest':
      if (error.problems[0]?.path === API_KEY_PATH) {
        return { message: l10n.t('The API key cannot be sent: the key {0}. Set the key again.', keyFaultText(error.problems[0].message)), actions: ['setApiKey'] };
      }
      return { message: l10n.t('Not sent: {0}', sentence(error.problems.map((p) => plainText(p.path ? `${p.path}: ${p.message}` : p.message, 200)).join('; '))), actions: [] };
    case 'feedback':
      // A code is the server's to choose as well: apart, only one shaped like a code is named here.
      return {
        message:
          (!ctx.serverWordsApart || isCodeShaped(error.feedbackErrorCode)
            ? l10n.t('Firecrawl rejected the request ({0}).', plainText(error.feedbackErrorCode, 60))
            : l10n.t('Firecrawl rejected the request.')) + said,
        actions: ['showLogs'],
      };
    case 'cancelled':
      return { message: l10n.t('Cancelled {0}.', doing), actions: [] };
  }
}

/** A response that could not be read, `at` where in it, and whether the caller retries by itself. */
function unreadableText(doing: string, at: string | undefined, retry: string | undefined): string {
  if (at !== undefined) {
    return retry
      ? l10n.t('Firecrawl sent a response this extension cannot read while {0} (at {1}); retrying {2}.', doing, at, retry)
      : l10n.t('Firecrawl sent a response this extension cannot read while {0} (at {1}).', doing, at);
  }
  return retry
    ? l10n.t('Firecrawl sent a response this extension cannot read while {0}; retrying {1}.', doing, retry)
    : l10n.t('Firecrawl sent a response this extension cannot read while {0}.', doing);
}

/** What checking a new key against the server found, in words for the key's input box. */
export type KeyCheckText = { verdict: 'rejected' | 'unverified'; message: string };

export function describeKeyCheckFailure(error: unknown, ctx: ErrorContext = {}): KeyCheckText {
  if (isFirecrawlError(error) && error.kind === 'unauthorized' && error.serviceBody) {
    return { verdict: 'rejected', message: l10n.t('Key rejected by Firecrawl (401 Unauthorized). Check the key and try again.') };
  }
  // A server of one's own that keeps no credits answers the check as it answers every credit read: said once, plainly.
  if (isUnsupportedOnServer(error, ctx.selfHosted === true)) {
    return {
      verdict: 'unverified',
      message: l10n.t('{0} does not report credits, so the key cannot be checked there (a server without authentication needs no key). Press Enter again to save it anyway.', theServer(ctx.apiUrl)),
    };
  }
  return { verdict: 'unverified', message: l10n.t('Could not check the key: {0} Press Enter again to save it anyway.', sentence(describeError(error, ctx).message)) };
}
