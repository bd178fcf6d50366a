// Writes and reads one team's tracked jobs: one file per job in the team's folder, and one small
// globalState entry per job as the list's index (see storage.ts). The files decide: globalState can
// lose a write when two windows write at the same moment (measured; see shared/settledState.ts), so
// entries are written to last and repaired from the files, and a job that is no longer tracked leaves
// a tombstone in its file rather than only a missing entry. Writes are gathered (a burst of polls costs
// one write per job) and go one flush at a time; a finished job is written within a second, a running
// one within a few. Reading back never fails the caller: a damaged file is skipped with a log line.
// What nothing refers to any more (old tombstones, entries without a file, damaged entries, files of
// the layout before teams that no entry lists) is removed, carefully: another window may be writing
// at the same moment.
import type { Clock } from '../../../shared/clock';
import type { Disposable } from '../../../shared/events';
import { SettledWrites } from '../../../shared/settledState';
import type { FileStamp, SharedFiles } from '../../../shared/sharedFiles';
import { DEFAULT_MAX_JOB_BYTES, describeTrimmed, fitJobFile } from './jobFit';
import {
  compareEntries,
  fromJobFile,
  fromLegacyRecord,
  type IndexEntry,
  indexEntry,
  isDamagedEntry,
  type JobFile,
  jobFileName,
  jobKey,
  JOB_FOLDER,
  LEGACY_INDEX_KEY,
  parseJobFileName,
  parseJobKey,
  type PersistableJob,
  readIndexEntry,
  readTombstone,
  type ResearchStorage,
  teamJobFolder,
  toJobFile,
  tombstone,
  type Tombstone,
  unownedJobFileName,
  unownedJobKey,
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
  /** The team whose jobs these are (host/team.ts). */
  team: string;
  /** Whether jobs saved before they belonged to a team become this team's (only a window with a key adopts them). */
  adopt: boolean;
  log: PersistenceLog;
  /** How long a finished or changed job may wait to be written (default 1 s). */
  persistDelayMs?: number;
  /** How long a running job's new snapshot may wait (default 5 s): other windows follow it from the file. */
  runningPersistDelayMs?: number;
  /** A job's file is kept under this size (default 4 MB; see jobFit.ts). */
  maxJobBytes?: number;
}

/** A record as the store keeps it, and when its file was last written or read by this window. */
export type PersistedRecord = PersistableJob & { writtenAt: number };

const unowned = (id: string) => ({ key: unownedJobKey(id), file: unownedJobFileName(id) });

export type JobRead = { state: 'ok'; file: JobFile } | { state: 'removed'; tombstone: Tombstone } | { state: 'missing' } | { state: 'damaged' };

/**
 * What nobody refers to is left alone this long before it is removed: a tombstone (every window has
 * long seen it), an entry without a file (a file is written within a second of tracking), a file of
 * the layout before teams that no entry lists.
 */
export const ORPHAN_GRACE_MS = 120_000;

interface EntryUpdate {
  key: string;
  value: unknown;
  /** Whether this window still wants it so when it looks again (see SettledWrites). */
  wanted?: (current: unknown) => boolean | Promise<boolean>;
}

const trackedAtOf = (value: unknown): unknown => (value && typeof value === 'object' ? (value as { trackedAt?: unknown }).trackedAt : undefined);

/** A job file that could not be written is tried again after this long. */
const FAILED_WRITE_RETRY_MS = 30_000;

export class JobPersistence implements Disposable {
  private readonly dirty = new Set<string>();
  private readonly removed = new Set<string>();
  /** Removed in the flush under way. */
  private readonly removing = new Set<string>();
  /** Written in the flush under way: the file may not be on disk yet, which is not "dropped elsewhere". */
  private readonly writing = new Map<string, number>();
  /** The entry this window last wrote or read per job: an entry is rewritten only when it changes. */
  private readonly entries = new Map<string, string>();
  /**
   * Jobs being moved to this team's entry and folder, and where they were: saved before jobs belonged
   * to a team, or another team's that the person chose to follow with this key.
   */
  private readonly adopting = new Map<string, { key: string; file: string; team?: string }>();
  private readonly trimmedLogged = new Set<string>();
  /** The stamp of each job's file as this window last wrote or read it: another stamp means another window wrote it. */
  private readonly stamps = new Map<string, string>();
  private readonly settled: SettledWrites;
  private timer: Disposable | undefined;
  private timerAt = Infinity;
  private chain: Promise<void> = Promise.resolve();
  private legacyToDrop = false;
  private disposed = false;

