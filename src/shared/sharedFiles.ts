// Files every window of this editor sees: the extension's global storage folder. Windows share job
// snapshots, the lease of the window that polls for the team, and each window's attention through
// them. Names are relative paths with `/`; a write replaces the whole file (VS Code's replace removes
// the old file a moment before the new one is there, so a reader may briefly find it missing).
import { isAhead } from './clock';
import { Emitter, type Event } from './events';

export interface FileStamp {
  /** Milliseconds since 1970, as the file system keeps it. */
  mtime: number;
  size: number;
}

export interface SharedFiles {
  read(name: string): Promise<string | undefined>;
  /** Never half a file: another window reads the old text, the new, or (for a moment) nothing. */
  write(name: string, text: string): Promise<void>;
  remove(name: string): Promise<void>;
  /** Names of the files directly in `folder`, a crashed write's temporary `.tmp` files too. */
  list(folder: string): Promise<string[]>;
  /** Names of the folders directly in `folder`. */
  folders(folder: string): Promise<string[]>;
  /**
   * When the file was last written and its size, or undefined when it is not there: cheap enough to
   * ask every few seconds, so a window without a file watcher still notices another window's writes.
   */
  stat(name: string): Promise<FileStamp | undefined>;
  /** A file was created, changed or deleted, by this window or another; fires the file's name. */
  readonly onDidChange: Event<string>;
}

/** The most a small shared file (a lease, a window's attention, a team's snapshot) may hold: anything larger is not ours. */
export const SMALL_FILE_BYTES = 64 * 1024;

export const stampText = (stamp: FileStamp): string => `${stamp.mtime}:${stamp.size}`;

export type CappedRead = { state: 'ok'; text: string; stamp: FileStamp } | { state: 'missing' } | { state: 'tooLarge'; stamp: FileStamp };

/**
 * Reads a file no larger than `maxBytes`, looking at its size first: a huge file (damaged, or put there
 * by something else) costs one stat, not its whole text in every window every few seconds.
 */
export async function readCapped(files: SharedFiles, name: string, maxBytes: number): Promise<CappedRead> {
  const stamp = await files.stat(name).catch(() => undefined);
  if (!stamp) return { state: 'missing' };
  if (stamp.size > maxBytes) return { state: 'tooLarge', stamp };
  const text = await files.read(name);
  if (text === undefined) return { state: 'missing' };
  // Grown between the look and the read: still refused.
  if (text.length > maxBytes) return { state: 'tooLarge', stamp };
  return { state: 'ok', text, stamp };
}

/** Reads a small JSON file; a missing, oversized or damaged one is undefined (the caller decides what that means). */
export async function readJson(files: SharedFiles, name: string, maxBytes = SMALL_FILE_BYTES): Promise<unknown> {
  return (await readStampedJson(files, name, maxBytes))?.value;
}

/** readJson, with the stamp of the file read (a damaged file has a stamp and no value). */
export async function readStampedJson(files: SharedFiles, name: string, maxBytes: number): Promise<{ value: unknown; stamp: FileStamp } | undefined> {
  const read = await readCapped(files, name, maxBytes).catch(() => undefined);
  if (read?.state !== 'ok') return undefined;
  try {
    return { value: JSON.parse(read.text), stamp: read.stamp };
  } catch {
    return { value: undefined, stamp: read.stamp };
  }
}

/** How old a temporary file must be before it counts as a crashed write's: a replace takes milliseconds. */
export const TEMP_KEPT_MS = 60 * 60_000;

/** Removes the temporary files crashed writes left anywhere below `folder`; resolves with how many went. */
export async function sweepTemps(files: SharedFiles, now: number, folder = ''): Promise<number> {
  const path = (name: string) => (folder ? `${folder}/${name}` : name);
  let removed = 0;
  for (const name of await files.list(folder).catch(() => [] as string[])) {
    if (!name.endsWith('.tmp')) continue;
    const stamp = await files.stat(path(name)).catch(() => undefined);
    // A stamp ahead of the clock was written before the clock was set back: its age is unknown, and
    // waiting for the clock to catch up could keep it for as long as the clock was wrong.
    if (!stamp || (!isAhead(stamp.mtime, now) && now - stamp.mtime < TEMP_KEPT_MS)) continue;
    await files.remove(path(name)).catch(() => undefined);
    removed++;
  }
  for (const child of await files.folders(folder).catch(() => [] as string[])) removed += await sweepTemps(files, now, path(child));
  return removed;
}

/** One value the team's windows share through a file in the team's folder (see `teamFile`). */
export interface TeamFile<T> {
  /** Writes `value` for the other windows (and this one's next start); a failed write is only a missed share. */
  publish(value: T): void;
  /** What the file holds for this server, or undefined (none, damaged, another server's, another shape). */
  read(): Promise<T | undefined>;
  /** Another window (or this one) wrote a value this one can take. */
  readonly onDidPublish: Event<T>;
  dispose(): void;
}

/**
 * A value kept in `file` of the team's folder, tagged with the server it came from: only a value from
 * the same server is taken, and only when `check` accepts it (everything read from disk is untrusted).
 * Another window's write is heard from the file watcher and, since a watcher can miss files or be
 * missing, on every `looks` beat (the lease's) by the file's stamp: read only when it changed.
 */
export function teamFile<T>(
  files: SharedFiles,
  sharedName: (file: string) => string | undefined,
  apiUrl: () => string,
  file: string,
  check: (value: unknown) => T | undefined,
  looks?: Event<void>,
): TeamFile<T> {
  const published = new Emitter<T>();
  /** The stamp of the file as last read here, by name: a beat reads it again only once it changed. */
  let seen: { name: string; stamp: string } | undefined;
  const read = async (): Promise<T | undefined> => {
    const name = sharedName(file);
    if (!name) return undefined;
    const read = await readStampedJson(files, name, SMALL_FILE_BYTES);
    // The team changed during the read (a key change): what was read is the old team's.
    if (!read || sharedName(file) !== name) return undefined;
    seen = { name, stamp: stampText(read.stamp) };
    const stored = read.value as { apiUrl?: unknown; value?: unknown } | null | undefined;
    return stored?.apiUrl === apiUrl() ? check(stored.value) : undefined;
  };
  const announce = () => void read().then((value) => value !== undefined && published.fire(value));
  const subscriptions = [
    files.onDidChange((name) => {
      if (name === sharedName(file)) announce();
    }),
    looks?.(() => {
      const name = sharedName(file);
      if (!name) return;
      void files
        .stat(name)
        .then((stamp) => {
          if (stamp && (seen?.name !== name || seen.stamp !== stampText(stamp))) announce();
        })
        .catch(() => undefined);
    }),
  ];
  return {
    read,
    publish: (value) => {
      const name = sharedName(file);
      if (name) void files.write(name, JSON.stringify({ apiUrl: apiUrl(), value })).catch(() => undefined);
    },
    onDidPublish: published.event,
    dispose: () => {
      for (const subscription of subscriptions) subscription?.dispose();
      published.dispose();
    },
  };
}
