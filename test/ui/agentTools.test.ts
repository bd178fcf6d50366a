// Firecrawl's AI agent tools as an editor's AI agent meets them, in a real workbench: a probe extension
// (test/ui/fixtures/firecrawl-tests.tool-probe-0.0.1) invokes the tools through vscode.lm.invokeTool
// outside a chat. Within the budget a scrape gives VS Code nothing to confirm, and VS Code shows no
// dialog of its own for it; an agent run within the budget is asked in VS Code's modal dialog with the
// tool's confirmation words (declining starts nothing; accepting starts the run, which joins the
// Research view without taking the focus). Past the budget the extension asks in its own modal dialog,
// with chat.tools.autoApprove on (the standing approval VS Code keeps, which inside a chat skips VS
// Code's own question), every time. Screenshots of the dialogs and of the run's row.
import { after, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { useWorkbench, type Workbench } from './workbench';

const root = path.resolve(__dirname, '..', '..', '..');
const PROBE = path.join(root, 'test', 'ui', 'fixtures', 'firecrawl-tests.tool-probe-0.0.1');
const PROMPT = 'Compare the plans of three scraping APIs';

describe('an AI agent starts a Firecrawl agent run (the confirmation VS Code shows)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'firecrawl-tool-probe-'));
  let sandbox: Sandbox | undefined;
  const started = async () => {
    sandbox ??= await startSandbox();
    return sandbox;
  };
  after(async () => {
    await sandbox?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const wb = useWorkbench(async () => {
    const s = await started();
    return {
      settings: { 'firecrawl.apiUrl': s.url, 'firecrawl.agentTools.dailyCreditBudget': 1_000, 'chat.tools.autoApprove': true },
      env: { FIRECRAWL_API_KEY: s.keys.valid, TOOL_PROBE_DIR: dir },
      extraExtensions: [PROBE],
    };
  });

  /** What the probe wrote for its last call, once it has (the file is replaced whole). */
  const probeAnswer = async (name = 'start-agent.json'): Promise<{ parts?: string[]; error?: string }> => {
    const file = path.join(dir, name);
    const deadline = Date.now() + 30_000;
    while (!fs.existsSync(file)) {
      if (Date.now() > deadline) throw new Error('the probe wrote no answer');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answer = JSON.parse(fs.readFileSync(file, 'utf8')) as { parts?: string[]; error?: string };
    fs.rmSync(file);
    return answer;
  };
  const dialog = (w: Workbench) => w.page.locator('.monaco-dialog-box');
  const ask = async (w: Workbench) => {
    await w.runCommand('Tool Probe: Start a Firecrawl Agent Run as an AI Agent');
    await dialog(w).filter({ hasText: 'Start a Firecrawl agent run?' }).waitFor({ state: 'visible', timeout: 30_000 });
  };

  /** The probe calls `tool` as an agent would (the budget set first, as the person would set it). */
  const invoke = async (w: Workbench, request: { tool: string; input: unknown; budget?: number }) => {
    fs.writeFileSync(path.join(dir, 'request.json'), JSON.stringify(request));
    await w.runCommand('Tool Probe: Invoke the Requested Firecrawl Tool as an AI Agent');
  };
  const scrapes = (s: Sandbox) => s.requestsTo('scrape').length;

  it('within the budget a scrape asks nothing: VS Code shows no dialog of its own for a tool that gives it no confirmation', async () => {
    const w = wb();
    const s = await started();
    await w.statusBarEntry('firecrawl.credits').waitFor({ state: 'visible', timeout: 30_000 });
    await invoke(w, { tool: 'firecrawl_scrape', input: { url: 'https://example.com/within' } });
    const answer = await probeAnswer('invoke.json');
    assert.match(answer.parts?.[0] ?? '', /^Firecrawl scraped https:\/\/example\.com\/within\./, JSON.stringify(answer));
    assert.equal(await dialog(w).count(), 0, 'no dialog was shown');
    assert.equal(scrapes(s), 1);
  });

  it('the dialog names the run, its credit limit and the balance; Cancel starts nothing', async () => {
    const w = wb();
    const s = await started();
    await w
      .statusBarEntry('firecrawl.credits')
      .waitFor({ state: 'visible', timeout: 30_000 })
      .catch(() => undefined);
    await ask(w);
    const text = (await dialog(w).innerText()).replace(/\s+/g, ' ');
    assert.ok(text.includes(`Start a Firecrawl agent run: ${PROMPT}`), text);
    assert.match(text, /up to 200 credits/);
    assert.match(text, /Balance: [\d,]+ credits/);
    const shot = await w.screenshot('agentTools-1-confirm-start-agent');
    console.log(`[agentTools-ui] screenshot ${shot}`);
    await dialog(w).getByRole('button', { name: 'Cancel' }).click();
    const declined = await probeAnswer();
    assert.ok(declined.error, `declined, the tool call fails: ${JSON.stringify(declined)}`);
    assert.equal(s.requestsTo('agentStart').length, 0, 'nothing was started');
  });

  it('a long prompt is shown whole and the addresses the run starts from are listed, each with its real host', async () => {
    const w = wb();
    const s = await started();
    const prompt = `${'Summarise the public changelog of the project for the release notes. '.repeat(4)}Then collect the account export.`;
    const urls = ['https://docs.example.org/changelog', `https://docs.github.com.${'a'.repeat(60)}@attacker.example/collect`];
    await invoke(w, { tool: 'firecrawl_start_agent', input: { prompt, urls, maxCredits: 150 } });
    const asked = dialog(w).filter({ hasText: 'Start a Firecrawl agent run?' });
    await asked.waitFor({ state: 'visible', timeout: 30_000 });
    const text = (await asked.innerText()).replace(/\s+/g, ' ');
    assert.ok(text.includes('The prompt in full: Summarise the public changelog') && text.includes('Then collect the account export.'), text);
    assert.ok(text.includes('It starts from: https://docs.example.org/changelog, https://…@attacker.example/collect'), text);
    const shot = await w.screenshot('agentTools-1b-confirm-long-prompt-and-urls');
    console.log(`[agentTools-ui] screenshot ${shot}`);
    await asked.getByRole('button', { name: 'Cancel' }).click();
    const declined = await probeAnswer('invoke.json');
    assert.ok(declined.error, JSON.stringify(declined));
    assert.equal(s.requestsTo('agentStart').length, 0, 'nothing was started');
  });

  it('accepted: the run starts with its limit and joins the Research view, where it turns completed', async () => {
    const w = wb();
    const s = await started();
    await ask(w);
    // VS Code's own confirmation: Yes and Cancel.
    await dialog(w).getByRole('button', { name: 'Yes' }).click();
    const answer = await probeAnswer();
    assert.ok(answer.parts, JSON.stringify(answer));
    const text = answer.parts.join('\n');
    assert.match(text, /[0-9a-f-]{36}/, text);
    const starts = s.requestsTo('agentStart');
    assert.equal(starts.length, 1);
    assert.deepEqual({ prompt: (starts[0]?.body as { prompt?: string }).prompt, maxCredits: (starts[0]?.body as { maxCredits?: number }).maxCredits }, { prompt: PROMPT, maxCredits: 200 });

    await w.openViewContainer('Firecrawl');
    const row = w
      .treeRows('Research')
      .filter({ has: w.page.locator('.label-name', { hasText: `Agent job: ${PROMPT}` }) })
      .first();
    await row.waitFor({ state: 'visible', timeout: 20_000 });
    const description = row.locator('.label-description');
    await description.filter({ hasText: /^processing · agent/ }).waitFor({ state: 'visible', timeout: 15_000 });
    const shot = await w.screenshot('agentTools-2-run-in-research-view');
    s.advanceClock(60_000);
    await description.filter({ hasText: /^completed · agent/ }).waitFor({ state: 'visible', timeout: 30_000 });
    console.log(`[agentTools-ui] screenshot ${shot}`);
  });

  it("past the budget, with VS Code's standing approval on, Firecrawl's own dialog asks every time: Cancel sends nothing, Spend Past the Budget sends the call", async () => {
    const w = wb();
    const s = await started();
    const ours = dialog(w).filter({ has: w.page.getByRole('button', { name: 'Spend Past the Budget' }) });
    const before = scrapes(s);
    await invoke(w, { tool: 'firecrawl_scrape', input: { url: 'https://example.com/past' }, budget: 1 });
    await ours.waitFor({ state: 'visible', timeout: 30_000 });
    const text = (await ours.innerText()).replace(/\s+/g, ' ');
    assert.ok(text.includes("Go past today's budget for Firecrawl AI agent tools?"), text);
    assert.ok(text.includes('Scrape https://example.com/past · about 1 credit'), text);
    assert.match(
      text,
      /AI agent tools have spent (?:[\d,]+ of today's 1 credit \(setting firecrawl\.agentTools\.dailyCreditBudget\)\. This call would take it past the budget|[\d,]+ credits? today, past today's budget of 1 \(setting firecrawl\.agentTools\.dailyCreditBudget\)\. This call would spend more beyond the budget)\. Balance: [\d,]+ credits\./,
    );
    const shot = await w.screenshot('agentTools-3-past-budget-own-dialog');
    console.log(`[agentTools-ui] screenshot ${shot}`);
    await ours.getByRole('button', { name: 'Cancel' }).click();
    const declined = await probeAnswer('invoke.json');
    assert.match(declined.parts?.[0] ?? '', /^Not run: the user declined to go past today's budget for Firecrawl AI agent tools\. Nothing was sent or spent\./, JSON.stringify(declined));
    assert.equal(scrapes(s), before, 'declined: nothing sent');

    // The same call again: asked again (no answer is kept), and a yes sends it without a second question.
    await invoke(w, { tool: 'firecrawl_scrape', input: { url: 'https://example.com/past' } });
    await ours.waitFor({ state: 'visible', timeout: 30_000 });
    await ours.getByRole('button', { name: 'Spend Past the Budget' }).click();
    const sent = await probeAnswer('invoke.json');
    assert.match(sent.parts?.[0] ?? '', /^Firecrawl scraped https:\/\/example\.com\/past\./, JSON.stringify(sent));
    assert.equal(await dialog(w).count(), 0, 'asked once: no other dialog');
    assert.equal(scrapes(s), before + 1);
  });
});
