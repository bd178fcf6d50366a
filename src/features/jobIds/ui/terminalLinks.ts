// Job ids printed in the integrated terminal become links; activating one offers the id's actions in
// a quick pick (what is known about it is looked up then, not while the terminal prints).
import * as vscode from 'vscode';
import { plainText } from '../../../shared/text';
import { describeJobId } from '../model/jobIdFacts';
import { idsInTerminalLine } from '../model/lineIds';
import { actionLabel, runAction } from './actions';
import type { JobIdLookup } from './hover';

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

  async handleTerminalLink(link: JobIdTerminalLink): Promise<void> {
    const known = await this.lookup.known(link.id);
    const description = describeJobId(known, this.lookup.now());
    const detail = description.facts.map((f) => `${f.label}: ${plainText(f.value, 120)}`).join(' · ');
    const picked = await vscode.window.showQuickPick(
      description.actions.map((action, index) => ({
        label: actionLabel(action),
        description: action.kind === 'copy' ? link.id : undefined,
        detail: index === 0 && detail ? detail : undefined,
        action,
      })),
      { title: plainText(`${description.title}: ${link.id}`), placeHolder: vscode.l10n.t('What to do with this job id') },
    );
    if (picked) await runAction(picked.action, link.id);
  }
}
