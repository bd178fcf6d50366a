// The burn-rate feature: usage by hour and by day (one poller per team, shared across windows), the
// rules that read it (the last 24 hours, the usual rate, spikes), and the spike alert. The credits
// status bar shows what it found; the usage panel draws its bins.
import * as vscode from 'vscode';
import { registerCommand } from '../../host/commands';
import { contextKey } from '../../host/contextKey';
import type { ClientProvider } from '../../host/clientProvider';
import type { Team } from '../../host/team';
import type { ApiKeyService } from '../../host/keyService';
import { onDidChangeSettings, spikeSettings } from '../../host/settings';
import { COMMANDS, CONTEXT, SETTINGS, spikeMemoryKey } from '../../ids';
import type { Clock } from '../../shared/clock';
import type { FocusSource } from '../../shared/events';
import type { SharedFiles } from '../../shared/sharedFiles';
import { couldBeSpike } from './model/burnRules';
import { BurnWatch } from './model/burnWatch';
import { RecentUsageStore } from './model/recentUsageStore';
import { sharedRecentUsage } from './model/sharedRecentUsage';
import { SpikeAlerts } from './model/spikeAlerts';
import { alertsOff, setAlertsOff, SpikeNotifier } from './ui/spikeNotifier';

export type { BurnSummary, Baseline, LastDay, Spike } from './model/burnRules';
export type { BinsSnapshot, RangeState, RecentUsageState, RecentUsageStore } from './model/recentUsageStore';
export type { BurnView } from './model/burnWatch';

export interface BurnDeps {
  context: vscode.ExtensionContext;
  keys: ApiKeyService;
  provider: ClientProvider;
  team: Team;
  files: SharedFiles;
  clock: Clock;
  /** This window's own focus: a notification shows in the window someone looks at. */
  windowFocus: FocusSource;
  /**
   * The balance, once a refresh of it under way has settled; read again first when it is older than
   * `notBefore` (the hourly bins that showed a spike: an older balance may predate the burst).
   */
  remaining: (notBefore: number | undefined) => Promise<number | undefined>;
  /** Opens the usage panel on the last 24 hours. */
  showUsage: () => void;
  /** Credits the editor's AI agents spent through Firecrawl tools in the last hour. */
  toolCredits?: () => number;
}

export function activateBurn({ context, keys, provider, team, files, clock, windowFocus, remaining, showUsage, toolCredits }: BurnDeps) {
  const shared = sharedRecentUsage(
    files,
    (file) => team.sharedName(file),
    () => provider.url.url,
    // A window whose file watcher missed a write still takes the leader's value on the lease's beat.
    team.onDidLook,
  );
  const store = new RecentUsageStore({
    fetch: (range, signal) => provider.client.getCreditUsageBins(range, { signal }),
    isLeader: () => team.isLeader,
    shared,
    hasKey: () => keys.current !== undefined,
    ready: () => keys.ready.then(() => team.known),
    isSelfHosted: () => provider.isSelfHosted,
    clock,
    focus: team.focus,
    couldSpike: (day) => couldBeSpike(day.bins, spikeSettings.thresholds()),
  });
  const alerts = new SpikeAlerts({
    clock,
    // One memory per team: another team's spike is not this one's, nor is its end.
    scope: () => team.current?.id ?? '',
    load: (scope) => context.globalState.get(spikeMemoryKey(scope)),
    save: (memory, scope) => void context.globalState.update(spikeMemoryKey(scope), memory.episode || memory.mutedUntil ? memory : undefined),
    isOff: alertsOff,
    canShow: () => windowFocus.focused,
  });
  const watch = new BurnWatch({ store, alerts, clock, focus: windowFocus, thresholds: () => spikeSettings.thresholds(), alertsOff });
  const notifier = new SpikeNotifier({ alerts, clock, remaining: () => remaining(store.state.day.snapshot?.fetchedAt), showUsage, ...(toolCredits ? { toolCredits } : {}) });
  const setMuted = contextKey(CONTEXT.spikeAlertsMuted, false);
  context.subscriptions.push(
    shared,
    store,
    alerts,
    notifier,
    watch,
    watch.onDidChange(({ muted }) => setMuted(muted)),
    provider.onDidChange(() => store.reset()),
    team.onDidChangeRole(() => store.roleChanged()),
    onDidChangeSettings([SETTINGS.spikeMultiplier, SETTINGS.spikeMinimumCredits], () => watch.recompute()),
    // Turned off or on here, in another window or on another machine (Settings Sync): the status bar follows.
    onDidChangeSettings([SETTINGS.spikeAlerts], () => watch.announce()),
    registerCommand(COMMANDS.resumeSpikeAlerts, async () => {
      await setAlertsOff(false);
      alerts.unmute();
      void vscode.window.showInformationMessage(vscode.l10n.t('Credit spike alerts are back on.'));
    }),
  );
  store.start();
  return {
    store,
    alerts,
    view: () => watch.view(),
    onDidChange: watch.onDidChange,
    /** Refresh Credits asks for the last 24 hours too (and the week's bins when they are old). */
    refreshNow: () => store.refreshNow(),
    /** Settles once the spike alerts under way are shown and their choices handled. */
    alertsShown: () => notifier.shown(),
  };
}

export type BurnFeature = ReturnType<typeof activateBurn>;
