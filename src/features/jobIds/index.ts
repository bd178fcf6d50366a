// Job ids where they appear: a hover in any text document and links in the terminal, each behind its
// own setting (applied as it changes). Activation registers providers and one command, nothing more:
// the recent-activity list is read only when a hover or a link first needs it.
import * as vscode from 'vscode';
import { registerCommand } from '../../host/commands';
import { describeError, type ErrorContext } from '../../host/errorText';
import { jobIdSettings, onDidChangeSettings } from '../../host/settings';
import { COMMANDS, SETTINGS } from '../../ids';
import type { Clock } from '../../shared/clock';
import { parseTime } from '../../shared/format';
import type { RecentActivity } from '../activity';
import { conditionText, type TrackedJob } from '../research';
import type { KnownJob } from './model/jobIdFacts';
import { LookUpMisses } from './model/lookUpMisses';
import { copyJobIdText, lookUpJobId } from './ui/actions';
import { JobIdHoverProvider, type JobIdLookup } from './ui/hover';
import { JobIdTerminalLinkProvider } from './ui/terminalLinks';

export interface JobIdsDeps {
  context: vscode.ExtensionContext;
  /** The research store's job for an id, if tracked. */
  tracked: (id: string) => TrackedJob | undefined;
  /** The team's recent activity, shared with the wizard and the Recent group. */
  activity: RecentActivity;
  /** Fires when the key or server changes: Look Up's misses were another team's. */
  source: { onDidChange(listener: () => void): { dispose(): void }; readonly isSelfHosted: boolean; readonly errorContext: ErrorContext };
  clock: Clock;
  /** Whether an API key is set (a server of one's own may need none). */
  hasKey: () => boolean;
}

export interface JobIdsFeature {
  lookup: JobIdLookup;
  hover: JobIdHoverProvider;
  terminalLinks: JobIdTerminalLinkProvider;
  misses: LookUpMisses;
}

function trackedFacts(job: TrackedJob): KnownJob {
  // The Research view's words for the job (the API shut down, expired, stopped at its credit limit), not the last raw status.
  return {
    source: 'tracked',
    kind: job.kind,
    status: conditionText(job),
    credits: job.snapshot?.kind === 'agent' ? job.snapshot.creditsUsed : undefined,
    trackedAt: job.trackedAt,
    prompt: job.prompt,
  };
}

export function activateJobIds({ context, tracked, activity, source, clock, hasKey }: JobIdsDeps): JobIdsFeature {
  const misses = new LookUpMisses(clock);
  // The hosted service answers no one without a key; a server of one's own may not ask for one.
  const cannotAsk = () => (!hasKey() && !source.isSelfHosted ? vscode.l10n.t('no API key is set.') : undefined);
  const lookup: JobIdLookup = {
    now: () => clock.now(),
    known: async (id) => {
      const job = tracked(id);
      if (job) return trackedFacts(job);
      const noKey = cannotAsk();
      if (noKey !== undefined) return { source: 'unread', unsupported: false, reason: noKey };
      const found = await activity.find(id);
      if (!found) return undefined;
      if (found.kind === 'unlisted') return { source: 'unlisted' };
      if (found.kind === 'failed') return { source: 'unread', unsupported: found.unsupported, reason: describeError(found.error, source.errorContext).message };
      const { entry } = found;
      return { source: 'recent', endpoint: entry.endpoint, apiVersion: entry.apiVersion, target: entry.target ?? undefined, ranAt: parseTime(entry.createdAt) };
    },
  };
  const hover = new JobIdHoverProvider(lookup);
  const terminalLinks = new JobIdTerminalLinkProvider(lookup);
  let hoverRegistration: vscode.Disposable | undefined;
  let linkRegistration: vscode.Disposable | undefined;
  const apply = () => {
    if (jobIdSettings.hover() && !hoverRegistration) hoverRegistration = vscode.languages.registerHoverProvider({ scheme: '*' }, hover);
    if (!jobIdSettings.hover() && hoverRegistration) hoverRegistration = void hoverRegistration.dispose();
    if (jobIdSettings.terminalLinks() && !linkRegistration) linkRegistration = vscode.window.registerTerminalLinkProvider(terminalLinks);
    if (!jobIdSettings.terminalLinks() && linkRegistration) linkRegistration = void linkRegistration.dispose();
  };
  apply();
  context.subscriptions.push(
    onDidChangeSettings([SETTINGS.jobIdHover, SETTINGS.jobIdTerminalLinks], apply),
    registerCommand(COMMANDS.copyJobIdText, copyJobIdText),
    registerCommand(COMMANDS.lookUpJobId, (id: unknown) =>
      lookUpJobId(
        {
          misses,
          now: () => clock.now(),
          cannotAsk,
          selfHostedAt: () => (source.isSelfHosted && source.errorContext.keySet === false ? source.errorContext.apiUrl : undefined),
          describe: (error) => describeError(error, source.errorContext),
        },
        id,
      ),
    ),
    source.onDidChange(() => misses.clear()),
    {
      dispose: () => {
        hoverRegistration?.dispose();
        linkRegistration?.dispose();
      },
    },
  );
  return { lookup, hover, terminalLinks, misses };
}
