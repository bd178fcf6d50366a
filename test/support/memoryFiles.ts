// An in-memory SharedFiles that several simulated windows share: each window gets its own view, and
// every write, by any window, is announced to every view, as the file watcher does in VS Code.
import { Emitter } from '../../src/shared/events';
import type { SharedFiles } from '../../src/shared/sharedFiles';

export class MemoryDisk {
  readonly files = new Map<string, string>();
  private readonly views = new Set<Emitter<string>>();
  writes = 0;
  /** When set, the next read of this name fails as a damaged disk would. */
  failRead = new Set<string>();

  view(): SharedFiles & { dispose(): void } {
    const changed = new Emitter<string>();
    this.views.add(changed);
    const announce = (name: string) => {
      for (const v of this.views) v.fire(name);
    };
    return {
      read: async (name) => {
        if (this.failRead.has(name)) throw new Error(`EIO: ${name}`);
        return this.files.get(name);
      },
      write: async (name, text) => {
        this.writes++;
        this.files.set(name, text);
        queueMicrotask(() => announce(name));
      },
      remove: async (name) => {
        if (this.files.delete(name)) queueMicrotask(() => announce(name));
      },
      list: async (folder) => {
        const prefix = folder.endsWith('/') ? folder : `${folder}/`;
        return [...this.files.keys()].filter((n) => n.startsWith(prefix) && !n.slice(prefix.length).includes('/')).map((n) => n.slice(prefix.length));
      },
      onDidChange: changed.event,
      dispose: () => {
        this.views.delete(changed);
        changed.dispose();
      },
    };
  }

  bytes(prefix = ''): number {
    let n = 0;
    for (const [name, text] of this.files) if (name.startsWith(prefix)) n += text.length;
    return n;
  }
}

/** globalState as every window sees it: one map; `keys()` as VS Code's Memento has it. */
export class SharedMemento {
  readonly map = new Map<string, unknown>();
  writes = 0;

  get<T>(key: string): T | undefined {
    return structuredClone(this.map.get(key)) as T | undefined;
  }

  keys(): readonly string[] {
    return [...this.map.keys()];
  }

  update(key: string, value: unknown): Promise<void> {
    this.writes++;
    if (value === undefined) this.map.delete(key);
    else this.map.set(key, structuredClone(value));
    return Promise.resolve();
  }

  bytes(): number {
    return JSON.stringify(Object.fromEntries(this.map)).length;
  }
}
