// The run commands once their bundle is loaded: one set of services (the open results, the balance
// read after runs) and the CodeLens on result documents, created on the first run command.
import * as vscode from 'vscode';
import type { ClientProvider } from '../../../host/clientProvider';
import type { Logger } from '../../../host/logger';
import type { Clock } from '../../../shared/clock';
import { CoalescedRefresh } from '../model/coalescedRefresh';
import { type Closed, RatableResults } from '../model/ratableResults';
import { agentCommand } from './agentCommand';
import { mapCommand } from './mapCommand';
import { parseCommand } from './parseCommand';
import { rateCommand } from './rateCommand';
import { openPrompt } from './quickInput';
import { ResultLens } from './resultLens';
import { cancelRunsInProgress } from './runProgress';
import { scrapeCommand } from './scrapeCommand';
import { searchCommand } from './searchCommand';
import type { RunServices } from './services';
import type { FeedbackRunResult } from '../../feedback';

export interface RunHost {
  provider: ClientProvider;
  log: Logger;
  clock: Clock;
  balance(): number | undefined;
  refreshBalance(): void;
  trackAgentRun(id: string, prompt: string, team: string | undefined): Promise<void>;
  focused(): boolean;
  /** The team (key and server) in use, once joined. */
  team(): string | undefined;
}

export class RunCommands implements vscode.Disposable {
  readonly services: RunServices;
  private readonly lens: ResultLens;

  constructor(host: RunHost) {
    const results = new RatableResults();
    this.services = {
      provider: host.provider,
      log: host.log,
      clock: host.clock,
      results,
      refresh: new CoalescedRefresh(host.clock, host.refreshBalance),
      balance: host.balance,
      trackAgentRun: host.trackAgentRun,
      focused: host.focused,
      team: host.team,
      typed: new Map(),
      agent: { prompt: '', urls: '' },
    };
    this.lens = new ResultLens(results);
  }

  scrape = (given?: unknown) => scrapeCommand(this.services, given);
  search = () => searchCommand(this.services);
  map = () => mapCommand(this.services);
  parse = (given?: unknown, selected?: unknown) => parseCommand(this.services, given, selected);
  startAgent = () => agentCommand(this.services);
  rate = (given?: unknown) => rateCommand(this.services, given);

  /** A feedback answer: the results of its job are rated, or closed when its window has passed; every result of a server that takes no feedback is closed. */
  feedbackDelivered(result: FeedbackRunResult): void {
    if (result.kind === 'sent') this.services.results.answered(result.job.endpoint, result.job.jobId, { receipt: result.message });
    else if (result.kind === 'failed' && result.code === 'FEEDBACK_WINDOW_EXPIRED')
      this.services.results.answered(result.job.endpoint, result.job.jobId, { closed: result.windowSeconds === undefined ? {} : { windowSeconds: result.windowSeconds } });
    else if (result.kind === 'failed' && result.code === 'DB_DISABLED') {
      const server = this.services.provider.url.url;
      this.services.results.closeEvery((r) => r.server === server, { noFeedback: true });
    } else if (result.kind === 'failed' && (result.code === 'TEAM_OPTED_OUT' || result.code === 'PREVIEW_TEAM_NOT_ALLOWED')) {
      const closed: Closed = { teamRefused: result.code === 'TEAM_OPTED_OUT' ? 'optedOut' : 'preview' };
      this.services.results.teamRefused(this.services.team(), result.job, closed);
    }
  }

  /** The run prompt on screen, for tests that drive the real widgets. */
  get prompt(): vscode.QuickInput | undefined {
    return openPrompt();
  }

  /** Cancels the runs in progress as their notifications' Cancel does, for tests: returns how many. */
  cancelRunsInProgress(): number {
    return cancelRunsInProgress();
  }

  dispose(): void {
    this.lens.dispose();
    this.services.refresh.dispose();
    this.services.results.dispose();
  }
}
