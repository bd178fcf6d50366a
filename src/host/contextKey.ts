// A context key for `when` clauses. Sent only when its value moves: an unset key reads as its
// `unset` value, so a window that starts in that state sends nothing (a start-up's first
// setContext costs most), and the polls that change nothing send nothing either.
import * as vscode from 'vscode';

export function contextKey<T>(name: string, unset: T): (value: T) => void {
  let current = unset;
  return (value) => {
    if (value === current) return;
    current = value;
    void vscode.commands.executeCommand('setContext', name, value);
  };
}
