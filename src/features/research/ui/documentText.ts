// The text of a job's read-only documents (see documents.ts): what the on-demand bundle renders, the
// Markdown analysis through the allow-list sanitiser. No `vscode`.
import * as l10n from '@vscode/l10n';
import { formatMegabytes } from '../../../shared/format';
import { sanitizeMarkdown } from '../../../shared/markdown';
import { documentJson, escapeMarkdown } from '../../../shared/text';
import { resultJson, resultMarkdown } from '../model/jobFacts';
import { jobCondition, type TrackedJob } from '../model/trackedJob';

export type DocumentKind = 'analysis' | 'json' | 'partial';

/** Too large for the saved copy this window read (see jobFit.ts): said rather than "none". */
function notKept(what: 'partial' | 'result', bytes: number | undefined): string | undefined {
  if (!bytes) return undefined;
  const size = formatMegabytes(bytes);
  return what === 'partial'
    ? l10n.t('The partial data ({0} MB) was too large for the saved copy of this job this window read. Refresh the job to fetch it again while the service still has it.', size)
    : l10n.t('The result ({0} MB) was too large for the saved copy of this job this window read. Refresh the job to fetch it again while the service still has it.', size);
}

export function documentText(job: TrackedJob | undefined, jobId: string, kind: DocumentKind): string {
  if (!job) return l10n.t('Job {0} is no longer tracked.', jobId);
  const s = job.snapshot;
  // The words go inside the markup (a JSON comment, Markdown emphasis), so a translation holds none.
  if (kind === 'partial') {
    const partial = s?.kind === 'agent' ? s.partial : undefined;
    if (partial !== undefined) return `${documentJson(partial)}\n`;
    return `// ${notKept('partial', job.trimmed?.partialBytes) ?? l10n.t('No partial data (the run has finished, or has none yet).')}\n`;
  }
  if (kind === 'json') {
    const json = resultJson(s);
    if (json !== undefined) return `${documentJson(json)}\n`;
    return `// ${notKept('result', job.trimmed?.resultBytes) ?? l10n.t('No JSON result (yet) for this job.')}\n`;
  }
  const markdown = resultMarkdown(s);
  if (markdown) return sanitizeMarkdown(markdown);
  const missing = notKept('result', job.trimmed?.resultBytes);
  if (missing) return `_${missing}_\n`;
  if (resultJson(s) !== undefined) return `_${l10n.t('This result is JSON, not text: open it with "Open JSON Result".')}_\n`;
  if (s?.status === 'failed') {
    const failed = `_${l10n.t('This job failed and has no result.')}_\n\n`;
    return s.error ? `${failed}${l10n.t('Error: {0}', escapeMarkdown(s.error))}\n` : failed;
  }
  return `_${noAnalysis(job)}_\n`;
}

/** Why there is no text to show: the document stays open while the job moves on, so it goes by the job's state now. */
function noAnalysis(job: TrackedJob): string {
  const condition = jobCondition(job);
  if (condition === 'expired') return l10n.t('No result: the service no longer has this job (it expired, or was not found), and no result was kept here.');
  if (condition === 'shutDown') return l10n.t('No result: the API that ran this job was shut down, and no result was kept here.');
  // No answer yet (still checking, or every request refused): nothing says it runs.
  if (!job.snapshot) return l10n.t('No result yet: the service has not answered for this job.');
  const status = job.snapshot.status;
  if (status === 'cancelled') return l10n.t('This job was cancelled and has no result.');
  if (status === 'completed') return l10n.t('This job completed without a result.');
  return l10n.t('No result yet: the job is still running.');
}
