// Which of the open windows polls for a team. Windows of one editor share the global storage folder:
// the leader holds a lease file there and renews it every few seconds; when a lease is not renewed for
// one lease period (a closed or crashed window), another window takes it over: a follower times its
// next look for the moment the lease it read runs out, so a crashed leader is replaced within one
// lease period of its last renewal. Each window also
// writes whether it is looked at, so the leader polls at the pace the team's windows deserve: the team
// counts as focused when any of its windows is. A team is one API key on one server (`team` is a
// hash of both, never the key).
import { type Clock, isAhead } from './clock';
import { type Disposable, Emitter, type Event } from './events';
import { readJson, type SharedFiles } from './sharedFiles';

export interface Attention {
  focused: boolean;
  /** The Research view is visible. */
  researchVisible: boolean;
}

export interface TeamLeaseOptions {
  files: SharedFiles;
  clock: Clock;
  windowId: string;
  /** Folder name of the team under `teams/`. */
  team: string;
  /** A lease not renewed for this long is taken over (default LEASE_MS). */
  leaseMs?: number;
  /** The leader renews, and followers look, this often (default 3 s). */
  renewMs?: number;
  log?: { info(message: string): void };
}

interface LeaseFile {
  owner: string;
  renewedAt: number;
}

interface AttentionFile extends Attention {
  at: number;
}

/** How long a lease holds without a renewal. */
export const LEASE_MS = 9_000;
/** How often the leader renews and a follower looks (a follower looks sooner when the lease it read runs out sooner). */
export const RENEW_MS = 3_000;

const NOBODY: Attention = { focused: false, researchVisible: false };
/**
 * A lease found missing is looked at again after this long before it is taken: VS Code replaces a file
 * by deleting it a moment before the new one is there, so the leader's renewal can look like no lease.
 */
export const MISSING_LOOK_AGAIN_MS = 250;
/** A window's attention that is older than this is from a window that is gone. */
const ATTENTION_STALE_MS = 30_000;
/** A window rewrites its attention this often even when nothing changed: the others read it as alive. */
const ATTENTION_HEARTBEAT_MS = 10_000;
/**
 * A look or a beat that has not finished after this long is given up on: a file-system call that
 * never returns (a network drive, a stuck host) must not stop the window's loops for good.
 */
const STUCK_MS = LEASE_MS;

/**
 * This window woke from a sleep (its own beats stopped for longer than ATTENTION_STALE_MS): `at`
 * when it beat again, `sleptAt` its last beat before. Every window's last word is that old then,
 * so for ATTENTION_STALE_MS after waking a window that beat shortly before the sleep still counts as open.
 */
export interface Wake {
  at: number;
  sleptAt: number;
}

export class TeamLease implements Disposable {
  private leader = false;
  private own: Attention = NOBODY;
  private others = new Map<string, AttentionFile>();
  private team: Attention = NOBODY;
  private timer: Disposable | undefined;
  private heartbeat: Disposable | undefined;
  private checking: Promise<void> | undefined;
  /** When the lease this window last read runs out, unless renewed (a follower looks again then). */
  private expiresAt = Infinity;
  /** Another window held a live lease at the last look. */
  private otherOwner = false;
  /** Counts looks begun, so one given up on (see bounded) knows a later one has taken over. */
  private looks = 0;
  private disposed = false;
  private lastBeatAt = Number.NEGATIVE_INFINITY;
  private woke: Wake | undefined;
  private readonly roleChanged = new Emitter<boolean>();
  private readonly attentionChanged = new Emitter<Attention>();
  private readonly looked = new Emitter<void>();
  private readonly subscription: Disposable;
  readonly onDidChangeRole: Event<boolean> = this.roleChanged.event;
  readonly onDidChangeTeamAttention: Event<Attention> = this.attentionChanged.event;
  /** After each of the regular looks at the lease (every few seconds): a beat other shared state can be checked on. */
  readonly onDidLook: Event<void> = this.looked.event;

