// The credits feature: the balance store, its status bar item, and the Refresh Credits command.
import * as vscode from 'vscode';
import { registerCommand } from '../../host/commands';
import { contextKey } from '../../host/contextKey';
import type { ClientProvider } from '../../host/clientProvider';
import type { Team } from '../../host/team';
import type { ApiKeyService } from '../../host/keyService';
import { creditsSettings, onDidChangeSettings } from '../../host/settings';
import { COMMANDS, CONTEXT, SETTINGS } from '../../ids';
import type { Clock } from '../../shared/clock';
import type { SharedFiles } from '../../shared/sharedFiles';
import { type Connection, connectionOf } from './model/connection';
import { sharedCredits } from './model/sharedCredits';
import { CreditsStore } from './model/creditsStore';
import { CreditsStatusBar } from './ui/statusBar';

export type { CreditsState, CreditsStore } from './model/creditsStore';
export { forecastRunOut, forecastSentence } from './model/forecast';
export { keepsNoCredits } from './model/connection';
export type { CreditsStatusBar } from './ui/statusBar';

export interface CreditsDeps {
  context: vscode.ExtensionContext;
  keys: ApiKeyService;
  provider: ClientProvider;
  team: Team;
  files: SharedFiles;
  clock: Clock;
  /** What else "Refresh Credits" refreshes (the last 24 hours of usage). */
  alsoRefresh?: () => void;
}

export function activateCredits({ context, keys, provider, team, files, clock, alsoRefresh }: CreditsDeps) {
  const shared = sharedCredits(
    files,
    (file) => team.sharedName(file),
    () => provider.url.url,
    // A window whose file watcher missed a write still takes the leader's value on the lease's beat.
    team.onDidLook,
  );
  const store = new CreditsStore({
    fetch: (signal, onRetry) => provider.client.getCreditUsage({ signal, onRetry }),
    // One try: the next refresh asks again, and the balance does not wait on retries of an extra.
    fetchQueue: (signal) => provider.client.getQueueStatus({ signal, maxAttempts: 1 }),
    isLeader: () => team.isLeader,
    shared,
    hasKey: () => keys.current !== undefined,
    ready: () => keys.ready.then(() => team.known),
    isSelfHosted: () => provider.isSelfHosted,
    intervalMs: creditsSettings.refreshIntervalMs,
    clock,
    focus: team.focus,
  });
  const statusBar = new CreditsStatusBar(store, keys, provider, clock);
  // The welcome views say "key rejected" or "offline" before any job could show it.
  const setConnection = contextKey<Connection | undefined>(CONTEXT.connection, undefined);
  const showConnection = () => setConnection(connectionOf(store.state));
  context.subscriptions.push(
    shared,
    store,
    statusBar,
    team.onDidChangeRole(() => store.roleChanged()),
    provider.onDidChange(() => store.reset()),
    store.onDidChange(showConnection),
    registerCommand(COMMANDS.refreshCredits, () => {
      alsoRefresh?.();
      return store.refreshNow();
    }),
    onDidChangeSettings([SETTINGS.refreshIntervalMinutes], () => store.reschedule()),
  );
  store.start();
  return { store, statusBar };
}

export type CreditsFeature = ReturnType<typeof activateCredits>;
