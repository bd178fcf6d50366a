// What a refused cancel of an agent run means: the service answers 409 when the run had already
// finished or had already been cancelled. Neither is a failure to cancel: the row is read again and
// the person is told what happened.
import * as l10n from '@vscode/l10n';
import { isFirecrawlError } from '../../api';

export type CancelConflict = 'finished' | 'cancelled';

/** Which 409 a DELETE /v2/agent/{id} got, from the service's own text; undefined for any other error. */
export function agentCancelConflict(error: unknown): CancelConflict | undefined {
  if (!isFirecrawlError(error) || error.status !== 409) return undefined;
  const text = error.serverMessage ?? '';
  if (/already\s+cancell?ed/i.test(text)) return 'cancelled';
  // "Agent already finished", and any other 409 of this route: the run is no longer running.
  return 'finished';
}

/** The notification after such a 409. */
export function cancelConflictText(conflict: CancelConflict, jobName: string): string {
  return conflict === 'cancelled'
    ? l10n.t('Agent job {0} was already cancelled; its row shows its last state.', jobName)
    : l10n.t('Agent job {0} had already finished before it could be cancelled; its row shows how it ended.', jobName);
}
