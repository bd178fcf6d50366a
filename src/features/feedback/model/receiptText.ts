// The receipt of a sent feedback as one sentence: what was refunded, how much of today's cap is
// used, and the service's own warning when the cap is reached or the job already had feedback.
// Pure: no `vscode`.

import * as l10n from '@vscode/l10n';
import type { FeedbackReceipt } from '../../../api/model';
import { formatExact, plural } from '../../../shared/format';
import { plainText, sentence } from '../../../shared/text';

export interface ReceiptMessage {
  message: string;
  /** 'warning' when nothing more can be refunded (repeat, or the daily cap). */
  severity: 'info' | 'warning';
  /** Credits came back (now, or at a first sending this repeats), so the credits status bar may be out of date. */
  refreshCredits: boolean;
}

/** What happened, as one sentence: a repeat or a first sending, with or without a refund. */
function headText(alreadySubmitted: boolean, refunded: number): string {
  const n = formatExact(refunded);
  if (alreadySubmitted) {
    // Often a Send Again after an answer that never came: the first sending was the one recorded.
    if (refunded <= 0) return l10n.t('Feedback was already recorded for this job: nothing more is refunded now; what the first sending refunded stands.');
    return plural(refunded, l10n.t('Feedback was already submitted for this job: {0} credit refunded.', n), l10n.t('Feedback was already submitted for this job: {0} credits refunded.', n));
  }
  if (refunded <= 0) return l10n.t('Feedback sent: no credits refunded.');
  return plural(refunded, l10n.t('Feedback sent: {0} credit refunded.', n), l10n.t('Feedback sent: {0} credits refunded.', n));
}

function todayText({ creditsRefundedToday: today, dailyRefundCap: cap }: FeedbackReceipt): string[] {
  if (today === undefined) {
    if (cap === undefined) return [];
    return [plural(cap, l10n.t('The daily refund cap is {0} credit.', formatExact(cap)), l10n.t('The daily refund cap is {0} credits.', formatExact(cap)))];
  }
  if (cap === undefined) return [l10n.t('Refunded today: {0}.', formatExact(today))];
  return [l10n.t('Refunded today: {0} of the {1}-credit daily cap.', formatExact(today), formatExact(cap))];
}

/** The id a zero-data-retention team's feedback gets: accepted (and refunded), not stored. */
const NOT_STORED_ID = /^0{8}-0{4}-0{4}-0{4}-0{12}$/;

export function describeReceipt(receipt: FeedbackReceipt): ReceiptMessage {
  const refunded = receipt.creditsRefunded;
  // The toast shows one line: what happened comes first, the cap second (when the receipt says it).
  const parts = [headText(receipt.alreadySubmitted, refunded), ...(receipt.alreadySubmitted ? [l10n.t('The first feedback stands: what was sent now was not stored.')] : []), ...todayText(receipt)];
  if (receipt.warning?.trim()) parts.push(l10n.t('Firecrawl says: {0}', sentence(plainText(receipt.warning, 300))));
  else if (receipt.alreadySubmitted) parts.push(l10n.t('A repeat never refunds twice.'));
  else if (receipt.dailyCapReached) parts.push(l10n.t('The daily refund cap is reached; the feedback is still recorded.'));
  if (receipt.feedbackId && NOT_STORED_ID.test(receipt.feedbackId)) parts.push(l10n.t('Your team has zero data retention: Firecrawl took the feedback without storing it.'));
  return {
    message: parts.join(' '),
    severity: receipt.alreadySubmitted || receipt.dailyCapReached ? 'warning' : 'info',
    // A repeat: the first sending may have refunded credits the status bar has not seen.
    refreshCredits: refunded > 0 || receipt.alreadySubmitted,
  };
}
