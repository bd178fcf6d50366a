// Where one team's tracked jobs live: the team's folder is the list (storage.ts says what it holds).
// This module owns it: reading the list, writing jobs and removals, following what other windows
// write, and sweeping leftovers. Rules that make several windows safe without a second record:
// - Only a removal note removes a job. A missing file is not a removal: VS Code's replace deletes the
//   old file a moment before the new one is there, so another window can find a job missing.
// - A file is read only when its stamp differs from the one this window last read or wrote, so a
//   window never parses its own writes echoed back by the file watcher.
// - A file that cannot be used is remembered by its stamp and logged once; its job is listed all the
//   same and asked about again, and one bad file never stops another job from loading.
import { type Clock, isAhead } from '../../../shared/clock';
import type { Disposable } from '../../../shared/events';
import { type FileStamp, readCapped, type SharedFiles, stampText } from '../../../shared/sharedFiles';
import { DEFAULT_MAX_JOB_BYTES, describeTrimmed, fitJobFile, utf8Length } from './jobFit';
import {
  fromJobFile,
  type JobFile,
  jobFileName,
  JOB_FILE_VERSION,
  JOB_FOLDER,
  parseJobFileName,
  type PersistableJob,
  type PersistedRecord,
  readRemoval,
  removal,
  removalFileName,
  teamJobFolder,
  toJobFile,
} from './storage';

export interface FolderLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface JobFolderOptions {
  files: SharedFiles;
  clock: Clock;
  /** Written into every file, so a window can tell its own writes from other windows'. */
  windowId: string;
  team: string;
  log: FolderLog;
  /** How long a finished or changed job may wait to be written (default 1 s). */
  persistDelayMs?: number;
  /** How long a running job's new snapshot may wait (default 5 s): other windows follow it from the file. */
  runningPersistDelayMs?: number;
  /** A job's file is kept under this size (default 4 MB; see jobFit.ts). */
  maxJobBytes?: number;
}

/** A job as the folder lists it: its file, or (when the file cannot be used) its id and when it was there. */
export type ListedJob = { id: string; file: JobFile } | { id: string; file: undefined; seenAt: number };

/** What the store answers and does with what other windows wrote. */
export interface FolderHost {
  get(id: string): PersistedRecord | undefined;
  /** Jobs whose file other windows may have rewritten (a follower looks at these on every beat). */
  running(): Iterable<string>;
  isLeader(): boolean;
  /** A job tracked in another window, or a job whose file cannot be used (asked about again). */
  listed(job: ListedJob): void;
  /**
   * A newer copy of a listed job's file, written by another window. `mine` when this window has
   * changes of it still to write: those win, and only what no window may lose (a cancel) is taken.
   */
  updated(id: string, file: JobFile, mine: boolean): void;
  /** Jobs another window dropped. */
  dropped(ids: string[]): void;
  /** How many jobs other teams track changed. */
  hiddenChanged(): void;
}

/** A removal note is kept this long: a window asleep for less still learns of the removal. */
export const REMOVAL_KEPT_MS = 24 * 60 * 60_000;
/** A job file older than the removal note of its job is left this long (its writer may be finishing) before it goes. */
export const LEFTOVER_GRACE_MS = 120_000;
/** A job file that could not be written is tried again after this long. */
const FAILED_WRITE_RETRY_MS = 30_000;
/** A removal note is a few dozen bytes: anything much larger is not one. */
const REMOVAL_BYTES = 1_024;
/**
 * Other teams' jobs are counted again at most this often when no file event says they changed: the
 * count lists every other team's folder, too much for every beat of a window without a watcher.
 */
export const HIDDEN_RECOUNT_MS = 60_000;

