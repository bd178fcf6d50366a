// Shows the spike alert: one warning notification per spike (the model decides when), with Show
// Usage, Mute for Today and Don't Show Again. "Don't Show Again" is kept in synced global state and
// undone by the "Turn Credit Spike Alerts Back On" command, which the palette offers only then.
import * as vscode from 'vscode';
import { CONTEXT, STORAGE } from '../../../ids';
import type { Clock } from '../../../shared/clock';
import type { Spike } from '../model/burnRules';
import type { SpikeAlerts } from '../model/spikeAlerts';
import { spikeActions, spikeMessage } from './spikeText';

export interface SpikeNotifierDeps {
  context: vscode.ExtensionContext;
  alerts: SpikeAlerts;
  clock: Clock;
  /** The balance, once a refresh of it under way has settled. */
  remaining: () => Promise<number | undefined>;
  /** Opens the usage panel on the last 24 hours. */
  showUsage: () => void;
  /** Said when alerts are turned off or on, so the status bar can follow. */
  onDidChangeOff: () => void;
  /** Credits the editor's AI agents spent through Firecrawl tools in the last hour. */
  toolCredits?: () => number;
}

/** How long the alert waits for a balance refresh under way before quoting the last one (or none). */
const BALANCE_WAIT_MS = 3_000;

export function alertsOff(context: vscode.ExtensionContext): boolean {
  return context.globalState.get<boolean>(STORAGE.spikeAlertsOff) === true;
}

export async function setAlertsOff(context: vscode.ExtensionContext, off: boolean): Promise<void> {
  await context.globalState.update(STORAGE.spikeAlertsOff, off ? true : undefined);
  await vscode.commands.executeCommand('setContext', CONTEXT.spikeAlertsOff, off);
}

export class SpikeNotifier implements vscode.Disposable {
  private readonly subscription: { dispose(): void };

  constructor(private readonly deps: SpikeNotifierDeps) {
    // Another machine (settings sync) or window may turn alerts off: this one follows.
    deps.context.globalState.setKeysForSync([STORAGE.spikeAlertsOff]);
    void vscode.commands.executeCommand('setContext', CONTEXT.spikeAlertsOff, alertsOff(deps.context));
    this.subscription = deps.alerts.onDidAlert((spike) => void this.show(spike));
  }

  private async show(spike: Spike): Promise<void> {
    const { clock } = this.deps;
    // The balance is often being refreshed with the bins (Refresh Credits asks for both): quote the new one.
    const remaining = await Promise.race([this.deps.remaining(), new Promise<undefined>((resolve) => setTimeout(resolve, BALANCE_WAIT_MS))]);
    const toolCredits = this.deps.toolCredits?.();
    const text = spikeMessage(spike, { now: clock.now(), locale: vscode.env.language, remaining, ...(toolCredits ? { toolCredits } : {}) });
    const actions = spikeActions();
    const choice = await vscode.window.showWarningMessage(text, actions.showUsage, actions.muteForToday, actions.dontShowAgain);
    if (choice === actions.showUsage) this.deps.showUsage();
    else if (choice === actions.muteForToday) this.deps.alerts.muteForToday();
    else if (choice === actions.dontShowAgain) {
      await setAlertsOff(this.deps.context, true);
      this.deps.onDidChangeOff();
    }
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