  constructor(
    private readonly options: JobPersistenceOptions,
    private readonly recordOf: (id: string) => PersistedRecord | undefined,
    /** Jobs another window dropped (a tombstone in the file) while this one still had changes to write: not written back. */
    private readonly removedElsewhere: (ids: string[]) => void = () => undefined,
  ) {
    this.settled = new SettledWrites(options.storage, options.clock, Math.random, (key, attempt) =>
      options.log.info(`Saved ${key} again: another window's write replaced it (attempt ${attempt})`),
    );
  }

  /**
   * The team's list, newest first, read synchronously (small entries only). With `adopt`, jobs saved
   * before they belonged to a team join it: records of the first version come back whole (they are
   * moved to files on the next flush), later entries are listed and moved once their file is read.
   * Damaged entries are removed on the way.
   */
  readIndex(): { entries: IndexEntry[]; legacy: JobFile[] } {
    const { storage, team, adopt } = this.options;
    const legacy: JobFile[] = [];
    const legacyIds = adopt ? storage.get<unknown>(LEGACY_INDEX_KEY) : undefined;
    if (Array.isArray(legacyIds)) {
      this.legacyToDrop = true;
      legacyIds.forEach((raw, seq) => {
        if (typeof raw !== 'string') return;
        const file = fromLegacyRecord(storage.get<unknown>(unownedJobKey(raw)), raw, seq);
        if (file) legacy.push(file);
        else this.options.log.warn(`Dropped unreadable saved state of job ${raw}`);
      });
      for (const file of legacy) {
        this.dirty.add(file.id);
        this.adopting.set(file.id, unowned(file.id));
      }
    }
    const entries: IndexEntry[] = [];
    const damaged: string[] = [];
    const seen = new Set(legacy.map((l) => l.id));
    for (const key of storage.keys()) {
      const parsed = parseJobKey(key);
      if (!parsed || (parsed.team !== undefined && parsed.team !== team) || (parsed.team === undefined && !adopt)) continue;
      if (parsed.team === undefined && seen.has(parsed.id)) continue;
      const value = storage.get<unknown>(key);
      const entry = readIndexEntry(value, parsed.id);
      if (!entry) {
        if (isDamagedEntry(value, parsed.id)) damaged.push(key);
        continue;
      }
      // A job this team lists already and also unowned: the team's entry wins, the other goes.
      if (seen.has(entry.id)) {
        if (parsed.team === undefined) damaged.push(key);
        continue;
      }
      seen.add(entry.id);
      if (parsed.team === undefined) this.adopting.set(entry.id, unowned(entry.id));
      else this.entries.set(entry.id, JSON.stringify(entry));
      entries.push(entry);
    }
    if (damaged.length) {
      this.options.log.warn(`Removed ${damaged.length} unreadable saved job entr${damaged.length === 1 ? 'y' : 'ies'}`);
      void this.updateEntries(damaged.map((key) => ({ key, value: undefined })));
    }
    if (this.adopting.size) this.options.log.info(`Jobs saved before they belonged to a team now belong to this key and server: ${this.adopting.size}`);
    entries.sort(compareEntries);
    return { entries, legacy };
  }

  /** The team's entry of one job as stored now (another window may have added or removed it). */
  entry(id: string): IndexEntry | undefined {
    return readIndexEntry(this.options.storage.get<unknown>(jobKey(this.options.team, id)), id);
  }

