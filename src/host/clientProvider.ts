// Holds the client for the current API URL and key; stores ask it for the client at each request,
// so a settings or key change applies without a reload.
import * as vscode from 'vscode';
import { DEFAULT_API_URL, FirecrawlClient, isDefaultApiUrl } from '../api';
import type { ResponseRules } from '../api/rules';
import { CLIENT_NAME, SETTINGS } from '../ids';
import { DisposableBase, Emitter } from '../shared/events';
import { plainText } from '../shared/text';
import type { ErrorContext } from './errorText';
import { nextStepLabel } from './errorText/nextSteps';
import type { EnvironmentUrlConsent } from './environmentUrlConsent';
import type { ApiKeyService } from './keyService';
import { type Logger, logRequest } from './logger';
import { loadOnDemand } from './onDemand';
import { platform } from './platform';
import { type ApiUrl, onDidChangeSettings, openSetting, resolveApiUrl } from './settings';

export class ClientProvider extends DisposableBase {
  private apiUrl: ApiUrl;
  private instance: FirecrawlClient;
  private readonly changed = this._register(new Emitter<void>());
  private readonly warnedUrls = new Set<string>();
  private disposed = false;
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly keys: ApiKeyService,
    private readonly log: Logger,
    private readonly version: string,
    /** Whether the stored key may go to an address from FIRECRAWL_API_URL. */
    readonly consent: EnvironmentUrlConsent,
  ) {
    super();
    this.apiUrl = this.resolve();
    this.instance = this.create();
    this.warn();
    this._register(
      onDidChangeSettings([SETTINGS.apiUrl], () => this.follow(true)),
      this.keys.onDidChange(() => {
        // A key stored or cleared may change where requests may go (see resolve); the key itself changed anyway.
        if (!this.follow(false)) this.changed.fire();
      }),
      this.consent.onDidChange(() => this.follow(false)),
    );
    // Until the stored key is read, an environment address counts as needing a yes; then look again.
    void this.keys.ready.then(() => this.follow(false));
  }

  /**
   * The address requests go to. FIRECRAWL_API_URL, when the setting is unset, serves the
   * environment's own FIRECRAWL_API_KEY (or no key) as it is; the key from secret storage goes
   * there only once the person allowed that address. Until then the default is used, as if the
   * environment named none, and the person is asked.
   */
  private resolve(): ApiUrl {
    const wanted = resolveApiUrl(platform().env);
    if (wanted.source !== 'environment') return wanted;
    const source = this.keys.isReady ? this.keys.current?.source : 'stored';
    if (source !== 'stored' || this.allows(wanted.url)) return wanted;
    return { url: DEFAULT_API_URL, source: 'default', withheld: wanted.url };
  }

  /** Whether the stored key may go to an environment's address: Firecrawl's own needs no yes, wherever it is named. */
  private allows(url: string): boolean {
    return isDefaultApiUrl(url) || this.consent.allows(url);
  }

  /** Resolves again; a new address gets a new client and is announced. Returns whether it changed. */
  private follow(settingChanged: boolean): boolean {
    if (this.disposed) return false;
    const next = this.resolve();
    const same = next.url === this.apiUrl.url && next.source === this.apiUrl.source && next.withheld === this.apiUrl.withheld;
    if (same && !settingChanged) {
      this.askAboutWithheld();
      return false;
    }
    this.apiUrl = next;
    this.instance = this.create();
    this.warn();
    // not localised: a log line
    const withheld = next.withheld ? `; the stored key is not allowed at ${next.withheld}` : '';
    this.log.info(`API URL is now ${this.apiUrl.url} (${this.apiUrl.source})${withheld}`);
    this.askAboutWithheld();
    this.changed.fire();
    return true;
  }

  private askAboutWithheld(): void {
    const withheld = this.apiUrl.withheld;
    if (!withheld || !this.keys.isReady) return;
    void this.consent.ask(withheld, DEFAULT_API_URL);
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

  /**
   * The extension host runs in a browser: a server of one's own must allow the page's origin (CORS),
   * or requests to it fail as if it were down. Error words say so (errorText's `browser`).
   */
  get inBrowser(): boolean {
    return platform().name === 'web';
  }

  /** What error words need to know of where requests go (errorText's ErrorContext). */
  get errorContext(): Required<Omit<ErrorContext, 'retryInMs' | 'serverWordsApart'>> {
    return { apiUrl: this.apiUrl.url, selfHosted: this.isSelfHosted, browser: this.inBrowser, keySet: !this.keys.isReady || this.keyFor(this.apiUrl) !== undefined };
  }

  /** A client for a key that is not stored yet, e.g. to check a key before saving it: it goes where a stored key may. */
  clientFor(key: string): FirecrawlClient {
    return this.create(() => key, this.storedKeyUrl());
  }

  /** Where the stored key goes: an environment address only once allowed. */
  private storedKeyUrl(): string {
    const wanted = resolveApiUrl(platform().env);
    if (wanted.source !== 'environment') return this.apiUrl.url;
    return this.allows(wanted.url) ? wanted.url : DEFAULT_API_URL;
  }

  /**
   * Where a key about to be typed will be checked and then used. A key typed is a key stored, so an
   * environment address not allowed yet is asked about first, in a dialog (the box waits for it): the
   * check then goes where the box says.
   */
  async keyCheckUrl(): Promise<string> {
    const wanted = resolveApiUrl(platform().env);
    if (wanted.source === 'environment' && !this.allows(wanted.url)) await this.consent.ask(wanted.url, DEFAULT_API_URL, true);
    return this.storedKeyUrl();
  }

  /**
   * The key a client for `url` may send: the stored key never to an environment address not
   * allowed (a request begun before a change of key or answer must not carry it there either).
   */
  private keyFor(url: ApiUrl): string | undefined {
    const key = this.keys.current;
    if (key?.source === 'stored' && url.source === 'environment' && !this.allows(url.url)) return undefined;
    // The environment's own key belongs to the environment's address, never to the default that stood in for it.
    if (key?.source === 'environment' && (url.withheld !== undefined || url.environmentRejected)) return undefined;
    return key?.value;
  }

  private create(apiKey?: () => string | undefined, baseUrl = this.apiUrl.url): FirecrawlClient {
    const url = this.apiUrl;
    return new FirecrawlClient({
      baseUrl,
      apiKey: apiKey ?? (() => this.keyFor(url)),
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

  override dispose(): void {
    this.disposed = true;
    super.dispose();
  }
}
