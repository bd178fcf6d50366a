import * as vscode from 'vscode';

const SELECTION_SCAN_LIMIT = 10_000;

/** The active editor's selected text, if any (bounded: a huge selection is not a job id). */
export function selectedText(editor = vscode.window.activeTextEditor): string | undefined {
  if (!editor || editor.selection.isEmpty) return undefined;
  return editor.document.getText(editor.selection).slice(0, SELECTION_SCAN_LIMIT);
}
