// The key and the credits status bar in a real workbench, starting from no key: the status bar
// offers to set one, a rejected key keeps what was typed, a valid key shows the balance, and the
// item turns to the warning colour at the threshold.
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { useWorkbench } from './workbench';

describe('API key and credits status bar', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
    sandbox.setCredits({ remainingCredits: 45_210, planCredits: 100_000, billingPeriodStart: '2026-11-01T00:00:00.000Z', billingPeriodEnd: '2026-12-01T00:00:00.000Z' });
  });
  after(async () => {
    await sandbox?.close();
  });
  const wb = useWorkbench(() => ({ settings: { 'firecrawl.apiUrl': sandbox.url } }));

  it('without a key the status bar offers to set one, and its click opens the key input', async () => {
    const item = wb().statusBarItem('Firecrawl: Set API Key');
    await item.waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await item.locator('.codicon-key').count(), 1);
    await wb().screenshot('credits-no-key');
    await item.click();
    const input = wb().quickInput().locator('input');
    await input.waitFor({ state: 'visible' });
    assert.equal(await input.getAttribute('type'), 'password');
    await wb().page.keyboard.press('Escape');
  });

  it('a rejected key shows the reason in the input box and keeps what was typed', async () => {
    await wb().runCommand('Firecrawl: Set API Key');
    const input = wb().quickInput().locator('input');
    await input.fill('fc-definitely-not-valid-0001');
    await input.press('Enter');
    const message = wb().quickInput().locator('.quick-input-message');
    await message.filter({ hasText: 'Key rejected' }).waitFor({ timeout: 15_000 });
    assert.equal(await input.inputValue(), 'fc-definitely-not-valid-0001');
    await wb().screenshot('api-key-rejected');

    await input.fill(sandbox.keys.valid);
    await input.press('Enter');
    await wb().notification(/Firecrawl API key saved/).waitFor({ timeout: 15_000 });
  });

  it('shows remaining credits with a tooltip of plan, usage, period and links', async () => {
    const item = wb().statusBarItem('45,210');
    await item.waitFor({ state: 'visible', timeout: 15_000 });
    assert.equal(await item.locator('.codicon-flame').count(), 1);
    await item.hover();
    const hover = wb().page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'remaining' });
    await hover.first().waitFor({ state: 'visible', timeout: 10_000 });
    const text = await hover.first().innerText();
    assert.match(text, /45,210 of 100,000 remaining/);
    assert.match(text, /Used this period: 54,790 \(55%\)/);
    assert.match(text, /Billing period/);
    assert.match(text, /secret storage/);
    assert.match(text, /Refresh/);
    await wb().screenshot('credits-tooltip');
    await wb().page.mouse.move(640, 300);
  });

  it('turns to the warning colour at the threshold and the error colour when over plan', async () => {
    sandbox.setCredits({ remainingCredits: 12_000, planCredits: 100_000, billingPeriodStart: '2026-11-01T00:00:00.000Z', billingPeriodEnd: '2026-12-01T00:00:00.000Z' });
    await wb().runCommand('Firecrawl: Refresh Credits');
    const warning = wb().statusBarItem('12,000');
    await warning.waitFor({ state: 'visible', timeout: 15_000 });
    assert.match((await warning.getAttribute('class')) ?? '', /warning-kind/);
    await wb().screenshot('credits-warning');

    sandbox.setCredits({ remainingCredits: -1_500, planCredits: 100_000, billingPeriodStart: null, billingPeriodEnd: null });
    await wb().runCommand('Firecrawl: Refresh Credits');
    const over = wb().statusBarItem('-1,500');
    await over.waitFor({ state: 'visible', timeout: 15_000 });
    assert.match((await over.getAttribute('class')) ?? '', /error-kind/);
    await wb().screenshot('credits-over-plan');
  });
});
