// What the last credits call says about the connection, for the welcome views that need to know
// before any job is tracked: the balance is the one call every window makes (or follows) anyway.
import { isNoAnswer } from '../../../api';
import type { CreditsState } from './creditsStore';

export type Connection = 'unknown' | 'ok' | 'rejected' | 'offline';

export function connectionOf(state: CreditsState): Connection {
  const problem = state.problem;
  if (!problem) return state.snapshot ? 'ok' : 'unknown';
  if (problem.kind === 'unauthorized') return 'rejected';
  if (problem.kind === 'unavailable' && isNoAnswer(problem.error)) return 'offline';
  // No billing record or a self-hosted server still means the key and the server work.
  if (problem.kind === 'noBilling' || problem.kind === 'unsupported') return 'ok';
  return 'unknown';
}
