// Provisions what the real-VS-Code test layers and `npm start` need, outside the npm dependency tree:
//   - Debian packages (only when running as root and something is missing; apt-get update first):
//     chromium (the browser Playwright drives), ripgrep (feeds @vscode/ripgrep's download cache),
//     libkrb5-dev + build tools (code-server's native modules compile from source).
//   - code-server 4.100.3 (= VS Code 1.100.3, the tested minimum) in .cache/code-server-4.100.3.
// Idempotent: a stamp file makes the second call take milliseconds. Safe to run concurrently from
// several processes (a lock directory serialises installs; the install lands in a temp folder that is
// renamed into place only when complete). Fails with a message that says what to install by hand.
//
// CLI: node scripts/vscode/provision.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.100.3';
const RIPGREP_CACHE = { dir: 'vscode-ripgrep-cache-1.15.11', file: 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz' };
const defaultRoot = fileURLToPath(new URL('../..', import.meta.url));

export class ProvisionError extends Error {}

/** Where the browser lives; FIRECRAWL_CHROMIUM overrides. */
export function chromiumPath() {
  const candidates = [process.env.FIRECRAWL_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((p) => p && existsSync(p));
}

function which(cmd) {
  const result = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function codeServerDir(root) {
  return join(root, '.cache', `code-server-${CODE_SERVER_VERSION}`);
}

export function codeServerBin(root = defaultRoot) {
  return join(codeServerDir(root), 'node_modules', 'code-server', 'out', 'node', 'entry.js');
}

function stampPath(root) {
  return join(codeServerDir(root), '.provisioned');
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Debian packages needed now; `forInstall` adds what compiling code-server's native modules needs. */
function missingPackages({ forInstall }) {
  const missing = [];
  if (!chromiumPath()) missing.push('chromium');
  if (forInstall) {
    if (!which('rg')) missing.push('ripgrep');
    if (!existsSync('/usr/include/gssapi/gssapi.h') && !which('krb5-config')) missing.push('libkrb5-dev');
    if (!which('g++') || !which('make')) missing.push('build-essential');
    if (!which('python3')) missing.push('python3');
  }
  return missing;
}

/** apt-get update + install (root only); throws ProvisionError with the command to run by hand. */
export function aptInstall(packages, log = (line) => console.log(line)) {
  const hint = `Install them by hand: apt-get update && apt-get install -y ${packages.join(' ')}`;
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    throw new ProvisionError(`[provision] missing: ${packages.join(', ')} and no apt-get here. ${hint} (or the equivalent for this system; set FIRECRAWL_CHROMIUM to a Chromium binary).`);
  }
  if (!isRoot()) throw new ProvisionError(`[provision] missing: ${packages.join(', ')} and not running as root. ${hint}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  log(`[provision] apt-get install ${packages.join(' ')}`);
  for (const args of [['update'], ['install', '-y', ...packages]]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    if (result.status !== 0) throw new ProvisionError(`[provision] apt-get ${args[0]} failed (exit ${result.status}). ${hint}`);
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function withLock(lockDir, fn, log) {
  const deadline = Date.now() + 20 * 60_000;
  for (let announced = false; ; ) {
    try {
      mkdirSync(lockDir);
      writeFileSync(join(lockDir, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A lock whose owner died is stale.
      let owner;
      try { owner = Number(readFileSync(join(lockDir, 'pid'), 'utf8')); } catch { owner = undefined; }
      let alive = false;
      if (owner) { try { process.kill(owner, 0); alive = true; } catch { alive = false; } }
      const age = Date.now() - statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs;
      if ((owner && !alive) || (!owner && age > 60_000)) { rmSync(lockDir, { recursive: true, force: true }); continue; }
      if (Date.now() > deadline) throw new ProvisionError(`[provision] timed out waiting for ${lockDir} (held by pid ${owner}).`);
      if (!announced) { log(`[provision] waiting for another provisioning run (pid ${owner})`); announced = true; }
      await sleep(1000);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

function installCodeServer(root, log) {
  const target = codeServerDir(root);
  const partial = `${target}.partial-${process.pid}`;
  const tmp = join(partial, 'tmp');
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  writeFileSync(join(partial, 'package.json'), JSON.stringify({ name: 'code-server-cache', private: true }, null, 2));

  // @vscode/ripgrep's postinstall downloads rg from GitHub unless its cache already holds the tarball.
  const rg = which('rg');
  if (!rg) throw new ProvisionError('[provision] ripgrep (rg) is missing: apt-get install -y ripgrep');
  mkdirSync(join(tmp, RIPGREP_CACHE.dir), { recursive: true });
  const tar = spawnSync('tar', ['-czf', join(tmp, RIPGREP_CACHE.dir, RIPGREP_CACHE.file), '-C', join(rg, '..'), 'rg']);
  if (tar.status !== 0) throw new ProvisionError(`[provision] could not build the ripgrep cache tarball: ${tar.stderr}`);

  const logFile = join(root, '.cache', `code-server-${CODE_SERVER_VERSION}-install.log`);
  log(`[provision] npm install code-server@${CODE_SERVER_VERSION} (about a minute; log: ${logFile})`);
  const env = {
    ...process.env,
    TMPDIR: tmp,
    npm_config_unsafe_perm: 'true', // its postinstall refuses root otherwise
    npm_config_yes: 'true', // node-pty's postinstall runs `npx node-gyp`; ~/.npmrc may say yes=false
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_update_notifier: 'false',
  };
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const started = Date.now();
  const result = spawnSync(npm, ['install', `code-server@${CODE_SERVER_VERSION}`, '--foreground-scripts', '--no-save', '--loglevel=warn'], {
    cwd: partial,
    env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  writeFileSync(logFile, `${result.stdout ?? ''}\n${result.stderr ?? ''}`);
  if (result.status !== 0 || !existsSync(join(partial, 'node_modules', 'code-server', 'out', 'node', 'entry.js'))) {
    const tail = `${result.stdout ?? ''}\n${result.stderr ?? ''}`.trim().split('\n').slice(-25).join('\n');
    rmSync(partial, { recursive: true, force: true });
    throw new ProvisionError(
      `[provision] npm install code-server@${CODE_SERVER_VERSION} failed (exit ${result.status ?? result.error}). Full log: ${logFile}\n${tail}\n` +
        'It needs network access to the npm registry, a C++ toolchain, python3 and libkrb5-dev ' +
        '(apt-get install -y build-essential python3 libkrb5-dev ripgrep).',
    );
  }
  rmSync(tmp, { recursive: true, force: true });
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
  log(`[provision] code-server ${CODE_SERVER_VERSION} installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * Makes sure code-server and Chromium are there. Returns their paths.
 * @param {{ root?: string, log?: (line: string) => void }} [options]
 * @returns {Promise<{ codeServer: string, chromium: string, version: string }>}
 */
export async function provision({ root = defaultRoot, log = (line) => console.log(line) } = {}) {
  const want = JSON.stringify({ version: CODE_SERVER_VERSION, node: process.versions.modules });
  const ready = () => existsSync(stampPath(root)) && readFileSync(stampPath(root), 'utf8') === want && existsSync(codeServerBin(root));
  if (!ready() || !chromiumPath()) {
    mkdirSync(join(root, '.cache'), { recursive: true });
    await withLock(join(root, '.cache', 'provision.lock'), async () => {
      const installing = !ready();
      const missing = missingPackages({ forInstall: installing });
      if (missing.length) aptInstall(missing, log);
      if (installing) {
        installCodeServer(root, log);
        writeFileSync(stampPath(root), want);
      }
    }, log);
  }
  const chromium = chromiumPath();
  if (!chromium) throw new ProvisionError('[provision] Chromium not found: apt-get install -y chromium (or set FIRECRAWL_CHROMIUM).');
  return { codeServer: codeServerBin(root), chromium, version: CODE_SERVER_VERSION };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const result = await provision();
    console.log(`[provision] ready: code-server ${result.version} at ${result.codeServer}, browser ${result.chromium}`);
  } catch (error) {
    console.error(error instanceof ProvisionError ? error.message : error);
    process.exitCode = 1;
  }
}
