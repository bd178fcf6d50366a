// The credit usage panel inside a real extension host, against the sandbox started in this host:
// the command and the status bar open one panel, the serializer restores it with the saved
// breakdown, store refreshes reach the page, updates made while it is hidden arrive once it is
// visible again, and a server change reloads what an open panel shows.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import { COMMANDS, PANELS, SETTINGS } from '../../src/ids';
import type { PanelState } from '../../src/features/usage/protocol';
import type { UsagePanel } from '../../src/features/usage/ui/panel';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, setApiUrl, until, usageTabs, useSandbox } from './helpers';

const TITLE = 'Firecrawl Credit Usage';

describe('credit usage panel', function () {
  this.timeout(60_000);
  let api: TestApi;
  let panel: UsagePanel;
  let sandbox: Sandbox;
  const posted: PanelState[] = [];
  let subscription: { dispose(): void } | undefined;

  const closePanel = async () => {
    panel.webviewPanel?.dispose();
    await until('the usage tab to close', () => usageTabs().length === 0);
  };
  const lastPosted = () => posted[posted.length - 1];

  before(async () => {
    api = await activateExtension();
    // The panel's code is an on-demand bundle: load it as opening the panel would.
    panel = await api.usage.panel.load();
    sandbox = await startSandbox();
    await useSandbox(api, sandbox);
    subscription = panel.onDidPostState((state) => posted.push(state));
  });

  after(async () => {
    subscription?.dispose();
    panel.webviewPanel?.dispose();
    await api.keys.clear();
    await setApiUrl(undefined);
    await sandbox.close();
  });

  it('opens one panel from the command, however often it runs, and loads history into it', async () => {
    sandbox.resetCounts();
    await vscode.commands.executeCommand(COMMANDS.showUsageHistory);
    await vscode.commands.executeCommand(COMMANDS.showUsageHistory);
    await until('the usage tab', () => usageTabs().length === 1);
    assert.equal(usageTabs()[0]!.label, TITLE);
    // The header follows the credits store, which asks once this window leads its team: it may come after the history.
    const state = await until('a state with history and the balance delivered to the page', () => lastPosted()?.history && lastPosted()?.credits && lastPosted(), 20_000);
    assert.equal(state.byApiKey, false);
    assert.deepEqual(
      state.history!.periods.map((p) => p.creditsUsed),
      [11_270, 15_604, 15_241, 5_531],
    );
    assert.equal(state.credits?.remainingCredits, sandbox.getCredits()?.remainingCredits, 'header from the credits store');
    assert.equal(usageTabs().length, 1);
    // The same route answers usage by hour (timeRange) for the status bar: only the months count here.
    const historyRequests = sandbox.requests().filter((r) => r.route === 'creditUsageHistorical' && !r.query.includes('timeRange'));
    assert.equal(historyRequests.length, 1, 'two opens, one request');
    assert.equal(historyRequests[0]!.query, '');
  });

  it('shows a range of bins from the recent usage store, months only per key', async () => {
    panel.show('last7d');
    const week = await until('the last 7 days delivered to the page', () => (lastPosted()?.range === 'last7d' && lastPosted()?.bins ? lastPosted() : undefined), 20_000);
    assert.equal(week.byApiKey, false);
    assert.equal(week.bins!.binSize, 'day');
    assert.equal(week.bins!.bins.length, 8);
    assert.equal(week.history, undefined);
    assert.ok(sandbox.requests().some((r) => r.route === 'creditUsageHistorical' && r.query === 'timeRange=week'));
    panel.show('months');
    await until('back to the months', () => lastPosted()?.range === 'months' && lastPosted()?.history);
  });

  it("keeps the loaded history in a file of the team's folder in the global storage, not in globalState", async () => {
    // globalState is sent whole with every write of any entry: megabytes of history must not ride along.
    // In the team's folder: a window with another key never shows this team's months.
    const file = path.join(api.globalStorage, 'teams', api.team.current!.id, 'usage-history-total.json');
    type Kept = { apiUrl?: string; snapshot?: { history: { periods: Array<{ creditsUsed: number }> } } };
    const kept = await until('the history file', (): Kept | undefined => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Kept) : undefined));
    const storage = api.researchDeps.storage;
    const inState = storage.keys().filter((key) => /"creditsUsed":(?:11270|15604|15241|5531)\b/.test(JSON.stringify(storage.get(key)) ?? ''));
    assert.deepEqual(inState, [], 'no globalState entry holds the months');
    assert.equal(kept.apiUrl, sandbox.url);
    assert.deepEqual(
      kept.snapshot?.history.periods.map((p) => p.creditsUsed),
      [11_270, 15_604, 15_241, 5_531],
    );
  });

  it('hands the loaded history to the status bar forecast', () => {
    const shared = (api.credits.statusBar as unknown as { history?: readonly unknown[] }).history;
    assert.equal(shared, api.usage.store.periods());
    assert.equal(shared?.length, 4);
  });

  it('refreshes from the store: new data reaches the page', async () => {
    sandbox.setHistory([{ startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 777, apiKey: 'Default' }]);
    await api.usage.store.refresh(false);
    const state = await until('the refreshed state', () => (lastPosted()?.history?.periods[0]?.creditsUsed === 777 ? lastPosted() : undefined));
    assert.equal(state.history!.periods.length, 1);
  });

  it('holds updates while the panel is hidden and delivers the newest when it is visible again', async () => {
    const webview = panel.webviewPanel!;
    const doc = await vscode.workspace.openTextDocument({ content: 'covering the panel' });
    await vscode.window.showTextDocument(doc, { viewColumn: webview.viewColumn, preview: false });
    await until('the panel to be hidden', () => !webview.visible);
    const before = posted.length;
    sandbox.setHistory([{ startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 888, apiKey: 'Default' }]);
    await api.usage.store.refresh(false);
    sandbox.setHistory([{ startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 999, apiKey: 'Default' }]);
    await api.usage.store.refresh(false);
    // The panel posts as the store announces a change; the store holding the newest means both were announced while the page was away.
    await until('the store to hold the newest history', () => api.usage.store.periods()?.[0]?.creditsUsed === 999 && !webview.visible);
    assert.equal(posted.length, before, 'nothing is posted to a page that is not there');

    webview.reveal();
    const state = await until('the newest state after the page said ready', () => (posted.length > before ? lastPosted() : undefined));
    assert.equal(state.history!.periods[0]!.creditsUsed, 999, 'only the newest state, not the one in between');
    assert.ok(!posted.slice(before).some((s) => s.history?.periods[0]?.creditsUsed === 888));
    // The covering document is untitled and dirty: revert it so closing asks nothing.
    await vscode.window.showTextDocument(doc, { viewColumn: webview.viewColumn, preview: false });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    webview.reveal();
  });

  it('the status bar item opens the chart', async () => {
    await closePanel();
    const item = (api.credits.statusBar as unknown as { item: vscode.StatusBarItem }).item;
    await until('the balance in the status bar', () => String(item.text).includes('62,418'));
    assert.equal(item.command, COMMANDS.showUsageHistory);
    await vscode.commands.executeCommand(item.command as string);
    await until('the usage tab', () => usageTabs().length === 1);
  });

  it('restores a panel through the serializer with the saved breakdown, and only one', async () => {
    await closePanel();
    sandbox.resetCounts();
    const restored = vscode.window.createWebviewPanel(PANELS.usage, 'restored', vscode.ViewColumn.Active, {});
    await panel.deserializeWebviewPanel(restored, { version: 1, byApiKey: true, view: 'table' });
    assert.equal(panel.webviewPanel, restored);
    assert.equal(restored.title, TITLE);
    assert.equal(restored.webview.options.enableScripts, true);
    assert.equal(restored.webview.options.localResourceRoots?.length, 2);
    const html = restored.webview.html;
    assert.match(html, /default-src 'none'/);
    assert.match(html, /script-src 'nonce-[0-9a-f]{32}'/);
    assert.doesNotMatch(html, /unsafe-inline|unsafe-eval|https?:\/\/(?!.*vscode)/);
    // The page gets the editor's language in its HTML: the locale, and no messages in English.
    assert.equal(vscode.l10n.bundle, undefined);
    assert.ok(html.includes(`<html lang="${vscode.env.language}">`), html);
    assert.match(html, /<script type="application\/json" id="page-language" nonce="[0-9a-f]{32}">([^<]*)<\/script>/);
    assert.deepEqual(JSON.parse(/id="page-language"[^>]*>([^<]*)</.exec(html)![1]!), { locale: vscode.env.language });
    const state = await until('a per-key state for the restored page', () => (lastPosted()?.byApiKey && lastPosted()?.history ? lastPosted() : undefined));
    assert.ok(state.history!.periods.every((p) => typeof p.apiKey === 'string'));
    assert.ok(sandbox.requests().some((r) => r.route === 'creditUsageHistorical' && r.query === 'byApiKey=true'));

    const duplicate = vscode.window.createWebviewPanel(PANELS.usage, 'duplicate', vscode.ViewColumn.Active, {});
    // Let the workbench finish opening it, as it would have before restoring it: its tab is the active one and the restored panel has heard it is covered.
    await until('the duplicate tab, open in front', () => usageTabs().length === 2 && vscode.window.tabGroups.activeTabGroup.activeTab?.label === 'duplicate' && !restored.active);
    let disposed = false;
    duplicate.onDidDispose(() => (disposed = true));
    await panel.deserializeWebviewPanel(duplicate, { byApiKey: false });
    assert.equal(disposed, true, 'a second restored panel is closed');
    assert.equal(panel.webviewPanel, restored);
  });

  it('a server change resets history and the open panel loads from the new server', async () => {
    const other = await startSandbox();
    try {
      other.setHistory([{ startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 4_242, apiKey: 'Elsewhere' }]);
      await setApiUrl(other.url);
      const state = await until(
        'history from the other server',
        () => {
          const s = lastPosted();
          return s?.history?.periods[0]?.creditsUsed === 4_242 ? s : undefined;
        },
        20_000,
      );
      assert.equal(state.byApiKey, true, 'the restored per-key breakdown is kept');
      assert.equal(state.history!.periods[0]!.apiKey, 'Elsewhere');
      assert.ok(other.requestCount('creditUsageHistorical') >= 1);
    } finally {
      await setApiUrl(sandbox.url);
      await other.close();
    }
  });

  // Last, so that its spike and its switch of range leave nothing for another test to trip on.
  it('an open 7 days catches up with hours that saw a spike today, with one request', async () => {
    const alerts = vscode.workspace.getConfiguration();
    // The alert is the burn tests' subject: here it would only add a notification and a balance refresh.
    await alerts.update(SETTINGS.spikeAlerts, false, vscode.ConfigurationTarget.Global);
    try {
      panel.show('last7d');
      await until('the last 7 days delivered to the page', () => lastPosted()?.range === 'last7d' && lastPosted()?.bins);
      // Any hours under way (the poll after the server change) land before the spike.
      await api.burn.store.refresh('day');
      const weekAsked = () => sandbox.requests().filter((r) => r.route === 'creditUsageHistorical' && r.query === 'timeRange=week').length;
      const before = weekAsked();
      sandbox.startSpike(5_000);
      // What Refresh Credits asks: the last 24 hours (the week's bins are fresh, so not them).
      await api.burn.store.refresh('day');
      await until("today's bar with the spike", () => {
        const state = lastPosted();
        return state?.range === 'last7d' && (state.bins?.bins.at(-1)?.creditsUsed ?? 0) >= 5_000;
      });
      assert.equal(weekAsked(), before + 1);
    } finally {
      sandbox.clearSpike();
      await alerts.update(SETTINGS.spikeAlerts, undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
