// What the user has at hand to start a command with: the editor selection and the clipboard. Both are
// bounded, and neither may hold up the prompt it fills.
import * as vscode from 'vscode';
import { systemClock } from '../shared/clock';
import type { Disposable } from '../shared/events';
import { JOB_ID_SCAN_LIMIT } from '../shared/jobIds';

/** A clipboard that answers slower than this (a permission prompt, a remote host) is skipped. */
const CLIPBOARD_WAIT_MS = 300;

/** The text of every non-empty selection in the editor, one per line, or undefined when none. */
export function selectedText(editor = vscode.window.activeTextEditor): string | undefined {
  if (!editor) return undefined;
  const parts: string[] = [];
  let length = 0;
  for (const selection of editor.selections) {
    if (selection.isEmpty || length > JOB_ID_SCAN_LIMIT) continue;
    // Cut before reading: a selection dragged over a large file would otherwise be copied whole on every move.
    const { document } = editor;
    const end = Math.min(document.offsetAt(selection.end), document.offsetAt(selection.start) + JOB_ID_SCAN_LIMIT);
    const text = document.getText(new vscode.Range(selection.start, document.positionAt(end)));
    parts.push(text);
    length += text.length;
  }
  return parts.length ? parts.join('\n') : undefined;
}

/**
 * The clipboard's text, or undefined. In a browser workbench (code-server, Codespaces in a browser,
 * vscode.dev) a read without a paste gesture asks for the page's clipboard permission or fails, and
 * the workbench then shows "Unable to read from the browser's clipboard" as an error, so it is not
 * read there at all: the box it would fill takes a paste (Ctrl+V) as usual.
 */
export async function readClipboard(): Promise<string | undefined> {
  if (vscode.env.uiKind === vscode.UIKind.Web) return undefined;
  let timer: Disposable | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = systemClock.schedule(CLIPBOARD_WAIT_MS, () => resolve(undefined));
  });
  try {
    const text = await Promise.race([Promise.resolve(vscode.env.clipboard.readText()), timeout]);
    return text?.slice(0, JOB_ID_SCAN_LIMIT);
  } catch {
    return undefined;
  } finally {
    timer?.dispose();
  }
}
