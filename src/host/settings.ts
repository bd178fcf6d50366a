// Every setting the extension reads, typed and bounded, in one place. `firecrawl.apiUrl` is
// application-scoped, so a workspace can never point the key at another server; FIRECRAWL_API_URL
// is the fallback for devcontainers and CI.
import * as vscode from 'vscode';
import { DEFAULT_API_URL } from '../api';
import { SETTINGS, SETTINGS_SECTION } from '../ids';

export interface ApiUrl {
  url: string;
  source: 'setting' | 'environment' | 'default';
  /** Why the configured value was not used, when it was not: `<setting>: <why>`, the why in words for people. */
  problem?: string;
  /**
   * The address FIRECRAWL_API_URL names, when the key from secret storage may not go there yet
   * (the person has not allowed it): `url` is then the default.
   */
  withheld?: string;
  /** FIRECRAWL_API_URL was set but is no address: the environment's key, which belongs to it, goes nowhere. */
  environmentRejected?: true;
  /** Set when the key would travel unencrypted to another machine. */
  insecure?: boolean;
  /**
   * The URL's path, when it has one (`/v2`): the client adds `/v2/team/…` itself, so a path is
   * usually a mistake, but a server behind a reverse proxy may really live there.
   */
  path?: string;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
/** A Firecrawl key (fc- and 32 hex digits), or one of a self-hosted server's as long, in a URL's path. */
const KEY_IN_PATH = /(?<![A-Za-z0-9])fc-[A-Za-z0-9_-]{16,}/;
/** A Firecrawl key glued to the host name (pasted with no `/`): the parser takes it for part of the name. */
const KEY_IN_HOST = /fc-[0-9a-f]{32}/i;

/** `problem` is a clause for "Firecrawl: <setting>: <problem>. Using <default> instead." */
export function checkApiUrl(raw: string): { url?: string; problem?: string; insecure?: boolean; path?: string } {
  const text = raw.trim();
  // What is not a web address is never repeated: it may be the key, pasted into the wrong box.
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return { problem: vscode.l10n.t('the value is not a URL') };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { problem: vscode.l10n.t('the value is not a URL starting with https:// or http://') };
  if (parsed.username || parsed.password) return { problem: vscode.l10n.t('the API URL must not contain a user name or password') };
  // A bare trailing `?` or `#` parses to an empty query or fragment: look at what was written.
  if (parsed.search || parsed.hash || /[?#]/.test(text)) return { problem: vscode.l10n.t('the API URL must not contain a query or fragment (a ? or #)') };
  // A key pasted after the address would be shown with it in every message naming the server. Only a
  // key's length counts here: a path such as /fc-gateway is a proxy's, not a key.
  // The path as written: a space or quote before the key is percent-encoded (`%20fc-…`) by the parser.
  let written = parsed.pathname;
  try {
    written = decodeURIComponent(parsed.pathname);
  } catch {
    // A malformed escape: the path as parsed.
  }
  if (KEY_IN_PATH.test(written) || KEY_IN_HOST.test(parsed.hostname)) return { problem: vscode.l10n.t('the API URL must not contain an API key (set the key with Firecrawl: Set API Key)') };
  const url = parsed.toString().replace(/\/+$/, '');
  const path = parsed.pathname.replace(/\/+$/, '');
  return { url, insecure: parsed.protocol === 'http:' && !LOOPBACK.test(parsed.hostname), ...(path ? { path } : {}) };
}

/** The key of a setting below the `firecrawl.` section, as WorkspaceConfiguration wants it. */
function local(key: string): string {
  return key.slice(SETTINGS_SECTION.length + 1);
}

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SETTINGS_SECTION);
}

/** A number setting within [min, max]; the default when unset or not a number. */
function bounded(key: string, fallback: number, min: number, max: number): number {
  const value = config().get<number>(local(key), fallback);
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

export function resolveApiUrl(env: Readonly<Record<string, string | undefined>>): ApiUrl {
  const inspected = config().inspect<unknown>(local(SETTINGS.apiUrl));
  // settings.json may hold anything (a number, say): read as text and checked, it cannot stop activation.
  const written = inspected?.globalValue;
  const configured = written === undefined || written === null ? undefined : (typeof written === 'string' ? written : JSON.stringify(written)).trim();
  const fromEnv = env.FIRECRAWL_API_URL?.trim();
  const [raw, source] = configured ? [configured, 'setting' as const] : fromEnv ? [fromEnv, 'environment' as const] : [undefined, 'default' as const];
  if (!raw) return { url: DEFAULT_API_URL, source: 'default' };
  const checked = checkApiUrl(raw);
  if (!checked.url) {
    const problem = `${source === 'setting' ? SETTINGS.apiUrl : 'FIRECRAWL_API_URL'}: ${checked.problem}`;
    return { url: DEFAULT_API_URL, source: 'default', problem, ...(source === 'environment' ? { environmentRejected: true as const } : {}) };
  }
  return { url: checked.url, source, ...(checked.insecure ? { insecure: true } : {}), ...(checked.path ? { path: checked.path } : {}) };
}

/** A day: longer intervals would only ever show a stale balance (and overflow timers far beyond). */
export const MAX_REFRESH_MINUTES = 1_440;

export const creditsSettings = {
  showInStatusBar: (): boolean => config().get<boolean>(local(SETTINGS.showInStatusBar), true) !== false,
  refreshIntervalMs: (): number => bounded(SETTINGS.refreshIntervalMinutes, 5, 1, MAX_REFRESH_MINUTES) * 60_000,
  thresholds: () => ({
    warningPercent: bounded(SETTINGS.warningThreshold, 20, 0, 100),
    criticalPercent: bounded(SETTINGS.criticalThreshold, 5, 0, 100),
  }),
};

export const researchSettings = {
  maxPollMs: (): number => bounded(SETTINGS.maxPollMinutes, 30, 1, 360) * 60_000,
  notifyOnCompletion: (): boolean => config().get<boolean>(local(SETTINGS.notifyOnCompletion), true) !== false,
  showRecent: (): boolean => config().get<boolean>(local(SETTINGS.showRecent), true) !== false,
  /** Off for good: globally, and in the workspace too where it turns it on (it would win over the global value). */
  stopNotifying: async (): Promise<void> => {
    const key = local(SETTINGS.notifyOnCompletion);
    await config().update(key, false, vscode.ConfigurationTarget.Global);
    if (config().inspect<boolean>(key)?.workspaceValue === true) await config().update(key, false, vscode.ConfigurationTarget.Workspace);
  },
};

/** Scrape, search, map and agent runs started from the editor. */
export const runSettings = {
  onlyMainContent: (): boolean => config().get<boolean>(local(SETTINGS.onlyMainContent), true) !== false,
  scrapeTimeoutMs: (): number => bounded(SETTINGS.scrapeTimeoutSeconds, 60, 1, 300) * 1000,
  searchLimit: (): number => bounded(SETTINGS.searchLimit, 10, 1, 100),
  mapLimit: (): number => bounded(SETTINGS.mapLimit, 500, 1, 100_000),
  // Whole credits, as the cap is sent: a cap of 2.5 written in settings.json is shown and sent as 2.
  agentMaxCredits: (): number => Math.floor(bounded(SETTINGS.agentMaxCredits, 500, 1, 2_500)),
};

/** The tools the editor's AI agents call: how much they may spend a day unasked, and how much page text a model gets. */
export const agentToolSettings = {
  // Whole credits, as every figure says it: a budget of 2.5 is 2 (towards asking), never "2 of today's 3".
  dailyBudget: (): number => Math.floor(bounded(SETTINGS.agentToolsDailyBudget, 50, 0, 1_000_000)),
  maxResultCharacters: (): number => bounded(SETTINGS.agentToolsMaxResultCharacters, 12_000, 1_000, 200_000),
};

/** Job ids in documents (a hover) and in the terminal (links). */
export const jobIdSettings = {
  hover: (): boolean => config().get<boolean>(local(SETTINGS.jobIdHover), true) !== false,
  terminalLinks: (): boolean => config().get<boolean>(local(SETTINGS.jobIdTerminalLinks), true) !== false,
};

/** What counts as a credit spike: at least `multiplier` × the usual hourly rate, and at least `minCredits`. */
export const spikeSettings = {
  alertsOn: () => vscode.workspace.getConfiguration().get<boolean>(SETTINGS.spikeAlerts) !== false,
  thresholds: () => ({
    multiplier: bounded(SETTINGS.spikeMultiplier, 5, 1, 1_000),
    minCredits: bounded(SETTINGS.spikeMinimumCredits, 100, 1, Number.MAX_SAFE_INTEGER),
  }),
};

/** Fires `listener` when any of `keys` (full setting keys or sections) changes. */
export function onDidChangeSettings(keys: readonly string[], listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (keys.some((key) => e.affectsConfiguration(key))) listener();
  });
}

/** Opens the Settings editor on one of ours. */
export function openSetting(key: string = SETTINGS.apiUrl): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openSettings', key);
}
