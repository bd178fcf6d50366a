// Hosts the one "Firecrawl Credit Usage" webview panel. It renders two stores (usage history for
// the chart, credits for the header) and never fetches by itself. The page is torn down while the
// panel is hidden (no retainContextWhenHidden), so updates wait for its ready handshake and only
// the newest state is delivered; notices wait with it.
import * as vscode from 'vscode';
import type { ErrorContext } from '../../../host/errorText';
import type { Logger } from '../../../host/logger';
import { Emitter } from '../../../shared/events';
import type { CreditsStore } from '../../credits';
import { modeOf, type UsageHistoryStore } from '../model/historyStore';
import { type HostMessage, isPageMessage, type PageCommand, type PageMessage, type PanelState, panelStateProblem, readSavedState, VIEW_TYPE } from '../protocol';
import { copyCsv, type ExportResult, saveCsv } from './csvExport';
import { usagePageHtml, webviewOptions } from './pageHtml';
import { buildPanelState } from './panelState';

export const PANEL_TITLE = 'Firecrawl Credit Usage';

export interface UsagePanelDeps {
  extensionUri: vscode.Uri;
  history: UsageHistoryStore;
  credits: CreditsStore;
  log: Logger;
  runCommand: (command: PageCommand) => void;
  now: () => number;
  /** Where requests go, for the words of an error. */
  errors: () => ErrorContext;
}

/** One open panel: its webview, the breakdown it shows, and what waits for the page. */
class PanelSession implements vscode.Disposable {
  private byApiKey: boolean;
  private ready = false;
  private stateDue = true;
  private readonly notices: HostMessage[] = [];
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly deps: UsagePanelDeps,
    byApiKey: boolean,
    private readonly onPosted: (state: PanelState) => void,
    onDispose: () => void,
  ) {
    this.byApiKey = byApiKey;
    panel.webview.options = webviewOptions(deps.extensionUri);
    const historySubscription = deps.history.onDidChange(() => this.sendState());
    const creditsSubscription = deps.credits.onDidChange(() => this.sendState());
    this.subscriptions.push(
      { dispose: () => historySubscription.dispose() },
      { dispose: () => creditsSubscription.dispose() },
      panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
      panel.onDidChangeViewState(() => {
        // Hidden means the page is gone; it will say "ready" again when it comes back.
        if (!panel.visible) this.ready = false;
        else void deps.history.ensure(this.byApiKey);
      }),
      panel.onDidDispose(() => {
        this.dispose();
        onDispose();
      }),
    );
    panel.webview.html = usagePageHtml(panel.webview, deps.extensionUri);
    void deps.history.ensure(byApiKey);
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
        this.stateDue = true;
        this.flush();
        await this.deps.history.ensure(this.byApiKey);
        return;
      case 'setBreakdown':
        this.byApiKey = message.byApiKey;
        this.sendState();
        await this.deps.history.ensure(this.byApiKey);
        return;
      case 'refresh':
        void this.deps.credits.refreshNow();
        await this.deps.history.refresh(this.byApiKey);
        return;
      case 'copyCsv':
        return this.notify(await copyCsv(this.deps.history.state[modeOf(this.byApiKey)].snapshot?.history));
      case 'saveCsv':
        return this.notify(await saveCsv(this.deps.history.state[modeOf(this.byApiKey)].snapshot?.history));
      case 'run':
        this.deps.runCommand(message.command);
        return;
      case 'rejected':
        this.deps.log.error(`The usage page could not use what it was sent (${message.reason.slice(0, 200)}); it shows an error instead`);
        return;
    }
  }

  private notify(result: ExportResult): void {
    if (!result) return;
    this.notices.push({ type: 'notice', level: result.level, text: result.text });
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
      const state = buildPanelState(this.deps.history.state, this.deps.credits.state, {
        byApiKey: this.byApiKey,
        locale: vscode.env.language,
        now: this.deps.now(),
        errors: this.deps.errors(),
      });
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
    void this.deps.history.ensure(this.byApiKey);
  }

  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose();
  }
}

export class UsagePanel implements vscode.Disposable, vscode.WebviewPanelSerializer {
  private session: PanelSession | undefined;
  private readonly posted = new Emitter<PanelState>();
  /** Each state delivered to a live page; lets tests see what the page was given, and when. */
  readonly onDidPostState = this.posted.event;

  constructor(private readonly deps: UsagePanelDeps) {}

  get webviewPanel(): vscode.WebviewPanel | undefined {
    return this.session?.panel;
  }

  /** Opens the panel, or brings the open one to the front. */
  show(): void {
    if (this.session) {
      this.session.reveal();
      return;
    }
    const panel = vscode.window.createWebviewPanel(VIEW_TYPE, PANEL_TITLE, vscode.ViewColumn.Active, webviewOptions(this.deps.extensionUri));
    this.adopt(panel, false);
  }

  /** After a reload VS Code hands back the panel with what the page saved through setState. */
  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    if (this.session) {
      // Only one usage panel; a second restored one would show the same thing twice.
      panel.dispose();
      return;
    }
    this.adopt(panel, readSavedState(state).byApiKey);
  }

  get isOpen(): boolean {
    return this.session !== undefined;
  }

  /** The key or server changed and the store was reset: an open panel loads the new account's data. */
  reloadOpen(): void {
    this.session?.ensureLoaded();
  }

  private adopt(panel: vscode.WebviewPanel, byApiKey: boolean): void {
    panel.title = PANEL_TITLE;
    const session = new PanelSession(panel, this.deps, byApiKey, (state) => this.posted.fire(state), () => {
      if (this.session === session) this.session = undefined;
    });
    this.session = session;
  }

  dispose(): void {
    this.session?.panel.dispose();
    this.session = undefined;
    this.posted.dispose();
  }
}
