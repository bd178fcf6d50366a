// Where a save dialog opens: the first workspace folder, else the home folder where the host has one
// (a browser host has neither a home folder nor `os`, and then the dialog picks its own place).
import * as vscode from 'vscode';
import { platform } from './platform';

function homeFolder(): vscode.Uri | undefined {
  const home = platform().homeFolder();
  return home ? vscode.Uri.file(home) : undefined;
}

/** A default target for a file named `name`, or undefined to let the dialog decide. */
export function defaultSaveUri(name: string): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? homeFolder();
  return folder ? vscode.Uri.joinPath(folder, name) : undefined;
}

/** The last segment of a URI's path, for messages. */
export function fileNameOf(uri: vscode.Uri): string {
  return uri.path.split('/').pop() ?? uri.path;
}
