// Activation stays cheap: the bundles kept for first use (the wizard, research actions, the key
// input) are not loaded until someone uses them, and then they work from their own files.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension } from './helpers';

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
});
