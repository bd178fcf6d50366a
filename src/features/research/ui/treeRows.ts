// What each row of the Research tree shows, as plain data: no `vscode`, so it is unit-tested and
// benchmarked in Node, and every string from the server stays a string (labels and descriptions are
// plain text in VS Code; tooltips are built from these rows with every value escaped). A job row
// says its kind first; the rows under it come from deepResearchRows or agentRows.
import { isRunning } from '../../../api';
import * as l10n from '@vscode/l10n';
import { agentNotFoundText, describeError, type ErrorContext, jobNotFoundText, researchGoneText } from '../../../host/errorText';
import { formatAgo, formatDate, formatDuration, formatExact, formatMegabytes, formatTimestamp, parseTime } from '../../../shared/format';
import { COMMANDS } from '../../../ids';
import { shortJobId } from '../../../shared/jobIds';
import { serviceStatusText, STATUS_TEXT } from '../../../shared/statusWords';
import { plainText } from '../../../shared/text';
import { hasKeepableResult, isCancelable, isFinished, type JobCondition, jobCondition, type JobKind, reachedNoServer, type TrackedJob } from '../model/trackedJob';
import { resultJson, resultMarkdown } from '../model/jobFacts';
import { agentFacts, agentGroups, agentTooltipRows, describeAgentGroup, describeSuggestion } from './agentRows';
import { deepResearchFacts, deepResearchGroups, deepResearchTooltipRows, describeActivity, describeDeepResearchGroup, describeSource, jobName, jobTitle } from './deepResearchRows';

export { jobName } from './deepResearchRows';
import { GREEN, type GroupKind, type IconSpec, type ItemDescriptor, RED, type ResearchNode, type TooltipSpec, YELLOW } from './rowTypes';

export type { GroupKind, IconSpec, ItemDescriptor, ResearchNode, TooltipSpec } from './rowTypes';
export { describeActivity, describeSource } from './deepResearchRows';

// Functions, not a table of strings: the words are looked up when a row is drawn, after the
// language is set, not when the module loads.
const CONDITION_TEXT: Record<JobCondition, () => string> = {
  pending: () => l10n.t({ message: 'checking…', comment: ['job status: no answer yet'] }),
  processing: STATUS_TEXT.processing,
  completed: STATUS_TEXT.completed,
  failed: STATUS_TEXT.failed,
  creditLimit: () => l10n.t({ message: 'stopped at its credit limit', comment: ['job status: an agent run spent its maxCredits'] }),
  cancelled: STATUS_TEXT.cancelled,
  expired: () => l10n.t('expired or not found'),
  shutDown: () => l10n.t('API shut down'),
  unreachable: () => l10n.t('unreachable, retrying'),
  rateLimited: () => l10n.t('rate limited, retrying'),
  timedOut: () => l10n.t('stopped polling'),
  rejected: () => l10n.t({ message: 'refused', comment: ['job status: request refused'] }),
};

const CONDITION_ICON: Record<JobCondition, IconSpec> = {
  pending: { id: 'sync~spin' },
  processing: { id: 'sync~spin' },
  completed: { id: 'pass', color: GREEN },
  failed: { id: 'error', color: RED },
  creditLimit: { id: 'warning', color: YELLOW },
  cancelled: { id: 'circle-slash' },
  expired: { id: 'warning', color: YELLOW },
  shutDown: { id: 'archive', color: YELLOW },
  unreachable: { id: 'warning', color: YELLOW },
  rateLimited: { id: 'warning', color: YELLOW },
  timedOut: { id: 'warning', color: YELLOW },
  rejected: { id: 'warning', color: YELLOW },
};

/** The kind in a row's description ("completed · agent · …"), lower case as the other parts. */
export function kindName(kind: JobKind | undefined): string {
  if (kind === 'deepResearch') return l10n.t({ message: 'deep research', comment: ['job kind'] });
  if (kind === 'agent') return l10n.t({ message: 'agent', comment: ['job kind'] });
  return l10n.t({ message: 'job', comment: ['job kind'] });
}

