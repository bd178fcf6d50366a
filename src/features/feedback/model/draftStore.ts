// The one unsent feedback draft, kept in globalState so it survives a failed send, a cancelled
// wizard and a closed window. It holds no secrets (the key is never part of a draft).
// Pure: works on any Memento-shaped storage, so it is tested in plain Node.

import { STORAGE } from '../../../ids';
import { cloneDraft, isDraftEmpty, restoreDraft, type WizardDraft } from './draft';

export interface KeyValueStorage {
  get(key: string): unknown;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

export interface SavedDraft {
  draft: WizardDraft;
  savedAt: number;
}

export const DRAFT_STORAGE_KEY = STORAGE.feedbackDraft;
/** Drafts older than this are dropped: the job's 120-second window is long gone and so is the context. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export class DraftStore {
  /**
   * Writes go one at a time: the wizard saves at every step without waiting, and in a web host the
   * echo of an earlier write can land after a later one and bring a cleared draft back.
   */
  private writes: Promise<void> = Promise.resolve();

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

  save(draft: WizardDraft): Promise<void> {
    if (isDraftEmpty(draft)) return this.clear();
    // A copy: the wizard keeps editing the draft while this write waits its turn.
    const saved = { version: 1, savedAt: this.now(), draft: cloneDraft(draft) };
    return this.write(saved);
  }

  clear(): Promise<void> {
    return this.write(undefined);
  }

  private write(value: unknown): Promise<void> {
    const next = this.writes.then(() => this.storage.update(DRAFT_STORAGE_KEY, value));
    this.writes = next.catch(() => undefined);
    return next;
  }
}
