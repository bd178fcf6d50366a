// Runs the feedback wizard in VS Code: picks the starting job id, keeps the draft in globalState
// after every page, sends through the client, and turns the answer into one notification with
// next steps. One wizard at a time: starting another closes the open one (its draft is saved; one
// that goes on later from its note editor saves beside the new one's draft, never over it).
import * as vscode from 'vscode';
import { runCommonStep } from '../../../host/nextStepCommands';
import { COMMANDS } from '../../../ids';
import type { FeedbackEndpoint, FeedbackReceipt, FeedbackRequest } from '../../../api';
import { CancelledError, isFirecrawlError } from '../../../api/errors';
import type { ClientProvider } from '../../../host/clientProvider';
import type { Logger } from '../../../host/logger';
import { cloneDraft, emptyDraft, mayHaveLanded, prefillJobId, sameDraft, type WizardDraft } from '../model/draft';
import { DraftStore } from '../model/draftStore';
import { checkDraft } from '../model/checkDraft';
import { SettledWrites } from '../../../shared/settledState';
import { readClipboard, selectedText } from '../../../host/editorInput';
import { describeFeedbackFailure, type FailureAction, type FailureMessage, nextStepLabel, windowFromFeedbackError } from '../../../host/errorText';
import { systemClock } from '../../../shared/clock';
import { normalizeJobId, singleJobId } from '../../../shared/jobIds';
import { FeedbackWindows } from '../model/feedbackWindow';
import { type ActivitySource, RecentFeedbackJobs } from '../model/recentJobs';
import { type OpenPage, QuickInputPrompter } from './quickInputPrompter';
import { describeReceipt } from '../model/receiptText';
import { sendFeedback } from './send';
import { editInUntitledDocument } from './untitledEditor';
import type { ResumableDraft, StartingJobId } from '../wizard/context';
import { runFeedbackWizard, type WizardOptions } from '../wizard/wizard';

export interface StartOptions {
  /** A job id to start with (e.g. the editor selection the context menu was opened on). */
  jobId?: string;
  endpoint?: FeedbackEndpoint;
  /** A draft to reopen on its review page ("Edit and Retry"): the one whose send failed. */
  reopen?: WizardDraft;
  /** The page the job was about, as the feedback's `url`. */
  url?: string;
  /** Rate a result just opened: start on the rating page with `endpoint` and `jobId` chosen. */
  rateResult?: boolean;
}

/** The job the feedback went to: the wizard's Back leads to the job page, so it may not be the one it opened on. */
export interface FeedbackJob {
  endpoint: FeedbackRequest['endpoint'];
  jobId: string;
}

export type FeedbackRunResult =
  | { kind: 'cancelled' }
  | { kind: 'sent'; job: FeedbackJob; receipt: FeedbackReceipt; message: string }
  /** `code` is the service's feedbackErrorCode, and `windowSeconds` the window a FEEDBACK_WINDOW_EXPIRED stated. */
  | { kind: 'failed'; job: FeedbackJob; message: string; actions: string[]; code?: string; windowSeconds?: number };

/** One send of a feedback, kept for its failure's next steps (Send Again, Edit and Retry). */
interface Attempt {
  request: FeedbackRequest;
  /** The draft as typed when it left the wizard: what Edit and Retry reopens. */
  draft: WizardDraft;
  /** When the job ran, if the job page's list said. */
  ranAt: number | undefined;
  /** The window's draft saves when it left the wizard: a later success clears only a draft not edited since. */
  edits: number;
  /** An earlier attempt's answer never came: it may have been recorded. */
  mayHaveLanded: boolean;
}

/** The wizard on screen; `aside` once a newer one replaced it off its pages: where its saves go instead of the window's place. */
interface OpenWizard {
  prompter: QuickInputPrompter;
  aside?: string;
}

export class FeedbackController implements vscode.Disposable {
  readonly drafts: DraftStore;
  private readonly settled: SettledWrites;
  /** Each server's feedback window, as its own errors said. */
  readonly windows: FeedbackWindows;
  private wizard: OpenWizard | undefined;
  /** The open wizard's walk through its pages: it ends with the save of what its last page held. */
  private walk: Promise<unknown> = Promise.resolve();
  /** Counts the saves of this window's draft: a request sent again later clears only a draft not edited since it failed. */
  private edits = 0;

