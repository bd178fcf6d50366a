// Where the API lives. `firecrawl.apiUrl` is application-scoped, so a workspace can never point
// the key at another server; FIRECRAWL_API_URL is the fallback for devcontainers and CI.
import * as vscode from 'vscode';
import { DEFAULT_API_URL } from '../api';

export interface ApiUrl {
  url: string;
  source: 'setting' | 'environment' | 'default';
  /** Why the configured value was not used, when it was not. */
  problem?: string;
  /** Set when the key would travel unencrypted to another machine. */
  insecure?: boolean;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

export function checkApiUrl(raw: string): { url?: string; problem?: string; insecure?: boolean } {
  let parsed: URL;
  try {
    parsed = new URL(raw.trim());
  } catch {
    return { problem: `'${raw}' is not a URL` };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { problem: `'${raw}' must start with https:// or http://` };
  if (parsed.username || parsed.password) return { problem: 'the API URL must not contain a user name or password' };
  if (parsed.search || parsed.hash) return { problem: 'the API URL must not contain a query or fragment' };
  const url = parsed.toString().replace(/\/+$/, '');
  return { url, insecure: parsed.protocol === 'http:' && !LOOPBACK.test(parsed.hostname) };
}

export function resolveApiUrl(config = vscode.workspace.getConfiguration('firecrawl'), env = process.env): ApiUrl {
  const inspected = config.inspect<string>('apiUrl');
  const configured = inspected?.globalValue?.trim();
  const fromEnv = env.FIRECRAWL_API_URL?.trim();
  const [raw, source] = configured ? [configured, 'setting' as const] : fromEnv ? [fromEnv, 'environment' as const] : [undefined, 'default' as const];
  if (!raw) return { url: DEFAULT_API_URL, source: 'default' };
  const checked = checkApiUrl(raw);
  if (!checked.url) return { url: DEFAULT_API_URL, source: 'default', problem: `${source === 'setting' ? 'firecrawl.apiUrl' : 'FIRECRAWL_API_URL'}: ${checked.problem}` };
  return { url: checked.url, source, ...(checked.insecure ? { insecure: true } : {}) };
}

export function isDefaultApiUrl(url: string): boolean {
  return url.replace(/\/+$/, '') === DEFAULT_API_URL;
}
