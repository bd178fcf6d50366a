// What the service says about Deep Research beyond each job's answer: when it shuts down (a Sunset
// header), that it has (a 410), and notices attached to answers, each logged once.
import { Emitter, type Event } from '../../../shared/events';
import { DEEP_RESEARCH_SUNSET, type DeepResearchNotice, type ResearchLog } from './storeOptions';

export class ServiceNotices {
  private current: DeepResearchNotice = { sunsetAt: DEEP_RESEARCH_SUNSET, shutDown: false };
  private readonly logged = new Set<string>();
  private readonly changed = new Emitter<void>();
  readonly onDidChange: Event<void> = this.changed.event;

  constructor(private readonly log: ResearchLog) {}

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
    this.current = { ...this.current, sunsetAt };
    this.changed.fire();
  }

  noteShutdown(): void {
    if (this.current.shutDown) return;
    this.current = { ...this.current, shutDown: true };
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