  /** Entries of the team as stored now: ids and what they say. */
  listed(): Map<string, IndexEntry> {
    const out = new Map<string, IndexEntry>();
    const { storage, team } = this.options;
    for (const key of storage.keys()) {
      const parsed = parseJobKey(key);
      if (parsed?.team !== team) continue;
      const entry = readIndexEntry(storage.get<unknown>(key), parsed.id);
      if (entry) out.set(entry.id, entry);
    }
    return out;
  }

  /** Jobs other teams track (and, for a window without a key, jobs no team has adopted yet): not shown here. */
  hiddenCount(): number {
    let n = 0;
    for (const count of this.otherTeams().values()) n += count;
    return n;
  }

  /** Other teams with jobs, and how many each has (unowned ones under '' for a window without a key). */
  otherTeams(): Map<string, number> {
    const { storage, team, adopt } = this.options;
    const out = new Map<string, number>();
    for (const key of storage.keys()) {
      const parsed = parseJobKey(key);
      if (!parsed || this.adopting.has(parsed.id)) continue;
      const owner = parsed.team ?? (adopt ? undefined : '');
      if (owner === undefined || owner === team) continue;
      out.set(owner, (out.get(owner) ?? 0) + 1);
    }
    return out;
  }

  /**
   * Another team's jobs become this team's (the person chose to follow them with this key): their
   * entries are returned to be listed, and each is moved once its file has been read and written
   * here. A job this team tracks already stays as it is here; the other team's copy goes.
   */
  takeOver(from: string, room: number): { entries: IndexEntry[]; left: number } {
    const { storage, team } = this.options;
    const entries: IndexEntry[] = [];
    const duplicates: string[] = [];
    for (const key of storage.keys()) {
      const parsed = parseJobKey(key);
      if (parsed?.team !== from || from === team) continue;
      const entry = readIndexEntry(storage.get<unknown>(key), parsed.id);
      if (!entry) continue;
      if (this.entries.has(entry.id) || this.adopting.has(entry.id)) duplicates.push(entry.id);
      else entries.push(entry);
    }
    entries.sort(compareEntries);
    const taken = entries.slice(0, Math.max(0, room));
    for (const entry of taken) this.adopting.set(entry.id, { key: jobKey(from, entry.id), file: jobFileName(from, entry.id), team: from });
    void this.updateEntries(duplicates.map((id) => this.removal(jobKey(from, id), storage.get<unknown>(jobKey(from, id)))));
    for (const id of duplicates) void this.bury({ file: jobFileName(from, id), team: from }, id).catch(() => undefined);
    if (taken.length) this.options.log.info(`Following ${taken.length} job(s) of another key or server with this one`);
    return { entries: taken, left: entries.length - taken.length };
  }

  /**
   * The entry of a job whose file says it is tracked, written again: another window's write replaced
   * globalState without it. The leader does this as it compares the list with the files.
   */
  repairEntry(entry: IndexEntry): void {
    const text = JSON.stringify(entry);
    this.entries.set(entry.id, text);
    this.options.log.info(`Listed job ${entry.id} again: its entry was lost to another window's write`);
    void this.updateEntries([{ key: jobKey(this.options.team, entry.id), value: entry, wanted: (current) => current === undefined && this.entries.get(entry.id) === text }]);
  }

  /** Ids with a file in the team's folder now. */
  async onDisk(): Promise<Set<string>> {
    const names = await this.options.files.list(teamJobFolder(this.options.team)).catch(() => [] as string[]);
    const ids = new Set<string>();
    for (const name of names) {
      const parsed = parseJobFileName(`${teamJobFolder(this.options.team)}/${name}`);
      if (parsed) ids.add(parsed.id);
    }
    return ids;
  }

  /** When the job's file was last written (and its size): a changed stamp means another window wrote it. */
  stamp(id: string): Promise<FileStamp | undefined> {
    return this.options.files.stat(jobFileName(this.options.team, id)).catch(() => undefined);
  }

  /** A job's file, checked; undefined (with a log line when it was damaged) when it cannot be used. */
  async load(id: string): Promise<JobFile | undefined> {
    const read = await this.read(id);
    return read.state === 'ok' ? read.file : undefined;
  }

