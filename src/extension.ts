// Composition root: builds the layers (client → stores → views) and wires commands.
// Activation does no network work before the first paint; stores refresh behind cached values.
import * as vscode from 'vscode';
import { clearApiKey, setApiKey } from './features/connection/ui/apiKeyCommands';
import { registerFeedback } from './features/feedback';
import { createCredits } from './features/credits';
import { ApiKeyService } from './host/keyService';
import { ClientProvider } from './host/clientProvider';
import { WindowFocus } from './host/focus';
import { maybePromptForKey } from './features/connection/ui/keyPrompt';
import { createLogger } from './host/logger';
import { ResearchHost } from './features/research';
import { createUsageHistory } from './features/usage';

/** Set once the usage chart registers; until then the status bar click refreshes instead. */
let usageHistoryAvailable = false;

/**
 * What integration tests reach through `getExtension(...).exports`. Returned only in test mode:
 * in normal use any other extension could read exports, and these hold the key service.
 */
export type TestApi = Record<string, unknown>;

export async function activate(context: vscode.ExtensionContext): Promise<TestApi | undefined> {
  const channel = vscode.window.createOutputChannel('Firecrawl', { log: true });
  const keys = new ApiKeyService(context.secrets);
  const log = createLogger(channel, () => keys.current?.value);
  const version = String(context.extension.packageJSON.version ?? '0.0.0');
  const provider = new ClientProvider(keys, log.child('http'), version);
  context.subscriptions.push(channel, keys, provider);

  context.subscriptions.push(
    vscode.commands.registerCommand('firecrawl.showLogs', () => channel.show()),
    vscode.commands.registerCommand('firecrawl.setApiKey', () => setApiKey(keys, provider, log)),
    vscode.commands.registerCommand('firecrawl.clearApiKey', () => clearApiKey(keys, log)),
  );

  await keys.initialize();
  const focus = new WindowFocus();
  context.subscriptions.push(focus);

  // --- credits: store + status bar ---
  const credits = createCredits(context, keys, provider, focus, () => usageHistoryAvailable);
  credits.store.start();

  // --- deep research (issue #5): job store in globalState + sidebar tree + commands ---
  const research = new ResearchHost({ storage: context.globalState, source: provider, focus, log });
  context.subscriptions.push(research);
  // --- end deep research ---

  // --- usage history (issue #6): store + chart panel; the status bar forecast borrows its history ---
  const usage = createUsageHistory(context, { keys, provider, credits: credits.store, log: log.child('usage') });
  usageHistoryAvailable = true;
  const shareHistory = () => credits.statusBar.setHistory(usage.store.periods());
  shareHistory();
  const usageSubscription = usage.store.onDidChange(shareHistory);
  context.subscriptions.push({ dispose: () => usageSubscription.dispose() });
  // --- end usage history ---

  // --- feedback wizard (issue #7): palette command, editor context menu, draft kept in globalState ---
  const feedback = registerFeedback(context, provider, log.child('feedback'));
  // --- end feedback wizard ---

  const key = keys.current;
  log.info(`Activated ${version}; API ${provider.url.url} (${provider.url.source}); key ${key ? `from ${key.source === 'stored' ? 'secret storage' : 'FIRECRAWL_API_KEY'}` : 'not set'}`);
  void maybePromptForKey(context.globalState, keys);
  const testApi: TestApi = {
    keys, provider, credits, research, usage, channel, log,
    // A getter, so tests that never touch the wizard leave it unloaded, as in normal use.
    get feedback() {
      return feedback.controller;
    },
    feedbackLoaded: () => feedback.loaded,
    globalStorage: context.globalStorageUri.fsPath,
    logDir: context.logUri.fsPath,
  };
  return context.extensionMode === vscode.ExtensionMode.Test ? testApi : undefined;
}

export function deactivate(): void {}
