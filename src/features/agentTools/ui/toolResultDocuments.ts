// The whole of a page an AI agent fetched, one click away: read-only documents on their own scheme
// (the result a model gets names the URI) and "Open Page Fetched by an AI Agent…", a pick of the
// recent ones. The text is shown as Markdown source with its command addresses broken (the editor runs
// a command link on Ctrl+Click); VS Code's preview keeps scripts off.
import * as vscode from 'vscode';
import { registerCommand } from '../../../host/commands';
import { COMMANDS, TOOL_RESULT_SCHEME } from '../../../ids';
import { formatDateTime } from '../../../shared/format';
import { plainText } from '../../../shared/text';
import type { ToolDocuments } from '../model/toolDocuments';

export function toolDocumentUri(key: string): vscode.Uri {
  return vscode.Uri.from({ scheme: TOOL_RESULT_SCHEME, path: `/${key}.md` });
}

function keyOf(uri: vscode.Uri): string {
  return uri.path.replace(/^\//, '').replace(/\.md$/, '');
}

export function registerToolDocuments(documents: ToolDocuments): vscode.Disposable {
  const provider = vscode.workspace.registerTextDocumentContentProvider(TOOL_RESULT_SCHEME, {
    provideTextDocumentContent: (uri) => documents.get(keyOf(uri))?.text ?? vscode.l10n.t('This page is no longer kept: only the most recent pages AI agents fetched in this window are.'),
  });
  const command = registerCommand(COMMANDS.openAgentToolResult, async (given?: unknown) => {
    let uri = given instanceof vscode.Uri ? given : undefined;
    if (!uri) {
      const items = documents.list().map((d) => ({ label: plainText(d.title, 200), description: formatDateTime(d.at, vscode.env.language), key: d.key }));
      if (!items.length) {
        void vscode.window.showInformationMessage(vscode.l10n.t('No AI agent has fetched a page through Firecrawl in this window yet.'));
        return undefined;
      }
      const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Firecrawl: Open Page Fetched by an AI Agent') });
      if (!picked) return undefined;
      uri = toolDocumentUri(picked.key);
    }
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(document, 'markdown');
    await vscode.window.showTextDocument(document, { preview: false });
    return document;
  });
  return vscode.Disposable.from(provider, command);
}
