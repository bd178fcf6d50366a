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
 * The clipboard's text, or undefined. In a browser the read may wait on the page's clipboard
 * permission; the prompt it fills opens anyway and the id can be pasted by hand.
 */
export async function readClipboard(): Promise<string | undefined> {
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
