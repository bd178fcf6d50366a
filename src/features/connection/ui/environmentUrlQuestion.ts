// The question before the key from secret storage goes to an address FIRECRAWL_API_URL names: the
// address shown, and what is used until the answer.
import * as vscode from 'vscode';
import type { UrlQuestion } from '../../../host/environmentUrlConsent';
import { plainText } from '../../../shared/text';

export const askAboutEnvironmentUrl: UrlQuestion = async (url, meanwhile, modal = false) => {
  const allow = vscode.l10n.t('Allow');
  const refuse = vscode.l10n.t("Don't Allow");
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('Firecrawl: FIRECRAWL_API_URL in this environment asks to send your stored API key to {0}. Allow it? Until you do, Firecrawl uses {1}.', plainText(url, 200), meanwhile),
    { modal },
    allow,
    refuse,
  );
  return choice === allow ? 'allowed' : choice === refuse ? 'refused' : undefined;
};
