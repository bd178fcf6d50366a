// The one place that knows how to run a real VS Code here: code-server (server + web workbench +
// Node extension host) on 127.0.0.1, driven by playwright-core with the system Chromium.
// Used by the integration launcher, the UI test fixture (test/ui/workbench.ts), `npm start` and
// `npm run screenshots`. See /work/shared/real-vscode.md for why each flag is there.
//
// Every run is hermetic: a private run folder (user data, extensions, XDG dirs, HOME for the browser,
// workspace) under the OS temp dir, a free loopback port, and process groups that are killed on
// teardown, on process exit and on SIGINT/SIGTERM.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync, appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { format } from 'node:util';
import { fileURLToPath } from 'node:url';
import { provision, codeServerBin } from './provision.mjs';

export const defaultRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Settings every run starts with: quiet, offline, no first-run pages. */
export const baseSettings = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'security.workspace.trust.enabled': false,
  'chat.commandCenter.enabled': false,
  'chat.disableAIFeatures': true,
  'window.commandCenter': false,
  'git.enabled': false,
  'npm.autoDetect': 'off',
  'typescript.tsserver.experimental.enableProjectDiagnostics': false,
};

export const themes = { dark: 'Default Dark Modern', light: 'Default Light Modern', highContrast: 'Default High Contrast' };

// ---------------------------------------------------------------------------------------------
// Process bookkeeping: every process group we start is killed when this process goes away.

const liveGroups = new Set();
const liveBrowsers = new Set();
const runDirs = new Set();
let exitHooked = false;

function removeRunDirsSync() {
  for (const dir of runDirs) {
    try { rmSync(dir, { recursive: true, force: true }); } catch { /* best effort */ }
  }
}

/** Keeps a folder from makeRunDir() when this process exits (e.g. `npm start -- --keep`). */
export function keepRunDir(dir) {
  runDirs.delete(dir);
}

/** Closes browsers, stops code-servers and removes run folders this process made. Bounded to 8 s. */
export async function cleanupAll() {
  const work = (async () => {
    await Promise.all([...liveBrowsers].map((b) => b.close().catch(() => {})));
    await stopAllGroups();
  })();
  await Promise.race([work, sleep(8000)]);
  for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
  removeRunDirsSync();
}

function hookExit() {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', () => {
    for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
    removeRunDirsSync();
  });
  // code-server runs in its own process group, so a Ctrl+C in the terminal does not reach it.
  // If nobody else handles the signal: clean up, then let the signal do what it would have done.
  // If someone else does (the launcher, npm start), stop the servers now and leave the rest to them.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    let handling = false;
    const onSignal = () => {
      if (process.listenerCount(signal) > 1) {
        for (const pid of liveGroups) killGroup(pid, 'SIGTERM');
        return;
      }
      if (handling) return;
      handling = true;
      void cleanupAll().finally(() => {
        process.removeListener(signal, onSignal);
        process.kill(process.pid, signal);
      });
    };
    process.on(signal, onSignal);
  }
}

// Runs code-server under a tiny shell that leads the process group and watches us: if this Node
// process dies without cleaning up (SIGKILL, crash), the shell kills the whole group within a second.
const WATCHDOG = `"$0" "$@" & child=$!
while kill -0 "$FIRECRAWL_WATCH_PID" 2>/dev/null && kill -0 "$child" 2>/dev/null; do sleep 1; done
kill -TERM -$$ 2>/dev/null
wait`;

