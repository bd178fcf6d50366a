// A failed scrape, search, map or agent start as one sentence and its next steps: what the service
// refused (credits, a timeout, the rate limit, a field), or what went wrong on the way. The rest is
// worded as every other failure (./general). Pure: no `vscode`.
import * as l10n from '@vscode/l10n';
import { API_KEY_PATH, isFirecrawlError, isUnsupportedOnServer, type NetworkError } from '../../api';
import { formatExact } from '../../shared/format';
import { plainText, sentence } from '../../shared/text';
import { describeError, type ErrorContext, isBlockedSite, operationText, serverSaid, theServer, waitText } from './general';
import { type NextStep, nextStepLabel } from './nextSteps';

/**
 * Every step a failed run can offer: Retry sends what was typed again; Edit and Retry opens it for a
 * change first (a refused field is refused again as it is); the dashboard is where credits are bought;
 * a refused file is replaced; of several pages or files in turn, the failed one is skipped.
 */
export type RunStep = NextStep | 'openDashboard' | 'chooseFile' | 'addRecentJobs' | 'skip';

export interface RunErrorText {
  message: string;
  actions: RunStep[];
}

export interface RunErrorContext extends ErrorContext {
  /** The team's balance as last read, said with a 402. */
  balance?: number;
  /** The time a scrape or parse asks for is already the longest the service takes: raising it cannot help. */
  timeoutAtMost?: boolean;
}

export function runStepLabel(step: RunStep): string {
  if (step === 'addRecentJobs') return l10n.t('Add Recent Jobs…');
  if (step === 'skip') return l10n.t('Skip and Go On');
  return step === 'openDashboard' ? l10n.t('Open Dashboard') : step === 'chooseFile' ? l10n.t('Choose Another File…') : nextStepLabel(step);
}

/**
 * A file to upload that could not be read (gone, no permission): nothing was sent. `code` is the file
 * system's (vscode.FileSystemError's `FileNotFound`, `NoPermissions`, …, or Node's `ENOENT`, `EACCES`):
 * the known ones are said in words, since the reason itself is the system's ("Error: ENOENT: no such
 * file or directory, open '/the/whole/path'").
 */
export class FileReadError extends Error {
  constructor(
    readonly fileName: string,
    readonly reason: string,
    readonly code?: string,
  ) {
    super(`${fileName}: ${reason}`);
  }
}

function fileReadText(error: FileReadError): string {
  const name = plainText(error.fileName, 100);
  switch (error.code) {
    case 'FileNotFound':
    case 'ENOENT':
      return l10n.t('{0} could not be read: it is not there any more (moved, deleted, or a link to a file that is gone). Nothing was sent.', name);
    case 'NoPermissions':
    case 'EACCES':
    case 'EPERM':
      return l10n.t('{0} could not be read: permission to read it was refused. Nothing was sent.', name);
    default:
      return l10n.t('{0} could not be read: {1} Nothing was sent.', name, sentence(plainText(error.reason, 300)));
  }
}

/** A file the upload's checks refused (its type, its size), or a server refused as too large: sending it again is refused again. */
export function isRefusedFile(error: unknown): boolean {
  if (!isFirecrawlError(error) || error.operation !== 'parse') return false;
  // A 413 is the server (or a proxy in front of it, nginx's default is 1 MB) refusing the file's size.
  return error.kind === 'invalidRequest' ? error.problems.some((p) => p.path === 'file') : error.status === 413;
}

