// "Firecrawl: Submit Feedback…" from the palette, and "Send Firecrawl Feedback for This Job" in the
// editor context menu, shown only while the selection holds exactly one job id (host/selectionContext).
import * as vscode from 'vscode';
import { registerCommand } from '../../host/commands';
import { FEEDBACK_ENDPOINT_IDS } from '../../api/feedback/types';
import { COMMANDS } from '../../ids';
import { BuiltOnDemand, loadOnDemand } from '../../host/onDemand';
import { selectedText } from '../../host/editorInput';
import type { FeedbackController, FeedbackRunResult, StartOptions } from './ui/controller';
import { Emitter, type Event } from '../../shared/events';
import type { ClientProvider } from '../../host/clientProvider';
import type { Logger } from '../../host/logger';
import type { RecentActivity } from '../activity';

/** Arguments other commands (or links) may pass; anything else is ignored. */
function startOptions(args: unknown): StartOptions {
  if (typeof args !== 'object' || args === null) return {};
  const { jobId, endpoint, url, rateResult } = args as { jobId?: unknown; endpoint?: unknown; url?: unknown; rateResult?: unknown };
  const options: StartOptions = {};
  if (typeof jobId === 'string') options.jobId = jobId;
  const known = FEEDBACK_ENDPOINT_IDS.find((id) => id === endpoint);
  if (known) options.endpoint = known;
  if (typeof url === 'string') options.url = url;
  // A result rated where it was opened: its endpoint and job are known, the wizard starts at the rating.
  if (rateResult === true && known && typeof jobId === 'string') options.rateResult = true;
  return options;
}

/**
 * The wizard is the largest feature and rarely needed at startup, so it lives in its own bundle
 * (dist/feedbackWizard.js, built from ./ui/bundleEntry.ts) and loads on first use.
 */
export type { FeedbackController, FeedbackRunResult } from './ui/controller';

export class LazyFeedback implements vscode.Disposable {
  private readonly wizard = new BuiltOnDemand(() =>
    loadOnDemand<typeof import('./ui/bundleEntry')>('feedbackWizard').then(
      (wizard) => new wizard.FeedbackController(this.provider, this.context.globalState, this.log, this.windowId, this.openWindows, this.activity, (result) => this.delivered.fire(result)),
    ),
  );
  private readonly delivered = new Emitter<FeedbackRunResult>();
  /** Every answer to a feedback sent from this window: a rated result learns it, whichever try it was. */
  readonly onDidDeliver: Event<FeedbackRunResult> = this.delivered.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly provider: ClientProvider,
    private readonly log: Logger,
    private readonly windowId: string,
    private readonly openWindows: () => Promise<ReadonlySet<string>>,
    private readonly activity: RecentActivity,
  ) {}

  /** The wizard's controller, its bundle loaded the first time it is asked for. */
  controller(): Promise<FeedbackController> {
    return this.wizard.get();
  }

  /** The controller once loaded (undefined until someone asked for feedback). */
  get loaded(): FeedbackController | undefined {
    return this.wizard.built;
  }

  /** Draft writes still under way; nothing when the wizard never loaded. */
  flush(): Promise<void> {
    return this.wizard.built?.flush() ?? Promise.resolve();
  }

  dispose(): void {
    this.wizard.built?.dispose();
    this.delivered.dispose();
  }
}

export interface FeedbackDeps {
  context: vscode.ExtensionContext;
  provider: ClientProvider;
  log: Logger;
  /** This window, and whether another window is open: each keeps its own draft. */
  windowId: string;
  openWindows: () => Promise<ReadonlySet<string>>;
  /** The team's recent activity, shared with the hover and the Recent group: the job page's list. */
  activity: RecentActivity;
}

export function activateFeedback({ context, provider, log, windowId, openWindows, activity }: FeedbackDeps): LazyFeedback {
  const feedback = new LazyFeedback(context, provider, log, windowId, openWindows, activity);
  context.subscriptions.push(
    feedback,
    registerCommand(COMMANDS.submitFeedback, async (args?: unknown) => (await feedback.controller()).start(startOptions(args))),
    registerCommand(COMMANDS.submitFeedbackForSelection, async () => (await feedback.controller()).start({ jobId: selectedText() ?? '' })),
  );
  return feedback;
}
