// Parse File to Markdown on a file whose size changes between the check and the read (a file still
// being written, or a file system that reports no size), read through a real file system provider
// registered in this host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import type { RunOutcome } from '../../src/features/run';
import { MAX_PARSE_BYTES } from '../../src/api';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, useSandbox } from './helpers';
import { type NoticeRecorder, recordNotices } from './notices';

/** A file system whose files say they are small and are larger once read. */
class GrowingFiles implements vscode.FileSystemProvider {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  reads = 0;
  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }
  stat(): vscode.FileStat {
    return { type: vscode.FileType.File, ctime: 0, mtime: 0, size: 1024 };
  }
  readDirectory(): [string, vscode.FileType][] {
    return [];
  }
  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions();
  }
  readFile(): Uint8Array {
    this.reads++;
    return new Uint8Array(MAX_PARSE_BYTES + 1);
  }
  writeFile(): void {
    throw vscode.FileSystemError.NoPermissions();
  }
  delete(): void {
    throw vscode.FileSystemError.NoPermissions();
  }
  rename(): void {
    throw vscode.FileSystemError.NoPermissions();
  }
}

describe('Parse File to Markdown: a file larger when read than when checked', function () {
  this.timeout(60_000);
  let api: TestApi;
  let sandbox: Sandbox;
  /** Error notifications closed at once: what this suite asserts is the outcome the command returns. */
  let errors: NoticeRecorder;

  before(async () => {
    api = await activateExtension();
    sandbox = await startSandbox();
    await useSandbox(api, sandbox);
    errors = recordNotices(['error']);
    errors.answer = () => undefined;
  });

  after(async () => {
    errors.restore();
    await sandbox?.close();
  });

  it('is refused for its size once read, before anything is sent', async () => {
    const files = new GrowingFiles();
    const registration = vscode.workspace.registerFileSystemProvider('firecrawl-growing', files, { isReadonly: true });
    try {
      const outcome = (await vscode.commands.executeCommand<RunOutcome>('firecrawl.parseFile', vscode.Uri.from({ scheme: 'firecrawl-growing', path: '/reports/annual.pdf' })))!;
      assert.equal(files.reads, 1);
      assert.deepEqual(outcome.opened, []);
      assert.match(outcome.failure?.message ?? '', /^Not sent: .*50 MB/);
      assert.deepEqual(outcome.failure?.actions, ['chooseFile']);
    } finally {
      registration.dispose();
    }
  });
});
