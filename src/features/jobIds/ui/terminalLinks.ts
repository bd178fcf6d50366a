// Job ids printed in the integrated terminal become links; activating one offers the id's actions in
// a quick pick (what is known about it is looked up then, not while the terminal prints).
import * as vscode from 'vscode';
import { plainText } from '../../../shared/text';
import { describeJobId, type JobIdAction } from '../model/jobIdFacts';
import { idsInTerminalLine } from '../model/lineIds';
import { actionLabel, runAction } from './actions';
import { type JobIdLookup, unlessCancelled } from './hover';

export interface JobIdTerminalLink extends vscode.TerminalLink {
  id: string;
}

export class JobIdTerminalLinkProvider implements vscode.TerminalLinkProvider<JobIdTerminalLink> {
  constructor(private readonly lookup: JobIdLookup) {}

  provideTerminalLinks(context: vscode.TerminalLinkContext): JobIdTerminalLink[] {
    return idsInTerminalLine(context.line).ranges.map((r) => ({
      startIndex: r.start,
      length: r.end - r.start,
      tooltip: vscode.l10n.t('Firecrawl job: choose an action'),
      id: r.id,
    }));
  }

  /** The actions open at once, busy while what is known is looked up (a slow network must not look like a dead click). */
  async handleTerminalLink(link: JobIdTerminalLink): Promise<void> {
    const pick = vscode.window.createQuickPick<vscode.QuickPickItem & { action: JobIdAction }>();
    pick.title = plainText(`${vscode.l10n.t('Firecrawl job id')}: ${link.id}`);
    pick.placeholder = vscode.l10n.t('What to do with this job id');
    pick.busy = true;
    const closed = new vscode.CancellationTokenSource();
    const chosen = new Promise<JobIdAction | undefined>((resolve) => {
      pick.onDidAccept(() => {
        resolve(pick.selectedItems[0]?.action);
        pick.hide();
      });
      pick.onDidHide(() => {
        closed.cancel();
        resolve(undefined);
      });
    });
    pick.show();
    const known = await unlessCancelled(this.lookup.known(link.id, closed.token), closed.token);
    if (!closed.token.isCancellationRequested) {
      const description = describeJobId(known, this.lookup.now());
      const detail = description.facts.map((f) => `${f.label}: ${plainText(f.value, 120)}`).join(' · ');
      pick.title = plainText(`${description.title}: ${link.id}`);
      pick.items = description.actions.map((action, index) => ({
        label: actionLabel(action),
        description: action.kind === 'copy' ? link.id : undefined,
        detail: index === 0 && detail ? detail : undefined,
        action,
      }));
      pick.busy = false;
    }
    const action = await chosen;
    pick.dispose();
    closed.dispose();
    if (action) await runAction(action, link.id);
  }
}
