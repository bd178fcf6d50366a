// The last monthly history, kept for the next first paint in the shared global storage (not
// globalState: VS Code sends an extension's whole globalState again with every write, and a history
// of 36 months × 500 keys is megabytes). Each breakdown has a file of its own, so a window saving one
// never rewrites the other: with one file for both, a window that read it while another replaced it
// (found missing for a moment) dropped the other breakdown at its next save. Only history from the
// same server is taken back.
import { readJson, type SharedFiles } from '../../../shared/sharedFiles';
import type { HistoryMode, HistorySnapshot, HistoryStorage, SavedHistory } from './historyStore';

export const HISTORY_FILES: Readonly<Record<HistoryMode, string>> = { total: 'usage/history-total.json', byKey: 'usage/history-byKey.json' };
/** One breakdown, from one answer of at most 5 MB, with room for what is around it. */
const MAX_HISTORY_BYTES = 6 * 1024 * 1024;

const MODES: readonly HistoryMode[] = ['total', 'byKey'];

function isSnapshot(value: unknown): value is HistorySnapshot {
  if (!value || typeof value !== 'object') return false;
  const { history, fetchedAt } = value as { history?: { periods?: unknown; byApiKey?: unknown }; fetchedAt?: unknown };
  return typeof fetchedAt === 'number' && Number.isFinite(fetchedAt) && !!history && Array.isArray(history.periods) && typeof history.byApiKey === 'boolean';
}

export function historyFile(files: SharedFiles, apiUrl: () => string): HistoryStorage {
  const read = async (mode: HistoryMode): Promise<HistorySnapshot | undefined> => {
    const value = (await readJson(files, HISTORY_FILES[mode], MAX_HISTORY_BYTES)) as { apiUrl?: unknown; snapshot?: unknown } | undefined;
    return value?.apiUrl === apiUrl() && isSnapshot(value.snapshot) ? value.snapshot : undefined;
  };
  const loaded = (async (): Promise<SavedHistory> => {
    const saved: SavedHistory = {};
    for (const mode of MODES) {
      const snapshot = await read(mode);
      if (snapshot) saved[mode] = snapshot;
    }
    return saved;
  })();
  // Each breakdown's writes land in the order they were made. A read that ends after a save may
  // return either content: the store keeps what it already holds over what it restores.
  const writing: Record<HistoryMode, Promise<unknown>> = { total: Promise.resolve(), byKey: Promise.resolve() };
  return {
    load: () => loaded,
    save: (mode, snapshot) => {
      const file = HISTORY_FILES[mode];
      writing[mode] = writing[mode].then(() => (snapshot ? files.write(file, JSON.stringify({ apiUrl: apiUrl(), snapshot })) : files.remove(file))).catch(() => undefined);
    },
  };
}