export function kindText(job: TrackedJob): string {
  return kindName(job.kind);
}

/**
 * The kind first, so it stays visible in a narrow sidebar, where the end of a row is cut: "Deep
 * research: <title>" once the result gives a title, "Agent job: <prompt>" for a run started in this
 * editor, else "Agent job 1a2b3c4d". Plain text: the title comes from the server, and quick picks
 * render `$(icons)`.
 */
export function jobLabel(job: TrackedJob): string {
  const title = jobName(job);
  if (title) return titledLabel(job.kind, title);
  const id = shortJobId(job.id);
  if (job.kind === 'agent') return l10n.t('Agent job {0}', id);
  return job.kind === 'deepResearch' ? l10n.t('Deep research {0}', id) : l10n.t('Job {0}', id);
}

/** A title (from the service, or a run's prompt) after the kind: "Agent job: …". */
export function titledLabel(kind: JobKind | undefined, title: string): string {
  const shown = plainText(title, 120);
  if (kind === 'agent') return l10n.t('Agent job: {0}', shown);
  return kind === 'deepResearch' ? l10n.t('Deep research: {0}', shown) : l10n.t('Job: {0}', shown);
}

/**
 * The condition in words. A status the service has and we do not know ("queued", say) is still
 * polled as running, but the row says the service's own word (plain text) rather than "processing".
 */
export function conditionText(job: TrackedJob): string {
  const condition = jobCondition(job);
  const status = job.snapshot?.status;
  if (condition === 'processing' && status && status !== 'processing') return plainText(status, 40) || CONDITION_TEXT.processing();
  if (condition === 'unreachable' && job.poll.kind === 'retrying' && !reachedNoServer(job.poll.error)) return l10n.t('server error, retrying');
  return CONDITION_TEXT[condition]();
}

/**
 * When the job began, where that is known: its start here or in the team's recent activity, or a deep
 * research job's first activity (kept with the job: a saved copy may leave the first ones out). When
 * this window began to watch says nothing of it (a run tracked by its id may have been running for
 * hours), so an unknown start is not shown.
 */
function startedAt(job: TrackedJob, now: number): number | undefined {
  return job.ranAt !== undefined && job.ranAt <= now ? job.ranAt : undefined;
}

/** When a job's answer can be read again: its expiry, and for deep research no later than the API's shutdown. */
function readableUntil(job: TrackedJob, sunsetAt: number | undefined): { at: number; sunset: boolean } | undefined {
  const expires = parseTime(job.snapshot?.expiresAt);
  if (job.kind === 'deepResearch' && sunsetAt !== undefined && Number.isFinite(sunsetAt) && (expires === undefined || sunsetAt < expires)) return { at: sunsetAt, sunset: true };
  return expires === undefined ? undefined : { at: expires, sunset: false };
}

function timeText(job: TrackedJob, now: number, sunsetAt: number | undefined): string | undefined {
  const condition = jobCondition(job);
  if (condition === 'shutDown') return undefined;
  if (condition === 'expired') {
    const expired = parseTime(job.snapshot?.expiresAt);
    return expired !== undefined && expired <= now ? l10n.t({ message: 'on {0}', args: [formatDate(expired)], comment: ['expired on a date'] }) : undefined;
  }
  if (condition === 'processing' || condition === 'pending' || condition === 'unreachable' || condition === 'rateLimited') {
    const start = startedAt(job, now);
    return start === undefined ? undefined : formatDuration(now - start);
  }
  const until = readableUntil(job, sunsetAt);
  if (until === undefined) return undefined;
  if (until.at > now) return l10n.t('expires in {0}', formatDuration(until.at - now));
  return until.sunset ? CONDITION_TEXT.shutDown() : l10n.t({ message: 'expired', comment: ['results no longer kept'] });
}

