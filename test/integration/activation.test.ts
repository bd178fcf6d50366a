// Activation stays cheap: the bundles kept for first use (the wizard, research actions, the key
// input) are not loaded until someone uses them, and then they work from their own files; one that
// cannot be read makes its command say which file, and is read again on the next try.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { activateExtension, extensionId, until, usageTabs } from './helpers';
import { recordNotices } from './notices';

const ON_DEMAND = ['feedbackWizard', 'researchActions', 'keyInput', 'usagePanel'] as const;

describe('activation', () => {
  it('loads none of the on-demand bundles', async () => {
    const api = await activateExtension();
    assert.equal(api.feedbackLoaded(), false);
    for (const name of ON_DEMAND) assert.equal(api.bundleLoaded(name), false, name);
  });

  it("an on-demand bundle loads on first use and gets this window's platform", async () => {
    const api = await activateExtension();
    const controller = await api.loadFeedback();
    assert.equal(api.bundleLoaded('feedbackWizard'), true);
    // The wizard reads drafts through its own copy of the host modules: it works, so it was wired.
    assert.equal(typeof controller.drafts.load, 'function');
    // A research document renders through the research actions bundle.
    const text = await vscode.workspace.openTextDocument(vscode.Uri.parse('firecrawl-research:/0b9e2a4c-1111-4222-8333-444455556666/0b9e2a4c-analysis.md'));
    assert.match(text.getText(), /no longer tracked/);
    assert.equal(api.bundleLoaded('researchActions'), true);
  });

  it('a bundle that cannot be read makes its command say which file and what to do, and loads once the file is back', async () => {
    const api = await activateExtension();
    assert.equal(api.bundleLoaded('usagePanel'), false, 'no other test opened the usage panel first');
    const file = path.join(vscode.extensions.getExtension(extensionId)!.extensionPath, 'dist', 'usagePanel.js');
    const errors = recordNotices(['error']);
    errors.answer = () => undefined;
    const shown = errors.notices;
    fs.renameSync(file, `${file}.away`);
    try {
      // The command answers as if it had worked: the notice, not the workbench's "command failed", tells.
      assert.equal(await vscode.commands.executeCommand(COMMANDS.showUsageHistory), undefined);
    } finally {
      fs.renameSync(`${file}.away`, file);
      errors.restore();
    }
    assert.equal(shown.length, 1);
    assert.match(shown[0]!.message, /usagePanel\.js/);
    assert.match(shown[0]!.message, /Reload Window/);
    assert.deepEqual(shown[0]!.items, ['Show Logs']);
    assert.equal(api.bundleLoaded('usagePanel'), false, 'a failed load is tried again');
    await vscode.commands.executeCommand(COMMANDS.showUsageHistory);
    assert.equal(api.bundleLoaded('usagePanel'), true);
    await vscode.window.tabGroups.close(await until('the usage panel', () => usageTabs()[0]));
  });
});
