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
    // Too large for the saved copy this window read (see jobFit.ts): say so rather than "none".
    const notKept = (what: string, bytes: number | undefined) =>
      bytes ? `${what} (${(bytes / 1024 / 1024).toFixed(1)} MB) was too large for the saved copy of this job this window read. Refresh the job to fetch it again while the service still has it.` : undefined;
    if (target.kind === 'partial') {
      const partial = s?.kind === 'agent' ? s.partial : undefined;
      if (partial !== undefined) return `${JSON.stringify(partial, null, 2)}\n`;
      const missing = notKept('The partial data', job.trimmed?.partialBytes);
      return missing ? `// ${missing}\n` : '// No partial data (the run has finished, or has none yet).\n';
    }
    if (target.kind === 'json') {
      const json = resultJson(s);
      if (json !== undefined) return `${JSON.stringify(json, null, 2)}\n`;
      const missing = notKept('The result', job.trimmed?.resultBytes);
      return missing ? `// ${missing}\n` : '// No JSON result (yet) for this job.\n';
    }
    const markdown = resultMarkdown(s);
    if (markdown) return sanitizeMarkdown(markdown);
    const missing = notKept('The result', job.trimmed?.resultBytes);
    if (missing) return `_${missing}_\n`;
    return s?.status === 'failed'
      ? `_This job failed and has no result._\n\n${s.error ? `Error: ${escapeMarkdown(s.error)}\n` : ''}`
      : '_No result yet: the job is still running._\n';
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