  /** A job's file, or whether it is missing (the job was dropped) or could not be used. */
  async read(id: string): Promise<JobRead> {
    const own = await this.readFile(id, jobFileName(this.options.team, id));
    if (own.state === 'ok' || own.state === 'removed') await this.noteStamp(id);
    // A job being adopted still has its snapshot where it was saved before.
    const from = this.adopting.get(id);
    if (own.state === 'missing' && from) return this.readFile(id, from.file);
    return own;
  }

  private async readFile(id: string, name: string, quiet = false): Promise<JobRead> {
    let value: unknown;
    try {
      const text = await this.options.files.read(name);
      if (text === undefined) return { state: 'missing' };
      value = JSON.parse(text);
    } catch (error) {
      if (!quiet) this.options.log.warn(`Skipped the saved snapshot of job ${id}: ${error instanceof Error ? error.message : String(error)}`);
      return { state: 'damaged' };
    }
    const file = fromJobFile(value, id);
    if (file) return { state: 'ok', file };
    const gone = readTombstone(value, id);
    if (gone) return { state: 'removed', tombstone: gone };
    if (!quiet) this.options.log.warn(`Skipped the saved snapshot of job ${id}: not a job file this version can read`);
    return { state: 'damaged' };
  }

  /** Notes the stamp of a file this window has just read or written. */
  async noteStamp(id: string): Promise<void> {
    const stamp = await this.stamp(id);
    if (stamp) this.stamps.set(id, `${stamp.mtime}:${stamp.size}`);
  }

  /** Whether another window wrote the job's file since this window last wrote or read it. */
  private async changedElsewhere(id: string): Promise<boolean> {
    const stamp = await this.stamp(id);
    return stamp !== undefined && this.stamps.get(id) !== `${stamp.mtime}:${stamp.size}`;
  }

  /** This window dropped the job and its entry and file are still being removed. */
  isRemoving(id: string): boolean {
    return this.removed.has(id) || this.removing.has(id);
  }

  /** This window has changes of the job still to write, or is writing them now. */
  isDirty(id: string): boolean {
    return this.dirty.has(id) || this.writing.has(id);
  }

  /** The job is being moved here: from before jobs belonged to a team ('unowned'), or from another team. */
  adoptedFrom(id: string): 'unowned' | 'team' | undefined {
    const from = this.adopting.get(id);
    return from ? (from.team ? 'team' : 'unowned') : undefined;
  }

  /** The job changed: its file (and entry, if new) is written soon; sooner when it is not running. */
  markDirty(id: string, running: boolean): void {
    this.removed.delete(id);
    this.dirty.add(id);
    this.soon(running ? (this.options.runningPersistDelayMs ?? 5_000) : (this.options.persistDelayMs ?? 1_000));
  }

  /** The job is no longer tracked: its entry goes and its file becomes a tombstone. */
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

  /** Writes everything waiting now; resolves when this and any earlier flush are done. */
  flush(): Promise<void> {
    this.timer?.dispose();
    this.timer = undefined;
    this.timerAt = Infinity;
    const run = this.chain.then(() => this.write());
    this.chain = run.catch(() => undefined);
    return run;
  }

