// SharedFiles on the extension's global storage folder, which every window of this editor shares:
// writes go to a temporary file renamed over the target (a reader never sees half a file), and a
// file watcher tells this window what other windows wrote. A rename over an existing file is
// reported as a creation, so every kind of event counts as a change.
import * as vscode from 'vscode';
import { Emitter } from '../shared/events';
import type { FileStamp, SharedFiles } from '../shared/sharedFiles';

export class GlobalFiles implements SharedFiles, vscode.Disposable {
  private readonly changed = new Emitter<string>();
  private watcher: vscode.FileSystemWatcher | undefined;
  private disposed = false;
  private readonly created = new Set<string>();
  private readonly writing = new Map<string, Promise<void>>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly base: vscode.Uri) {
    // Watched once the folder is there: a watcher started on a folder that does not exist yet may
    // report nothing (measured; see test/ui/propagation.test.ts). The first files of a folder created
    // later can still be missed: the research list and the lease look again on their own beat.
    void Promise.resolve(vscode.workspace.fs.createDirectory(base)).then(
      () => this.watch(),
      () => this.watch(),
    );
  }

  private watch(): void {
    if (this.disposed) return;
    try {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(this.base, '**/*.json'));
      const fire = (uri: vscode.Uri) => {
        const name = this.nameOf(uri);
        if (name) this.changed.fire(name);
      };
      watcher.onDidCreate(fire);
      watcher.onDidChange(fire);
      watcher.onDidDelete(fire);
      this.watcher = watcher;
    } catch {
      // No watcher (some hosts): windows then meet other windows' changes when they next look (the
      // research list every few seconds, on the lease's beat; see ResearchStore.reconcile).
      this.watcher = undefined;
    }
  }

  async read(name: string): Promise<string | undefined> {
    try {
      return new TextDecoder().decode(await vscode.workspace.fs.readFile(this.uri(name)));
    } catch (error) {
      if (error instanceof vscode.FileSystemError && error.code === 'FileNotFound') return undefined;
      throw error;
    }
  }

  write(name: string, text: string): Promise<void> {
    return this.queue(name, () => this.replace(name, text));
  }

  /** One change per file at a time in this window: two renames (or a rename and a delete) of one target race in the host. */
  private queue(name: string, change: () => Promise<void>): Promise<void> {
    const previous = this.writing.get(name) ?? Promise.resolve();
    const next = previous.then(change);
    const settled = next.catch(() => undefined);
    this.writing.set(name, settled);
    void settled.then(() => {
      if (this.writing.get(name) === settled) this.writing.delete(name);
    });
    return next;
  }

  private async replace(name: string, text: string): Promise<void> {
    await this.ensureFolder(name);
    const target = this.uri(name);
    const temp = this.uri(`${name}.${Math.random().toString(36).slice(2)}.tmp`);
    await vscode.workspace.fs.writeFile(temp, new TextEncoder().encode(text));
    // Another window replacing or removing the same file between the host's overwrite check and its
    // rename fails the rename; the next attempt sees the file as it is now.
    for (let attempt = 1; ; attempt++) {
      try {
        await vscode.workspace.fs.rename(temp, target, { overwrite: true });
        return;
      } catch (error) {
        // Nobody else knows the temporary name: when it is gone, the rename happened after all.
        if (!(await this.exists(temp))) return;
        if (attempt < 3) continue;
        await vscode.workspace.fs.delete(temp).then(undefined, () => undefined);
        throw error;
      }
    }
  }

  remove(name: string): Promise<void> {
    return this.queue(name, () => Promise.resolve(vscode.workspace.fs.delete(this.uri(name)).then(undefined, () => undefined)));
  }

  private exists(uri: vscode.Uri): Promise<boolean> {
    return Promise.resolve(
      vscode.workspace.fs.stat(uri).then(
        () => true,
        () => false,
      ),
    );
  }

  async list(folder: string): Promise<string[]> {
    return (await this.entries(folder)).filter(([, type]) => type === vscode.FileType.File).map(([entry]) => entry);
  }

  async folders(folder: string): Promise<string[]> {
    return (await this.entries(folder)).filter(([, type]) => type === vscode.FileType.Directory).map(([entry]) => entry);
  }

  async stat(name: string): Promise<FileStamp | undefined> {
    try {
      const { mtime, size } = await vscode.workspace.fs.stat(this.uri(name));
      return { mtime, size };
    } catch {
      return undefined;
    }
  }

  private async entries(folder: string): Promise<Array<[string, vscode.FileType]>> {
    // Looked for first: listing a folder that is not there makes the host log a warning, and a team's
    // folder is listed every few seconds before its first job is written.
    if (!(await this.exists(this.uri(folder)))) return [];
    try {
      return await vscode.workspace.fs.readDirectory(this.uri(folder));
    } catch {
      return [];
    }
  }

  dispose(): void {
    this.disposed = true;
    this.watcher?.dispose();
    this.changed.dispose();
  }

  private uri(name: string): vscode.Uri {
    return vscode.Uri.joinPath(this.base, ...name.split('/'));
  }

  private nameOf(uri: vscode.Uri): string | undefined {
    const base = this.base.path.endsWith('/') ? this.base.path : `${this.base.path}/`;
    return uri.path.startsWith(base) ? uri.path.slice(base.length) : undefined;
  }

  private async ensureFolder(name: string): Promise<void> {
    const folder = name.split('/').slice(0, -1).join('/');
    if (this.created.has(folder)) return;
    await vscode.workspace.fs.createDirectory(this.uri(folder));
    this.created.add(folder);
  }
}
