// What the AI agent tools spent, as one record every window of this editor shares: a folder in the
// global storage where each window writes only its own file (a list of charges). No window ever
// rewrites another's, so two windows spending at the same moment lose nothing and nothing needs
// merging beyond adding the files up. A charge is one call: its estimate is held while the request is
// out and replaced by what it cost (same id); an agent run is charged its ceiling under its job id when
// it starts and its real figure once a status read says it, the real one replacing the ceiling.
// Files older than two days are removed by whichever window reads them. Pure: no `vscode`.
import type { Clock } from '../../../shared/clock';
import { type Disposable, Emitter } from '../../../shared/events';
import { type FileStamp, readStampedJson, type SharedFiles, stampText } from '../../../shared/sharedFiles';
import type { ToolKind } from './budget';

export interface SpendingEntry {
  /** One charge: the call's own id, or an agent run's job id. */
  id: string;
  at: number;
  tool: ToolKind;
  /** Credits, or calls on a self-hosted server. */
  units: number;
  unit: 'credits' | 'calls';
  /** The team (key and server) it was charged to. */
  team?: string;
  /** A ceiling (a call still out, an agent run just started): a later entry with the same id and no `upTo` replaces it. */
  upTo?: boolean;
}

export const SPENDING_FOLDER = 'agent-tools/spending';
/** Long enough for "today" in any time zone and the last 24 hours. */
export const SPENDING_KEEP_MS = 2 * 24 * 60 * 60_000;
/**
 * A window's file stays small (an agent loop cannot grow it without bound) and loses no charge: past
 * this many entries, a settled call's hold goes, then settled calls are added up by the minute (by
 * ten minutes, by the hour if a minute is not enough).
 */
const MAX_OWN_ENTRIES = 5_000;
const SUM_BY_MS = [60_000, 10 * 60_000, 60 * 60_000];
const MAX_FILE_BYTES = 1024 * 1024;
/**
 * Other windows' files are read again when the watcher reports them, and in full at most this often
 * for the guard's figures (a watcher can miss a write). A paid call within the budget reads them all
 * again anyway, once its hold is written (`crossCheck`), before it is sent.
 */
export const SPENDING_REREAD_MS = 5_000;
/**
 * A file read less than this long after it was written may have been written again within the same
 * tick of its clock, to the same size: its stamp says nothing until then, so it is read again.
 */
const SAME_STAMP_MS = 2_000;
/** A replace leaves a file missing for milliseconds: read again this much later, at most this many times. */
const REPLACE_RETRY_MS = 5;
const REPLACE_RETRIES = 4;

const KINDS: readonly ToolKind[] = ['scrape', 'search', 'map', 'startAgent', 'agentStatus', 'credits'];

function readEntry(value: unknown): SpendingEntry | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || typeof v.at !== 'number' || !Number.isFinite(v.at)) return undefined;
  if (typeof v.units !== 'number' || !Number.isFinite(v.units) || v.units < 0) return undefined;
  if (!KINDS.includes(v.tool as ToolKind) || (v.unit !== 'credits' && v.unit !== 'calls')) return undefined;
  return {
    id: v.id,
    at: v.at,
    tool: v.tool as ToolKind,
    units: v.units,
    unit: v.unit,
    ...(typeof v.team === 'string' ? { team: v.team } : {}),
    ...(v.upTo === true ? { upTo: true } : {}),
  };
}

export function readEntries(value: unknown): SpendingEntry[] | undefined {
  const list = value && typeof value === 'object' ? (value as { entries?: unknown }).entries : undefined;
  if (!Array.isArray(list)) return undefined;
  return list.map(readEntry).filter((e): e is SpendingEntry => e !== undefined);
}

/** One charge per id (a real figure replaces a ceiling), dated when it began. */
export function charges(entries: readonly SpendingEntry[]): SpendingEntry[] {
  return [...chargesById(entries).values()];
}

function chargesById(entries: readonly SpendingEntry[]): Map<string, SpendingEntry> {
  const byId = new Map<string, SpendingEntry>();
  for (const entry of entries) addCharge(byId, entry);
  return byId;
}

function addCharge(byId: Map<string, SpendingEntry>, entry: SpendingEntry): void {
  const known = byId.get(entry.id);
  if (!known) byId.set(entry.id, entry);
  else if (known.upTo && !entry.upTo) byId.set(entry.id, { ...entry, at: Math.min(known.at, entry.at) });
}

/** Units of `unit` charged since `since` by `team`, or by every team with 'everyTeam'. */
export function spentSince(entries: readonly SpendingEntry[], since: number, unit: SpendingEntry['unit'], team: string | 'everyTeam'): number {
  return sumSince(charges(entries), since, unit, team);
}