  constructor(private readonly options: TeamLeaseOptions) {
    this.subscription = options.files.onDidChange((name) => {
      // A follower looks at once when the lease changes (a leader leaving gives it up); a leader's
      // own renewals must not make it look again.
      if (name === this.leaseName) {
        if (!this.leader) void this.check();
      } else if (name.startsWith(`${this.folder}/windows/`)) void this.readAttention();
    });
  }

  get isLeader(): boolean {
    return this.leader;
  }

  /** Whether any window of the team is focused, and whether any shows the Research view. */
  get teamAttention(): Attention {
    return this.team;
  }

  /** The last wake from a sleep, while its grace lasts (see Wake). */
  get wake(): Wake | undefined {
    return this.woke && this.options.clock.now() - this.woke.at < ATTENTION_STALE_MS ? this.woke : undefined;
  }

  /** Takes part in the election; resolves once this window knows its role. */
  async start(): Promise<void> {
    // not localised: a log line. Bounded like every beat: a file call that never returns must not
    // keep the window from its role, nor every later join (a key change) waiting behind this one.
    await this.bounded(
      this.writeAttention().then(() => this.readAttention()),
      'attention',
    ).catch(() => undefined);
    await this.check();
    // Released while starting (the key changed again): no beats for a team this window left.
    if (this.disposed) return;
    const loop = () => {
      this.timer = this.options.clock.schedule(this.nextLookIn(), () => {
        void this.check().finally(() => {
          if (this.disposed) return;
          this.looked.fire();
          loop();
        });
      });
    };
    loop();
    const beat = () => {
      this.heartbeat = this.options.clock.schedule(ATTENTION_HEARTBEAT_MS, () => {
        // not localised: a log line
        void this.bounded(
          this.writeAttention().then(() => this.readAttention()),
          'attention',
        ).finally(() => {
          if (!this.disposed) beat();
        });
      });
    };
    beat();
  }

  setAttention(attention: Attention): void {
    if (attention.focused === this.own.focused && attention.researchVisible === this.own.researchVisible) return;
    this.own = attention;
    this.recompute();
    void this.writeAttention();
  }

  /** Leaves the team: a leader gives the lease up at once, so another window takes over now. */
  async release(): Promise<void> {
    this.disposed = true;
    this.timer?.dispose();
    this.heartbeat?.dispose();
    const { files } = this.options;
    const writes: Array<Promise<void>> = [files.remove(this.attentionName(this.options.windowId))];
    // Given up in words, not by deleting it: a missing lease may be a renewal under way (see MISSING_LOOK_AGAIN_MS).
    if (this.leader) writes.push(files.write(this.leaseName, JSON.stringify({ owner: '', renewedAt: this.options.clock.now() } satisfies LeaseFile)));
    this.leader = false;
    // not localised: a log line
    await this.bounded(
      Promise.allSettled(writes).then(() => undefined),
      'release',
    );
  }

  dispose(): void {
    void this.release();
    this.subscription.dispose();
    this.roleChanged.dispose();
    this.attentionChanged.dispose();
    this.looked.dispose();
  }

  /** The leader renews on its beat; a follower looks on the same beat, or when the lease it read runs out if that is sooner. */
  private nextLookIn(): number {
    const renew = this.options.renewMs ?? RENEW_MS;
    if (this.leader) return renew;
    return Math.max(0, Math.min(renew, this.expiresAt - this.options.clock.now()));
  }

  private get folder(): string {
    return `teams/${this.options.team}`;
  }

  private get leaseName(): string {
    return `${this.folder}/lease.json`; // not localised: a file name in global storage
  }

  private attentionName(windowId: string): string {
    return `${this.folder}/windows/${windowId}.json`;
  }

