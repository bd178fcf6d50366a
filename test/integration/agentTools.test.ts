// The AI agent tools inside a real extension host, against the sandbox on 127.0.0.1: each tool through
// `vscode.lm.invokeTool` as an agent calls it, the guard's figures through the registered tool's
// `prepareInvocation`, cancellation from the caller, 402/429 told once, and a hostile page kept inert.
// VS Code 1.100's invokeTool without a chat's toolInvocationToken shows a modal dialog for a
// prepareInvocation that returns confirmationMessages (LanguageModelToolsService.invokeTool →
// dialogService.confirm), which nothing here can answer; a call past the budget asks in a modal dialog
// of the extension's own when invoked, which nothing here can answer either (test/ui/agentTools.test.ts
// answers both in a real workbench). So an agent start is checked through prepareInvocation and runs
// through the registered tool's own invoke, which is what VS Code calls once the person confirms, and a
// call past the budget is checked to leave VS Code nothing to confirm.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import { spentSince } from '../../src/features/agentTools/model/toolSpending';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, until, useSandbox } from './helpers';
import { type NoticeRecorder, recordNotices } from './notices';

const text = (result: vscode.LanguageModelToolResult) => result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('\n---\n');
const config = () => vscode.workspace.getConfiguration('firecrawl');

describe('Firecrawl tools for AI agents', function () {
  this.timeout(60_000);
  let api: TestApi;
  let sandbox: Sandbox;
  let warned: NoticeRecorder;
  const warnings = () => warned.messages();
  const none = new vscode.CancellationTokenSource().token;

  before(async () => {
    api = await activateExtension();
    sandbox = await startSandbox();
    await useSandbox(api, sandbox);
    // The sandbox keeps credits like the hosted service: the guard counts credits once the balance is read.
    await until('the balance', async () => (await api.credits.store.refresh(), api.credits.store.state.snapshot));
    warned = recordNotices(['warning']);
    warned.answer = () => undefined;
    // Plenty of room, so invokeTool never needs a dialog unless a test lowers it.
    await config().update('agentTools.dailyCreditBudget', 10_000, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    warned.restore();
    await config().update('agentTools.dailyCreditBudget', undefined, vscode.ConfigurationTarget.Global);
    await config().update('agentTools.maxResultCharacters', undefined, vscode.ConfigurationTarget.Global);
    await sandbox?.close();
  });

  beforeEach(() => {
    sandbox.clearFaults();
    sandbox.resetCounts();
    warned.notices.length = 0;
  });

  const invoke = (name: string, input: object, token = none) => vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, token);
  const prepare = async (name: string, input: object) => {
    const tool = api.agentTools.registered.get(name);
    assert.ok(tool?.prepareInvocation, name);
    return (await tool.prepareInvocation({ input }, none))!;
  };

  it('all six tools are registered in one tagged set, and activation loaded none of their code', () => {
    const ours = vscode.lm.tools.filter((t) => t.name.startsWith('firecrawl_'));
    assert.deepEqual(ours.map((t) => t.name).sort(), ['firecrawl_agent_status', 'firecrawl_credits', 'firecrawl_map', 'firecrawl_scrape', 'firecrawl_search', 'firecrawl_start_agent']);
    assert.ok(ours.every((t) => t.tags.includes('firecrawl')));
    assert.ok(ours.every((t) => /additionalProperties/.test(JSON.stringify(t.inputSchema))));
    assert.equal(api.bundleLoaded('agentTools'), false);
  });

  it('scrape through invokeTool: one POST with the integration, the facts, the page fenced and trimmed, the whole page one command away', async () => {
    await config().update('agentTools.maxResultCharacters', 1_000, vscode.ConfigurationTarget.Global);
    const result = await invoke('firecrawl_scrape', { url: 'https://docs.example.org/start?size=4000' });
    const said = text(result);
    assert.match(said, /^Firecrawl scraped https:\/\/docs\.example\.org\/start\?size=4000\. The site answered 200\. Credits used: 1\. Job id: [0-9a-f-]{36}\./);
    assert.match(said, /<<<FIRECRAWL_UNTRUSTED_CONTENT [0-9a-f]{12} BEGIN>>>\n# Sandbox page/);
    const body = sandbox.requestsTo('scrape')[0]?.body as Record<string, unknown>;
    assert.equal(body.integration, '_vscode');
    const uri = /The whole text is in (firecrawl-tool-result:\S+\.md)/.exec(said)?.[1];
    assert.ok(uri, said);
    const document = (await vscode.commands.executeCommand<vscode.TextDocument>('firecrawl.openAgentToolResult', vscode.Uri.parse(uri)))!;
    assert.ok(document.getText().length > 4_000, 'the document holds the whole page');
    assert.ok(api.bundleLoaded('agentTools'));
    await config().update('agentTools.maxResultCharacters', undefined, vscode.ConfigurationTarget.Global);
  });

  it('search, map, agent status and credits through invokeTool', async () => {
    const search = text(await invoke('firecrawl_search', { query: 'web scraping api', limit: 5 }));
    assert.match(search, /^Firecrawl searched the web for "web scraping api": 5 results\. Credits used: 2\./);
    // The sandbox's second result tries a command link: it stays text inside the fence.
    assert.match(search, /BEGIN>>>[\s\S]*\[Win a prize\]\(command:workbench\.action\.quit\)[\s\S]*END>>>/);
    const map = text(await invoke('firecrawl_map', { url: 'https://docs.example.org', limit: 3 }));
    // Three links, as many as asked: the site may have more, and the model is told how to see them.
    assert.match(
      map,
      /^Firecrawl mapped https:\/\/docs\.example\.org: 3 links\. That is the limit this call asked for: the site may have more\. Ask for a larger limit \(at most 5,000\) or map a narrower URL to see more\. Credits used: not reported by the server\./,
    );
    const status = text(await invoke('firecrawl_agent_status', { id: sandbox.demoAgentJobs.completed }));
    assert.match(status, new RegExp(`^Agent run ${sandbox.demoAgentJobs.completed}: completed\\. Credits used so far: \\d+\\.`));
    assert.match(status, /BEGIN>>>\n[[{]/, 'its data, as JSON inside the fence');
    const credits = text(await invoke('firecrawl_credits', {}));
    assert.match(credits, /Balance: [\d,]+ of a 100,000-credit plan\./);
    assert.match(credits, /AI agent tools have spent \d+ of today's 10,000 credits/);
  });

  it('invalid input: the model is told what is wrong, and nothing is sent', async () => {
    const said = text(await invoke('firecrawl_scrape', { url: 'javascript:alert(1)' }));
    assert.match(said, /^Not run: the input is not valid\. Nothing was sent or spent\.\nurl: Only http and https pages can be fetched, not javascript addresses\.$/);
    assert.match(text(await invoke('firecrawl_search', { query: 'x', limit: 500 })), /limit: a whole number from 1 to 50/);
    assert.equal(sandbox.requests().length, 0);
  });

  it('the budget: unasked below it; the call that would pass it gives VS Code nothing to confirm (the extension asks itself)', async () => {
    await api.agentTools.spending.refresh();
    const spentBefore = (await prepare('firecrawl_scrape', { url: 'https://example.com/a' })).confirmationMessages;
    assert.equal(spentBefore, undefined, 'well within 10,000');
    // The budget set to what has been spent so far: the next paid call asks.
    const spent = Number(/have spent (\d+)/.exec(text(await invoke('firecrawl_credits', {})))?.[1]);
    await config().update('agentTools.dailyCreditBudget', spent + 1, vscode.ConfigurationTarget.Global);
    assert.equal((await prepare('firecrawl_scrape', { url: 'https://example.com/a' })).confirmationMessages, undefined, 'exactly reaching the budget is allowed');
    await invoke('firecrawl_scrape', { url: 'https://example.com/a' });
    await until('the charge recorded', async () => /have spent (\d+)/.exec(text(await invoke('firecrawl_credits', {})))?.[1] === String(spent + 1));
    // A budget written with a fraction counts whole credits, as its figures are said: half a credit more is none.
    await config().update('agentTools.dailyCreditBudget', spent + 1.5, vscode.ConfigurationTarget.Global);
    assert.match(text(await invoke('firecrawl_credits', {})), new RegExp(`have spent ${spent + 1} of today's ${spent + 1} credits`));
    const asked = await prepare('firecrawl_scrape', { url: 'https://example.com/b' });
    // VS Code's confirmation can be allowed for good; the extension's own modal asks at invocation instead.
    assert.equal(asked.confirmationMessages, undefined);
    // The chat's progress line renders it: Markdown, neither trusted nor allowed HTML.
    const progress = asked.invocationMessage;
    assert.ok(progress instanceof vscode.MarkdownString);
    assert.equal(progress.value, 'Scrape `https://example.com/b` · about 1 credit');
    assert.ok(!progress.isTrusted && !progress.supportHtml);
    // The spending record is a file every window reads.
    const files = await vscode.workspace.fs.readDirectory(vscode.Uri.joinPath(vscode.Uri.file(api.globalStorage), 'agent-tools', 'spending'));
    assert.ok(files.length >= 1);
    await config().update('agentTools.dailyCreditBudget', 10_000, vscode.ConfigurationTarget.Global);
  });

  it('an agent start always asks with its ceiling; once confirmed it starts with that limit', async () => {
    const asked = await prepare('firecrawl_start_agent', { prompt: 'Compare the plans of three scraping APIs', maxCredits: 200 });
    assert.equal(asked.confirmationMessages?.title, 'Start a Firecrawl agent run?');
    const message = asked.confirmationMessages?.message;
    assert.match(typeof message === 'string' ? message : (message?.value ?? ''), /^Start a Firecrawl agent run: Compare the plans of three scraping APIs · up to 200 credits\n\n/);
    const tool = api.agentTools.registered.get('firecrawl_start_agent')!;
    const result = (await tool.invoke({ input: { prompt: 'Compare the plans of three scraping APIs', maxCredits: 200 }, toolInvocationToken: undefined }, none))!;
    assert.match(text(result), /^Firecrawl started an agent run\. Job id: [0-9a-f-]{36}\. It may spend up to 200 credits/);
    const body = sandbox.requestsTo('agentStart')[0]?.body as Record<string, unknown>;
    assert.equal(body.maxCredits, 200);
    assert.equal(body.integration, '_vscode');
    // The person follows what the agent started where they follow their own runs.
    const id = /Job id: ([0-9a-f-]{36})/.exec(text(result))![1]!;
    await until('the run in the Research view', () => api.research.store.get(id)?.kind === 'agent');
    assert.equal(api.agentTools.spending.openCeiling(id)?.units, 200, 'its ceiling counts while it runs');
    // It finishes where the person follows it (here read first once finished); the agent never asks again.
    // What it cost replaces the ceiling.
    sandbox.advanceClock(61_000);
    const run = await until('the run finished in the Research view', () => {
      const snapshot = api.research.store.get(id)?.snapshot;
      return snapshot?.kind === 'agent' && snapshot.status === 'completed' ? snapshot : undefined;
    });
    await until('the ceiling settled', () => api.agentTools.spending.openCeiling(id) === undefined);
    const ofRun = api.agentTools.spending.entries().filter((e) => e.id === id);
    assert.equal(spentSince(ofRun, 0, 'credits', 'everyTeam'), run.creditsUsed, 'what it cost, counted once, not the 200 ceiling');
  });

  it('cancelling from the caller aborts the request', async () => {
    sandbox.fault({ kind: 'hang', route: 'scrape' });
    const source = new vscode.CancellationTokenSource();
    const pending = invoke('firecrawl_scrape', { url: 'https://example.com/slow' }, source.token);
    await until('the request to reach the sandbox', () => sandbox.requestCount('scrape') === 1);
    source.cancel();
    await assert.rejects(Promise.resolve(pending), (error: Error) => /cancel/i.test(`${error.name} ${error.message}`));
  });

  it('402: each call gets a short honest result, the person one notification', async () => {
    sandbox.fault({ kind: 'status', status: 402, route: 'scrape', times: 3 });
    const said = [];
    for (let i = 0; i < 3; i++) said.push(text(await invoke('firecrawl_scrape', { url: 'https://example.com/pricing' })));
    assert.ok(
      said.every((s) => /not enough credits \(402\)\. Nothing was fetched or spent\. Do not call Firecrawl tools again/.test(s)),
      said.join('\n'),
    );
    await until('the notification', () => warnings().length >= 1);
    assert.equal(warnings().filter((w) => /402/.test(w)).length, 1);
  });

  it('429: the model is told to wait or stop, the person once', async () => {
    sandbox.fault({ kind: 'status', status: 429, route: 'search', times: 2, retryAfterSeconds: 20 });
    const first = text(await invoke('firecrawl_search', { query: 'a' }));
    await invoke('firecrawl_search', { query: 'b' });
    assert.match(first, /rate limit was reached \(429\)\. Nothing was fetched or spent\. Do not retry for 20 s;/);
    await until('the notification', () => warnings().some((w) => /429/.test(w)));
    assert.equal(warnings().filter((w) => /429/.test(w)).length, 1);
  });

  it('a hostile page stays inert: quoted inside the fence, and none of its commands run', async () => {
    const said = text(await invoke('firecrawl_scrape', { url: 'https://hostile.example/' }));
    const begin = said.indexOf(' BEGIN>>>');
    const end = said.lastIndexOf(' END>>>');
    assert.ok(begin > 0 && end > begin);
    assert.match(said.slice(begin, end), /command:firecrawl\.clearApiKey/);
    assert.match(said.slice(begin, end), /‹‹‹FIRECRAWL_UNTRUSTED_CONTENT 000000000000 END›››/);
    assert.equal(said.split(' END>>>').length - 1, 1, 'one end marker: ours');
    assert.equal(api.keys.current?.value, sandbox.keys.valid, 'the key is still there');
    assert.equal(sandbox.requestCount('agentStart'), 0, 'no agent run was started');
  });
});
