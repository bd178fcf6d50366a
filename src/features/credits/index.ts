// Builds the credits store and status bar and their commands for the extension.
import * as vscode from 'vscode';
import { systemClock } from '../../shared/clock';
import type { ApiKeyService } from '../../host/keyService';
import type { ClientProvider } from '../../host/clientProvider';
import type { WindowFocus } from '../../host/focus';
import { CreditsStatusBar } from './ui/statusBar';
import { type CreditsSnapshot, CreditsStore } from './model/creditsStore';

const SNAPSHOT_KEY = 'firecrawl.credits.lastKnown';

function intervalMs(): number {
  const minutes = vscode.workspace.getConfiguration('firecrawl.credits').get<number>('refreshIntervalMinutes', 5);
  return Math.max(1, Number.isFinite(minutes) ? minutes : 5) * 60_000;
}

export function createCredits(context: vscode.ExtensionContext, keys: ApiKeyService, provider: ClientProvider, focus: WindowFocus, hasHistoryView: () => boolean) {
  const store = new CreditsStore({
    fetch: (signal) => provider.client.getCreditUsage({ signal }),
    hasKey: () => keys.current !== undefined,
    isSelfHosted: () => provider.isSelfHosted,
    intervalMs,
    clock: systemClock,
    focus,
    storage: {
      // Only a value from the same server is shown; a key change resets it through the provider.
      load: () => {
        const saved = context.globalState.get<{ apiUrl: string; snapshot: CreditsSnapshot }>(SNAPSHOT_KEY);
        return saved && saved.apiUrl === provider.url.url ? saved.snapshot : undefined;
      },
      save: (snapshot) => void context.globalState.update(SNAPSHOT_KEY, snapshot ? { apiUrl: provider.url.url, snapshot } : undefined),
    },
  });
  const statusBar = new CreditsStatusBar(store, keys, provider, hasHistoryView);
  const providerSubscription = provider.onDidChange(() => store.reset());
  context.subscriptions.push(
    store,
    statusBar,
    { dispose: () => providerSubscription.dispose() },
    vscode.commands.registerCommand('firecrawl.refreshCredits', () => store.refreshNow()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('firecrawl.credits.refreshIntervalMinutes')) store.reschedule();
    }),
  );
  return { store, statusBar };
}
