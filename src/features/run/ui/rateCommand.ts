// "Firecrawl: Rate This Result…": the feedback wizard opened on the result's endpoint and job, at the
// rating page. When the server answers that its window has passed, rating closes for that result
// and the CodeLens says so; the wizard's own notification has already said why. Once a rating is
// recorded, the CodeLens says so and the command shows its receipt again instead of a second rating.
// A rating goes out with the key and server in use: a result run with others is not sent from here.
import * as vscode from 'vscode';
import { COMMANDS } from '../../../ids';
import type { CommonStep } from '../../../host/errorText';
import { notifyWithSteps } from '../../../host/nextStepCommands';
import { plainText } from '../../../shared/text';
import type { RatableResult } from '../model/ratableResults';
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
  const elsewhere = ranElsewhere(services, result);
  if (elsewhere) {
    notifyWithSteps('warning', elsewhere.message, [elsewhere.step]);
    return undefined;
  }
  // The answer reaches this result through RunCommands.feedbackDelivered, like a later Send Again's: only
  // if it was for this job (Back in the wizard reaches the job page).
  return (await vscode.commands.executeCommand(COMMANDS.submitFeedback, ratingStart(result))) as FeedbackRunResult | undefined;
}

/**
 * A result run at another server, or with a key of another team: sent with the ones in use, its rating
 * would reach a server that never ran the job, or a team that would be refused (and the refusal read
 * as this job's). Unknown on either side (a team not joined yet) is no reason to hold it back.
 */
function ranElsewhere(services: RunServices, result: RatableResult): { message: string; step: CommonStep } | undefined {
  const server = services.provider.url.url;
  if (result.server !== undefined && result.server !== server) {
    return {
      message: vscode.l10n.t(
        'This result was run at {0}, and Firecrawl is now set to {1}. Its rating has to go to the server that ran the job: set firecrawl.apiUrl back to {0} to rate it.',
        plainText(result.server, 200),
        plainText(server, 200),
      ),
      step: 'openSettings',
    };
  }
  const team = services.team();
  if (result.team !== undefined && team !== undefined && result.team !== team) {
    return { message: vscode.l10n.t('This result was run with another API key. Its rating has to come from the team that ran the job: set that key again to rate it.'), step: 'setApiKey' };
  }
  return undefined;
}
