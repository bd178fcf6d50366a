// The team this window belongs to (one API key on one server) and its place in it: whether it polls
// for the team or follows the leader's results, and how much attention the team's windows pay.
// Windows with different keys or servers are different teams and never share.
import type * as vscode from 'vscode';
import type { Clock } from '../shared/clock';
import { Emitter, type FocusSource } from '../shared/events';
import { type SharedFiles, sweepTemps, TEMP_KEPT_MS } from '../shared/sharedFiles';
import { type Attention, openWindows, TeamLease } from '../shared/teamLease';
import type { ClientProvider } from './clientProvider';
import type { WindowFocus } from './focus';
import type { ApiKeyService } from './keyService';
import type { Logger } from './logger';

export interface TeamDeps {
  files: SharedFiles;
  keys: ApiKeyService;
  provider: ClientProvider;
  focus: WindowFocus;
  clock: Clock;
  log: Logger;
}

/** The team a window joined: its name, and whether a key made it (only then is following another key's jobs offered). */
export interface TeamJoin {
  id: string;
  keyed: boolean;
}

/** A short name for key + server that reveals neither (SHA-256, 16 hex digits). */
export async function teamName(apiUrl: string, key: string | undefined): Promise<string> {
  const bytes = new TextEncoder().encode(`${apiUrl}\n${key ?? ''}`);
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}

export class Team implements vscode.Disposable {
  /** This window, in every shared file it writes. */
  readonly windowId = Math.random().toString(36).slice(2, 10);
  private lease: TeamLease | undefined;
  private name: string | undefined;
  private researchVisible = false;
  private joining: Promise<void> = Promise.resolve();
  private keyed = false;
  /** When this window last swept crashed writes' temporary files (as leader), or undefined. */
  private sweptAt: number | undefined;
  private knownOnce!: () => void;
  /** Settles once the window first knows its team (its shared files have a name), whatever its role. */
  readonly known = new Promise<void>((resolve) => (this.knownOnce = resolve));
  /** Joins asked for (each key or server change asks for one). */
  private requested = 0;
  /** The join whose team `name` is: shared files have no name until it is the latest one asked for. */
  private namedFor = 0;
  private readonly roleChanged = new Emitter<boolean>();
  private readonly attentionChanged = new Emitter<Attention>();
  private readonly joined = new Emitter<TeamJoin>();
  private readonly looked = new Emitter<void>();
  private readonly subscriptions: Array<{ dispose(): void }> = [];
  private leaseSubscriptions: Array<{ dispose(): void }> = [];
  /** Fires true when this window starts polling for the team, false when it stops. */
  readonly onDidChangeRole = this.roleChanged.event;
  readonly onDidChangeAttention = this.attentionChanged.event;
  /**
   * The window knows its team: at start, and again after every key or server change (with the same
   * team too, so what waited for it goes on). Fires before the role in the new team is known.
   */
  readonly onDidJoin = this.joined.event;
  /** Every few seconds, after the window looked at its team's lease: a beat to look at other shared state on. */
  readonly onDidLook = this.looked.event;
  /** The team counts as focused when any of its windows is: the pollers' focus. */
  readonly focus: FocusSource;

  constructor(private readonly deps: TeamDeps) {
    const attention = () => this.attention;
    this.focus = {
      get focused(): boolean {
        return attention().focused;
      },
      onDidChange: (listener) => this.attentionChanged.event((a) => listener(a.focused)),
    };
    this.subscriptions.push(
      deps.provider.onDidChange(() => this.rejoin()),
      deps.focus.onDidChange(() => this.reportAttention()),
    );
  }

  /** Whether this window polls for the team. False until the lease says so (a moment after start). */
  get isLeader(): boolean {
    return this.lease?.isLeader ?? false;
  }

  get attention(): Attention {
    return this.lease?.teamAttention ?? { focused: this.deps.focus.focused, researchVisible: this.researchVisible };
  }

  /** The team this window is in, once known. */
  get current(): TeamJoin | undefined {
    return this.name ? { id: this.name, keyed: this.keyed } : undefined;
  }

