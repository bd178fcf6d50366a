// The statuses the service names (a run's `processing | completed | failed | cancelled`, a deep
// research step's `processing | complete | error`) in the reader's language, wherever the Research
// view shows them: rows and tooltips. A word the service adds later stays as it sent it, as plain text.
import * as l10n from '@vscode/l10n';
import { plainText } from './text';

// Functions, not strings: looked up when a row is drawn, after the language is set.
export const STATUS_TEXT = {
  processing: () => l10n.t({ message: 'processing', comment: ['job status'] }),
  completed: () => l10n.t({ message: 'completed', comment: ['job status'] }),
  failed: () => l10n.t({ message: 'failed', comment: ['job status'] }),
  cancelled: () => l10n.t({ message: 'cancelled', comment: ['job status'] }),
  error: () => l10n.t({ message: 'error', comment: ['status of a deep research step that failed'] }),
} as const;

const SERVICE_STATUS: Readonly<Record<string, () => string>> = { ...STATUS_TEXT, complete: STATUS_TEXT.completed };

/** `max` caps an unknown word from the server (a row's description has little room). */
export function serviceStatusText(status: string, max = 40): string {
  const known = Object.hasOwn(SERVICE_STATUS, status) ? SERVICE_STATUS[status] : undefined;
  return known ? known() : plainText(status, max);
}
