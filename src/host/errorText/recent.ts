// Why the team's recent jobs cannot be listed, as one short line: the feedback wizard shows it above
// the paste box, the Research view on its Recent group and in Add Recent Jobs. The lists are a
// convenience (the id can always be pasted), so the words say what happened and nothing more.
// Pure: no `vscode`.
import * as l10n from '@vscode/l10n';
import { isDefaultApiUrl, isFirecrawlError, isUnsupportedOnServer } from '../../api';
import { plainText } from '../../shared/text';
import { browserBlockedText, type ErrorContext, notFirecrawlsRefusal, theServer, waitText } from './general';

/**
 * The server has no such list at all: a 404 (an older or self-hosted server without the route, or
 * the service's own "not found"), a 501 (self-hosted without the database behind it), or at a
 * server of one's own (`selfHosted`) an older release's 500 "Failed to fetch activity.". Asking
 * again cannot help until the API URL changes.
 */
export function isListingUnsupported(error: unknown, selfHosted = false): boolean {
  return isFirecrawlError(error) && (error.kind === 'noRoute' || error.kind === 'notFound' || error.status === 501 || isUnsupportedOnServer(error, selfHosted));
}

export function recentJobsUnavailableText(error: unknown, ctx: ErrorContext = {}): string {
  if (isListingUnsupported(error, ctx.selfHosted ?? (ctx.apiUrl !== undefined && !isDefaultApiUrl(ctx.apiUrl)))) {
    return ctx.apiUrl
      ? l10n.t('The server at {0} does not list recent jobs (self-hosted Firecrawl may not).', plainText(ctx.apiUrl, 120))
      : l10n.t('This server does not list recent jobs (self-hosted Firecrawl may not).');
  }
  if (!isFirecrawlError(error)) return l10n.t('Recent jobs could not be listed.');
  switch (error.kind) {
    case 'unauthorized':
      // As everywhere: only the service's own 401 rejects the key; none set is not a rejected one.
      if (!error.serviceBody) return `${notFirecrawlsRefusal(error, ctx)} ${l10n.t('Recent jobs could not be listed.')}`;
      if (ctx.keySet === false) return l10n.t('{0} asks for an API key (401) and none is set, so recent jobs cannot be listed.', theServer(ctx.apiUrl));
      return l10n.t('Firecrawl rejected the API key (401), so recent jobs cannot be listed.');
    case 'forbidden':
      if (!error.serviceBody) return `${notFirecrawlsRefusal(error, ctx)} ${l10n.t('Recent jobs could not be listed.')}`;
      // A team route: open to restricted keys, so only the team or the address is refused.
      return l10n.t('Firecrawl refused to list recent jobs (403): the team may be blocked, or your IP not on its allow-list.');
    case 'rateLimited': {
      const wait = waitText(error.retryAfterMs);
      return wait ? l10n.t('Firecrawl’s rate limit was reached; recent jobs can be listed again {0}.', wait) : l10n.t('Firecrawl’s rate limit was reached, so recent jobs are not listed right now.');
    }
    case 'network':
      return l10n.t('Could not reach Firecrawl to list recent jobs.') + browserBlockedText(error, ctx);
    case 'timeout':
      // Reached, but slow: not the network's fault, as "could not reach" would say.
      return l10n.t('Firecrawl did not answer in time, so recent jobs are not listed right now.');
    case 'cancelled':
      return l10n.t('Listing recent jobs was cancelled.');
    case 'server':
      return l10n.t('Firecrawl had a server error (HTTP {0}) while listing recent jobs.', String(error.status ?? '5xx'));
    case 'invalidResponse':
      return l10n.t('Firecrawl sent a list of recent jobs this extension cannot read.');
    default:
      return l10n.t('Recent jobs could not be listed.');
  }
}
