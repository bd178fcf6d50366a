// "Firecrawl: Start Agent Job…": the prompt (the selection, or typed), optional URLs, an optional
// JSON Schema (the active editor when it holds one, or a file), the effort, and a confirm step that
// shows the credit limit (always sent) next to the balance. Back keeps every answer, and so does the
// next run of the command (after changing the credit limit, say). The run is
// tracked in the Research view at once, which polls it and offers its result when it completes.
import * as vscode from 'vscode';
import { AGENT_EFFORTS, type AgentEffort, agentStartBody, checked, MAX_AGENT_PROMPT, splitUrls, webUrlProblem } from '../../../api';
import { selectedText } from '../../../host/editorInput';
import { openSetting, runSettings } from '../../../host/settings';
import { SETTINGS } from '../../../ids';
import { formatExact, pluralCount } from '../../../shared/format';
import { plainText } from '../../../shared/text';
import { askPick, askText, tooLong } from './quickInput';
import { reportRunError } from './runErrors';
import type { RunErrorText } from '../../../host/errorText';
import { withRunProgress } from './runProgress';
import { type AgentAnswers, ranHere, type RunServices } from './services';

const STEPS = 5;

type SchemaChoice = { kind: 'none' } | { kind: 'kept' } | { kind: 'editor' } | { kind: 'file' };

/** The JSON object in `text`, or the reason it is not one. */
export function readSchema(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; problem: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, problem: vscode.l10n.t('A JSON Schema is a JSON object.') };
    return { ok: true, value: value as Record<string, unknown> };
  } catch (error) {
    return { ok: false, problem: vscode.l10n.t('Not valid JSON: {0}', plainText(error instanceof Error ? error.message : String(error), 200)) };
  }
}

/** Why the typed URLs cannot be sent; among several, the refusal names the one it is about. */
function urlsProblem(urls: readonly string[]): string | undefined {
  for (const url of urls) {
    const problem = webUrlProblem(url);
    if (problem)
      return urls.length > 1 ? vscode.l10n.t({ message: '{0}: {1}', args: [plainText(url, 80), problem], comment: ['an address typed for the agent, then why it cannot be sent'] }) : problem;
  }
  return undefined;
}

function activeJson(): vscode.TextDocument | undefined {
  const document = vscode.window.activeTextEditor?.document;
  // JSON with comments is offered only when it has none (nor trailing commas): the service takes plain JSON.
  return document && (document.languageId === 'json' || (document.languageId === 'jsonc' && readSchema(document.getText()).ok)) ? document : undefined;
}

export interface AgentOutcome {
  id?: string;
  failure?: RunErrorText;
  cancelled?: boolean;
}

