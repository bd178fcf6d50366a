// The balance as the windows of one team share it: the window that polls writes each new value to
// the team's folder in the shared global storage; the others take it from there when it changes.
// Only a value from the same server is taken; one that cannot be read is ignored.
import type { Event } from '../../../shared/events';
import { type SharedFiles, type TeamFile, teamFile } from '../../../shared/sharedFiles';
import type { CreditsSnapshot } from './creditsStore';

const isCount = (n: unknown): boolean => typeof n === 'number' && Number.isFinite(n) && n >= 0;
const isDateOrNull = (v: unknown): boolean => v === null || (typeof v === 'string' && v.length <= 64);

function isQueue(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const { active, waiting, maxConcurrency, mostRecentSuccess } = value as Record<string, unknown>;
  return isCount(active) && isCount(waiting) && (maxConcurrency === null || isCount(maxConcurrency)) && (mostRecentSuccess === null || typeof mostRecentSuccess === 'string');
}

function isSnapshot(value: unknown): value is CreditsSnapshot {
  if (!value || typeof value !== 'object') return false;
  const { usage, fetchedAt, queue } = value as { usage?: Record<string, unknown>; fetchedAt?: unknown; queue?: unknown };
  return (
    typeof fetchedAt === 'number' &&
    Number.isFinite(fetchedAt) &&
    !!usage &&
    typeof usage.remainingCredits === 'number' &&
    Number.isFinite(usage.remainingCredits) &&
    (usage.planCredits === null || (typeof usage.planCredits === 'number' && Number.isFinite(usage.planCredits))) &&
    isDateOrNull(usage.billingPeriodStart) &&
    isDateOrNull(usage.billingPeriodEnd) &&
    (queue === undefined || isQueue(queue))
  );
}

/** The balance the leading window fetched, in the team's shared folder; other windows take it from there. */
export function sharedCredits(files: SharedFiles, sharedName: (file: string) => string | undefined, apiUrl: () => string, looks?: Event<void>): TeamFile<CreditsSnapshot> {
  return teamFile(files, sharedName, apiUrl, 'credits.json', (value) => (isSnapshot(value) ? value : undefined), looks);
}
