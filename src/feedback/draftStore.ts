// The one unsent feedback draft, kept in globalState so it survives a failed send, a cancelled
// wizard and a closed window. It holds no secrets (the key is never part of a draft).
// Pure: works on any Memento-shaped storage, so it is tested in plain Node.

import { isDraftEmpty, restoreDraft, type WizardDraft } from './draft';

export interface KeyValueStorage {
  get(key: string): unknown;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

export interface SavedDraft {
  draft: WizardDraft;
  savedAt: number;
}

export const DRAFT_STORAGE_KEY = 'firecrawl.feedback.draft';
/** Drafts older than this are dropped: the job's 120-second window is long gone and so is the context. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export class DraftStore {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly now: () => number = Date.now,
  ) {}

  load(): SavedDraft | undefined {
    const raw = this.storage.get(DRAFT_STORAGE_KEY);
    if (typeof raw !== 'object' || raw === null) return undefined;
    const { version, savedAt, draft } = raw as { version?: unknown; savedAt?: unknown; draft?: unknown };
    if (version !== 1 || typeof savedAt !== 'number' || !Number.isFinite(savedAt)) return undefined;
    if (this.now() - savedAt > DRAFT_MAX_AGE_MS) return undefined;
    const restored = restoreDraft(draft);
    return restored && !isDraftEmpty(restored) ? { draft: restored, savedAt } : undefined;
  }

  async save(draft: WizardDraft): Promise<void> {
    if (isDraftEmpty(draft)) return this.clear();
    await this.storage.update(DRAFT_STORAGE_KEY, { version: 1, savedAt: this.now(), draft });
  }

  async clear(): Promise<void> {
    await this.storage.update(DRAFT_STORAGE_KEY, undefined);
  }
}