/** Sends `signal` to the whole process group led by `pid`. */
export function killGroup(pid, signal = 'SIGTERM') {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopGroup(pid, graceMs = 3000) {
  killGroup(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(pid) && Date.now() < deadline) await sleep(50);
  if (groupAlive(pid)) killGroup(pid, 'SIGKILL');
  liveGroups.delete(pid);
}

/** Stops every code-server this process started (including one still starting up). */
export async function stopAllGroups() {
  await Promise.all([...liveGroups].map((pid) => stopGroup(pid)));
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** A port that was free a moment ago on 127.0.0.1. Callers retry if it is taken before they bind. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** A fresh private folder for one run. */
export function makeRunDir(prefix = 'firecrawl-vscode-') {
  hookExit();
  const dir = mkdtempSync(join(process.env.FIRECRAWL_RUN_TMPDIR || tmpdir(), prefix));
  runDirs.add(dir); // removed on exit and on signals if its owner has not done so
  return dir;
}

function xdgEnv(runDir) {
  return {
    XDG_CONFIG_HOME: join(runDir, 'xdg-config'),
    XDG_DATA_HOME: join(runDir, 'xdg-data'),
    XDG_CACHE_HOME: join(runDir, 'xdg-cache'),
    XDG_RUNTIME_DIR: join(runDir, 'xdg-runtime'),
  };
}

// ---------------------------------------------------------------------------------------------
// code-server

/**
 * Installs a .vsix into an extensions folder with code-server's own CLI (the way a user would).
 * @returns {Promise<string[]>} the folders of the installed extensions
 */
export async function installVsix({ root = defaultRoot, vsix, extensionsDir, userDataDir }) {
  mkdirSync(extensionsDir, { recursive: true });
  mkdirSync(userDataDir, { recursive: true });
  const runDir = makeRunDir('firecrawl-vsix-install-');
  try {
    mkdirSync(join(runDir, 'xdg-runtime'), { recursive: true, mode: 0o700 });
    writeFileSync(join(runDir, 'config.yaml'), '');
    const result = spawnSync(process.execPath, [codeServerBin(root), '--config', join(runDir, 'config.yaml'),
      '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--install-extension', resolve(vsix), '--force'], {
      env: { ...process.env, ...xdgEnv(runDir), EXTENSIONS_GALLERY: '{}' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (result.status !== 0) {
      throw new Error(`code-server --install-extension ${vsix} failed (exit ${result.status ?? result.error}):\n${result.stdout}\n${result.stderr}`);
    }
  } finally {
    rmSync(runDir, { recursive: true, force: true });
  }
  return readdirSync(extensionsDir).filter((n) => !n.startsWith('.') && n !== 'extensions.json').map((n) => join(extensionsDir, n));
}

/**
 * Starts code-server on a free 127.0.0.1 port and waits for /healthz.
 * @param {object} options
 * @param {string} [options.root] project root
 * @param {string} [options.runDir] private folder for this run (created if omitted; removed by close() if we created it)
 * @param {string} [options.workspace] folder to open (default: runDir/workspace, created empty)
 * @param {Record<string, string>} [options.workspaceFiles] files to write into the workspace (relative path → text)
 * @param {string} [options.userDataDir] default runDir/user-data
 * @param {string} [options.extensionsDir] default runDir/extensions
 * @param {string[]} [options.extensions] extension folders to symlink into the extensions dir
 * @param {Record<string, unknown>} [options.settings] user settings merged over baseSettings
 * @param {'dark'|'light'|'highContrast'} [options.theme]
 * @param {string} [options.locale] display language (`--locale`), e.g. 'ja'; extensions get it as vscode.env.language
 * @param {Record<string, string>} [options.env] extra environment for code-server and so the extension host
 * @param {Record<string, string>} [options.baseEnv] environment to start from (default process.env)
 * @param {number} [options.port] fixed port (default: a free one)
 * @param {number} [options.startTimeoutMs]
 * @param {(line: string) => void} [options.log] where to report progress (default: nothing)
 */
export async function startCodeServer(options = {}) {
  const root = options.root ?? defaultRoot;
  await provision({ root, log: options.log ?? ((l) => console.log(l)) });
  hookExit();
  const ownRunDir = !options.runDir;
  const runDir = options.runDir ?? makeRunDir();
  const workspace = options.workspace ?? join(runDir, 'workspace');
  const userDataDir = options.userDataDir ?? join(runDir, 'user-data');
  const extensionsDir = options.extensionsDir ?? join(runDir, 'extensions');
  for (const dir of [workspace, join(userDataDir, 'User'), extensionsDir, ...Object.values(xdgEnv(runDir))]) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  for (const [rel, text] of Object.entries(options.workspaceFiles ?? {})) {
    const file = join(workspace, rel);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
  }
  for (const ext of options.extensions ?? []) {
    const link = join(extensionsDir, ext.split('/').pop());
    if (!existsSync(link)) symlinkSync(ext, link, 'dir');
  }
  if (options.locale && !options.locale.startsWith('en')) {
    // There is no marketplace here to install VS Code's own language pack from. A pack of ours that
    // translates nothing of VS Code itself makes the server accept the language: the workbench stays
    // English, and extensions run in the language (vscode.env.language, their l10n bundles).
    const translations = join(runDir, `vscode.${options.locale}.i18n.json`);
    writeFileSync(translations, JSON.stringify({ version: '1.0.0', contents: {} }));
    writeFileSync(join(userDataDir, 'languagepacks.json'), JSON.stringify({
      [options.locale]: { hash: `firecrawl-test-${options.locale}`, extensions: [{ extensionIdentifier: { id: `firecrawl-test.language-pack-${options.locale}` }, version: '1.0.0' }], translations: { vscode: translations }, label: options.locale },
    }));
  }
  const settings = { ...baseSettings, ...(options.theme ? { 'workbench.colorTheme': themes[options.theme] } : {}), ...options.settings };
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  writeFileSync(join(runDir, 'config.yaml'), '');
  const logFile = join(runDir, 'code-server.log');

  let lastError;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = options.port || (await freePort());
    writeFileSync(logFile, '');
    const child = spawn('/bin/sh', ['-c', WATCHDOG, process.execPath, codeServerBin(root),
      '--config', join(runDir, 'config.yaml'),
      '--bind-addr', `127.0.0.1:${port}`,
      '--auth', 'none',
      '--cert', 'false',
      '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
      '--disable-getting-started-override', '--ignore-last-opened',
      ...(options.locale ? ['--locale', options.locale] : []),
      '--user-data-dir', userDataDir,
      '--extensions-dir', extensionsDir,
      workspace], {
      cwd: runDir,
      detached: true, // own process group: teardown kills server, extension host, pty host, watchers
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...(options.baseEnv ?? process.env), ...xdgEnv(runDir), EXTENSIONS_GALLERY: '{}', FIRECRAWL_WATCH_PID: String(process.pid), ...options.env },
    });
    liveGroups.add(child.pid);
    const onData = (d) => appendFileSync(logFile, d);
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    let exited = null;
    const exitListeners = [];
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      for (const listener of exitListeners) listener(code ?? signal);
      // The watchdog shell led the group and has signalled it on its way out. Forget the group once
      // it is empty, so a later clean-up can never signal a reused process-group id.
      const forget = () => {
        if (!liveGroups.has(child.pid)) return;
        if (groupAlive(child.pid)) setTimeout(forget, 200).unref();
        else liveGroups.delete(child.pid);
      };
      forget();
    });
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
    let healthy = false;
    // Ours only once our own log says it listens on that port: another process could have taken
    // the port between freePort() and the bind, and its /healthz would answer just as well.
    const listening = `listening on ${url}/`;
    while (!exited && Date.now() < deadline) {
      if (readFileSync(logFile, 'utf8').includes(listening)) {
        try {
          const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
          if (res.ok) { healthy = true; break; }
        } catch { /* not yet */ }
      }
      await sleep(100);
    }
    if (healthy) {
      let closed = false;
      return {
        url,
        port,
        runDir,
        workspace,
        userDataDir,
        extensionsDir,
        logFile,
        pid: child.pid,
        /** URL of the workbench with the workspace open; `payload` adds workbench payload pairs. */
        workbenchUrl(payload) {
          const query = new URLSearchParams({ folder: workspace });
          if (payload) query.set('payload', JSON.stringify(payload));
          return `${url}/?${query}`;
        },
        /** Called if code-server exits on its own (not through close()). */
        onExit(listener) {
          exitListeners.push((code) => { if (!closed) listener(code); });
        },
        /** URI of a local path as the workbench sees it. */
        remoteUri(path) {
          return `vscode-remote://127.0.0.1:${port}${resolve(path)}`;
        },
        async close({ keepRunDir = false } = {}) {
          if (closed) return;
          closed = true;
          await stopGroup(child.pid);
          if (ownRunDir && !keepRunDir) rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
        },
      };
    }
    await stopGroup(child.pid);
    const log = readTail(logFile);
    lastError = new Error(`code-server did not become healthy on port ${port} (${exited ? `exited ${exited.code ?? exited.signal}` : 'timed out'}):\n${log}`);
    if (options.port || !/EADDRINUSE/.test(log)) break;
  }
  if (ownRunDir) rmSync(runDir, { recursive: true, force: true });
  throw lastError;
}

function readTail(file, lines = 40) {
  try {
    return spawnSync('tail', ['-n', String(lines), file], { encoding: 'utf8' }).stdout;
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------------------------------------
// Browser

/**
 * Launches headless Chromium with a private HOME and loopback-only networking.
 * @returns {Promise<import('playwright-core').Browser>}
 */
export async function launchBrowser({ runDir, headless = true } = {}) {
  const { chromium } = await import('playwright-core');
  const { chromium: executablePath } = await provision({ log: () => {} });
  const home = join(runDir, 'browser-home');
  mkdirSync(home, { recursive: true });
  hookExit();
  // Playwright's own signal handlers would exit the process (code 130) before our clean-up runs.
  const browser = await chromium.launch({
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    executablePath,
    headless,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', '--disable-crash-reporter', '--disable-breakpad', '--disable-features=Translate,MediaRouter',
    ],
    env: { ...process.env, HOME: home, ...xdgEnv(runDir) },
    timeout: 60_000,
  });
  liveBrowsers.add(browser);
  browser.on('disconnected', () => liveBrowsers.delete(browser));
  return browser;
}

/**
 * Marks the test runner's output in the extension host (test/integration/index.ts). In test mode
 * VS Code routes extension-host console output through the workbench log service, where it looks
 * exactly like the workbench's own log lines ("%c INFO", "color: #33f", message...).
 */
export const HOST_MARK = '\u2063';

/**
 * Forwards the page console in order. `onLine(text, { type, level, host })`: `level` is the
 * log-service level (INFO, WARN, ERR...) when the line came through the workbench log service;
 * `host` is true for lines marked with HOST_MARK or prefixed "[Extension Host]" (outside test mode).
 */
export function forwardConsole(page, onLine) {
  let queue = Promise.resolve();
  page.on('console', (msg) => {
    const pending = Promise.all(msg.args().map((a) => a.jsonValue().catch(() => a.toString())));
    queue = queue.then(async () => {
      let args;
      try {
        args = await pending;
      } catch {
        args = [msg.text()];
      }
      if (args.length === 0) args = [msg.text()];
      let level;
      if (typeof args[0] === 'string' && /^%c\s*[A-Z]+\s*$/.test(args[0]) && typeof args[1] === 'string' && args[1].startsWith('color:')) {
        level = args[0].slice(2).trim();
        args = args.slice(2);
      }
      let text = format(...args);
      let host = false;
      if (text.startsWith(HOST_MARK)) {
        host = true;
        text = text.slice(HOST_MARK.length);
      } else if (/^\[Extension Host\] ?/.test(text)) {
        host = true;
        text = text.replace(/^\[Extension Host\] ?/, '');
      }
      try {
        onLine(text, { type: msg.type(), level, host });
      } catch {
        /* a sink must not break the queue */
      }
    });
  });
  return () => queue;
}

/** Waits for the workbench shell. */
export async function waitForWorkbench(page, timeout = 60_000) {
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout });
}

export function ensureDir(dir) {
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function screenshotDir(root = defaultRoot) {
  return ensureDir(process.env.FIRECRAWL_SCREENSHOT_DIR || join(root, '.test-artifacts', 'screenshots'));
}
