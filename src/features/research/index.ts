// The research feature: the job store (the team's folder of job files in the shared storage, the
// client from the provider at each request) → tree, documents, notifications → commands. Everything
// it creates is disposed together.
import * as vscode from 'vscode';
import { registerCommand } from '../../host/commands';
import { loadOnDemand } from '../../host/onDemand';
import type { Logger } from '../../host/logger';
import type { Team } from '../../host/team';
import { onDidChangeSettings, researchSettings } from '../../host/settings';
import { COMMANDS, RESEARCH_DOCUMENT_SCHEME, SETTINGS } from '../../ids';
import type { Clock } from '../../shared/clock';
import { DisposableBase, type FocusSource } from '../../shared/events';
import type { SharedFiles } from '../../shared/sharedFiles';
import type { Attention } from '../../shared/teamLease';
import { type ActivitySource, RecentRuns, type RecentRunsReader } from './model/recentRuns';
import { readableUntilShutdown, type ResearchClientSource, type ResearchJobReader, ResearchStore } from './model/researchStore';
import type { ResearchStorage } from './model/storage';
import { CompletionNotifier } from './ui/completionNotifier';
import { ResearchDocuments } from './ui/documents';
import type { ResearchActions } from './ui/actionsBundle';
import type { ResearchRows } from './ui/rowsBundle';
import { ResearchTreeProvider } from './ui/treeProvider';
import { ResearchView } from './ui/view';
import type { ConnectionFacts } from './ui/viewMessage';

export type { RefreshOutcome, ResearchStore, TrackResult } from './model/researchStore';
export type { RecentRun, RecentRuns } from './model/recentRuns';
export type { AddRecentOutcome } from './ui/recentCommands';
export type { TrackOutcome } from './model/trackChecked';
export type { TrackedJob } from './model/trackedJob';
export type { ResearchNode } from './ui/treeRows';
export { conditionText } from './ui/treeRows';

export interface ResearchDeps {
  storage: ResearchStorage;
  /** Job snapshots, shared with the other windows. */
  files: SharedFiles;
  /** Fires when the key or API URL changes (ClientProvider.onDidChange). The client also lists recent runs. */
  source: ResearchClientSource & {
    readonly client: ResearchJobReader & RecentRunsReader;
    onDidChange(listener: () => void): { dispose(): void };
  };
  /** The team's recent activity the window shares (with the hover and the wizard): the Recent group's deep research and agent entries. */
  activity: ActivitySource;
  /** This window's focus (the team's is in `team`). */
  focus: FocusSource;
  team: Team;
  log: Logger;
  clock: Clock;
  /** Whether the last key or server change was made in this window (it asks whether to bring the previous key's jobs along). */
  changedHere?: () => boolean;
  /** Whose key and where requests go: the view's line (offline, the environment's key) and every error the view words. */
  connection: () => ConnectionFacts;
}

/** Tracking, saving and copying load with the first of them (an on-demand bundle). */
const actions = () => loadOnDemand<ResearchActions>('researchActions');

export class ResearchFeature extends DisposableBase {
  readonly store: ResearchStore;
  /** The team's runs of the last 24 hours: Add Recent Jobs and the Recent group. */
  readonly recent: RecentRuns;
  readonly tree: ResearchTreeProvider;
  readonly view: ResearchView;
  readonly documents: ResearchDocuments;
  /** Says when watched jobs finish; tests read its decisions. */
  readonly notifier: CompletionNotifier;

