// The team this window belongs to (one API key on one server) and its place in it: whether it polls
// for the team or follows the leader's results, and how much attention the team's windows pay.
// Windows with different keys or servers are different teams and never share.
import * as vscode from 'vscode';
import type { Clock } from '../shared/clock';
import { Emitter, type FocusSource } from '../shared/events';
import type { SharedFiles } from '../shared/sharedFiles';
import { type Attention, TeamLease } from '../shared/teamLease';
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
  private readonly roleChanged = new Emitter<boolean>();
  private readonly attentionChanged = new Emitter<Attention>();
  private readonly subscriptions: Array<{ dispose(): void }> = [];
  private leaseSubscriptions: Array<{ dispose(): void }> = [];
  /** Fires true when this window starts polling for the team, false when it stops. */
  readonly onDidChangeRole = this.roleChanged.event;
  readonly onDidChangeAttention = this.attentionChanged.event;
  /** The team counts as focused when any of its windows is: the pollers' focus. */
  readonly focus: FocusSource;

  constructor(private readonly deps: TeamDeps) {
    const team = this;
    this.focus = {
      get focused(): boolean {
        return team.attention.focused;
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

  /** Whether another window of the team is open (it wrote its attention lately). */
  isOpenWindow(windowId: string): boolean {
    return windowId === this.windowId || (this.lease?.otherWindows.has(windowId) ?? false);
  }

  /** The team's folder under the shared files, for state the leader shares (e.g. the balance). */
  sharedName(file: string): string | undefined {
    return this.name ? `teams/${this.name}/${file}` : undefined;
  }

  /** Joins the team of the current key and server; resolves when the role is known. */
  start(): Promise<void> {
    this.joining = this.join();
    return this.joining;
  }

  setResearchVisible(visible: boolean): void {
    this.researchVisible = visible;
    this.reportAttention();
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
  }

  private rejoin(): void {
    this.joining = this.joining.then(() => this.join());
  }

  private async join(): Promise<void> {
    const { provider, keys, files, clock, log } = this.deps;
    const name = await teamName(provider.url.url, keys.current?.value);
    if (name === this.name && this.lease) return;
    const wasLeader = this.isLeader;
    for (const s of this.leaseSubscriptions) s.dispose();
    this.leaseSubscriptions = [];
    await this.lease?.release();
    this.lease?.dispose();
    this.name = name;
    const lease = new TeamLease({ files, clock, windowId: this.windowId, team: name, log });
    this.lease = lease;
    this.leaseSubscriptions.push(
      lease.onDidChangeRole((leader) => this.roleChanged.fire(leader)),
      lease.onDidChangeTeamAttention((a) => this.attentionChanged.fire(a)),
    );
    lease.setAttention({ focused: this.deps.focus.focused, researchVisible: this.researchVisible });
    await lease.start();
    if (wasLeader && !lease.isLeader) this.roleChanged.fire(false);
  }

  private reportAttention(): void {
    this.lease?.setAttention({ focused: this.deps.focus.focused, researchVisible: this.researchVisible });
    if (!this.lease) this.attentionChanged.fire(this.attention);
  }
}
