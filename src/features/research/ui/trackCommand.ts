// "Firecrawl: Track Deep Research Job" and the editor's "Track Job ID": ids come from an input box
// (prefilled from the selection or the clipboard when they hold one), from the selection itself, or
// as an argument (other commands, tests).
import * as vscode from 'vscode';
import { readClipboard, selectedText } from '../../../host/editorInput';
import { findJobIds, MAX_JOB_IDS_PER_INPUT, normalizeJobId, parseJobIdInput } from '../../../shared/jobIds';
import { plainText } from '../../../shared/text';
import { EXAMPLE_JOB_ID as EXAMPLE, jobIdInputMessage } from '../model/jobIdInput';
import type { ResearchStore, TrackResult } from '../model/researchStore';

export interface TrackDeps {
  store: ResearchStore;
  reveal(jobId: string): Promise<void>;
}

/** Ids from the selection, else from the clipboard, to start the input box with. */
async function prefill(): Promise<string> {
  const fromSelection = findJobIds(selectedText() ?? '');
  const ids = fromSelection.length ? fromSelection : findJobIds((await readClipboard()) ?? '');
  // A clipboard of thousands of ids fills the box with as many as it takes; the rest can follow.
  return ids.slice(0, MAX_JOB_IDS_PER_INPUT).map(normalizeJobId).join(' ');
}

/** The validation message for what is typed, or undefined when it can be accepted. */
export function validateJobIdInput(text: string, isTracked: (id: string) => boolean): vscode.InputBoxValidationMessage | string | undefined {
  const found = jobIdInputMessage(text, isTracked);
  if (!found) return undefined;
  return found.severity === 'error' ? found.message : { message: found.message, severity: vscode.InputBoxValidationSeverity.Info };
}

async function finish(deps: TrackDeps, ids: string[]): Promise<TrackResult> {
  const result = deps.store.track(ids);
  // Tracking again a job that stopped (expired, refused, time limit) is a request to look again.
  for (const id of result.existing) if (deps.store.get(id)?.poll.kind === 'stopped') void deps.store.refresh(id);
  const first = result.added[0] ?? result.existing[0];
  if (first) await deps.reveal(first).then(undefined, () => undefined);
  if (!result.added.length && result.existing.length) {
    void vscode.window.showInformationMessage(result.existing.length === 1 ? 'That deep research job is already tracked.' : 'Those deep research jobs are already tracked.');
  }
  return result;
}

export async function trackResearchJob(deps: TrackDeps, argument?: unknown): Promise<TrackResult | undefined> {
  if (typeof argument === 'string') {
    const { ids, invalid, tooLong } = parseJobIdInput(argument);
    if (invalid.length || !ids.length) {
      void vscode.window.showWarningMessage(tooLong ? `Too many deep research job ids at once (at most ${MAX_JOB_IDS_PER_INPUT}).` : `Not a deep research job id: ${plainText(invalid[0] ?? '(empty)', 80)}`);
      return undefined;
    }
    return finish(deps, ids);
  }

  const box = vscode.window.createInputBox();
  box.title = 'Firecrawl: Track Deep Research Job';
  box.prompt = 'Deep research job id (UUID). Paste several at once, separated by spaces, commas or new lines.';
  box.placeholder = EXAMPLE;
  box.ignoreFocusOut = true;
  box.value = await prefill();
  const isTracked = (id: string) => deps.store.get(id) !== undefined;
  box.validationMessage = box.value ? validateJobIdInput(box.value, isTracked) : undefined;

  return new Promise<TrackResult | undefined>((resolve) => {
    let settled = false;
    let accepted = false;
    const done = (result: TrackResult | undefined) => {
      if (settled) return;
      settled = true;
      box.dispose();
      resolve(result);
    };
    box.onDidChangeValue((value) => {
      box.validationMessage = validateJobIdInput(value, isTracked);
    });
    box.onDidAccept(() => {
      const { ids, invalid, tooLong } = parseJobIdInput(box.value);
      if (tooLong || invalid.length || !ids.length) {
        box.validationMessage = validateJobIdInput(box.value, isTracked) ?? `Paste a job id such as ${EXAMPLE}, or press Escape to cancel.`;
        return;
      }
      accepted = true;
      const pending = finish(deps, ids);
      box.hide();
      void pending.then(done, () => done(undefined));
    });
    box.onDidHide(() => {
      if (!accepted) done(undefined);
    });
    box.show();
  });
}

/** From the editor context menu: the menu shows on any selection, so the selection is checked here. */
export async function trackFromSelection(deps: TrackDeps): Promise<TrackResult | undefined> {
  const found = findJobIds(selectedText() ?? '');
  if (found.length > MAX_JOB_IDS_PER_INPUT) {
    void vscode.window.showWarningMessage(`The selection holds ${found.length.toLocaleString('en-US')} job ids; tracking the first ${MAX_JOB_IDS_PER_INPUT.toLocaleString('en-US')}.`);
  }
  const ids = found.slice(0, MAX_JOB_IDS_PER_INPUT);
  if (!ids.length) {
    void vscode.window.showWarningMessage('The selection holds no deep research job id (a UUID such as ' + EXAMPLE + ').');
    return undefined;
  }
  return finish(deps, ids);
}
