// Following what other windows of the team write: a job's file changed (the file watcher says so), or
// the team's folder and list differ from this window's (looked at on the lease's beat, so a window
// follows even where no file watcher tells it anything). The files decide what is tracked: a job's
// file is there (a tombstone once it is dropped); its globalState entry is the list's index, which can
// lag behind or lose a write, so the leader writes a lost one again. One per team's list.
import type { JobPersistence } from './jobPersistence';
import { type JobRecord, recordOfEntry } from './jobRecord';
import { indexEntry, type JobFile } from './storage';

/** What the store does with what another window wrote. */
export interface SyncHost {
  readonly windowId: string;
  get(id: string): JobRecord | undefined;
  all(): Iterable<JobRecord>;
  isLeader(): boolean;
  /** A job listed elsewhere and not here: list it, with its file when it has one (else the leader asks the service). */
  listed(record: JobRecord, file: JobFile | undefined): void;
  /** A newer copy of a job's file, written by another window. */
  updated(record: JobRecord, file: JobFile): void;
  /** Jobs dropped elsewhere: a tombstone in their file, or no file any more. */
  dropped(records: JobRecord[]): void;
  now(): number;
  /** How many jobs other teams track changed. */
  hiddenChanged(count: number): void;
}

/** An entry missing this long after its job was tracked was lost (the tracking window writes it at once, and again when lost). */
const REPAIR_AFTER_MS = 10_000;

export class JobSync {
  /** Jobs being read from their files; those whose file changed again meanwhile are read once more. */
  private readonly syncing = new Map<string, boolean>();
  /** The stamp of each running job's file when this window last looked (a follower compares them). */
  private readonly stamps = new Map<string, string>();
  /** Ids whose file is a tombstone and that no entry lists: not read again on every look. */
  private readonly buried = new Set<string>();
  private looking: Promise<void> | undefined;
  private hidden: number;
  private disposed = false;

  constructor(
    private readonly persistence: JobPersistence,
    private readonly host: SyncHost,
  ) {
    this.hidden = persistence.hiddenCount();
  }

  get hiddenJobs(): number {
    return this.hidden;
  }

  /** Another window wrote or removed the job's file, or the list says it changed: follow. */
  sync(id: string): void {
    if (this.disposed) return;
    if (this.syncing.has(id)) {
      this.syncing.set(id, true);
      return;
    }
    this.syncing.set(id, false);
    void this.follow(id).finally(() => {
      if (this.disposed) return;
      const again = this.syncing.get(id);
      this.syncing.delete(id);
      if (again) this.sync(id);
    });
  }

  /**
   * The list as stored now against this window's: jobs added or dropped elsewhere, and in a following
   * window the files of running jobs another window rewrote. Cheap: the entries' keys, one folder
   * listing, one stat per running job. One look at a time.
   */
  reconcile(): Promise<void> {
    this.looking ??= this.look().finally(() => {
      this.looking = undefined;
    });
    return this.looking;
  }

  forget(id: string): void {
    this.stamps.delete(id);
  }

  /** The list was put away (another team's now): nothing more is followed for it. */
  dispose(): void {
    this.disposed = true;
    this.syncing.clear();
    this.stamps.clear();
    this.buried.clear();
  }

  private async follow(id: string): Promise<void> {
    const { persistence, host } = this;
    const read = await persistence.read(id);
    if (this.disposed || persistence.isRemoving(id)) return;
    const current = host.get(id);
    switch (read.state) {
      case 'removed':
        this.buried.add(id);
        // Dropped elsewhere, unless tracked again after that (here or in another window).
        if (current && read.tombstone.removedAt >= current.trackedAt && !persistence.isDirty(id)) host.dropped([current]);
        return;
      case 'missing': {
        const entry = persistence.entry(id);
        // Tracked elsewhere a moment ago (its file is on its way), or a file that could not be written: listed.
        if (!current && entry) host.listed(recordOfEntry(entry), undefined);
        // Written before and gone now (its tombstone swept): dropped. Never written: tracked here a moment ago.
        else if (current && current.writtenAt > 0 && !persistence.isDirty(id)) host.dropped([current]);
        return;
      }
      case 'damaged': {
        // Listed with a file that cannot be read: listed all the same, and the leader asks the service.
        const entry = persistence.entry(id);
        if (!current && entry) host.listed(recordOfEntry(entry), undefined);
        return;
      }
      case 'ok': {
        this.buried.delete(id);
        const { file } = read;
        if (!current) {
          // This window's own earlier write, of a job it has dropped since: not news.
          if (file.writtenBy === host.windowId) return;
          host.listed(recordOfEntry({ v: 2, id, ...(file.kind ? { kind: file.kind } : {}), trackedAt: file.trackedAt, seq: file.seq }), file);
          return;
        }
        // Tracked (its file says so) without an entry, well after tracking: another window's globalState
        // write replaced it. The leader writes it again.
        if (host.isLeader() && !persistence.entry(id) && host.now() - current.trackedAt > REPAIR_AFTER_MS) persistence.repairEntry(indexEntry(current));
        if (file.writtenBy === host.windowId || file.writtenAt <= current.writtenAt || current.pending) return;
        host.updated(current, file);
      }
    }
  }

  private async look(): Promise<void> {
    const { persistence, host } = this;
    const listed = persistence.listed();
    const onDisk = await persistence.onDisk();
    if (this.disposed) return;
    for (const id of new Set([...onDisk, ...listed.keys()])) {
      if (host.get(id) || persistence.isRemoving(id) || (this.buried.has(id) && !listed.has(id))) continue;
      this.sync(id);
    }
    for (const r of host.all()) {
      if (r.pending || persistence.isDirty(r.id) || persistence.isRemoving(r.id) || r.writtenAt === 0) continue;
      // Its file is gone, or its entry is: follow() reads the file and decides (dropped, or an entry to write again).
      if (!onDisk.has(r.id) || !listed.has(r.id)) this.sync(r.id);
    }
    const hidden = persistence.hiddenCount();
    if (hidden !== this.hidden) {
      this.hidden = hidden;
      host.hiddenChanged(hidden);
    }
    // The leader has the news first hand; a follower compares the stamps of running jobs' files.
    if (host.isLeader()) return;
    for (const r of [...host.all()]) {
      if (r.poll.kind !== 'polling' && r.poll.kind !== 'retrying') continue;
      const stamp = await persistence.stamp(r.id);
      if (this.disposed) return;
      const text = stamp ? `${stamp.mtime}:${stamp.size}` : '';
      const seen = this.stamps.get(r.id);
      this.stamps.set(r.id, text);
      // First look: a file clearly newer than the copy this window has (stamps are the same machine's clock).
      const changed = seen === undefined ? stamp !== undefined && stamp.mtime > r.writtenAt + 1_000 : seen !== text;
      if (changed) this.sync(r.id);
    }
  }
}
