// Usage bins as the windows of one team share them: whichever window fetched a range writes it to the
// range's own file in the team's folder in the shared global storage; the others take what is newer
// than theirs. One file per range: a window writes only what it fetched, so two windows sharing
// different ranges at once cannot drop each other's. The files outlive the window, so a restart shows
// the last bins at once. Only bins from the same server are taken, and only in the shape this
// extension writes: a damaged or foreign file is ignored.
import { type UsageBin, type UsageBins, type UsageTimeRange, USAGE_TIME_RANGES } from '../../../api';
import { Emitter, type Event } from '../../../shared/events';
import { type SharedFiles, type TeamFile, teamFile } from '../../../shared/sharedFiles';
import type { BinsSnapshot, SharedSnapshots } from './recentUsageStore';

/** The file in the team's folder that holds one range's bins. */
export const SHARED_FILES: Readonly<Record<UsageTimeRange, string>> = { day: 'recent-usage.day.json', week: 'recent-usage.week.json', month: 'recent-usage.month.json' };
/** Far more bins than any range has (31 days, 25 hours): a file with more is not ours. */
const MAX_BINS = 200;

const isDateOrNull = (v: unknown): v is string | null => v === null || (typeof v === 'string' && v.length <= 64);

function isBin(value: unknown): value is UsageBin {
  if (!value || typeof value !== 'object') return false;
  const b = value as Record<string, unknown>;
  return isDateOrNull(b.startDate) && isDateOrNull(b.endDate) && typeof b.creditsUsed === 'number' && Number.isFinite(b.creditsUsed);
}

function isBins(value: unknown): value is UsageBins {
  if (!value || typeof value !== 'object') return false;
  const b = value as Record<string, unknown>;
  return (
    USAGE_TIME_RANGES.includes(b.timeRange as never) &&
    (b.binSize === 'hour' || b.binSize === 'day') &&
    isDateOrNull(b.windowStart) &&
    isDateOrNull(b.windowEnd) &&
    Array.isArray(b.bins) &&
    b.bins.length <= MAX_BINS &&
    b.bins.every(isBin)
  );
}

function readSnapshot(value: unknown, range: UsageTimeRange): BinsSnapshot | undefined {
  const s = value as Partial<BinsSnapshot> | null | undefined;
  return s && typeof s.fetchedAt === 'number' && Number.isFinite(s.fetchedAt) && isBins(s.bins) && s.bins.timeRange === range ? { bins: s.bins, fetchedAt: s.fetchedAt } : undefined;
}

/** The team's files of every range as one value: `publish` writes only the ranges it is given. */
export function sharedRecentUsage(files: SharedFiles, sharedName: (file: string) => string | undefined, apiUrl: () => string, looks?: Event<void>): TeamFile<SharedSnapshots> {
  const published = new Emitter<SharedSnapshots>();
  const ranges = USAGE_TIME_RANGES.map((range) => {
    const file = teamFile(files, sharedName, apiUrl, SHARED_FILES[range], (value) => readSnapshot(value, range), looks);
    const subscription = file.onDidPublish((snapshot) => published.fire({ [range]: snapshot }));
    return { range, file, subscription };
  });
  return {
    read: async () => {
      const out: SharedSnapshots = {};
      const read = await Promise.all(ranges.map(({ file }) => file.read()));
      ranges.forEach(({ range }, i) => {
        const snapshot = read[i];
        if (snapshot) out[range] = snapshot;
      });
      return out;
    },
    publish: (snapshots) => {
      for (const { range, file } of ranges) {
        const snapshot = snapshots[range];
        if (snapshot) file.publish(snapshot);
      }
    },
    onDidPublish: published.event,
    dispose: () => {
      for (const { file, subscription } of ranges) {
        subscription.dispose();
        file.dispose();
      }
      published.dispose();
    },
  };
}
