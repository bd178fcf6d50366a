// Read-only documents of a job's results, served from the store on the `firecrawl-research:` scheme:
// the Markdown analysis (deep research) or text result (agent), the JSON result, an agent run's
// partial data. Nothing is written to disk, and an open document follows the job as it changes.
import * as vscode from 'vscode';
import { RESEARCH_DOCUMENT_SCHEME } from '../../../ids';
import { isJobId, shortJobId } from '../../../shared/jobIds';
import { loadOnDemand } from '../../../host/onDemand';
import type { ResearchStore } from '../model/researchStore';
import type { ResearchActions } from './actionsBundle';
import type { DocumentKind } from './documentText';

export type { DocumentKind } from './documentText';

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
  private readonly subscriptions: Array<{ dispose(): void }>;

  constructor(private readonly store: ResearchStore) {
    this.subscriptions = [
      // The store announces a job only when something shown about it changed.
      store.onDidChangeJob((job) => {
        for (const kind of KINDS) {
          const uri = documentUri(job.id, kind);
          if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) this.changed.fire(uri);
        }
      }),
      // A job leaving the list (untracked, cleared, another key's list) announces no change of its
      // own: its open documents would keep showing the result as if the job were still followed.
      store.onDidChangeJobs(() => {
        for (const doc of vscode.workspace.textDocuments) {
          const target = doc.uri.scheme === RESEARCH_DOCUMENT_SCHEME ? parseDocumentUri(doc.uri) : undefined;
          if (target && !store.get(target.jobId)) this.changed.fire(doc.uri);
        }
      }),
    ];
  }

  /** The sanitiser and renderers load with the first document opened (an on-demand bundle). */
  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const target = parseDocumentUri(uri);
    if (!target) return vscode.l10n.t('Not a research document.');
    const { documentText } = await loadOnDemand<ResearchActions>('researchActions');
    return documentText(this.store.get(target.jobId), target.jobId, target.kind);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
