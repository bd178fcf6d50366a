// Sends one checked request inside a progress notification. Never retried here (a repeat would turn
// a real answer into "already submitted"), and never abandoned once sent: cancelling works only until
// the request leaves, after that the answer is awaited (said in the status bar) so the person learns
// what happened.
import * as vscode from 'vscode';
import type { FeedbackReceipt, FeedbackRequest } from '../../../api';
import { submitFeedback } from '../../../api/feedbackSubmit';
import type { ClientProvider } from '../../../host/clientProvider';

export type SendOutcome = { kind: 'sent'; receipt: FeedbackReceipt } | { kind: 'failed'; error: unknown } | { kind: 'cancelled' };

export function sendFeedback(provider: Pick<ClientProvider, 'client'>, request: FeedbackRequest): Thenable<SendOutcome> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Firecrawl: sending feedback'), cancellable: true },
    async (progress, token): Promise<SendOutcome> => {
      progress.report({ message: vscode.l10n.t('{0} job {1}…', request.endpoint, request.jobId) });
      // Let the notification (and its Cancel button) appear before anything leaves.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (token.isCancellationRequested) return { kind: 'cancelled' };
      const sending = submitFeedback(provider.client, request);
      // The notification closes with its Cancel: the wait goes on in the status bar until the answer's notice.
      const late = token.onCancellationRequested(() => {
        void vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Firecrawl: feedback already sent, waiting for the answer (it cannot be recalled)') }, () =>
          sending.then(
            () => undefined,
            () => undefined,
          ),
        );
      });
      try {
        return { kind: 'sent', receipt: await sending };
      } catch (error) {
        return { kind: 'failed', error };
      } finally {
        late.dispose();
      }
    },
  );
}
