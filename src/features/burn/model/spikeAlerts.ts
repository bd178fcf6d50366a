// When a spike becomes a notification: at most one per spike, none while muted for the day or after
// "Don't Show Again", and only in a window someone is looking at (a spike found while nobody looks
// waits for focus). A spike lasts while each new look at the hourly bins still finds one; a look that
// finds none ends it, and so does a long silence (no look for SPIKE_GAP_MS), so the next is a new one.
// What was alerted is kept in memory shared by the team's windows (globalState), so a reload, or
// another window looking at the same bins, does not alert the same spike again.
import type { Clock } from '../../../shared/clock';
import { type Disposable, Emitter } from '../../../shared/events';
import type { Spike } from './burnRules';

export interface SpikeEpisode {
  /** When this spike was first seen (the end of the hourly bins that showed it). */
  since: number;
  /** The newest hourly bins that still showed it. */
  lastSeen: number;
  /** Alerted, or passed over while muted or turned off: either way it is never alerted again. */
  handled: boolean;
}

export interface AlertMemory {
  episode?: SpikeEpisode;
  /** No alert before this (end of the local day "Mute for Today" was chosen on). */
  mutedUntil?: number;
}

export interface SpikeAlertsOptions {
  clock: Clock;
  load(): AlertMemory;
  save(memory: AlertMemory): void;
  /** "Don't Show Again" was chosen (kept in synced state). */
  isOff(): boolean;
  /** Whether this window may show a notification now (it is focused). */
  canShow(): boolean;
}

/** A look this long after the last one that saw a spike starts a new spike, even if it finds one. */
export const SPIKE_GAP_MS = 2 * 60 * 60_000;

/** The start of the next local day after `now`: when "Mute for Today" ends. */
export function endOfLocalDay(now: number): number {
  const d = new Date(now);
  d.setHours(24, 0, 0, 0);
  return d.getTime();
}

export function readMemory(value: unknown): AlertMemory {
  if (!value || typeof value !== 'object') return {};
  const v = value as Record<string, unknown>;
  const memory: AlertMemory = {};
  if (typeof v.mutedUntil === 'number' && Number.isFinite(v.mutedUntil)) memory.mutedUntil = v.mutedUntil;
  const e = v.episode as Record<string, unknown> | undefined;
  if (e && typeof e.since === 'number' && typeof e.lastSeen === 'number' && typeof e.handled === 'boolean') memory.episode = { since: e.since, lastSeen: e.lastSeen, handled: e.handled };
  return memory;
}

export class SpikeAlerts implements Disposable {
  private latest: Spike | undefined;
  private readonly alerted = new Emitter<Spike>();
  /** Fires once per spike, in a window that can show it. */
  readonly onDidAlert = this.alerted.event;

  constructor(private readonly options: SpikeAlertsOptions) {}

  /** Whether notifications are muted until later today. */
  get muted(): boolean {
    const until = this.options.load().mutedUntil;
    return until !== undefined && until > this.options.clock.now();
  }

  /**
   * A new look at the bins: `spike` is what it found (undefined: no spike), `seenAt` when the bins
   * end. Call again with the same arguments when the window gains focus.
   */
  observe(spike: Spike | undefined, seenAt: number | undefined): void {
    const memory = this.options.load();
    let episode = memory.episode;
    let changed = false;
    if (!spike) {
      this.latest = undefined;
      // Only a newer look ends a spike: an old file read after a reload says nothing about now.
      if (episode && seenAt !== undefined && seenAt > episode.lastSeen) {
        episode = undefined;
        changed = true;
      }
    } else {
      this.latest = spike;
      if (!episode || spike.asOf - episode.lastSeen > SPIKE_GAP_MS) {
        episode = { since: spike.asOf, lastSeen: spike.asOf, handled: false };
        changed = true;
      } else if (spike.asOf > episode.lastSeen) {
        episode = { ...episode, lastSeen: spike.asOf };
        changed = true;
      }
    }
    if (episode && !episode.handled && spike) {
      const now = this.options.clock.now();
      const muted = memory.mutedUntil !== undefined && memory.mutedUntil > now;
      if (this.options.isOff() || muted) {
        episode = { ...episode, handled: true };
        changed = true;
      } else if (this.options.canShow()) {
        episode = { ...episode, handled: true };
        this.save({ ...memory, episode });
        this.alerted.fire(spike);
        return;
      }
    }
    if (changed) this.save({ ...memory, ...(episode ? { episode } : { episode: undefined }) });
  }

  /** The window gained focus: a spike found while nobody looked is alerted now. */
  focusGained(): void {
    if (this.latest) this.observe(this.latest, this.latest.asOf);
  }

  /** No alerts until the end of the local day. */
  muteForToday(): void {
    this.save({ ...this.options.load(), mutedUntil: endOfLocalDay(this.options.clock.now()) });
  }

  unmute(): void {
    const { mutedUntil: _, ...rest } = this.options.load();
    this.save(rest);
  }

  private save(memory: AlertMemory): void {
    const clean: AlertMemory = {};
    if (memory.episode) clean.episode = memory.episode;
    if (memory.mutedUntil !== undefined && memory.mutedUntil > this.options.clock.now()) clean.mutedUntil = memory.mutedUntil;
    this.options.save(clean);
  }

  dispose(): void {
    this.alerted.dispose();
  }
}
