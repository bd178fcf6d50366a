// Which API route a request is for.
import type { RouteName } from './types';

export interface RouteMatch {
  name: RouteName;
  /** Path parameter (job id) when the route has one. */
  id?: string;
}

/** Matches like Express with non-strict routing (an optional trailing slash). */
export function matchRoute(method: string, pathname: string): RouteMatch | null {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (method === 'GET') {
    if (path === '/v2/team/credit-usage') return { name: 'creditUsage' };
    if (path === '/v2/team/credit-usage/historical') return { name: 'creditUsageHistorical' };
    if (path === '/v1/team/credit-usage') return { name: 'creditUsageV1' };
    if (path === '/v2/team/activity') return { name: 'activity' };
    if (path === '/v2/team/queue-status') return { name: 'queueStatus' };
    const research = /^\/v1\/deep-research\/([^/]+)$/.exec(path);
    if (research?.[1]) return { name: 'deepResearch', id: safeDecode(research[1]) };
    if (path === '/v2/agent') return { name: 'agentList' };
    const agent = /^\/v2\/agent\/([^/]+)$/.exec(path);
    if (agent?.[1]) return { name: 'agentStatus', id: safeDecode(agent[1]) };
  }
  if (method === 'DELETE') {
    const agent = /^\/v2\/agent\/([^/]+)$/.exec(path);
    if (agent?.[1]) return { name: 'agentCancel', id: safeDecode(agent[1]) };
  }
  if (method === 'POST') {
    if (path === '/v2/feedback') return { name: 'feedback' };
    if (path === '/v2/agent') return { name: 'agentStart' };
    if (path === '/v2/scrape') return { name: 'scrape' };
    if (path === '/v2/search') return { name: 'search' };
    if (path === '/v2/map') return { name: 'map' };
    if (path === '/v2/parse') return { name: 'parse' };
    const search = /^\/v2\/search\/([^/]+)\/feedback$/.exec(path);
    if (search?.[1]) return { name: 'searchFeedback', id: safeDecode(search[1]) };
  }
  return null;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
