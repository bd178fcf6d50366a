// The credits feature: the balance store, its status bar item, and the Refresh Credits command.
import * as vscode from 'vscode';
import type { ClientProvider } from '../../host/clientProvider';
import type { ApiKeyService } from '../../host/keyService';
import { creditsSettings, onDidChangeSettings } from '../../host/settings';
import { COMMANDS, SETTINGS, STORAGE } from '../../ids';
import type { Clock } from '../../shared/clock';
import type { FocusSource } from '../../shared/events';
import { type CreditsSnapshot, CreditsStore } from './model/creditsStore';
import { CreditsStatusBar } from './ui/statusBar';

export type { CreditsState, CreditsStore } from './model/creditsStore';
export type { CreditsStatusBar } from './ui/statusBar';

export interface CreditsDeps {
  context: vscode.ExtensionContext;
  keys: ApiKeyService;
  provider: ClientProvider;
  focus: FocusSource;
  clock: Clock;
  hasHistoryView: () => boolean;
}

export function activateCredits({ context, keys, provider, focus, clock, hasHistoryView }: CreditsDeps) {
  const store = new CreditsStore({
    fetch: (signal, onRetry) => provider.client.getCreditUsage({ signal, onRetry }),
    hasKey: () => keys.current !== undefined,
    isSelfHosted: () => provider.isSelfHosted,
    intervalMs: creditsSettings.refreshIntervalMs,
    clock,
    focus,
    storage: {
      // Only a value from the same server is shown; a key change resets it through the provider.
      load: () => {
        const saved = context.globalState.get<{ apiUrl: string; snapshot: CreditsSnapshot }>(STORAGE.creditsLastKnown);
        return saved && saved.apiUrl === provider.url.url ? saved.snapshot : undefined;
      },
      save: (snapshot) => void context.globalState.update(STORAGE.creditsLastKnown, snapshot ? { apiUrl: provider.url.url, snapshot } : undefined),
    },
  });
  const statusBar = new CreditsStatusBar(store, keys, provider, clock, hasHistoryView);
  const providerSubscription = provider.onDidChange(() => store.reset());
  context.subscriptions.push(
    store,
    statusBar,
    { dispose: () => providerSubscription.dispose() },
    vscode.commands.registerCommand(COMMANDS.refreshCredits, () => store.refreshNow()),
    onDidChangeSettings([SETTINGS.refreshIntervalMinutes], () => store.reschedule()),
  );
  store.start();
  return { store, statusBar };
}

export type CreditsFeature = ReturnType<typeof activateCredits>;
