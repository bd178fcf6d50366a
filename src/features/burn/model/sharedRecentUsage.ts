// Usage bins as the windows of one team share them: whichever window fetched bins writes them to the
// team's folder in the shared global storage; the others take what is newer than theirs. The file
// outlives the window, so a restart shows the last bins at once. Only bins from the same server are
// taken, and only in the shape this extension writes: a damaged or foreign file is ignored.
import { type UsageBin, type UsageBins, USAGE_TIME_RANGES } from '../../../api';
import type { Event } from '../../../shared/events';
import { type SharedFiles, type TeamFile, teamFile } from '../../../shared/sharedFiles';
import type { BinsSnapshot, SharedSnapshots } from './recentUsageStore';

export const SHARED_FILE = 'recent-usage.json';
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

export function readSnapshots(value: unknown): SharedSnapshots | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const out: SharedSnapshots = {};
  for (const range of USAGE_TIME_RANGES) {
    const s = (value as Record<string, unknown>)[range] as Partial<BinsSnapshot> | undefined;
    if (s && typeof s.fetchedAt === 'number' && Number.isFinite(s.fetchedAt) && isBins(s.bins) && s.bins.timeRange === range) out[range] = { bins: s.bins, fetchedAt: s.fetchedAt };
  }
  return out;
}

export function sharedRecentUsage(files: SharedFiles, sharedName: (file: string) => string | undefined, apiUrl: () => string, looks?: Event<void>): TeamFile<SharedSnapshots> {
  return teamFile(files, sharedName, apiUrl, SHARED_FILE, readSnapshots, looks);
}
