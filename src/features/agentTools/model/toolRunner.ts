// One tool call from input to the text a model receives, through the same client and request bodies
// as the run commands: the input checked, the guard's figures, the request (aborted with the chat),
// the estimate held in the shared spending record while the request is out and settled by the answer,
// and the result as our facts plus page text fenced as untrusted. A 402 or 429 becomes a short result
// that tells the model to stop, and a flag for the one notification. Pure: no `vscode` (the bench and unit tests run it in plain Node).
import * as l10n from '@vscode/l10n';
import {
  type AgentJob,
  agentStartBody,
  awaitsApproval,
  type CancelledError,
  checked,
  type FirecrawlClient,
  isFirecrawlError,
  isRunning,
  mapBody,
  mapReachedLimit,
  type NetworkError,
  type RateLimitedError,
  scrapeBody,
  searchBody,
} from '../../../api';
import { describeRunError, type ErrorContext, quotedServerWords, secondsText, serverWords } from '../../../host/errorText';
import type { Clock } from '../../../shared/clock';
import { formatDateTime, formatExact, parseTime, pluralCount } from '../../../shared/format';
import { inertCommandLinks, plainText } from '../../../shared/text';
import { type CostEstimate, decide, estimateCost, type GuardDecision, startOfLocalDay, type ToolKind } from './budget';
import type { RefusalEpisodes, RefusalKind } from './refusals';
import type { TeamCredits } from './teamCredits';
import type { ToolDocuments } from './toolDocuments';
import { type InputCheck, readToolInput, TOOL_MAX_MAP_LIMIT, TOOL_MAX_SEARCH_LIMIT, type ToolInput } from './toolInputs';
import type { SpendingEntry, ToolSpending } from './toolSpending';
import { newNonce, trimContent, untrustedBlock } from './toolText';
import { actionText, agentRunDetails, balanceText, type Confirmation, confirmationText, receiptText, spendingText, trimText, untrustedPreface } from './toolTexts';

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
export type { TeamCredits } from './teamCredits';

export interface ToolRunnerDeps {
  client(): FirecrawlClient;
  /** The server keeps no credits (a self-hosted one): the guard counts calls. */
  selfHosted(): boolean;
  /** Where requests go, for the words of a failure (ClientProvider.errorContext). */
  errors(): ErrorContext;
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
  trackAgentRun?(id: string, prompt: string, team: string | undefined): void;
  /**
   * Asks the person, in a dialog of the extension's own that no standing approval skips, whether a call
   * may take today's spending past the budget; true only for a yes. Without it such a call is not sent.
   */
  askPastBudget?(question: Confirmation): Promise<boolean>;
  nonce?: () => string;
}

export interface Prepared {
  check: InputCheck;
  estimate?: CostEstimate;
  decision: GuardDecision;
  /** What the call does and may cost (the chat's progress line). */
  action: string;
  /**
   * Set when VS Code is to ask the person first (an agent run within the budget). A call past the
   * budget has none: `run` asks the person itself (askPastBudget), since VS Code's question can be
   * allowed for good and then is never shown.
   */
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

/** How far before its start a run the list names may be dated: the service's clock is not this one. */
const STARTED_SLACK_MS = 2 * 60_000;

/** What a call holds of the budget while its request is out: the estimate, under an id of its own. */
interface Hold {
  entry: SpendingEntry;
  estimate: CostEstimate;
}

/**
 * Failures after which the service may still have done (and billed) the work: the request went out and
 * no answer said otherwise. The hold stays as the charge. A 5xx that is not the service's own answer
 * (a gateway's 502/504) says nothing of the work either; a lost connection did not lose the work
 * unless it was never made, nor did a cancel once the request had left.
 */
function maybeBilled(error: unknown): boolean {
  if (!isFirecrawlError(error)) return false;
  switch (error.kind) {
    case 'timeout':
    case 'invalidResponse':
      return true;
    case 'cancelled':
      return (error as CancelledError).sent;
    case 'network':
      return (error as NetworkError).maybeSent;
    case 'server':
      return !error.serviceBody;
    default:
      return false;
  }
}

export class ToolRunner {
  /**
   * What `prepare` told VS Code about an agent run, by input, until `run` takes it: the credit limit its
   * question showed (the yes was to that limit, and a setting raised while it was open must not raise it),
   * and how many prepares past the budget got no question from VS Code (so `run` asks, whatever the
   * figures say by then).
   */
  private readonly preparedRuns = new Map<string, { shownCap?: number; unasked: number }>();
  /** A run's limit held to what its question showed, for the length of its `run`. */
  private readonly pinnedCaps = new WeakMap<ToolInput, number>();

