// How many job ids the editor selection holds, as the context key `firecrawl.selectionJobIds`, so the
// editor context menu offers "Track Job ID" only on a selection with an id and "Send Firecrawl
// Feedback for This Job" only on one with exactly one, and "Scrape URL" on one web address. Set
// only when a value moves.
import * as vscode from 'vscode';
import { CONTEXT } from '../ids';
import { contextKey } from './contextKey';
import { findJobIds } from '../shared/jobIds';
import { isWebUrl } from '../shared/urls';
import { selectedText } from './editorInput';

/** More than this is "several": the menus only ask for 0, 1 or more. */
const COUNT_CAP = 2;

export function trackSelectionJobIds(): vscode.Disposable {
  // An unset context key reads as 0 and false in every `when` clause that uses these.
  const setCount = contextKey(CONTEXT.selectionJobIds, 0);
  const setUrl = contextKey(CONTEXT.selectionIsUrl, false);
  const update = (editor: vscode.TextEditor | undefined) => {
    const text = selectedText(editor);
    const count = text ? Math.min(findJobIds(text).length, COUNT_CAP) : 0;
    // "Scrape URL" in the context menu only on a selection that is one web address.
    const trimmed = text?.trim() ?? '';
    const url = trimmed.length > 0 && trimmed.length <= 2048 && !/\s/.test(trimmed) && isWebUrl(trimmed);
    setUrl(url);
    setCount(count);
  };
  update(vscode.window.activeTextEditor);
  return vscode.Disposable.from(
    vscode.window.onDidChangeTextEditorSelection((e) => update(e.textEditor)),
    vscode.window.onDidChangeActiveTextEditor(update),
  );
}
