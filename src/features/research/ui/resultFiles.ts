// What a finished job can be kept as, and the file name it is offered under. Pure: no `vscode`.
import { isRunning } from '../../../api';
import * as l10n from '@vscode/l10n';
import type { ResearchJob } from '../../../api';
import { formatExact, plural } from '../../../shared/format';
import { sanitizeMarkdown } from '../../../shared/markdown';
import { shortJobId } from '../../../shared/jobIds';
import { documentJson, escapeDocumentText, fileNameWords } from '../../../shared/text';
import { isWebUrl } from '../../../shared/urls';
import { resultJson, resultMarkdown } from '../model/jobFacts';
import { isFinished, type TrackedJob, type Trimmed } from '../model/trackedJob';
import { jobTitle } from './deepResearchRows';

export interface ResultFormat {
  format: 'markdown' | 'json';
  label: string;
  extension: string;
  text: string;
}

/**
 * What a job can be kept as: its Markdown analysis (or text result) and its JSON result once it is
 * done. A deep research job that ended without either (it failed, or can never finish: the API was
 * shut down, or the job expired while it ran) offers what it found before it stopped: the activities
 * and sources as Markdown, and the last snapshot as JSON.
 */
export function resultFormats(job: TrackedJob): ResultFormat[] {
  // Keep in step with hasKeepableResult, which the tree asks without building any text.
  const s = job.snapshot;
  if (!s) return [];
  if (isRunning(s)) return s.kind === 'deepResearch' && isFinished(job) ? partialFormats(s, job.trimmed) : [];
  const formats: ResultFormat[] = [];
  const markdown = resultMarkdown(s);
  // As the document view shows it: a saved copy opened in a Markdown preview must not run commands
  // or load remote images any more than the view does.
  if (markdown)
    formats.push({ format: 'markdown', label: job.kind === 'agent' ? l10n.t('Result (Markdown)') : l10n.t('Final analysis (Markdown)'), extension: 'md', text: sanitizeMarkdown(markdown) });
  const json = resultJson(s);
  if (json !== undefined) formats.push({ format: 'json', label: l10n.t('Result (JSON)'), extension: 'json', text: `${documentJson(json)}\n` });
  return formats.length || s.kind !== 'deepResearch' ? formats : partialFormats(s, job.trimmed);
}

function partialFormats(s: ResearchJob, trimmed?: Trimmed): ResultFormat[] {
  if (!s.activities.length && !s.sources.length) return [];
  // Server text, escaped: the file is the user's, but they may well open it in a Markdown preview.
  const lines = [`# ${l10n.t('What deep research job {0} found before it stopped', shortJobId(s.id))}`, ''];
  if (s.activities.length) {
    lines.push(`## ${l10n.t('Activities ({0})', formatExact(s.activities.length))}`, '');
    // The saved copy this window read left the oldest out: after the shutdown nothing can fetch them again.
    if (trimmed?.activities)
      lines.push(
        `_${plural(trimmed.activities, l10n.t('{0} earlier activity not kept', formatExact(trimmed.activities)), l10n.t('{0} earlier activities not kept', formatExact(trimmed.activities)))}_`,
        '',
      );
    for (const a of s.activities) {
      const activity = l10n.t({ message: '{0} (depth {1}): {2}', args: [escapeDocumentText(a.type), formatExact(a.depth), escapeDocumentText(a.message)], comment: ['type, depth, message'] });
      lines.push(`- ${a.timestamp ? `${escapeDocumentText(a.timestamp)} ` : ''}${activity}`);
    }
    lines.push('');
  }
  if (s.sources.length) {
    lines.push(`## ${l10n.t('Sources ({0})', formatExact(s.sources.length))}`, '');
    if (trimmed?.sources)
      lines.push(`_${plural(trimmed.sources, l10n.t('{0} earlier source not kept', formatExact(trimmed.sources)), l10n.t('{0} earlier sources not kept', formatExact(trimmed.sources)))}_`, '');
    for (const src of s.sources) {
      const web = isWebUrl(src.url) && !/[\s<>]/.test(src.url);
      lines.push(`- ${src.title ? `${escapeDocumentText(src.title)}: ` : ''}${web ? `<${src.url}>` : escapeDocumentText(src.url)}`);
    }
    lines.push('');
  }
  const { deprecation: _deprecation, warnings: _warnings, ...snapshot } = s;
  return [
    { format: 'markdown', label: l10n.t('What it found before it stopped (Markdown)'), extension: 'md', text: lines.join('\n') },
    { format: 'json', label: l10n.t('Last snapshot (JSON)'), extension: 'json', text: `${documentJson(snapshot)}\n` },
  ];
}

/**
 * A file name from the job's title (in its own script), else its kind and short id:
 * `findings-on-crawlers-analysis.md`. The words added are not localised: the same in every language.
 */
export function resultFileName(job: TrackedJob, format: ResultFormat): string {
  const stem = fileNameWords(jobTitle(job)?.toLowerCase() ?? '') || `${job.kind === 'agent' ? 'agent' : 'deep-research'}-${shortJobId(job.id)}`;
  return `${stem}-${format.format === 'markdown' ? 'analysis' : 'result'}.${format.extension}`;
}
