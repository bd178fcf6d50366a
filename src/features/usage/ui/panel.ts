// Hosts the one "Firecrawl Credit Usage" webview panel. It renders three stores (monthly history or
// the recent bins for the chart, credits for the header) and never fetches by itself. The page is torn down while the
// panel is hidden (no retainContextWhenHidden), so updates wait for its ready handshake and only
// the newest state is delivered; notices wait with it.
import * as vscode from 'vscode';
import type { ErrorContext } from '../../../host/errorText';
import type { Logger } from '../../../host/logger';
import { DisposableBase, Emitter } from '../../../shared/events';
import type { RecentUsageStore } from '../../burn';
import type { CreditsStore } from '../../credits';
import { modeOf, type UsageHistoryStore } from '../model/historyStore';
import {
  boundLanguage,
  type HostMessage,
  isPageMessage,
  type PageCommand,
  type PageLanguage,
  pageLanguageProblem,
  type PageMessage,
  noticeMessage,
  type PanelState,
  panelStateProblem,
  readSavedState,
  timeRangeOf,
  type UsageRange,
  VIEW_TYPE,
} from '../protocol';
import { copyCsv, type ExportResult, saveCsv } from './csvExport';
import { binsCsv, type CsvFile, historyCsv } from '../render/csv';
import { usagePageHtml, webviewOptions } from './pageHtml';
import { buildPanelState } from './panelState';

export function panelTitle(): string {
  return vscode.l10n.t('Firecrawl Credit Usage');
}

/** The editor's language for the page: its locale, and its translation when there is one (none in English). */
function pageLanguage(log: Logger): PageLanguage {
  const bundle = vscode.l10n.bundle;
  const language = boundLanguage(vscode.env.language, bundle);
  const kept = Object.keys(language.messages ?? {}).length;
  const given = Object.keys(bundle ?? {}).length;
  if (kept < given) log.warn(`The usage page gets ${kept} of ${given} translated messages; the rest stay English`);
  const problem = pageLanguageProblem(language);
  if (problem) log.error(`The usage page will refuse its language (${problem}) and speak English`);
  return language;
}

export interface UsagePanelDeps {
  extensionUri: vscode.Uri;
  history: UsageHistoryStore;
  credits: CreditsStore;
  /** Usage by hour and day: the 30 days, 7 days and 24 hours ranges. */
  recent: RecentUsageStore;
  log: Logger;
  runCommand: (command: PageCommand) => void;
  now: () => number;
  /** The team (key and server) the stores hold, by its opaque name, when known. */
  account: () => string | undefined;
  /** Where requests go, for the words of an error. */
  errors: () => ErrorContext;
}

