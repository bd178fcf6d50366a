// One tool call from input to the text a model receives, through the same client and request bodies
// as the run commands: the input checked, the guard's figures, the request (aborted with the chat),
// the charge recorded in the shared spending record, and the result as our facts plus page text
// fenced as untrusted. A 402 or 429 becomes a short result that tells the model to stop, and a flag
// for the one notification. Pure: no `vscode` (the bench and unit tests run it in plain Node).
import * as l10n from '@vscode/l10n';
import { type AgentJob, agentStartBody, checked, type FirecrawlClient, isFirecrawlError, mapBody, type RateLimitedError, scrapeBody, searchBody } from '../../../api';
import { describeRunError, waitText } from '../../../host/errorText';
import type { Clock } from '../../../shared/clock';
import { formatDateTime, formatExact } from '../../../shared/format';
import { plainText } from '../../../shared/text';
import { type CostEstimate, decide, estimateCost, type GuardDecision, startOfLocalDay, type ToolKind } from './budget';
import type { RefusalEpisodes, RefusalKind } from './refusals';
import type { ToolDocuments } from './toolDocuments';
import { type InputCheck, readToolInput, type ToolInput } from './toolInputs';
import { type SpendingEntry, spentSince, type ToolSpending } from './toolSpending';
import { newNonce, trimContent, untrustedBlock } from './toolText';
import { actionText, type Confirmation, confirmationText, creditsUsedText, jobIdText, spendingText, trimText, untrustedPreface } from './toolTexts';

export interface ToolSettings {
  dailyBudget(): number;
  maxResultCharacters(): number;
  onlyMainContent(): boolean;
  scrapeTimeoutMs(): number;
  searchLimit(): number;
  mapLimit(): number;
  agentMaxCredits(): number;
}

/** The team's credits as the window knows them (credits and burn features), for the credits tool. */
export interface TeamCredits {
  remaining?: number;
  plan?: number | null;
  lastHour?: number;
  last24h?: number;
  /** When the balance runs out at the last 7 days' pace, before the period ends. */
  runOutAt?: number;
  queue?: { active: number; waiting: number; maxConcurrency: number | null };
  /** Why the balance is not known, in our words. */
  problem?: string;
}

export interface ToolRunnerDeps {
  client(): FirecrawlClient;
  /** The server keeps no credits (a self-hosted one): the guard counts calls. */
  selfHosted(): boolean;
  apiUrl(): string;
  team(): string | undefined;
  balance(): number | undefined;
  teamCredits(): Promise<TeamCredits>;
  spending: ToolSpending;
  documents: ToolDocuments;
  refusals: RefusalEpisodes;
  clock: Clock;
  settings: ToolSettings;
  /** How the result says where the whole text is (a URI the person can open). */
  documentName(key: string): string;
  /** A run an agent started: the person follows it where they follow their own (the Research view). */
  trackAgentRun?(id: string): void;
  nonce?: () => string;
}

export interface Prepared {
  check: InputCheck;
  estimate?: CostEstimate;
  decision: GuardDecision;
  /** What the call does and may cost (the chat's progress line). */
  action: string;
  /** Set when the person must confirm first. */
  confirmation?: Confirmation;
}

export interface ToolOutcome {
  /** Text parts, in order, as the model receives them. */
  parts: string[];
  /** A 402 or 429: `notify` says whether the person hears of it now (once per episode). */
  refusal?: { kind: RefusalKind; notify: boolean; message: string };
  /** Units charged to today's tool spending. */
  charged?: number;
}

const PAID: ReadonlySet<ToolKind> = new Set(['scrape', 'search', 'map', 'startAgent']);

export class ToolRunner {
  constructor(private readonly deps: ToolRunnerDeps) {}

  /** Today's tool spending, every window's (their files read first unless just read). */
  async spentToday(): Promise<number> {
    await this.deps.spending.ensureFresh();
    return spentSince(this.deps.spending.entries(), startOfLocalDay(this.deps.clock.now()));
  }

  private costInput(input: ToolInput): { limit?: number; maxCredits?: number } {
    if (input.kind === 'search') return { limit: input.limit ?? this.deps.settings.searchLimit() };
    if (input.kind === 'startAgent') return { maxCredits: this.agentCap(input) };
    return {};
  }

  /** An agent run's credit limit: what the model asked for, never above the setting. */
  private agentCap(input: Extract<ToolInput, { kind: 'startAgent' }>): number {
    const setting = this.deps.settings.agentMaxCredits();
    return Math.min(setting, input.maxCredits ?? setting);
  }

