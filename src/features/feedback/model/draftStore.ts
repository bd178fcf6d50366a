// Unsent feedback drafts, one per window, kept in globalState so a draft survives a failed send, a
// cancelled wizard and a closed window, and so sending in one window never erases another window's
// draft. "Resume unsent feedback" offers this window's draft and every draft other windows left,
// each saying where it was written. A draft of a window that is gone moves here when resumed; one of
// a window still open is copied (that window may still be editing it). No secrets (the key is never
// part of a draft). Pure: works on any Memento-shaped storage.

import { STORAGE } from '../../../ids';
import { cloneDraft, isDraftEmpty, restoreDraft, type WizardDraft } from './draft';

export interface KeyValueStorage {
  get(key: string): unknown;
  keys(): readonly string[];
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

export interface SavedDraft {
  draft: WizardDraft;
  savedAt: number;
  /** The name of the window that saved it (its workspace), to tell drafts of several windows apart. */
  window?: string;
}

export interface OtherDraft extends SavedDraft {
  key: string;
  /** The window that saved it. */
  windowId: string;
}

const DRAFT_PREFIX = `${STORAGE.feedbackDraft}/`;
export const draftKey = (windowId: string): string => `${STORAGE.feedbackDraft}/${windowId}`;
/** Drafts older than this are dropped: the job's feedback window is long gone and so is the context. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export class DraftStore {
  /**
   * Writes go one at a time: the wizard saves at every step without waiting, and in a web host the
   * echo of an earlier write can land after a later one and bring a cleared draft back.
   */
  private writes: Promise<void> = Promise.resolve();
  private readonly key: string;
  /**
   * What this window last asked to write to each key, landed or not: a write looked at again is made
   * again only while it is the latest, and what is still queued is what the key holds next.
   */
  private readonly latest = new Map<string, unknown>();

  constructor(
    private readonly storage: KeyValueStorage,
    windowId: string,
    private readonly now: () => number = Date.now,
    /** This window's name (its workspace), saved with its draft. */
    private readonly windowName: () => string | undefined = () => undefined,
    /**
     * How a write is made: by default a plain update. Windows replace each other's globalState whole,
     * so the extension passes one that looks again and writes again what another window's write
     * replaced (shared/settledState.ts).
     */
    private readonly writeKey: (key: string, value: unknown, wanted: () => boolean) => PromiseLike<void> = (key, value) => storage.update(key, value),
  ) {
    this.key = draftKey(windowId);
  }

  /** This window's draft. */
  load(): SavedDraft | undefined {
    return this.read(this.key);
  }

  /** Drafts other windows left, newest first; expired ones are removed on the way. */
  others(): OtherDraft[] {
    const out: OtherDraft[] = [];
    for (const key of this.storage.keys()) {
      if (key === this.key || !key.startsWith(DRAFT_PREFIX)) continue;
      const saved = this.read(key);
      // A draft a window set aside is under its place's key and a slot: `<window>.<slot>`.
      if (saved) out.push({ ...saved, key, windowId: key.slice(DRAFT_PREFIX.length).split('.')[0]! });
      else void this.enqueue(key, undefined);
    }
    return out.sort((a, b) => b.savedAt - a.savedAt);
  }

  /** A draft of a window that is gone becomes this window's (so it is offered once, and sent from here). */
  adopt(other: OtherDraft): Promise<void> {
    void this.enqueue(other.key, undefined);
    this.setAside();
    return this.save(other.draft);
  }

  /** A draft of a window still open is copied here: that window keeps its own, and may still be editing it. */
  copy(other: OtherDraft): Promise<void> {
    this.setAside();
    return this.save(other.draft);
  }

  /** A name for a place set aside, beside this window's one place. */
  asideSlot(): string {
    return this.now().toString(36);
  }

