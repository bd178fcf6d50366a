// Builds the deep research feature for the extension: store (state in globalState, client from the
// provider at each request) → tree, documents, notifications → commands. Everything it creates is
// disposed together, so tests can rebuild it from the same state to see what a restart shows.
import * as vscode from 'vscode';
import {
  clearFinishedJobs,
  copyJobId,
  copySourceUrl,
  openAnalysis,
  openJson,
  openSource,
  refreshAllJobs,
  refreshJobs,
  untrackJobs,
} from './ui/jobCommands';
import { trackFromSelection, trackResearchJob } from './ui/trackCommand';
import { type Clock, systemClock } from '../../shared/clock';
import type { Logger } from '../../host/logger';
import { ResearchStore, type ResearchClientSource, type ResearchStorage } from './model';
import { CompletionNotifier } from './ui/completionNotifier';
import { COMMANDS, DOCUMENT_SCHEME, SETTINGS } from '../../ids';
import { ResearchDocuments } from './ui/documents';
import { ResearchTreeProvider } from './ui/treeProvider';
import { type FocusSignal, ResearchView } from './ui/view';

export interface ResearchDeps {
  storage: ResearchStorage;
  /** Fires when the key or API URL changes (ClientProvider.onDidChange). */
  source: ResearchClientSource & { onDidChange(listener: () => void): { dispose(): void } };
  focus: FocusSignal;
  log: Logger;
  clock?: Clock;
}

function maxPollMs(): number {
  const minutes = vscode.workspace.getConfiguration(SETTINGS.section).get<number>(SETTINGS.maxPollMinutes, 30);
  return Math.max(1, Number.isFinite(minutes) ? minutes : 30) * 60_000;
}

export class ResearchFeature implements vscode.Disposable {
  readonly store: ResearchStore;
  readonly tree: ResearchTreeProvider;
  readonly view: ResearchView;
  readonly documents: ResearchDocuments;
  private readonly disposables: Array<{ dispose(): void }> = [];

  constructor(deps: ResearchDeps) {
    const clock = deps.clock ?? systemClock;
    const log = deps.log.child('research');
    this.store = new ResearchStore({ source: deps.source, storage: deps.storage, clock, log, maxPollMs });
    this.tree = new ResearchTreeProvider(this.store, clock);
    this.view = new ResearchView(this.store, this.tree, deps.focus, clock);
    this.documents = new ResearchDocuments(this.store);
    const reveal = (id: string) => this.view.reveal(id);
    const jobs = { store: this.store };
    const notifier = new CompletionNotifier(this.store, { openAnalysis: (id) => openAnalysis(jobs, id), revealJob: reveal });
    const endpoint = deps.source.onDidChange(() => this.store.endpointChanged());

    this.disposables.push(
      // First here, so it is disposed last: its final write must not race the views' teardown.
      this.store,
      this.tree,
      this.view,
      this.documents,
      notifier,
      endpoint,
      vscode.workspace.registerTextDocumentContentProvider(DOCUMENT_SCHEME, this.documents),
      vscode.commands.registerCommand(COMMANDS.track, (arg?: unknown) => trackResearchJob({ store: this.store, reveal }, arg)),
      vscode.commands.registerCommand(COMMANDS.trackSelection, () => trackFromSelection({ store: this.store, reveal })),
      vscode.commands.registerCommand(COMMANDS.untrack, (clicked?: unknown, selected?: unknown) => untrackJobs(jobs, clicked, selected)),
      vscode.commands.registerCommand(COMMANDS.clearFinished, () => clearFinishedJobs(jobs)),
      vscode.commands.registerCommand(COMMANDS.copyId, (clicked?: unknown, selected?: unknown) => copyJobId(jobs, clicked, selected)),
      vscode.commands.registerCommand(COMMANDS.refreshAll, () => refreshAllJobs(jobs)),
      vscode.commands.registerCommand(COMMANDS.refreshJob, (clicked?: unknown, selected?: unknown) => refreshJobs(jobs, clicked, selected)),
      vscode.commands.registerCommand(COMMANDS.openAnalysis, (clicked?: unknown) => openAnalysis(jobs, clicked)),
      vscode.commands.registerCommand(COMMANDS.openAnalysisText, (clicked?: unknown) => openAnalysis(jobs, clicked, true)),
      vscode.commands.registerCommand(COMMANDS.openJson, (clicked?: unknown) => openJson(jobs, clicked)),
      vscode.commands.registerCommand(COMMANDS.openSource, (clicked?: unknown) => openSource(jobs, clicked)),
      vscode.commands.registerCommand(COMMANDS.copySourceUrl, (clicked?: unknown) => copySourceUrl(jobs, clicked)),
    );
    this.store.start();
  }

  dispose(): void {
    for (const d of this.disposables.reverse()) d.dispose();
    this.disposables.length = 0;
  }
}

/**
 * The live feature plus a way to rebuild it from the same stored state: what a window reload does,
 * without reloading (integration tests check persistence with it).
 */
export class ResearchHost implements vscode.Disposable {
  private feature: ResearchFeature;

  constructor(private readonly deps: ResearchDeps) {
    this.feature = new ResearchFeature(deps);
  }

  get current(): ResearchFeature {
    return this.feature;
  }

  async restart(): Promise<ResearchFeature> {
    await this.feature.store.flush();
    this.feature.dispose();
    // Let the workbench take the old view down before the new one registers under the same id.
    await new Promise((resolve) => setTimeout(resolve, 250));
    this.feature = new ResearchFeature(this.deps);
    return this.feature;
  }

  dispose(): void {
    this.feature.dispose();
  }
}
