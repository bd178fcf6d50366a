// Facts derived from a job snapshot that both the poller and the views need, kept cheap because
// they run on every poll of every job (1,000 activities each at scale).
import type { AgentJob, ResearchJob, TrackedSnapshot } from '../../../api';

/**
 * The job is about to finish: it is writing its synthesis, or it has reached its last depth.
 * The synthesis activity is almost always last, so the scan from the end stops at once.
 */
export function isFinalPhase(job: TrackedSnapshot): boolean {
  // An agent run does not say how far along it is: its polling eases like any long job.
  if (job.kind === 'agent') return false;
  if (job.maxDepth > 0 && job.currentDepth >= job.maxDepth) return true;
  for (let i = job.activities.length - 1; i >= 0; i--) if (job.activities[i]?.type === 'synthesis') return true;
  return false;
}

const HEADING = /^\s{0,3}#{1,6}\s+/;
const CLOSING_HASHES = /\s+#+\s*$/;
const MAX_TITLE = 80;

/** The first non-empty line of the analysis without heading markers, or undefined. */
export function analysisTitle(analysis: string | undefined): string | undefined {
  if (!analysis) return undefined;
  // Only the head of a long analysis is needed to find its first line.
  for (const line of analysis.slice(0, 2_000).split(/\r?\n/)) {
    const text = line.replace(HEADING, '').replace(CLOSING_HASHES, '').replace(/\s+/g, ' ').trim();
    if (!text || /^[-=*_]{3,}$/.test(text)) continue;
    return text.length > MAX_TITLE ? `${text.slice(0, MAX_TITLE - 1)}…` : text;
  }
  return undefined;
}

/**
 * Changes whenever anything the views show changes, without comparing whole snapshots: activities and
 * sources are only appended, and only the last activity changes status while the job runs.
 */
export function snapshotSignature(job: TrackedSnapshot): string {
  if (job.kind === 'agent') return agentSignature(job);
  const last = job.activities[job.activities.length - 1];
  return [
    job.status,
    job.currentDepth,
    job.maxDepth,
    job.totalUrls,
    job.expiresAt ?? '',
    job.activities.length,
    last ? `${last.status}:${last.type}:${last.message.length}` : '',
    job.sources.length,
    job.finalAnalysis?.length ?? -1,
    job.error ?? '',
    job.json === undefined ? 0 : 1,
  ].join('|');
}

/** Progress only (not expiry): used to tell a stalled job from one that moved. */
export function progressSignature(job: TrackedSnapshot): string {
  if (job.kind === 'agent') return `${job.status}|${job.message ?? ''}|${job.creditsUsed ?? -1}|${job.partial === undefined ? 0 : 1}|${job.pendingApproval === undefined ? 0 : 1}`;
  return `${job.status}|${job.currentDepth}|${job.activities.length}|${job.sources.length}`;
}

/** Sizes stand in for contents: an agent's result and partial data are replaced whole, not appended. */
function agentSignature(job: AgentJob): string {
  const size = (value: unknown) => (value === undefined ? -1 : JSON.stringify(value).length);
  return [
    'agent',
    job.status,
    job.model ?? '',
    job.message ?? '',
    job.creditsUsed ?? -1,
    job.expiresAt ?? '',
    job.suggestions.length,
    size(job.pendingApproval),
    size(job.partial),
    size(job.data),
    job.error ?? '',
    job.stopReason ?? '',
  ].join('|');
}

/** An agent run that ended because it spent its `maxCredits`: not an error, and its partial data is its result. */
export function stoppedAtCreditLimit(job: TrackedSnapshot | undefined): boolean {
  return job?.kind === 'agent' && job.status === 'failed' && job.stopReason === 'credit_limit_reached';
}

/** An agent run's result: its data, or the partial data of a run stopped at its credit limit. */
export function agentResult(job: AgentJob): unknown {
  return job.data ?? (stoppedAtCreditLimit(job) ? job.partial : undefined);
}

/** The Markdown analysis a finished job can be saved as, if any. */
export function resultMarkdown(job: TrackedSnapshot | undefined): string | undefined {
  if (!job) return undefined;
  if (job.kind === 'deepResearch') return job.finalAnalysis;
  const data = agentResult(job);
  return typeof data === 'string' && data.trim() ? data : undefined;
}

/** The JSON result a finished job can be saved as, if any. */
export function resultJson(job: TrackedSnapshot | undefined): unknown {
  if (!job) return undefined;
  if (job.kind === 'deepResearch') return job.json;
  const data = agentResult(job);
  return typeof data === 'string' ? undefined : data;
}

export type { ResearchJob };