/** `editing`: the answers of a start that failed, opened for a change (Edit and Retry), whatever is selected now. */
export async function agentCommand(services: RunServices, editing?: AgentAnswers): Promise<AgentOutcome> {
  if (editing) services.agent = { ...editing };
  const selection = editing ? undefined : selectedText()?.trim();
  const answers = services.agent;
  // A selection new since the last run seeds the prompt; the same one again leaves what was typed since.
  if (selection && selection !== services.typed.get('agent:selection')) {
    services.typed.set('agent:selection', selection);
    answers.prompt = selection;
  }
  const title = vscode.l10n.t('Firecrawl: Start Agent Job');
  const jsonEditor = activeJson();
  let step = 1;
  for (;;) {
    const frame = { title, step, totalSteps: STEPS, canGoBack: step > 1 };
    switch (step) {
      case 1: {
        const a = await askText({
          ...frame,
          prompt: vscode.l10n.t('What should the agent find or do?'),
          value: answers.prompt,
          validate: (t) => tooLong(t, MAX_AGENT_PROMPT),
          required: vscode.l10n.t('Type what the agent should find or do: a run needs a prompt.'),
          keep: (t) => (answers.prompt = t),
        });
        if (a.kind === 'cancel') return { cancelled: true };
        if (a.kind === 'accept') {
          if (!a.value.trim()) continue;
          answers.prompt = a.value.trim();
          step = 2;
        }
        continue;
      }
      case 2: {
        const a = await askText({
          ...frame,
          prompt: vscode.l10n.t('Optional: URLs the agent should start from, separated by spaces or commas. Leave empty to let it search.'),
          value: answers.urls,
          validate: (t) => urlsProblem(splitUrls(t)),
          keep: (t) => (answers.urls = t),
        });
        if (a.kind === 'cancel') return { cancelled: true };
        answers.urls = a.kind === 'back' ? (a.text ?? answers.urls) : a.value;
        step = a.kind === 'back' ? 1 : 3;
        continue;
      }
      case 3: {
        const items: Array<vscode.QuickPickItem & { value: SchemaChoice }> = [
          { label: vscode.l10n.t('No schema'), detail: vscode.l10n.t('The agent answers in the shape it chooses.'), value: { kind: 'none' } },
        ];
        // The schema chosen before stays chosen: Back, or a run begun again, does not ask for its file again.
        const kept = answers.schema && { label: vscode.l10n.t('Keep {0}', plainText(answers.schema.name, 80)), value: { kind: 'kept' } as const };
        if (kept) items.push(kept);
        if (jsonEditor) items.push({ label: vscode.l10n.t('Use the JSON in the editor'), description: plainText(jsonEditor.fileName.split(/[\\/]/).pop() ?? '', 80), value: { kind: 'editor' } });
        items.push({ label: vscode.l10n.t('Choose a JSON Schema file…'), value: { kind: 'file' } });
        const a = await askPick<SchemaChoice>({ ...frame, placeholder: vscode.l10n.t('Optional: a JSON Schema for the result'), items, active: (kept ?? items[0])?.value });
        if (a.kind === 'cancel') return { cancelled: true };
        if (a.kind === 'back') {
          step = 2;
          continue;
        }
        if (a.value.kind === 'none') delete answers.schema;
        else if (a.value.kind !== 'kept' || !closedUntitled(answers.schema?.uri)) {
          // Kept, it is read again: the file (or its editor) may have been mended since a start was refused.
          const source = a.value.kind === 'kept' ? await openSchema(vscode.Uri.parse(answers.schema?.uri ?? '')) : a.value.kind === 'editor' ? jsonEditor : await pickSchemaFile();
          if (!source) continue;
          const schema = readSchema(source.getText());
          if (!schema.ok) {
            void vscode.window.showWarningMessage(schema.problem);
            continue;
          }
          answers.schema = { name: source.fileName.split(/[\\/]/).pop() ?? '', value: schema.value, uri: source.uri.toString() };
        }
        step = 4;
        continue;
      }
      case 4: {
        const items = [
          { label: vscode.l10n.t('Default effort'), detail: vscode.l10n.t('What the service chooses.'), value: undefined as AgentEffort | undefined },
          ...AGENT_EFFORTS.map((e) => ({ label: effortLabel(e), value: e as AgentEffort | undefined })),
        ];
        const a = await askPick<AgentEffort | undefined>({ ...frame, placeholder: vscode.l10n.t('How hard the agent should try'), items, active: answers.effort });
        if (a.kind === 'cancel') return { cancelled: true };
        if (a.kind === 'back') step = 3;
        else {
          if (a.value) answers.effort = a.value;
          else delete answers.effort;
          step = 5;
        }
        continue;
      }
      default: {
        const maxCredits = runSettings.agentMaxCredits();
        const balance = services.balance();
        const a = await askPick<'start' | 'settings'>({
          ...frame,
          placeholder:
            balance === undefined
              ? pluralCount(
                  maxCredits,
                  undefined,
                  (n) => vscode.l10n.t('At most {0} credit (firecrawl.run.agentMaxCredits).', n),
                  (n) => vscode.l10n.t('At most {0} credits (firecrawl.run.agentMaxCredits).', n),
                )
              : pluralCount(
                  maxCredits,
                  undefined,
                  (n) => vscode.l10n.t('At most {0} credit (firecrawl.run.agentMaxCredits); your balance is {1}.', n, formatExact(balance)),
                  (n) => vscode.l10n.t('At most {0} credits (firecrawl.run.agentMaxCredits); your balance is {1}.', n, formatExact(balance)),
                ),
          items: [
            {
              label: vscode.l10n.t('$(play) Start the agent job'),
              description: pluralCount(
                maxCredits,
                undefined,
                (n) => vscode.l10n.t('spends at most {0} credit', n),
                (n) => vscode.l10n.t('spends at most {0} credits', n),
              ),
              detail: plainText(answers.prompt, 200),
              value: 'start',
            },
            { label: vscode.l10n.t('$(settings-gear) Change the credit limit…'), value: 'settings' },
          ],
        });
        if (a.kind === 'cancel') return { cancelled: true };
        if (a.kind === 'back') {
          step = 4;
          continue;
        }
        if (a.value === 'settings') {
          await openSetting(SETTINGS.agentMaxCredits);
          return { cancelled: true };
        }
        // A copy: a Retry on this run's failure must send this prompt, not what a later run of the wizard typed.
        return start(services, { ...answers }, maxCredits);
      }
    }
  }
}

