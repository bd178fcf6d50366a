// Jobs tracked with another API key or server are that team's: this window neither shows nor polls
// them (another team's job is "not found" for this key). When both keys belong to one Firecrawl team
// (a key replaced, a wrong key corrected), the person can follow them with this key instead: asked
// once in the window where the key or server changed, and at any time with a command.
import * as vscode from 'vscode';
import type { ResearchStore } from '../model/researchStore';

const FOLLOW = 'Follow with This Key';
const KEEP_APART = 'Keep Apart';
const n = (x: number) => x.toLocaleString('en-US');
const jobs = (count: number) => (count === 1 ? '1 job' : `${n(count)} jobs`);

function report(store: ResearchStore, outcome: { moved: number; left: number }): void {
  if (!outcome.moved && !outcome.left) return;
  const left = outcome.left ? ` ${jobs(outcome.left)} stayed with the other key: at most ${n(store.maxJobs)} jobs are tracked.` : '';
  vscode.window.setStatusBarMessage(`Following ${jobs(outcome.moved)} with this key`, 4000);
  if (left) void vscode.window.showWarningMessage(`Following ${jobs(outcome.moved)} with this key.${left}`);
}

/** After a key or server change made in this window: offer to bring the previous team's jobs along. */
export async function offerToFollow(store: ResearchStore, previousTeam: string): Promise<void> {
  // What the previous list still had to write (a job just tracked or dropped) counts.
  await store.previousWritten.catch(() => undefined);
  const count = store.otherTeams().get(previousTeam) ?? 0;
  if (!count) return;
  const choice = await vscode.window.showInformationMessage(
    `${jobs(count)} tracked with the previous API key or server ${count === 1 ? 'is' : 'are'} not shown with this one. Follow ${count === 1 ? 'it' : 'them'} with this key? Only when both keys belong to the same Firecrawl team: another team's jobs would show as expired.`,
    FOLLOW,
    KEEP_APART,
  );
  if (choice === FOLLOW) report(store, store.followTeam(previousTeam));
}

/** The command: pick which other key's jobs to follow with this one. */
export async function followOtherKeysJobs(store: ResearchStore): Promise<{ moved: number; left: number } | undefined> {
  await store.listKnown;
  const teams = [...store.otherTeams()].filter(([team]) => team !== '');
  if (!teams.length) {
    void vscode.window.showInformationMessage('No jobs are tracked with another API key or server.');
    return undefined;
  }
  const items = teams.map(([team, count], i) => ({
    label: `${jobs(count)} tracked with ${teams.length === 1 ? 'another' : `another (${i + 1})`} API key or server`,
    detail: 'Their jobs move to this key and are polled with it. Only when both keys belong to the same Firecrawl team.',
    team,
  }));
  const picked = await vscode.window.showQuickPick(items, { title: 'Firecrawl: Follow Jobs of Another API Key', placeHolder: 'Follow which jobs with this key?' });
  if (!picked) return undefined;
  const outcome = store.followTeam(picked.team);
  report(store, outcome);
  return outcome;
}
