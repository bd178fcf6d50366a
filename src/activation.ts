// Composition only: the services every feature shares, then each feature's activate(). Activation
// does no network work before the first paint; stores refresh behind their last known values.
// Both entry points (extension.ts for Node hosts, extension.web.ts for browser hosts) run this.
import * as vscode from 'vscode';
import { activateActivity, type RecentActivity } from './features/activity';
import { activateAgentTools, type AgentToolsFeature } from './features/agentTools';
import { activateBurn, type BurnFeature } from './features/burn';
import { activateConnection, askAboutEnvironmentUrl, promptForKeyIfMissing } from './features/connection';
import { activateCredits, type CreditsFeature } from './features/credits';
import { activateFeedback, type FeedbackController } from './features/feedback';
import { activateJobIds, type JobIdsFeature } from './features/jobIds';
import { activateResearch, type ResearchDeps, ResearchFeature } from './features/research';
import { activateRun, type RunFeature } from './features/run';
import { activateUsage, type UsageFeature } from './features/usage';
import { ClientProvider } from './host/clientProvider';
import { EnvironmentUrlConsent } from './host/environmentUrlConsent';
import { WindowFocus } from './host/focus';
import { GlobalFiles } from './host/globalFiles';
import { holdCommandsUntil } from './host/commands';
import { ApiKeyService } from './host/keyService';
import { createLogger, type Logger } from './host/logger';
import { useEditorLanguage } from './host/l10n';
import { isLoaded, setBundleLocation } from './host/onDemand';
import { type OnDemandBundle, platform } from './host/platform';
import { trackSelectionJobIds } from './host/selectionContext';
import { Team } from './host/team';
import { COMMANDS, STORAGE } from './ids';
import { systemClock } from './shared/clock';
import { EXIT_WAIT_MS, settleWithin } from './shared/exitWait';

/**
 * What integration tests reach through `getExtension(...).exports`. Returned only in test mode:
 * in normal use any other extension could read exports, and these hold the key service.
 */
export interface TestApi {
  keys: ApiKeyService;
  provider: ClientProvider;
  channel: vscode.LogOutputChannel;
  log: Logger;
  credits: CreditsFeature;
  burn: BurnFeature;
  /** Replaceable: tests rebuild the feature from `researchDeps` to see what a reload shows. */
  research: ResearchFeature;
  researchDeps: ResearchDeps;
  /** A research feature built here from `researchDeps` (the bundle's own modules, as a reload would). */
  newResearch(): ResearchFeature;
  usage: UsageFeature;
  /** Scrape, search, map, agent start and rating from the editor (its commands load on first use). */
  run: RunFeature;
  /** Hovers and terminal links on job ids. */
  jobIds: JobIdsFeature;
  /** The team's recent activity, one list shared by the hover, the wizard and the Recent group. */
  activity: RecentActivity;
  /** The AI agent tools: the registered tools, the shared spending record, the fetched pages. */
  agentTools: AgentToolsFeature;
  /** Loads the wizard's bundle, as the command does, and returns its controller. */
  loadFeedback(): Promise<FeedbackController>;
  /** The wizard's controller once loaded (after loadFeedback() or the command); throws before. */
  readonly feedback: FeedbackController;
  feedbackLoaded(): boolean;
  /** Whether an on-demand bundle has been asked for. */
  bundleLoaded(name: OnDemandBundle): boolean;
  team: Team;
  /** Settles once the key is read and this window knows whether it polls for its team. */
  started: Promise<void>;
  globalStorage: string;
  logDir: string;
}

/**
 * Registers commands, views and the status bar, and returns: it waits for nothing from the host.
 * The key, the team's lease and the saved snapshots load behind it; commands wait for the key.
 */