function sumSince(charged: readonly SpendingEntry[], since: number, unit: SpendingEntry['unit'], team: string | 'everyTeam'): number {
  return charged.filter((e) => counts(e, since, unit, team)).reduce((sum, e) => sum + e.units, 0);
}

function counts(e: SpendingEntry, since: number, unit: SpendingEntry['unit'], team: string | 'everyTeam'): boolean {
  // A charge made before the window knew its team is some team's: it counts for every team (errs towards asking).
  return e.at >= since && e.unit === unit && (team === 'everyTeam' || e.team === team || e.team === undefined);
}

/**
 * Settled calls of one tool and team within `ms` as one charge, dated by the last of them: a sum is
 * counted whole from any moment before its last call, so a guard reading it errs towards asking. An
 * agent run's charge stays apart (its id is looked up when its real figure comes), as does a ceiling.
 */
function sumBy(entries: readonly SpendingEntry[], ms: number): SpendingEntry[] {
  const sums = new Map<string, SpendingEntry>();
  const out: SpendingEntry[] = [];
  for (const entry of entries) {
    if (entry.upTo || entry.tool === 'startAgent') {
      out.push(entry);
      continue;
    }
    const key = `${Math.floor(entry.at / ms)} ${entry.tool} ${entry.unit} ${entry.team ?? ''}`;
    const sum = sums.get(key);
    if (sum) sums.set(key, { ...sum, at: Math.max(sum.at, entry.at), units: sum.units + entry.units });
    else sums.set(key, entry);
  }
  return [...out, ...sums.values()].sort((a, b) => a.at - b.at);
}

function compact(entries: readonly SpendingEntry[]): SpendingEntry[] {
  let out = charges(entries);
  for (const ms of SUM_BY_MS) if (out.length > MAX_OWN_ENTRIES) out = sumBy(out, ms);
  return out;
}

/** What the AI agent tools spent of a team's credits (the status bar and the spike alert say it). */
export interface ToolSpendingView {
  lastHour: number;
  lastDay: number;
}

/**
 * The last hour and 24 hours of `team`'s credits, settled charges only: a ceiling held while a call is
 * out or an agent run works says the most it may cost, not what it spent.
 */
export function spendingView(entries: readonly SpendingEntry[], now: number, team: string): ToolSpendingView {
  const settled = charges(entries).filter((e) => !e.upTo && e.unit === 'credits' && e.team === team);
  const since = (ms: number) => settled.filter((e) => e.at >= now - ms).reduce((sum, e) => sum + e.units, 0);
  return { lastHour: since(60 * 60_000), lastDay: since(24 * 60 * 60_000) };
}

export interface ToolSpendingDeps {
  files: SharedFiles;
  clock: Clock;
  windowId: string;
}

export class ToolSpending implements Disposable {
  /** This window's charges, each with its JSON made once: the file is written whole at every charge. */
  private own: { entry: SpendingEntry; json: string }[] = [];
  /** Other windows' charges by file, with the file's stamp and when it was read: an unchanged file is not read again. */
  private readonly others = new Map<string, { entries: SpendingEntry[]; stamp: FileStamp; readAt: number }>();
  /**
   * `charges` of every window's entries by id, until another window's change (this window's own charges
   * are added as they are recorded): the guard reads them twice a call.
   */
  private charged: Map<string, SpendingEntry> | undefined;
  private readonly changed = new Emitter<void>();
  private readonly subscription: Disposable;
  private readAt: number | undefined;
  /** The read of the other windows' files under way, which a decision waits for. */
  private refreshing: Promise<void> | undefined;
  private written: Promise<void> = Promise.resolve();
  /** A write waiting for the one under way: it will write whatever is charged by then. */
  private pending: Promise<void> | undefined;
  /** Lets the pending write go without waiting for the next turn (once the write before it has landed). */
  private hurry: (() => void) | undefined;
  /** The read `crossCheck` began once the write `after` had landed, while it is under way. */
  private crossRead: { after: Promise<void>; reading: Promise<void> } | undefined;
  /** Fires when a charge is recorded here or read from another window. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly deps: ToolSpendingDeps) {
    this.subscription = deps.files.onDidChange((name) => {
      if (name.startsWith(`${SPENDING_FOLDER}/`) && name !== this.ownName) void this.readOne(name).then(() => this.changed.fire());
    });
  }

  private get ownName(): string {
    return `${SPENDING_FOLDER}/${this.deps.windowId}.json`;
  }

  /** Reads every other window's file unless that was done moments ago (the watcher covers the gap). */
  async ensureFresh(): Promise<void> {
    if (this.refreshing) return this.refreshing;
    const now = this.deps.clock.now();
    // A read dated after now was made before the clock was set back: how long ago is not known.
    if (this.readAt === undefined || now - this.readAt >= SPENDING_REREAD_MS || now < this.readAt) await this.refresh();
  }

