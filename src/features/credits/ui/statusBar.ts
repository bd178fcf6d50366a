// Renders the credits store into one status bar item. It never fetches: it only follows the store,
// the settings that change its look, and the clock for the "updated … ago" age.
import * as vscode from 'vscode';
import type { CreditsStore } from '../model/creditsStore';
import { presentCredits, TOOLTIP_COMMANDS, type Thresholds } from './statusBarText';
import type { UsagePeriod } from '../../../api';
import type { ApiKeyService } from '../../../host/keyService';
import type { ClientProvider } from '../../../host/clientProvider';

export class CreditsStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[] = [];
  private history: readonly UsagePeriod[] | undefined;
  private ageTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly store: CreditsStore,
    private readonly keys: ApiKeyService,
    private readonly provider: ClientProvider,
    private readonly hasHistoryView: () => boolean,
  ) {
    this.item = vscode.window.createStatusBarItem('firecrawl.credits', vscode.StatusBarAlignment.Left, 100);
    this.item.name = 'Firecrawl Credits';
    const storeSubscription = store.onDidChange(() => this.render());
    this.subscriptions.push(
      this.item,
      { dispose: () => storeSubscription.dispose() },
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('firecrawl.credits')) this.render();
      }),
    );
    // The tooltip says how old the value is; keep that honest without touching the network.
    this.ageTimer = setInterval(() => this.render(), 60_000);
    this.render();
  }

  /** Monthly history improves the forecast early in a period; the chart shares what it loaded. */
  setHistory(periods: readonly UsagePeriod[] | undefined): void {
    this.history = periods;
    this.render();
  }

  private render(): void {
    const config = vscode.workspace.getConfiguration('firecrawl.credits');
    if (!config.get<boolean>('showInStatusBar', true)) {
      this.item.hide();
      return;
    }
    const thresholds: Thresholds = {
      warningPercent: config.get<number>('warningThreshold', 20),
      criticalPercent: config.get<number>('criticalThreshold', 5),
    };
    const view = presentCredits(this.store.state, {
      now: Date.now(),
      locale: vscode.env.language,
      thresholds,
      keySource: this.keys.current?.source,
      apiUrl: this.provider.url.url,
      history: this.history,
      hasHistoryView: this.hasHistoryView(),
    });
    this.item.text = view.text;
    const tooltip = new vscode.MarkdownString(view.tooltip, true);
    // Only our own commands may run from the tooltip; server text in it is escaped.
    tooltip.isTrusted = { enabledCommands: [...TOOLTIP_COMMANDS] };
    this.item.tooltip = tooltip;
    this.item.command = view.command;
    this.item.accessibilityInformation = { label: view.accessibilityLabel, role: 'button' };
    this.item.backgroundColor =
      view.level === 'critical' ? new vscode.ThemeColor('statusBarItem.errorBackground') : view.level === 'warning' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.show();
  }

  dispose(): void {
    if (this.ageTimer) clearInterval(this.ageTimer);
    for (const s of this.subscriptions) s.dispose();
  }
}
