// The cap on tracked jobs: at most this many per team, so the list, its files and every window's
// memory stay bounded. Tracking more makes room by dropping the jobs that finished longest ago;
// running jobs are never dropped, so when they fill the list the rest is not tracked, and the window
// that tracked says so. Pure, so every case is unit-tested.
import * as l10n from '@vscode/l10n';
import { formatExact, plural } from '../../../shared/format';
import { isFinished, type TrackedJob } from './trackedJob';

export const DEFAULT_MAX_JOBS = 200;

export interface CapPlan<J> {
  /** New ids that fit, in the order given. */
  add: string[];
  /** Finished jobs to drop to make room, finished longest ago first. */
  evict: J[];
  /** New ids that do not fit: the list is full of jobs still running. */
  refused: string[];
}

/**
 * Which of `fresh` (ids not tracked yet) to track with `tracked` already there, at most `max` in all.
 * `lastToGo`: finished jobs dropped only once no other finished job is left (findings nothing can read again).
 */
export function planTrack<J extends TrackedJob>(fresh: readonly string[], tracked: readonly J[], max: number, lastToGo: (job: J) => boolean = () => false): CapPlan<J> {
  const need = tracked.length + fresh.length - max;
  if (need <= 0) return { add: [...fresh], evict: [], refused: [] };
  const finished = tracked.filter(isFinished).sort((a, b) => Number(lastToGo(a)) - Number(lastToGo(b)) || (a.finishedAt ?? a.trackedAt) - (b.finishedAt ?? b.trackedAt));
  const evict = finished.slice(0, need);
  const room = Math.max(0, max - (tracked.length - evict.length));
  return { add: fresh.slice(0, room), evict, refused: fresh.slice(room) };
}

/** How many more jobs could be tracked now, making room by dropping finished ones. */
export function roomLeft(tracked: readonly TrackedJob[], max: number): number {
  return Math.max(0, max - tracked.filter((j) => !isFinished(j)).length);
}

/**
 * What the window that tracked says about the cap, once: finished jobs it stopped tracking to make
 * room, and ids it could not track beside running jobs. Undefined when the cap did not matter.
 */
export function capMessage(r: { added: readonly string[]; evicted: readonly string[]; refused: readonly string[] }, max: number): { text: string; severity: 'info' | 'warning' } | undefined {
  const most = formatExact(max);
  const parts: string[] = [];
  const evicted = r.evicted.length;
  if (evicted === 1) parts.push(l10n.t('Stopped tracking the job that finished longest ago: at most {0} jobs are tracked.', most));
  else if (evicted) {
    const n = formatExact(evicted);
    parts.push(
      plural(
        evicted,
        l10n.t('Stopped tracking the {0} job that finished longest ago: at most {1} jobs are tracked.', n, most),
        l10n.t('Stopped tracking the {0} jobs that finished longest ago: at most {1} jobs are tracked.', n, most),
      ),
    );
  }
  if (r.refused.length && !r.added.length) {
    parts.push(
      plural(
        r.refused.length,
        l10n.t('The new job was not tracked: at most {0} jobs are tracked, and all of them are still running. Stop tracking jobs you no longer need to make room.', most),
        l10n.t(
          'The {0} new jobs were not tracked: at most {1} jobs are tracked, and all of them are still running. Stop tracking jobs you no longer need to make room.',
          formatExact(r.refused.length),
          most,
        ),
      ),
    );
  } else if (r.refused.length) {
    const args = [formatExact(r.added.length), formatExact(r.added.length + r.refused.length), formatExact(r.refused.length), most, formatExact(max - r.added.length)];
    parts.push(
      plural(
        r.refused.length,
        l10n.t('Tracked {0} of {1} new jobs; {2} was not tracked: at most {3} jobs are tracked, and the other {4} are still running. Stop tracking jobs you no longer need to make room.', ...args),
        l10n.t('Tracked {0} of {1} new jobs; {2} were not tracked: at most {3} jobs are tracked, and the other {4} are still running. Stop tracking jobs you no longer need to make room.', ...args),
      ),
    );
  }
  return parts.length ? { text: parts.join(' '), severity: r.refused.length ? 'warning' : 'info' } : undefined;
}
