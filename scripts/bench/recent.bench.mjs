// What the team's recent jobs cost: the Research view's Recent group over a focused hour with the view
// visible (nothing new, and a new run every ten minutes), and with nobody looking; and the feedback
// wizard's job page. Real HTTP to the sandbox on 127.0.0.1, on a fake clock both share; requests are
// counted by the sandbox.
import { join } from 'node:path';

const HOUR = 60 * 60_000;

export default async function recentBench({ root, require, record }) {
  const out = (...p) => require(join(root, 'out', ...p));
  const { startSandbox } = out('test', 'sandbox', 'server.js');
  const { FirecrawlClient } = out('src', 'api', 'index.js');
  const { nodeFetch } = out('src', 'platform', 'nodeTransport.js');
  const { RecentRuns } = out('src', 'features', 'research', 'model', 'recentRuns.js');
  const { RecentFeedbackJobs } = out('src', 'features', 'feedback', 'model', 'recentJobs.js');
  const { RecentActivity } = out('src', 'features', 'activity', 'model', 'recentActivity.js');
  const { FakeClock } = out('test', 'support', 'fakeClock.js');

  const clock = new FakeClock();
  const sandbox = await startSandbox({ now: () => clock.now(), seed: false });
  const client = new FirecrawlClient({ baseUrl: sandbox.url, apiKey: () => sandbox.keys.valid, clientName: 'firecrawl-vscode', clientVersion: 'bench', fetch: nodeFetch });
  const listRequests = () => sandbox.requests().filter((r) => r.route === 'activity' || r.route === 'agentList').length;
  /** Moves the clock in steps, letting each read that falls due reach the sandbox and come back. */
  const pass = async (ms, step = 5_000, each) => {
    for (let t = 0; t < ms; t += step) {
      each?.(t);
      await clock.advance(step);
      await new Promise((resolve) => setTimeout(resolve, 0));
      await clock.flush();
    }
  };

  try {
    // The team's last day: a few runs of each kind, finished.
    for (let i = 0; i < 5; i++) {
      sandbox.createAgentJob({ durationMs: 1_000, prompt: `run ${i}` });
      sandbox.createResearchJob({ durationMs: 1_000 });
    }
    await clock.advance(60_000);

    const hour = async ({ visible, focused, newRunEveryMs }) => {
      await clock.advance(25 * HOUR);
      sandbox.resetCounts();
      const recent = new RecentRuns({ reader: () => client, activity: new RecentActivity(() => client, clock), clock, enabled: () => true });
      recent.setAttention({ visible, focused });
      await pass(HOUR, 5_000, newRunEveryMs ? (t) => t > 0 && t % newRunEveryMs === 0 && sandbox.createAgentJob({ durationMs: 1_000 }) : undefined);
      recent.dispose();
      return { requests: listRequests(), reads: recent.refreshes };
    };

    const quiet = await hour({ visible: true, focused: true });
    record('recent group: requests per focused hour, view visible, nothing new', 'requests', quiet.requests, { text: '≤ 60', test: (v) => v <= 60 }, `${quiet.reads} reads of 2 requests (the shared activity list, the agent list): a minute apart, easing to 5 min`);
    const busy = await hour({ visible: true, focused: true, newRunEveryMs: 10 * 60_000 });
    record('recent group: requests per focused hour, a new run every 10 min', 'requests', busy.requests, { text: '≤ 180', test: (v) => v <= 180 }, `${busy.reads} reads; at most one a minute`);
    const hidden = await hour({ visible: false, focused: true });
    const unfocused = await hour({ visible: true, focused: false });
    record('recent group: requests per hour, view hidden / window unfocused', 'requests', hidden.requests + unfocused.requests, { text: '0', test: (v) => v === 0 });

    // The wizard's job page: what the endpoint page starts, per endpoint highlighted.
    sandbox.resetCounts();
    const wizard = new RecentFeedbackJobs(new RecentActivity(() => client, clock));
    wizard.prefetch('scrape');
    wizard.prefetch('scrape');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await clock.flush();
    wizard.dispose();
    record('feedback wizard: requests for the job page (scrape)', 'requests', sandbox.requestCount('activity'), { text: '1', test: (v) => v === 1 });
  } finally {
    await sandbox.close();
  }
}
