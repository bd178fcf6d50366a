// The platform of a browser extension host (a web worker): global fetch (CORS applies), no
// environment, no home folder. A worker cannot require a file, so an on-demand bundle
// (dist/web/<name>.js) is read and evaluated the way the host itself loads extension code: as the
// body of a CommonJS function whose only module is `vscode`.
import * as vscode from 'vscode';
import type { OnDemandBundle, Platform } from '../host/platform';

async function readOwnFile(uri: vscode.Uri): Promise<string> {
  // Gallery extensions on vscode.dev live on an https CDN, which the worker may fetch from;
  // elsewhere (code-server, Codespaces) the workbench's file system serves the extension's folder.
  if (uri.scheme === 'https' || uri.scheme === 'http') {
    const response = await fetch(uri.toString(true));
    if (!response.ok) throw new Error(`${uri.toString(true)}: HTTP ${response.status}`);
    return response.text();
  }
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

async function loadBundle(name: OnDemandBundle, extensionUri: vscode.Uri): Promise<unknown> {
  const uri = vscode.Uri.joinPath(extensionUri, 'dist', 'web', `${name}.js`);
  const source = await readOwnFile(uri);
  const module: { exports: unknown } = { exports: {} };
  const require = (id: string): unknown => {
    if (id === 'vscode') return vscode;
    throw new Error(`${name}.js asked for '${id}': on-demand bundles may only import vscode`);
  };
  new Function('module', 'exports', 'require', `${source}\n//# sourceURL=${uri.toString(true)}`)(module, module.exports, require);
  return module.exports;
}

export const webPlatform: Platform = {
  name: 'web',
  fetch: undefined,
  env: {},
  homeFolder: () => undefined,
  machineName: () => undefined,
  loadBundle,
};
