// The packaged extension in a real workbench: it loads, and "Firecrawl: Show Logs" from the command
// palette opens the Output view on the Firecrawl log channel.
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { until, useWorkbench } from './workbench';

describe('smoke', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox?.close();
  });
  const wb = useWorkbench(() => ({
    settings: { 'firecrawl.apiUrl': sandbox.url },
    env: { FIRECRAWL_API_KEY: sandbox.keys.valid },
  }));

  it('opens the Firecrawl log channel from the command palette', async () => {
    await wb().runCommand('Firecrawl: Show Logs');
    const page = wb().page;
    const output = page.locator('.part.panel .output-view');
    await output.waitFor({ state: 'visible' });
    assert.equal(await wb().outputChannel(), 'Firecrawl');
    // The view may show the channel a moment before its text.
    await until('the activation line', async () => /Activated/.test(await wb().outputText()));
    await wb().screenshot('smoke-show-logs');
  });
});

describe('an API key glued to the host name in firecrawl.apiUrl', () => {
  // No key: the address in use is then the default, and nothing is sent anywhere.
  const wb = useWorkbench(() => ({ settings: { 'firecrawl.apiUrl': 'https://api.firecrawl.devfc-0123456789abcdef0123456789abcdef' } }));

  it('is refused with a warning that keeps the key out of it and says what to do', async () => {
    const notice = wb().notification(/must not contain an API key/);
    await notice.waitFor({ state: 'visible', timeout: 30_000 });
    await wb().settled(notice);
    const text = await notice.innerText();
    assert.doesNotMatch(text, /0123456789abcdef/);
    await wb().screenshot('settings-api-url-key-in-host');
  });
});
