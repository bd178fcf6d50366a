// The usage feature: the history store, its chart panel (restored after a reload by a serializer),
// and the Show Credit Usage History command. History follows key and server changes.
import * as vscode from 'vscode';
import { registerCommand } from '../../host/commands';
import type { ClientProvider } from '../../host/clientProvider';
import type { ApiKeyService } from '../../host/keyService';
import type { Logger } from '../../host/logger';
import type { Team } from '../../host/team';
import { runCommonStep } from '../../host/nextStepCommands';
import { COMMANDS } from '../../ids';
import type { Clock } from '../../shared/clock';
import type { RecentUsageStore } from '../burn';
import type { CreditsStore } from '../credits';
import type { SharedFiles } from '../../shared/sharedFiles';
import { historyFile } from './model/historyFile';
import { UsageHistoryStore } from './model/historyStore';
import { BuiltOnDemand, loadOnDemand } from '../../host/onDemand';
import { type UsageRange, VIEW_TYPE } from './protocol';
import type { PanelAction, UsagePanel, UsagePanelDeps } from './ui/panel';
import type { UsagePanelBundle } from './ui/panelBundle';

export type { UsageHistoryStore } from './model/historyStore';
export type { UsagePanel } from './ui/panel';
export type { UsageRange } from './protocol';

export interface UsageDeps {
  context: vscode.ExtensionContext;
  /** The global storage folder every window shares: the last history is kept there. */
  files: SharedFiles;
  keys: ApiKeyService;
  provider: ClientProvider;
  /** The key and server: the kept history is the team's. */
  team: Team;
  credits: CreditsStore;
  /** Usage by hour and by day (features/burn): the panel's 30 days, 7 days and 24 hours. */
  recent: RecentUsageStore;
  log: Logger;
  clock: Clock;
}

export function activateUsage({ context, files, keys, provider, team, credits, recent, log, clock }: UsageDeps) {
  const store = new UsageHistoryStore({
    fetch: (byApiKey, signal) => provider.client.getCreditUsageHistory(byApiKey, { signal }),
    hasKey: () => keys.current !== undefined,
    keyKnown: () => keys.ready,
    isSelfHosted: () => provider.isSelfHosted,
    clock,
    // Only the team's own history is shown again; a key change resets it below.
    storage: historyFile(
      files,
      (file) => team.sharedName(file),
      () => provider.url.url,
      () => keys.ready.then(() => team.known),
    ),
  });
  const panel = new UsagePanelHost({
    extensionUri: context.extensionUri,
    history: store,
    credits,
    recent,
    log: log.child('usage'),
    runCommand: (command) => void runCommonStep(command),
    now: () => clock.now(),
    account: () => team.settledId,
    errors: () => provider.errorContext,
  });
  context.subscriptions.push(
    store,
    panel,
    provider.onDidChange(() => {
      store.reset();
      panel.reloadOpen();
    }),
    registerCommand(COMMANDS.showUsageHistory, () => panel.show()),
    // The page's own buttons, also in the editor title (so they are in the palette and can be bound to keys).
    registerCommand(COMMANDS.refreshUsage, () => panel.act('refresh')),
    registerCommand(COMMANDS.copyUsageCsv, () => panel.act('copyCsv')),
    registerCommand(COMMANDS.saveUsageCsv, () => panel.act('saveCsv')),
    vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, panel),
  );
  return { store, panel };
}

export type UsageFeature = ReturnType<typeof activateUsage>;

/**
 * The panel's code (its host side: state, CSV, the page's HTML) is an on-demand bundle, loaded
 * when the panel is first opened or restored; until then this stands in for it.
 */
export class UsagePanelHost implements vscode.WebviewPanelSerializer, vscode.Disposable {
  private readonly panel = new BuiltOnDemand(() =>
    loadOnDemand<UsagePanelBundle>('usagePanel').then((bundle) => {
      if (this.disposed) throw new Error('the usage feature was disposed');
      return new bundle.UsagePanel(this.deps);
    }),
  );
  private disposed = false;

  constructor(private readonly deps: UsagePanelDeps) {}

  load(): Promise<UsagePanel> {
    return this.panel.get();
  }

  async show(range?: UsageRange): Promise<void> {
    (await this.load()).show(range);
  }

  /** On the open panel; nothing to do (and nothing to load) when none is open. */
  async act(action: PanelAction): Promise<void> {
    await this.panel.built?.act(action);
  }

  async deserializeWebviewPanel(webviewPanel: vscode.WebviewPanel, state: unknown): Promise<void> {
    await (await this.load()).deserializeWebviewPanel(webviewPanel, state);
  }

  /** A key or server change: an open panel loads from the new one (a closed one has nothing to do). */
  reloadOpen(): void {
    this.panel.built?.reloadOpen();
  }

  dispose(): void {
    this.disposed = true;
    this.panel.built?.dispose();
  }
}