  /** Reads every other window's file. */
  refresh(): Promise<void> {
    const reading = this.readAll().finally(() => {
      if (this.refreshing === reading) this.refreshing = undefined;
    });
    this.refreshing = reading;
    return reading;
  }

  /**
   * A file missing from a listing, or reading as missing, may be in the middle of a replace (VS Code
   * deletes the old file before the new one is there): what was read from it before still counts, but
   * it may lack the charge being written, so the folder is read again a few moments later, a few times.
   */
  private async readAll(): Promise<void> {
    for (let retry = 0; !(await this.readEvery()) && retry < REPLACE_RETRIES; retry++) await new Promise((resolve) => setTimeout(resolve, REPLACE_RETRY_MS));
    this.changed.fire();
  }

  /** Reads every other window's file; false when one read before was not found whole, or one is still being written. */
  private async readEvery(): Promise<boolean> {
    this.readAt = this.deps.clock.now();
    const listed = await this.deps.files.list(SPENDING_FOLDER).catch(() => [] as string[]);
    const names = new Set(listed.filter((n) => n.endsWith('.json')).map((n) => `${SPENDING_FOLDER}/${n}`));
    names.delete(this.ownName);
    const now = this.deps.clock.now();
    for (const [name, { entries }] of [...this.others]) if (!names.has(name) && entries.every((e) => now - e.at > SPENDING_KEEP_MS)) this.forget(name);
    const unlisted = [...this.others.keys()].some((name) => !names.has(name));
    // A file being written for the first time, or replaced, shows as its temporary file alone.
    const pending = listed.some((n) => n.endsWith('.tmp') && !names.has(`${SPENDING_FOLDER}/${n.replace(/\.[^.]+\.tmp$/, '')}`) && !n.startsWith(`${this.deps.windowId}.json.`));
    const read = await Promise.all([...names].map((name) => this.readOne(name)));
    return !unlisted && !pending && read.every((found) => found);
  }

  /** False when the file was read before and is not there whole now. */
  private async readOne(name: string): Promise<boolean> {
    if (await this.unchanged(name)) return true;
    const now = this.deps.clock.now();
    const read = await readStampedJson(this.deps.files, name, MAX_FILE_BYTES);
    const entries = readEntries(read?.value);
    if (!entries || !read) return !this.others.has(name);
    if (entries.every((e) => now - e.at > SPENDING_KEEP_MS)) {
      this.forget(name);
      // A window closed days ago: its file says nothing about today. Unless it came back and wrote
      // since the read: then the file holds a charge of today, and is read again.
      const again = await this.deps.files.stat(name).catch(() => undefined);
      if (!again) return true;
      if (stampText(again) !== stampText(read.stamp)) return false;
      await this.deps.files.remove(name).catch(() => undefined);
      return true;
    }
    this.others.set(name, { entries, stamp: read.stamp, readAt: now });
    this.charged = undefined;
    return true;
  }

  /** Whether the file holds what was read from it, by its stamp: another window idle all day costs a stat a read, not its whole file. */
  private async unchanged(name: string): Promise<boolean> {
    const known = this.others.get(name);
    const now = this.deps.clock.now();
    // Charges all past keeping: the whole read decides whether the file goes.
    if (!known || known.readAt - known.stamp.mtime < SAME_STAMP_MS || known.entries.every((e) => now - e.at > SPENDING_KEEP_MS)) return false;
    const stamp = await this.deps.files.stat(name).catch(() => undefined);
    return stamp !== undefined && stampText(stamp) === stampText(known.stamp);
  }

  private forget(name: string): void {
    if (this.others.delete(name)) this.charged = undefined;
  }

