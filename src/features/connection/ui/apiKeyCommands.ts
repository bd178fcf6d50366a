// "Firecrawl: Set API Key" checks a key with a credit-usage call before storing it, keeps what was
// typed when the key is rejected, and offers to store it anyway when the check cannot be made.
import * as vscode from 'vscode';
import { isFirecrawlError, keyProblem, trimKey } from '../../../api';
import { describeError, describeKeyCheckFailure } from '../../../host/errorText';
import type { ApiKeyService } from '../../../host/keyService';
import type { ClientProvider } from '../../../host/clientProvider';
import type { Logger } from '../../../host/logger';
import { plainText } from '../../../shared/text';
import { FIRECRAWL_API_KEYS_URL } from '../../../shared/urls';

type Verdict =
  | { kind: 'valid'; detail?: string }
  | { kind: 'rejected'; message: string }
  | { kind: 'unverified'; message: string };

/** What checking `key` against the configured server found; exported for the integration tests. */
export async function verifyKey(provider: ClientProvider, key: string, signal: AbortSignal): Promise<Verdict> {
  try {
    const usage = await provider.clientFor(key).getCreditUsage({ signal, timeoutMs: 15_000 });
    return { kind: 'valid', detail: `${usage.remainingCredits.toLocaleString()} credits remaining` };
  } catch (error) {
    if (!isFirecrawlError(error)) throw error;
    // Auth passed and the service itself says the team has no billing record. Any other 404 (a path
    // in the API URL, another web server) says nothing about the key.
    if (error.kind === 'notFound' && error.serviceBody) return { kind: 'valid', detail: 'the team has no billing information' };
    if (error.kind === 'cancelled') throw error;
    const text = describeKeyCheckFailure(error, { apiUrl: provider.url.url, selfHosted: provider.isSelfHosted });
    return { kind: text.verdict, message: text.message };
  }
}

export async function setApiKey(keys: ApiKeyService, provider: ClientProvider, log: Logger): Promise<boolean> {
  const box = vscode.window.createInputBox();
  box.title = 'Firecrawl: Set API Key';
  box.password = true;
  box.ignoreFocusOut = true;
  box.placeholder = 'fc-…';
  box.prompt = `Your Firecrawl API key, checked against ${plainText(provider.url.url, 200)} and kept in VS Code's secret storage.${provider.url.path ? ` Note: the API URL has a path (${plainText(provider.url.path, 80)}); a Firecrawl server is usually at the root.` : ''}`;
  // Keys for the hosted service are made on its dashboard (a self-hosted server makes its own, or needs none).
  const getKey: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('link-external'), tooltip: 'Get an API key (opens the Firecrawl dashboard)' };
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
    const save = async (value: string, detail?: string) => {
      await keys.store(value);
      log.info(`API key stored${detail ? ` (${detail})` : ''}`);
      void vscode.window.showInformationMessage(`Firecrawl API key saved${detail ? `: ${detail}` : ''}.`);
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
        box.validationMessage = 'Paste your API key (it starts with fc-), or press Escape to cancel.';
        return;
      }
      const problem = keyProblem(value);
      if (problem) {
        box.validationMessage = `This key ${problem}, which an API key never has: check what was pasted, or type it.`;
        return;
      }
      if (unverifiedValue === value) return void save(value, 'not verified');
      inFlight?.abort();
      const controller = new AbortController();
      inFlight = controller;
      box.busy = true;
      box.enabled = false;
      box.validationMessage = undefined;
      try {
        const verdict = await verifyKey(provider, value, controller.signal);
        if (controller.signal.aborted || settled) return;
        if (verdict.kind === 'valid') return void (await save(value, verdict.detail));
        if (verdict.kind === 'rejected') {
          box.validationMessage = verdict.message;
        } else {
          unverifiedValue = value;
          box.validationMessage = { message: verdict.message, severity: vscode.InputBoxValidationSeverity.Warning };
        }
      } catch (error) {
        if (!controller.signal.aborted) box.validationMessage = `Could not check the key: ${describeError(error).message}`;
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
  const fallback = keys.current?.source === 'environment' ? ' FIRECRAWL_API_KEY from the environment is still in use.' : '';
  void vscode.window.showInformationMessage(hadStored ? `Firecrawl API key removed from secret storage.${fallback}` : `No stored Firecrawl API key to remove.${fallback}`);
}