export class JobFolder implements Disposable {
  private readonly dirty = new Set<string>();
  /** Jobs dropped here, by id, with when each was tracked: its note must be newer than that. */
  private readonly removed = new Map<string, number>();
  /** Removed in the flush under way. */
  private readonly removing = new Set<string>();
  /** Written in the flush under way. */
  private readonly writing = new Map<string, number>();
  /** The stamp of each job file as this window last read or wrote it. */
  private readonly stamps = new Map<string, string>();
  /**
   * Files this window cannot use, by the stamp they had: logged once, not read again until they change.
   * A later version of the extension wrote the `newer` ones (an updated window next to one not yet
   * reloaded): this window neither lists, rewrites nor sweeps those jobs.
   */
  private readonly unusable = new Map<string, { stamp: string; newer: boolean }>();
  /** Removal notes seen in the folder: when each job was dropped. */
  private readonly removals = new Map<string, number>();
  private readonly trimmedLogged = new Set<string>();
  private timer: Disposable | undefined;
  private timerAt = Infinity;
  private chain: Promise<void> = Promise.resolve();
  private looking: Promise<void> | undefined;
  private readonly checking = new Map<string, boolean>();
  private hidden = 0;
  /** When other teams' jobs were last counted; a file event of another team's makes the count due at once. */
  private hiddenCountedAt = Number.NEGATIVE_INFINITY;
  private disposed = false;

  constructor(
    private readonly options: JobFolderOptions,
    private readonly host: FolderHost,
  ) {}

  private get folder(): string {
    return teamJobFolder(this.options.team);
  }

  private get maxBytes(): number {
    // A copy is fitted under the cap when written; a little more is allowed for what fitting cannot cut.
    return Math.ceil((this.options.maxJobBytes ?? DEFAULT_MAX_JOB_BYTES) * 1.25);
  }

  /** Jobs other teams (other keys or servers) track: counted when listing, and again on a look when due (see HIDDEN_RECOUNT_MS). */
  get hiddenJobs(): number {
    return this.hidden;
  }

  /** The team's jobs as the folder holds them now, one file at a time; a file that cannot be used costs only its job. */
  async load(): Promise<ListedJob[]> {
    const { jobs, removals } = await this.names();
    for (const id of removals) await this.readRemovalNote(id);
    const out: ListedJob[] = [];
    for (const id of jobs) {
      if (this.disposed) break;
      const read = await this.readJob(id);
      if (read.state === 'ok' && !this.isLeftover(read.file)) out.push({ id, file: read.file });
      else if (read.state === 'damaged') out.push({ id, file: undefined, seenAt: read.stamp.mtime });
    }
    this.hidden = await this.countHidden();
    this.hiddenCountedAt = this.options.clock.now();
    return out;
  }

  /**
   * What other windows changed: removal notes, jobs this window does not list yet, and (in a window
   * that does not poll) files of running jobs rewritten since. One folder listing, a stat per new or
   * running job, a read only of what changed. One look at a time.
   */
  look(): Promise<void> {
    this.looking ??= this.lookOnce().finally(() => {
      this.looking = undefined;
    });
    return this.looking;
  }

  /** The file watcher named a file of this team: follow that job alone. */
  fileChanged(name: string): void {
    const parsed = parseJobFileName(name);
    if (!parsed || this.disposed) return;
    if (parsed.team !== this.options.team) {
      this.hiddenCountedAt = Number.NEGATIVE_INFINITY;
      return;
    }
    const { id } = parsed;
    // One check per job at a time; a change meanwhile is checked once more.
    if (this.checking.has(id)) {
      this.checking.set(id, true);
      return;
    }
    this.checking.set(id, false);
    const run = async () => {
      if (parsed.removal) await this.readRemovalNote(id);
      else await this.follow(id);
      this.applyRemovals([id]);
    };
    void run()
      .catch(() => undefined)
      .finally(() => {
        const again = this.checking.get(id);
        this.checking.delete(id);
        if (again) this.fileChanged(name);
      });
  }

  /** This window dropped the job and its removal is still being written. */
  isRemoving(id: string): boolean {
    return this.removed.has(id) || this.removing.has(id);
  }

