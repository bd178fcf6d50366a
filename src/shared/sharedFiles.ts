// Files every window of this editor sees: the extension's global storage folder. Windows share job
// snapshots, the lease of the window that polls for the team, and each window's attention through
// them. Names are relative paths with `/`; a write replaces the whole file at once (never half of it).
import type { Event } from './events';

export interface FileStamp {
  /** Milliseconds since 1970, as the file system keeps it. */
  mtime: number;
  size: number;
}

export interface SharedFiles {
  read(name: string): Promise<string | undefined>;
  /** Atomic: another window reads the old text or the new, never a mix. */
  write(name: string, text: string): Promise<void>;
  remove(name: string): Promise<void>;
  /** Names of the files directly in `folder`. */
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

/** Reads a JSON file; a missing or damaged one is undefined (the caller decides what that means). */
export async function readJson(files: SharedFiles, name: string): Promise<unknown> {
  const text = await files.read(name).catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