  /** One look at the lease at a time: renew it, keep away from a live one, or take an expired one. */
  private check(): Promise<void> {
    // A failed look (a file the host could not read or write) leaves the role as it was until the next one.
    if (this.checking) return this.checking;
    const generation = ++this.looks;
    // not localised: a log line
    this.checking = this.bounded(
      this.look(() => generation !== this.looks),
      'lease',
      () => (this.looks += 1),
    )
      .catch((error: unknown) => this.options.log?.info(`Could not check the team's lease: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        this.checking = undefined;
      });
    return this.checking;
  }

  /** Settles when `work` does, or after STUCK_MS (then `onStuck` runs, and the work is left to itself). */
  private bounded(work: Promise<void>, what: string, onStuck?: () => void): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = this.options.clock.schedule(STUCK_MS, () => {
        onStuck?.();
        // not localised: a log line
        this.options.log?.info(`No answer from the file system in ${STUCK_MS / 1000} s (${what}); going on`);
        resolve();
      });
      work.then(
        () => {
          timer.dispose();
          resolve();
        },
        (error: unknown) => {
          timer.dispose();
          reject(error);
        },
      );
    });
  }

  /** `outlived` says when a later look has begun: a look that was given up on then decides nothing. */
  private async look(outlived: () => boolean = () => false): Promise<void> {
    if (this.disposed) return;
    const { files, clock, windowId } = this.options;
    let lease = readLease(await readJson(files, this.leaseName));
    // Released while reading (a key change, the window closing): a write now would take the lease back.
    if (outlived() || this.disposed) return;
    // Another window held it at the last look: missing now may be its renewal under way.
    if (!lease && this.otherOwner) {
      await new Promise<void>((resolve) => clock.schedule(MISSING_LOOK_AGAIN_MS, resolve));
      if (this.disposed || outlived()) return;
      lease = readLease(await readJson(files, this.leaseName));
      // Released during that read too: a claim now would be one this window never renews.
      if (outlived() || this.disposed) return;
    }
    const now = clock.now();
    const leaseMs = this.options.leaseMs ?? LEASE_MS;
    this.expiresAt = Infinity;
    if (lease?.owner === windowId) {
      await files.write(this.leaseName, JSON.stringify({ owner: windowId, renewedAt: now } satisfies LeaseFile));
      this.setLeader(true);
      return;
    }
    // An empty owner: given up by a window that left.
    const live = lease !== undefined && lease.owner !== '' && isFresh(lease.renewedAt, now, leaseMs);
    this.otherOwner = live;
    if (lease && live) {
      this.expiresAt = lease.renewedAt + leaseMs;
      this.setLeader(false);
      return;
    }
    // Free or expired: claim it, then read it back; of two windows claiming at once, the last write wins.
    await files.write(this.leaseName, JSON.stringify({ owner: windowId, renewedAt: now } satisfies LeaseFile));
    const after = readLease(await readJson(files, this.leaseName));
    if (outlived() || this.disposed) return;
    this.setLeader(after?.owner === windowId);
  }

  private setLeader(leader: boolean): void {
    if (this.disposed || leader === this.leader) return;
    this.leader = leader;
    this.options.log?.info(leader ? 'This window now polls for the team' : 'Another window polls for the team; this one follows its results');
    this.roleChanged.fire(leader);
  }

  private async writeAttention(): Promise<void> {
    if (this.disposed) return;
    const now = this.options.clock.now();
    if (now - this.lastBeatAt > ATTENTION_STALE_MS) this.woke = Number.isFinite(this.lastBeatAt) ? { at: now, sleptAt: this.lastBeatAt } : undefined;
    this.lastBeatAt = now;
    const file: AttentionFile = { ...this.own, at: now };
    await this.options.files.write(this.attentionName(this.options.windowId), JSON.stringify(file)).catch(() => undefined);
  }

  private async readAttention(): Promise<void> {
    const { files, clock, windowId } = this.options;
    const names = await files.list(`${this.folder}/windows`).catch(() => [] as string[]);
    const others = new Map<string, AttentionFile>();
    const now = clock.now();
    for (const name of names.filter(isJsonName)) {
      const id = name.replace(/\.json$/, '');
      if (id === windowId) continue;
      const value = readAttentionFile(await readJson(files, `${this.folder}/windows/${name}`));
      if (value && isFresh(value.at, now, ATTENTION_STALE_MS)) others.set(id, value);
      // A window that is gone leaves its file behind: its last word no longer counts (and is tidied,
      // unless this window has just woken: every window's last word is old then, and theirs is on its way).
      else if (value && now - value.at > 3 * ATTENTION_STALE_MS && !this.wake) void files.remove(`${this.folder}/windows/${name}`);
    }
    this.others = others;
    this.recompute();
  }

  private recompute(): void {
    let focused = this.own.focused;
    let researchVisible = this.own.researchVisible;
    for (const other of this.others.values()) {
      focused ||= other.focused;
      researchVisible ||= other.researchVisible;
    }
    if (focused === this.team.focused && researchVisible === this.team.researchVisible) return;
    this.team = { focused, researchVisible };
    this.attentionChanged.fire(this.team);
  }
}

/**
 * Windows of this editor that are open now, whatever their team: each writes its attention file at
 * least every ATTENTION_HEARTBEAT_MS, and one silent for ATTENTION_STALE_MS is gone (unless `wake`
 * says this window has just woken, and the other beat shortly before the sleep).
 */
export async function openWindows(files: SharedFiles, clock: Clock, wake?: Wake): Promise<Set<string>> {
  const look = async () => {
    const open = new Set<string>();
    let replacing = false;
    const now = clock.now();
    const awake = (at: number) => wake !== undefined && now - wake.at < ATTENTION_STALE_MS && at > wake.sleptAt - ATTENTION_STALE_MS;
    for (const team of await files.folders('teams').catch(() => [] as string[])) {
      const names = await files.list(`teams/${team}/windows`).catch(() => [] as string[]);
      for (const name of names.filter((n) => !isJsonName(n))) {
        // A temporary file just written is a replace under way; an old one is what a crash left.
        const stamp = await files.stat(`teams/${team}/windows/${name}`).catch(() => undefined);
        if (stamp && isFresh(stamp.mtime, now, REPLACE_UNDER_WAY_MS)) replacing = true;
      }
      for (const name of names.filter(isJsonName)) {
        const value = readAttentionFile(await readJson(files, `teams/${team}/windows/${name}`));
        if (value && (isFresh(value.at, now, ATTENTION_STALE_MS) || awake(value.at))) open.add(name.replace(/\.json$/, ''));
      }
    }
    return { open, replacing };
  };
  const first = await look();
  if (!first.replacing) return first.open;
  // A window's file is being replaced (VS Code deletes the old one before the new is there, so that
  // window is missing from the listing): a moment later it is back.
  await new Promise<void>((resolve) => clock.schedule(MISSING_LOOK_AGAIN_MS, resolve));
  const second = await look();
  return new Set([...first.open, ...second.open]);
}

/** How recent a temporary file in the windows folder must be to count as a replace under way. */
const REPLACE_UNDER_WAY_MS = 5_000;

/** A window's own file, not a temporary one a write left behind. */
const isJsonName = (name: string) => name.endsWith('.json');

/** Written less than `maxAgeMs` ago, and not later than now (a time ahead of the clock is from before it stepped back). */
function isFresh(at: number, now: number, maxAgeMs: number): boolean {
  return !isAhead(at, now) && now - at < maxAgeMs;
}

function readLease(value: unknown): LeaseFile | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  return typeof v.owner === 'string' && typeof v.renewedAt === 'number' && Number.isFinite(v.renewedAt) ? { owner: v.owner, renewedAt: v.renewedAt } : undefined;
}

function readAttentionFile(value: unknown): AttentionFile | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.at !== 'number' || !Number.isFinite(v.at)) return undefined;
  return { focused: v.focused === true, researchVisible: v.researchVisible === true, at: v.at };
}
