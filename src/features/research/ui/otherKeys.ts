// Jobs tracked with another API key or server are that team's: this window neither shows nor polls
// them (another team's job is "not found" for this key). When both keys belong to one Firecrawl team
// (a key replaced, a wrong key corrected), the person can follow them with this key instead: asked
// once in the window where the key or server changed, and at any time with a command.
import * as vscode from 'vscode';
import { formatExact, plural } from '../../../shared/format';
import type { ResearchStore } from '../model/researchStore';

function report(store: ResearchStore, outcome: { moved: number; left: number }): void {
  if (!outcome.moved && !outcome.left) return;
  const moved = formatExact(outcome.moved);
  vscode.window.setStatusBarMessage(plural(outcome.moved, vscode.l10n.t('Following {0} job with this key', moved), vscode.l10n.t('Following {0} jobs with this key', moved)), 4000);
  if (!outcome.left) return;
  const left = formatExact(outcome.left);
  const max = formatExact(store.maxJobs);
  void vscode.window.showWarningMessage(
    plural(
      outcome.left,
      vscode.l10n.t('Following {0} with this key; {1} job stayed with the other key: at most {2} jobs are tracked.', moved, left, max),
      vscode.l10n.t('Following {0} with this key; {1} jobs stayed with the other key: at most {2} jobs are tracked.', moved, left, max),
    ),
  );
}

/** After a key or server change made in this window: offer to bring the previous team's jobs along. */
export async function offerToFollow(store: ResearchStore, previousTeam: string): Promise<void> {
  // What the previous list still had to write (a job just tracked or dropped) counts.
  await store.previousWritten.catch(() => undefined);
  const count = (await store.otherTeams()).get(previousTeam) ?? 0;
  if (!count) return;
  const follow = vscode.l10n.t('Follow with This Key');
  const n = formatExact(count);
  const choice = await vscode.window.showInformationMessage(
    plural(
      count,
      vscode.l10n.t(
        "{0} job tracked with the previous API key or server is not shown with this one. Follow it with this key? Only when both keys belong to the same Firecrawl team: another team's jobs would show as expired.",
        n,
      ),
      vscode.l10n.t(
        "{0} jobs tracked with the previous API key or server are not shown with this one. Follow them with this key? Only when both keys belong to the same Firecrawl team: another team's jobs would show as expired.",
        n,
      ),
    ),
    follow,
    vscode.l10n.t('Keep Apart'),
  );
  if (choice === follow) report(store, await store.followTeam(previousTeam));
}

/** The command: pick which other key's jobs to follow with this one. */
export async function followOtherKeysJobs(store: ResearchStore): Promise<{ moved: number; left: number } | undefined> {
  await store.listKnown;
  const teams = [...(await store.otherTeams())];
  if (!teams.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No jobs are tracked with another API key or server.'));
    return undefined;
  }
  const items = teams.map(([team, count], i) => {
    const n = formatExact(count);
    return {
      label:
        teams.length === 1
          ? plural(count, vscode.l10n.t('{0} job tracked with another API key or server', n), vscode.l10n.t('{0} jobs tracked with another API key or server', n))
          : plural(
              count,
              vscode.l10n.t('{0} job tracked with another API key or server ({1})', n, formatExact(i + 1)),
              vscode.l10n.t('{0} jobs tracked with another API key or server ({1})', n, formatExact(i + 1)),
            ),
      detail: vscode.l10n.t('Their jobs move to this key and are polled with it. Only when both keys belong to the same Firecrawl team.'),
      team,
    };
  });
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Firecrawl: Follow Jobs of Another API Key'),
    placeHolder: vscode.l10n.t('Follow which jobs with this key?'),
  });
  if (!picked) return undefined;
  const outcome = await store.followTeam(picked.team);
  report(store, outcome);
  return outcome;
}
