// URLs from server data: only web pages are ever opened, never file:, command:, vscode: or javascript:.

export function isWebUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

export function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

/** Firecrawl's dashboard, where a team's API keys are made and its usage is billed. */
export const FIRECRAWL_DASHBOARD_URL = 'https://www.firecrawl.dev/app';
export const FIRECRAWL_API_KEYS_URL = 'https://www.firecrawl.dev/app/api-keys';
