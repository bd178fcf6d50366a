// A file that could not be written where the person chose to save it. The file system's message is
// its own ("Error: EACCES: permission denied, open '/the/whole/path'"), so the known codes
// (vscode.FileSystemError's, or Node's where a host passes those on) are said in words. Pure: no `vscode`.
import * as l10n from '@vscode/l10n';
import { plainText, sentence } from '../../shared/text';

/** Why saving `fileName` failed, as one sentence; `error` as the write threw it. */
export function fileWriteText(fileName: string, error: unknown): string {
  const name = plainText(fileName, 100);
  const code = (error as { code?: unknown } | undefined)?.code;
  switch (code) {
    case 'NoPermissions':
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return l10n.t('{0} could not be saved: permission to write there was refused.', name);
    case 'FileNotFound':
    case 'ENOENT':
      return l10n.t('{0} could not be saved: its folder is not there or takes no new files.', name);
    case 'FileIsADirectory':
    case 'EISDIR':
      return l10n.t('{0} could not be saved: a folder of that name is already there.', name);
    // Making the folders on the way finds a file where a folder should be.
    case 'FileExists':
    case 'FileNotADirectory':
    case 'ENOTDIR':
    case 'EEXIST':
      return l10n.t('{0} could not be saved: part of the path is a file, not a folder.', name);
    case 'ENOSPC':
      return l10n.t('{0} could not be saved: the disk is full.', name);
    default:
      return l10n.t('{0} could not be saved: {1}', name, sentence(plainText(error instanceof Error ? error.message : String(error), 300)));
  }
}
