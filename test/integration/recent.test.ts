// Recent runs in the Research view inside a real extension host, against the sandbox started in this
// host on 127.0.0.1: Add Recent Jobs through the real quick pick (checked runs tracked as their kind,
// tracked ones marked), and the Recent group below the tracked jobs, tracking a run with one click,
// reading only while the view is visible and the window focused, and leaving with its setting.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import type { AddRecentOutcome } from '../../src/features/research';
import type { ResearchTreeNode } from '../../src/features/research/ui/rowTypes';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, setApiUrl, until, useSandbox } from './helpers';

describe('recent runs in the Research view', function () {
  this.timeout(60_000);
  let api: TestApi;
  let sandbox: Sandbox;
  const picks: vscode.QuickPick<vscode.QuickPickItem>[] = [];
  const createQuickPick = vscode.window.createQuickPick;
  const store = () => api.research.store;
  const tree = () => api.research.tree;
  const labelOf = (item: vscode.TreeItem) => (typeof item.label === 'string' ? item.label : item.label?.label);
  const recentGroup = () =>
    tree()
      .children()
      .find((n) => n.kind === 'recent');
  const recentRows = () => {
    const group = recentGroup();
    return group
      ? tree()
          .children(group)
          .map((n) => ({ node: n, item: tree().item(n) }))
      : [];
  };
  const showRecent = (value: boolean | undefined) => vscode.workspace.getConfiguration('firecrawl.research').update('showRecent', value, vscode.ConfigurationTarget.Global);
  /** The view on screen in a window that counts as focused (a headless browser may not report focus). */
  const look = async () => {
    await vscode.commands.executeCommand('firecrawl.researchJobs.focus');
    await until('the view to be visible', () => api.research.view.treeView.visible);
    if (!vscode.window.state.focused) api.research.recent.setAttention({ visible: true, focused: true });
  };

  before(async () => {
    api = await activateExtension();
    // The rows load with the view (an on-demand bundle); these tests read rows without showing it.
    await api.research.tree.loadRows();
    sandbox = await startSandbox({ seed: false });
    await useSandbox(api, sandbox);
    (vscode.window as { createQuickPick: unknown }).createQuickPick = () => {
      const pick = createQuickPick();
      picks.push(pick);
      return pick;
    };
  });

  beforeEach(async () => {
    for (const job of store().jobs) store().untrack(job.id);
    await showRecent(true);
    // A day later on the sandbox's clock: the runs of the test before are out of its 24-hour lists.
    sandbox.advanceClock(25 * 3_600_000);
    sandbox.resetCounts();
    picks.length = 0;
  });

  after(async () => {
    (vscode.window as { createQuickPick: unknown }).createQuickPick = createQuickPick;
    for (const job of store().jobs) store().untrack(job.id);
    // Off again, as index.ts leaves it for the other tests.
    await showRecent(false);
    api.research.recent.setAttention({ visible: api.research.view.treeView.visible, focused: vscode.window.state.focused });
    await api.keys.clear();
    await setApiUrl(undefined);
    await sandbox.close();
  });

  it('Add Recent Jobs lists the last day’s runs from both lists, marks tracked ones, and tracks the checked ones as their kind', async () => {
    const research = sandbox.createResearchJob({ query: 'Which crawlers honour robots.txt?', durationMs: 60_000 });
    const agent = sandbox.createAgentJob({ prompt: 'List the pricing pages of three scraping APIs', durationMs: 60_000 });
    const tracked = sandbox.createAgentJob({ prompt: 'Already followed here', durationMs: 60_000 });
    store().track([tracked], 'agent');
    sandbox.resetCounts();

    const running = vscode.commands.executeCommand<AddRecentOutcome>('firecrawl.addRecentJobs');
    const pick = await until('the pick', () => picks[0]);
    await until('the list to be read', () => !pick.busy);
    assert.equal(pick.title, 'Firecrawl: Add Recent Jobs');
    assert.equal(pick.canSelectMany, true);
    const rows = pick.items.map((i) => `${i.label} | ${i.description ?? ''}`);
    assert.ok(
      rows.some((r) => /^Agent job: List the pricing pages of three scraping APIs \| agent · (just now|\d+s ago) · processing$/.test(r)),
      rows.join('\n'),
    );
    assert.ok(
      rows.some((r) => /^Deep research: Which crawlers honour robots\.txt\? \| deep research · (just now|\d+s ago)$/.test(r)),
      rows.join('\n'),
    );
    const separator = pick.items.findIndex((i) => i.kind === vscode.QuickPickItemKind.Separator);
    assert.equal(pick.items[separator]?.label, 'Already tracked');
    assert.match(pick.items[separator + 1]?.description ?? '', /already tracked$/);
    assert.equal(
      pick.items.findIndex((i) => i.detail === tracked),
      separator + 1,
      'tracked runs come last',
    );

    pick.selectedItems = pick.items.filter((i) => i.detail === agent || i.detail === research);
    // The pick sends the checks on its next timer turn; once that turn has run they are on the channel
    // ahead of the accept, which the workbench then handles after them.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const outcome = await running;
    assert.deepEqual(new Set(outcome.added), new Set([agent, research]));
    assert.equal(store().get(agent)?.kind, 'agent', 'tracked as an agent run at once');
    assert.equal(store().get(research)?.kind, 'deepResearch');
    await until('both first answers', () => store().get(agent)?.snapshot && store().get(research)?.snapshot);
    const probes = sandbox.requestsAbout(research, 'agentStatus');
    assert.equal(probes.length, 0, 'a deep research job of the list is never looked for as an agent run');
  });

  it('the Recent group lists untracked runs below the tracked jobs; one click tracks one; it reads only while looked at', async () => {
    const first = sandbox.createAgentJob({ prompt: 'Summarise the changelog of three crawlers', durationMs: 5_000 });
    sandbox.advanceClock(1_000);
    const second = sandbox.createResearchJob({ query: 'How fresh are search engine indexes?', durationMs: 5_000 });
    const mine = sandbox.createAgentJob({ prompt: 'Tracked already', durationMs: 5_000 });
    store().track([mine], 'agent');
    await vscode.commands.executeCommand('workbench.view.explorer');
    await until('the view to be hidden', () => !api.research.view.treeView.visible);
    assert.equal(api.research.recent.active, false, 'a hidden view reads nothing');
    assert.equal(api.research.recent.nextRefreshAt(), undefined);

    await look();
    assert.equal(api.research.recent.active, true);
    assert.notEqual(api.research.recent.nextRefreshAt(), undefined, 'a visible view reads on its pace');
    // Not a minute after the last read (the test before): read now rather than wait for the pace.
    await api.research.recent.refresh();
    await until('the Recent group', () => recentRows().length === 2);
    const top = tree().children();
    assert.equal(top.at(-1)?.kind, 'recent', 'the group comes last');
    assert.equal(top[0]?.kind, 'job');
    const groupItem = tree().item(recentGroup() as ResearchTreeNode);
    assert.equal(labelOf(groupItem), 'Recent (last 24 h)');
    assert.match(String(groupItem.description), /^updated (just now|\d+s ago)$/);
    assert.equal(groupItem.collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
    const rows = recentRows();
    assert.deepEqual(
      rows.map((r) => labelOf(r.item)),
      ['Deep research: How fresh are search engine indexes?', 'Agent job: Summarise the changelog of three crawlers'],
    );
    assert.equal(rows[0]?.item.contextValue, 'recentRun');
    assert.equal(rows[0]?.item.command?.command, 'firecrawl.trackRecentJob');

    // A click runs the row's command with its arguments.
    const click = rows[1]!.item.command!;
    await vscode.commands.executeCommand(click.command, ...(click.arguments ?? []));
    assert.equal(store().get(first)?.kind, 'agent');
    await until('the run to leave the group', () => recentRows().length === 1);
    assert.equal(tree().children()[0] && 'jobId' in tree().children()[0]! ? (tree().children()[0] as { jobId: string }).jobId : undefined, first, 'newly tracked runs go to the top');
    // Its status names no prompt: the row takes the one the list named, and keeps its kind first.
    await until('the tracked row titled from the list', () => labelOf(tree().item(tree().children()[0]!)) === 'Agent job: Summarise the changelog of three crawlers');
    // The inline button passes the node instead.
    await vscode.commands.executeCommand('firecrawl.trackRecentJob', recentRows()[0]!.node);
    assert.equal(store().get(second)?.kind, 'deepResearch');
    await until('the group to go once nothing is left in it', () => recentGroup() === undefined);
  });

  it('Track Job on several selected runs tracks them all', async () => {
    const one = sandbox.createAgentJob({ prompt: 'Selected first', durationMs: 60_000 });
    const two = sandbox.createAgentJob({ prompt: 'Selected second', durationMs: 60_000 });
    await look();
    await api.research.recent.refresh();
    const chosen = () => recentRows().filter((r) => /Selected (first|second)/.test(labelOf(r.item) ?? ''));
    await until('both runs in the group', () => chosen().length === 2);
    const [a, b] = chosen().map((r) => r.node);
    await vscode.commands.executeCommand('firecrawl.trackRecentJob', a, [a, b]);
    assert.deepEqual([store().get(one)?.kind, store().get(two)?.kind], ['agent', 'agent']);
    store().untrack(one);
    store().untrack(two);
  });

  it('the setting turns the group off and on', async () => {
    sandbox.createAgentJob({ prompt: 'Shown, then hidden', durationMs: 5_000 });
    await look();
    await api.research.recent.refresh();
    await until('the Recent group', () => recentRows().some((r) => labelOf(r.item) === 'Agent job: Shown, then hidden'));
    await showRecent(false);
    await until('the group to go', () => recentGroup() === undefined);
    const reads = api.research.recent.refreshes;
    api.research.recent.setAttention({ visible: true, focused: true });
    // Reads start only from the group's timer: an inactive group sets none, so nothing can follow.
    await until('the group to plan no read', () => !api.research.recent.active && api.research.recent.nextRefreshAt() === undefined);
    assert.equal(api.research.recent.refreshes, reads, 'an off group reads nothing');
    await showRecent(true);
    await until('the group back', () => recentGroup() !== undefined);
  });
});
