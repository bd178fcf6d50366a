import * as vscode from 'vscode';

export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Firecrawl', { log: true });
  context.subscriptions.push(
    log,
    vscode.commands.registerCommand('firecrawl.showLogs', () => log.show()),
  );
}

export function deactivate(): void {}