  /** This window has changes of the job still to write, or is writing them now. */
  isDirty(id: string): boolean {
    return this.dirty.has(id) || this.writing.has(id);
  }

  /** The job changed: its file is written soon; sooner when it is not running. */
  markDirty(id: string, running: boolean): void {
    this.removed.delete(id);
    this.dirty.add(id);
    this.soon(running ? (this.options.runningPersistDelayMs ?? 5_000) : (this.options.persistDelayMs ?? 1_000));
  }

  /** The job is no longer tracked: a removal note is written, then its file goes. */
  markRemoved(id: string, trackedAt: number): void {
    this.dirty.delete(id);
    this.removed.set(id, trackedAt);
    this.soon(this.options.persistDelayMs ?? 1_000);
  }

  /** Another window dropped the job: nothing of it is written from here. */
  forget(id: string): void {
    this.dirty.delete(id);
    this.removed.delete(id);
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

  /** Other teams with jobs saved, and how many each has. */
  async otherTeams(): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const team of await this.options.files.folders(JOB_FOLDER).catch(() => [] as string[])) {
      if (team === this.options.team) continue;
      const count = (await this.names(team)).jobs.length;
      if (count) out.set(team, count);
    }
    return out;
  }

  /**
   * Another team's jobs, newest first, for this team to follow: at most `room` of them, and how many
   * stay. Ones this team tracks already (`tracked`) are the same jobs: named apart, taking no room.
   */
  async takeOver(from: string, room: number, tracked: (id: string) => boolean): Promise<{ files: JobFile[]; already: string[]; left: number }> {
    if (from === this.options.team) return { files: [], already: [], left: 0 };
    const { jobs } = await this.names(from);
    const already = jobs.filter(tracked);
    const files: JobFile[] = [];
    for (const id of jobs) {
      if (tracked(id)) continue;
      const read = await readCapped(this.options.files, jobFileName(from, id), this.maxBytes).catch(() => undefined);
      const file = read?.state === 'ok' ? parse(read.text, id) : undefined;
      if (file) files.push(file);
    }
    files.sort((a, b) => b.trackedAt - a.trackedAt || a.seq - b.seq);
    const taken = files.slice(0, Math.max(0, room));
    if (taken.length) this.options.log.info(`Following ${taken.length} job(s) of another key or server with this one`);
    return { files: taken, already, left: files.length - taken.length };
  }

  /** A job that is another team's from the start: written to that team's list, and counted among other teams' jobs. */
  async leaveWith(team: string, record: PersistableJob): Promise<void> {
    if (team === this.options.team) return;
    const { files, clock, windowId } = this.options;
    await files.write(jobFileName(team, record.id), fitJobFile(toJobFile(record, clock.now(), windowId), this.options.maxJobBytes ?? DEFAULT_MAX_JOB_BYTES).text);
    await this.recountHidden();
  }

  /** Jobs moved here from another team: once written here, the other team's windows are told they went. */
  async release(from: string, ids: readonly string[]): Promise<void> {
    await this.flush();
    const { files, clock, windowId } = this.options;
    for (const id of ids) {
      await files.write(removalFileName(from, id), JSON.stringify(removal(id, clock.now(), windowId))).catch(() => undefined);
      await files.remove(jobFileName(from, id)).catch(() => undefined);
    }
  }

  /**
   * Removes leftovers once they are old enough: removal notes after REMOVAL_KEPT_MS, and job files
   * older than their job's removal note (a late write of a window that had not heard yet). A file is
   * removed only when its stamp is the same right before: another window may be writing it. Returns how
   * many files went.
   */
  async sweep(): Promise<number> {
    const { files, clock, team } = this.options;
    const now = clock.now();
    let removedCount = 0;
    const { jobs, removals } = await this.names();
    // Copies of dropped jobs still there after this sweep: their notes stay, since without its note such
    // a copy would be listed again by every window.
    const kept = new Set<string>();
    for (const id of jobs) {
      const removedAt = this.removals.get(id);
      if (removedAt === undefined || this.disposed) continue;
      kept.add(id);
      if (this.isDirty(id)) continue;
      const name = jobFileName(team, id);
      const before = await files.stat(name).catch(() => undefined);
      if (!before || now - before.mtime < LEFTOVER_GRACE_MS) continue;
      const read = await readCapped(files, name, this.maxBytes).catch(() => undefined);
      const { file, newer } = read?.state === 'ok' ? parseFile(read.text, id) : {};
      if (newer) continue;
      if (file && file.trackedAt > removedAt) {
        kept.delete(id);
        continue;
      }
      const again = await files.stat(name).catch(() => undefined);
      if (!again || stampText(again) !== stampText(before)) continue;
      await files.remove(name).catch(() => undefined);
      kept.delete(id);
      removedCount++;
    }
    for (const id of removals) {
      if (kept.has(id)) continue;
      const name = removalFileName(team, id);
      const stamp = await files.stat(name).catch(() => undefined);
      if (!stamp || now - stamp.mtime < REMOVAL_KEPT_MS || this.disposed) continue;
      await files.remove(name).catch(() => undefined);
      this.removals.delete(id);
      removedCount++;
    }
    if (removedCount) this.options.log.info(`Removed ${removedCount} saved job record${removedCount === 1 ? '' : 's'} nothing refers to any more`);
    return removedCount;
  }

  dispose(): void {
    this.disposed = true;
    this.timer?.dispose();
    this.timer = undefined;
  }

  // ---------------------------------------------------------------------------------------------

  /** Job ids and removal notes in a team's folder. */
  private async names(team = this.options.team): Promise<{ jobs: string[]; removals: string[] }> {
    const folder = teamJobFolder(team);
    const jobs: string[] = [];
    const removals: string[] = [];
    for (const name of await this.options.files.list(folder).catch(() => [] as string[])) {
      const parsed = parseJobFileName(`${folder}/${name}`);
      if (parsed) (parsed.removal ? removals : jobs).push(parsed.id);
    }
    // A job with a removal note counts as dropped (a job tracked again after it loses its note).
    const gone = new Set(removals);
    return { jobs: team === this.options.team ? jobs : jobs.filter((id) => !gone.has(id)), removals };
  }

  private async countHidden(): Promise<number> {
    let n = 0;
    for (const count of (await this.otherTeams()).values()) n += count;
    return n;
  }

  private async lookOnce(): Promise<void> {
    const { jobs, removals } = await this.names();
    if (this.disposed) return;
    const present = new Set(removals);
    for (const id of [...this.removals.keys()]) if (!present.has(id)) this.removals.delete(id);
    for (const id of removals) if (!this.removals.has(id)) await this.readRemovalNote(id);
    this.applyRemovals();
    const followed = new Set<string>();
    for (const id of jobs) if (!this.host.get(id)) followed.add(id);
    // Every window looks at the files of running jobs (a stamp, read only when it changed): the leader
    // has the service's news first hand, but a cancel asked in another window is news only there.
    for (const id of this.host.running()) followed.add(id);
    for (const id of followed) {
      if (this.disposed) return;
      await this.follow(id);
    }
    if (this.options.clock.now() - this.hiddenCountedAt < HIDDEN_RECOUNT_MS) return;
    await this.recountHidden();
  }

  /** Counts other teams' jobs again now (the team just left has finished writing its list, say). */
  async recountHidden(): Promise<void> {
    this.hiddenCountedAt = this.options.clock.now();
    const hidden = await this.countHidden();
    if (this.disposed || hidden === this.hidden) return;
    this.hidden = hidden;
    this.host.hiddenChanged();
  }

  /** Reads a job's file when it changed since this window last read or wrote it, and says what it holds. */
  async follow(id: string): Promise<void> {
    // Its own write under way: what the watcher reports is that write.
    if (this.isRemoving(id) || this.writing.has(id)) return;
    const stamp = await this.options.files.stat(jobFileName(this.options.team, id)).catch(() => undefined);
    // Missing is not removed: a replace under way, or a removal whose note says so.
    if (!stamp || this.stamps.get(id) === stampText(stamp) || this.unusable.get(id)?.stamp === stampText(stamp)) return;
    const read = await this.readJob(id);
    if (this.disposed || this.isRemoving(id) || this.writing.has(id)) return;
    const current = this.host.get(id);
    if (read.state === 'damaged') {
      if (!current) this.host.listed({ id, file: undefined, seenAt: read.stamp.mtime });
      return;
    }
    if (read.state !== 'ok' || this.isLeftover(read.file)) return;
    const { file } = read;
    if (!current) {
      // This window's own earlier write, of a job it has dropped since: not news.
      if (file.writtenBy !== this.options.windowId) this.host.listed({ id, file });
      return;
    }
    // A copy written here before the clock stepped back is stamped ahead of every write since: any other window's is newer.
    const newer = file.writtenAt > current.writtenAt || isAhead(current.writtenAt, this.options.clock.now());
    if (file.writtenBy !== this.options.windowId && newer) this.host.updated(id, file, this.isDirty(id));
  }

  private async readJob(id: string): Promise<{ state: 'ok'; file: JobFile } | { state: 'damaged'; stamp: FileStamp } | { state: 'missing' } | { state: 'newer' }> {
    const name = jobFileName(this.options.team, id);
    let read;
    try {
      read = await readCapped(this.options.files, name, this.maxBytes);
    } catch (error) {
      this.options.log.warn(`Could not read the saved copy of job ${id}: ${error instanceof Error ? error.message : String(error)}`);
      return { state: 'missing' };
    }
    if (read.state === 'missing') return read;
    const { file, newer } = read.state === 'ok' ? parseFile(read.text, id) : {};
    if (file && read.state === 'ok') {
      this.stamps.set(id, stampText(read.stamp));
      this.unusable.delete(id);
      return { state: 'ok', file };
    }
    const stamp = read.stamp;
    if (newer) {
      if (!this.unusable.get(id)?.newer) this.options.log.info(`Left the saved copy of job ${id} alone: a later version of the extension wrote it`);
      this.unusable.set(id, { stamp: stampText(stamp), newer: true });
      return { state: 'newer' };
    }
    if (this.unusable.get(id)?.stamp !== stampText(stamp)) {
      this.unusable.set(id, { stamp: stampText(stamp), newer: false });
      if (read.state === 'tooLarge') this.options.log.warn(`Skipped the saved copy of job ${id} (${Math.round(stamp.size / 1024)} KB, more than a job's copy holds); the job is asked about again`);
      else this.options.log.warn(`Skipped the saved copy of job ${id} (not a job file this version can read); the job is asked about again`);
    }
    return { state: 'damaged', stamp };
  }

  private async readRemovalNote(id: string): Promise<void> {
    const read = await readCapped(this.options.files, removalFileName(this.options.team, id), REMOVAL_BYTES).catch(() => undefined);
    let value: unknown;
    try {
      value = read?.state === 'ok' ? JSON.parse(read.text) : undefined;
    } catch {
      value = undefined;
    }
    const note = readRemoval(value, id);
    if (note) this.removals.set(id, note.removedAt);
    else if (read?.state === 'missing') this.removals.delete(id);
  }

  /** A copy tracked before its job's removal note: a late write of a window that had not heard yet. */
  private isLeftover(file: JobFile): boolean {
    const removedAt = this.removals.get(file.id);
    return removedAt !== undefined && file.trackedAt <= removedAt;
  }

  /** Listed jobs whose removal note is newer than their tracking are dropped here too. */
  private applyRemovals(only?: readonly string[]): void {
    const gone: string[] = [];
    for (const id of only ?? this.removals.keys()) {
      const removedAt = this.removals.get(id);
      const current = this.host.get(id);
      if (removedAt === undefined || !current || current.trackedAt > removedAt || this.isDirty(id) || this.isRemoving(id)) continue;
      gone.push(id);
    }
    if (gone.length) this.host.dropped(gone);
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
    const { files, clock, windowId, team } = this.options;
    const removed = [...this.removed];
    const dirty = [...this.dirty];
    this.removed.clear();
    this.dirty.clear();
    const writes: Array<Promise<void>> = [];
    for (const [id, trackedAt] of removed) {
      this.removing.add(id);
      // Newer than the tracking it ends, even when the clock was set back since: an older note would not count.
      const at = Math.max(clock.now(), trackedAt + 1);
      this.removals.set(id, at);
      this.stamps.delete(id);
      // The note first: a window that finds the job's file gone without it keeps the job.
      writes.push(
        files
          .write(removalFileName(team, id), JSON.stringify(removal(id, at, windowId)))
          .then(
            () => files.remove(jobFileName(team, id)),
            (error: unknown) => {
              // Without its note the job's file lists it again in every window: the removal is tried
              // again, unless the job was tracked again meanwhile.
              if (!this.disposed && !this.host.get(id) && !this.dirty.has(id)) {
                this.removed.set(id, trackedAt);
                this.soon(FAILED_WRITE_RETRY_MS);
              }
              throw error;
            },
          )
          .finally(() => this.removing.delete(id)),
      );
    }
    for (const id of dirty) {
      const record = this.host.get(id);
      if (!record || this.unusable.get(id)?.newer) continue;
      const writtenAt = clock.now();
      const fitted = fitJobFile(toJobFile(record, writtenAt, windowId), this.options.maxJobBytes ?? DEFAULT_MAX_JOB_BYTES);
      if (fitted.trimmedNow && !this.trimmedLogged.has(id)) {
        this.trimmedLogged.add(id);
        this.options.log.info(`Job ${id} is too large to keep whole on disk: its saved copy leaves out ${describeTrimmed(fitted.trimmedNow)}`);
      }
      if (fitted.over) this.options.log.warn(`Job ${id}: its saved copy is still ${Math.round(fitted.bytes / 1024)} KB with nothing more to leave out`);
      this.writing.set(id, (this.writing.get(id) ?? 0) + 1);
      const trackedAgain = this.removals.has(id);
      writes.push(
        files
          .write(jobFileName(team, id), fitted.text)
          .then(
            async () => {
              record.writtenAt = Math.max(record.writtenAt, writtenAt);
              const stamp = await files.stat(jobFileName(team, id)).catch(() => undefined);
              // Another window's copy may have landed between the write and this look: taken for this
              // window's own, it would never be read (a follower would not learn of the end it holds).
              if (stamp && stamp.size === utf8Length(fitted.text)) this.stamps.set(id, stampText(stamp));
              else this.stamps.delete(id);
              this.unusable.delete(id);
              // Tracked again after a removal: the old note goes (the new tracking is newer anyway).
              if (trackedAgain && (this.removals.get(id) ?? Infinity) < record.trackedAt) {
                this.removals.delete(id);
                await files.remove(removalFileName(team, id));
              }
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
    }
    const results = await Promise.allSettled(writes);
    for (const result of results) {
      if (result.status === 'rejected') this.options.log.warn(`Could not save a research job: ${result.reason instanceof Error ? result.reason.message : String(result.reason)}`);
    }
  }
}

function parse(text: string, id: string): JobFile | undefined {
  return parseFile(text, id).file;
}

/** A job file, or whether a later version of the extension wrote it (this version cannot read it, and leaves it alone). */
function parseFile(text: string, id: string): { file?: JobFile; newer?: boolean } {
  try {
    const value: unknown = JSON.parse(text);
    const file = fromJobFile(value, id);
    if (file) return { file };
    const v = (value as { v?: unknown } | null)?.v;
    return { newer: typeof v === 'number' && v > JOB_FILE_VERSION };
  } catch {
    return {};
  }
}
