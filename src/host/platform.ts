// What differs between a Node extension host (desktop, remote, Codespaces) and a browser one
// (vscode.dev, github.dev): how requests travel, whether there is an environment or a home folder,
// and how a bundle kept out of activation is loaded. Each entry point (extension.ts,
// extension.web.ts) sets it once, before anything else runs; everything else asks here instead of
// touching Node.
import type * as vscode from 'vscode';
import type { FetchLike } from '../api/http';

/**
 * Bundles loaded on first use rather than at activation (dist/<name>.js for Node hosts,
 * dist/web/<name>.js for browser hosts): what a person opens, not what runs in the background.
 */
export type OnDemandBundle = 'feedbackWizard' | 'researchActions' | 'researchRows' | 'keyInput' | 'responseRules' | 'usagePanel' | 'runCommands' | 'agentTools';

export interface Platform {
  /** 'node' or 'web', for the log. */
  readonly name: 'node' | 'web';
  /** The client's transport; undefined means the global fetch. */
  readonly fetch: FetchLike | undefined;
  /** FIRECRAWL_API_KEY and FIRECRAWL_API_URL live here; empty where there is no process. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where save dialogs start without a workspace folder; undefined lets the dialog choose. */
  homeFolder(): string | undefined;
  /** The name of the machine this host runs on (a dev container's is its own); undefined where there is none to read. */
  machineName(): string | undefined;
  /** Loads and evaluates one of the on-demand bundles shipped with the extension at `extensionUri`. */
  loadBundle(name: OnDemandBundle, extensionUri: vscode.Uri): Promise<unknown>;
}

let current: Platform | undefined;

export function setPlatform(platform: Platform): void {
  current = platform;
}

export function platform(): Platform {
  if (!current) throw new Error('the platform is set by the entry point before activation');
  return current;
}
