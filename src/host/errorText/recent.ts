// Why the team's recent jobs cannot be listed, as one short line: the feedback wizard shows it above
// the paste box, the Research view on its Recent group and in Add Recent Jobs. The lists are a
// convenience (the id can always be pasted), so the words say what happened and nothing more.
// Pure: no `vscode`.
import { isFirecrawlError } from '../../api';
import { plainText } from '../../shared/text';
import { waitText } from './general';

/**
 * The server has no such list at all: a 404 (an older or self-hosted server without the route, or
 * the service's own "not found") or a 501 (self-hosted without the database behind it). Asking again
 * cannot help until the API URL changes.
 */
export function isListingUnsupported(error: unknown): boolean {
  return isFirecrawlError(error) && (error.kind === 'noRoute' || error.kind === 'notFound' || error.status === 501);
}

export function recentJobsUnavailableText(error: unknown, ctx: { apiUrl?: string } = {}): string {
  if (isListingUnsupported(error)) {
    return ctx.apiUrl
      ? `The server at ${plainText(ctx.apiUrl, 120)} does not list recent jobs (self-hosted Firecrawl may not).`
      : 'This server does not list recent jobs (self-hosted Firecrawl may not).';
  }
  if (!isFirecrawlError(error)) return 'Recent jobs could not be listed.';
  switch (error.kind) {
    case 'unauthorized':
      return 'Firecrawl rejected the API key (401), so recent jobs cannot be listed.';
    case 'forbidden':
      return 'Firecrawl refused to list recent jobs (403): the key may be restricted, or the team blocked.';
    case 'rateLimited': {
      const wait = waitText(error.retryAfterMs);
      return wait ? `Firecrawl’s rate limit was reached; recent jobs can be listed again ${wait}.` : 'Firecrawl’s rate limit was reached, so recent jobs are not listed right now.';
    }
    case 'network':
    case 'timeout':
      return 'Could not reach Firecrawl to list recent jobs.';
    case 'cancelled':
      return 'Listing recent jobs was cancelled.';
    case 'server':
      return `Firecrawl had a server error (HTTP ${error.status ?? '5xx'}) while listing recent jobs.`;
    case 'invalidResponse':
      return 'Firecrawl sent a list of recent jobs this extension cannot read.';
    default:
      return 'Recent jobs could not be listed.';
  }
}
