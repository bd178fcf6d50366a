// The CodeLens on top of a result document ("Rate this result", that it was rated, or why it can no longer be rated,
// and the Markdown preview), and the context key that shows the editor-title action while the
// active editor holds a result that can be rated. Everything in them is our own words.
import * as vscode from 'vscode';
import { COMMANDS, CONTEXT } from '../../../ids';
import { contextKey } from '../../../host/contextKey';
import { formatSpan } from '../../../shared/format';
import { DisposableBase } from '../../../shared/events';
import { shortJobId } from '../../../shared/jobIds';
import type { RatableResult, RatableResults } from '../model/ratableResults';

export function closedText(result: RatableResult): string {
  const closed = result.closed;
  if (closed && 'noFeedback' in closed) return vscode.l10n.t('Rating closed: this server runs without a database and takes no feedback.');
  if (closed && 'teamRefused' in closed)
    return closed.teamRefused === 'preview'
      ? vscode.l10n.t('Rating closed: preview teams cannot send feedback.')
      : vscode.l10n.t('Rating closed: feedback is turned off for the Firecrawl team that ran this job.');
  const seconds = closed && 'windowSeconds' in closed ? closed.windowSeconds : undefined;
  return seconds !== undefined
    ? vscode.l10n.t('Rating closed: Firecrawl accepts feedback within {0} of the job, and this one is older.', formatSpan(seconds))
    : vscode.l10n.t('Rating closed: Firecrawl no longer accepts feedback for this job.');
}

export class ResultLens extends DisposableBase implements vscode.CodeLensProvider {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly setRateable = contextKey(CONTEXT.rateableResult, false);

  constructor(private readonly results: RatableResults) {
    super();
    this._register(
      results.onDidChange(() => {
        this.changed.fire();
        this.updateContext();
      }),
      // Any scheme: a result saved to a file keeps its lens; documents that hold no result get none.
      vscode.languages.registerCodeLensProvider({ language: 'markdown' }, this),
      vscode.window.onDidChangeActiveTextEditor(() => this.updateContext()),
      vscode.workspace.onDidSaveTextDocument((document) => this.documentSaved(document)),
      vscode.workspace.onDidCloseTextDocument((document) => results.remove(document.uri.toString())),
    );
    this.updateContext();
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const result = this.results.get(document.uri.toString());
    if (!result) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const rate: vscode.Command = result.closed
      ? { title: closedText(result), command: COMMANDS.rateResult, arguments: [document.uri] }
      : result.rated
        ? {
            title: vscode.l10n.t('$(check) Rated ({0} job {1}…)', result.endpoint, shortJobId(result.jobId)),
            command: COMMANDS.rateResult,
            arguments: [document.uri],
            tooltip: vscode.l10n.t('Show the receipt again (Firecrawl takes one rating per job)'),
          }
        : {
            title: vscode.l10n.t('$(feedback) Rate this result ({0} job {1}…)', result.endpoint, shortJobId(result.jobId)),
            command: COMMANDS.rateResult,
            arguments: [document.uri],
            tooltip: vscode.l10n.t('Tell Firecrawl how the result was (a poor one can refund credits)'),
          };
    return [new vscode.CodeLens(top, rate), new vscode.CodeLens(top, { title: vscode.l10n.t('Open Preview'), command: 'markdown.showPreviewToSide', arguments: [document.uri] })];
  }

  /**
   * Saving an untitled document writes a file, saves it, and only then empties and closes the untitled one;
   * no event links the two. The result follows to the file saved at its path (Save), or holding its text
   * (Save As under another name, even onto a file that held another result: a header's job id and time
   * make two results' texts differ). The text decides first: Save As onto the name another unsaved result
   * was given matches that one's path too.
   */
  private documentSaved(saved: vscode.TextDocument): void {
    if (saved.uri.scheme === 'untitled') return;
    const key = saved.uri.toString();
    const held = this.results.get(key) !== undefined;
    const text = saved.getText();
    const results = vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'untitled' && this.results.get(d.uri.toString()));
    const from = results.find((d) => d.getText() === text) ?? (held ? undefined : results.find((d) => d.uri.path === saved.uri.path));
    if (from) this.results.move(from.uri.toString(), key);
  }

  private updateContext(): void {
    const key = vscode.window.activeTextEditor?.document.uri.toString();
    this.setRateable(key !== undefined && this.results.isOpen(key));
  }
}
