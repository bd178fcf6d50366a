// Renders the credits store into one status bar item. It never fetches: it only follows the store,
// the settings that change its look, and the clock for the "updated … ago" age.
import * as vscode from 'vscode';
import type { UsagePeriod } from '../../../api';
import type { ClientProvider } from '../../../host/clientProvider';
import type { ApiKeyService } from '../../../host/keyService';
import { creditsSettings, onDidChangeSettings } from '../../../host/settings';
import { SETTINGS, STATUS_BAR_ITEMS } from '../../../ids';
import type { Clock } from '../../../shared/clock';
import { type Disposable, DisposableBase } from '../../../shared/events';
import type { BurnView } from '../../burn';
import type { CreditsStore } from '../model/creditsStore';
import { presentCredits, TOOLTIP_COMMANDS } from './statusBarText';

/** The tooltip says how old the value is: keep that honest without touching the network. */
const AGE_REFRESH_MS = 60_000;

export class CreditsStatusBar extends DisposableBase {
  private readonly item: vscode.StatusBarItem;
  private history: readonly UsagePeriod[] | undefined;
  private burn: (() => BurnView) | undefined;
  private tools: (() => { lastHour: number; lastDay: number }) | undefined;
  private ageTimer: Disposable | undefined;
  /** A draw asked for and not made yet: what changes together (activation sets four things) is drawn once. */
  private drawTimer: Disposable | undefined;

  constructor(
    private readonly store: CreditsStore,
    private readonly keys: ApiKeyService,
    private readonly provider: ClientProvider,
    private readonly clock: Clock,
  ) {
    super();
    this.item = this._register(vscode.window.createStatusBarItem(STATUS_BAR_ITEMS.credits, vscode.StatusBarAlignment.Left, 100));
    this.item.name = vscode.l10n.t('Firecrawl Credits');
    this._register(
      store.onDidChange(() => this.render()),
      onDidChangeSettings([SETTINGS.showInStatusBar, SETTINGS.warningThreshold, SETTINGS.criticalThreshold], () => this.render()),
      { dispose: () => (this.ageTimer?.dispose(), this.drawTimer?.dispose()) },
    );
    this.render();
  }

  /** Monthly history improves the forecast early in a period; the chart shares what it loaded. */
  setHistory(periods: readonly UsagePeriod[] | undefined): void {
    this.history = periods;
    this.render();
  }

  /** The last 24 hours, the 7-day pace and any spike, from the burn feature (read at each render: a mute ends at midnight, or in another window). */
  setBurn(read: () => BurnView): void {
    this.burn = read;
    this.render();
  }

  /** What the AI agent tools spent (read at each render: the last hour moves on). */
  setToolSpending(read: () => { lastHour: number; lastDay: number }): void {
    this.tools = read;
    this.render();
  }

  /**
   * Draws on the next turn: every change in one turn costs one draw, and activation returns before the
   * first one (the first number and date formatted in a process load the locale's data, milliseconds).
   */
  private render(): void {
    this.drawTimer ??= this.clock.schedule(0, () => {
      this.drawTimer = undefined;
      this.draw();
    });
  }

  private draw(): void {
    this.ageTimer?.dispose();
    this.ageTimer = undefined;
    if (!creditsSettings.showInStatusBar()) {
      this.item.hide();
      return;
    }
    const view = presentCredits(this.store.state, {
      now: this.clock.now(),
      locale: vscode.env.language,
      thresholds: creditsSettings.thresholds(),
      keySource: this.keys.current?.source,
      errors: this.provider.errorContext,
      history: this.history,
      ...(this.burn ? { burn: this.burn() } : {}),
      ...(this.tools ? { tools: this.tools() } : {}),
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
    this.ageTimer = this.clock.schedule(AGE_REFRESH_MS, () => this.render());
  }
}
