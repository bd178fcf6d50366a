// "Firecrawl: Track Job" and the editor's "Track Job ID": ids of agent runs or deep research jobs come
// from an input box (prefilled from the selection, or the clipboard where reading it cannot prompt),
// from the selection itself, or as an argument (other commands, tests). The first answer for each new
// id says its kind; an id found as neither is dropped again, with one message for all of them.
import * as vscode from 'vscode';
import { readClipboard, selectedText } from '../../../host/editorInput';
import { type ErrorContext, researchGoneText, researchUnroutedText } from '../../../host/errorText';
import { formatExact, plural } from '../../../shared/format';
import { findJobIds, MAX_JOB_IDS_PER_INPUT, normalizeJobId, parseJobIdInput, shortJobId } from '../../../shared/jobIds';
import { plainText } from '../../../shared/text';
import { capMessage, roomLeft } from '../model/jobCap';
import { EXAMPLE_JOB_ID as EXAMPLE, jobIdInputMessage } from '../model/jobIdInput';
import type { ResearchStore, TrackResult } from '../model/researchStore';
import { trackChecked, type TrackCheckedOptions, type TrackOutcome } from '../model/trackChecked';

export interface TrackDeps {
  store: ResearchStore;
  reveal(jobId: string): Promise<void>;
  /** Where requests go: a server of one's own is not told to check a key against a team. */
  errors(): ErrorContext;
  /** When a run began, where the team's recent activity says. */
  ranAt?(id: string): number | undefined;
}

/** Ids from the selection, else from the clipboard, to start the input box with. */
async function prefill(): Promise<string> {
  const fromSelection = findJobIds(selectedText() ?? '');
  const ids = fromSelection.length ? fromSelection : findJobIds((await readClipboard()) ?? '');
  // A clipboard of thousands of ids fills the box with as many as it takes; the rest can follow.
  return ids.slice(0, MAX_JOB_IDS_PER_INPUT).map(normalizeJobId).join(' ');
}

/** The validation message for what is typed, or undefined when it can be accepted. */
export function validateJobIdInput(text: string, isTracked: (id: string) => boolean, capacity?: { room: number; max: number }): vscode.InputBoxValidationMessage | string | undefined {
  const found = jobIdInputMessage(text, isTracked, capacity);
  if (!found) return undefined;
  return found.severity === 'error' ? found.message : { message: found.message, severity: vscode.InputBoxValidationSeverity.Info };
}

function shortList(ids: readonly string[]): string {
  const shown = ids.slice(0, 5).map(shortJobId).join(', ');
  return ids.length > 5 ? vscode.l10n.t('{0} and {1} more', shown, formatExact(ids.length - 5)) : shown;
}

/** Not found at a server of one's own used without a key: it may keep no such jobs at all, and has no key to check. */
function notFoundHereText(ids: string, apiUrl: string): string {
  return vscode.l10n.t('Not found at {1}: {0}. Check the id, and that the job ran on this server: a self-hosted Firecrawl may keep no agent or deep research jobs.', ids, plainText(apiUrl, 200));
}

/** What the cap did to a track, said here, once, in the window that tracked: the others only see the list change. */
export function sayCap(result: TrackResult, max: number): void {
  const cap = capMessage(result, max);
  if (cap) void (cap.severity === 'warning' ? vscode.window.showWarningMessage(cap.text) : vscode.window.showInformationMessage(cap.text));
}

async function finish(deps: TrackDeps, ids: string[], options?: TrackCheckedOptions & { show?: boolean }): Promise<TrackOutcome> {
  const outcome = await trackChecked(
    deps.store,
    ids,
    async (result) => {
      // Look Up is a question: the view opens only for a job it finds.
      const first = options?.dropUnanswered ? undefined : (result.added[0] ?? result.existing[0]);
      if (first) await deps.reveal(first).then(undefined, () => undefined);
      if (!options?.show && !result.added.length && !result.refused.length && result.existing.length) {
        void vscode.window.showInformationMessage(result.existing.length === 1 ? vscode.l10n.t('That job is already tracked.') : vscode.l10n.t('Those jobs are already tracked.'));
      }
    },
    { ...options, ...(deps.ranAt ? { ranAt: deps.ranAt } : {}) },
  );
  sayCap(outcome, deps.store.maxJobs);
  const found = options?.dropUnanswered ? (outcome.added[0] ?? outcome.existing[0]) : undefined;
  if (found) await deps.reveal(found).then(undefined, () => undefined);
  if (outcome.notFound.length) {
    // A server of one's own used without a key keeps no team to check a key against.
    const { selfHosted, apiUrl, keySet } = deps.errors();
    void vscode.window.showWarningMessage(
      outcome.notFoundResearchGone.length
        ? vscode.l10n.t(
            'Not found: {0}. A deep research job cannot be read any more: the Deep Research API was shut down. For an agent job, check the id, and that your API key belongs to the team that ran it.',
            shortList(outcome.notFound),
          )
        : selfHosted && keySet === false && apiUrl
          ? notFoundHereText(shortList(outcome.notFound), apiUrl)
          : vscode.l10n.t('Not found as an agent job or a deep research job: {0}. Check the id, and that your API key belongs to the team that ran it.', shortList(outcome.notFound)),
    );
  }
  if (outcome.shutDown.length) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Cannot track {0}: {1}', shortList(outcome.shutDown), researchGoneText()));
  }
  if (outcome.unrouted.length) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Cannot track {0}: {1}', shortList(outcome.unrouted), researchUnroutedText()));
  }
  return outcome;
}

