// Shows the spike alert: one warning notification per spike (the model decides when), with Show
// Usage, Mute for Today and Don't Show Again. "Don't Show Again" turns the spike alerts setting off;
// the "Turn Credit Spike Alerts Back On" command, which the palette offers only then, turns it on.
import * as vscode from 'vscode';
import { SETTINGS } from '../../../ids';
import { spikeSettings } from '../../../host/settings';
import type { Clock } from '../../../shared/clock';
import type { Spike } from '../model/burnRules';
import { alertBalance, type SpikeAlerts } from '../model/spikeAlerts';
import { spikeActions, spikeMessage } from './spikeText';

export interface SpikeNotifierDeps {
  alerts: SpikeAlerts;
  clock: Clock;
  /** The balance, once a refresh of it under way has settled. */
  remaining: () => Promise<number | undefined>;
  /** Opens the usage panel on the last 24 hours. */
  showUsage: () => void;
  /** Credits the editor's AI agents spent through Firecrawl tools in the last hour. */
  toolCredits?: () => number;
}

export function alertsOff(): boolean {
  return !spikeSettings.alertsOn();
}

/**
 * A user setting, not globalState: Settings Sync carries it, every window hears the change, and a
 * setting is written key by key, where VS Code writes an extension's whole globalState at once and an
 * echo of an earlier write can undo a later one.
 */
export async function setAlertsOff(off: boolean): Promise<void> {
  await vscode.workspace.getConfiguration().update(SETTINGS.spikeAlerts, off ? false : undefined, vscode.ConfigurationTarget.Global);
}

export class SpikeNotifier implements vscode.Disposable {
  private readonly subscription: { dispose(): void };
  private readonly showing = new Set<Promise<void>>();

  constructor(private readonly deps: SpikeNotifierDeps) {
    this.subscription = deps.alerts.onDidAlert((spike) => {
      const shown = this.show(spike).finally(() => this.showing.delete(shown));
      this.showing.add(shown);
    });
  }

  /** Settles once every alert under way has been shown and the choice made on it handled. */
  async shown(): Promise<void> {
    await Promise.all(this.showing);
  }

  private async show(spike: Spike): Promise<void> {
    const { clock } = this.deps;
    // The balance is often being refreshed with the bins (Refresh Credits asks for both): quote the new one.
    const remaining = await alertBalance(() => this.deps.remaining(), clock);
    const toolCredits = this.deps.toolCredits?.();
    const text = spikeMessage(spike, { now: clock.now(), locale: vscode.env.language, remaining, ...(toolCredits ? { toolCredits } : {}) });
    const actions = spikeActions();
    const choice = await vscode.window.showWarningMessage(text, actions.showUsage, actions.muteForToday, actions.dontShowAgain);
    if (choice === actions.showUsage) this.deps.showUsage();
    else if (choice === actions.muteForToday) this.deps.alerts.muteForToday();
    else if (choice === actions.dontShowAgain) {
      await setAlertsOff(true);
    }
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
