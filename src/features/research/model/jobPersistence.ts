// Writes and reads the research store's jobs: one small globalState entry per job, one file per
// job's snapshot (see storage.ts). Writes are gathered (a burst of polls costs one write per job)
// and go one flush at a time; a finished job is written within a second, a running one within a
// few. Reading back never fails the caller: a damaged file is skipped with a log line.
import type { Clock } from '../../../shared/clock';
import type { Disposable } from '../../../shared/events';
import type { SharedFiles } from '../../../shared/sharedFiles';
import {
  compareEntries,
  fitJobFile,
  fromJobFile,
  fromLegacyRecord,
  idOfJobKey,
  type IndexEntry,
  indexEntry,
  type JobFile,
  jobFileName,
  jobKey,
  LEGACY_INDEX_KEY,
  type PersistableJob,
  readIndexEntry,
  type ResearchStorage,
  toJobFile,
} from './storage';

export interface PersistenceLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface JobPersistenceOptions {
  storage: ResearchStorage;
  files: SharedFiles;
  clock: Clock;
  /** Written into every file, so a window can tell its own writes from other windows'. */
  windowId: string;
  log: PersistenceLog;
  /** How long a finished or changed job may wait to be written (default 1 s). */
  persistDelayMs?: number;
  /** How long a running job's new snapshot may wait (default 5 s): other windows follow it from the file. */
  runningPersistDelayMs?: number;
  /** A job's file is kept under this size by leaving out its oldest activities and sources (default 4 MB). */
  maxJobBytes?: number;
}

/** A record as the store keeps it, and when its file was last written or read by this window. */
export type PersistedRecord = PersistableJob & { writtenAt: number };

export class JobPersistence implements Disposable {
  private readonly dirty = new Set<string>();
  private readonly removed = new Set<string>();
  /** Removed in the flush under way. */
  private readonly removing = new Set<string>();
  /** The entry this window last wrote or read per job: an entry is rewritten only when it changes. */
  private readonly entries = new Map<string, string>();
  private readonly trimmedLogged = new Set<string>();
  private timer: Disposable | undefined;
  private timerAt = Infinity;
  private chain: Promise<void> = Promise.resolve();
  private legacyToDrop = false;
  private disposed = false;

  constructor(
    private readonly options: JobPersistenceOptions,
    private readonly recordOf: (id: string) => PersistedRecord | undefined,
    /** Jobs another window dropped while this one still had changes to write: not written back. */
    private readonly removedElsewhere: (ids: string[]) => void = () => undefined,
  ) {}

  /**
   * What the list holds, newest first, read synchronously (small entries only); records written
   * before job files existed come back whole, and are moved to files on the next flush.
   */
  readIndex(): { entries: IndexEntry[]; legacy: JobFile[] } {
    const { storage } = this.options;
    const legacyIds = storage.get<unknown>(LEGACY_INDEX_KEY);
    const legacy: JobFile[] = [];
    if (Array.isArray(legacyIds)) {
      this.legacyToDrop = true;
      legacyIds.forEach((raw, seq) => {
        if (typeof raw !== 'string') return;
        const file = fromLegacyRecord(storage.get<unknown>(jobKey(raw)), raw, seq);
        if (file) legacy.push(file);
        else this.options.log.warn(`Dropped unreadable saved state of job ${raw}`);
      });
      for (const file of legacy) this.dirty.add(file.id);
    }
    const entries: IndexEntry[] = [];
    for (const key of storage.keys()) {
      const id = idOfJobKey(key);
      if (!id || legacy.some((l) => l.id === id)) continue;
      const entry = readIndexEntry(storage.get<unknown>(key), id);
      if (!entry) continue;
      this.entries.set(id, JSON.stringify(entry));
      entries.push(entry);
    }
    entries.sort(compareEntries);
    return { entries, legacy };
  }

  /** The list entry of one job as stored now (another window may have added or removed it). */
  entry(id: string): IndexEntry | undefined {
    return readIndexEntry(this.options.storage.get<unknown>(jobKey(id)), id);
  }

  /** Ids the list holds now. */
  listedIds(): Set<string> {
    const ids = new Set<string>();
    for (const key of this.options.storage.keys()) {
      const id = idOfJobKey(key);
      if (id) ids.add(id);
    }
    return ids;
  }

  /** A job's file, checked; undefined (with a log line when it was damaged) when it cannot be used. */
  async load(id: string): Promise<JobFile | undefined> {
    const read = await this.read(id);
    return read.state === 'ok' ? read.file : undefined;
  }

  /** A job's file, or whether it is missing (the job was dropped) or could not be used. */
  async read(id: string): Promise<{ state: 'ok'; file: JobFile } | { state: 'missing' } | { state: 'damaged' }> {
    const name = jobFileName(id);
    let value: unknown;
    try {
      const text = await this.options.files.read(name);
      if (text === undefined) return { state: 'missing' };
      value = JSON.parse(text);
    } catch (error) {
      this.options.log.warn(`Skipped the saved snapshot of job ${id}: ${error instanceof Error ? error.message : String(error)}`);
      return { state: 'damaged' };
    }
    const file = fromJobFile(value, id);
    if (file) return { state: 'ok', file };
    this.options.log.warn(`Skipped the saved snapshot of job ${id}: not a job file this version can read`);
    return { state: 'damaged' };
  }