/** `sunsetAt`: when the Deep Research API shuts down (or did); a deep research job is readable until then at most. */
export function describeJob(job: TrackedJob, now: number, errors: ErrorContext = {}, sunsetAt?: number): ItemDescriptor {
  const condition = jobCondition(job);
  const s = job.snapshot;
  const facts: string[] = [];
  if (s?.kind === 'deepResearch') facts.push(...deepResearchFacts(s));
  if (s?.kind === 'agent') facts.push(...agentFacts(s));
  const time = timeText(job, now, sunsetAt);
  if (time) facts.push(time);
  const label = jobLabel(job);
  const stateText = conditionText(job);
  // The condition first: in a narrow sidebar the end of the description is what gets cut.
  const description = [stateText, kindText(job), ...facts].join(' · ');
  return {
    id: job.id,
    label,
    description,
    tooltip: () => jobTooltip(job, now, errors, sunsetAt),
    icon: CONDITION_ICON[condition],
    contextValue: jobContextValue(job),
    collapsible: jobChildren(job).length ? 'collapsed' : 'none',
    // The label leads with the kind already: the description's kind word (there for the eye, when
    // the label is cut) would be heard twice.
    accessibilityLabel: l10n.t({ message: '{0}: {1}', args: [label, [stateText, ...facts].join(' · ')], comment: ['a job row read aloud: its label (kind first), then its state and facts'] }),
  };
}

/**
 * Space-separated tokens the menus match with `viewItem =~ /…/`: `job` always, the kind, the
 * condition, `finished` or `running`, `refreshable` when a manual refresh can tell something new,
 * `analysis` and `json` when those documents exist, `result` when something can be saved or copied,
 * `cancelable` for a running agent job.
 */
export function jobContextValue(job: TrackedJob): string {
  const condition = jobCondition(job);
  const tokens = ['job', job.kind ?? 'unknownKind', condition, isFinished(job) ? 'finished' : 'running'];
  // A shut-down API answers 410 for good: asking again tells nothing new.
  if ((job.poll.kind === 'stopped' && job.poll.reason !== 'gone') || job.poll.kind === 'retrying') tokens.push('refreshable');
  const markdown = resultMarkdown(job.snapshot);
  const json = resultJson(job.snapshot);
  if (markdown) tokens.push('analysis');
  if (json !== undefined) tokens.push('json');
  if (hasKeepableResult(job, markdown, json)) tokens.push('result');
  if (isCancelable(job)) tokens.push('cancelable');
  return tokens.join(' ');
}

function jobTooltip(job: TrackedJob, now: number, errors: ErrorContext, sunsetAt: number | undefined): TooltipSpec {
  const s = job.snapshot;
  const rows: TooltipSpec['rows'] = [
    [l10n.t('Job id'), job.id],
    [l10n.t({ message: 'Kind', comment: ['tooltip label: job kind'] }), kindText(job)],
    [l10n.t({ message: 'Status', comment: ['tooltip label'] }), conditionText(job)],
  ];
  const title = jobTitle(job);
  if (title) rows.push([l10n.t('Title'), title]);
  if (job.prompt) rows.push([l10n.t('Prompt'), job.prompt]);
  if (s) {
    // A status we do not know is the Status row's own word already.
    const condition = jobCondition(job);
    if (s.status !== condition && condition !== 'processing') rows.push([l10n.t('Last known service status'), serviceStatusText(s.status, 200)]);
    rows.push(...(s.kind === 'deepResearch' ? deepResearchTooltipRows(s, job.trimmed) : agentTooltipRows(s)));
    if (s.error) rows.push([l10n.t('Error'), s.error]);
    const until = readableUntil(job, sunsetAt);
    // The service said it no longer has the job (or the API) before that time: it is not readable until then.
    const lostEarly = until !== undefined && until.at > now && (condition === 'expired' || condition === 'shutDown');
    if (until !== undefined && !lostEarly) rows.push([until.at > now ? l10n.t('Readable until') : until.sunset ? CONDITION_TEXT.shutDown() : l10n.t('Expired at'), formatTimestamp(until.at)]);
  }
  const start = startedAt(job, now);
  if (start !== undefined) rows.push([l10n.t({ message: 'Started', comment: ['tooltip label: start time'] }), `${formatTimestamp(start)} (${formatAgo(start, now)})`]);
  if (job.finishedAt !== undefined) rows.push([l10n.t('Seen finished'), `${formatTimestamp(job.finishedAt)} (${formatAgo(job.finishedAt, now)})`]);
  rows.push([l10n.t('Tracked since'), formatTimestamp(job.trackedAt)]);
  if (job.fetchedAt !== undefined) rows.push([l10n.t('Last checked'), `${formatTimestamp(job.fetchedAt)} (${formatAgo(job.fetchedAt, now)})`]);
  const notice = pollNotice(job, now, errors);
  if (notice) rows.push([l10n.t({ message: 'Polling', comment: ['tooltip label: polling state'] }), notice]);
  else if (job.poll.kind === 'polling' && job.nextPollAt !== undefined) {
    const wait = job.nextPollAt - now;
    // Under a second reads "in 0s" otherwise: the check is due, or under way.
    const when = wait < 1_000 ? l10n.t({ message: 'now', comment: ['the next check of a job: it is due'] }) : l10n.t({ message: 'in {0}', args: [formatDuration(wait)], comment: ['in a duration'] });
    rows.push([l10n.t('Next check'), when]);
  }
  const heading = job.kind === 'agent' ? l10n.t('Agent job') : job.kind === 'deepResearch' ? l10n.t('Deep research job') : l10n.t('Research job');
  return { heading, rows };
}