  constructor(
    private readonly provider: ClientProvider,
    storage: vscode.Memento,
    private readonly log: Logger,
    windowId: string,
    /** The windows of this editor still open: their drafts are copied, not taken (they may still be editing them). */
    private readonly openWindows: () => Promise<ReadonlySet<string>>,
    /** The team's recent activity the window shares: the job page's list. */
    private readonly activity: ActivitySource,
    /** Every answer to a feedback sent, the first try's and a later Send Again's alike. */
    private readonly delivered: (result: FeedbackRunResult) => void = () => undefined,
  ) {
    // Another window's globalState write can replace this window's draft: it is looked at again and rewritten.
    this.settled = new SettledWrites(storage, systemClock);
    this.drafts = new DraftStore(
      storage,
      windowId,
      Date.now,
      () => vscode.workspace.name,
      (key, value, wanted) => this.settled.write(key, value, wanted),
    );
    this.windows = new FeedbackWindows(storage);
  }

  /**
   * What the first page offers to resume: this window's draft, then every draft other windows left,
   * newest first. A closed window's draft moves here when resumed; an open window's is copied.
   */
  private async resumable(): Promise<ResumableDraft[]> {
    const out: ResumableDraft[] = [];
    const own = this.drafts.load();
    if (own) out.push({ ...own, origin: 'here' });
    const others = this.drafts.others();
    // One look at which windows are open, whatever the number of drafts.
    const openNow = others.length ? await this.openWindows().catch(() => new Set<string>()) : new Set<string>();
    for (const other of others) {
      const here = this.drafts.isSetAsideHere(other);
      const open = !here && other.windowId !== undefined && openNow.has(other.windowId);
      out.push({
        draft: other.draft,
        savedAt: other.savedAt,
        origin: here ? 'here' : open ? 'open' : 'closed',
        ...(other.window ? { window: other.window } : {}),
        adopt: () => void (open ? this.drafts.copy(other) : this.drafts.adopt(other)),
      });
    }
    return out;
  }

  /** Writes still under way (deactivation waits for them). */
  flush(): Promise<void> {
    return this.drafts.settled();
  }

  /** The wizard page on screen, for tests that drive the real widgets. */
  get page(): OpenPage | undefined {
    return this.wizard?.prompter.page;
  }

