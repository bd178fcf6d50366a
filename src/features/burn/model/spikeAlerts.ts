// When a spike becomes a notification: at most one per spike, none while muted for the day or after
// "Don't Show Again", and only in a window someone is looking at (a spike found while nobody looks
// waits for focus). A spike lasts until a new look at the hourly bins finds the last hour well below one
// (burnRules' spikeOver), or a long silence (no spike seen for SPIKE_GAP_MS): the next is a new one.
// What was alerted is kept in memory shared by the team's windows (globalState), so a reload, or
// another window looking at the same bins, does not alert the same spike again. globalState can hand a
// window an older copy (the host echoes whole values back, and other windows write theirs), so every
// copy merges field by field with what this window knows: a spike handled or ended in either copy stays
// so, the later mute wins, and turning alerts back on is a stamped fact of its own.
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
  /** A look found no spike after it: kept (rather than forgotten) so an older copy cannot bring it back. */
  ended?: boolean;
  /** The end of the bins of the look that ended it. */
  endedAt?: number;
}

export interface AlertMemory {
  episode?: SpikeEpisode;
  /** When "Mute for Today" was chosen, and until when it holds (the end of that local day). */
  mutedAt?: number;
  mutedUntil?: number;
  /** When alerts were turned back on: a mute chosen before this no longer holds. */
  unmutedAt?: number;
}

const later = (a: number | undefined, b: number | undefined): number | undefined => (a === undefined ? b : b === undefined ? a : Math.max(a, b));

function ending(x: SpikeEpisode, y: SpikeEpisode): Pick<SpikeEpisode, 'ended' | 'endedAt'> {
  if (!x.ended && !y.ended) return {};
  const at = later(x.endedAt, y.endedAt);
  return at === undefined ? { ended: true } : { ended: true, endedAt: at };
}

