// The receipt of a sent feedback as one sentence: what was refunded, how much of today's cap is
// used, and the service's own warning when the cap is reached or the job already had feedback.
// Pure: no `vscode`.

import type { FeedbackReceipt } from '../../../api/model';
import { plainText, sentence } from '../../../shared/text';

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

function todayText({ creditsRefundedToday: today, dailyRefundCap: cap }: FeedbackReceipt): string[] {
  if (today === undefined) return cap === undefined ? [] : [`The daily refund cap is ${cap.toLocaleString('en-US')} credits.`];
  return [`Refunded today: ${today.toLocaleString('en-US')}${cap === undefined ? '' : ` of the ${cap.toLocaleString('en-US')}-credit daily cap`}.`];
}

export function describeReceipt(receipt: FeedbackReceipt): ReceiptMessage {
  const refunded = receipt.creditsRefunded;
  const head = receipt.alreadySubmitted ? 'Feedback was already submitted for this job' : 'Feedback sent';
  const refund = refunded > 0 ? `${credits(refunded)} refunded` : 'no credits refunded';
  // The toast shows one line: what happened comes first, the cap second (when the receipt says it).
  const parts = [`${head}: ${refund}.`, ...todayText(receipt)];
  if (receipt.warning?.trim()) parts.push(`Firecrawl says: ${sentence(plainText(receipt.warning, 300))}`);
  else if (receipt.alreadySubmitted) parts.push('A repeat never refunds twice.');
  else if (receipt.dailyCapReached) parts.push('The daily refund cap is reached; the feedback is still recorded.');
  return {
    message: parts.join(' '),
    severity: receipt.alreadySubmitted || receipt.dailyCapReached ? 'warning' : 'info',
    refreshCredits: refunded > 0,
  };
}
