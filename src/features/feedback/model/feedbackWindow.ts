// How long after a job its feedback is accepted: a server setting with no published value (older
// deployments default to 120 s, newer ones to a day). The only place a server says so is the text of
// its FEEDBACK_WINDOW_EXPIRED error, so nothing is assumed before that: the value learned there is
// kept per server (in globalState, for every window) for a day, replaced when a later answer says
// otherwise, and only then used for the job list's countdown. Pure: no `vscode`.
import { STORAGE } from '../../../ids';
import type { KeyValueStorage } from './draftStore';

/** Anything beyond a week is not a feedback window but a misread message. */
const MAX_WINDOW_SECONDS = 7 * 86_400;
/** Servers remembered at most (a handful in practice; the oldest go first). */
const MAX_SERVERS = 20;
/**
 * What a server said is trusted this long: its setting can change (newer deployments keep a deadline
 * per job), and a window that grew would otherwise keep every older job unpickable for good.
 */
export const LEARNED_KEEP_MS = 24 * 60 * 60_000;

interface Learned {
  seconds: number;
  at: number;
}

export class FeedbackWindows {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly now: () => number = Date.now,
  ) {}

  /** The window of `server` in seconds as it said last, or undefined while it has said nothing. */
  seconds(server: string): number | undefined {
    const learned = this.read()[server];
    return learned && this.now() - learned.at <= LEARNED_KEEP_MS ? learned.seconds : undefined;
  }

  /** Keeps what `server` said its window is. */
  learn(server: string, seconds: number): Promise<void> {
    if (!Number.isFinite(seconds) || seconds < 0 || seconds > MAX_WINDOW_SECONDS) return Promise.resolve();
    const all = this.read();
    const rounded = Math.round(seconds);
    // Said again: kept, and trusted for another day from now.
    if (all[server]?.seconds === rounded && this.now() - all[server].at < 60 * 60_000) return Promise.resolve();
    all[server] = { seconds: rounded, at: this.now() };
    const kept = Object.entries(all)
      .sort((a, b) => b[1].at - a[1].at)
      .slice(0, MAX_SERVERS);
    return Promise.resolve(this.storage.update(STORAGE.feedbackWindows, Object.fromEntries(kept)));
  }

  /**
   * `server` took feedback for a job that ran at `ranAt`. A window it stated before that the job's age
   * already passed has grown since (a deployment's setting changed; its next FEEDBACK_WINDOW_EXPIRED
   * is the only other word on it, and with a longer window that may never come): it is forgotten, so
   * no job is called past it until the server states one again.
   */
  accepted(server: string, ranAt: number | undefined): Promise<void> {
    const all = this.read();
    const seconds = all[server]?.seconds;
    if (seconds === undefined || ranAt === undefined || (this.now() - ranAt) / 1000 <= seconds) return Promise.resolve();
    delete all[server];
    return Promise.resolve(this.storage.update(STORAGE.feedbackWindows, all));
  }

  /** What is stored, re-read defensively: another version or a hand edit may have written it. */
  private read(): Record<string, Learned> {
    const raw = this.storage.get(STORAGE.feedbackWindows);
    const out: Record<string, Learned> = {};
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return out;
    for (const [server, value] of Object.entries(raw as Record<string, unknown>)) {
      const { seconds, at } = (typeof value === 'object' && value !== null ? value : {}) as { seconds?: unknown; at?: unknown };
      if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 && seconds <= MAX_WINDOW_SECONDS) {
        out[server] = { seconds, at: typeof at === 'number' && Number.isFinite(at) ? at : 0 };
      }
    }
    return out;
  }
}
