// An in-memory SharedFiles that several simulated windows share: each window gets its own view, and
// every write, by any window, is announced to every view, as the file watcher does in VS Code (at once,
// or `watchDelay` later on the test's clock). A view opened with `{ watcher: false }` hears nothing, as
// in a host whose file watcher failed.
import { Emitter } from '../../src/shared/events';
import type { FileStamp, SharedFiles } from '../../src/shared/sharedFiles';

export class MemoryDisk {
  readonly files = new Map<string, string>();
  /** When each file was last written, on `now` (pass the test's fake clock). */
  readonly mtimes = new Map<string, number>();
  private readonly views = new Set<Emitter<string>>();
  writes = 0;
  /** When set, the next read of this name fails as a damaged disk would. */
  failRead = new Set<string>();
  /** Writes of these names fail (a full or read-only disk). */
  failWrite = new Set<string>();
  /**
   * A replace as VS Code makes it (FileService.move with overwrite): the old file is deleted, and the
   * new one is there only `ms()` later on the test's clock; meanwhile readers find nothing under its
   * name, and a listing shows the temporary file it is renamed from.
   */
  replaceGap: { ms: () => number; schedule(ms: number, fn: () => void): unknown } | undefined;
  /**
   * The file watcher as VS Code's reports a change: `ms()` later on the test's clock (150–900 ms in the
   * real host), not at once. Unset: every view hears a change on the next microtask.
   */
  watchDelay: { ms: () => number; schedule(ms: number, fn: () => void): unknown } | undefined;
  /** A write of a name this returns a promise for lands only once the promise settles (a slow disk). */
  writeGate: ((name: string) => Promise<void> | undefined) | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** Puts a file there as another window (or an older version) would have, dated `at`. */
  put(name: string, text: string, at = this.now()): void {
    this.files.set(name, text);
    this.mtimes.set(name, at);
  }

  view(options: { watcher?: boolean } = {}): SharedFiles & { dispose(): void } {
    const changed = new Emitter<string>();
    if (options.watcher !== false) this.views.add(changed);
    const announce = (name: string) => {
      const tell = () => {
        for (const v of this.views) v.fire(name);
      };
      if (this.watchDelay) this.watchDelay.schedule(this.watchDelay.ms(), tell);
      else tell();
    };
    const under = (folder: string) => {
      const prefix = folder === '' || folder.endsWith('/') ? folder : `${folder}/`;
      return [...this.files.keys()].filter((n) => n.startsWith(prefix)).map((n) => n.slice(prefix.length));
    };
    return {
      read: async (name) => {
        if (this.failRead.has(name)) throw new Error(`EIO: ${name}`);
        return this.files.get(name);
      },
      write: async (name, text) => {
        if (this.failWrite.has(name)) throw new Error(`ENOSPC: ${name}`);
        this.writes++;
        await this.writeGate?.(name);
        const gap = this.replaceGap;
        if (gap && this.files.has(name)) {
          this.files.delete(name);
          this.mtimes.delete(name);
          // The new text waits under its temporary name, which a listing shows, until the rename.
          const temp = `${name}.${this.writes.toString(36)}.tmp`;
          this.files.set(temp, text);
          await new Promise<void>((resolve) => gap.schedule(gap.ms(), resolve));
          this.files.delete(temp);
        }
        this.put(name, text);
        queueMicrotask(() => announce(name));
      },
      remove: async (name) => {
        this.mtimes.delete(name);
        if (this.files.delete(name)) queueMicrotask(() => announce(name));
      },
      list: async (folder) => under(folder).filter((n) => !n.includes('/')),
      folders: async (folder) => [
        ...new Set(
          under(folder)
            .filter((n) => n.includes('/'))
            .map((n) => n.slice(0, n.indexOf('/'))),
        ),
      ],
      stat: async (name): Promise<FileStamp | undefined> => {
        const text = this.files.get(name);
        return text === undefined ? undefined : { mtime: this.mtimes.get(name) ?? 0, size: Buffer.byteLength(text, 'utf8') };
      },
      onDidChange: changed.event,
      dispose: () => {
        this.views.delete(changed);
        changed.dispose();
      },
    };
  }

  /** What a job file says now: a job, a tombstone (the job was dropped), or nothing there. */
  jobState(name: string): 'job' | 'tombstone' | 'none' | 'damaged' {
    const text = this.files.get(name);
    if (text === undefined) return 'none';
    try {
      const value = JSON.parse(text) as { trackedAt?: unknown; removedAt?: unknown };
      return typeof value.trackedAt === 'number' ? 'job' : typeof value.removedAt === 'number' ? 'tombstone' : 'damaged';
    } catch {
      return 'damaged';
    }
  }

  bytes(prefix = ''): number {
    let n = 0;
    for (const [name, text] of this.files) if (name.startsWith(prefix)) n += text.length;
    return n;
  }
}

/** What globalState keeps of a value: its JSON (a Map, a Date, `undefined` fields or NaN do not survive). */
function asStored<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** globalState as every window sees it: one map; `keys()` as VS Code's Memento has it. */
export class SharedMemento {
  readonly map = new Map<string, unknown>();
  writes = 0;

  get<T>(key: string): T | undefined {
    return asStored(this.map.get(key)) as T | undefined;
  }

  keys(): readonly string[] {
    return [...this.map.keys()];
  }

  update(key: string, value: unknown): Promise<void> {
    this.writes++;
    if (value === undefined) this.map.delete(key);
    else this.map.set(key, asStored(value));
    return Promise.resolve();
  }

  bytes(): number {
    return JSON.stringify(Object.fromEntries(this.map)).length;
  }
}

/**
 * globalState as VS Code shares it between the windows of one editor, as measured in the real host
 * (test/ui/propagation.test.ts): one value per extension. A window's update goes into its own view at
 * once and is sent whole a moment later; the storage keeps what was sent last; each other window takes
 * the sent value whole after `delayMs`, replacing its view. Two windows writing within `delayMs` of
 * each other therefore each end up with the other's value, and one write is lost.
 */
export class EditorState {
  /** What the storage holds (a window opened now reads this). */
  private stored: Record<string, unknown> = {};
  private readonly windows = new Set<{ take(value: Record<string, unknown>): void }>();
  writes = 0;

  constructor(
    private readonly clock: { schedule(ms: number, fn: () => void): { dispose(): void } },
    readonly delayMs = 120,
  ) {}

  get storedKeys(): string[] {
    return Object.keys(this.stored);
  }

  window(): { get<T>(key: string): T | undefined; keys(): readonly string[]; update(key: string, value: unknown): Promise<void> } {
    let view: Record<string, unknown> = asStored(this.stored);
    let sending: Promise<void> | undefined;
    const self = { take: (value: Record<string, unknown>) => (view = asStored(value)) };
    this.windows.add(self);
    const send = () => {
      const sent = asStored(view);
      this.stored = sent;
      this.writes++;
      for (const other of this.windows) if (other !== self) this.clock.schedule(this.delayMs, () => other.take(sent));
    };
    return {
      get: <T>(key: string) => asStored(view[key]) as T | undefined,
      keys: () => Object.keys(view),
      update: (key, value) => {
        if (value === undefined) delete view[key];
        else view[key] = asStored(value);
        // Updates in one turn go together, as the host's 0 ms scheduler sends them.
        sending ??= new Promise<void>((resolve) => {
          queueMicrotask(() => {
            sending = undefined;
            send();
            resolve();
          });
        });
        return sending;
      },
    };
  }
}