/** One open panel: its webview, the range and breakdown it shows, and what waits for the page. */
class PanelSession extends DisposableBase {
  private byApiKey: boolean;
  private range: UsageRange;
  private ready = false;
  private stateDue = true;
  /** The host set the range (a new panel opened on one, or showRange) and the page has not loaded since. */
  rangeChosenByHost = false;
  private readonly notices: HostMessage[] = [];
  /** When the hourly bins this panel last looked at were fetched. */
  private hoursSeenAt: number | undefined;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly deps: UsagePanelDeps,
    byApiKey: boolean,
    range: UsageRange,
    private readonly onPosted: (state: PanelState) => void,
    onDispose: () => void,
  ) {
    super();
    this.byApiKey = byApiKey;
    this.range = range;
    panel.webview.options = webviewOptions(deps.extensionUri);
    this._register(
      deps.history.onDidChange(() => this.sendState()),
      deps.credits.onDidChange(() => this.sendState()),
      deps.recent.onDidChange((recent) => {
        if (this.range === 'months') return;
        this.sendState();
        // New hours (a poll, Refresh Credits) may count more used today than the days shown: catch up with them.
        const hoursAt = recent.day.snapshot?.fetchedAt;
        if (hoursAt === this.hoursSeenAt) return;
        this.hoursSeenAt = hoursAt;
        if (panel.visible) this.ensureLoaded();
      }),
      panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
      panel.onDidChangeViewState(() => {
        // Hidden means the page is gone; it will say "ready" again when it comes back.
        if (!panel.visible) this.ready = false;
        else this.ensureLoaded();
      }),
      panel.onDidDispose(() => {
        this.dispose();
        onDispose();
      }),
    );
    panel.webview.html = usagePageHtml(panel.webview, deps.extensionUri, panelTitle(), pageLanguage(deps.log));
    this.ensureLoaded();
  }

  /** What the range shows, loaded unless fresh: months per breakdown, or the range's bins. */
  private ensure(): Promise<void> {
    return this.range === 'months' ? this.deps.history.ensure(this.byApiKey) : this.deps.recent.ensure(timeRangeOf(this.range));
  }

  private csvFile(): CsvFile | undefined {
    const now = new Date(this.deps.now());
    if (this.range === 'months') return historyCsv(this.deps.history.state[modeOf(this.byApiKey)].snapshot, now);
    return binsCsv(this.range, this.deps.recent.state[timeRangeOf(this.range)].snapshot?.bins, now);
  }

  /** Switches to a range the host chose (the spike alert's "Show Usage"). */
  showRange(range: UsageRange): void {
    if (range === this.range) return;
    this.range = range;
    // A page away now (hidden) comes back with the range it saved: this one wins.
    this.rangeChosenByHost = !(this.ready && this.panel.visible);
    if (this.ready && this.panel.visible) void this.panel.webview.postMessage({ type: 'range', range } satisfies HostMessage);
    this.sendState();
    this.ensureLoaded();
  }

  private receive(raw: unknown): void {
    if (!isPageMessage(raw)) {
      this.deps.log.warn(`Ignored a malformed message from the usage page: ${JSON.stringify(raw)?.slice(0, 200)}`);
      return;
    }
    void this.handle(raw).catch((error: unknown) => this.deps.log.error('Usage panel action failed', error));
  }

  private async handle(message: PageMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        if (message.byApiKey !== undefined) this.byApiKey = message.byApiKey;
        // A range the host chose while the page was away wins over the one the page saved.
        if (message.range !== undefined && !this.rangeChosenByHost) this.range = message.range;
        else if (this.range !== message.range) void this.panel.webview.postMessage({ type: 'range', range: this.range } satisfies HostMessage);
        this.rangeChosenByHost = false;
        this.stateDue = true;
        this.flush();
        await this.ensure();
        return;
      case 'setBreakdown':
        this.byApiKey = message.byApiKey;
        this.sendState();
        await this.ensure();
        return;
      case 'setRange':
        this.range = message.range;
        this.sendState();
        await this.ensure();
        return;
      case 'refresh':
        void this.deps.credits.refreshNow();
        await (this.range === 'months' ? this.deps.history.refresh(this.byApiKey) : this.deps.recent.refresh(timeRangeOf(this.range)));
        return;
      case 'copyCsv':
        return this.notify(await copyCsv(this.csvFile()));
      case 'saveCsv':
        return this.notify(await saveCsv(this.csvFile()));
      case 'run':
        this.deps.runCommand(message.command);
        return;
      case 'rejected':
        if (message.reason.startsWith('language')) this.deps.log.error(`The usage page could not use its language (${message.reason.slice(0, 200)}); it speaks English instead`);
        else this.deps.log.error(`The usage page could not use what it was sent (${message.reason.slice(0, 200)}); it shows an error instead`);
        return;
    }
  }

  /** What the page's Refresh, Copy as CSV and Save as CSV buttons do, for the same editor-title commands. */
  act(action: PanelAction): Promise<void> {
    return this.handle({ type: action });
  }

  private notify(result: ExportResult): void {
    if (!result) return;
    this.notices.push(noticeMessage(result.level, result.text));
    this.flush();
  }

  sendState(): void {
    this.stateDue = true;
    this.flush();
  }

  /** Delivers the newest state, then any notices, once the page is there to take them. */
  private flush(): void {
    if (!this.ready || !this.panel.visible) return;
    if (this.stateDue) {
      this.stateDue = false;
      const state = buildPanelState(
        this.deps.history.state,
        this.deps.credits.state,
        { range: this.range, byApiKey: this.byApiKey, locale: vscode.env.language, now: this.deps.now(), account: this.deps.account(), errors: this.deps.errors() },
        this.deps.recent.state,
      );
      const problem = panelStateProblem(state);
      if (problem) this.deps.log.error(`The usage page will refuse this state (${problem})`);
      void this.panel.webview.postMessage({ type: 'state', state } satisfies HostMessage);
      this.onPosted(state);
    }
    for (const notice of this.notices.splice(0)) void this.panel.webview.postMessage(notice);
  }

  reveal(): void {
    this.panel.reveal();
  }

  /** Loads what this panel shows, if the store has nothing fresh for it. */
  ensureLoaded(): void {
    void this.ensure();
  }
}

export type PanelAction = 'refresh' | 'copyCsv' | 'saveCsv';

export class UsagePanel implements vscode.Disposable, vscode.WebviewPanelSerializer {
  private session: PanelSession | undefined;
  private readonly posted = new Emitter<PanelState>();
  /** Each state delivered to a live page; lets tests see what the page was given, and when. */
  readonly onDidPostState = this.posted.event;

  constructor(private readonly deps: UsagePanelDeps) {}

  get webviewPanel(): vscode.WebviewPanel | undefined {
    return this.session?.panel;
  }

  /** Opens the panel, or brings the open one to the front; with a range, on that range. */
  show(range?: UsageRange): void {
    if (this.session) {
      if (range) this.session.showRange(range);
      this.session.reveal();
      return;
    }
    const panel = vscode.window.createWebviewPanel(VIEW_TYPE, panelTitle(), vscode.ViewColumn.Active, webviewOptions(this.deps.extensionUri));
    this.adopt(panel, false, range ?? 'months', range !== undefined);
  }

  /** After a reload VS Code hands back the panel with what the page saved through setState. */
  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    if (this.session) {
      // Only one usage panel; a second restored one would show the same thing twice.
      panel.dispose();
      return;
    }
    const saved = readSavedState(state);
    this.adopt(panel, saved.byApiKey, saved.range ?? 'months', false);
  }

  get isOpen(): boolean {
    return this.session !== undefined;
  }

  /** Refresh, Copy as CSV, Save as CSV on the open panel (the editor title's buttons); nothing when none is open. */
  async act(action: PanelAction): Promise<void> {
    await this.session?.act(action);
  }

  /** The key or server changed and the store was reset: an open panel loads the new account's data. */
  reloadOpen(): void {
    this.session?.ensureLoaded();
  }

  private adopt(panel: vscode.WebviewPanel, byApiKey: boolean, range: UsageRange, chosenByHost: boolean): void {
    panel.title = panelTitle();
    panel.iconPath = {
      light: vscode.Uri.joinPath(this.deps.extensionUri, 'media', 'usage-light.svg'),
      dark: vscode.Uri.joinPath(this.deps.extensionUri, 'media', 'usage-dark.svg'),
    };
    const session = new PanelSession(
      panel,
      this.deps,
      byApiKey,
      range,
      (state) => this.posted.fire(state),
      () => {
        if (this.session === session) this.session = undefined;
      },
    );
    session.rangeChosenByHost = chosenByHost;
    this.session = session;
  }

  dispose(): void {
    this.session?.panel.dispose();
    this.session = undefined;
    this.posted.dispose();
  }
}
