// Results open as untitled Markdown documents named after what was asked (the tab reads
// `docs.example.org-pricing.md`): text in an editor (the model breaks a page's command addresses, which
// the editor would run on Ctrl+Click), which VS Code's own preview can render with its protections (no
// scripts). An untitled document with a name is bound to a path, which Save writes without asking: the
// path is in the workspace folder, never the name alone (that is the root of the disk), and never a file
// that exists (VS Code refuses to open it). Without a folder the document has no name and Save asks.
// A result that can be rated is remembered with its document; one that arrives while the person looks
// elsewhere says so in a notification with a Rate button.
import * as vscode from 'vscode';
import { COMMANDS } from '../../../ids';
import { plainText } from '../../../shared/text';
import type { RatableResult } from '../model/ratableResults';
import type { RunServices } from './services';

/** Results that arrive together open one after the other: each looks for its unused name once the one before holds its own. */
let opening: Promise<unknown> = Promise.resolve();

/** `announce`: false where the caller's own notification says the result is there (a run that found nothing). */
export function openResult(services: RunServices, content: string, ratable: RatableResult | undefined, name: string, fileName: string, announce = true): Promise<vscode.TextDocument> {
  const opened = opening.then(() => openNow(services, content, ratable, name, fileName, announce));
  opening = opened.catch(() => undefined);
  return opened;
}

async function openNow(services: RunServices, content: string, ratable: RatableResult | undefined, name: string, fileName: string, announce: boolean): Promise<vscode.TextDocument> {
  const uri = await unusedUntitled(fileName);
  const document = uri ? await vscode.workspace.openTextDocument(uri) : await vscode.workspace.openTextDocument({ language: 'markdown', content });
  if (uri) {
    const edit = new vscode.WorkspaceEdit();
    edit.insert(uri, new vscode.Position(0, 0), content);
    await vscode.workspace.applyEdit(edit);
  }
  if (ratable) services.results.add(document.uri.toString(), ratable);
  const lookingElsewhere = announce && !services.focused();
  await vscode.window.showTextDocument(document, { preview: false });
  if (lookingElsewhere) {
    const rate = vscode.l10n.t('Rate This Result');
    const buttons = ratable ? [rate] : [];
    void vscode.window.showInformationMessage(vscode.l10n.t('Firecrawl result ready: {0}', plainText(name, 120)), ...buttons).then((choice) => {
      // By job, not by document: a Save since may have put the result under another name.
      if (choice === rate && ratable) void vscode.commands.executeCommand(COMMANDS.rateResult, { endpoint: ratable.endpoint, jobId: ratable.jobId });
    });
  }
  return document;
}

/**
 * A run that found nothing, said as such rather than as an empty pick: it was paid for, so what was
 * asked can be changed and sent again (`again`), and the job rated (a bad rating may refund it) from
 * here as from its document's CodeLens.
 */
export function sayNothingFound(message: string, again: { label: string; run: () => unknown }, ratable: RatableResult | undefined): void {
  const rate = vscode.l10n.t('Rate This Result');
  const buttons = ratable ? [again.label, rate] : [again.label];
  void vscode.window.showInformationMessage(message, ...buttons).then((choice) => {
    if (choice === again.label) void again.run();
    else if (choice === rate && ratable) void vscode.commands.executeCommand(COMMANDS.rateResult, { endpoint: ratable.endpoint, jobId: ratable.jobId });
  });
}

/** An untitled document bound to that name in the workspace folder, neither open (in any case) nor on disk: a second result for the same ask gets `-2`. */
async function unusedUntitled(fileName: string): Promise<vscode.Uri | undefined> {
  const active = vscode.window.activeTextEditor?.document.uri;
  const folder = (active && vscode.workspace.getWorkspaceFolder(active)) ?? vscode.workspace.workspaceFolders?.[0];
  if (!folder) return undefined;
  // Compared in lower case: on a disk that ignores case (macOS, Windows) two names that differ only in
  // case are one file, and the second result's Save would write over the first.
  const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.path.toLowerCase()));
  const stem = fileName.replace(/\.md$/, '');
  for (let n = 1; ; n++) {
    const file = vscode.Uri.joinPath(folder.uri, n === 1 ? fileName : `${stem}-${n}.md`);
    const onDisk = await vscode.workspace.fs.stat(file).then(
      () => true,
      () => false,
    );
    // With the folder's authority: without a remote, Save swaps only the scheme, and a virtual
    // workspace's folder (github.dev's vscode-vfs://github/…) is nowhere without its authority.
    if (!open.has(file.path.toLowerCase()) && !onDisk) return vscode.Uri.from({ scheme: 'untitled', authority: file.authority, path: file.path });
  }
}
