// The team's recent activity, one list for the window: created here once, handed to the job-id hover,
// the feedback wizard and the Research view's Recent group, and forgotten when the key or server
// changes. It registers nothing and reads nothing until one of them asks.
import type * as vscode from 'vscode';
import type { Clock } from '../../shared/clock';
import { type ActivityListReader, RecentActivity } from './model/recentActivity';

export { type ActivityListReader, type ActivityRead, RECENT_ACTIVITY_MS, RecentActivity } from './model/recentActivity';

export interface ActivityDeps {
  context: vscode.ExtensionContext;
  /** The client at each read; `onDidChange` fires when the key or server changes. */
  source: { readonly client: ActivityListReader; onDidChange(listener: () => void): { dispose(): void } };
  clock: Clock;
}

export function activateActivity({ context, source, clock }: ActivityDeps): RecentActivity {
  const activity = new RecentActivity(() => source.client, clock);
  const change = source.onDidChange(() => activity.clear());
  context.subscriptions.push({
    dispose: () => {
      change.dispose();
      activity.clear();
    },
  });
  return activity;
}