  async start(options: StartOptions = {}): Promise<FeedbackRunResult> {
    // A wizard replaced on one of its pages keeps what that page held as it closes: the new one reads
    // the drafts after that save, or it would offer the draft without it. (A replaced wizard in its
    // note editor is not waited for: that editor stays open until the person closes it.)
    const replaced = this.wizard;
    const replacedOnPage = replaced?.prompter.page !== undefined;
    // Off its pages (in its note editor, say) the replaced wizard saves again only when it goes on, after
    // this one took the window's place: from now on it saves in a place set aside of its own, where its
    // draft is moved below, so what it still takes from its editor is kept and offered to resume,
    // never written over this one's draft.
    if (replaced && !replacedOnPage) replaced.aside = this.drafts.asideSlot();
    const asideSlot = replaced?.aside;
    replaced?.prompter.dispose();
    const prompter = new QuickInputPrompter(editInUntitledDocument);
    const wizard: OpenWizard = { prompter };
    this.wizard = wizard;
    const recent = new RecentFeedbackJobs(this.activity);
    try {
      if (replacedOnPage) {
        await this.walk;
        await this.drafts.settled();
      }
      const own = this.drafts.load()?.draft;
      let draft: WizardDraft;
      const server = this.provider.url.url;
      const wizardOptions: WizardOptions = {
        onChange: (d) => this.keep(d, wizard),
        clock: systemClock,
        recent,
        ...windowOption(this.windows.seconds(server)),
        errors: this.provider.errorContext,
      };
      if (options.reopen) {
        // The draft that failed, even when the window's place holds one written since (or none, that one
        // sent): that one is set aside, offered to resume, and copies of the failed one set aside earlier
        // go, now it is back in the window's place.
        const failed = options.reopen;
        if (!own || !sameDraft(own, failed)) {
          if (own) this.drafts.setAside(asideSlot);
          await this.drafts.forget((d) => sameDraft(d, failed));
        }
        draft = cloneDraft(failed);
        wizardOptions.start = 'review';
      } else if (options.rateResult && options.endpoint && options.jobId) {
        // Rating the result just opened: nothing to guess, nothing to resume. An unsent draft of another
        // job in this window's place is set aside, offered again next time, not written over.
        const ownJob = own !== undefined && normalizeJobId(own.jobId) === normalizeJobId(options.jobId);
        if (own && !ownJob) this.drafts.setAside(asideSlot);
        // An unsent draft of this very job is what the person wrote about it: the rating starts from it.
        draft = own && ownJob ? cloneDraft(own) : emptyDraft(options.jobId);
        draft.endpoint = options.endpoint;
        // The result's page, unless the person wrote another one into the draft already.
        if (options.url && !draft.url.trim()) draft.url = options.url;
        wizardOptions.start = 'rating';
        wizardOptions.startingJobId = { id: options.jobId, from: 'command' };
      } else {
        // A new feedback begins in this window's place: its unsent draft moves aside first, offered to
        // resume (Back included) and never written over by what the new one saves.
        if (own) {
          this.drafts.setAside(asideSlot);
          await this.drafts.settled();
        }
        const saved = await this.resumable();
        const selection = selectedText();
        const clipboard = options.jobId ? undefined : await readClipboard();
        const jobId = prefillJobId({ explicit: options.jobId, selection, clipboard });
        draft = emptyDraft(jobId ?? '');
        const from: StartingJobId['from'] | undefined = !jobId ? undefined : singleJobId(options.jobId) === jobId ? 'command' : singleJobId(selection) === jobId ? 'selection' : 'clipboard';
        if (jobId && from) wizardOptions.startingJobId = { id: jobId, from };
        if (options.endpoint) draft.endpoint = options.endpoint;
        if (saved.length) wizardOptions.resumable = saved;
      }
      const walk = runFeedbackWizard(draft, prompter, wizardOptions);
      this.walk = walk.catch(() => undefined);
      const request = await walk;
      if (!request) return { kind: 'cancelled' };
      // Sent (here or in a closed window) without an answer that could be read, to the job it goes to now: it may be a repeat.
      const earlier = draft.unanswered;
      const repeat = earlier !== undefined && earlier.endpoint === request.endpoint && normalizeJobId(earlier.jobId) === normalizeJobId(request.jobId);
      return await this.deliver({ request, draft: cloneDraft(draft), ranAt: recent.ranAt(request.endpoint, request.jobId), edits: this.edits, mayHaveLanded: repeat });
    } finally {
      if (this.wizard === wizard) this.wizard = undefined;
      prompter.dispose();
      recent.dispose();
    }
  }

  dispose(): void {
    this.wizard?.prompter.dispose();
    this.settled.dispose();
  }

  private keep(draft: WizardDraft, wizard: OpenWizard): void {
    if (wizard.aside !== undefined) {
      // The edits count and the last draft are the window's place's, now the newer wizard's.
      this.drafts.saveAside(wizard.aside, draft).then(undefined, (error: unknown) => this.log.warn(`Could not save the feedback draft: ${String(error)}`));
      return;
    }
    this.edits++;
    this.drafts.save(draft).then(undefined, (error: unknown) => this.log.warn(`Could not save the feedback draft: ${String(error)}`));
  }

  private async deliver(attempt: Attempt): Promise<FeedbackRunResult> {
    const result = await this.send(attempt);
    this.delivered(result);
    return result;
  }