  /**
   * Charges a call: counted in this window at once, in this window's file behind it (one write at a
   * time, each with everything charged so far). The promise settles when the file holds it.
   */
  record(entry: SpendingEntry): Promise<void> {
    const now = this.deps.clock.now();
    const first = this.own[0];
    if (first && now - first.entry.at > SPENDING_KEEP_MS) {
      this.own = this.own.filter((o) => now - o.entry.at <= SPENDING_KEEP_MS);
      this.charged = undefined;
    }
    // What a call cost replaces its hold here already, as `charges` would: the file a write serializes
    // holds one entry per call, not two.
    const held = entry.upTo ? -1 : this.heldIndex(entry.id);
    const own = held >= 0 ? { ...entry, at: Math.min(this.own[held]!.entry.at, entry.at) } : entry;
    this.own[held >= 0 ? held : this.own.length] = { entry: own, json: JSON.stringify(own) };
    if (this.own.length > MAX_OWN_ENTRIES) {
      this.own = compact(this.own.map((o) => o.entry)).map((e) => ({ entry: e, json: JSON.stringify(e) }));
      this.charged = undefined;
    } else if (this.charged) addCharge(this.charged, entry);
    this.changed.fire();
    // Charges made while a write is under way share the next one: a burst of calls is a write or two.
    // The write waits for the next turn of the event loop, so it goes out behind the answer to the call
    // rather than in the call's own turn (serializing every charge is the costliest step of a charge),
    // unless a call waits for it before it is sent (`crossCheck`): then it goes at once.
    if (!this.pending) {
      let go!: () => void;
      const hurried = new Promise<void>((resolve) => (go = resolve));
      this.hurry = go;
      this.pending = this.written
        // The next turn of the event loop (a timer's, at least 1 ms in Node), or at once when hurried.
        .then(() => {
          const timer = setTimeout(go, 0);
          return hurried.finally(() => clearTimeout(timer));
        })
        .then(() => {
          this.pending = this.hurry = undefined;
          return this.deps.files.write(this.ownName, `{"entries":[${this.own.map((o) => o.json).join(',')}]}`).catch(() => undefined);
        });
      this.written = this.pending;
    }
    return this.pending;
  }

  /** Where this window's ceiling for `id` is, newest first (a call's hold is among the last few). */
  private heldIndex(id: string): number {
    for (let i = this.own.length - 1; i >= 0; i--) if (this.own[i]!.entry.id === id) return this.own[i]!.entry.upTo ? i : -1;
    return -1;
  }

  /** Settles once this window's file holds every charge recorded so far. */
  whenWritten(): Promise<void> {
    return this.written;
  }

  /**
   * Reads every other window's file once this window's file holds every charge recorded so far, with
   * no freshness shortcut (the watcher tells of another window's write 150–900 ms late). Of two windows
   * that hold at the same moment and then cross-check, at least one sees the other's hold: whichever
   * reads last reads after the other's write landed. Calls whose charges went out in the same write
   * share one read, begun after it.
   */
  async crossCheck(): Promise<void> {
    const written = this.written;
    this.hurry?.();
    await written;
    if (this.crossRead?.after !== written) {
      const reading = this.refresh();
      const read = { after: written, reading };
      this.crossRead = read;
      void reading.finally(() => {
        if (this.crossRead === read) this.crossRead = undefined;
      });
    }
    return this.crossRead!.reading;
  }

  entries(): SpendingEntry[] {
    return [...this.own.map((o) => o.entry), ...[...this.others.values()].flatMap((o) => o.entries)];
  }

  /**
   * What `spentSince` counts over every window's charges and, of it, the ceilings still held: calls
   * still out, agent runs not yet seen finished. `except`: a charge left out (a call's own hold).
   */
  totals(since: number, unit: SpendingEntry['unit'], team: string | 'everyTeam', except?: string): { spent: number; held: number } {
    this.charged ??= chargesById(this.entries());
    let spent = 0;
    let held = 0;
    for (const e of this.charged.values()) {
      if (!counts(e, since, unit, team) || e.id === except) continue;
      spent += e.units;
      if (e.upTo) held += e.units;
    }
    return { spent, held };
  }

  /** Whether any window charged something under `id` (an agent run's job id, say). */
  hasCharge(id: string): boolean {
    this.charged ??= chargesById(this.entries());
    return this.charged.has(id);
  }

  /** The ceiling charged when a run started, if any window charged one and no real figure followed. */
  openCeiling(id: string): SpendingEntry | undefined {
    const all = this.entries().filter((e) => e.id === id);
    return all.some((e) => !e.upTo) ? undefined : all.find((e) => e.upTo);
  }

  /**
   * A finished run's real cost replaces the ceiling charged when an agent started it, whoever saw it
   * finish (the status tool, or the Research view following the run). A run that finished without a
   * figure is charged its ceiling, the most it could cost: it is no longer held as a run still going.
   */
  async settleCeiling(id: string, creditsUsed: number | undefined): Promise<void> {
    await this.refresh();
    const ceiling = this.openCeiling(id);
    if (!ceiling) return;
    const { upTo: _ceiling, ...charge } = ceiling;
    // A figure below zero is no cost (other windows would refuse the entry, and keep the ceiling).
    await this.record({ ...charge, units: creditsUsed === undefined ? ceiling.units : Math.max(0, creditsUsed) });
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