  /**
   * Removes what nothing refers to any more, once it is older than `graceMs`: tombstones (and any entry
   * still listing them), damaged files no entry lists, and files of the layout before teams that no
   * entry lists. A file is removed only when its stamp is the same right before: another window may be
   * writing at the same moment. Files that are jobs are never removed: the files decide what is tracked
   * (a missing entry is written again, see repairEntry), and an entry without a file is a job to ask the
   * service about. Returns how many things went.
   */
  async sweep(graceMs = ORPHAN_GRACE_MS): Promise<number> {
    const { storage, files, clock, team } = this.options;
    const folder = teamJobFolder(team);
    const now = clock.now();
    let removed = 0;
    for (const name of await files.list(folder).catch(() => [] as string[])) {
      const parsed = parseJobFileName(`${folder}/${name}`);
      if (!parsed) continue;
      const id = parsed.id;
      if (this.disposed || this.dirty.has(id) || this.isRemoving(id)) continue;
      const before = await files.stat(`${folder}/${name}`).catch(() => undefined);
      if (!before || now - before.mtime < graceMs) continue;
      const read = await this.readFile(id, `${folder}/${name}`, true);
      const old = read.state === 'removed' || (read.state === 'damaged' && storage.get<unknown>(jobKey(team, id)) === undefined);
      if (!old) continue;
      const again = await files.stat(`${folder}/${name}`).catch(() => undefined);
      if (again?.mtime !== before.mtime || again.size !== before.size) continue;
      await files.remove(`${folder}/${name}`).catch(() => undefined);
      const entry = storage.get<unknown>(jobKey(team, id));
      if (read.state === 'removed' && entry !== undefined && (trackedAtOf(entry) as number) <= read.tombstone.removedAt) await this.updateEntries([this.removal(jobKey(team, id), entry, id)]);
      removed++;
    }
    // The layout before teams: a file no entry lists was left by a job dropped since.
    for (const name of await files.list(JOB_FOLDER).catch(() => [] as string[])) {
      const parsed = parseJobFileName(`${JOB_FOLDER}/${name}`);
      if (!parsed || this.disposed || this.adopting.has(parsed.id) || storage.get<unknown>(unownedJobKey(parsed.id)) !== undefined) continue;
      const before = await files.stat(`${JOB_FOLDER}/${name}`).catch(() => undefined);
      if (!before || now - before.mtime < graceMs || storage.get<unknown>(unownedJobKey(parsed.id)) !== undefined) continue;
      await files.remove(`${JOB_FOLDER}/${name}`).catch(() => undefined);
      removed++;
    }
    if (removed) this.options.log.info(`Removed ${removed} saved job record${removed === 1 ? '' : 's'} nothing refers to any more`);
    return removed;
  }

  dispose(): void {
    this.disposed = true;
    this.timer?.dispose();
    this.timer = undefined;
    this.settled.dispose();
  }

  /** One update at a time, each looked at again once other windows' writes have settled (a lost one is made again). */
  private async updateEntries(updates: readonly EntryUpdate[]): Promise<void> {
    for (const u of updates) await this.settled.write(u.key, u.value, u.wanted);
  }

