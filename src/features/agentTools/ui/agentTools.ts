// The tools as VS Code calls them, once their bundle is loaded: the guard's figures become
// `prepareInvocation`'s progress line and confirmation (an agent run within the budget), a call past
// the budget is asked in a modal dialog of our own at invocation (VS Code's confirmation can be allowed
// for good, after which it is never shown), the chat's cancellation aborts the request,
// and a refused call (402, 429) reaches the person as one notification per episode while the model
// gets a short result every time. Results are plain text parts: nothing in them can run a command.
import * as vscode from 'vscode';
import { isFirecrawlError } from '../../../api';
import type { ClientProvider } from '../../../host/clientProvider';
import type { Logger } from '../../../host/logger';
import { COMMANDS } from '../../../ids';
import type { Clock } from '../../../shared/clock';
import type { ToolKind } from '../model/budget';
import { RefusalEpisodes } from '../model/refusals';
import type { ToolDocuments } from '../model/toolDocuments';
import { type Prepared, type TeamCredits, type ToolOutcome, ToolRunner, type ToolSettings } from '../model/toolRunner';
import type { ToolSpending } from '../model/toolSpending';

export interface AgentToolsHost {
  provider: ClientProvider;
  log: Logger;
  clock: Clock;
  spending: ToolSpending;
  documents: ToolDocuments;
  settings: ToolSettings;
  /** The server keeps no credits (self-hosted): the guard counts calls instead. */
  keepsNoCredits(): boolean;
  team(): string | undefined;
  balance(): number | undefined;
  teamCredits(): Promise<TeamCredits>;
  documentUri(key: string): vscode.Uri;
  trackAgentRun(id: string, prompt: string, team: string | undefined): void;
}

export class AgentTools {
  readonly runner: ToolRunner;

  constructor(private readonly host: AgentToolsHost) {
    this.runner = new ToolRunner({
      client: () => host.provider.client,
      selfHosted: host.keepsNoCredits,
      errors: () => host.provider.errorContext,
      team: host.team,
      balance: host.balance,
      teamCredits: host.teamCredits,
      spending: host.spending,
      documents: host.documents,
      refusals: new RefusalEpisodes(),
      clock: host.clock,
      settings: host.settings,
      documentName: (key) => host.documentUri(key).toString(),
      trackAgentRun: host.trackAgentRun,
      askPastBudget: async (question) => {
        // Modal: it waits for the person, whatever VS Code was told to approve; closing it is a no.
        return (await vscode.window.showWarningMessage(question.title, { modal: true, detail: question.message }, question.yes)) === question.yes;
      },
    });
  }

  /** The guard's answer in the shape VS Code asks for. */
  async prepare(kind: ToolKind, input: unknown): Promise<vscode.PreparedToolInvocation> {
    const prepared: Prepared = await this.runner.prepare(kind, input);
    return {
      // The action is Markdown (addresses as code, a prompt escaped): a plain string would show its backticks.
      invocationMessage: new vscode.MarkdownString(prepared.action),
      ...(prepared.confirmation ? { confirmationMessages: { title: prepared.confirmation.title, message: new vscode.MarkdownString(prepared.confirmation.message) } } : {}),
    };
  }

  async invoke(kind: ToolKind, input: unknown, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const controller = new AbortController();
    const cancelled = token.onCancellationRequested(() => controller.abort());
    if (token.isCancellationRequested) controller.abort();
    try {
      const outcome = await this.runner.run(kind, input, controller.signal);
      this.host.log.info(`Tool ${kind}: ${outcome.refusal ? `refused (${outcome.refusal.kind})` : `done${outcome.charged ? `, ${outcome.charged} charged` : ''}`}`);
      if (outcome.refusal?.notify) this.tell(outcome);
      return new vscode.LanguageModelToolResult(outcome.parts.map((part) => new vscode.LanguageModelTextPart(part)));
    } catch (error) {
      if (isFirecrawlError(error) && error.kind === 'cancelled') throw new vscode.CancellationError();
      throw error;
    } finally {
      cancelled.dispose();
    }
  }

  /** One notification for the episode; the calls after it stay quiet (RefusalEpisodes). */
  private tell(outcome: ToolOutcome): void {
    if (outcome.refusal?.kind === 'credits') {
      const dashboard = vscode.l10n.t('Open Dashboard');
      void vscode.window
        .showWarningMessage(vscode.l10n.t("An AI agent's Firecrawl call was refused: not enough credits (402). The agent was told to stop; further refusals stay quiet for a while."), dashboard)
        .then((choice) => choice === dashboard && vscode.commands.executeCommand(COMMANDS.openDashboard));
    } else {
      void vscode.window.showWarningMessage(
        vscode.l10n.t("An AI agent is calling Firecrawl faster than the plan's rate limit allows (429). It was told to wait or stop; further refusals stay quiet for a while."),
      );
    }
  }
}
