// Several windows of one editor, simulated on one fake clock for the research store: one globalState
// and one global storage folder shared by all, a lease per team deciding who polls, and a service that
// knows which team ran each job (another team's job is a 404, as on the real service). Each window is
// wired as src/features/research/index.ts wires it: the lease's beat makes it look at the list again.
import { type CallOptions, CancelledError, NotFoundError, type ResearchJob } from '../../src/api';
import { normalizeResearchJob, schemas } from '../../src/api/schemas';
import { ResearchStore, type ResearchStoreOptions } from '../../src/features/research/model/researchStore';
import { TeamLease } from '../../src/shared/teamLease';
import { createResearchJob, renderResearch, researchSnapshot, type ResearchJob as PlannedJob } from '../sandbox/research';
import type { ResearchTimeline } from '../sandbox/types';
import { FakeClock } from './fakeClock';
import { EditorState, MemoryDisk, SharedMemento } from './memoryFiles';

/** Deep research jobs that progress with the clock; every request is counted with the window and team that sent it. */
export class Service {
  readonly calls: Array<{ id: string; window: string; team: string; at: number }> = [];
  private readonly jobs = new Map<string, { planned: PlannedJob; team: string }>();
  private seq = 0;
  constructor(private readonly clock: FakeClock) {}

  create(timeline: ResearchTimeline = {}, team = 't'): string {
    this.seq++;
    const id = `00000000-0000-4000-8000-${String(this.seq).padStart(12, '0')}`;
    this.jobs.set(id, { planned: createResearchJob(id, this.clock.now(), timeline), team });
    return id;
  }

  clientFor(window: string, team: () => string) {
    return {
      getResearchJob: async (id: string, options?: CallOptions): Promise<ResearchJob> => {
        this.calls.push({ id, window, team: team(), at: this.clock.now() });
        await Promise.resolve();
        if (options?.signal?.aborted) throw new CancelledError({ operation: 'researchJob' });
        const job = this.jobs.get(id);
        // Another team's job is not found, as the service says for an unknown or expired one.
        const planned = job && job.team === team() ? job.planned : undefined;
        const rendered = renderResearch(planned ? researchSnapshot(planned, this.clock.now()) : null, 'live');
        if (rendered.status === 404) throw new NotFoundError({ operation: 'researchJob', serviceBody: true });
        return normalizeResearchJob(id, schemas().researchJobResponse.parse(rendered.body));
      },
      getAgentJob: async (): Promise<never> => {
        throw new NotFoundError({ operation: 'agentJob', serviceBody: true });
      },
      cancelAgentJob: async (): Promise<never> => {
        throw new NotFoundError({ operation: 'agentCancel', serviceBody: true });
      },
    };
  }

  sentBy(window: string): number {
    return this.calls.filter((c) => c.window === window).length;
  }
}

export interface WindowOptions {
  focused?: boolean;
  /** The team of the window's key and server (default 't'). */
  team?: string;
  /** false: a host whose file watcher failed; the window hears of nothing other windows write. */
  watcher?: boolean;
  store?: Partial<ResearchStoreOptions>;
}

export interface Win {
  id: string;
  store: ResearchStore;
  /** This window's globalState. */
  state: { get<T>(key: string): T | undefined; keys(): readonly string[]; update(key: string, value: unknown): PromiseLike<void> };
  readonly lease: TeamLease;
  readonly team: string;
  finished: string[];
  log: string[];
  /** A key or server change: the window joins the team it makes (as host/team.ts does). */
  switchTeam(team: string): Promise<void>;
  close(): Promise<void>;
  /** The window's process dies: no flush, no release, its timers stop. */
  crash(): void;
}

/**
 * `lossy`: globalState as the real host shares it (each window's view replaced whole by another
 * window's write ~0.1 s later, so same-moment writes lose one; see EditorState). Otherwise one map.
 */
export function editor(setup: { lossy?: boolean } = {}) {
  const clock = new FakeClock();
  const disk = new MemoryDisk(() => clock.now());
  const storage = new SharedMemento();
  const state = new EditorState(clock);
  const service = new Service(clock);
  const open = async (id: string, options: WindowOptions = {}): Promise<Win> => {
    const { focused = true } = options;
    let team = options.team ?? 't';
    const files = disk.view({ watcher: options.watcher !== false });
    const log: string[] = [];
    const windowState = setup.lossy ? state.window() : storage;
    const store = new ResearchStore({
      source: { client: service.clientFor(id, () => team) },
      storage: windowState,
      files,
      windowId: id,
      isLeader: () => lease.isLeader,
      clock,
      random: () => 0.5,
      log: { debug: () => undefined, info: (m) => log.push(`info ${m}`), warn: (m) => log.push(`warn ${m}`) },
      ...options.store,
    });
    let lease: TeamLease;
    let subscriptions: Array<{ dispose(): void }> = [];
    const join = async () => {
      lease = new TeamLease({ files, clock, windowId: id, team });
      const attend = () => store.setAttention({ focused: lease.teamAttention.focused, visible: lease.teamAttention.researchVisible });
      subscriptions = [lease.onDidChangeTeamAttention(attend), lease.onDidChangeRole(() => store.roleChanged()), lease.onDidLook(() => void store.reconcile())];
      lease.setAttention({ focused, researchVisible: true });
      attend();
      store.joinTeam(team);
      await lease.start();
    };
    store.start();
    await join();
    await store.ready;
    const finished: string[] = [];
    store.onDidFinishJob((j) => finished.push(j.id));
    const stopTimers = () => {
      const l = lease as unknown as { disposed: boolean; timer?: { dispose(): void }; heartbeat?: { dispose(): void } };
      l.disposed = true;
      l.timer?.dispose();
      l.heartbeat?.dispose();
    };
    return {
      id,
      store,
      state: windowState,
      get lease() {
        return lease;
      },
      get team() {
        return team;
      },
      finished,
      log,
      switchTeam: async (next) => {
        store.endpointChanged();
        for (const s of subscriptions) s.dispose();
        await lease.release();
        lease.dispose();
        team = next;
        await join();
      },
      close: async () => {
        await store.flush();
        await lease.release();
        lease.dispose();
        store.dispose();
        files.dispose();
      },
      crash: () => {
        stopTimers();
        files.dispose();
        // Nothing more is written: the process is gone.
        const inner = store as unknown as { folder?: { dispose(): void } };
        inner.folder?.dispose();
        inner.folder = undefined;
        store.dispose();
      },
    };
  };
  return { clock, disk, storage, state, service, open };
}
