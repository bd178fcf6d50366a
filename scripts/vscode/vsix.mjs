// Packages the extension into a .vsix with `vsce package`, the way it ships, without touching the
// checkout's dist/ (vsce runs `vscode:prepublish`, a production build, and other test runs may be
// using dist/ at the same moment). The project is copied into a private staging folder under .cache/
// (so Node still finds node_modules/ by walking up), packaged there, and the .vsix is moved
// atomically to .cache/vsix/<name>-<version>.vsix (or `outDir`). Any vsce warning is an error.
// The `web` variant drops `main` (and extensionKind) from the staged manifest, so VS Code can only
// run the extension from its `browser` entry: code-server then loads it in its web-worker extension
// host, as vscode.dev and github.dev would.
//
// CLI: node scripts/vscode/vsix.mjs   → prints the .vsix path
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const defaultRoot = fileURLToPath(new URL('../..', import.meta.url));
const SKIP = new Set(['node_modules', '.git', '.cache', 'out', 'dist', '.test-artifacts', '.vscode-test']);

/**
 * @param {{ root?: string, log?: (line: string) => void, outDir?: string, variant?: 'node' | 'web' }} [options]
 * @returns {Promise<string>} absolute path of the .vsix
 */
export async function packageVsix({ root = defaultRoot, log = (line) => console.log(line), outDir = join(root, '.cache', 'vsix'), variant = 'node' } = {}) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  mkdirSync(outDir, { recursive: true });
  const stage = mkdtempSync(join(root, '.cache', 'vsix-stage-'));
  const started = Date.now();
  try {
    for (const name of readdirSync(root)) {
      if (SKIP.has(name) || name.endsWith('.vsix')) continue;
      cpSync(join(root, name), join(stage, name), { recursive: true, verbatimSymlinks: true });
    }
    if (variant === 'web') {
      // Without `main` and without the workspace-first extensionKind, code-server (a browser
      // workbench with a remote) can only place the extension in its web worker, as vscode.dev does.
      const { main, extensionKind: _kind, ...webOnly } = manifest;
      if (!main || !webOnly.browser) throw new Error('the web variant needs a manifest with both main and browser');
      writeFileSync(join(stage, 'package.json'), `${JSON.stringify(webOnly, null, 2)}\n`);
    }
    const tmpOut = join(stage, 'extension.vsix');
    const result = spawnSync(process.execPath, [join(root, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--out', tmpOut], {
      cwd: stage,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false' },
      timeout: 180_000,
    });
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
    const warnings = output.split('\n').filter((l) => /\bWARNING\b|Do you want to continue/i.test(l));
    if (result.status !== 0 || warnings.length) {
      throw new Error(`vsce package ${result.status !== 0 ? `failed (exit ${result.status ?? result.error})` : 'printed warnings'}:\n${output.trim()}`);
    }
    const target = join(outDir, `${manifest.name}-${manifest.version}${variant === 'web' ? '-web' : ''}.vsix`);
    try {
      renameSync(tmpOut, target);
    } catch (error) {
      // outDir may be on another file system (a tmpfs /tmp): copy, then rename there.
      if (error.code !== 'EXDEV') throw error;
      copyFileSync(tmpOut, `${target}.partial`);
      renameSync(`${target}.partial`, target);
    }
    const summary = output.split('\n').find((l) => /DONE|Packaged/.test(l))?.trim();
    log(`[vsix] ${summary ? summary.replace(tmpOut, target) : target} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return target;
  } finally {
    rmSync(stage, { recursive: true, force: true, maxRetries: 3 });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    console.log(await packageVsix());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
