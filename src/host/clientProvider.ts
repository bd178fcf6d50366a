// Holds the client for the current API URL and key; stores ask it for the client at each request,
// so a settings or key change applies without a reload.
import * as vscode from 'vscode';
import { DEFAULT_API_URL, FirecrawlClient } from '../api';
import type { ResponseRules } from '../api/rules';
import { CLIENT_NAME, SETTINGS } from '../ids';
import { Emitter } from '../shared/events';
import { plainText } from '../shared/text';
import { nextStepLabel } from './errorText/nextSteps';
import type { ApiKeyService } from './keyService';
import { type Logger, logRequest } from './logger';
import { loadOnDemand } from './onDemand';
import { platform } from './platform';
import { type ApiUrl, isDefaultApiUrl, onDidChangeSettings, openSetting, resolveApiUrl } from './settings';

export class ClientProvider implements vscode.Disposable {
  private apiUrl: ApiUrl;
  private instance: FirecrawlClient;
  private readonly changed = new Emitter<void>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly warnedUrls = new Set<string>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly keys: ApiKeyService,
    private readonly log: Logger,
    private readonly version: string,
  ) {
    this.apiUrl = resolveApiUrl(platform().env);
    this.instance = this.create();
    this.warn();
    this.subscriptions.push(
      onDidChangeSettings([SETTINGS.apiUrl], () => {
        this.apiUrl = resolveApiUrl(platform().env);
        this.instance = this.create();
        this.warn();
        this.log.info(`API URL is now ${this.apiUrl.url} (${this.apiUrl.source})`);
        this.changed.fire();
      }),
    );
    const keySubscription = this.keys.onDidChange(() => this.changed.fire());
    this.subscriptions.push({ dispose: () => keySubscription.dispose() });
  }

  get client(): FirecrawlClient {
    return this.instance;
  }

  get url(): ApiUrl {
    return this.apiUrl;
  }

  /** Self-hosted servers cannot report credits and say so with a 500: the UI words that plainly. */
  get isSelfHosted(): boolean {
    return !isDefaultApiUrl(this.apiUrl.url);
  }

  /** A client for a key that is not stored yet, e.g. to check a key before saving it. */
  clientFor(key: string): FirecrawlClient {
    return this.create(() => key);
  }

  private create(apiKey: () => string | undefined = () => this.keys.current?.value): FirecrawlClient {
    return new FirecrawlClient({
      baseUrl: this.apiUrl.url,
      apiKey,
      pastKeys: () => this.keys.heldKeys,
      ready: () => this.keys.ready,
      loadRules: () => loadOnDemand<ResponseRules>('responseRules'),
      clientName: CLIENT_NAME,
      clientVersion: this.version,
      ...(platform().fetch ? { fetch: platform().fetch } : {}),
      onRequest: (entry) => logRequest(this.log, entry),
    });
  }

  private warn(): void {
    const { problem, insecure, path } = this.apiUrl;
    const url = plainText(this.apiUrl.url, 200);
    const text = problem
      ? vscode.l10n.t('Firecrawl: {0}. Using {1} instead.', problem, url)
      : insecure
        ? vscode.l10n.t('Firecrawl: {0} uses plain http to another machine, so your API key would travel unencrypted. Use https:// unless this is a trusted network.', url)
        : path
          ? vscode.l10n.t(
              "Firecrawl: the API URL {0} has a path ({1}). Requests add /v2/team/… and /v1/deep-research/… to it themselves, so they go to {2}. Use the server's root address (such as {3}) unless it really is served under that path.",
              url,
              plainText(path, 80),
              `${url}/v2/team/credit-usage`,
              DEFAULT_API_URL,
            )
          : undefined;
    if (!text || this.warnedUrls.has(text)) return;
    this.warnedUrls.add(text);
    this.log.warn(text);
    void vscode.window.showWarningMessage(text, nextStepLabel('openSettings')).then((choice) => {
      if (choice) void openSetting(SETTINGS.apiUrl);
    });
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}
