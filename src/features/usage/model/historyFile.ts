// The last monthly history, kept for the next first paint in one file of the shared global storage
// (not globalState: VS Code sends an extension's whole globalState again with every write, and a
// history of 36 months × 500 keys is megabytes). Only history from the same server is taken back.
import { readJson, type SharedFiles } from '../../../shared/sharedFiles';
import type { HistoryMode, HistorySnapshot, HistoryStorage, SavedHistory } from './historyStore';

export const HISTORY_FILE = 'usage/history.json';
/** Both breakdowns, each from one answer of at most 5 MB, with room for what is around them. */
const MAX_HISTORY_BYTES = 12 * 1024 * 1024;

const MODES: readonly HistoryMode[] = ['total', 'byKey'];

function isSnapshot(value: unknown): value is HistorySnapshot {
  if (!value || typeof value !== 'object') return false;
  const { history, fetchedAt } = value as { history?: { periods?: unknown; byApiKey?: unknown }; fetchedAt?: unknown };
  return typeof fetchedAt === 'number' && Number.isFinite(fetchedAt) && !!history && Array.isArray(history.periods) && typeof history.byApiKey === 'boolean';
}

export function historyFile(files: SharedFiles, apiUrl: () => string): HistoryStorage {
  let kept: SavedHistory = {};
  const loaded = (async (): Promise<SavedHistory> => {
    const value = (await readJson(files, HISTORY_FILE, MAX_HISTORY_BYTES)) as ({ apiUrl?: unknown } & Record<string, unknown>) | undefined;
    if (!value || value.apiUrl !== apiUrl()) return {};
    const saved: SavedHistory = {};
    for (const mode of MODES) if (isSnapshot(value[mode])) saved[mode] = value[mode];
    return saved;
  })();
  // Saved (or forgotten) before the read finished: what the file held for these is older.
  const touched = new Set<HistoryMode>();
  // Writes wait for the read, so the first save cannot be overtaken by what the file held before it.
  let writing: Promise<unknown> = loaded.then((saved) => {
    for (const mode of MODES) if (!touched.has(mode) && saved[mode]) kept = { ...kept, [mode]: saved[mode] };
  });
  return {
    load: () => loaded,
    save: (mode, snapshot) => {
      touched.add(mode);
      const next: SavedHistory = { ...kept };
      if (snapshot) next[mode] = snapshot;
      else delete next[mode];
      kept = next;
      writing = writing.then(() => (kept.total || kept.byKey ? files.write(HISTORY_FILE, JSON.stringify({ apiUrl: apiUrl(), ...kept })) : files.remove(HISTORY_FILE))).catch(() => undefined);
    },
  };
}