/**
 * `options` `{ lookUp: true }` (the job-id hover's Look Up): an id no answer could say anything of is
 * dropped again and listed in `unanswered`, for the caller to say why. `{ show: true }` (Show Job): a
 * job already tracked is revealed without saying so.
 */
export async function trackJob(deps: TrackDeps, argument?: unknown, options?: unknown): Promise<TrackOutcome | undefined> {
  const flag = (name: 'lookUp' | 'show') => typeof options === 'object' && options !== null && (options as Record<string, unknown>)[name] === true;
  if (typeof argument === 'string') {
    const { ids, invalid, tooLong } = parseJobIdInput(argument);
    if (invalid.length || !ids.length) {
      void vscode.window.showWarningMessage(
        tooLong
          ? vscode.l10n.t('Too many job ids at once (at most {0}).', formatExact(MAX_JOB_IDS_PER_INPUT))
          : vscode.l10n.t('Not a job id: {0}', plainText(invalid[0] ?? vscode.l10n.t({ message: '(empty)', comment: ['no job id given'] }), 80)),
      );
      return undefined;
    }
    return finish(deps, ids, { dropUnanswered: flag('lookUp'), show: flag('show') });
  }

  const box = vscode.window.createInputBox();
  box.title = vscode.l10n.t('Firecrawl: Track Job');
  box.prompt = vscode.l10n.t('An agent or deep research job id (UUID). Paste several at once, separated by spaces, commas or new lines.');
  box.placeholder = EXAMPLE;
  box.ignoreFocusOut = true;
  box.value = await prefill();
  const isTracked = (id: string) => deps.store.get(id) !== undefined;
  const capacity = () => ({ room: roomLeft(deps.store.jobs, deps.store.maxJobs), max: deps.store.maxJobs });
  box.validationMessage = box.value ? validateJobIdInput(box.value, isTracked, capacity()) : undefined;

  return new Promise<TrackOutcome | undefined>((resolve) => {
    let settled = false;
    let accepted = false;
    const done = (result: TrackOutcome | undefined) => {
      if (settled) return;
      settled = true;
      box.dispose();
      resolve(result);
    };
    box.onDidChangeValue((value) => {
      box.validationMessage = validateJobIdInput(value, isTracked, capacity());
    });
    box.onDidAccept(() => {
      const { ids, invalid, tooLong } = parseJobIdInput(box.value);
      if (tooLong || invalid.length || !ids.length) {
        box.validationMessage = validateJobIdInput(box.value, isTracked, capacity()) ?? vscode.l10n.t('Paste a job id such as {0}, or press Escape to cancel.', EXAMPLE);
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
export async function trackFromSelection(deps: TrackDeps): Promise<TrackOutcome | undefined> {
  const found = findJobIds(selectedText() ?? '');
  if (found.length > MAX_JOB_IDS_PER_INPUT) {
    const [n, max] = [formatExact(found.length), formatExact(MAX_JOB_IDS_PER_INPUT)];
    void vscode.window.showWarningMessage(
      plural(found.length, vscode.l10n.t('The selection holds {0} job id; tracking the first {1}.', n, max), vscode.l10n.t('The selection holds {0} job ids; tracking the first {1}.', n, max)),
    );
  }
  const ids = found.slice(0, MAX_JOB_IDS_PER_INPUT);
  if (!ids.length) {
    void vscode.window.showWarningMessage(vscode.l10n.t('The selection holds no job id (a UUID such as {0}).', EXAMPLE));
    return undefined;
  }
  return finish(deps, ids);
}
