// The key and the credits status bar in a real workbench, starting from no key: the status bar
// offers to set one, a rejected key keeps what was typed, a valid key shows the balance, and the
// item turns to the warning colour at the threshold.
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { useWorkbench, until } from './workbench';

/** A billing period running now (the calendar month, UTC), so the tooltip reads as on any day. */
function thisMonth() {
  const now = new Date();
  const at = (month: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + month, 1)).toISOString();
  return { billingPeriodStart: at(0), billingPeriodEnd: at(1) };
}

describe('API key and credits status bar', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
    sandbox.setCredits({ remainingCredits: 45_210, planCredits: 100_000, ...thisMonth() });
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

  it('a pasted key with an invisible character is refused, saying which and where', async () => {
    await wb().runCommand('Firecrawl: Set API Key');
    const input = wb().quickInput().locator('input');
    await input.fill(`${sandbox.keys.valid.slice(0, 10)}\u200b${sandbox.keys.valid.slice(10)}`);
    await input.press('Enter');
    const message = wb().quickInput().locator('.quick-input-message');
    await message.filter({ hasText: 'invisible character (U+200B ZERO WIDTH SPACE) at position 11' }).waitFor({ timeout: 10_000 });
    assert.equal(sandbox.requestCount('creditUsage'), 0, 'nothing was sent');
    await wb().screenshot('api-key-invisible-character');
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
    await wb()
      .notification(/Firecrawl API key saved/)
      .waitFor({ timeout: 15_000 });
  });

  it('shows remaining credits with a tooltip of plan, usage, period and links', async () => {
    const item = wb().statusBarItem('45,210');
    await item.waitFor({ state: 'visible', timeout: 15_000 });
    assert.equal(await item.locator('.codicon-flame').count(), 1);
    await item.hover();
    const hover = wb().page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'remaining' });
    await hover.first().waitFor({ state: 'visible', timeout: 10_000 });
    const text = await hover.first().innerText();
    assert.match(text, /45,210 of 100,000 credits remaining/);
    assert.match(text, /Used this period: 54,790 \(55%\)/);
    assert.match(text, /Billing period: .+ · resets in \d+ days?/);
    // The team's queue, asked with the balance: the sandbox's one running job of five at once.
    assert.match(text, /Jobs running: 1 of 5 at once · waiting: 0 · last success \d+m ago/);
    assert.match(text, /secret storage/);
    assert.match(text, /Refresh/);
    await wb().screenshot('credits-tooltip');
    await wb().page.mouse.move(640, 300);
  });

  it('after an unreadable answer, a rate-limited refresh says "rate limited, retrying in N s" while it waits', async () => {
    sandbox.fault({ route: 'creditUsage', kind: 'malformedJson' });
    await wb().runCommand('Firecrawl: Refresh Credits');
    const item = wb().statusBarItem('45,210');
    await item.locator('.codicon-warning').waitFor({ state: 'attached', timeout: 15_000 });
    sandbox.fault({ route: 'creditUsage', kind: 'status', status: 429, retryAfterSeconds: 9 });
    await wb().runCommand('Firecrawl: Refresh Credits');
    await until('the 429', async () => sandbox.pendingFaults().length === 0);
    await wb().page.mouse.move(640, 300);
    await item.hover();
    const hover = wb().page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'Could not refresh' });
    await hover.first().waitFor({ state: 'visible', timeout: 10_000 });
    const text = await hover.first().innerText();
    assert.match(text, /Firecrawl's rate limit was reached while reading remaining credits; retrying in \d s\./);
    assert.doesNotMatch(text, /cannot read/);
    await wb().screenshot('credits-rate-limited-after-malformed');
    await wb().page.mouse.move(640, 300);
    await item.locator('.codicon-flame').waitFor({ state: 'attached', timeout: 20_000 });
  });

  it('a server that reports no plan shows the balance alone; unreadable period dates are left out', async () => {
    sandbox.setCredits({ remainingCredits: 4_321, billingPeriodEnd: 'not-a-date' });
    await wb().runCommand('Firecrawl: Refresh Credits');
    const item = wb().statusBarItem('4,321');
    await item.waitFor({ state: 'visible', timeout: 15_000 });
    assert.doesNotMatch((await item.getAttribute('class')) ?? '', /warning-kind|error-kind/);
    await item.hover();
    const hover = wb().page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'remaining' });
    await hover.first().waitFor({ state: 'visible', timeout: 10_000 });
    const text = await hover.first().innerText();
    assert.match(text, /4,321 credits remaining/);
    assert.match(text, /reports no plan/);
    assert.doesNotMatch(text, /Invalid Date|NaN|Used this period|Billing period/);
    await wb().screenshot('credits-no-plan');
    await wb().page.mouse.move(640, 300);
  });

  it('turns to the warning colour at the threshold and the error colour when over plan', async () => {
    sandbox.setCredits({ remainingCredits: 12_000, planCredits: 100_000, ...thisMonth() });
    await wb().runCommand('Firecrawl: Refresh Credits');
    const warning = wb().statusBarItem('12,000');
    await warning.waitFor({ state: 'visible', timeout: 15_000 });
    assert.match((await warning.getAttribute('class')) ?? '', /warning-kind/);
    // Not by colour alone: its own icon, and words for screen readers.
    assert.equal(await warning.locator('.codicon-warning').count(), 1);
    const labels = await warning.evaluate((el) => [el, ...el.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label') ?? '').join(' | '));
    assert.match(labels, /12,000 of 100,000 credits remaining, running low/);
    // The hover left open by the test before still shows that balance: away from it, then onto this one.
    await wb().page.mouse.move(640, 300);
    await wb().page.locator('.monaco-hover, .workbench-hover').filter({ hasText: '4,321' }).first().waitFor({ state: 'hidden' });
    await warning.hover();
    await wb()
      .page.locator('.monaco-hover, .workbench-hover')
      .filter({ hasText: /Running low: 20% of the plan or less remains\./ })
      .first()
      .waitFor({ state: 'visible', timeout: 10_000 });
    await wb().screenshot('credits-warning');
    await wb().page.mouse.move(640, 300);

    sandbox.setCredits({ remainingCredits: -1_500, planCredits: 100_000, billingPeriodStart: null, billingPeriodEnd: null });
    await wb().runCommand('Firecrawl: Refresh Credits');
    const over = wb().statusBarItem('-1,500');
    await over.waitFor({ state: 'visible', timeout: 15_000 });
    assert.match((await over.getAttribute('class')) ?? '', /error-kind/);
    assert.equal(await over.locator('.codicon-error').count(), 1);
    await wb().screenshot('credits-over-plan');
  });
});
