// "Firecrawl: Add Recent Jobs…": a multi-select pick of the team's agent runs and deep research jobs
// of the last 24 hours (tracked ones marked), and the Recent group's "Track This Job". A run picked
// here has a known kind, so it is tracked as that kind without a second look at the service.
import * as vscode from 'vscode';
import { type ErrorContext, recentJobsUnavailableText } from '../../../host/errorText';
import { COMMANDS } from '../../../ids';
import { isJobId, normalizeJobId } from '../../../shared/jobIds';
import type { RecentRun, RecentRuns } from '../model/recentRuns';
import type { ResearchStore } from '../model/researchStore';
import type { JobKind } from '../model/trackedJob';
import { recentRunDescription, recentRunLabel } from './recentRows';
import { selectedOf } from './rowTypes';
import { sayCap } from './trackCommand';

export interface RecentCommandDeps {
  store: ResearchStore;
  recent: RecentRuns;
  reveal(jobId: string): Promise<void>;
  /** Where requests go, for why the list cannot be read. */
  errors(): ErrorContext;
  now(): number;
}

interface RunItem extends vscode.QuickPickItem {
  run?: RecentRun;
}

/** What "Add Recent Jobs…" did, for tests and other commands. */
export interface AddRecentOutcome {
  added: string[];
  /** Why nothing could be listed, when nothing could. */
  unavailable?: string;
}

/** Tracks runs of known kinds in the order given; reveals the first new one. */
export async function trackRuns(
  deps: Pick<RecentCommandDeps, 'store' | 'reveal'>,
  runs: ReadonlyArray<{ id: string; kind: JobKind; started?: boolean; prompt?: string; ranAt?: number | undefined; team?: string }>,
): Promise<string[]> {
  // Right after start or a key change the window may not know its key's team yet: the runs are that team's.
  await deps.store.listKnown;
  const result = deps.store.track(
    runs.map((r) => r.id),
    new Map(runs.map((r) => [r.id.trim().toLowerCase(), r.kind])),
    runs.map((r) => ({
      id: r.id,
      ...(r.started ? { startedHere: true } : {}),
      ...(r.prompt ? { prompt: r.prompt } : {}),
      ...(r.ranAt !== undefined ? { ranAt: r.ranAt } : {}),
      ...(r.team ? { team: r.team } : {}),
    })),
  );
  sayCap(result, deps.store.maxJobs);
  for (const id of result.otherTeam) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Agent job {0} was started with the API key or server in use before the change, so it is that one’s: it is kept with its jobs and followed when that key and server are in use again.',
        id,
      ),
    );
  }
  const { added } = result;
  const first = added[0];
  if (first) await deps.reveal(first).then(undefined, () => undefined);
  return added;
}

function runItems(deps: RecentCommandDeps): RunItem[] {
  const now = deps.now();
  const runs = deps.recent.runs;
  const fresh = runs.filter((r) => !deps.store.get(r.id));
  const tracked = runs.filter((r) => deps.store.get(r.id));
  const item = (run: RecentRun, isTracked: boolean): RunItem => ({
    label: recentRunLabel(run),
    description: isTracked ? vscode.l10n.t('{0} · already tracked', recentRunDescription(run, now)) : recentRunDescription(run, now),
    detail: run.id,
    iconPath: new vscode.ThemeIcon(isTracked ? 'check' : run.kind === 'agent' ? 'hubot' : 'search'),
    run,
  });
  const items: RunItem[] = fresh.map((r) => item(r, false));
  if (tracked.length) items.push({ label: vscode.l10n.t('Already tracked'), kind: vscode.QuickPickItemKind.Separator }, ...tracked.map((r) => item(r, true)));
  return items;
}

