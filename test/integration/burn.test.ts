// The burn rate inside a real extension host, against the sandbox started in this host: the status bar
// tooltip's lines (last 24 hours, sparkline, the forecast's pace), the spike alert once per spike with
// its warning colour, Mute for Today, Show Usage opening the last 24 hours, Don't Show Again (synced
// state and a palette command to undo it), and what is asked of the service.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import type { UsagePanel } from '../../src/features/usage/ui/panel';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, setApiUrl, until, useSandbox } from './helpers';
import { type Notice, type NoticeRecorder, recordNotices } from './notices';

describe('burn rate and the spike alert', function () {
  this.timeout(60_000);
  let api: TestApi;
  let panel: UsagePanel;
  let sandbox: Sandbox;
  let notices: NoticeRecorder;
  let shown: Notice[];
  /** The button each notification is answered with (undefined: closed). */
  let answer: string | undefined;

  const item = () => (api.credits.statusBar as unknown as { item: vscode.StatusBarItem }).item;
  const tooltip = () => {
    const t = item().tooltip;
    return typeof t === 'string' ? t : (t?.value ?? '');
  };
  const alerts = () => shown.filter((s) => s.kind === 'warning' && /draining fast/.test(s.message));
  const refresh = () => vscode.commands.executeCommand('firecrawl.refreshCredits');
  /** One look at the hourly bins, as the 15-minute poll (or Refresh Credits) takes it. */
  const look = async () => {
    const before = api.burn.store.state.day.snapshot?.fetchedAt ?? 0;
    await refresh();
    await until('fresh hourly bins', () => (api.burn.store.state.day.snapshot?.fetchedAt ?? 0) > before);
    // An alert starts in the same turn as the new bins; it waits for the balance before it shows.
    await api.burn.alertsShown();
  };
  const warningColour = () => (item().backgroundColor as vscode.ThemeColor | undefined)?.id;

  before(async () => {
    api = await activateExtension();
    // The panel's code is an on-demand bundle: load it as opening the panel would.
    panel = await api.usage.panel.load();
    sandbox = await startSandbox();
    // Low enough that the demo team's pace (about 450 a day) empties it before the period ends, so the
    // forecast shows, yet well above the warning threshold (60 % of a 10,000 plan).
    sandbox.setCredits({ ...sandbox.getCredits()!, planCredits: 10_000, remainingCredits: 6_000 });
    // A spike ends on a look that finds the last hour below half a spike. At the default minimum (100)
    // that is 50 credits, and the demo team's busiest hours (UTC late morning) reach it: the spike of
    // one test would then last into the next, whose alert never comes. 400 keeps every demo hour below.
    await vscode.workspace.getConfiguration('firecrawl.credits').update('spikeMinimumCredits', 400, vscode.ConfigurationTarget.Global);
    await useSandbox(api, sandbox);
    notices = recordNotices(['info', 'warning']);
    notices.answer = () => answer;
    shown = notices.notices;
    await vscode.commands.executeCommand('firecrawl.resumeSpikeAlerts');
  });

  beforeEach(async () => {
    answer = undefined;
    sandbox.clearSpike();
    // The last test's spike ends with a look that finds none, as it would on the next poll.
    if (api.burn.view().summary.spike) await look();
    shown.length = 0;
  });

  after(async () => {
    sandbox.clearSpike();
    await vscode.workspace.getConfiguration('firecrawl.credits').update('spikeMinimumCredits', undefined, vscode.ConfigurationTarget.Global);
    notices.restore();
    await vscode.commands.executeCommand('firecrawl.resumeSpikeAlerts');
    panel.webviewPanel?.dispose();
    await api.keys.clear();
    await setApiUrl(undefined);
    await sandbox.close();
  });

  it("the tooltip shows the last 24 hours with an hourly sparkline, and the forecast says it uses the last 7 days' pace", async () => {
    // This wait has timed out once on a loaded machine without being reproduced: on a time-out it says
    // what each part held, so the next failure tells which of them never arrived.
    await until('the last 24 hours in the tooltip', () => /Last 24 h: \*\*[\d,]+\*\* credits/.test(tooltip()), 20_000).catch((error: Error) => {
      const day = api.burn.store.state.day;
      const credits = api.credits.store.state;
      const requests = sandbox.requests().map((r) => `${r.route}?${r.query}`);
      throw new Error(
        [
          error.message,
          `tooltip: ${tooltip()}`,
          `hourly bins: ${day.snapshot ? `fetched ${day.snapshot.fetchedAt}` : 'none'}, loading ${day.loading}, problem ${day.problem?.kind ?? 'none'}`,
          `credits: ${credits.snapshot ? 'a balance' : 'no balance'}, problem ${credits.problem?.kind ?? 'none'}`,
          `leader ${api.team.isLeader}, team focused ${api.team.focus.focused}, window focused ${vscode.window.state.focused}`,
          `requests: ${requests.join(', ')}`,
        ].join('\n'),
      );
    });
    const day = api.burn.store.state.day.snapshot!;
    assert.equal(day.bins.timeRange, 'day');
    const total = day.bins.bins.reduce((sum, b) => sum + b.creditsUsed, 0);
    assert.match(tooltip(), new RegExp(`Last 24 h: \\*\\*${total.toLocaleString('en-US')}\\*\\* credits`));
    const spark = /`([▁▂▃▄▅▆▇█]+)` hourly, oldest first/.exec(tooltip());
    assert.ok(spark, tooltip());
    assert.equal([...spark[1]!].length, day.bins.bins.length);
    // The week's bins arrive on the poll's next turn; ask for them as that turn would.
    await api.burn.store.refresh('week');
    await until('the forecast on the 7-day pace', () => /At the last 7 days' pace \(~[\d,]+\/day\) credits run out around/.test(tooltip()));
    assert.ok(sandbox.requests().some((r) => r.route === 'creditUsageHistorical' && r.query === 'timeRange=day'));
    assert.ok(!sandbox.requests().some((r) => r.query.includes('timeRange') && r.query.includes('byApiKey')), 'never asked per key');
  });

  it('a spike alerts once, however often it is looked at, and colours the status bar while it lasts', async () => {
    await api.burn.store.ensure('week', 60 * 60_000);
    assert.equal(warningColour(), undefined);
    sandbox.startSpike(1_200);
    await look();
    await until('the alert', () => alerts().length === 1);
    const alert = alerts()[0]!;
    assert.match(alert.message, /Firecrawl credits are draining fast: [\d,]+ credits used in the last hour, [\d.,]+× the usual rate of the last 7 days \([\d.,]+ an hour\)\./);
    assert.match(alert.message, /The balance is already below zero|At this pace the remaining [\d,]+ credits run out in/);
    assert.deepEqual(alert.items, ['Show Usage', 'Mute for Today', "Don't Show Again"]);
    await until('the warning colour', () => warningColour() === 'statusBarItem.warningBackground');
    assert.match(String(item().text), /\$\(pulse\)/);
    assert.match(tooltip(), /\*\*Spike:\*\* [\d,]+ credits in the last hour/);
    await look();
    await look();
    assert.equal(alerts().length, 1, 'the same spike is not alerted twice');
    sandbox.clearSpike();
    await look();
    await until('the colour back to normal', () => warningColour() === undefined);
    assert.doesNotMatch(String(item().text), /\$\(pulse\)/);
  });

  it('Show Usage opens the usage panel on the last 24 hours', async () => {
    answer = 'Show Usage';
    const posted: Array<{ range: string; bins?: unknown }> = [];
    const subscription = panel.onDidPostState((s) => posted.push(s));
    try {
      sandbox.startSpike(1_500);
      await look();
      await until('the alert', () => alerts().length === 1);
      await until('the panel on the last 24 hours', () => posted.some((s) => s.range === 'last24h' && s.bins), 20_000);
      assert.ok(panel.isOpen);
    } finally {
      subscription.dispose();
    }
  });

  it('Mute for Today: the next spike today is not alerted, the tooltip says so, and turning alerts back on ends the mute', async () => {
    answer = 'Mute for Today';
    sandbox.startSpike(1_300);
    await look();
    await until('the alert', () => alerts().length === 1);
    await until('muted', () => api.burn.alerts.muted);
    // At once, before anything new is read about the bins.
    await until('the tooltip to say so', () => /Spike alerts are muted for today\./.test(tooltip()));
    sandbox.clearSpike();
    await look();
    answer = undefined;
    sandbox.startSpike(1_400);
    await look();
    assert.equal(alerts().length, 1, 'a new spike today stays quiet');
    // The status bar draws on the turn after the bins: wait for the draw, not for the bins alone.
    await until('the colour to still say it', () => warningColour() === 'statusBarItem.warningBackground');
    await until('the tooltip to say so', () => /Spike alerts are muted for today\./.test(tooltip()));
    await vscode.commands.executeCommand('firecrawl.resumeSpikeAlerts');
    assert.equal(api.burn.alerts.muted, false);
  });

  it("Don't Show Again: no more alerts anywhere (synced state), until the palette command turns them back on", async () => {
    answer = "Don't Show Again";
    sandbox.startSpike(1_200);
    await look();
    await until('the alert', () => alerts().length === 1);
    await until('alerts off', () => api.burn.view().alertsOff);
    await until('the tooltip to offer the way back', () => /Spike alerts are off\. \[Turn On\]\(command:firecrawl\.resumeSpikeAlerts\)/.test(tooltip())).catch((error: Error) => {
      // What the status bar showed instead, and what it was drawn from: the next run that fails says why.
      const { problem, snapshot, loading } = api.credits.store.state;
      throw new Error(
        `${error.message}; tooltip: ${JSON.stringify(tooltip())}; credits: ${JSON.stringify({ problem: problem?.kind, snapshot: !!snapshot, loading })}; burn: ${JSON.stringify({ ...api.burn.view(), summary: undefined })}`,
      );
    });
    sandbox.clearSpike();
    await look();
    sandbox.startSpike(2_000);
    await look();
    assert.equal(alerts().length, 1);
    await vscode.commands.executeCommand('firecrawl.resumeSpikeAlerts');
    assert.equal(api.burn.view().alertsOff, false);
    assert.ok(shown.some((s) => s.message === 'Credit spike alerts are back on.'));
    sandbox.clearSpike();
    await look();
    answer = undefined;
    sandbox.startSpike(2_000);
    await look();
    await until('alerts again', () => alerts().length === 2);
  });
});
