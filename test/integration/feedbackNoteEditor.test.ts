// The wizard's long-text editor (an untitled document) inside a real extension host: what the
// person wrote comes back to the wizard however the editor ends.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { editInUntitledDocument } from '../../src/features/feedback/ui/untitledEditor';
import { until } from './helpers';

describe('feedback note editor', function () {
  this.timeout(30_000);

  const editing = { title: 'Note', useLabel: 'Use Note', instructions: 'Write the note, then choose "Use Note".', language: 'markdown', initial: 'first words' };

  async function openedEditor(): Promise<vscode.TextEditor> {
    return until('the note editor', () => {
      const editor = vscode.window.activeTextEditor;
      return editor && editor.document.isUntitled && editor.document.getText() === editing.initial ? editor : undefined;
    });
  }

  async function write(editor: vscode.TextEditor, text: string): Promise<void> {
    const whole = new vscode.Range(editor.document.positionAt(0), editor.document.positionAt(editor.document.getText().length));
    assert.ok(await editor.edit((b) => b.replace(whole, text)));
  }

  it('closing the editor without saving keeps what was written (the close reverts the untitled document to empty first)', async () => {
    const result = editInUntitledDocument(editing);
    const editor = await openedEditor();
    await write(editor, 'written, never saved');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    assert.equal(await result, 'written, never saved');
  });

  it('a change of the editor language does not end the editing: what is written after it is kept', async () => {
    let ended = false;
    const result = editInUntitledDocument(editing).finally(() => (ended = true));
    const editor = await openedEditor();
    await write(editor, 'before the language change');
    await vscode.languages.setTextDocumentLanguage(editor.document, 'plaintext');
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(ended, false, 'the editing ended when the language changed');
    const again = await until('the note editor', () => (vscode.window.activeTextEditor?.document === editor.document ? vscode.window.activeTextEditor : undefined));
    await write(again, 'after the language change');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    assert.equal(await result, 'after the language change');
  });
});
