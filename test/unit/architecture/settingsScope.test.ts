// Settings a folder's .vscode/settings.json must not decide: where the key goes, how much AI agents
// may spend without asking, and how much one agent run or search may cost. A cloned repository (trusted or not: the manifest declares full support for
// untrusted workspaces) would otherwise raise the budget and let a prompt-injected agent spend unasked.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS } from '../../../src/ids';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8'));
const properties = manifest.contributes.configuration.properties as Record<string, { scope?: string }>;

/** Scopes a workspace or folder setting cannot override (VS Code ignores those values). */
const NOT_FROM_A_WORKSPACE = ['application', 'machine'];

describe('settings a workspace cannot set', () => {
  for (const key of [SETTINGS.apiUrl, SETTINGS.agentToolsDailyBudget, SETTINGS.agentMaxCredits, SETTINGS.searchLimit]) {
    test(key, () => {
      assert.ok(NOT_FROM_A_WORKSPACE.includes(properties[key]?.scope ?? 'window'), `${key} is ${properties[key]?.scope ?? 'window'}-scoped: a workspace can set it`);
    });
  }
});

// Only the window that polls for the team (the leader) reads these: a value one workspace set would
// hold only while that window happened to lead, and every other window of the team would follow it.
describe('settings the polling window reads for every window of the team', () => {
  for (const key of [SETTINGS.refreshIntervalMinutes, SETTINGS.maxPollMinutes]) {
    test(key, () => {
      assert.ok(NOT_FROM_A_WORKSPACE.includes(properties[key]?.scope ?? 'window'), `${key} is ${properties[key]?.scope ?? 'window'}-scoped: a workspace can set it for one window`);
    });
  }
});
