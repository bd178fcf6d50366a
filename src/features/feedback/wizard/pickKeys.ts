// What the keyboard meant on a pick page, told apart from what the workbench does on its own when a
// page's rows are replaced (a list arriving behind the page, a row for what was typed): it reports its
// first row as highlighted before the row we asked for, and for a moment highlights no row at all.

/** Echoes of our own highlight are ignored this long at most, in case one never comes (a filtered-out row). */
export const ECHO_WAIT_MS = 500;
/** An Enter that found no highlighted row waits this long for the row highlighted next. */
export const ENTER_KEPT_MS = 1_000;

/**
 * Who moved the highlight of a pick. A report counts as the person's only when no echo of a row we
 * asked for is still on its way.
 */
export class Highlight {
  /** The row we last asked for. */
  current: string | undefined;
  /** The row the person moved to, once they did. */
  chosen: string | undefined;
  private awaiting: { key: string; until: number } | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  set(key: string | undefined): void {
    this.current = key;
    this.awaiting = key === undefined ? undefined : { key, until: this.now() + ECHO_WAIT_MS };
  }

  moved(key: string): void {
    if (this.awaiting && this.now() < this.awaiting.until) {
      if (key === this.awaiting.key) this.awaiting = undefined;
      return;
    }
    this.awaiting = undefined;
    // The first report of a page we highlighted nothing on is the workbench's own first row.
    if (this.current !== undefined && key !== this.current) this.chosen = key;
    this.current = key;
  }
}

/**
 * An Enter pressed while no row was highlighted: kept for the row the workbench highlights next, if
 * that comes at once. Typing, or a highlight that comes later (an arrow key), is not that Enter.
 */
export class KeptEnter {
  private since: number | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** An Enter found no row to take; it is kept only while the page shows rows. */
  keep(rowsShown: boolean): void {
    this.since = rowsShown ? this.now() : undefined;
  }

  /** Whether the highlight reported now takes the kept Enter; either way the Enter is spent. */
  take(): boolean {
    const kept = this.since !== undefined && this.now() - this.since < ENTER_KEPT_MS;
    this.since = undefined;
    return kept;
  }

  drop(): void {
    this.since = undefined;
  }
}
