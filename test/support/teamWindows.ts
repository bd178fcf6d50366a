// Several windows of one team ('t'), simulated on one fake clock and one in-memory disk, for a store
// that polls from the leading window and shares what it fetched through a team file: each window has
// its own file view, a lease deciding who leads, and the team's focus as the lease reports it. The
// caller builds the store and its team file; opening a window starts the store and the lease.
import { Emitter, type Event, type FocusSource } from '../../src/shared/events';
import type { SharedFiles } from '../../src/shared/sharedFiles';
import { TeamLease } from '../../src/shared/teamLease';
import { FakeClock } from './fakeClock';
import { MemoryDisk } from './memoryFiles';

/** What a window gives the store it builds. */
export interface TeamWindowParts {
  id: string;
  /** The clock every window shares. */
  clock: FakeClock;
  files: SharedFiles;
  lease: TeamLease;
  /** The team's focus: any window of the team focused. */
  focus: FocusSource;
  /** Where the team's shared files go: `teams/t/<file>`. */
  teamFile: (file: string) => string;
  /** The lease's beat (every few seconds), on which a window looks at shared files again. */
  looks: Event<void>;
}

interface PolledStore {
  start(): void;
  roleChanged(): void;
  dispose(): void;
}

/** The clock and disk all windows share, and `open(id, focused)` for one more window with its store. */
export function teamWindows<S extends PolledStore>(build: (window: TeamWindowParts) => { store: S; shared: { dispose(): void } }) {
  const clock = new FakeClock();
  const disk = new MemoryDisk();
  /** `watcher: false` opens a window whose file watcher hears nothing (it failed, or missed the files). */
  const open = async (id: string, focused: boolean, options: { watcher?: boolean } = {}) => {
    const files = disk.view(options);
    const lease = new TeamLease({ files, clock, windowId: id, team: 't' });
    const focusChanged = new Emitter<boolean>();
    const focus: FocusSource = {
      get focused() {
        return lease.teamAttention.focused;
      },
      onDidChange: focusChanged.event,
    };
    lease.onDidChangeTeamAttention((a) => focusChanged.fire(a.focused));
    const { store, shared } = build({ id, clock, files, lease, focus, teamFile: (file) => `teams/t/${file}`, looks: lease.onDidLook });
    lease.onDidChangeRole(() => store.roleChanged());
    lease.setAttention({ focused, researchVisible: false });
    store.start();
    await lease.start();
    await clock.advance(0);
    return {
      id,
      lease,
      store,
      close: async () => {
        await lease.release();
        lease.dispose();
        store.dispose();
        shared.dispose();
        files.dispose();
      },
    };
  };
  return { clock, disk, open };
}