export function activateExtension(context: vscode.ExtensionContext): TestApi | undefined {
  setBundleLocation(context.extensionUri);
  useEditorLanguage();
  const channel = vscode.window.createOutputChannel('Firecrawl', { log: true });
  const keys = new ApiKeyService(context.secrets);
  const log = createLogger(channel, () => keys.heldKeys);
  const version = String(context.extension.packageJSON.version ?? '0.0.0');
  const clock = systemClock;
  const consent = new EnvironmentUrlConsent(context.globalState, askAboutEnvironmentUrl, clock, consentPlace);
  const provider = new ClientProvider(keys, log.child('http'), version, consent);
  const focus = new WindowFocus();
  // Windows of this editor share one global storage folder: job snapshots, the team's lease.
  const files = new GlobalFiles(context.globalStorageUri);
  const team = new Team({ files, keys, provider, focus, clock, log: log.child('team') });
  context.subscriptions.push(channel, keys, consent, provider, focus, files, team);
  // An address allowed or forgotten in another window reaches this one when it looks again.
  context.subscriptions.push(
    focus.onDidChange((focused) => focused && consent.lookAgain()),
    team.onDidLook(() => consent.lookAgain()),
  );

  void keys.initialize();
  holdCommandsUntil(keys.ready);
  // "Don't Show Again" is a person's choice, not a machine's: it follows them through Settings Sync.
  context.globalState.setKeysForSync([STORAGE.keyPromptMuted]);
  context.subscriptions.push(trackSelectionJobIds());
  activateConnection({ context, channel, keys, provider, log });
  // One recent-activity list for the window, kept a minute: the hover, the wizard and the Recent group
  // read it. Created before the features, so a key or server change clears it before they react.
  const activity = activateActivity({ context, source: provider, clock });

  // Features refer to each other through functions called after activation (a command, a click), never
  // through variables set later: Refresh Credits asks for the last 24 hours too.
  const credits = activateCredits({ context, keys, provider, team, files, clock, alsoRefresh: () => void burn.refreshNow() });
  // The last 24 hours, the spike alert and the 7-day pace: the status bar shows them, the panel draws the bins.
  const burn = activateBurn({
    context,
    keys,
    provider,
    team,
    files,
    clock,
    windowFocus: focus,
    remaining: async (notBefore) => {
      const known = credits.store.state.snapshot;
      // A balance read before the hours that showed the spike may predate the burst: one read now.
      if (notBefore !== undefined && (!known || known.fetchedAt < notBefore)) await credits.store.refresh();
      else await credits.store.whenIdle();
      return credits.store.state.snapshot?.usage.remainingCredits;
    },
    showUsage: () => usage.panel.show('last24h'),
    // What the AI agent tools spent in the last hour: the spike alert says when they drove it.
    toolCredits: () => agentTools.view().lastHour,
  });
  const shareBurn = () => credits.statusBar.setBurn(burn.view);
  shareBurn();
  context.subscriptions.push(burn.onDidChange(shareBurn));
  const connection = () => ({ keySource: keys.current?.source, errors: provider.errorContext });
  const researchDeps: ResearchDeps = { storage: context.globalState, files, source: provider, activity, focus, team, log, clock, connection, changedHere: () => keys.changedHere || focus.focused };
  const research = activateResearch(context, researchDeps);
  const usage = activateUsage({ context, files, keys, provider, team, credits: credits.store, recent: burn.store, log, clock });
  // The status bar's forecast borrows the monthly history the chart loaded.
  const shareHistory = () => credits.statusBar.setHistory(usage.store.periods());
  shareHistory();
  context.subscriptions.push(usage.store.onDidChange(shareHistory));
  const run = activateRun(context, {
    provider,
    log: log.child('run'),
    clock,
    balance: () => credits.store.state.snapshot?.usage.remainingCredits,
    refreshBalance: () => void credits.store.refreshNow(),
    // The run shows in the Research view at once; the view polls it like any agent run.
    // Through the Research view's command for a run of known kind: it waits for the window's team (after a
    // key or server change the run is the new team's), says what the cap did, and reveals the row.
    trackAgentRun: async (id, prompt, team) => {
      await vscode.commands.executeCommand(COMMANDS.trackRecentJob, { id, kind: 'agent', started: true, prompt, team });
    },
    focused: () => focus.focused,
    team: () => team.settledId,
  });
  // Tools for the editor's AI agents, under the credit guard: stand-ins until an agent first uses one.
  const agentTools = activateAgentTools({
    context,
    provider,
    clock,
    files,
    log: log.child('agentTools'),
    windowId: team.windowId,
    ready: keys.ready,
    // Undefined while a key or server change is joined: a charge then counts for every team (errs towards asking).
    team: () => team.settledId,
    credits,
    burn,
    // Once the window knows its team (the run is that team's); not revealed: the chat keeps the focus.
    trackAgentRun: (id, prompt, team) => void research.store.listKnown.then(() => research.store.track([id], 'agent', [{ id, prompt, startedHere: true, ...(team ? { team } : {}) }])),
  });
  // A run an agent started is followed in the Research view: a finished read of it there settles the
  // ceiling it was charged, though the agent may never read its status again.
  context.subscriptions.push(research.store.onDidChangeJob((job) => agentTools.runSeen(job.id, job.snapshot)));
  const shareToolSpending = () => credits.statusBar.setToolSpending(() => agentTools.view());
  shareToolSpending();
  context.subscriptions.push(agentTools.onDidChange(shareToolSpending));
  // Hovers and terminal links on job ids: providers only; nothing is read until one is used.
  const jobIds = activateJobIds({ context, tracked: (id) => research.store.get(id), activity, source: provider, clock, hasKey: () => keys.current !== undefined });
  const feedback = activateFeedback({ context, provider, log: log.child('feedback'), windowId: team.windowId, openWindows: () => team.openWindows(), activity });
  context.subscriptions.push(feedback.onDidDeliver((result) => run.feedbackDelivered(result)));
  const started = keys.ready.then(async () => {
    const key = keys.current;
    log.info(
      `Activated ${version} (${platform().name} host); API ${provider.url.url} (${provider.url.source}${provider.url.withheld ? `; the stored key is not allowed at ${provider.url.withheld}` : ''}); key ${key ? `from ${key.source === 'stored' ? 'secret storage' : 'FIRECRAWL_API_KEY'}` : 'not set'}`,
    );
    promptForKeyIfMissing(context, keys);
    await team.start();
  });

  leaving = async () => {
    const outcome = await settleWithin([research.flush(), feedback.flush(), team.release()], EXIT_WAIT_MS, clock);
    if (outcome === 'timedOut') log.warn(`Closing: pending writes took longer than ${EXIT_WAIT_MS / 1000} s; the window closes without waiting for them`);
  };

  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return {
    keys,
    provider,
    channel,
    log,
    credits,
    burn,
    research,
    researchDeps,
    usage,
    run,
    jobIds,
    activity,
    agentTools,
    team,
    started,
    newResearch: () => new ResearchFeature(researchDeps),
    // A getter, so tests that never touch the wizard leave it unloaded, as in normal use.
    loadFeedback: () => feedback.controller(),
    get feedback() {
      if (!feedback.loaded) throw new Error('the wizard is not loaded yet: await loadFeedback() first');
      return feedback.loaded;
    },
    feedbackLoaded: () => feedback.loaded !== undefined,
    bundleLoaded: isLoaded,
    globalStorage: context.globalStorageUri.fsPath,
    logDir: context.logUri.fsPath,
  };
}

let leaving: (() => Promise<void>) | undefined;

/**
 * Closing a window: pending job and draft writes land and a leading window hands its lease over, so
 * another window takes over polling at once. VS Code waits for this, but not for long: it is bounded.
 */
export function deactivateExtension(): Promise<void> | undefined {
  return leaving?.();
}

/**
 * Where an answer about FIRECRAWL_API_URL holds: the machine this extension host runs on, by its name.
 * Remote windows (SSH, WSL, each dev container) share the local client's globalState, and `localhost`
 * is another machine in each; a remote's name in VS Code (code-server's host and port) may change.
 */
function consentPlace(): string {
  return platform().machineName() ?? '';
}