/** Why the job is not polled normally (retrying, stopped), in words; undefined while all is well. */
export function pollNotice(job: TrackedJob, now: number, errors: ErrorContext = {}): string | undefined {
  const { poll } = job;
  if (poll.kind === 'retrying') return describeError(poll.error, { ...errors, retryInMs: Math.max(0, poll.retryAt - now) }).message;
  if (poll.kind !== 'stopped') return undefined;
  switch (poll.reason) {
    case 'notFound': {
      if (job.kind === undefined) return l10n.t('Not found as an agent job or a deep research job: check the id, and that the API key belongs to the team that ran it.');
      if (job.kind === 'deepResearch') return jobNotFoundText();
      // The service forgets an agent job at its expiresAt; when our clock says that has not come
      // yet (a skewed clock, a job deleted early), the date it was due is still worth saying.
      const expires = parseTime(job.snapshot?.expiresAt);
      if (expires === undefined) return agentNotFoundText();
      return expires <= now
        ? l10n.t('Expired on {0} ({1}): the service keeps agent results until then.', formatDate(expires), formatTimestamp(expires))
        : l10n.t('Not found, although the service said it would keep it until {0} ({1}): it was deleted, or the id belongs to another team.', formatDate(expires), formatTimestamp(expires));
    }
    case 'gone':
      return job.snapshot ? l10n.t('{0} The last results stay here.', researchGoneText()) : researchGoneText();
    case 'timeLimit': {
      const minutes = poll.afterMs === undefined ? undefined : Math.round(poll.afterMs / 60_000);
      return minutes === undefined
        ? l10n.t('Still processing; stopped checking (the job may have stalled). Refresh to check again.')
        : l10n.t('Still processing after {0} min of polling; stopped checking (the job may have stalled). Refresh to check again.', formatExact(minutes));
    }
    case 'rejected':
      return describeError(poll.error, errors).message;
  }
}

/** The groups under a job, in display order. */
export function jobChildren(job: TrackedJob): GroupKind[] {
  const s = job.snapshot;
  const groups: GroupKind[] = job.poll.kind === 'retrying' || job.poll.kind === 'stopped' ? ['notice'] : [];
  if (!s) return groups;
  const notKept: GroupKind[] = job.trimmed?.resultBytes || (job.trimmed?.partialBytes && isRunning(s)) ? ['notKept'] : [];
  return [...groups, ...(s.kind === 'deepResearch' ? deepResearchGroups(s) : agentGroups(s)), ...notKept];
}

