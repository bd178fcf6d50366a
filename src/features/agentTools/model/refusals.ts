// A 402 or 429 reaches the person once, not once per call: an agent loop can call ten times a minute.
// The first refusal of a kind opens an episode and is told; later ones of that kind stay quiet until
// a call succeeds or a quarter of an hour passes. The model is told every time (it must stop). Pure.

export type RefusalKind = 'credits' | 'rateLimit';

/** After this long without telling, a refusal that still happens is news again. */
export const REFUSAL_QUIET_MS = 15 * 60_000;

export class RefusalEpisodes {
  private readonly told = new Map<RefusalKind, number>();

  /** A call was refused; whether the person should hear of it now. */
  refused(kind: RefusalKind, now: number): boolean {
    const at = this.told.get(kind);
    if (at !== undefined && now - at < REFUSAL_QUIET_MS) return false;
    this.told.set(kind, now);
    return true;
  }

  /** A paid call went through: the next refusal is news. */
  succeeded(): void {
    this.told.clear();
  }
}
