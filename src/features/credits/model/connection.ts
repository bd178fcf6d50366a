// What the last credits call says about the connection and the server, for the welcome views and the
// agent tools' guard that need to know before anything else was asked: the balance is the one call every
// window makes (or follows) anyway.
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

/**
 * Whether the server has said it keeps no credits: another server than the hosted one that answered
 * the credit route as a self-hosted one does, or that is used without a key (only a server that skips
 * auth answers then). Not before it has answered: a proxy in front of the hosted service has another
 * address too, and counting its calls as one each would let an agent spend unasked.
 */
export function keepsNoCredits(state: CreditsState, isSelfHosted: boolean): boolean {
  const kind = state.problem?.kind;
  return isSelfHosted && !state.snapshot && (kind === 'unsupported' || kind === 'noKey');
}
