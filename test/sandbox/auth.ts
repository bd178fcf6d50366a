// Bearer authentication as the live service answers it.
import type { RouteName, SandboxKeys } from './types';

export interface ApiKeyInfo {
  secret: string;
  /** Display name shown in the per-key usage history. */
  name: string;
  teamId: string;
  /** Restricted keys may only call team and feedback routes. */
  restricted: boolean;
}

export const DEMO_TEAM_ID = 'team-sandbox-demo';

/** Fake keys, meaningful only to this sandbox. */
export const SANDBOX_KEYS: SandboxKeys = {
  valid: 'fc-sandbox-0001-default-0000000000000001',
  second: 'fc-sandbox-0002-notebook-000000000000002',
  restricted: 'fc-sandbox-0003-ci-restricted-0000000003',
};

export const KEY_TABLE: readonly ApiKeyInfo[] = [
  { secret: SANDBOX_KEYS.valid, name: 'Default', teamId: DEMO_TEAM_ID, restricted: false },
  { secret: SANDBOX_KEYS.second, name: 'Research notebook', teamId: DEMO_TEAM_ID, restricted: false },
  { secret: SANDBOX_KEYS.restricted, name: 'CI pipeline', teamId: DEMO_TEAM_ID, restricted: true },
];

export type AuthOutcome = { ok: true; key: ApiKeyInfo } | { ok: false; status: 401 | 403; body: { success: false; error: string } };

/** Routes a restricted key may call (the service always allows team and feedback routes). */
const ALWAYS_ALLOWED: ReadonlySet<RouteName> = new Set<RouteName>(['creditUsage', 'creditUsageHistorical', 'creditUsageV1', 'activity', 'queueStatus', 'feedback', 'searchFeedback']);

export function authenticate(authorization: string | undefined, route: RouteName): AuthOutcome {
  if (!authorization) return { ok: false, status: 401, body: { success: false, error: 'Unauthorized' } };
  // The service takes the second space-separated word, whatever the scheme.
  const token = authorization.split(' ')[1];
  if (!token) return { ok: false, status: 401, body: { success: false, error: 'Unauthorized: Token missing' } };
  const key = KEY_TABLE.find((k) => k.secret === token);
  if (!key) return { ok: false, status: 401, body: { success: false, error: 'Unauthorized: Invalid token' } };
  if (key.restricted && !ALWAYS_ALLOWED.has(route)) {
    return {
      ok: false,
      status: 403,
      body: { success: false, error: 'Request blocked: this API key is restricted to other endpoints and cannot use this one.' },
    };
  }
  return { ok: true, key };
}
