// The one internal model every store and view uses, whatever dialect the server spoke.
// Dates stay ISO strings so the model can be persisted and posted to webviews as-is.

export interface CreditUsage {
  /** Negative means overage; above `planCredits` means packs or grants. */
  remainingCredits: number;
  /** null when the server reports no plan (older self-hosted releases send the balance only). */
  planCredits: number | null;
  /** Readable ISO dates, or null when absent or unreadable. */
  billingPeriodStart: string | null;
  billingPeriodEnd: string | null;
}

export interface UsagePeriod {
  /** null when the service could not date the row; such rows sort last. */
  startDate: string | null;
  /** null for the month in progress. */
  endDate: string | null;
  creditsUsed: number;
  /** The key's display name, present only with the per-key breakdown. */
  apiKey?: string;
}

export interface UsageHistory {
  byApiKey: boolean;
  /** Oldest first, as the service sends them. */
  periods: UsagePeriod[];
}

export type ResearchJobStatus = 'processing' | 'completed' | 'failed' | 'cancelled' | (string & {});
export type ResearchActivityStatus = 'processing' | 'complete' | 'error' | (string & {});
export type ResearchActivityType = 'search' | 'analyze' | 'synthesis' | 'extract' | 'reasoning' | 'thought' | (string & {});

export interface ResearchActivity {
  type: ResearchActivityType;
  status: ResearchActivityStatus;
  message: string;
  depth: number;
  /** ISO timestamp, or '' when the server sent none. */
  timestamp: string;
}

export interface ResearchSource {
  url: string;
  title?: string;
  description?: string;
  /** `icon` in the live service, `favicon` in the spec. */
  icon?: string;
}

export interface ResearchJob {
  id: string;
  status: ResearchJobStatus;
  currentDepth: number;
  maxDepth: number;
  totalUrls: number;
  expiresAt: string | null;
  error?: string;
  finalAnalysis?: string;
  /** Present when the job used the JSON format. */
  json?: unknown;
  activities: ResearchActivity[];
  sources: ResearchSource[];
  /** Deprecation and other notices the service attached. */
  warnings: string[];
}

export interface FeedbackReceipt {
  feedbackId?: string;
  creditsRefunded: number;
  /** Absent from receipts of the newer `target` form. */
  creditsRefundedToday?: number;
  dailyRefundCap?: number;
  dailyCapReached: boolean;
  alreadySubmitted: boolean;
  warning?: string;
}