/** The row for what a saved copy left out whole: the result, or a running agent's partial data. */
function describeNotKept(job: TrackedJob): ItemDescriptor {
  const t = job.trimmed;
  const what = t?.resultBytes ? l10n.t('Result not kept ({0} MB)', formatMegabytes(t.resultBytes)) : l10n.t('Partial data not kept ({0} MB)', formatMegabytes(t?.partialBytes ?? 0));
  const why = l10n.t(
    'The saved copy this window read is kept under a size limit, and this was too large for it. The window that fetched the job has it all; Refresh Job fetches it here too, while the service still has the job.',
  );
  return {
    id: `${job.id}/notKept`,
    label: what,
    description: l10n.t('too large to keep · refresh to fetch it'),
    tooltip: () => ({ heading: what, rows: [['', why]] }),
    icon: { id: 'info' },
    contextValue: 'notKept',
    collapsible: 'none',
    command: { command: COMMANDS.refreshJob, title: l10n.t('Refresh Job'), arguments: [job.id] },
  };
}

export function describeGroup(job: TrackedJob, group: GroupKind, now: number, errors: ErrorContext = {}): ItemDescriptor | undefined {
  const s = job.snapshot;
  const id = `${job.id}/${group}`;
  if (group === 'notice') {
    const message = pollNotice(job, now, errors) ?? '';
    return { id, label: plainText(message, 120), tooltip: () => ({ heading: conditionText(job), rows: [['', message]] }), icon: { id: 'info' }, contextValue: 'notice', collapsible: 'none' };
  }
  if (!s) return undefined;
  if (group === 'notKept') return describeNotKept(job);
  if (group === 'error') {
    const text = s.error ?? l10n.t('The job failed without saying why.');
    return {
      id,
      label: l10n.t('Error'),
      description: plainText(text, 120),
      tooltip: () => ({ heading: l10n.t('Why the job failed'), rows: [['', text]] }),
      icon: { id: 'error', color: RED },
      contextValue: 'error',
      collapsible: 'none',
    };
  }
  if (s.kind === 'deepResearch') {
    return group === 'activities' || group === 'sources' || group === 'analysis' || group === 'json' ? describeDeepResearchGroup(job, s, group) : undefined;
  }
  return group === 'activities' || group === 'sources' ? undefined : describeAgentGroup(job, s, group);
}

/** The child nodes of `node`, built without reading their contents (a group of 1,000 stays cheap). */
export function childNodes(job: TrackedJob, node: ResearchNode): ResearchNode[] {
  if (node.kind === 'job') return jobChildren(job).map((group) => ({ kind: 'group', jobId: job.id, group }));
  if (node.kind !== 'group') return [];
  const s = job.snapshot;
  if (!s) return [];
  let n = 0;
  let kind: 'activity' | 'source' | 'suggestion' = 'activity';
  if (s.kind === 'deepResearch' && node.group === 'activities') n = s.activities.length;
  else if (s.kind === 'deepResearch' && node.group === 'sources') [n, kind] = [s.sources.length, 'source'];
  else if (s.kind === 'agent' && node.group === 'suggestions') [n, kind] = [s.suggestions.length, 'suggestion'];
  const out: ResearchNode[] = new Array(n);
  for (let index = 0; index < n; index++) out[index] = { kind, jobId: job.id, index };
  return out;
}

/** The descriptor of any node, or undefined when the job no longer has it. */
export function describeNode(job: TrackedJob, node: ResearchNode, now: number, errors: ErrorContext = {}, sunsetAt?: number): ItemDescriptor | undefined {
  switch (node.kind) {
    case 'job':
      return describeJob(job, now, errors, sunsetAt);
    case 'group':
      return describeGroup(job, node.group, now, errors);
    case 'activity':
      return describeActivity(job, node.index, now);
    case 'source':
      return describeSource(job, node.index);
    case 'suggestion':
      return describeSuggestion(job, node.index);
  }
}

/** Every child of `node` fully described: what the tree builds when the user expands it. */
export function describeChildren(job: TrackedJob, node: ResearchNode, now: number, errors: ErrorContext = {}): ItemDescriptor[] {
  const out: ItemDescriptor[] = [];
  for (const child of childNodes(job, node)) {
    const d = describeNode(job, child, now, errors);
    if (d) out.push(d);
  }
  return out;
}
