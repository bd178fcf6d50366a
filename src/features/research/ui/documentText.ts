// The text of a job's read-only documents (see documents.ts): what the on-demand bundle renders, the
// Markdown analysis through the allow-list sanitiser. No `vscode`.
import { sanitizeMarkdown } from '../../../shared/markdown';
import { escapeMarkdown } from '../../../shared/text';
import { resultJson, resultMarkdown } from '../model/jobFacts';
import type { TrackedJob } from '../model/trackedJob';

export type DocumentKind = 'analysis' | 'json' | 'partial';

export function documentText(job: TrackedJob | undefined, jobId: string, kind: DocumentKind): string {
  if (!job) return `Job ${jobId} is no longer tracked.`;
  const s = job.snapshot;
  if (kind === 'partial') {
    const partial = s?.kind === 'agent' ? s.partial : undefined;
    return partial === undefined ? '// No partial data (the run has finished, or has none yet).\n' : `${JSON.stringify(partial, null, 2)}\n`;
  }
  if (kind === 'json') {
    const json = resultJson(s);
    return json === undefined ? '// No JSON result (yet) for this job.\n' : `${JSON.stringify(json, null, 2)}\n`;
  }
  const markdown = resultMarkdown(s);
  if (markdown) return sanitizeMarkdown(markdown);
  return s?.status === 'failed'
    ? `_This job failed and has no result._\n\n${s.error ? `Error: ${escapeMarkdown(s.error)}\n` : ''}`
    : '_No result yet: the job is still running._\n';
}
