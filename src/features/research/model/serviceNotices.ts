// What the service says about Deep Research beyond each job's answer: when it shuts down (a Sunset
// header), that it has (a 410), and notices attached to answers, each logged once. The shutdown notice
// is kept in globalState: finished and shut-down jobs are never asked again, so after a restart
// nothing would say it twice.
import { STORAGE } from '../../../ids';
import { Emitter, type Event } from '../../../shared/events';
import type { ResearchStorage } from './storage';
import { DEEP_RESEARCH_SUNSET, type DeepResearchNotice, type ResearchLog } from './storeOptions';

export class ServiceNotices {
  private current: DeepResearchNotice;
  private readonly logged = new Set<string>();
  private readonly changed = new Emitter<void>();
  readonly onDidChange: Event<void> = this.changed.event;

  constructor(
    private readonly log: ResearchLog,
    private readonly storage: ResearchStorage,
  ) {
    this.current = storedNotice(storage.get<unknown>(STORAGE.researchNotice));
  }

  get notice(): DeepResearchNotice {
    return this.current;
  }

  /** Notices attached to an answer, each logged once. */
  logNotices(warnings: readonly string[]): void {
    for (const w of warnings) {
      if (this.logged.has(w)) continue;
      this.logged.add(w);
      this.log.warn(`The service says: ${w}`);
    }
  }

  noteSunset(sunsetAt: number | undefined): void {
    if (sunsetAt === undefined || sunsetAt === this.current.sunsetAt) return;
    this.set({ ...this.current, sunsetAt });
  }

  noteShutdown(): void {
    if (this.current.shutDown) return;
    this.set({ ...this.current, shutDown: true });
  }

  dispose(): void {
    this.changed.dispose();
  }

  private set(notice: DeepResearchNotice): void {
    this.current = notice;
    void this.storage.update(STORAGE.researchNotice, notice);
    this.changed.fire();
  }
}

/** The notice as last stored; the published date when nothing (or nothing readable) is. */
function storedNotice(value: unknown): DeepResearchNotice {
  const stored = typeof value === 'object' && value !== null ? (value as Partial<Record<keyof DeepResearchNotice, unknown>>) : {};
  const sunsetAt = typeof stored.sunsetAt === 'number' && Number.isFinite(stored.sunsetAt) ? stored.sunsetAt : DEEP_RESEARCH_SUNSET;
  return { sunsetAt, shutDown: stored.shutDown === true };
}
