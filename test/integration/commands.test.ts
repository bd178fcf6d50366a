// The extension activates in a real extension host and registers every command it contributes.
// The list is read from package.json at run time, so it stays true as commands are added.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

const root = path.resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const extensionId = `${manifest.publisher}.${manifest.name}`;

describe('extension', () => {
  it('is present and activates', async () => {
    const extension = vscode.extensions.getExtension(extensionId);
    assert.ok(extension, `${extensionId} is not loaded`);
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  it('registers every command contributed in package.json', async () => {
    const contributed: string[] = (manifest.contributes?.commands ?? []).map((c: { command: string }) => c.command);
    assert.ok(contributed.length > 0, 'package.json contributes no commands');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  });

  it('runs Firecrawl: Show Logs without error', async () => {
    await vscode.commands.executeCommand('firecrawl.showLogs');
  });
});
