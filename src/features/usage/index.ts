// Builds the usage history store and its panel, registers the command and the serializer that
// restores the panel after a reload, and keeps history in step with key and server changes.
import * as vscode from 'vscode';
import { systemClock } from '../../shared/clock';
import type { CreditsStore } from '../credits/model/creditsStore';
import type { ApiKeyService } from '../../host/keyService';
import type { ClientProvider } from '../../host/clientProvider';
import type { Logger } from '../../host/logger';
import { type HistoryMode, type HistorySnapshot, UsageHistoryStore } from './model/historyStore';
import { type PageCommand, VIEW_TYPE } from './protocol';
import { UsagePanel } from './ui/panel';

export const SHOW_COMMAND = 'firecrawl.showUsageHistory';
const STORAGE_KEY = 'firecrawl.usageHistory.lastKnown';

type Stored = { apiUrl: string } & Partial<Record<HistoryMode, HistorySnapshot>>;

function runPageCommand(command: PageCommand): void {
  switch (command) {
    case 'setApiKey':
      void vscode.commands.executeCommand('firecrawl.setApiKey');
      return;
    case 'openSettings':
      void vscode.commands.executeCommand('workbench.action.openSettings', 'firecrawl.apiUrl');
      return;
    case 'showLogs':
      void vscode.commands.executeCommand('firecrawl.showLogs');
      return;
  }
}

export interface UsageHistoryDeps {
  keys: ApiKeyService;
  provider: ClientProvider;
  credits: CreditsStore;
  log: Logger;
}

export function createUsageHistory(context: vscode.ExtensionContext, deps: UsageHistoryDeps) {
  const { keys, provider, credits, log } = deps;
  // Only history from the same server is shown again; a key change resets it below.
  const stored = (): Stored | undefined => {
    const value = context.globalState.get<Stored>(STORAGE_KEY);
    return value && value.apiUrl === provider.url.url ? value : undefined;
  };
  const store = new UsageHistoryStore({
    fetch: (byApiKey, signal) => provider.client.getCreditUsageHistory(byApiKey, { signal }),
    hasKey: () => keys.current !== undefined,
    isSelfHosted: () => provider.isSelfHosted,
    clock: systemClock,
    storage: {
      load: (mode) => stored()?.[mode],
      save: (mode, snapshot) => {
        const next: Stored = { ...stored(), apiUrl: provider.url.url };
        if (snapshot) next[mode] = snapshot;
        else delete next[mode];
        void context.globalState.update(STORAGE_KEY, next.total || next.byKey ? next : undefined);
      },
    },
  });
  const panel = new UsagePanel({ extensionUri: context.extensionUri, history: store, credits, log, runCommand: runPageCommand });
  const providerSubscription = provider.onDidChange(() => {
    store.reset();
    panel.reloadOpen();
  });
  context.subscriptions.push(
    store,
    panel,
    { dispose: () => providerSubscription.dispose() },
    vscode.commands.registerCommand(SHOW_COMMAND, () => panel.show()),
    vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, panel),
  );
  return { store, panel };
}
