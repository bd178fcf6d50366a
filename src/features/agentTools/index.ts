// Firecrawl tools for the editor's AI agents (`languageModelTools`): scrape, search, map, start an
// agent run, read a run, read the team's credits, under a credit guard. Registered at activation as
// stand-ins that load the tools' bundle (dist/agentTools.js) on first use; the spending record (which
// the status bar and the spike alert read) and the fetched pages' documents live here.
import * as vscode from 'vscode';
import { isRunning, type TrackedSnapshot } from '../../api';
import type { ClientProvider } from '../../host/clientProvider';
import type { Logger } from '../../host/logger';
import { BuiltOnDemand, loadOnDemand } from '../../host/onDemand';
import { agentToolSettings, runSettings } from '../../host/settings';
import { TOOLS } from '../../ids';
import type { Clock } from '../../shared/clock';
import { DisposableBase, type Event } from '../../shared/events';
import type { SharedFiles } from '../../shared/sharedFiles';
import type { BurnFeature } from '../burn';
import { type CreditsFeature, forecastRunOut, forecastSentence, keepsNoCredits } from '../credits';
import type { ToolKind } from './model/budget';
import { ToolDocuments } from './model/toolDocuments';
import { type TeamCredits, teamCreditFacts } from './model/teamCredits';
import { spendingView, ToolSpending, type ToolSpendingView } from './model/toolSpending';
import type { AgentTools } from './ui/agentTools';
import { registerToolDocuments, toolDocumentUri } from './ui/toolResultDocuments';

export type { AgentTools } from './ui/agentTools';

const KINDS: Record<ToolKind, string> = {
  scrape: TOOLS.scrape,
  search: TOOLS.search,
  map: TOOLS.map,
  startAgent: TOOLS.startAgent,
  agentStatus: TOOLS.agentStatus,
  credits: TOOLS.credits,
};

export interface AgentToolsDeps {
  context: vscode.ExtensionContext;
  provider: ClientProvider;
  log: Logger;
  clock: Clock;
  files: SharedFiles;
  windowId: string;
  /** Settles once the key is read: a tool call waits for it, as commands do. */
  ready: Promise<unknown>;
  /** The team (key and server) a charge belongs to. */
  team(): string | undefined;
  credits: CreditsFeature;
  burn: BurnFeature;
  /** Adds a run an agent started to the Research view, without taking focus from the chat. */
  trackAgentRun(id: string, prompt: string, team: string | undefined): void;
}

export class AgentToolsFeature extends DisposableBase {
  readonly spending: ToolSpending;
  readonly documents = new ToolDocuments();
  /** The tools as registered with VS Code, by name (tests call prepareInvocation on them). */
  readonly registered = new Map<string, vscode.LanguageModelTool<unknown>>();
  private readonly bundle = new BuiltOnDemand(() =>
    Promise.all([loadOnDemand<typeof import('./ui/bundleEntry')>('agentTools'), this.deps.ready]).then(
      ([bundle]) =>
        new bundle.AgentTools({
          provider: this.deps.provider,
          log: this.deps.log,
          clock: this.deps.clock,
          spending: this.spending,
          documents: this.documents,
          settings: { ...agentToolSettings, ...runSettings },
          keepsNoCredits: () => keepsNoCredits(this.deps.credits.store.state, this.deps.provider.isSelfHosted),
          team: this.deps.team,
          balance: () => this.deps.credits.store.state.snapshot?.usage.remainingCredits,
          teamCredits: () => this.teamCredits(),
          documentUri: toolDocumentUri,
          trackAgentRun: (id, prompt, team) => this.deps.trackAgentRun(id, prompt, team),
        }),
    ),
  );

  constructor(private readonly deps: AgentToolsDeps) {
    super();
    this.spending = new ToolSpending({ files: deps.files, clock: deps.clock, windowId: deps.windowId });
  }

  get onDidChange(): Event<void> {
    return this.spending.onDidChange;
  }

  /** The tools, their bundle loaded the first time an agent uses one. */
  tools(): Promise<AgentTools> {
    return this.bundle.get();
  }

  /** A run read in the Research view: once it has finished, what it cost replaces the ceiling an agent was charged for it. */
  runSeen(id: string, run: TrackedSnapshot | undefined): void {
    // Most runs are nobody's ceiling: only one this window knows of is worth reading the files for.
    if (run?.kind === 'agent' && !isRunning(run) && this.spending.openCeiling(id)) void this.spending.settleCeiling(id, run.creditsUsed);
  }

  /** What the tools spent of the current team's credits in the last hour and 24 hours. */
  view(): ToolSpendingView {
    const team = this.deps.team();
    return team ? spendingView(this.spending.entries(), this.deps.clock.now(), team) : { lastHour: 0, lastDay: 0 };
  }

  /** The balance (read again now), the burn of the last hours, the run-out and the queue. */
  private async teamCredits(): Promise<TeamCredits> {
    const { credits, burn, clock } = this.deps;
    await credits.store.refresh().catch(() => undefined);
    const state = credits.store.state;
    const snapshot = state.snapshot;
    const summary = burn.view().summary;
    const forecast = snapshot && forecastRunOut(snapshot.usage, clock.now(), undefined, summary.weekPerDay, snapshot.fetchedAt);
    const facts = teamCreditFacts(snapshot, { lastHour: summary.lastHour, last24h: summary.day?.total }, forecast ? forecastSentence(forecast, vscode.env.language) : undefined);
    if (!snapshot && state.problem) {
      facts.problem = state.problem.kind === 'noKey' ? vscode.l10n.t('no API key is set.') : vscode.l10n.t('the last read of the balance failed (see the Firecrawl log).');
    }
    return facts;
  }

  register(context: vscode.ExtensionContext): void {
    context.subscriptions.push(this);
    this._register(this.spending, registerToolDocuments(this.documents));
    // Hosts without the language model API (older forks) simply get no tools.
    if (typeof vscode.lm?.registerTool !== 'function') return;
    for (const [kind, name] of Object.entries(KINDS) as Array<[ToolKind, string]>) {
      const tool: vscode.LanguageModelTool<unknown> = {
        prepareInvocation: async (options) => (await this.tools()).prepare(kind, options.input),
        invoke: async (options, token) => (await this.tools()).invoke(kind, options.input, token),
      };
      this.registered.set(name, tool);
      this._register(vscode.lm.registerTool(name, tool));
    }
  }
}

export function activateAgentTools(deps: AgentToolsDeps): AgentToolsFeature {
  const feature = new AgentToolsFeature(deps);
  feature.register(deps.context);
  // Other windows' charges, behind activation: the status bar can say what the tools spent.
  void feature.spending.refresh();
  return feature;
}