function effortLabel(effort: AgentEffort): string {
  switch (effort) {
    case 'low':
      return vscode.l10n.t('Low effort');
    case 'medium':
      return vscode.l10n.t('Medium effort');
    case 'high':
      return vscode.l10n.t('High effort');
  }
}

async function pickSchemaFile(): Promise<vscode.TextDocument | undefined> {
  const [uri] = (await vscode.window.showOpenDialog({ canSelectMany: false, filters: { JSON: ['json'] }, openLabel: vscode.l10n.t('Use as Schema') })) ?? [];
  return uri && openSchema(uri);
}

/** An unsaved editor closed since the schema was read from it: what was read is all there is. */
function closedUntitled(uri: string | undefined): boolean {
  return uri !== undefined && uri.startsWith('untitled:') && !vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri);
}

async function openSchema(uri: vscode.Uri): Promise<vscode.TextDocument | undefined> {
  try {
    return await vscode.workspace.openTextDocument(uri);
  } catch (error) {
    // A file the editor will not open as text (binary, too large, gone) is said here, and the schema
    // page asks again: thrown, it would end the wizard with the workbench's words for a failed command.
    const name = plainText(uri.path.split('/').pop() ?? uri.path, 80);
    void vscode.window.showWarningMessage(
      vscode.l10n.t('{0} cannot be read as a JSON Schema ({1}). Choose another file, or no schema.', name, plainText(error instanceof Error ? error.message : String(error), 200)),
    );
    return undefined;
  }
}

async function start(services: RunServices, answers: AgentAnswers, maxCredits: number): Promise<AgentOutcome> {
  // The run is the team's whose key and server it was sent with, whatever is in use once it answers.
  const sent = ranHere(services);
  const outcome = await withRunProgress(vscode.l10n.t('Firecrawl: starting the agent job'), (signal) =>
    services.provider.client.startAgent(
      checked(
        'agentStart',
        agentStartBody({
          prompt: answers.prompt,
          urls: splitUrls(answers.urls),
          maxCredits,
          ...(answers.schema ? { schema: answers.schema.value } : {}),
          ...(answers.effort ? { effort: answers.effort } : {}),
        }),
      ),
      { signal },
    ),
  );
  if (!outcome.ok) {
    const failure = reportRunError(outcome.error, services, {
      // The limit may have been lowered since (after a 402, say): a retry never spends more than the setting now allows.
      retry: () => start(services, answers, Math.min(maxCredits, runSettings.agentMaxCredits())),
      edit: () => agentCommand(services, answers),
    });
    return failure ? { failure } : { cancelled: true };
  }
  const { id } = outcome.value;
  services.log.info(`Started agent job ${id} (at most ${maxCredits} credits)`);
  services.refresh.request();
  await services.trackAgentRun(id, answers.prompt, sent.team);
  return { id };
}
