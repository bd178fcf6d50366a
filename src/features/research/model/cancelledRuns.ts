// A run we cancelled may read `failed` afterwards: the service maps its cancelled state to `failed`
// on newer deployments. Such an answer is kept as `cancelled`, so the row says what happened, and
// once a snapshot says `cancelled` (saved, or in another window) a later `failed` stays cancelled too.
import type { TrackedSnapshot } from '../../../api';
import { stoppedAtCreditLimit } from './jobFacts';

export function keepCancelled(previous: TrackedSnapshot | undefined, next: TrackedSnapshot, cancelRequested: boolean): TrackedSnapshot {
  if (next.kind !== 'agent' || next.status !== 'failed' || stoppedAtCreditLimit(next) || next.data !== undefined) return next;
  if (!cancelRequested && !(previous?.kind === 'agent' && previous.status === 'cancelled')) return next;
  return { ...next, status: 'cancelled' };
}