  constructor(private readonly deps: ToolRunnerDeps) {}

  /** Today's tool spending of this team, every window's (their files read first unless just read). */
  async spentToday(): Promise<number> {
    return (await this.today()).spent;
  }

  /** Today's spending and, of it, what is still only a ceiling, every window's. */
  private async today(): Promise<{ spent: number; held: number }> {
    await this.deps.spending.ensureFresh();
    const now = this.deps.clock.now();
    return this.dayTotals(now, this.deps.selfHosted() ? 'calls' : 'credits');
  }

  /**
   * The day's charges the guard holds against the budget: another team's (key or server) are not this
   * team's, and calls counted while a server kept no credits are not credits. Every team's while the
   * team is not known yet: a budget errs towards asking.
   */
  private dayTotals(now: number, unit: CostEstimate['unit'], except?: string): { spent: number; held: number } {
    return this.deps.spending.totals(startOfLocalDay(now), unit, this.deps.team() ?? 'everyTeam', except);
  }

  private costInput(input: ToolInput): { limit?: number; maxCredits?: number } {
    if (input.kind === 'search') return { limit: input.limit ?? this.limits().searchLimit };
    if (input.kind === 'startAgent') return { maxCredits: this.agentCap(input) };
    return {};
  }

  /** An agent run's credit limit: what the model asked for, never above the setting. */
  private agentCap(input: Extract<ToolInput, { kind: 'startAgent' }>): number {
    const setting = this.deps.settings.agentMaxCredits();
    return Math.min(setting, input.maxCredits ?? setting, this.pinnedCaps.get(input) ?? Infinity);
  }

  /** The user's limits when the model names none, within what the tools' schemas allow a model to ask. */
  private limits() {
    return { searchLimit: Math.min(TOOL_MAX_SEARCH_LIMIT, this.deps.settings.searchLimit()), mapLimit: Math.min(TOOL_MAX_MAP_LIMIT, this.deps.settings.mapLimit()) };
  }

  /** The guard: what the call does, what it may cost, and whether it asks first. Has no side effects. */
  async prepare(kind: ToolKind, raw: unknown): Promise<Prepared> {
    const check = readToolInput(kind, raw);
    const budget = this.deps.settings.dailyBudget();
    if (!check.ok) return { check, decision: { ask: false, reason: 'free', spentToday: 0, budget }, action: l10n.t('Firecrawl: the input is not valid; nothing will be sent.') };
    const estimate = estimateCost(kind, this.costInput(check.input), this.deps.selfHosted());
    const { spent, held } = estimate ? await this.today() : { spent: 0, held: 0 };
    const decision = decide(kind, estimate, spent, budget, held);
    const action = actionText(check.input, estimate, this.limits());
    const prepared: Prepared = { check, decision, action, ...(estimate ? { estimate } : {}) };
    // Past the budget `run` asks (VS Code's question would be asked twice, or skipped for good once allowed).
    if (decision.reason === 'agentRun' && estimate && check.input.kind === 'startAgent') {
      prepared.confirmation = confirmationText(action, estimate, decision, this.balance(), agentRunDetails(check.input));
      this.preparedRun(check.input).shownCap = this.agentCap(check.input);
    } else if (check.input.kind === 'startAgent' && decision.reason === 'overBudget') this.preparedRun(check.input).unasked++;
    return prepared;
  }

