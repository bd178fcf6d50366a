// Running Firecrawl from the editor: Scrape URL, Search the Web, Map a Site, Parse File to Markdown,
// Start Agent Job and Rate This Result. Only the commands are registered at activation; everything they do is its own
// bundle (dist/runCommands.js), loaded on the first run.
import type * as vscode from 'vscode';
import { registerCommand } from '../../host/commands';
import { selectedText } from '../../host/editorInput';
import { BuiltOnDemand, loadOnDemand } from '../../host/onDemand';
import { COMMANDS } from '../../ids';
import type { RunCommands, RunHost } from './ui/runCommands';
import type { FeedbackRunResult } from '../feedback';

export type { RunCommands, RunHost } from './ui/runCommands';
export type { RunOutcome } from './ui/runErrors';
export type { AgentOutcome } from './ui/agentCommand';

export class RunFeature implements vscode.Disposable {
  private readonly bundle = new BuiltOnDemand(() => loadOnDemand<typeof import('./ui/bundleEntry')>('runCommands').then((bundle) => new bundle.RunCommands(this.host)));

  constructor(private readonly host: RunHost) {}

  /** The commands, their bundle loaded the first time one runs. */
  commands(): Promise<RunCommands> {
    return this.bundle.get();
  }

  /** A feedback answer reaches the results it rates (none before the first run loaded the commands). */
  feedbackDelivered(result: FeedbackRunResult): void {
    this.bundle.built?.feedbackDelivered(result);
  }

  dispose(): void {
    this.bundle.built?.dispose();
  }
}

export function activateRun(context: vscode.ExtensionContext, host: RunHost): RunFeature {
  const run = new RunFeature(host);
  context.subscriptions.push(
    run,
    registerCommand(COMMANDS.scrapeUrl, async (url?: unknown) => (await run.commands()).scrape(url)),
    registerCommand(COMMANDS.scrapeSelectedUrl, async () => (await run.commands()).scrape(selectedText())),
    registerCommand(COMMANDS.searchWeb, async () => (await run.commands()).search()),
    registerCommand(COMMANDS.mapSite, async () => (await run.commands()).map()),
    registerCommand(COMMANDS.parseFile, async (file?: unknown, selected?: unknown) => (await run.commands()).parse(file, selected)),
    registerCommand(COMMANDS.startAgentJob, async () => (await run.commands()).startAgent()),
    registerCommand(COMMANDS.rateResult, async (target?: unknown) => (await run.commands()).rate(target)),
  );
  return run;
}