  private limits() {
    return { searchLimit: this.deps.settings.searchLimit(), mapLimit: Math.min(5_000, this.deps.settings.mapLimit()) };
  }

  /** The guard: what the call does, what it may cost, and whether it asks first. Has no side effects. */
  async prepare(kind: ToolKind, raw: unknown): Promise<Prepared> {
    const check = readToolInput(kind, raw);
    const budget = this.deps.settings.dailyBudget();
    if (!check.ok) return { check, decision: { ask: false, reason: 'free', spentToday: 0, budget }, action: l10n.t('Firecrawl: the input is not valid; nothing will be sent.') };
    const estimate = estimateCost(kind, this.costInput(check.input), this.deps.selfHosted());
    const spent = estimate ? await this.spentToday() : 0;
    const decision = decide(kind, estimate, spent, budget);
    const action = actionText(check.input, estimate, this.limits());
    const prepared: Prepared = { check, decision, action, ...(estimate ? { estimate } : {}) };
    if (decision.ask && estimate) prepared.confirmation = confirmationText(action, estimate, decision, this.deps.selfHosted() ? undefined : this.deps.balance());
    return prepared;
  }

  /** Runs the call. Throws only a cancellation (a FirecrawlError of kind `cancelled`). */
  async run(kind: ToolKind, raw: unknown, signal?: AbortSignal): Promise<ToolOutcome> {
    const check = readToolInput(kind, raw);
    if (!check.ok) return { parts: [[l10n.t('Not run: the input is not valid. Nothing was sent or spent.'), ...check.problems].join('\n')] };
    try {
      return await this.call(check.input, signal ? { signal } : {});
    } catch (error) {
      if (isFirecrawlError(error) && error.kind === 'cancelled') throw error;
      return this.failed(error);
    }
  }

  private failed(error: unknown): ToolOutcome {
    const now = this.deps.clock.now();
    if (isFirecrawlError(error) && error.kind === 'badRequest' && error.status === 402) {
      const message = l10n.t(
        'Firecrawl refused: the team has not enough credits (402). Nothing was fetched or spent. Do not call Firecrawl tools again in this conversation; the user has been told and can add credits.',
      );
      return { parts: [message], refusal: { kind: 'credits', notify: this.deps.refusals.refused('credits', now), message } };
    }
    if (isFirecrawlError(error) && error.kind === 'rateLimited') {
      const wait = waitText((error as RateLimitedError).retryAfterMs);
      const message = wait
        ? l10n.t(
            "Firecrawl refused: the plan's rate limit was reached (429). Nothing was fetched or spent. Do not retry before {0}; better, finish without more Firecrawl calls. The user has been told.",
            wait,
          )
        : l10n.t(
            "Firecrawl refused: the plan's rate limit was reached (429). Nothing was fetched or spent. Do not retry within a minute; better, finish without more Firecrawl calls. The user has been told.",
          );
      return { parts: [message], refusal: { kind: 'rateLimit', notify: this.deps.refusals.refused('rateLimit', now), message } };
    }
    const text = describeRunError(error, { apiUrl: this.deps.apiUrl(), selfHosted: this.deps.selfHosted() });
    return { parts: [l10n.t('Firecrawl could not do it: {0}', text.message)] };
  }

  private async charge(kind: ToolKind, input: ToolInput, id: string | undefined, reported: number | undefined, upTo = false): Promise<number> {
    const estimate = estimateCost(kind, this.costInput(input), this.deps.selfHosted());
    if (!estimate || !PAID.has(kind)) return 0;
    // A self-hosted server counts calls; the hosted one charges what it reported, else the estimate.
    const units = estimate.unit === 'calls' ? 1 : upTo ? estimate.units : (reported ?? estimate.units);
    const team = this.deps.team();
    const entry: SpendingEntry = {
      id: id ?? `call-${this.deps.clock.now().toString(36)}-${newNonce()}`,
      at: this.deps.clock.now(),
      tool: kind,
      units,
      unit: estimate.unit,
      ...(team ? { team } : {}),
      ...(upTo ? { upTo: true } : {}),
    };
    // Not waited for: the charge counts here at once, and the file write follows behind the answer.
    void this.deps.spending.record(entry);
    this.deps.refusals.succeeded();
    return units;
  }

