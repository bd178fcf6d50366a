// The connection feature: the API key (set, clear, the one-time prompt, where to get one), the
// answers about addresses from FIRECRAWL_API_URL, the Firecrawl dashboard, and the log of what was sent.
import * as vscode from 'vscode';
import { registerCommand } from '../../host/commands';
import { contextKey } from '../../host/contextKey';
import type { ClientProvider } from '../../host/clientProvider';
import type { UrlQuestion } from '../../host/environmentUrlConsent';
import type { ApiKeyService } from '../../host/keyService';
import type { Logger } from '../../host/logger';
import { COMMANDS, CONTEXT } from '../../ids';
import { FIRECRAWL_DASHBOARD_URL } from '../../shared/urls';
import { loadOnDemand } from '../../host/onDemand';
import type { KeyInput } from './ui/keyInputBundle';
import { maybePromptForKey } from './ui/keyPrompt';

const keyInput = () => loadOnDemand<KeyInput>('keyInput');

export interface ConnectionDeps {
  context: vscode.ExtensionContext;
  channel: vscode.LogOutputChannel;
  keys: ApiKeyService;
  provider: ClientProvider;
  log: Logger;
}

export function activateConnection({ context, channel, keys, provider, log }: ConnectionDeps): void {
  // Forget… is in the palette only while there is an answer to forget (never in a browser host, which has
  // no environment).
  const setAnswersKept = contextKey(CONTEXT.environmentUrlAnswers, false);
  const showAnswers = () => setAnswersKept(provider.consent.hasAnswers);
  showAnswers();
  context.subscriptions.push(
    provider.consent.onDidChange(showAnswers),
    registerCommand(COMMANDS.showLogs, () => channel.show()),
    registerCommand(COMMANDS.setApiKey, async () => (await keyInput()).setApiKey(keys, provider, log)),
    registerCommand(COMMANDS.clearApiKey, async () => (await keyInput()).clearApiKey(keys, log)),
    registerCommand(COMMANDS.openDashboard, () => vscode.env.openExternal(vscode.Uri.parse(FIRECRAWL_DASHBOARD_URL))),
    registerCommand(COMMANDS.forgetEnvironmentUrls, async () => {
      await provider.consent.forget();
      log.info('Forgot the answers about FIRECRAWL_API_URL');
      void vscode.window.showInformationMessage(vscode.l10n.t('Firecrawl will ask again before it sends your stored API key to an address from {0}.', 'FIRECRAWL_API_URL'));
    }),
  );
}

/** Asks whether the stored key may go to an address from FIRECRAWL_API_URL (loads the key input's bundle). */
export const askAboutEnvironmentUrl: UrlQuestion = async (url, meanwhile, modal) => (await keyInput()).askAboutEnvironmentUrl(url, meanwhile, modal);

/** Once the key is known: asks for one when there is none (at most once per 12 h across windows). */
export function promptForKeyIfMissing(context: vscode.ExtensionContext, keys: ApiKeyService): void {
  void maybePromptForKey(context.globalState, keys);
}
