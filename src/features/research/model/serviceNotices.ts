// What the service says about Deep Research beyond each job's answer: when it shuts down (a Sunset
// header), that it has (a 410), and notices attached to answers, each logged once. The shutdown notice
// is kept in globalState, the one record every window reads (only the polling window asks, and a
// window that does not must keep what the 410 left as well): finished and shut-down jobs are never
// asked again, so after a restart nothing would say it twice.
import { STORAGE } from '../../../ids';
import { Emitter, type Event } from '../../../shared/events';
import type { ResearchStorage } from './storage';
import { DEEP_RESEARCH_SUNSET, type DeepResearchNotice, type ResearchLog } from './storeOptions';

export class ServiceNotices {
  private readonly logged = new Set<string>();
  private readonly changed = new Emitter<void>();
  readonly onDidChange: Event<void> = this.changed.event;

  constructor(
    private readonly log: ResearchLog,
    private readonly storage: ResearchStorage,
  ) {}

  get notice(): DeepResearchNotice {
    return storedNotice(this.storage.get<unknown>(STORAGE.researchNotice));
  }

  /** Notices attached to an answer, each logged once. */
  logNotices(warnings: readonly string[]): void {
    for (const w of warnings) {
      if (this.logged.has(w)) continue;
      this.logged.add(w);
      this.log.warn(`The service says: ${w}`);
    }
  }

  /**
   * The service answered a deep research request, so it serves the API still (whatever an earlier 410
   * said: a server switched to, or a shutdown rolled back), and may have named its Sunset. An answer at
   * or past the sunset is remembered: the date did not stop it, so only a 410 (or the route gone) will.
   */
  noteAnswer(sunsetAt: number | undefined, now: number): void {
    const current = this.notice;
    const next: DeepResearchNotice = { sunsetAt: sunsetAt ?? current.sunsetAt };
    if (now >= next.sunsetAt) next.servedPastSunset = current.servedPastSunset ?? now;
    if (next.sunsetAt === current.sunsetAt && current.shutDownAt === undefined && next.servedPastSunset === current.servedPastSunset) return;
    this.set(next);
  }

  noteShutdown(now: number): void {
    const current = this.notice;
    if (current.shutDownAt !== undefined) return;
    this.set({ ...current, shutDownAt: now });
  }

  dispose(): void {
    this.changed.dispose();
  }

  private set(notice: DeepResearchNotice): void {
    void this.storage.update(STORAGE.researchNotice, notice);
    this.changed.fire();
  }
}

/** The notice as last stored; the published date when nothing (or nothing readable) is. */
function storedNotice(value: unknown): DeepResearchNotice {
  const stored = typeof value === 'object' && value !== null ? (value as Partial<Record<keyof DeepResearchNotice, unknown>>) : {};
  const sunsetAt = typeof stored.sunsetAt === 'number' && Number.isFinite(stored.sunsetAt) ? stored.sunsetAt : DEEP_RESEARCH_SUNSET;
  const notice: DeepResearchNotice = { sunsetAt };
  if (typeof stored.shutDownAt === 'number' && Number.isFinite(stored.shutDownAt)) notice.shutDownAt = stored.shutDownAt;
  if (typeof stored.servedPastSunset === 'number' && Number.isFinite(stored.servedPastSunset)) notice.servedPastSunset = stored.servedPastSunset;
  return notice;
}
