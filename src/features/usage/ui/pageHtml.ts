// Where the usage page's files are (the extension's own folders only) and its HTML for a webview.
import * as vscode from 'vscode';
import type { PageLanguage } from '../protocol';
import { pageShell } from './pageShell';

/** 128 bits from the platform CSPRNG: a predictable generator would make the nonce guessable. */
export function makeNonce(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function pageRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')];
}

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return { enableScripts: true, enableCommandUris: false, localResourceRoots: pageRoots(extensionUri) };
}

export function usagePageHtml(webview: vscode.Webview, extensionUri: vscode.Uri, title: string, language: PageLanguage): string {
  return pageShell({
    cspSource: webview.cspSource,
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', 'usage.js')).toString(),
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'usage.css')).toString(),
    nonce: makeNonce(),
    title,
    language,
  });
}