  private preparedRun(input: ToolInput): { shownCap?: number; unasked: number } {
    const key = JSON.stringify(input);
    let run = this.preparedRuns.get(key);
    if (!run) {
      // A prepare VS Code never followed with an invoke (the chat ended) must not pile up.
      if (this.preparedRuns.size >= 50) this.preparedRuns.delete(this.preparedRuns.keys().next().value!);
      this.preparedRuns.set(key, (run = { unasked: 0 }));
    }
    return run;
  }

  /** Takes what `prepare` said of this agent run: its question's limit (once) and one prepare without a question, if any. */
  private takePrepared(input: ToolInput): { shownCap?: number; unasked: boolean } {
    const key = JSON.stringify(input);
    const run = this.preparedRuns.get(key);
    if (!run) return { unasked: false };
    const taken = { ...(run.shownCap !== undefined ? { shownCap: run.shownCap } : {}), unasked: run.unasked > 0 };
    delete run.shownCap;
    if (run.unasked > 0) run.unasked--;
    if (!run.unasked) this.preparedRuns.delete(key);
    return taken;
  }

  private balance(): number | undefined {
    return this.deps.selfHosted() ? undefined : this.deps.balance();
  }

  /** Runs the call. Throws only a cancellation (a FirecrawlError of kind `cancelled`). */
  async run(kind: ToolKind, raw: unknown, signal?: AbortSignal): Promise<ToolOutcome> {
    const check = readToolInput(kind, raw);
    if (!check.ok) return { parts: [[l10n.t('Not run: the input is not valid. Nothing was sent or spent.'), ...check.problems].join('\n')] };
    const prepared = check.input.kind === 'startAgent' ? this.takePrepared(check.input) : { unasked: false };
    if (prepared.shownCap !== undefined) this.pinnedCaps.set(check.input, prepared.shownCap);
    // A call cancelled before it starts sends nothing: it holds nothing either (the client says cancelled).
    let hold = signal?.aborted ? undefined : await this.hold(check.input, prepared.unasked);
    if (hold && 'refused' in hold) return hold.refused;
    if (hold && signal?.aborted) {
      // Cancelled while the guard read the files: nothing will be sent, so nothing stays held.
      this.settle(hold, 0);
      hold = undefined;
    }
    try {
      return await this.call(check.input, hold, signal ? { signal } : {});
    } catch (error) {
      // A refusal or a failure the service answered cost nothing; a call that may have run keeps its hold.
      const billed = maybeBilled(error);
      // An agent start whose answer was lost: the team's run list says whether it started, and its id.
      if (hold && billed && check.input.kind === 'startAgent' && !(isFirecrawlError(error) && error.kind === 'cancelled')) {
        const id = await this.startedRun(check.input.prompt, hold.entry.at, signal);
        if (id) return this.started(id, check.input, hold, true);
      }
      if (hold && !billed) this.settle(hold, 0);
      // A call that may have run is over all the same: its estimate is its charge, settled like any
      // other, or it would read as a call still going forever and the status bar would leave it out.
      // An agent run's ceiling stays held: the run itself may still be going.
      else if (hold && !hold.estimate.upTo) this.settle(hold, hold.estimate.units);
      if (isFirecrawlError(error) && error.kind === 'cancelled') throw error;
      return this.failed(error, hold !== undefined && billed);
    }
  }

