// Read-only documents for a job's final analysis (Markdown) and JSON result, served from the store
// on the `firecrawl-research:` scheme: nothing is written to disk, and an open document follows the
// job as it changes.
import * as vscode from 'vscode';
import { isJobId, shortJobId } from '../../../shared/jobIds';
import type { ResearchStore } from '../model/researchStore';
import { RESEARCH_DOCUMENT_SCHEME } from '../../../ids';
import { sanitizeMarkdown } from '../../../shared/markdown';
import { escapeMarkdown } from '../../../shared/text';

export type DocumentKind = 'analysis' | 'json';

export function documentUri(jobId: string, kind: DocumentKind): vscode.Uri {
  // The short id in the file name tells tabs of different jobs apart.
  const name = kind === 'analysis' ? `${shortJobId(jobId)}-analysis.md` : `${shortJobId(jobId)}-result.json`;
  return vscode.Uri.from({ scheme: RESEARCH_DOCUMENT_SCHEME, path: `/${jobId}/${name}` });
}

export function parseDocumentUri(uri: vscode.Uri): { jobId: string; kind: DocumentKind } | undefined {
  const [, jobId, name] = uri.path.split('/');
  if (!jobId || !name || !isJobId(jobId)) return undefined;
  if (name.endsWith('-analysis.md')) return { jobId, kind: 'analysis' };
  if (name.endsWith('-result.json')) return { jobId, kind: 'json' };
  return undefined;
}

export class ResearchDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: { dispose(): void };

  constructor(private readonly store: ResearchStore) {
    // The store announces a job only when something shown about it changed.
    this.subscription = store.onDidChangeJob((job) => {
      for (const kind of ['analysis', 'json'] as const) {
        const uri = documentUri(job.id, kind);
        if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) this.changed.fire(uri);
      }
    });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const target = parseDocumentUri(uri);
    if (!target) return 'Not a deep research document.';
    const job = this.store.get(target.jobId);
    if (!job) return `Deep research job ${target.jobId} is no longer tracked.`;
    const s = job.snapshot;
    if (target.kind === 'json') {
      return s?.json === undefined ? '// No JSON result (yet) for this job.\n' : `${JSON.stringify(s.json, null, 2)}\n`;
    }
    if (s?.finalAnalysis) return sanitizeMarkdown(s.finalAnalysis);
    return s?.status === 'failed'
      ? `_This job failed and has no final analysis._\n\n${s.error ? `Error: ${escapeMarkdown(s.error)}\n` : ''}`
      : '_No final analysis yet: the job is still running._\n';
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
