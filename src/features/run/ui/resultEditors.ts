// Results open as untitled Markdown documents named after what was asked (the tab reads
// `docs.example.org-pricing.md`, and Save offers that name): text in an editor (the model breaks a
// page's command addresses, which the editor would run on Ctrl+Click), which VS Code's own preview can
// render with its protections (no scripts). A result that can be rated is
// remembered with its document; one that arrives while the person looks elsewhere says so in a
// notification with a Rate button.
import * as vscode from 'vscode';
import { COMMANDS } from '../../../ids';
import { plainText } from '../../../shared/text';
import type { RatableResult } from '../model/ratableResults';
import type { RunServices } from './services';

export async function openResult(services: RunServices, content: string, ratable: RatableResult | undefined, name: string, fileName: string): Promise<vscode.TextDocument> {
  const uri = unusedUntitled(fileName);
  const document = await vscode.workspace.openTextDocument(uri);
  const edit = new vscode.WorkspaceEdit();
  edit.insert(uri, new vscode.Position(0, 0), content);
  await vscode.workspace.applyEdit(edit);
  if (ratable) services.results.add(document.uri.toString(), ratable);
  const lookingElsewhere = !services.focused();
  await vscode.window.showTextDocument(document, { preview: false });
  if (lookingElsewhere) {
    const rate = vscode.l10n.t('Rate This Result');
    const buttons = ratable ? [rate] : [];
    void vscode.window.showInformationMessage(vscode.l10n.t('Firecrawl result ready: {0}', plainText(name, 120)), ...buttons).then((choice) => {
      if (choice === rate) void vscode.commands.executeCommand(COMMANDS.rateResult, document.uri);
    });
  }
  return document;
}

/** An untitled document of that name that is not open yet: a second result for the same ask gets `-2`. */
function unusedUntitled(fileName: string): vscode.Uri {
  const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
  const stem = fileName.replace(/\.md$/, '');
  for (let n = 1; ; n++) {
    const uri = vscode.Uri.from({ scheme: 'untitled', path: n === 1 ? fileName : `${stem}-${n}.md` });
    if (!open.has(uri.toString())) return uri;
  }
}