  /**
   * The guard again, at the moment of sending, with every call already out counted: `prepare` may have
   * run while other calls (in this window or another) were still unanswered. Within the budget the call
   * holds its estimate at once, waits until this window's file holds it, reads every other window's file
   * again and decides once more: another window deciding at the same moment on files read before this
   * hold was written either sees it there, or wrote its own hold before this read and it is seen here.
   * Past the budget (at either look), it is sent only once the person said yes to our own question,
   * asked here for every such call (VS Code's confirmation can be allowed for good, and then says nothing).
   */
  private async hold(input: ToolInput, unasked: boolean): Promise<Hold | { refused: ToolOutcome } | undefined> {
    const estimate = estimateCost(input.kind, this.costInput(input), this.deps.selfHosted());
    if (!estimate || !PAID.has(input.kind)) return undefined;
    // The hold and our own question below are of this limit: a setting raised while the modal question
    // is open (in another window) must not raise the run's past what was held and said yes to.
    if (input.kind === 'startAgent') this.pinnedCaps.set(input, this.agentCap(input));
    await this.deps.spending.ensureFresh();
    // Nothing waits from here to the record unless the person is asked: two calls of this window cannot both take the last credit.
    let decision = this.decideNow(input, estimate);
    // An agent run prepared past the budget got no question from VS Code: it asks here, whatever the figures say now.
    if (decision.reason !== 'overBudget' && !unasked) {
      const held = await this.holdWithin(input, estimate);
      if ('entry' in held) return held;
      decision = held;
    }
    const team = this.deps.team();
    const ask = this.deps.askPastBudget;
    for (;;) {
      const question = confirmationText(actionText(input, estimate, this.limits(), 'plain'), estimate, decision, this.balance(), agentRunDetails(input, 'plain'));
      if (!ask || !(await ask(question))) {
        const said = ask
          ? decision.reason === 'agentRun'
            ? l10n.t('Not run: the user declined to start the agent run. Nothing was sent or spent.')
            : l10n.t("Not run: the user declined to go past today's budget for Firecrawl AI agent tools. Nothing was sent or spent.")
          : decision.reason === 'agentRun'
            ? l10n.t("Not run: an agent run needs the user's yes, and the user could not be asked. Nothing was sent or spent.")
            : l10n.t("Not run: it would take today's spending past the budget, and the user could not be asked. Nothing was sent or spent.");
        return { refused: { parts: [[said, spendingText(decision, estimate.unit)].join(' ')] } };
      }
      // The yes was to pass the budget of the key and server whose figures the question showed.
      if (this.deps.team() !== team) {
        await this.deps.spending.ensureFresh();
        decision = this.decideNow(input, estimate);
        if (decision.reason !== 'overBudget') {
          const held = await this.holdWithin(input, estimate);
          if ('entry' in held) return held;
          decision = held;
        }
        const message = l10n.t(
          "Not run: the API key or server changed after this call was approved, and it would take the new one's spending today past the budget. Nothing was sent or spent. Calling the tool again asks the user whether to go past it.",
        );
        return { refused: { parts: [[message, spendingText(decision, estimate.unit)].join(' ')] } };
      }
      if (decision.reason === 'overBudget') return this.holdNow(input, estimate);
      // A yes to an agent run within the budget was to the figures the question showed: spending in
      // another window while it was open may have used the budget up. Held as any call within the
      // budget is; past it now, the person is asked again, about going past it.
      const held = await this.holdWithin(input, estimate);
      if ('entry' in held) return held;
      decision = held;
    }
  }

  /**
   * A call within the budget as this window knew it: its estimate held, then the budget looked at again
   * once this window's file holds it and every other window's file was read afresh, counting every hold
   * seen but its own. The hold, or (nothing held any more) the decision past the budget.
   */
  private async holdWithin(input: ToolInput, estimate: CostEstimate): Promise<Hold | GuardDecision> {
    const hold = this.holdNow(input, estimate);
    await this.deps.spending.crossCheck();
    const decision = this.decideNow(input, estimate, hold.entry.id);
    if (decision.reason !== 'overBudget') return hold;
    this.settle(hold, 0);
    return decision;
  }

  /** The call's estimate held in this window at once (its file follows). */
  private holdNow(input: ToolInput, estimate: CostEstimate): Hold {
    const now = this.deps.clock.now();
    const team = this.deps.team();
    const entry: SpendingEntry = {
      id: `call-${now.toString(36)}-${newNonce()}`,
      at: now,
      tool: input.kind,
      units: estimate.units,
      unit: estimate.unit,
      ...(team ? { team } : {}),
      upTo: true,
    };
    void this.deps.spending.record(entry);
    return { entry, estimate };
  }

  private decideNow(input: ToolInput, estimate: CostEstimate, except?: string): GuardDecision {
    const { spent, held } = this.dayTotals(this.deps.clock.now(), estimate.unit, except);
    return decide(input.kind, estimate, spent, this.deps.settings.dailyBudget(), held);
  }

