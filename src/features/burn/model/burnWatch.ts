// What the burn feature shows, recomputed whenever the bins change: the summary, the spike verdict
// handed to the alerts, and one more look when the hourly bins grow too old to say a spike lasts.
// Pure: no `vscode` (settings come in as functions).
import type { Clock } from '../../../shared/clock';
import { type Disposable, Emitter, type Event } from '../../../shared/events';
import { type BurnSummary, SPIKE_DATA_MAX_AGE_MS, type SpikeThresholds, summarizeBurn } from './burnRules';
import type { RecentUsageStore } from './recentUsageStore';
import type { SpikeAlerts } from './spikeAlerts';

/** What the credits status bar shows of the burn: data, worded there. */
export interface BurnView {
  summary: BurnSummary;
  /** When the hourly bins were fetched. */
  dayFetchedAt?: number;
  alertsOff: boolean;
  /** Alerts are muted until the end of the local day. */
  muted: boolean;
}

export interface BurnWatchDeps {
  store: RecentUsageStore;
  alerts: SpikeAlerts;
  clock: Clock;
  /** The window's focus: gaining it is a new look, at bins that may have grown old while it slept. */
  focus: { onDidChange: Event<boolean> };
  thresholds(): SpikeThresholds;
  alertsOff(): boolean;
}

export class BurnWatch implements Disposable {
  private summary: BurnSummary = {};
  private ageTimer: Disposable | undefined;
  private readonly changed = new Emitter<BurnView>();
  readonly onDidChange: Event<BurnView> = this.changed.event;
  private readonly subscriptions: Disposable[];

  constructor(private readonly deps: BurnWatchDeps) {
    // A spike found while nobody looked is alerted when the window is focused, if its bins still say it lasts:
    // timers stop while the machine sleeps, so the look when they grow old may not have come.
    this.subscriptions = [deps.store.onDidChange(() => this.recompute()), deps.alerts.onDidChangeMute(() => this.announce()), deps.focus.onDidChange((focused) => focused && this.recompute())];
  }

  view(): BurnView {
    const day = this.deps.store.state.day.snapshot;
    return { summary: this.summary, ...(day ? { dayFetchedAt: day.fetchedAt } : {}), alertsOff: this.deps.alertsOff(), muted: this.deps.alerts.muted };
  }

  recompute(): void {
    const { day, week } = this.deps.store.state;
    const now = this.deps.clock.now();
    this.summary = summarizeBurn({ ...(day.snapshot ? { day: day.snapshot } : {}), ...(week.snapshot ? { week: week.snapshot } : {}) }, this.deps.thresholds(), now);
    // A spike ends only on recent hourly bins, with a usual rate, that find the last hour well below one.
    const oldAt = day.snapshot ? day.snapshot.fetchedAt + SPIKE_DATA_MAX_AGE_MS : undefined;
    const verdict = this.summary.spikeOver ? this.summary.day?.asOf : undefined;
    this.deps.alerts.observe(this.summary.spike, verdict);
    // Bins that grow old stop saying a spike lasts: look again once when they do, never after.
    this.ageTimer?.dispose();
    this.ageTimer = oldAt !== undefined && oldAt >= now ? this.deps.clock.schedule(oldAt + 1 - now, () => this.recompute()) : undefined;
    this.announce();
  }

  /** Says the view again: something it reads (a setting, the mute) changed. */
  announce(): void {
    this.changed.fire(this.view());
  }

  dispose(): void {
    this.ageTimer?.dispose();
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}
