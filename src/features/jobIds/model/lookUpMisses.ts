// Ids Look Up found neither as an agent run nor as a deep research job. Looking one up costs two
// requests (agent, then deep research); the answer rarely changes, so a miss is remembered and a
// second Look Up of the same id says so without asking. Remembered for ten minutes: a job cannot
// appear later under an id that is already printed (the service names the id when it creates the
// job), so what changes a miss is another key or server (which clears the memory) or a person who
// wants to be sure after a while. Pure: no `vscode`; the clock is injected.
import type { Clock } from '../../../shared/clock';
import { normalizeJobId } from '../../../shared/jobIds';

export const LOOK_UP_MISS_MS = 10 * 60_000;
/** Ids kept at most: the oldest miss goes first. */
const MAX_MISSES = 500;

export interface Miss {
  at: number;
  /** The deep research API answered that it is shut down: only the agent read could say anything. */
  researchGone: boolean;
}

export class LookUpMisses {
  private readonly misses = new Map<string, Miss>();

  constructor(private readonly clock: Clock) {}

  /** When and how `id` was found missing, while that is remembered. */
  missed(id: string): Miss | undefined {
    const key = normalizeJobId(id);
    const miss = this.misses.get(key);
    if (miss === undefined || this.clock.now() - miss.at < LOOK_UP_MISS_MS) return miss;
    this.misses.delete(key);
    return undefined;
  }

  remember(id: string, researchGone = false): void {
    const key = normalizeJobId(id);
    this.misses.delete(key);
    this.misses.set(key, { at: this.clock.now(), researchGone });
    if (this.misses.size > MAX_MISSES) this.misses.delete(this.misses.keys().next().value as string);
  }

  /** The key or the server changed: an id missing for one team may be another's. */
  clear(): void {
    this.misses.clear();
  }
}
