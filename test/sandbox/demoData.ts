// The demo team the sandbox starts with: credits, billing period and ~4 months of usage per key.
import type { AgentTimeline, CreditState, HistoryRow, ResearchTimeline } from './types';

const DAY = 24 * 60 * 60 * 1000;

/** Start of the UTC calendar month `offset` months from the one containing `ms`. */
export function monthStart(ms: number, offset = 0): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1);
}

export function demoCredits(now: number): CreditState {
  const d = new Date(now - 12 * DAY);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const s = new Date(start);
  const end = Date.UTC(s.getUTCFullYear(), s.getUTCMonth() + 1, s.getUTCDate());
  return {
    remainingCredits: 62_418,
    planCredits: 100_000,
    billingPeriodStart: new Date(start).toISOString(),
    billingPeriodEnd: new Date(end).toISOString(),
  };
}

/** Credits used per key, oldest month first; the last month is the current, partial one. */
const USAGE: ReadonlyArray<readonly [string, readonly number[]]> = [
  ['Default', [8_420, 11_234, 9_876, 3_412]],
  ['CI pipeline', [2_210, 2_890, 3_105, 1_204]],
  ['Research notebook', [640, 1_480, 2_260, 915]],
];

/** Four calendar months ending with the current one (endDate null), one row per key and month. */
export function demoHistory(now: number): HistoryRow[] {
  const rows: HistoryRow[] = [];
  for (let i = 0; i < 4; i += 1) {
    const start = monthStart(now, i - 3);
    const endDate = i === 3 ? null : new Date(monthStart(now, i - 2) - 1).toISOString();
    for (const [apiKey, used] of USAGE) {
      rows.push({ startDate: new Date(start).toISOString(), endDate, creditsUsed: used[i] ?? 0, apiKey });
    }
  }
  return rows;
}

/** Fixed ids so demo users and docs can refer to them across restarts. */
export const DEMO_RESEARCH_IDS = {
  processing: '5d3f6a1e-8b2c-4c7d-9e10-2a4b6c8d0e01',
  completed: '5d3f6a1e-8b2c-4c7d-9e10-2a4b6c8d0e02',
  failed: '5d3f6a1e-8b2c-4c7d-9e10-2a4b6c8d0e03',
} as const;

export interface DemoResearchSeed {
  id: string;
  /** How long before server start the job was created. */
  createdAgoMs: number;
  timeline: ResearchTimeline;
}

export const DEMO_RESEARCH: readonly DemoResearchSeed[] = [
  {
    id: DEMO_RESEARCH_IDS.processing,
    createdAgoMs: 0,
    timeline: { durationMs: 120_000, maxDepth: 4, activities: 10, sources: 8, query: 'How do large sites rate-limit web crawlers?' },
  },
  {
    id: DEMO_RESEARCH_IDS.completed,
    createdAgoMs: 20 * 60_000,
    timeline: {
      durationMs: 95_000,
      maxDepth: 3,
      activities: 8,
      sources: 6,
      withJson: true,
      query: 'Which open-source licenses allow commercial use?',
    },
  },
  {
    id: DEMO_RESEARCH_IDS.failed,
    createdAgoMs: 8 * 60_000,
    timeline: {
      durationMs: 300_000,
      outcome: 'failed',
      maxDepth: 5,
      activities: 5,
      sources: 3,
      query: 'Summarise every paper published on arXiv today',
      error: 'Research job timed out after 300 seconds',
    },
  },
];

export const DEMO_AGENT_IDS = {
  processing: '7e2a9c4d-3b1f-4a6e-8c2d-1f3e5a7b9c01',
  completed: '7e2a9c4d-3b1f-4a6e-8c2d-1f3e5a7b9c02',
  failed: '7e2a9c4d-3b1f-4a6e-8c2d-1f3e5a7b9c03',
} as const;

export interface DemoAgentSeed {
  id: string;
  createdAgoMs: number;
  timeline: AgentTimeline;
}

export const DEMO_AGENT: readonly DemoAgentSeed[] = [
  {
    id: DEMO_AGENT_IDS.processing,
    createdAgoMs: 0,
    timeline: { durationMs: 120_000, approvalAfterMs: 40_000, prompt: 'List the rate limits of the five most popular public web APIs.' },
  },
  {
    id: DEMO_AGENT_IDS.completed,
    createdAgoMs: 15 * 60_000,
    timeline: { durationMs: 70_000, model: 'spark-1-mini', prompt: 'Compare the pricing pages of three web scraping APIs.', urls: ['https://example.com/pricing'] },
  },
  {
    id: DEMO_AGENT_IDS.failed,
    createdAgoMs: 5 * 60_000,
    timeline: { durationMs: 45_000, outcome: 'failed', prompt: 'Collect every product review on a site that blocks bots.', error: 'Agent run failed: every page answered 403 Forbidden' },
  },
];
