// What a job id found in some text gets: the lines a hover shows and the actions offered, decided
// from what the window already knows (a tracked job, an entry of the team's recent activity) and
// nothing else. Pure: no `vscode`; the words come from `@vscode/l10n`.
import * as l10n from '@vscode/l10n';
import { FEEDBACK_ENDPOINT_IDS, type FeedbackEndpoint } from '../../../api/feedback/types';
import { formatAgo, formatCredits } from '../../../shared/format';

/** A job the research store tracks. */
export interface TrackedFacts {
  source: 'tracked';
  /** Undefined until the service answered for it. */
  kind: 'agent' | 'deepResearch' | undefined;
  status: string | undefined;
  credits: number | undefined;
  trackedAt: number;
  /** What a run started in this editor was asked: untrusted text (a model may have written it). */
  prompt?: string | undefined;
}

/** An entry of the team's recent activity. */
export interface RecentFacts {
  source: 'recent';
  /** As the service names it (`scrape`, `agent`, `deep_research`, …). */
  endpoint: string;
  apiVersion: string | undefined;
  /** The URL, query or prompt: untrusted text. */
  target: string | undefined;
  ranAt: number | undefined;
}

/** Neither tracked nor looked up: the recent activity could not be read. */
export interface UnreadFacts {
  source: 'unread';
  /** The server keeps no such list (self-hosted): not a failure to mend. */
  unsupported: boolean;
  /** Why, in words (from the one module that words errors). */
  reason: string;
}

/** Not among the newest jobs read (the team ran more than the pages read hold). */
export interface UnlistedFacts {
  source: 'unlisted';
}

export type KnownJob = TrackedFacts | RecentFacts | UnreadFacts | UnlistedFacts | undefined;

/** `track` on a job already tracked shows its row (Track Job brings it into sight and refreshes it). */
export type JobIdAction = { kind: 'rate'; endpoint: FeedbackEndpoint } | { kind: 'track'; tracked?: true } | { kind: 'lookUp' } | { kind: 'copy' };

export interface JobIdDescription {
  title: string;
  /** Facts to show; values may be server text, so a view escapes every one. */
  facts: Array<{ label: string; value: string }>;
  actions: JobIdAction[];
}

function kindWord(kind: TrackedFacts['kind']): string {
  if (kind === 'agent') return l10n.t('Agent run');
  if (kind === 'deepResearch') return l10n.t('Deep research job');
  return l10n.t('Tracked job (kind not known yet)');
}

function rateEndpoint(endpoint: string, apiVersion: string | undefined): FeedbackEndpoint | undefined {
  // Feedback applies to v2 jobs only.
  if (apiVersion === 'v1') return undefined;
  return FEEDBACK_ENDPOINT_IDS.find((e) => e === endpoint);
}

export function describeJobId(known: KnownJob, now: number): JobIdDescription {
  if (known?.source === 'tracked') {
    const facts = [];
    if (known.prompt) facts.push({ label: l10n.t('Prompt'), value: known.prompt });
    if (known.status) facts.push({ label: l10n.t('Status'), value: known.status });
    if (known.credits !== undefined) facts.push({ label: l10n.t('Credits'), value: formatCredits(known.credits) });
    facts.push({ label: l10n.t('Tracked'), value: formatAgo(known.trackedAt, now) });
    return { title: kindWord(known.kind), facts, actions: [{ kind: 'track', tracked: true }, { kind: 'copy' }] };
  }
  if (known?.source === 'recent') {
    const facts = [{ label: l10n.t('Endpoint'), value: known.endpoint }];
    if (known.target) facts.push({ label: l10n.t('Target'), value: known.target });
    if (known.ranAt !== undefined) facts.push({ label: l10n.t('Ran'), value: formatAgo(known.ranAt, now) });
    const actions: JobIdAction[] = [];
    const endpoint = rateEndpoint(known.endpoint, known.apiVersion);
    if (endpoint) actions.push({ kind: 'rate', endpoint });
    if (known.endpoint === 'agent' || known.endpoint === 'deep_research') actions.push({ kind: 'track' });
    actions.push({ kind: 'copy' });
    return { title: l10n.t("Firecrawl job in the team's recent activity"), facts, actions };
  }
  // "Not in the recent activity" only when the list was read: a list that could not be read says why.
  const status =
    known?.source === 'unread'
      ? known.unsupported
        ? l10n.t('Not tracked; this server keeps no recent activity to look it up in.')
        : l10n.t('Not tracked; the recent activity could not be read: {0}', known.reason)
      : known?.source === 'unlisted'
        ? l10n.t("Not tracked and not among the newest jobs of the team's recent activity that were read.")
        : l10n.t("Not tracked and not in the team's recent activity yet.");
  return {
    title: l10n.t('Firecrawl job id'),
    facts: [{ label: l10n.t('Known'), value: status }],
    actions: [{ kind: 'lookUp' }, { kind: 'copy' }],
  };
}