export function describeRunError(error: unknown, ctx: RunErrorContext = {}): RunErrorText {
  if (error instanceof FileReadError) {
    // Another file helps, and so may the same one once it is back or readable.
    return { message: fileReadText(error), actions: ['chooseFile', 'retry'] };
  }
  if (!isFirecrawlError(error)) return describeError(error, ctx);
  const doing = operationText(error.operation);
  const said = ctx.serverWordsApart ? '' : serverSaid(error.serverMessage);
  if (error.kind === 'cancelled') {
    // The start request was already on its way: the service may have begun the run, which bills
    // whether or not this window waits for its answer, and only the team's list can tell.
    if (error.operation === 'agentStart' && (error as { sent?: boolean }).sent === true) {
      return {
        message: l10n.t(
          "Stopped waiting for the agent job to start, but the request had been sent: the run may have started anyway and can spend up to its credit limit. Look for it in the Research view's Recent group, or with Add Recent Jobs.",
        ),
        actions: ['addRecentJobs'],
      };
    }
    return { message: l10n.t('Cancelled {0}; nothing more was sent.', doing), actions: [] };
  }
  if (error.operation === 'agentStart' && isUnsupportedOnServer(error, ctx.selfHosted === true)) {
    // Retrying cannot help: the server answers every start this way.
    return { message: l10n.t('Agent runs are not available on this server: self-hosted Firecrawl answers HTTP 500 when one is started.'), actions: ['openSettings'] };
  }
  if (error.kind === 'badRequest' && error.status === 402) {
    const message =
      ctx.balance !== undefined
        ? l10n.t('Not enough Firecrawl credits for {0} (402); the balance is {1}. Add credits in the dashboard, then retry.', doing, formatExact(ctx.balance))
        : l10n.t('Not enough Firecrawl credits for {0} (402). Add credits in the dashboard, then retry.', doing);
    return { message: message + said, actions: ['openDashboard', 'retry'] };
  }
  if (error.kind === 'badRequest' && error.status === 408 && !error.serviceBody && !error.code) {
    // Not Firecrawl's JSON: a proxy's own page. Its 408 is the request timing out on the way, not the page or the file.
    return {
      message: l10n.t(
        'Something between this editor and Firecrawl (a proxy or a gateway) gave up on the request for {0} (408). Retry in a moment; if it keeps happening, check the network or the API URL setting.',
        doing,
      ),
      actions: ['retry'],
    };
  }
  if (error.kind === 'badRequest' && (error.status === 408 || error.code === 'SCRAPE_TIMEOUT')) {
    // The setting is the time a scrape or a parse asks for; the other routes send none, so raising it changes nothing.
    if ((error.operation === 'scrape' || error.operation === 'parse') && ctx.timeoutAtMost)
      return {
        message:
          (error.operation === 'scrape'
            ? l10n.t('The page did not load in time (408 SCRAPE_TIMEOUT), within the longest time Firecrawl allows (5 minutes). Retry later: the site may be slow now.')
            : l10n.t('The file was not parsed in time (408 SCRAPE_TIMEOUT), within the longest time Firecrawl allows (5 minutes). Retry later, or try a smaller file.')) + said,
        actions: ['retry'],
      };
    if (error.operation === 'scrape')
      return {
        message: l10n.t('The page did not load in time (408 SCRAPE_TIMEOUT). Retry, or allow more time in the setting firecrawl.run.timeoutSeconds.') + said,
        actions: ['retry', 'openSettings'],
      };
    if (error.operation === 'parse')
      return {
        message: l10n.t('The file was not parsed in time (408 SCRAPE_TIMEOUT). Retry, or allow more time in the setting firecrawl.run.timeoutSeconds.') + said,
        actions: ['retry', 'openSettings'],
      };
    return { message: l10n.t('Firecrawl ran out of time while {0} (408). Retry in a moment.', doing) + said, actions: ['retry'] };
  }
  if (error.kind === 'badRequest' && error.status === 200) {
    // The service ran it and could not: for a page or a site, most often the site; a search, a file or an agent run has none, and only the service's words say why.
    const message =
      error.operation === 'scrape' || error.operation === 'map'
        ? l10n.t('Firecrawl could not do it while {0}: the site could not be reached or refused.', doing)
        : l10n.t('Firecrawl could not do it while {0}.', doing);
    return { message: message + said, actions: ['retry'] };
  }
  if (error.kind === 'badRequest' && error.status === 400) {
    const field = error.details[0];
    // A rule about the whole body (an unknown key) names no field: the service's words say which.
    // Apart, the field's name and rule are the service's words too: they go with the rest of them.
    const message =
      !field || ctx.serverWordsApart
        ? l10n.t('Firecrawl refused the request for {0} (400).', doing) + said
        : field.path
          ? l10n.t('Firecrawl refused {1} in the request for {0}: {2}', doing, plainText(field.path, 80), plainText(field.message, 200))
          : l10n.t('Firecrawl refused the request for {0}: {1}', doing, plainText(field.message, 200));
    // A parse sends nothing typed: what the service refused is the file, so the step is another one.
    return { message, actions: error.operation === 'parse' ? ['chooseFile', 'showLogs'] : ['editAndRetry', 'showLogs'] };
  }
  if (error.kind === 'rateLimited') {
    const wait = waitText(error.retryAfterMs);
    const message =
      error.operation === 'agentStart'
        ? (wait
            ? l10n.t("Firecrawl's limit on starting agent jobs was reached (429); nothing was started. Retry {0}.", wait)
            : l10n.t("Firecrawl's limit on starting agent jobs was reached (429); nothing was started. Retry in a minute.")) + said
        : wait
          ? l10n.t("Firecrawl's rate limit was reached while {0}; try again {1}.", doing, wait)
          : l10n.t("Firecrawl's rate limit was reached while {0}; try again in a moment.", doing);
    return { message, actions: ['retry'] };
  }
  if (error.operation === 'parse' && error.status === 413) {
    // A server of one's own, or the proxy in front of it (nginx allows 1 MB unless told), may take less than Firecrawl does.
    const message = ctx.selfHosted
      ? l10n.t(
          "{0} refused the file as too large (HTTP 413): its upload limit, or that of a proxy in front of it, is below the 50 MB Firecrawl takes. Choose a smaller file, or raise the server's limit.",
          theServer(ctx.apiUrl),
        )
      : l10n.t('Firecrawl refused the file as too large (HTTP 413). Choose a smaller file.');
    return { message: message + said, actions: ['chooseFile'] };
  }
  const general = describeError(error, ctx);
  // A refused file (its type, its size) is refused again as it is: only another file helps.
  if (isRefusedFile(error)) return { message: general.message, actions: ['chooseFile'] };
  // So is a site the service refuses: only another address helps.
  if (isBlockedSite(error)) return { message: general.message, actions: ['editAndRetry'] };
  // Refused here before it was sent (an address a search or a map returned that no request can carry):
  // sent again as it is, it is refused again the same way. A key that cannot be sent asks for the key.
  if (error.kind === 'invalidRequest' && !error.problems.some((p) => p.path === API_KEY_PATH))
    return { message: general.message, actions: error.operation === 'parse' ? ['chooseFile'] : ['editAndRetry'] };
  // A success the extension could not read was a run all the same when it was the service's JSON (a
  // field it lacks, or too much of it): paid for, and an agent run goes on spending. A body that is no
  // JSON object at all may be a page from something in between: the run may or may not have happened.
  // Either way a retry would pay, or start a run, again; one too large for this extension would be again.
  if (error.kind === 'invalidResponse') {
    const ran = error.path !== '' || error.limitBytes !== undefined;
    if (error.operation === 'agentStart') {
      const said = ran
        ? l10n.t("The run has started all the same and can spend up to its credit limit: look for it in the Research view's Recent group, or with Add Recent Jobs, before you start another.")
        : l10n.t("The run may have started anyway: look in the Research view's Recent group before you retry, or a second run may spend up to its credit limit too.");
      return { message: `${general.message} ${said}`, actions: ['addRecentJobs', 'showLogs'] };
    }
    const said = ran ? l10n.t('It ran on Firecrawl all the same and used credits: a retry is paid again.') : l10n.t('It may still have run on Firecrawl and used credits.');
    return { message: `${general.message} ${said}`, actions: error.limitBytes !== undefined ? ['editAndRetry', 'showLogs'] : ['retry', 'showLogs'] };
  }
  // The client gave up waiting, the connection dropped once the request was on its way, the answer
  // broke off after it began, or a gateway gave up: the service may have got the request and run it,
  // and a paid request sent again is paid again.
  const mayHaveRun = error.kind === 'timeout' || (error.kind === 'network' && (error as NetworkError).maybeSent) || (error.kind === 'server' && (error.status === 502 || error.status === 504));
  if (mayHaveRun && error.operation === 'agentStart') {
    // A second start is a second run with a limit of its own: looking for the first comes before Retry.
    const message = `${general.message} ${l10n.t("The run may have started anyway: look in the Research view's Recent group before you retry, or a second run may spend up to its credit limit too.")}`;
    return { message, actions: ['addRecentJobs', 'retry', ...general.actions.filter((a) => a !== 'retry')] };
  }
  const message = mayHaveRun ? `${general.message} ${l10n.t('It may still have run on Firecrawl and used credits.')}` : general.message;
  // Whatever failed on the way, what was typed is still there: Retry sends it again. A step that
  // fixes the cause (a new key) comes first: retrying as it is fails the same way.
  if (general.actions.includes('retry')) return { message, actions: general.actions };
  return { message, actions: general.actions.includes('setApiKey') ? [...general.actions, 'retry'] : ['retry', ...general.actions] };
}