  /** Page text for the model: trimmed, the whole kept as a document, and fenced. */
  private fenced(title: string, header: readonly string[], content: string): string[] {
    const now = this.deps.clock.now();
    const document = this.deps.documents.add(title, `${header.map((l) => `> ${l}  `).join('\n')}\n\n---\n\n${content}\n`, now);
    const trimmed = trimContent(content, this.deps.settings.maxResultCharacters());
    const nonce = (this.deps.nonce ?? newNonce)();
    return [trimText(trimmed.shown, trimmed.total, trimmed.trimmed, this.deps.documentName(document.key)), `${untrustedPreface()}\n${untrustedBlock(trimmed.text, nonce)}`];
  }

  private async call(input: ToolInput, call: { signal?: AbortSignal }): Promise<ToolOutcome> {
    const client = this.deps.client();
    const { settings } = this.deps;
    const at = formatDateTime(this.deps.clock.now());
    switch (input.kind) {
      case 'scrape': {
        const body = checked('scrape', scrapeBody({ url: input.url, onlyMainContent: input.onlyMainContent ?? settings.onlyMainContent(), timeoutMs: settings.scrapeTimeoutMs() }));
        const result = await client.scrape(body, call);
        const charged = await this.charge('scrape', input, result.jobId, result.creditsUsed);
        const facts = [l10n.t('Firecrawl scraped {0}.', input.url)];
        if (result.finalUrl && result.finalUrl !== input.url) facts.push(l10n.t('It ended up at {0}.', plainText(result.finalUrl, 500)));
        if (result.statusCode !== undefined) {
          facts.push(
            result.statusCode >= 400
              ? l10n.t('The site answered {0}: this is probably its error page, not the content asked for.', String(result.statusCode))
              : l10n.t('The site answered {0}.', String(result.statusCode)),
          );
        }
        facts.push(creditsUsedText(result.creditsUsed), jobIdText(result.jobId));
        const header = [l10n.t('Source: {0}', input.url), l10n.t('Fetched for an AI agent: {0}', at), creditsUsedText(result.creditsUsed), jobIdText(result.jobId)];
        const content = result.markdown.trim() ? (result.title ? `# ${result.title}\n\n${result.markdown}` : result.markdown) : l10n.t('(The page had no text.)');
        return { parts: [facts.join(' '), ...this.fenced(l10n.t('Scrape of {0}', plainText(input.url, 200)), header, content)], charged };
      }
      case 'search': {
        const limit = input.limit ?? settings.searchLimit();
        const result = await client.search(checked('search', searchBody(input.query, limit)), call);
        const charged = await this.charge('search', input, result.jobId, result.creditsUsed);
        const facts = [
          l10n.t('Firecrawl searched the web for "{0}": {1} results.', plainText(input.query, 200), formatExact(result.hits.length)),
          creditsUsedText(result.creditsUsed),
          jobIdText(result.jobId),
        ];
        const list = result.hits.map((h, i) => [`${i + 1}. ${h.title ?? h.url}`, `   ${h.url}`, ...(h.description ? [`   ${h.description}`] : [])].join('\n')).join('\n');
        const header = [l10n.t('Search: {0}', plainText(input.query, 200)), l10n.t('Fetched for an AI agent: {0}', at), creditsUsedText(result.creditsUsed), jobIdText(result.jobId)];
        return { parts: [facts.join(' '), ...this.fenced(l10n.t('Search for {0}', plainText(input.query, 200)), header, list)], charged };
      }
      case 'map': {
        const limit = input.limit ?? Math.min(5_000, settings.mapLimit());
        const result = await client.map(checked('map', mapBody(input.url, limit)), call);
        const charged = await this.charge('map', input, result.jobId, result.creditsUsed);
        const facts = [l10n.t('Firecrawl mapped {0}: {1} links.', input.url, formatExact(result.links.length)), creditsUsedText(result.creditsUsed), jobIdText(result.jobId)];
        const list = result.links.map((l) => (l.title ? `${l.url} (${l.title})` : l.url)).join('\n');
        const header = [l10n.t('Map of {0}', input.url), l10n.t('Fetched for an AI agent: {0}', at), creditsUsedText(result.creditsUsed), jobIdText(result.jobId)];
        return { parts: [facts.join(' '), ...this.fenced(l10n.t('Map of {0}', plainText(input.url, 200)), header, list)], charged };
      }
      case 'startAgent': {
        const maxCredits = this.agentCap(input);
        const body = checked('agentStart', agentStartBody({ prompt: input.prompt, urls: input.urls, maxCredits }));
        const started = await client.startAgent(body, call);
        const charged = await this.charge('startAgent', input, started.id, undefined, true);
        this.deps.trackAgentRun?.(started.id);
        return {
          parts: [
            l10n.t(
              'Firecrawl started an agent run. Job id: {0}. It may spend up to {1} credits (its maxCredits). Runs take minutes: read its status with the tool {2} no more often than every 30 seconds.',
              started.id,
              formatExact(maxCredits),
              'firecrawl_agent_status',
            ),
          ],
          charged,
        };
      }
      case 'agentStatus': {
        const job = await client.getAgentJob(input.id, call);
        await this.settleCeiling(job);
        return { parts: this.agentParts(job) };
      }
      case 'credits':
        return { parts: [await this.creditsText()] };
    }
  }

