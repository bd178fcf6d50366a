// What every run command shares: the client, the open results that can be rated, the one balance
// read after runs, and the way into the Research view for agent runs.
import type { AgentEffort } from '../../../api';
import type { ClientProvider } from '../../../host/clientProvider';
import type { Logger } from '../../../host/logger';
import type { Clock } from '../../../shared/clock';
import type { CoalescedRefresh } from '../model/coalescedRefresh';
import type { RatableResult, RatableResults } from '../model/ratableResults';

export interface RunServices {
  provider: ClientProvider;
  log: Logger;
  clock: Clock;
  results: RatableResults;
  /** Reads the balance once after a burst of runs. */
  refresh: CoalescedRefresh;
  /** The team's balance as last read, if known. */
  balance(): number | undefined;
  /** Tracks an agent run in the Research view at once and shows it there, named by its prompt, with the team that started it. */
  trackAgentRun(id: string, prompt: string, team: string | undefined): Promise<void>;
  /** Whether the person is looking at this window (results that arrive otherwise get a notification). */
  focused(): boolean;
  /** The team (key and server) in use, once joined: what a result is rated by. */
  team(): string | undefined;
  /** What was last typed into each prompt, offered again: a failed or cancelled run loses nothing. */
  typed: Map<string, string>;
  /** The agent wizard's answers, offered again: leaving it to change the credit limit loses none of them. */
  agent: AgentAnswers;
}

/**
 * What a prompt opens with: a selection new since the last one seeds it; the same selection again (a
 * retry to edit, a return from the settings) gives way to what was typed since.
 */
export function openingValue(services: RunServices, prompt: string, selection: string | undefined): string {
  const seed = `${prompt}:selection`;
  if (selection && selection !== services.typed.get(seed)) {
    services.typed.set(seed, selection);
    // What the box holds from now on, accepted or not: closing it and coming back with the same selection finds it again.
    services.typed.set(prompt, selection);
    return selection;
  }
  return services.typed.get(prompt) ?? selection ?? '';
}

export interface AgentAnswers {
  prompt: string;
  urls: string;
  /** The schema's source, for the pages, the parsed object, and where it was read: Keep reads it again (it may have been mended since). */
  schema?: { name: string; value: Record<string, unknown>; uri: string };
  effort?: AgentEffort;
}

/** Where a result ran: the server, and the team once joined. What it is rated by. */
export type RanAt = Required<Pick<RatableResult, 'server'>> & Pick<RatableResult, 'team'>;

/**
 * Where a request goes, read as it is sent: a key or server changed while it runs (a scrape may take
 * minutes) does not make its result another team's.
 */
export function ranHere(services: RunServices): RanAt {
  const team = services.team();
  return { server: services.provider.url.url, ...(team ? { team } : {}) };
}
