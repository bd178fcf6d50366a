// What `npm start` and `npm run screenshots` share: build, package, start the sandbox in this process,
// and the settings/environment that point the extension at it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const defaultRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Development build (dist/ and out/, which holds the sandbox). Throws on failure. */
export function build(root = defaultRoot) {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`build failed (exit ${result.status})`);
}

/**
 * Starts the Firecrawl-compatible sandbox (test/sandbox/server.ts, built to out/) on 127.0.0.1.
 * @param {{ root?: string, port?: number, dialect?: 'live' | 'spec', freshScrapeEveryMs?: number }} [options]
 */
export async function startSandbox({ root = defaultRoot, port = 0, dialect, freshScrapeEveryMs } = {}) {
  const file = join(root, 'out', 'test', 'sandbox', 'server.js');
  if (!existsSync(file)) throw new Error(`${file} is missing: the sandbox has not been built.`);
  const { startSandbox: start } = createRequire(import.meta.url)(file);
  return start({ port, ...(dialect ? { dialect } : {}), ...(freshScrapeEveryMs ? { freshScrapeEveryMs } : {}) });
}

/** Settings and extension-host environment that point the extension at a sandbox. */
export function sandboxProfile(sandbox) {
  return {
    settings: { 'firecrawl.apiUrl': sandbox.url },
    env: { FIRECRAWL_API_KEY: sandbox.keys.valid },
  };
}

/** process.env without FIRECRAWL_API_* (the developer's real key must not leak into a sandbox session). */
export function envWithoutApi() {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('FIRECRAWL_API_')));
}