/** Two copies of the memory as one: nothing either copy learnt is lost. */
export function mergeMemory(a: AlertMemory, b: AlertMemory): AlertMemory {
  const out: AlertMemory = {};
  const x = a.episode;
  const y = b.episode;
  if (x && y) {
    out.episode = x.since === y.since ? { since: x.since, lastSeen: Math.max(x.lastSeen, y.lastSeen), handled: x.handled || y.handled, ...ending(x, y) } : x.since > y.since ? x : y;
  } else if (x ?? y) out.episode = x ?? y;
  for (const key of ['mutedAt', 'mutedUntil', 'unmutedAt'] as const) {
    const value = later(a[key], b[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** Whether a memory says alerts are muted at `now`. */
export function isMuted(memory: AlertMemory, now: number): boolean {
  if (memory.mutedUntil === undefined || memory.mutedUntil <= now) return false;
  return memory.unmutedAt === undefined || (memory.mutedAt ?? -Infinity) > memory.unmutedAt;
}

export interface SpikeAlertsOptions {
  clock: Clock;
  /** Whose spikes these are (the team): each keeps a memory of its own. Default: one memory. */
  scope?(): string;
  /** The stored copy of `scope`'s memory, unchecked (readMemory checks it). */
  load(scope: string): unknown;
  save(memory: AlertMemory, scope: string): void;
  /** "Don't Show Again" was chosen (kept in synced state). */
  isOff(): boolean;
  /** Whether this window may show a notification now (it is focused). */
  canShow(): boolean;
}

/** A look this long after the last one that saw a spike starts a new spike, even if it finds one. */
export const SPIKE_GAP_MS = 2 * 60 * 60_000;

/** How long the alert waits for a balance refresh under way before quoting the last one (or none). */
export const BALANCE_WAIT_MS = 3_000;

/** The balance the alert quotes: what a refresh under way settles on, or nothing after BALANCE_WAIT_MS. */
export async function alertBalance(remaining: () => Promise<number | undefined>, clock: Clock): Promise<number | undefined> {
  let waited: Disposable | undefined;
  // The spike is already marked alerted: a failed read must cost the sentence on the balance, never the alert.
  const read = remaining().catch(() => undefined);
  try {
    return await Promise.race([read, new Promise<undefined>((resolve) => (waited = clock.schedule(BALANCE_WAIT_MS, () => resolve(undefined))))]);
  } finally {
    waited?.dispose();
  }
}

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
  for (const key of ['mutedAt', 'mutedUntil', 'unmutedAt'] as const) {
    const value = v[key];
    if (typeof value === 'number' && Number.isFinite(value)) memory[key] = value;
  }
  const e = v.episode as Record<string, unknown> | undefined;
  if (e && typeof e.since === 'number' && typeof e.lastSeen === 'number' && typeof e.handled === 'boolean') {
    const endedAt = typeof e.endedAt === 'number' && Number.isFinite(e.endedAt) ? { endedAt: e.endedAt } : {};
    memory.episode = { since: e.since, lastSeen: e.lastSeen, handled: e.handled, ...(e.ended === true ? { ended: true, ...endedAt } : {}) };
  }
  return memory;
}

export class SpikeAlerts implements Disposable {
  /** What this window knows of each scope's memory, merged into every copy it reads or writes. */
  private readonly known = new Map<string, AlertMemory>();
  private readonly alerted = new Emitter<Spike>();
  private readonly muteChanged = new Emitter<void>();
  /** Fires once per spike, in a window that can show it. */
  readonly onDidAlert = this.alerted.event;
  /** Muted or unmuted here (what is shown of it changes now, not at the next look at the bins). */
  readonly onDidChangeMute = this.muteChanged.event;

  constructor(private readonly options: SpikeAlertsOptions) {}

  /** Whether notifications are muted until later today. */
  get muted(): boolean {
    return isMuted(this.load(), this.options.clock.now());
  }

  /**
   * A new look at the bins: `spike` is what it found (undefined: no spike), `seenAt` when the bins
   * end. The window gaining focus is a new look.
   */
  observe(spike: Spike | undefined, seenAt: number | undefined): void {
    const memory = this.load();
    let episode = memory.episode;
    let changed = false;
    if (!spike) {
      // Only a newer look ends a spike: an old file read after a reload says nothing about now.
      if (episode && !episode.ended && seenAt !== undefined && seenAt > episode.lastSeen) {
        episode = { ...episode, ended: true, endedAt: seenAt };
        changed = true;
      }
    } else {
      // A spike no newer than the look that ended it is that spike, seen again from older bins (another
      // window's, or a request answered after that look). The same bins judged again (a threshold changed) may start one.
      if (episode?.ended && (spike.asOf <= episode.lastSeen || spike.asOf < (episode.endedAt ?? -Infinity))) return;
      if (!episode || episode.ended || spike.asOf - episode.lastSeen > SPIKE_GAP_MS) {
        episode = { since: spike.asOf, lastSeen: spike.asOf, handled: false };
        changed = true;
      } else if (spike.asOf > episode.lastSeen) {
        episode = { ...episode, lastSeen: spike.asOf };
        changed = true;
      }
    }
    if (episode && !episode.handled && spike) {
      const muted = isMuted(memory, this.options.clock.now());
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
    if (changed) this.save({ ...memory, ...(episode ? { episode } : {}) });
  }

  /** No alerts until the end of the local day. */
  muteForToday(): void {
    const now = this.options.clock.now();
    const memory = this.load();
    // Later than any Turn On known here, even one stamped while the clock ran ahead: the last choice holds.
    this.save({ ...memory, mutedAt: Math.max(now, (memory.unmutedAt ?? -Infinity) + 1), mutedUntil: endOfLocalDay(now) });
    this.muteChanged.fire();
  }

  unmute(): void {
    const memory = this.load();
    // Later than any mute known here, even one stamped while the clock ran ahead: the last choice holds.
    this.save({ ...memory, unmutedAt: Math.max(this.options.clock.now(), (memory.mutedAt ?? -Infinity) + 1) });
    this.muteChanged.fire();
  }

  /**
   * The stored copy with what this window knows. A stored copy that lacks some of it (an older copy
   * written over a newer one) is written again, so the other windows learn it too.
   */
  private load(): AlertMemory {
    const scope = this.options.scope?.() ?? '';
    const stored = readMemory(this.options.load(scope));
    const known = mergeMemory(this.known.get(scope) ?? {}, stored);
    this.known.set(scope, known);
    const clean = this.clean(known);
    if (JSON.stringify(clean) !== JSON.stringify(this.clean(stored))) this.options.save(clean, scope);
    return known;
  }

  private save(memory: AlertMemory): void {
    const scope = this.options.scope?.() ?? '';
    const known = mergeMemory(this.known.get(scope) ?? {}, memory);
    this.known.set(scope, known);
    this.options.save(this.clean(known), scope);
  }

  /** What is worth storing: a mute that has run out says nothing any more. */
  private clean(memory: AlertMemory): AlertMemory {
    const out: AlertMemory = {};
    if (memory.episode) out.episode = memory.episode;
    if (memory.mutedUntil !== undefined && memory.mutedUntil > this.options.clock.now()) {
      for (const key of ['mutedAt', 'mutedUntil', 'unmutedAt'] as const) if (memory[key] !== undefined) out[key] = memory[key];
    }
    return out;
  }

  dispose(): void {
    this.alerted.dispose();
    this.muteChanged.dispose();
  }
}