  /** This window dropped the job and its entry and file are still being removed. */
  isRemoving(id: string): boolean {
    return this.removed.has(id) || this.removing.has(id);
  }

  /** The job changed: its file (and entry, if new) is written soon; sooner when it is not running. */
  markDirty(id: string, running: boolean): void {
    this.removed.delete(id);
    this.dirty.add(id);
    this.soon(running ? (this.options.runningPersistDelayMs ?? 5_000) : (this.options.persistDelayMs ?? 1_000));
  }

  /** The job is no longer tracked: its entry and file go. */
  markRemoved(id: string): void {
    this.dirty.delete(id);
    this.removed.add(id);
    this.soon(this.options.persistDelayMs ?? 1_000);
  }

  /** Forgets a job another window removed (its entry and file are gone already). */
  forget(id: string): void {
    this.dirty.delete(id);
    this.removed.delete(id);
    this.entries.delete(id);
  }

  /** Whether anything waits to be written. */
  get pending(): boolean {
    return this.dirty.size > 0 || this.removed.size > 0 || this.legacyToDrop;
  }

  /** Writes everything waiting now; resolves when this and any earlier flush are done. */
  flush(): Promise<void> {
    this.timer?.dispose();
    this.timer = undefined;
    this.timerAt = Infinity;
    const run = this.chain.then(() => this.write());
    this.chain = run.catch(() => undefined);
    return run;
  }

  dispose(): void {
    this.disposed = true;
    this.timer?.dispose();
    this.timer = undefined;
  }

  private async updateEntries(updates: ReadonlyArray<[string, unknown]>): Promise<void> {
    for (const [key, value] of updates) await this.options.storage.update(key, value);
  }

  private soon(delayMs: number): void {
    if (this.disposed) return;
    const at = this.options.clock.now() + delayMs;
    if (this.timer && this.timerAt <= at) return;
    this.timer?.dispose();
    this.timerAt = at;
    this.timer = this.options.clock.schedule(delayMs, () => {
      this.timer = undefined;
      this.timerAt = Infinity;
      void this.flush();
    });
  }

  private async write(): Promise<void> {
    const { storage, files, clock, windowId } = this.options;
    const removed = [...this.removed];
    const dirty = [...this.dirty];
    this.removed.clear();
    this.dirty.clear();
    const writes: Array<PromiseLike<void>> = [];
    const entryUpdates: Array<[string, unknown]> = [];
    for (const id of removed) {
      this.entries.delete(id);
      this.removing.add(id);
      entryUpdates.push([jobKey(id), undefined]);
      writes.push(files.remove(jobFileName(id)));
    }
    // Listed before, and now neither listed nor on disk: another window dropped it, and writing would
    // bring it back. The file decides, since globalState can lag behind for a moment.
    const elsewhere: string[] = [];
    for (const id of dirty) {
      if (!this.entries.has(id) || storage.get<unknown>(jobKey(id)) !== undefined) continue;
      if ((await files.read(jobFileName(id)).catch(() => '')) === undefined) elsewhere.push(id);
    }
    for (const id of elsewhere) this.entries.delete(id);
    for (const id of dirty) {
      const record = this.recordOf(id);
      if (!record || elsewhere.includes(id)) continue;
      const entry = JSON.stringify(indexEntry(record));
      if (this.entries.get(id) !== entry) {
        this.entries.set(id, entry);
        entryUpdates.push([jobKey(id), JSON.parse(entry)]);
      }
      const writtenAt = clock.now();
      const { text, trimmed } = fitJobFile(toJobFile(record, writtenAt, windowId), this.options.maxJobBytes ?? 4 * 1024 * 1024);
      if (trimmed && !this.trimmedLogged.has(id)) {
        this.trimmedLogged.add(id);
        this.options.log.info(`Job ${id} is too large to keep whole on disk: its saved copy leaves out the ${trimmed.activities} oldest activities and ${trimmed.sources} oldest sources`);
      }
      record.writtenAt = writtenAt;
      writes.push(files.write(jobFileName(id), text));
    }
    if (this.legacyToDrop) {
      this.legacyToDrop = false;
      entryUpdates.push([LEGACY_INDEX_KEY, undefined]);
    }
    if (elsewhere.length) this.removedElsewhere(elsewhere);
    // globalState one update at a time: the host echoes each change back, and with several under way an
    // echo of an older state can land last and bring a removed entry back.
    writes.push(this.updateEntries(entryUpdates));
    const results = await Promise.allSettled(writes);
    for (const id of removed) this.removing.delete(id);
    for (const result of results) {
      if (result.status === 'rejected') this.options.log.warn(`Could not save a research job: ${result.reason instanceof Error ? result.reason.message : String(result.reason)}`);
    }
  }
}

