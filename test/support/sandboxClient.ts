// The real client, as the extension builds it, pointed at a sandbox on 127.0.0.1: retries do not wait.
import { FirecrawlClient, type ClientOptions } from '../../src/api';
import { nodeFetch } from '../../src/platform/nodeTransport';
import type { Sandbox } from '../sandbox/server';

export function sandboxClient(sandbox: Pick<Sandbox, 'url' | 'keys'>, options: Partial<ClientOptions> = {}): FirecrawlClient {
  return new FirecrawlClient({
    baseUrl: sandbox.url,
    apiKey: () => sandbox.keys.valid,
    clientName: 'firecrawl-vscode',
    clientVersion: '0.3.0-test',
    fetch: nodeFetch,
    sleep: async () => undefined,
    ...options,
  });
}
