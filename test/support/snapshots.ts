// Narrowing a tracked job's snapshot to one kind, for assertions.
import type { AgentJob, ResearchJob, TrackedSnapshot } from '../../src/api';

export function deepResearchOf(s: TrackedSnapshot | undefined): ResearchJob | undefined {
  return s?.kind === 'deepResearch' ? s : undefined;
}

export function agentOf(s: TrackedSnapshot | undefined): AgentJob | undefined {
  return s?.kind === 'agent' ? s : undefined;
}