  /** A finished run's real cost replaces the ceiling charged when it started. */
  private async settleCeiling(job: AgentJob): Promise<void> {
    if (job.status === 'processing' || job.creditsUsed === undefined) return;
    await this.deps.spending.refresh();
    const ceiling = this.deps.spending.openCeiling(job.id);
    if (!ceiling) return;
    const { upTo: _ceiling, ...charge } = ceiling;
    await this.deps.spending.record({ ...charge, units: job.creditsUsed });
  }

  private agentParts(job: AgentJob): string[] {
    const facts = [l10n.t('Agent run {0}: {1}.', job.id, plainText(job.status, 40))];
    if (job.creditsUsed !== undefined) facts.push(l10n.t('Credits used so far: {0}.', formatExact(job.creditsUsed)));
    if (job.stopReason === 'credit_limit_reached') facts.push(l10n.t('It stopped at its credit limit; what it gathered is below as partial data.'));
    if (job.error) facts.push(l10n.t('The service said: {0}', plainText(job.error, 500)));
    if (job.status === 'processing') facts.push(l10n.t('Still running: ask again in 30 seconds or more.'));
    const data = job.data ?? job.partial;
    if (data === undefined) return [facts.join(' ')];
    const json = JSON.stringify(data, null, 2) ?? '';
    return [facts.join(' '), ...this.fenced(l10n.t('Agent run {0}', job.id), [l10n.t('Agent run {0}: {1}.', job.id, plainText(job.status, 40))], json)];
  }

  private async creditsText(): Promise<string> {
    const now = this.deps.clock.now();
    const spent = await this.spentToday();
    const budget = this.deps.settings.dailyBudget();
    if (this.deps.selfHosted()) {
      return [
        l10n.t('This is a self-hosted Firecrawl server ({0}): it keeps no credits.', plainText(this.deps.apiUrl(), 200)),
        spendingText({ ask: false, reason: 'free', spentToday: spent, budget }, 'calls'),
      ].join(' ');
    }
    const facts = await this.deps.teamCredits();
    const lines: string[] = [];
    if (facts.remaining === undefined) lines.push(facts.problem ? l10n.t('The balance is not known: {0}', facts.problem) : l10n.t('The balance is not known yet.'));
    else if (facts.plan) lines.push(l10n.t('Balance: {0} of a {1}-credit plan.', formatExact(facts.remaining), formatExact(facts.plan)));
    else lines.push(l10n.t('Balance: {0} credits.', formatExact(facts.remaining)));
    if (facts.lastHour !== undefined)
      lines.push(l10n.t('Used in the last hour: {0} credits; in the last 24 hours: {1}.', formatExact(Math.round(facts.lastHour)), formatExact(Math.round(facts.last24h ?? facts.lastHour))));
    if (facts.runOutAt !== undefined) lines.push(l10n.t("At the last 7 days' pace the balance runs out around {0}, before the billing period ends.", formatDateTime(facts.runOutAt)));
    else if (facts.remaining !== undefined) lines.push(l10n.t('At the recent pace the balance lasts the billing period (or there is too little usage to say).'));
    if (facts.queue) {
      lines.push(
        facts.queue.maxConcurrency === null
          ? l10n.t('Jobs running now: {0}; waiting: {1}.', formatExact(facts.queue.active), formatExact(facts.queue.waiting))
          : l10n.t('Jobs running now: {0} of at most {1} at once; waiting: {2}.', formatExact(facts.queue.active), formatExact(facts.queue.maxConcurrency), formatExact(facts.queue.waiting)),
      );
    }
    lines.push(spendingText({ ask: false, reason: 'free', spentToday: spent, budget }, 'credits'));
    lines.push(l10n.t('As of {0}.', formatDateTime(now)));
    return lines.join(' ');
  }
}