  /**
   * The team of the key and server in use, or undefined while a change of them is being joined: what is
   * sent meanwhile goes out with the new key, so it is not the old team's (the AI tools' charges).
   */
  get settledId(): string | undefined {
    return this.name && this.namedFor === this.requested ? this.name : undefined;
  }

  /** The windows of this editor, of any team, that are open (they wrote their attention lately), this one included. */
  async openWindows(): Promise<ReadonlySet<string>> {
    return (await openWindows(this.deps.files, this.deps.clock, this.lease?.wake)).add(this.windowId);
  }

  /** The team's folder under the shared files, for state the leader shares (e.g. the balance). */
  sharedName(file: string): string | undefined {
    // While the key or server changes, the old team's name would take what is fetched with the new key
    // (a balance, a history) into the old team's folder, where its windows would show it.
    return this.name && this.namedFor === this.requested ? `teams/${this.name}/${file}` : undefined;
  }

  /** Joins the team of the current key and server; resolves when the role is known. */
  start(): Promise<void> {
    // In line with the joins a key or server change asks for, which may come first.
    this.rejoin();
    return this.joining;
  }

  setResearchVisible(visible: boolean): void {
    this.researchVisible = visible;
    this.reportAttention();
  }

  /**
   * Removes the temporary files that crashed writes left anywhere in the shared storage (any team's,
   * the windows', the AI tools' spending): the leader does it once an hour, on its beat.
   */
  sweep(): Promise<number> {
    this.sweptAt = this.deps.clock.now();
    return sweepTemps(this.deps.files, this.sweptAt);
  }

  /** Leaves the team (on deactivation): a leader hands the lease over at once. */
  async release(): Promise<void> {
    await this.lease?.release();
  }

  dispose(): void {
    for (const s of [...this.subscriptions, ...this.leaseSubscriptions]) s.dispose();
    this.lease?.dispose();
    this.roleChanged.dispose();
    this.attentionChanged.dispose();
    this.joined.dispose();
    this.looked.dispose();
  }

  private rejoin(): void {
    this.requested++;
    // A join that failed must not stop the next one: the research list waits for the team to be known.
    this.joining = this.joining.catch(() => undefined).then(() => this.join());
  }

  private async join(): Promise<void> {
    const { provider, keys, files, clock, log } = this.deps;
    const generation = this.requested;
    const key = keys.current?.value;
    const name = await teamName(provider.url.url, key);
    // The key or server changed again meanwhile (a URL and then a key, say): only the latest join counts,
    // or what waits for the team (a job being tracked) would land in one that is already gone.
    if (generation !== this.requested) return;
    if (name === this.name && this.lease) {
      this.namedFor = generation;
      this.joined.fire({ id: name, keyed: this.keyed });
      return;
    }
    const wasLeader = this.isLeader;
    for (const s of this.leaseSubscriptions) s.dispose();
    this.leaseSubscriptions = [];
    await this.lease?.release();
    this.lease?.dispose();
    this.name = name;
    this.namedFor = generation;
    this.keyed = key !== undefined;
    const lease = new TeamLease({ files, clock, windowId: this.windowId, team: name, log });
    this.lease = lease;
    this.leaseSubscriptions.push(
      lease.onDidChangeRole((leader) => this.roleChanged.fire(leader)),
      lease.onDidChangeTeamAttention((a) => this.attentionChanged.fire(a)),
      lease.onDidLook(() => {
        this.looked.fire();
        if (lease.isLeader && (this.sweptAt === undefined || this.deps.clock.now() - this.sweptAt >= TEMP_KEPT_MS)) void this.sweep();
      }),
    );
    // Announced only as the latest: a change asked for meanwhile joins next and announces itself.
    if (generation === this.requested) this.joined.fire({ id: name, keyed: this.keyed });
    this.knownOnce();
    lease.setAttention({ focused: this.deps.focus.focused, researchVisible: this.researchVisible });
    await lease.start();
    if (wasLeader && !lease.isLeader) this.roleChanged.fire(false);
  }

  private reportAttention(): void {
    this.lease?.setAttention({ focused: this.deps.focus.focused, researchVisible: this.researchVisible });
    if (!this.lease) this.attentionChanged.fire(this.attention);
  }
}