export async function addRecentJobs(deps: RecentCommandDeps): Promise<AddRecentOutcome> {
  const pick = vscode.window.createQuickPick<RunItem>();
  pick.title = vscode.l10n.t('Firecrawl: Add Recent Jobs');
  pick.canSelectMany = true;
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  pick.ignoreFocusOut = true;
  pick.placeholder = vscode.l10n.t('Reading the agent runs and deep research jobs of the last 24 hours…');
  pick.busy = true;
  // What was read before shows at once; the fresh list replaces it.
  pick.items = runItems(deps);
  const reading = deps.recent.refresh();

  return new Promise<AddRecentOutcome>((resolve) => {
    let settled = false;
    let accepted = false;
    const subscriptions: vscode.Disposable[] = [];
    const finish = (outcome: AddRecentOutcome) => {
      if (settled) return;
      settled = true;
      for (const s of subscriptions) s.dispose();
      pick.dispose();
      resolve(outcome);
    };
    const trackById = vscode.l10n.t('Track Job…');
    void reading.then(() => {
      if (settled) return;
      const state = deps.recent.state;
      const picked = new Set(pick.selectedItems.map((i) => i.run?.id));
      pick.items = runItems(deps);
      pick.selectedItems = pick.items.filter((i) => i.run && picked.has(i.run.id));
      pick.busy = false;
      if (state.kind === 'unavailable' && !deps.recent.runs.length) {
        const why = recentJobsUnavailableText(state.error, deps.errors());
        pick.hide();
        void vscode.window.showWarningMessage(vscode.l10n.t('{0} Track a job by its id instead.', why), trackById).then((choice) => {
          if (choice) void vscode.commands.executeCommand(COMMANDS.trackJob);
        });
        finish({ added: [], unavailable: why });
        return;
      }
      if (!deps.recent.runs.length) {
        pick.hide();
        void vscode.window.showInformationMessage(vscode.l10n.t('Your team ran no agent or deep research jobs in the last 24 hours.'), trackById).then((choice) => {
          if (choice) void vscode.commands.executeCommand(COMMANDS.trackJob);
        });
        finish({ added: [] });
        return;
      }
      pick.placeholder =
        state.kind === 'unavailable'
          ? vscode.l10n.t('{0} These are the runs read before.', recentJobsUnavailableText(state.error, deps.errors()))
          : vscode.l10n.t('Check the runs to track, then press Enter.');
    });
    subscriptions.push(
      pick.onDidAccept(() => {
        accepted = true;
        const chosen = pick.selectedItems.map((i) => i.run).filter((r): r is RecentRun => r !== undefined && !deps.store.get(r.id));
        pick.hide();
        void trackRuns(deps, chosen).then((added) => finish({ added }));
      }),
      pick.onDidHide(() => {
        if (!accepted) finish({ added: [] });
      }),
    );
    pick.show();
  });
}

/** The Recent group's row (or its inline button): tracks that one run. */
export async function trackRecentJob(deps: Pick<RecentCommandDeps, 'store' | 'reveal' | 'recent'>, clicked: unknown, selected?: unknown): Promise<string[]> {
  const runs = selectedOf(clicked, selected, (argument) => recentRunOf(deps, argument));
  return runs.length ? trackRuns(deps, runs) : [];
}

/**
 * A row's click passes {id, kind}; its menu and inline button pass the tree node, {kind: 'recentRun', runId};
 * a run this editor just started passes {id, kind, started: true, prompt, team}.
 */
function recentRunOf(
  deps: Pick<RecentCommandDeps, 'recent'>,
  argument: unknown,
): { id: string; kind: JobKind; started: boolean; prompt?: string; ranAt?: number | undefined; team?: string } | undefined {
  const given = (typeof argument === 'object' && argument !== null ? argument : {}) as { id?: unknown; kind?: unknown; runId?: unknown; started?: unknown; prompt?: unknown; team?: unknown };
  const raw = typeof given.id === 'string' ? given.id : typeof given.runId === 'string' ? given.runId : undefined;
  if (!raw || !isJobId(raw)) return undefined;
  const id = normalizeJobId(raw);
  const listed = deps.recent.runs.find((r) => r.id === id);
  const kind = given.kind === 'agent' || given.kind === 'deepResearch' ? given.kind : listed?.kind;
  if (!kind) return undefined;
  if (given.started === true)
    return { id, kind, started: true, ...(typeof given.prompt === 'string' ? { prompt: given.prompt } : {}), ...(typeof given.team === 'string' ? { team: given.team } : {}) };
  return { id, kind, started: false, ranAt: listed?.ranAt };
}
