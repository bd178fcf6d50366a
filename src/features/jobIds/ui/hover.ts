// The hover on a job id in any text document. It reads the line it is asked about (a bounded window
// of it) and what the window knows; the only request it may cause is the recent-activity list, shared
// and kept for a minute. Everything shown is escaped: ids come from the document, facts may come
// from the server, and the links it holds run only our own commands.
import * as vscode from 'vscode';
import { escapeMarkdown, plainText } from '../../../shared/text';
import { describeJobId, type KnownJob } from '../model/jobIdFacts';
import { idAtPosition } from '../model/lineIds';
import { actionLabel, commandLink, JOB_ID_COMMANDS } from './actions';

export interface JobIdLookup {
  /** What is known about `id`: the tracked job, else the recent-activity entry, else nothing. */
  known(id: string, token?: vscode.CancellationToken): Promise<KnownJob>;
  now(): number;
}

export function hoverMarkdown(id: string, known: KnownJob, now: number): vscode.MarkdownString {
  const description = describeJobId(known, now);
  const lines = [`**${escapeMarkdown(description.title)}** \`${id.replace(/[^0-9a-fA-F-]/g, '')}\``, ''];
  // Long enough for our own sentences (a failed read says why and what to do) with the server's bounded words.
  for (const fact of description.facts) lines.push(`${escapeMarkdown(fact.label)}: ${escapeMarkdown(plainText(fact.value, 600))}  `);
  lines.push('', description.actions.map((action) => `[${escapeMarkdown(actionLabel(action))}](${commandLink(action, id)})`).join(' · '));
  const markdown = new vscode.MarkdownString(lines.join('\n'));
  markdown.isTrusted = { enabledCommands: [...JOB_ID_COMMANDS] };
  markdown.supportThemeIcons = false;
  markdown.supportHtml = false;
  return markdown;
}

export class JobIdHoverProvider implements vscode.HoverProvider {
  constructor(private readonly lookup: JobIdLookup) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const line = document.lineAt(position.line).text;
    const { found } = idAtPosition(line, position.character);
    if (!found) return undefined;
    // A hover moved away from stops waiting at once; the read goes on for the next hover to share.
    const known = await unlessCancelled(this.lookup.known(found.id, token), token);
    if (token.isCancellationRequested) return undefined;
    const range = new vscode.Range(position.line, found.start, position.line, found.end);
    return new vscode.Hover(hoverMarkdown(found.id, known, this.lookup.now()), range);
  }
}

/** What `work` gives, or undefined as soon as `token` is cancelled, whichever comes first. */
export function unlessCancelled<T>(work: Promise<T>, token: vscode.CancellationToken): Promise<T | undefined> {
  if (token.isCancellationRequested) return Promise.resolve(undefined);
  return new Promise<T | undefined>((resolve, reject) => {
    const cancelled = token.onCancellationRequested(() => resolve(undefined));
    work.then(resolve, reject).finally(() => cancelled.dispose());
  });
}