  /** The hold replaced by what the call cost (the same id: a figure without `upTo` replaces a ceiling). */
  private settle(hold: Hold, units: number): void {
    const { upTo: _hold, ...charge } = hold.entry;
    void this.deps.spending.record({ ...charge, units });
  }

  /** `charged`: the call may have run, and its estimate stays in today's spending. */
  private failed(error: unknown, charged = false): ToolOutcome {
    const now = this.deps.clock.now();
    if (isFirecrawlError(error) && error.kind === 'badRequest' && error.status === 402) {
      const message = l10n.t(
        'Firecrawl refused: the team has not enough credits (402). Nothing was fetched or spent. Do not call Firecrawl tools again in this conversation; the user has been told and can add credits.',
      );
      return { parts: [message], refusal: { kind: 'credits', notify: this.deps.refusals.refused('credits', now), message } };
    }
    if (isFirecrawlError(error) && error.kind === 'rateLimited') {
      const asked = (error as RateLimitedError).retryAfterMs;
      const wait = asked === undefined || !Number.isFinite(asked) ? undefined : secondsText(Math.max(1, Math.ceil(asked / 1000)) * 1000);
      const message = wait
        ? l10n.t(
            "Firecrawl refused: the plan's rate limit was reached (429). Nothing was fetched or spent. Do not retry for {0}; better, finish without more Firecrawl calls. The user has been told.",
            wait,
          )
        : l10n.t(
            "Firecrawl refused: the plan's rate limit was reached (429). Nothing was fetched or spent. Do not retry within a minute; better, finish without more Firecrawl calls. The user has been told.",
          );
      return { parts: [message], refusal: { kind: 'rateLimit', notify: this.deps.refusals.refused('rateLimit', now), message } };
    }
    const text = describeRunError(error, { ...this.deps.errors(), serverWordsApart: true });
    const said = l10n.t('Firecrawl could not do it: {0}', text.message);
    // The model decides whether to call again: a retry of a call that ran is paid twice.
    const facts = charged ? `${said} ${l10n.t("The request may have reached Firecrawl and been done and charged all the same; it counts in today's spending.")}` : said;
    // The service's words can quote the site ("the page said …"): fenced, never one of our facts.
    const quoted = serverWords(error);
    return { parts: quoted ? [facts, this.fencedWords(quoted)] : [facts] };
  }

  /**
   * What the call cost, settling its hold: the hosted service's reported figure, else the estimate; one
   * call on a self-hosted server. An agent run's ceiling moves to its job id, where its real figure
   * replaces it once a status read says it.
   */
  private charge(hold: Hold | undefined, reported: number | undefined, runId?: string): number {
    if (!hold) return 0;
    const { estimate } = hold;
    // A figure below zero is no cost: it would lower the day's spending below what was charged.
    const units = estimate.unit === 'calls' ? 1 : estimate.upTo ? estimate.units : Math.max(0, reported ?? estimate.units);
    if (estimate.upTo && runId) {
      // In one turn: the ceiling never counts twice, nor not at all.
      this.settle(hold, 0);
      void this.deps.spending.record({ ...hold.entry, id: runId, units, at: this.deps.clock.now() });
    } else {
      this.settle(hold, units);
    }
    this.deps.refusals.succeeded();
    return units;
  }

  /** Page text for the model: trimmed, the whole kept as a document, and fenced. */
  private fenced(title: string, header: readonly string[], content: string): string[] {
    const now = this.deps.clock.now();
    // The person opens it as Markdown: the page's command addresses must not be links there.
    const document = this.deps.documents.add(title, inertCommandLinks(`${header.map((l) => `> ${l}  `).join('\n')}\n\n---\n\n${content}\n`), now);
    const trimmed = trimContent(content, this.deps.settings.maxResultCharacters());
    const nonce = (this.deps.nonce ?? newNonce)();
    return [trimText(trimmed.shown, trimmed.total, trimmed.trimmed, this.deps.documentName(document.key)), `${untrustedPreface()}\n${untrustedBlock(trimmed.text, nonce)}`];
  }

