// Read-only documents of a job's results, served from the store on the `firecrawl-research:` scheme:
// the Markdown analysis (deep research) or text result (agent), the JSON result, an agent run's
// partial data. Nothing is written to disk, and an open document follows the job as it changes.
import * as vscode from 'vscode';
import { RESEARCH_DOCUMENT_SCHEME } from '../../../ids';
import { isJobId, shortJobId } from '../../../shared/jobIds';
import { sanitizeMarkdown } from '../../../shared/markdown';
import { escapeMarkdown } from '../../../shared/text';
import { resultJson, resultMarkdown } from '../model/jobFacts';
import type { ResearchStore } from '../model/researchStore';

export type DocumentKind = 'analysis' | 'json' | 'partial';

const SUFFIX: Record<DocumentKind, string> = { analysis: '-analysis.md', json: '-result.json', partial: '-partial.json' };
const KINDS = Object.keys(SUFFIX) as DocumentKind[];

export function documentUri(jobId: string, kind: DocumentKind): vscode.Uri {
  // The short id in the file name tells tabs of different jobs apart.
  return vscode.Uri.from({ scheme: RESEARCH_DOCUMENT_SCHEME, path: `/${jobId}/${shortJobId(jobId)}${SUFFIX[kind]}` });
}

export function parseDocumentUri(uri: vscode.Uri): { jobId: string; kind: DocumentKind } | undefined {
  const [, jobId, name] = uri.path.split('/');
  if (!jobId || !name || !isJobId(jobId)) return undefined;
  const kind = KINDS.find((k) => name.endsWith(SUFFIX[k]));
  return kind ? { jobId, kind } : undefined;
}

export class ResearchDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: { dispose(): void };

  constructor(private readonly store: ResearchStore) {
    // The store announces a job only when something shown about it changed.
    this.subscription = store.onDidChangeJob((job) => {
      for (const kind of KINDS) {
        const uri = documentUri(job.id, kind);
        if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) this.changed.fire(uri);
      }
    });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const target = parseDocumentUri(uri);
    if (!target) return 'Not a research document.';
    const job = this.store.get(target.jobId);
    if (!job) return `Job ${target.jobId} is no longer tracked.`;
    const s = job.snapshot;
    if (target.kind === 'partial') {
      const partial = s?.kind === 'agent' ? s.partial : undefined;
      return partial === undefined ? '// No partial data (the run has finished, or has none yet).\n' : `${JSON.stringify(partial, null, 2)}\n`;
    }
    if (target.kind === 'json') {
      const json = resultJson(s);
      return json === undefined ? '// No JSON result (yet) for this job.\n' : `${JSON.stringify(json, null, 2)}\n`;
    }
    const markdown = resultMarkdown(s);
    if (markdown) return sanitizeMarkdown(markdown);
    return s?.status === 'failed'
      ? `_This job failed and has no result._\n\n${s.error ? `Error: ${escapeMarkdown(s.error)}\n` : ''}`
      : '_No result yet: the job is still running._\n';
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
