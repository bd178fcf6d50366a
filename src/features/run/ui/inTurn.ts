// Several pages or files run in turn (checked in a pick, selected in the Explorer): each is paid on its
// own, so more than a few are asked about first; and the ones a Cancel left are said, one click from
// running them.
import * as vscode from 'vscode';

/** Runs without a question: a pick's check-all box or a folder selected whole may hold hundreds. */
const WITHOUT_ASKING = 10;

/** Whether to run `count` in turn: more than a few are asked about first, in a modal dialog. */
export async function confirmInTurn(count: number, question: string, detail: string, yes: string): Promise<boolean> {
  if (count <= WITHOUT_ASKING) return true;
  return (await vscode.window.showWarningMessage(question, { modal: true, detail }, yes)) === yes;
}

/** The ones a Cancel left: said, with `label` running them (they were chosen, and confirmed if many). */
export function offerTheRest(message: string, label: string, run: () => unknown): void {
  void vscode.window.showInformationMessage(message, label).then((choice) => (choice === label ? run() : undefined));
}
