// What a finished job can be kept as, and the file name it is offered under. Pure: no `vscode`.
import { shortJobId } from '../../../shared/jobIds';
import { resultJson, resultMarkdown } from '../model/jobFacts';
import type { TrackedJob } from '../model/trackedJob';
import { jobTitle } from './treeRows';

export interface ResultFormat {
  format: 'markdown' | 'json';
  label: string;
  extension: string;
  text: string;
}

/** What a finished job can be kept as: its Markdown analysis (or text result) and its JSON result. */
export function resultFormats(job: TrackedJob): ResultFormat[] {
  if (!job.snapshot || job.snapshot.status === 'processing') return [];
  const formats: ResultFormat[] = [];
  const markdown = resultMarkdown(job.snapshot);
  if (markdown) formats.push({ format: 'markdown', label: job.kind === 'agent' ? 'Result (Markdown)' : 'Final analysis (Markdown)', extension: 'md', text: markdown });
  const json = resultJson(job.snapshot);
  if (json !== undefined) formats.push({ format: 'json', label: 'Result (JSON)', extension: 'json', text: `${JSON.stringify(json, null, 2)}\n` });
  return formats;
}

/** A file name from the job's title, else its kind and short id: `findings-on-crawlers-analysis.md`. */
export function resultFileName(job: TrackedJob, format: ResultFormat): string {
  const title = jobTitle(job);
  const base = title ? title.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) : '';
  const stem = base || `${job.kind === 'agent' ? 'agent' : 'deep-research'}-${shortJobId(job.id)}`;
  return `${stem}-${format.format === 'markdown' ? 'analysis' : 'result'}.${format.extension}`;
}