  private async send(attempt: Attempt): Promise<FeedbackRunResult> {
    const { request, ranAt } = attempt;
    this.log.info(`Sending feedback: ${request.endpoint} job ${request.jobId}, rated ${request.rating}`);
    const outcome = await sendFeedback(this.provider, request);
    if (outcome.kind === 'sent') {
      if (this.edits === attempt.edits) await this.drafts.clear().then(undefined, () => undefined);
      // A Send Again after a newer wizard set this draft aside: the copy set aside was just sent.
      const sent = JSON.stringify(request);
      await this.drafts.forget((draft) => isSentAs(draft, sent)).then(undefined, () => undefined);
      // An old job taken is the server's word that its window grew: a countdown to the old one would refuse jobs it takes.
      void this.windows.accepted(this.provider.url.url, ranAt).then(undefined, () => undefined);
      const receipt = describeReceipt(outcome.receipt);
      this.log.info(`Feedback ${outcome.receipt.feedbackId ?? ''} recorded: ${receipt.message}`);
      if (receipt.refreshCredits) void vscode.commands.executeCommand(COMMANDS.refreshCredits).then(undefined, () => undefined);
      const note = outcome.receipt.alreadySubmitted ? request.note?.trim() : undefined;
      if (note) {
        // A repeat stores nothing new: the note written for it lives on only if it is taken from here.
        const copy = vscode.l10n.t('Copy Note');
        void vscode.window.showWarningMessage(receipt.message, copy).then((choice) => (choice === copy ? vscode.env.clipboard.writeText(note) : undefined));
      } else void (receipt.severity === 'warning' ? vscode.window.showWarningMessage(receipt.message) : vscode.window.showInformationMessage(receipt.message));
      return { kind: 'sent', job: { endpoint: request.endpoint, jobId: request.jobId }, receipt: outcome.receipt, message: receipt.message };
    }
    const error = outcome.kind === 'cancelled' ? new CancelledError({ operation: 'feedback' }) : outcome.error;
    // The server says how long it accepts feedback only when it is too late: remember it for the countdown.
    const window = windowFromFeedbackError(error);
    if (window !== undefined) void this.windows.learn(this.provider.url.url, window).then(undefined, () => undefined);
    const failure = describeFeedbackFailure(error, {
      endpoint: request.endpoint,
      jobId: request.jobId,
      ...this.provider.errorContext,
      earlierMayHaveLanded: attempt.mayHaveLanded,
    });
    this.log.warn(`Feedback not recorded: ${error instanceof Error ? error.message : String(error)}`);
    let next = attempt;
    if (mayHaveLanded(error)) {
      // The saved draft remembers it too: resumed later, in a new wizard or another window, a resend is worded as Send Again's is.
      const marked: WizardDraft = { ...cloneDraft(attempt.draft), unanswered: { endpoint: request.endpoint, jobId: request.jobId } };
      await this.drafts.replace((d) => sameDraft(d, attempt.draft), marked).then(undefined, () => undefined);
      next = { ...attempt, draft: marked, mayHaveLanded: true };
    }
    void this.offer(failure, next);
    const code = isFirecrawlError(error) && error.kind === 'feedback' ? error.feedbackErrorCode : undefined;
    return {
      kind: 'failed',
      job: { endpoint: request.endpoint, jobId: request.jobId },
      message: failure.message,
      actions: failure.actions.map((a) => nextStepLabel(a)),
      ...(code ? { code } : {}),
      ...(window !== undefined ? { windowSeconds: window } : {}),
    };
  }

  /** Shows the failure with its next steps; the draft stays saved whatever is chosen. */
  private async offer(failure: FailureMessage, attempt: Attempt): Promise<void> {
    const labels = failure.actions.map((a) => nextStepLabel(a));
    const show = failure.severity === 'error' ? vscode.window.showErrorMessage : failure.severity === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    const choice = await show(failure.message, ...labels);
    const action = failure.actions.find((a) => nextStepLabel(a) === choice);
    if (action) await this.run(action, attempt);
  }

  private async run(action: FailureAction, attempt: Attempt): Promise<void> {
    switch (action) {
      case 'editAndRetry':
        // Edited or not, a retry to the same job after an unanswered attempt is worded as Send Again's is.
        await this.start({ reopen: attempt.draft });
        return;
      case 'sendAgain':
        await this.deliver(attempt);
        return;
      default:
        await runCommonStep(action);
        return;
    }
  }
}

/** Whether the draft, checked, is exactly the request sent (as JSON). */
function isSentAs(draft: WizardDraft, sent: string): boolean {
  const check = checkDraft(draft);
  return check.ok && JSON.stringify(check.request) === sent;
}

/** The server's window for the wizard, only when one of its answers stated it. */
function windowOption(seconds: number | undefined): { windowSeconds?: number } {
  return seconds === undefined ? {} : { windowSeconds: seconds };
}
