// "Firecrawl: Submit Feedback…" from the palette, and "Send Firecrawl Feedback for This Job" in the
// editor context menu, shown only while the selection holds exactly one job id.
import * as vscode from 'vscode';
import { FEEDBACK_ENDPOINTS } from '../api';
import { FeedbackController, type StartOptions, selectedText } from '../feedback/feedbackController';
import { singleJobId } from '../feedback/jobIdSources';
import type { ClientProvider } from '../platform/clientProvider';
import type { Logger } from '../platform/logger';

export const SELECTION_HAS_JOB_ID = 'firecrawl.selectionHasJobId';

/** Arguments other commands (or links) may pass; anything else is ignored. */
function startOptions(args: unknown): StartOptions {
  if (typeof args !== 'object' || args === null) return {};
  const { jobId, endpoint } = args as { jobId?: unknown; endpoint?: unknown };
  const options: StartOptions = {};
  if (typeof jobId === 'string') options.jobId = jobId;
  const known = FEEDBACK_ENDPOINTS.find((e) => e.id === endpoint);
  if (known) options.endpoint = known.id;
  return options;
}

function trackSelection(): vscode.Disposable {
  let current: boolean | undefined;
  const update = (editor: vscode.TextEditor | undefined) => {
    const has = singleJobId(selectedText(editor)) !== undefined;
    if (has === current) return;
    current = has;
    void vscode.commands.executeCommand('setContext', SELECTION_HAS_JOB_ID, has);
  };
  update(vscode.window.activeTextEditor);
  return vscode.Disposable.from(
    vscode.window.onDidChangeTextEditorSelection((e) => update(e.textEditor)),
    vscode.window.onDidChangeActiveTextEditor(update),
  );
}

export function registerFeedback(context: vscode.ExtensionContext, provider: ClientProvider, log: Logger): FeedbackController {
  const controller = new FeedbackController(provider, context.globalState, log);
  context.subscriptions.push(
    controller,
    trackSelection(),
    vscode.commands.registerCommand('firecrawl.submitFeedback', (args?: unknown) => controller.start(startOptions(args))),
    vscode.commands.registerCommand('firecrawl.submitFeedbackForSelection', () => controller.start({ jobId: selectedText() ?? '' })),
  );
  return controller;
}
