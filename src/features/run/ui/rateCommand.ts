// "Firecrawl: Rate This Result…": the feedback wizard opened on the result's endpoint and job, at the
// rating page. When the server answers that its window has passed, rating closes for that result
// and the CodeLens says so; the wizard's own notification has already said why. Once a rating is
// recorded, the CodeLens says so and the command shows its receipt again instead of a second rating.
import * as vscode from 'vscode';
import { COMMANDS } from '../../../ids';
import type { FeedbackRunResult } from '../../feedback';
import { ratingStart } from '../model/ratingStart';
import { closedText } from './resultLens';
import type { RunServices } from './services';

/** The document a command was given (a CodeLens, the editor title), the one holding the job a notification names, or the active one. */
function documentKey(services: RunServices, given: unknown): string | undefined {
  if (given instanceof vscode.Uri) return given.toString();
  if (typeof given === 'string') return given;
  if (given && typeof given === 'object') {
    const { endpoint, jobId } = given as { endpoint?: unknown; jobId?: unknown };
    return typeof endpoint === 'string' && typeof jobId === 'string' ? services.results.keyOf(endpoint, jobId) : undefined;
  }
  return vscode.window.activeTextEditor?.document.uri.toString();
}

export async function rateCommand(services: RunServices, given?: unknown): Promise<FeedbackRunResult | undefined> {
  const key = documentKey(services, given);
  const result = key ? services.results.get(key) : undefined;
  if (!key || !result) {
    const other = vscode.l10n.t('Submit Feedback…');
    const message = vscode.l10n.t(
      'This editor holds no Firecrawl result that can be rated: a scrape, parse, search or map result is rated in the editor it opened in, or the file it was saved to; agent runs cannot be rated. To rate another job, give its job id to Submit Feedback.',
    );
    void vscode.window.showInformationMessage(message, other).then((choice) => (choice === other ? vscode.commands.executeCommand(COMMANDS.submitFeedback) : undefined));
    return undefined;
  }
  if (result.closed) {
    void vscode.window.showInformationMessage(closedText(result));
    return undefined;
  }
  if (result.rated) {
    void vscode.window.showInformationMessage(result.rated.receipt);
    return undefined;
  }
  // The answer reaches this result through RunCommands.feedbackDelivered, like a later Send Again's: only
  // if it was for this job (Back in the wizard reaches the job page).
  return (await vscode.commands.executeCommand(COMMANDS.submitFeedback, ratingStart(result))) as FeedbackRunResult | undefined;
}