  private async call(input: ToolInput, hold: Hold | undefined, call: { signal?: AbortSignal }): Promise<ToolOutcome> {
    const client = this.deps.client();
    const { settings } = this.deps;
    const at = formatDateTime(this.deps.clock.now());
    switch (input.kind) {
      case 'scrape': {
        const body = checked('scrape', scrapeBody({ url: input.url, onlyMainContent: input.onlyMainContent ?? settings.onlyMainContent(), timeoutMs: settings.scrapeTimeoutMs() }));
        const result = await client.scrape(body, call);
        const charged = this.charge(hold, result.creditsUsed);
        const receipt = receiptText(result);
        const facts = [l10n.t('Firecrawl scraped {0}.', input.url)];
        // Where a redirect landed is the site's choice, words and all: it goes inside the fence with the page.
        const landed = result.finalUrl && result.finalUrl !== input.url ? `${l10n.t('It ended up at {0}.', plainText(result.finalUrl, 500))}\n\n` : '';
        if (result.statusCode !== undefined) {
          facts.push(
            result.statusCode >= 400
              ? l10n.t('The site answered {0}: this is probably its error page, not the content asked for.', String(result.statusCode))
              : l10n.t('The site answered {0}.', String(result.statusCode)),
          );
        }
        facts.push(...receipt);
        const header = [l10n.t('Source: {0}', input.url), l10n.t('Fetched for an AI agent: {0}', at), ...receipt];
        const content = landed + (result.markdown.trim() ? (result.title ? `# ${result.title}\n\n${result.markdown}` : result.markdown) : l10n.t('(The page had no text.)'));
        return { parts: [facts.join(' '), ...this.fenced(l10n.t('Scrape of {0}', plainText(input.url, 200)), header, content)], charged };
      }
      case 'search': {
        const limit = input.limit ?? this.limits().searchLimit;
        const result = await client.search(checked('search', searchBody(input.query, limit)), call);
        const charged = this.charge(hold, result.creditsUsed);
        const receipt = receiptText(result);
        const facts = [
          pluralCount(
            result.hits.length,
            undefined,
            (n) => l10n.t('Firecrawl searched the web for "{0}": {1} result.', plainText(input.query, 200), n),
            (n) => l10n.t('Firecrawl searched the web for "{0}": {1} results.', plainText(input.query, 200), n),
          ),
          ...receipt,
        ];
        // Nothing found is said whole in the facts: no document to open, no empty block to read.
        if (!result.hits.length) return { parts: [facts.join(' ')], charged };
        const list = result.hits.map((h, i) => [`${i + 1}. ${h.title ?? h.url}`, `   ${h.url}`, ...(h.description ? [`   ${h.description}`] : [])].join('\n')).join('\n');
        const header = [l10n.t('Search: {0}', plainText(input.query, 200)), l10n.t('Fetched for an AI agent: {0}', at), ...receipt];
        return { parts: [facts.join(' '), ...this.fenced(l10n.t('Search for {0}', plainText(input.query, 200)), header, list)], charged };
      }
      case 'map': {
        const limit = input.limit ?? this.limits().mapLimit;
        const result = await client.map(checked('map', mapBody(input.url, limit)), call);
        const charged = this.charge(hold, result.creditsUsed);
        const receipt = receiptText(result);
        const facts = [
          pluralCount(
            result.links.length,
            undefined,
            (n) => l10n.t('Firecrawl mapped {0}: {1} link.', input.url, n),
            (n) => l10n.t('Firecrawl mapped {0}: {1} links.', input.url, n),
          ),
          ...(mapReachedLimit(result, limit)
            ? [
                limit < TOOL_MAX_MAP_LIMIT
                  ? l10n.t('That is the limit this call asked for: the site may have more. Ask for a larger limit (at most {0}) or map a narrower URL to see more.', formatExact(TOOL_MAX_MAP_LIMIT))
                  : l10n.t('That is the most a call can ask for: the site may have more. Map a narrower URL to see more.'),
              ]
            : []),
          ...receipt,
        ];
        if (!result.links.length) return { parts: [facts.join(' ')], charged };
        const list = result.links.map((l) => (l.title ? `${l.url} (${l.title})` : l.url)).join('\n');
        const header = [l10n.t('Map of {0}', input.url), l10n.t('Fetched for an AI agent: {0}', at), ...receipt];
        return { parts: [facts.join(' '), ...this.fenced(l10n.t('Map of {0}', plainText(input.url, 200)), header, list)], charged };
      }
      case 'startAgent': {
        const maxCredits = this.agentCap(input);
        const body = checked('agentStart', agentStartBody({ prompt: input.prompt, urls: input.urls, maxCredits }));
        const started = await client.startAgent(body, call);
        return this.started(started.id, input, hold, false);
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

  /** The run started: its ceiling moves to its id, the Research view follows it, the model learns how to. */
  private started(id: string, input: Extract<ToolInput, { kind: 'startAgent' }>, hold: Hold | undefined, answerLost: boolean): ToolOutcome {
    const maxCredits = this.agentCap(input);
    const charged = this.charge(hold, undefined, id);
    this.deps.trackAgentRun?.(id, input.prompt, hold?.entry.team);
    const said = pluralCount(
      maxCredits,
      undefined,
      (n) =>
        l10n.t(
          'Firecrawl started an agent run. Job id: {0}. It may spend up to {1} credit (its maxCredits). Runs take minutes: read its status with the tool {2} no more often than every 30 seconds.',
          id,
          n,
          'firecrawl_agent_status',
        ),
      (n) =>
        l10n.t(
          'Firecrawl started an agent run. Job id: {0}. It may spend up to {1} credits (its maxCredits). Runs take minutes: read its status with the tool {2} no more often than every 30 seconds.',
          id,
          n,
          'firecrawl_agent_status',
        ),
    );
    // Starting it again would run (and pay for) the same work twice.
    const lost = answerLost ? `${l10n.t("The answer to the start was lost on its way back, but the team's list of agent runs shows the run: do not start it again.")} ` : '';
    return { parts: [`${lost}${said}`], charged };
  }

  /**
   * The id of the run a start sent at `sentAt` with `prompt` began, as the team's newest agent runs list
   * it: made since shortly before (clocks differ), and charged by no one yet. Undefined when it is not
   * listed, or the list cannot be read: the hold then stays, as for any call that may have run.
   */
  private async startedRun(prompt: string, sentAt: number, signal: AbortSignal | undefined): Promise<string | undefined> {
    try {
      const { runs } = await this.deps.client().listAgentJobs({ maxPages: 1, timeoutMs: 10_000, maxAttempts: 1, ...(signal ? { signal } : {}) });
      const run = runs.find((r) => r.prompt?.trim() === prompt && (parseTime(r.createdAt) ?? -Infinity) >= sentAt - STARTED_SLACK_MS && !this.deps.spending.hasCharge(r.id));
      return run?.id;
    } catch {
      return undefined;
    }
  }

  /** A finished run's real cost replaces the ceiling charged when it started. */
  private async settleCeiling(job: AgentJob): Promise<void> {
    if (!isRunning(job)) await this.deps.spending.settleCeiling(job.id, job.creditsUsed);
  }

  private agentParts(job: AgentJob): string[] {
    // A status is one of our facts only as the one word a status is: other text from the service goes in the fence.
    const word = /^[a-z][a-z_-]{0,23}$/.test(job.status) ? job.status : undefined;
    const status = word ?? l10n.t('a status this extension does not know');
    const facts = [l10n.t('Agent run {0}: {1}.', job.id, status)];
    if (job.creditsUsed !== undefined) facts.push(l10n.t('Credits used so far: {0}.', formatExact(job.creditsUsed)));
    // What is fenced below is the result, or else what the run gathered before it stopped: said as such.
    const partial = job.data === undefined && job.partial !== undefined;
    if (job.stopReason === 'credit_limit_reached')
      facts.push(partial ? l10n.t('It stopped at its credit limit; what it gathered is below as partial data.') : l10n.t('It stopped at its credit limit.'));
    else if (partial) facts.push(l10n.t('What it gathered so far is below as partial data.'));
    if (awaitsApproval(job))
      facts.push(l10n.t("It is waiting for the user's approval of a step, given in the Firecrawl dashboard: asking again does not move it on. Tell the user, then ask again once they approved it."));
    else if (isRunning(job)) facts.push(l10n.t('Still running: ask again in 30 seconds or more.'));
    // A run's error may quote the pages it read: it is fenced with them, never one of our facts.
    const said = quotedServerWords([word ? undefined : job.status, job.error].filter((t) => t?.trim()).join('; '));
    const data = job.data ?? job.partial;
    if (data === undefined) return said ? [facts.join(' '), this.fencedWords(said)] : [facts.join(' ')];
    const json = JSON.stringify(data, null, 2) ?? '';
    return [facts.join(' '), ...this.fenced(l10n.t('Agent run {0}', job.id), [l10n.t('Agent run {0}: {1}.', job.id, status)], said ? `${said}\n\n${json}` : json)];
  }

  /** The service's words, fenced as untrusted: they can quote the pages it read. */
  private fencedWords(said: string): string {
    return `${untrustedPreface()}\n${untrustedBlock(said, (this.deps.nonce ?? newNonce)())}`;
  }

  private async creditsText(): Promise<string> {
    const now = this.deps.clock.now();
    const { spent, held } = await this.today();
    const budget = this.deps.settings.dailyBudget();
    if (this.deps.selfHosted()) {
      return [
        l10n.t('This is a self-hosted Firecrawl server ({0}): it keeps no credits.', plainText(this.deps.errors().apiUrl ?? '', 200)),
        spendingText(decide('credits', undefined, spent, budget), 'calls'),
      ].join(' ');
    }
    const facts = await this.deps.teamCredits();
    const lines: string[] = [];
    if (facts.remaining === undefined) lines.push(facts.problem ? l10n.t('The balance is not known: {0}', facts.problem) : l10n.t('The balance is not known yet.'));
    else if (facts.plan) lines.push(l10n.t('Balance: {0} of a {1}-credit plan.', formatExact(facts.remaining), formatExact(facts.plan)));
    else lines.push(balanceText(facts.remaining));
    // Read before `now`, the balance is not this call's read (offline, the key rejected): the last one there was.
    if (facts.remaining !== undefined && facts.readAt !== undefined && facts.readAt < now)
      lines.push(l10n.t('That balance is as of {0}: reading it again just now failed, so it may be out of date.', formatDateTime(facts.readAt)));
    if (facts.lastHour !== undefined) {
      const day = formatExact(Math.round(facts.last24h ?? facts.lastHour));
      lines.push(
        pluralCount(
          facts.lastHour,
          undefined,
          (n) => l10n.t('Used in the last hour: {0} credit; in the last 24 hours: {1}.', n, day),
          (n) => l10n.t('Used in the last hour: {0} credits; in the last 24 hours: {1}.', n, day),
        ),
      );
    }
    // Said as the whole number shown: -0.4 is used up, not "below zero, by 0".
    const remaining = facts.remaining === undefined ? undefined : Math.round(facts.remaining);
    if (remaining !== undefined && remaining <= 0) lines.push(remaining < 0 ? l10n.t('The balance is already below zero, by {0}.', formatExact(-remaining)) : l10n.t('The balance is used up.'));
    else if (facts.runOut !== undefined) lines.push(facts.runOut);
    else if (facts.remaining !== undefined && facts.periodKnown) lines.push(l10n.t('At the recent pace the balance lasts the billing period (or there is too little usage to say).'));
    if (facts.queue) {
      lines.push(
        facts.queue.maxConcurrency === null
          ? l10n.t('Jobs running now: {0}; waiting: {1}.', formatExact(facts.queue.active), formatExact(facts.queue.waiting))
          : l10n.t('Jobs running now: {0} of at most {1} at once; waiting: {2}.', formatExact(facts.queue.active), formatExact(facts.queue.maxConcurrency), formatExact(facts.queue.waiting)),
      );
    }
    lines.push(spendingText(decide('credits', undefined, spent, budget, held), 'credits'));
    lines.push(l10n.t('As of {0}.', formatDateTime(now)));
    return lines.join(' ');
  }
}