  /**
   * Moves this window's draft out of its one place, under a key of its own beside it (`slot`), when
   * another takes the place (a draft resumed from elsewhere, a rating): it is offered again, not written over.
   */
  setAside(slot = this.asideSlot()): void {
    const raw = this.storage.get(this.key);
    if (!this.load()) return;
    void this.enqueue(`${this.key}.${slot}`, raw);
    // Moved, not copied: a wizard that leaves its first page untouched saves nothing in its place.
    void this.enqueue(this.key, undefined);
  }

  /** Whether `other` is one of this window's drafts set aside. */
  isSetAsideHere(other: OtherDraft): boolean {
    return other.key.startsWith(`${this.key}.`);
  }

  /**
   * Removes this window's drafts (its own, those it set aside) that `matches`: one just recorded, say,
   * which offered again would only be sent twice. Other windows' drafts are theirs.
   */
  forget(matches: (draft: WizardDraft) => boolean): Promise<void> {
    return Promise.all(this.ownKeysHolding(matches).map((key) => this.enqueue(key, undefined))).then(() => undefined);
  }

  /** Rewrites this window's drafts (its own, those it set aside) that `matches` as `draft`: one just sent without an answer, say. */
  replace(matches: (draft: WizardDraft) => boolean, draft: WizardDraft): Promise<void> {
    return Promise.all(this.ownKeysHolding(matches).map((key) => this.enqueue(key, this.record(draft)))).then(() => undefined);
  }

  save(draft: WizardDraft): Promise<void> {
    if (isDraftEmpty(draft)) return this.clear();
    return this.enqueue(this.key, this.record(draft));
  }

  /** Saves a draft in a place set aside (`slot`), not in this window's one place: it is offered to resume, like any set aside. */
  saveAside(slot: string, draft: WizardDraft): Promise<void> {
    return this.enqueue(`${this.key}.${slot}`, isDraftEmpty(draft) ? undefined : this.record(draft));
  }

  /** Clears this window's draft only. */
  clear(): Promise<void> {
    return this.enqueue(this.key, undefined);
  }

  /** Resolves when every write asked for so far has landed (or failed). */
  settled(): Promise<void> {
    return this.writes;
  }

  /**
   * The keys of this window's place and of the places it set aside whose draft `matches`, judged by what
   * each will hold once the queued writes land: a draft saved a moment ago in this window's place is not
   * taken for the one it replaces.
   */
  private ownKeysHolding(matches: (draft: WizardDraft) => boolean): string[] {
    const keys = new Set([...this.storage.keys(), ...this.latest.keys()].filter((key) => key === this.key || key.startsWith(`${this.key}.`)));
    return [...keys].filter((key) => {
      const saved = this.readRecord(this.latest.has(key) ? this.latest.get(key) : this.storage.get(key));
      return saved !== undefined && matches(saved.draft);
    });
  }

  private record(draft: WizardDraft): unknown {
    const window = this.windowName();
    // A copy: the wizard keeps editing the draft while this write waits its turn.
    return { version: 1, savedAt: this.now(), draft: cloneDraft(draft), ...(window ? { window } : {}) };
  }

  private read(key: string): SavedDraft | undefined {
    return this.readRecord(this.storage.get(key));
  }

  private readRecord(raw: unknown): SavedDraft | undefined {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const { version, savedAt, draft, window } = raw as { version?: unknown; savedAt?: unknown; draft?: unknown; window?: unknown };
    if (version !== 1 || typeof savedAt !== 'number' || !Number.isFinite(savedAt)) return undefined;
    if (this.now() - savedAt > DRAFT_MAX_AGE_MS) return undefined;
    const restored = restoreDraft(draft);
    if (!restored || isDraftEmpty(restored)) return undefined;
    return { draft: restored, savedAt, ...(typeof window === 'string' && window.trim() ? { window: window.trim().slice(0, 80) } : {}) };
  }

  private enqueue(key: string, value: unknown): Promise<void> {
    this.latest.set(key, value);
    const wanted = () => key !== this.key || this.latest.get(key) === value;
    const next = this.writes.then(() => this.writeKey(key, value, wanted));
    this.writes = next.catch(() => undefined);
    return next;
  }
}