  /** A removed entry is removed again only while it is the one removed here (a new tracking elsewhere has another date). */
  private removal(key: string, removed: unknown, id?: string): EntryUpdate {
    const trackedAt = trackedAtOf(removed);
    return { key, value: undefined, wanted: (current) => (id === undefined || !this.entries.has(id)) && trackedAtOf(current) === trackedAt };
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
    const { storage, files, clock, windowId, team } = this.options;
    const removed = [...this.removed];
    const dirty = [...this.dirty];
    this.removed.clear();
    this.dirty.clear();
    const writes: Array<PromiseLike<void>> = [];
    const entryUpdates: EntryUpdate[] = [];
    for (const id of removed) {
      this.entries.delete(id);
      this.removing.add(id);
      entryUpdates.push(this.removal(jobKey(team, id), storage.get<unknown>(jobKey(team, id)), id));
      // A tombstone, not a deletion: a window that has not heard of the removal yet cannot bring it back.
      writes.push(files.write(jobFileName(team, id), JSON.stringify(tombstone(id, clock.now(), windowId))).then(() => this.noteStamp(id)));
      const from = this.adopting.get(id);
      if (from) {
        this.adopting.delete(id);
        entryUpdates.push(this.removal(from.key, storage.get<unknown>(from.key)));
        writes.push(this.bury(from, id));
      }
    }
    // Another window wrote the file since this one did: when it is a tombstone of this tracking, the job
    // was dropped there, and writing would bring it back.
    const elsewhere: string[] = [];
    for (const id of dirty) {
      const record = this.recordOf(id);
      if (!record || !(await this.changedElsewhere(id))) continue;
      const read = await this.readFile(id, jobFileName(team, id), true);
      if (read.state === 'removed' && read.tombstone.removedAt >= record.trackedAt) elsewhere.push(id);
    }
    for (const id of elsewhere) this.entries.delete(id);
    const adopted: string[] = [];
    for (const id of dirty) {
      const record = this.recordOf(id);
      if (!record || elsewhere.includes(id)) continue;
      const entry = JSON.stringify(indexEntry(record));
      if (this.entries.get(id) !== entry) {
        this.entries.set(id, entry);
        entryUpdates.push({
          key: jobKey(team, id),
          value: JSON.parse(entry),
          // Lost to another window's write: written again, unless this window has dropped it since.
          wanted: () => this.entries.get(id) === entry,
        });
      }
      const writtenAt = clock.now();
      const fitted = fitJobFile(toJobFile(record, writtenAt, windowId), this.options.maxJobBytes ?? DEFAULT_MAX_JOB_BYTES);
      if (fitted.trimmedNow && !this.trimmedLogged.has(id)) {
        this.trimmedLogged.add(id);
        this.options.log.info(`Job ${id} is too large to keep whole on disk: its saved copy leaves out ${describeTrimmed(fitted.trimmedNow)}`);
      }
      if (fitted.over) this.options.log.warn(`Job ${id}: its saved copy is still ${Math.round(fitted.bytes / 1024)} KB with nothing more to leave out`);
      this.writing.set(id, (this.writing.get(id) ?? 0) + 1);
      writes.push(
        files
          .write(jobFileName(team, id), fitted.text)
          .then(
            () => {
              // Only a file on disk counts as written: a job "written" without one reads as dropped elsewhere.
              record.writtenAt = Math.max(record.writtenAt, writtenAt);
              return this.noteStamp(id);
            },
            (error: unknown) => {
              // Kept to write again later, rather than lost until its next change.
              this.dirty.add(id);
              this.soon(FAILED_WRITE_RETRY_MS);
              throw error;
            },
          )
          .finally(() => {
            const left = (this.writing.get(id) ?? 1) - 1;
            if (left > 0) this.writing.set(id, left);
            else this.writing.delete(id);
          }),
      );
      if (this.adopting.has(id)) adopted.push(id);
    }
    if (this.legacyToDrop) {
      this.legacyToDrop = false;
      entryUpdates.push({ key: LEGACY_INDEX_KEY, value: undefined });
    }
    if (elsewhere.length) this.removedElsewhere(elsewhere);
    // globalState one update at a time: the host echoes each change back, and with several under way an
    // echo of an older state can land last and bring a removed entry back.
    writes.push(this.updateEntries(entryUpdates));
    const results = await Promise.allSettled(writes);
    for (const id of removed) this.removing.delete(id);
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    for (const result of failed) {
      this.options.log.warn(`Could not save a research job: ${result.reason instanceof Error ? result.reason.message : String(result.reason)}`);
    }
    // Moved: only once the team's copy is written does the copy it came from go.
    if (adopted.length && !failed.length) {
      const sources = adopted.map((id) => [id, this.adopting.get(id)] as const).filter((pair): pair is readonly [string, { key: string; file: string; team?: string }] => pair[1] !== undefined);
      for (const id of adopted) this.adopting.delete(id);
      await this.updateEntries(sources.map(([, from]) => this.removal(from.key, storage.get<unknown>(from.key))));
      await Promise.allSettled(sources.map(([id, from]) => this.bury(from, id)));
    }
  }

  /**
   * Where a moved job was: another team's file becomes a tombstone (a window of that team may still be
   * writing it); a file of the layout before teams is deleted (versions before teams read a missing
   * file as dropped).
   */
  private bury(from: { file: string; team?: string }, id: string): Promise<void> {
    const { files, clock, windowId } = this.options;
    return from.team ? files.write(from.file, JSON.stringify(tombstone(id, clock.now(), windowId))) : files.remove(from.file);
  }
}
