// Results open as untitled Markdown documents: text in an editor (the model breaks a page's command
// addresses, which the editor would run on Ctrl+Click), which VS Code's own preview can render with
// its protections (no scripts). A result that can be rated is
// remembered with its document; one that arrives while the person looks elsewhere says so in a
// notification with a Rate button.
import * as vscode from 'vscode';
import { COMMANDS } from '../../../ids';
import { plainText } from '../../../shared/text';
import type { RatableResult } from '../model/ratableResults';
import type { RunServices } from './services';

export async function openResult(services: RunServices, content: string, ratable: RatableResult | undefined, name: string): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument({ language: 'markdown', content });
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
