// The last monthly history, kept for the next first paint in the team's folder of the shared global
// storage (not globalState: VS Code sends an extension's whole globalState again with every write, and
// a history of 36 months × 500 keys is megabytes). The team is the key and the server, so a window with
// another key never shows this team's months. Each breakdown has a file of its own, so a window saving
// one never rewrites the other: with one file for both, a window that read it while another replaced
// it (found missing for a moment) dropped the other breakdown at its next save.
import type { UsagePeriod } from '../../../api';
import { readJson, type SharedFiles } from '../../../shared/sharedFiles';
import type { HistoryMode, HistorySnapshot, HistoryStorage, SavedHistory } from './historyStore';

/** File names in the team's folder. */
export const HISTORY_FILES: Readonly<Record<HistoryMode, string>> = { total: 'usage-history-total.json', byKey: 'usage-history-byKey.json' };
/** One breakdown, from one answer of at most 5 MB, with room for what is around it. */
const MAX_HISTORY_BYTES = 6 * 1024 * 1024;

const MODES: readonly HistoryMode[] = ['total', 'byKey'];

const dateOrNull = (value: unknown) => value === null || typeof value === 'string';

/** What is read from disk is checked as strictly as what the network sends: one odd row refuses the file. */
function isPeriod(value: unknown): value is UsagePeriod {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  return dateOrNull(p.startDate) && dateOrNull(p.endDate) && typeof p.creditsUsed === 'number' && Number.isFinite(p.creditsUsed) && (p.apiKey === undefined || typeof p.apiKey === 'string');
}

function isSnapshot(value: unknown, mode: HistoryMode): value is HistorySnapshot {
  if (!value || typeof value !== 'object') return false;
  const { history, fetchedAt } = value as { history?: { periods?: unknown; byApiKey?: unknown }; fetchedAt?: unknown };
  return typeof fetchedAt === 'number' && Number.isFinite(fetchedAt) && !!history && history.byApiKey === (mode === 'byKey') && Array.isArray(history.periods) && history.periods.every(isPeriod);
}

/**
 * `sharedName` names a file in the team's folder (undefined until the team is known); `ready` settles
 * once it is known at start.
 */
export function historyFile(files: SharedFiles, sharedName: (file: string) => string | undefined, apiUrl: () => string, ready: () => Promise<void> = () => Promise.resolve()): HistoryStorage {
  const read = async (mode: HistoryMode): Promise<HistorySnapshot | undefined> => {
    const name = sharedName(HISTORY_FILES[mode]);
    if (!name) return undefined;
    const value = (await readJson(files, name, MAX_HISTORY_BYTES)) as { apiUrl?: unknown; snapshot?: unknown } | undefined;
    return value?.apiUrl === apiUrl() && isSnapshot(value.snapshot, mode) ? value.snapshot : undefined;
  };
  const loaded = ready().then(async (): Promise<SavedHistory> => {
    const saved: SavedHistory = {};
    for (const mode of MODES) {
      const snapshot = await read(mode);
      if (snapshot) saved[mode] = snapshot;
    }
    return saved;
  });
  // Each breakdown's writes land in the order they were made. A read that ends after a save may
  // return either content: the store keeps what it already holds over what it restores.
  const writing: Record<HistoryMode, Promise<unknown>> = { total: Promise.resolve(), byKey: Promise.resolve() };
  return {
    load: () => loaded,
    save: (mode, snapshot) => {
      // Named now: the team of the answer, even if the key changes before the write.
      const name = sharedName(HISTORY_FILES[mode]);
      if (!name) return;
      const text = JSON.stringify({ apiUrl: apiUrl(), snapshot });
      writing[mode] = writing[mode].then(() => files.write(name, text)).catch(() => undefined);
    },
  };
}
