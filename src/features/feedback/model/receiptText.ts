// The receipt of a sent feedback as one sentence: what was refunded, how much of today's cap is
// used, and the service's own warning when the cap is reached or the job already had feedback.
// Pure: no `vscode`.

import type { FeedbackReceipt } from '../../../api/model';
import { plainText } from '../../../shared/text';

export interface ReceiptMessage {
  message: string;
  /** 'warning' when nothing more can be refunded (repeat, or the daily cap). */
  severity: 'info' | 'warning';
  /** Credits came back, so the credits status bar is out of date. */
  refreshCredits: boolean;
}

function credits(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'credit' : 'credits'}`;
}

export function describeReceipt(receipt: FeedbackReceipt): ReceiptMessage {
  const refunded = receipt.creditsRefunded;
  const head = receipt.alreadySubmitted ? 'Feedback was already submitted for this job' : 'Feedback sent';
  const refund = refunded > 0 ? `${credits(refunded)} refunded` : 'no credits refunded';
  const today = `Refunded today: ${receipt.creditsRefundedToday.toLocaleString('en-US')} of the ${receipt.dailyRefundCap.toLocaleString('en-US')}-credit daily cap.`;
  // The toast shows one line: what happened comes first, the cap second.
  const parts = [`${head}: ${refund}.`, today];
  if (receipt.warning?.trim()) parts.push(`Firecrawl says: ${plainText(receipt.warning, 300)}`);
  else if (receipt.alreadySubmitted) parts.push('A repeat never refunds twice.');
  else if (receipt.dailyCapReached) parts.push('The daily refund cap is reached; the feedback is still recorded.');
  return {
    message: parts.join(' '),
    severity: receipt.alreadySubmitted || receipt.dailyCapReached ? 'warning' : 'info',
    refreshCredits: refunded > 0,
  };
}
