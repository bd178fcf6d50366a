// The words of a finished-jobs notification and what its buttons do. Part of the research actions
// bundle: they are needed only when a job finishes, not to start the extension.
import * as vscode from 'vscode';
import { isTerminalStatus } from '../../../api';
import { formatExact, plural } from '../../../shared/format';
import { shortJobId } from '../../../shared/jobIds';
import { hasKeepableResult, jobCondition, type TrackedJob } from '../model/trackedJob';
import { conditionText, jobName } from './treeRows';
import { plainText } from '../../../shared/text';
import { resultJson, resultMarkdown } from '../model/jobFacts';
import { researchSettings } from '../../../host/settings';
import type { NotifierActions } from './completionNotifier';

/** "Agent job failed (name): why": a finished job that did not complete, in the words the tree uses for it. */
function endedMessage(job: TrackedJob, name: string, why: string | undefined): string {
  const word = conditionText(job);
  if (job.kind === 'agent') {
    return why === undefined
      ? vscode.l10n.t({ message: 'Agent job {0} ({1})', args: [word, name], comment: ['status word, job name'] })
      : vscode.l10n.t({ message: 'Agent job {0} ({1}): {2}', args: [word, name, why], comment: ['status word, job name'] });
  }
  return why === undefined
    ? vscode.l10n.t({ message: 'Deep research {0} ({1})', args: [word, name], comment: ['status word, job name'] })
    : vscode.l10n.t({ message: 'Deep research {0} ({1}): {2}', args: [word, name, why], comment: ['status word, job name'] });
}

/** One notification for jobs that finished together; "Don't Show Again" turns the setting off everywhere. */
export async function showCompletion(jobs: readonly TrackedJob[], actions: NotifierActions): Promise<void> {
  const first = jobs[0];
  if (!first) return;
  let choice: string | undefined;
  const dontShow = vscode.l10n.t("Don't Show Again");
  if (jobs.length === 1) {
    // The name the Research view shows: the job's own title, else its prompt (as started here, or as the recent lists name it).
    const title = jobName(first) ?? actions.recentTitle?.(first.id);
    const name = title ? plainText(title, 120) : vscode.l10n.t('job {0}', shortJobId(first.id));
    const agent = first.kind === 'agent';
    const hasDocument = Boolean(resultMarkdown(first.snapshot));
    // An agent run's result may be data (a schema's JSON): it opens as the JSON document the row opens.
    const hasJson = agent && resultJson(first.snapshot) !== undefined;
    const completed = agent ? vscode.l10n.t('Agent job completed: {0}', name) : vscode.l10n.t('Deep research completed: {0}', name);
    const showJob = vscode.l10n.t('Show Job');
    if (first.snapshot?.status === 'completed' && hasDocument) {
      const open = agent ? vscode.l10n.t('Open Result') : vscode.l10n.t('Open Analysis');
      choice = await vscode.window.showInformationMessage(completed, open, dontShow);
      if (choice === open) await actions.openAnalysis(first.id);
    } else if (first.snapshot?.status === 'completed' && hasJson) {
      const open = vscode.l10n.t('Open Result');
      choice = await vscode.window.showInformationMessage(completed, open, dontShow);
      if (choice === open) await actions.openJson(first.id);
    } else if (first.snapshot?.status === 'completed') {
      choice = await vscode.window.showInformationMessage(completed, showJob, dontShow);
      if (choice === showJob) await actions.revealJob(first.id);
    } else {
      // The service's error is plain text like the rest. A job lost while running has none: the words say what is left.
      const lost = !isTerminalStatus(first.snapshot?.status ?? 'processing');
      const found = foundSoFar(first);
      const why = lost
        ? found
          ? vscode.l10n.t('it can no longer be read; what it found before is kept.')
          : vscode.l10n.t('it can no longer be read, and it had found nothing yet.')
        : first.snapshot?.error
          ? plainText(first.snapshot.error, 200)
          : undefined;
      // A run stopped at its credit limit keeps what it found: its partial data, text or JSON, opens like a result.
      const text = agent && hasDocument;
      const action = text || hasJson ? vscode.l10n.t('Open Result') : showJob;
      choice = await vscode.window.showWarningMessage(endedMessage(first, name, why), action, dontShow);
      if (choice === showJob) await actions.revealJob(first.id);
      else if (choice === action) await (text ? actions.openAnalysis(first.id) : actions.openJson(first.id));
    }
  } else {
    const completed = jobs.filter((j) => j.snapshot?.status === 'completed').length;
    // A run stopped at its credit limit kept what it found: it is not counted as failed.
    const limited = jobs.filter((j) => jobCondition(j) === 'creditLimit').length;
    const agents = jobs.filter((j) => j.kind === 'agent').length;
    // Lost while running (expired, or the API shut down) is neither failed nor cancelled: what they found is kept.
    const lostJobs = jobs.filter((j) => !isTerminalStatus(j.snapshot?.status ?? 'processing'));
    const lost = lostJobs.length;
    const foundNothing = !lostJobs.some(foundSoFar);
    const [done, stopped, failed] = [formatExact(completed), formatExact(limited), formatExact(jobs.length - completed - limited - lost)];
    const [agentJobs, deepResearch] = [formatExact(agents), formatExact(jobs.length - agents)];
    // Counts after colons: no plural to agree with, in any language.
    const message = limited
      ? vscode.l10n.t(
          'Research jobs finished: {0} completed, {1} stopped at their credit limit, {2} failed or cancelled (agent jobs: {3}, deep research: {4}).',
          done,
          stopped,
          failed,
          agentJobs,
          deepResearch,
        )
      : vscode.l10n.t('Research jobs finished: {0} completed, {1} failed or cancelled (agent jobs: {2}, deep research: {3}).', done, failed, agentJobs, deepResearch);
    const lostText = !lost
      ? undefined
      : foundNothing
        ? plural(
            lost,
            vscode.l10n.t('{0} more can no longer be read (it expired, or the Deep Research API was shut down), and it had found nothing yet.', formatExact(lost)),
            vscode.l10n.t('{0} more can no longer be read (they expired, or the Deep Research API was shut down), and they had found nothing yet.', formatExact(lost)),
          )
        : plural(
            lost,
            vscode.l10n.t('{0} more can no longer be read (it expired, or the Deep Research API was shut down); what it found before is kept.', formatExact(lost)),
            vscode.l10n.t('{0} more can no longer be read (they expired, or the Deep Research API was shut down); what they found before is kept.', formatExact(lost)),
          );
    const showJobs = vscode.l10n.t('Show Jobs');
    choice = await vscode.window.showInformationMessage(lostText ? `${message} ${lostText}` : message, showJobs, dontShow);
    if (choice === showJobs) await actions.revealJob(first.id);
  }
  if (choice === dontShow) {
    await researchSettings.stopNotifying();
  }
}

/**
 * Whether a job lost while running had found anything to keep: a deep research job's steps and sources,
 * an agent run's partial data (its Preview). A running agent's snapshot holds nothing else.
 */
function foundSoFar(job: TrackedJob): boolean {
  const s = job.snapshot;
  if (s?.kind === 'agent') return s.partial !== undefined && s.partial !== null;
  return hasKeepableResult(job, resultMarkdown(s), resultJson(s));
}
