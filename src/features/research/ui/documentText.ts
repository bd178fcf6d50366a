// The text of a job's read-only documents (see documents.ts): what the on-demand bundle renders, the
// Markdown analysis through the allow-list sanitiser. No `vscode`.
import * as l10n from '@vscode/l10n';
import { sanitizeMarkdown } from '../../../shared/markdown';
import { escapeMarkdown } from '../../../shared/text';
import { resultJson, resultMarkdown } from '../model/jobFacts';
import type { TrackedJob } from '../model/trackedJob';

export type DocumentKind = 'analysis' | 'json' | 'partial';

export function documentText(job: TrackedJob | undefined, jobId: string, kind: DocumentKind): string {
  if (!job) return l10n.t('Job {0} is no longer tracked.', jobId);
  const s = job.snapshot;
  // The words go inside the markup (a JSON comment, Markdown emphasis), so a translation holds none.
  if (kind === 'partial') {
    const partial = s?.kind === 'agent' ? s.partial : undefined;
    return partial === undefined ? `// ${l10n.t('No partial data (the run has finished, or has none yet).')}\n` : `${JSON.stringify(partial, null, 2)}\n`;
  }
  if (kind === 'json') {
    const json = resultJson(s);
    return json === undefined ? `// ${l10n.t('No JSON result (yet) for this job.')}\n` : `${JSON.stringify(json, null, 2)}\n`;
  }
  const markdown = resultMarkdown(s);
  if (markdown) return sanitizeMarkdown(markdown);
  if (s?.status !== 'failed') return `_${l10n.t('No result yet: the job is still running.')}_\n`;
  const failed = `_${l10n.t('This job failed and has no result.')}_\n\n`;
  return s.error ? `${failed}${l10n.t('Error: {0}', escapeMarkdown(s.error))}\n` : failed;
}
