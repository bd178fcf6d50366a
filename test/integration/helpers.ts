// Shared by the integration tests: the polling wait (test/support/until) and the API URL setting; the extension's typed test
// API comes from test/support.
import * as vscode from 'vscode';
import { PANELS } from '../../src/ids';
import { teamName } from '../../src/host/team';
import type { TestApi } from '../../src/extension';
import type { FeedbackController } from '../../src/features/feedback';
import type { OpenPage } from '../../src/features/feedback/ui/quickInputPrompter';
import type { Sandbox } from '../sandbox/server';
import { until } from '../support/until';

export { activateExtension, extensionId, manifest, restartResearch } from '../support/extensionApi';

export { until };

/** The credit usage panel's tabs, in every group. */
export function usageTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(PANELS.usage));
}

/**
 * Returns once the research store's timer has fired again after now, with a job due in it: a fresh
 * job of `kind` is tracked, asked about twice (each from the timer), and untracked again. A job the
 * store still meant to poll by then would have been asked in the same round.
 */
export async function storeTicked(api: TestApi, sandbox: Sandbox, kind: 'deepResearch' | 'agent' = 'deepResearch'): Promise<void> {
  const id = kind === 'agent' ? sandbox.createAgentJob({ durationMs: 600_000 }) : sandbox.createResearchJob({ durationMs: 600_000 });
  api.research.store.track([id], kind);
  try {
    // A window nobody looks at polls every 30 s: allow for one such round.
    await until('another job to be polled twice', () => sandbox.requestsAbout(id).length >= 2, 40_000);
  } finally {
    api.research.store.untrack(id);
  }
}

export async function setApiUrl(url: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('firecrawl').update('apiUrl', url, vscode.ConfigurationTarget.Global);
}

/** Points the extension at the sandbox and stores its valid key, as a user would set both. */
export async function useSandbox(api: TestApi, sandbox: Sandbox): Promise<void> {
  await setApiUrl(sandbox.url);
  await until('the provider to follow the setting', () => api.provider.url.url === sandbox.url);
  await api.keys.store(sandbox.keys.valid);
  // A key or server change makes another team, joined a moment later: what a test tracks before then
  // would go to the previous team's list.
  const team = await teamName(api.provider.url.url, api.keys.current?.value);
  await until('the window to join the team of this key and server', () => api.team.current?.id === team && api.research.store.teamId === team);
  await api.research.store.listKnown;
}

/**
 * The feedback wizard once its bundle is loaded, with a wait for the page whose title matches and an
 * accept of the page on screen (the workbench's own command: the extension host cannot press keys).
 */
export async function wizardPages(api: TestApi): Promise<{
  feedback: FeedbackController;
  page(pattern: RegExp): Promise<OpenPage>;
  accept(page: OpenPage): Promise<void>;
}> {
  const feedback = await until('the wizard', () => (api.feedbackLoaded() ? api.feedback : undefined));
  return {
    feedback,
    page: (pattern) => until(`the ${pattern} page`, () => (pattern.test(feedback.page?.widget.title ?? '') ? feedback.page : undefined)),
    accept: async (page) => {
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await until('the next page', () => feedback.page !== page);
    },
  };
}
