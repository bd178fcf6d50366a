// Window focus as a store-friendly source: stores poll only while someone is looking.
import * as vscode from 'vscode';
import { Emitter, type FocusSource } from '../shared/events';

export class WindowFocus implements FocusSource, vscode.Disposable {
  private readonly changed = new Emitter<boolean>();
  private readonly subscription = vscode.window.onDidChangeWindowState((state) => this.changed.fire(state.focused));
  readonly onDidChange = this.changed.event;

  get focused(): boolean {
    return vscode.window.state.focused;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
