// "Firecrawl: Set API Key" checks a key with a credit-usage call before storing it, keeps what was
// typed when the key is rejected, and offers to store it anyway when the check cannot be made.
import * as vscode from 'vscode';
import { isFirecrawlError, keyProblem, trimKey } from '../../../api';
import { describeError, describeKeyCheckFailure } from '../../../host/errorText';
import { isDefaultApiUrl } from '../../../api';
import type { ApiKeyService } from '../../../host/keyService';
import type { ClientProvider } from '../../../host/clientProvider';
import type { Logger } from '../../../host/logger';
import { balanceText } from '../../../shared/creditWords';
import { plainText } from '../../../shared/text';
import { FIRECRAWL_API_KEYS_URL } from '../../../shared/urls';

type Verdict = { kind: 'valid'; detail?: string } | { kind: 'rejected'; message: string } | { kind: 'unverified'; message: string };

/** What checking `key` against the configured server found; exported for the integration tests. */
export async function verifyKey(provider: ClientProvider, key: string, signal: AbortSignal): Promise<Verdict> {
  let target = provider.url.url;
  try {
    const client = provider.clientFor(key);
    target = client.baseUrl;
    const usage = await client.getCreditUsage({ signal, timeoutMs: 15_000 });
    // In the status bar's words: an overdrawn team is over its plan, not "-250 remaining".
    return { kind: 'valid', detail: balanceText(usage.remainingCredits, usage.planCredits, vscode.env.language) };
  } catch (error) {
    if (!isFirecrawlError(error)) throw error;
    // Auth passed and the service itself says the team has no billing record. Any other 404 (a path
    // in the API URL, another web server) says nothing about the key.
    if (error.kind === 'notFound' && error.serviceBody) return { kind: 'valid', detail: vscode.l10n.t('the team has no billing information') };
    if (error.kind === 'cancelled') throw error;
    const text = describeKeyCheckFailure(error, { apiUrl: target, selfHosted: !isDefaultApiUrl(target), browser: provider.inBrowser });
    return { kind: text.verdict, message: text.message };
  }
}

export async function setApiKey(keys: ApiKeyService, provider: ClientProvider, log: Logger): Promise<boolean> {
  const target = await provider.keyCheckUrl();
  const box = vscode.window.createInputBox();
  box.title = vscode.l10n.t('Firecrawl: Set API Key');
  box.password = true;
  box.ignoreFocusOut = true;
  box.placeholder = 'fc-…'; // not localised: how every key starts
  const where = vscode.l10n.t("Your Firecrawl API key, checked against {0} and kept in VS Code's secret storage.", plainText(target, 200));
  box.prompt = provider.url.path ? `${where} ${vscode.l10n.t('Note: the API URL has a path ({0}); a Firecrawl server is usually at the root.', plainText(provider.url.path, 80))}` : where;
  // Keys for the hosted service are made on its dashboard (a self-hosted server makes its own, or needs none).
  const getKey: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('link-external'), tooltip: vscode.l10n.t('Get an API key (opens the Firecrawl dashboard)') };
  box.buttons = [getKey];
  box.onDidTriggerButton((button) => {
    if (button === getKey) void vscode.env.openExternal(vscode.Uri.parse(FIRECRAWL_API_KEYS_URL));
  });
  let unverifiedValue: string | undefined;
  let inFlight: AbortController | undefined;

  return new Promise<boolean>((resolve) => {
    let settled = false;
    const finish = (saved: boolean) => {
      if (settled) return;
      settled = true;
      inFlight?.abort();
      box.dispose();
      resolve(saved);
    };
    /** `checked` says, for the log (English), whether the key was checked before it was stored. */
    const save = async (value: string, checked: boolean, detail?: string) => {
      try {
        await keys.store(value);
      } catch (error) {
        // Secret storage refused (a locked or missing OS keyring): the box stays open with the key in it.
        log.warn(`Could not store the API key: ${describeError(error).message}`);
        box.validationMessage = vscode.l10n.t('Could not keep the key in secret storage: {0}', describeError(error).message);
        return;
      }
      log.info(checked ? 'API key stored (checked)' : 'API key stored (not verified)');
      void vscode.window.showInformationMessage(detail ? vscode.l10n.t('Firecrawl API key saved: {0}.', detail) : vscode.l10n.t('Firecrawl API key saved.'));
      finish(true);
    };

    box.onDidChangeValue(() => {
      unverifiedValue = undefined;
      box.validationMessage = undefined;
    });
    box.onDidHide(() => finish(false));
    box.onDidAccept(async () => {
      // Pasted keys bring invisible characters along; at the ends they are dropped like spaces.
      const value = trimKey(box.value);
      if (!value) {
        box.validationMessage = vscode.l10n.t('Paste your API key (it starts with fc-), or press Escape to cancel.');
        return;
      }
      const problem = keyProblem(value);
      if (problem) {
        box.validationMessage = vscode.l10n.t('This key {0}, which an API key never has: check what was pasted, or type it.', problem);
        return;
      }
      if (unverifiedValue === value)
        return void save(value, false, vscode.l10n.t({ message: 'not verified', args: [], comment: ['said of an API key saved without checking it: "Firecrawl API key saved: not verified."'] }));
      inFlight?.abort();
      const controller = new AbortController();
      inFlight = controller;
      box.busy = true;
      box.enabled = false;
      box.validationMessage = undefined;
      try {
        const verdict = await verifyKey(provider, value, controller.signal);
        if (controller.signal.aborted || settled) return;
        if (verdict.kind === 'valid') return void (await save(value, true, verdict.detail));
        if (verdict.kind === 'rejected') {
          box.validationMessage = verdict.message;
        } else {
          unverifiedValue = value;
          box.validationMessage = { message: verdict.message, severity: vscode.InputBoxValidationSeverity.Warning };
        }
      } catch (error) {
        if (!controller.signal.aborted) box.validationMessage = vscode.l10n.t('Could not check the key: {0}', describeError(error).message);
      } finally {
        if (!settled) {
          box.busy = false;
          box.enabled = true;
        }
      }
    });
    box.show();
  });
}

export async function clearApiKey(keys: ApiKeyService, log: Logger): Promise<void> {
  const hadStored = keys.current?.source === 'stored';
  await keys.clear();
  log.info('API key cleared');
  const removed = hadStored ? vscode.l10n.t('Firecrawl API key removed from secret storage.') : vscode.l10n.t('No stored Firecrawl API key to remove.');
  const fallback = keys.current?.source === 'environment' ? vscode.l10n.t('{0} from the environment is still in use.', 'FIRECRAWL_API_KEY') : undefined;
  void vscode.window.showInformationMessage(fallback ? `${removed} ${fallback}` : removed);
}