  constructor(deps: ResearchDeps) {
    super();
    const { clock } = deps;
    const log = deps.log.child('research');
    const { team } = deps;
    const errors = () => deps.connection().errors;
    this.store = new ResearchStore({
      source: deps.source,
      storage: deps.storage,
      files: deps.files,
      windowId: team.windowId,
      isLeader: () => team.isLeader,
      clock,
      log,
      maxPollMs: researchSettings.maxPollMs,
    });
    const store = this.store;
    const recent = new RecentRuns({
      reader: () => deps.source.client,
      activity: deps.activity,
      clock,
      enabled: researchSettings.showRecent,
      log,
      // The service's own date for the shutdown (its Sunset header), else the published one, or the 410
      // that came before it.
      researchSunset: () => readableUntilShutdown(store.deepResearchNotice),
    });
    this.recent = recent;
    this.tree = new ResearchTreeProvider(
      this.store,
      () => loadOnDemand<ResearchRows>('researchRows'),
      () => clock.now(),
      {
        get state() {
          return recent.state;
        },
        get runs() {
          return recent.runs;
        },
        onDidChange: recent.onDidChange,
        shown: researchSettings.showRecent,
      },
      errors,
    );
    this.view = new ResearchView(this.store, this.tree, team, clock, deps.connection);
    // The Recent group reads its list only while this view is visible in this focused window.
    const attendRecent = () => recent.setAttention({ visible: this.view.treeView.visible, focused: deps.focus.focused });
    attendRecent();
    const recentDeps = { store: this.store, recent, reveal: (id: string) => this.view.reveal(id), errors, now: () => clock.now() };
    this.documents = new ResearchDocuments(this.store);
    const reveal = (id: string) => this.view.reveal(id);
    const ranAt = (id: string) => recent.runs.find((r) => r.id === id)?.ranAt;
    const jobs = { store: this.store, errors };
    this.notifier = new CompletionNotifier(
      this.store,
      clock,
      {
        openAnalysis: async (id) => void (await actions()).openAnalysis(jobs, id),
        openJson: async (id) => void (await actions()).openJson(jobs, id),
        revealJob: reveal,
        recentTitle: (id) => recent.runs.find((r) => r.id === id)?.target,
      },
      async (finished, notifierActions) => (await actions()).showCompletion(finished, notifierActions),
      () => deps.focus.focused || (!team.attention.focused && team.isLeader),
      researchSettings.notifyOnCompletion,
    );
    const endpoint = deps.source.onDidChange(() => {
      this.store.endpointChanged();
      this.view.updateMessage();
      recent.endpointChanged();
    });
    const attend = (a: Attention) => this.store.setAttention({ focused: a.focused, visible: a.researchVisible });
    attend(team.attention);
    const join = (t: { id: string; keyed: boolean }) => {
      const previous = this.store.teamId;
      this.store.joinTeam(t.id);
      if (previous && previous !== t.id && t.keyed && (deps.changedHere ?? (() => deps.focus.focused))()) void actions().then((a) => a.offerToFollow(this.store, previous));
    };
    if (team.current) join(team.current);

    this._register(
      // First here, so it is disposed last: its final write must not race the views' teardown.
      this.store,
      recent,
      this.tree,
      this.view,
      this.documents,
      this.notifier,
      endpoint,
      team.onDidChangeAttention(attend),
      team.onDidChangeRole(() => this.store.roleChanged()),
      team.onDidJoin(join),
      // Other windows' adds and drops reach this one on the lease's beat and when it is looked at
      // again, file watcher or not.
      team.onDidLook(() => void this.store.reconcile()),
      deps.focus.onDidChange((focused) => {
        if (focused) void this.store.reconcile();
      }),
      vscode.workspace.registerTextDocumentContentProvider(RESEARCH_DOCUMENT_SCHEME, this.documents),
      registerCommand(COMMANDS.trackJob, async (arg?: unknown, options?: unknown) => (await actions()).trackJob({ store: this.store, reveal, errors, ranAt }, arg, options)),
      registerCommand(COMMANDS.trackJobFromSelection, async () => (await actions()).trackFromSelection({ store: this.store, reveal, errors, ranAt })),
      registerCommand(COMMANDS.addRecentJobs, async () => (await actions()).addRecentJobs(recentDeps)),
      registerCommand(COMMANDS.trackRecentJob, async (clicked?: unknown, selected?: unknown) => (await actions()).trackRecentJob(recentDeps, clicked, selected)),
      this.view.treeView.onDidChangeVisibility(attendRecent),
      deps.focus.onDidChange(attendRecent),
      onDidChangeSettings([SETTINGS.showRecent], () => {
        recent.settingsChanged();
        this.tree.recentSettingChanged();
      }),
      registerCommand(COMMANDS.untrackJob, async (clicked?: unknown, selected?: unknown) => (await actions()).untrackJobs(jobs, clicked, selected)),
      registerCommand(COMMANDS.clearFinishedJobs, async () => (await actions()).clearFinishedJobs(jobs)),
      registerCommand(COMMANDS.followOtherKeysJobs, async () => (await actions()).followOtherKeysJobs(this.store)),
      registerCommand(COMMANDS.copyJobId, async (clicked?: unknown, selected?: unknown) => (await actions()).copyJobId(jobs, clicked, selected)),
      registerCommand(COMMANDS.refreshJobs, async () => (await actions()).refreshAllJobs(jobs)),
      registerCommand(COMMANDS.refreshJob, async (clicked?: unknown, selected?: unknown) => (await actions()).refreshJobs(jobs, clicked, selected)),
      registerCommand(COMMANDS.openAnalysis, async (clicked?: unknown) => (await actions()).openAnalysis(jobs, clicked)),
      registerCommand(COMMANDS.openAnalysisText, async (clicked?: unknown) => (await actions()).openAnalysis(jobs, clicked, true)),
      registerCommand(COMMANDS.openJson, async (clicked?: unknown, which?: unknown) => (await actions()).openJson(jobs, clicked, which)),
      registerCommand(COMMANDS.saveJobResult, async (clicked?: unknown) => (await actions()).saveResult(jobs, clicked)),
      registerCommand(COMMANDS.copyJobResult, async (clicked?: unknown) => (await actions()).copyResult(jobs, clicked)),
      registerCommand(COMMANDS.cancelAgentJob, async (clicked?: unknown) => (await actions()).cancelAgentJob(jobs, clicked)),
      registerCommand(COMMANDS.openSource, async (clicked?: unknown) => (await actions()).openSource(jobs, clicked)),
      registerCommand(COMMANDS.copySourceUrl, async (clicked?: unknown) => (await actions()).copySourceUrl(jobs, clicked)),
    );
    this.store.start();
  }

  /** Writes what waits to be written (closing the window waits for it). */
  flush(): Promise<void> {
    return this.store.flush();
  }
}

export function activateResearch(context: vscode.ExtensionContext, deps: ResearchDeps): ResearchFeature {
  const feature = new ResearchFeature(deps);
  context.subscriptions.push(feature);
  return feature;
}
