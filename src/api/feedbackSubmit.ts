// Feedback, checked locally with the same rules as the service before anything is sent. Separate
// from the client so the rules travel only with the wizard, which is the one thing that sends it.
import type { FirecrawlClient } from './client';
import { InvalidRequestError } from './errors';
import type { FeedbackRequest } from './feedback/types';
import { validateFeedback } from './feedback/validate';
import type { CallOptions } from './http';
import type { FeedbackReceipt } from './model';

export async function submitFeedback(client: FirecrawlClient, request: FeedbackRequest, options: CallOptions = {}): Promise<FeedbackReceipt> {
  const checked = validateFeedback({ ...request, origin: request.origin ?? client.feedbackOrigin, integration: request.integration ?? '_vscode' });
  if (!checked.ok) throw new InvalidRequestError({ operation: 'feedback', problems: checked.problems });
  return client.sendCheckedFeedback(checked.value, options);
}
