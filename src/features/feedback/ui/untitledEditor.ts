// Long text (a note, metadata JSON) is written in a real editor: an untitled document opens with the
// current text, and its text is taken when the person chooses "Use …" (closing the document or
// dismissing the notification keeps what was written too; only "Discard" drops it). The document
// is then closed without a save prompt.
import * as vscode from 'vscode';
import type { TextEditing } from '../wizard/prompts';

export async function editInUntitledDocument(editing: TextEditing): Promise<string | undefined> {
  const document = await vscode.workspace.openTextDocument({ language: editing.language, content: editing.initial });
  await vscode.window.showTextDocument(document, { preview: false });
  const use = editing.useLabel;
  const discard = vscode.l10n.t({ message: 'Discard', args: [], comment: ['drops the text written in the editor'] });
  let lastText = document.getText();
  const subscriptions: vscode.Disposable[] = [];
  const closed = new Promise<'closed'>((resolve) => {
    subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        // Closing without saving first reverts an untitled document to empty, and that is not the
        // person's text: an empty editor never replaces what was written (the page can still clear it).
        if (e.document === document && document.getText() !== '') lastText = document.getText();
      }),
      vscode.workspace.onDidCloseTextDocument((d) => {
        // A change of language mode is announced as a close and a reopen of the same, still open, document.
        if (d === document && document.isClosed) resolve('closed');
      }),
    );
  });
  try {
    const choice = await Promise.race([vscode.window.showInformationMessage(editing.instructions, use, discard), closed]);
    if (choice === 'closed') return lastText;
    // Only an explicit Discard drops the text; dismissing the notification keeps what was written.
    const text = choice === discard ? undefined : document.getText();
    if (!document.isClosed) {
      await vscode.window.showTextDocument(document, { preview: false });
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    return text;
  } finally {
    for (const s of subscriptions) s.dispose();
  }
}
