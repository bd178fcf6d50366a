#!/usr/bin/env node
// A stand-in for the `code` executable that speaks @vscode/test-electron's command line and runs a
// real VS Code underneath: code-server (server + Node extension host) and headless Chromium for the
// workbench. Use it as `vscodeExecutablePath` for runTests() (or `useInstallation.fromPath` for
// @vscode/test-cli).
//
//   launcher.mjs [--extensionDevelopmentPath=DIR]... [--extensionTestsPath=FILE]
//                [--user-data-dir[=| ]DIR] [--extensions-dir[=| ]DIR] [WORKSPACE_FOLDER] [other flags ignored]
//
// code-server has no --extensionDevelopmentPath flag; its web workbench reads the same paths from the
// page URL (`payload`). When the tests module's run() settles, the workbench calls
// window.codeAutomationExit(code), which we expose, and we exit with that code.
// Extension-host console output (mocha's reporter) is forwarded to stdout, formatted with util.format.
// Without --extensionTestsPath it is an F5-like session: it prints the URL of a workbench with the
// development extension loaded (open it in a browser) and runs until Ctrl+C.
//
// Environment:
//   FIRECRAWL_VSCODE_TIMEOUT_MS  overall limit (default 600000); on expiry: screenshot, exit 124
//   FIRECRAWL_VSCODE_VERBOSE=1   also print workbench console lines and the code-server log
//   any other variable reaches the extension host (code-server passes its environment on)
import { readFileSync, existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startCodeServer, launchBrowser, forwardConsole, screenshotDir, makeRunDir, defaultRoot, stopAllGroups,
} from './codeserver.mjs';

export function parseArgs(argv) {
  const out = { extensionDevelopmentPaths: [], extensionTestsPath: undefined, userDataDir: undefined, extensionsDir: undefined, folders: [], ignored: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const m = /^--([^=]+)(?:=(.*))?$/.exec(arg);
    if (!m) {
      out.folders.push(resolve(arg));
      continue;
    }
    const [, name, inline] = m;
    const takesValue = ['extensionDevelopmentPath', 'extensionTestsPath', 'user-data-dir', 'extensions-dir', 'locale', 'log'].includes(name);
    const value = inline ?? (takesValue ? argv[++i] : undefined);
    if (name === 'extensionDevelopmentPath') out.extensionDevelopmentPaths.push(resolve(value));
    else if (name === 'extensionTestsPath') out.extensionTestsPath = resolve(value);
    else if (name === 'user-data-dir') out.userDataDir = resolve(value);
    else if (name === 'extensions-dir') out.extensionsDir = resolve(value);
    else out.ignored.push(arg);
  }
  return out;
}

/** The file the workbench will load for extensionTestsPath: VS Code accepts a folder with index.js. */
function testsEntry(path) {
  if (existsSync(join(path, 'index.js'))) return join(path, 'index.js');
  return path;
}

export async function launch(argv, { timeoutMs = Number(process.env.FIRECRAWL_VSCODE_TIMEOUT_MS) || 600_000 } = {}) {
  const args = parseArgs(argv);
  const verbose = process.env.FIRECRAWL_VSCODE_VERBOSE === '1';
  const runDir = makeRunDir('firecrawl-launcher-');
  const started = Date.now();
  let server;
  let browser;
  let serverStarting;
  let browserStarting;
  let finished = false;
  // Also safe while either is still starting (a signal can arrive at any point): wait for the
  // browser launch to settle and close it, kill code-server's group, then remove the run folder.
  const stop = async () => {
    if (finished) return;
    finished = true;
    const b = browser ?? (await browserStarting?.catch(() => undefined));
    await b?.close().catch(() => {});
    await stopAllGroups();
    const s = server ?? (await serverStarting?.catch(() => undefined));
    await s?.close().catch(() => {});
    rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
  };
  // test-electron forwards Ctrl+C as a second SIGINT right after the terminal's: handle every one
  // (not once), or the second would kill us half-way through the clean-up.
  let signalled = false;
  const onSignal = (signal) => {
    if (signalled) return;
    signalled = true;
    console.error(`[launcher] ${signal}: stopping VS Code`);
    void stop().then(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    serverStarting = startCodeServer({
      root: defaultRoot,
      runDir,
      workspace: args.folders[0],
      userDataDir: args.userDataDir,
      extensionsDir: args.extensionsDir,
      log: (line) => console.log(line),
    });
    server = await serverStarting;
    if (finished) return 130;
    if (verbose) console.log(`[launcher] code-server ${server.url} (run folder ${runDir}) after ${Date.now() - started} ms`);

    const payload = [];
    for (const dev of args.extensionDevelopmentPaths) payload.push(['extensionDevelopmentPath', server.remoteUri(dev)]);
    if (args.extensionTestsPath) payload.push(['extensionTestsPath', server.remoteUri(testsEntry(args.extensionTestsPath))]);
    const url = server.workbenchUrl(payload.length ? payload : undefined);

    if (!args.extensionTestsPath) {
      // Interactive use (an F5-like session in a browser): no headless page, run until signalled.
      console.log(`[launcher] open ${url}\n[launcher] Ctrl+C to stop`);
      await new Promise(() => {});
    }

    browserStarting = launchBrowser({ runDir });
    browser = await browserStarting;
    if (finished) return 130;
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const exitCode = new Promise((resolveExit) => {
      page.exposeFunction('codeAutomationExit', (code) => resolveExit(Number(code) || 0));
    });
    // Marked lines come from the in-host test runner; other log lines between its start and end
    // lines are the tests' own console output. Everything else is the workbench talking.
    let inTests = false;
    const noise = /^(Ignoring fetching additional builtin extensions|Updating additional builtin extensions cache)/;
    const drained = forwardConsole(page, (text, { type, level, host }) => {
      if (host && text === '[firecrawl-tests] start') { inTests = true; return; }
      if (host && text === '[firecrawl-tests] end') { inTests = false; return; }
      if (host || (inTests && level && !noise.test(text))) process.stdout.write(`${text}\n`); // one stream keeps the order
      else if (verbose) process.stderr.write(`[workbench ${level ?? type}] ${text}\n`);
    });
    page.on('pageerror', (error) => { if (verbose) console.error('[workbench pageerror]', error); });

    await page.goto(url);

    let timer;
    const timeout = new Promise((r) => { timer = setTimeout(() => r('timeout'), timeoutMs); });
    const result = await Promise.race([exitCode, timeout]);
    clearTimeout(timer);
    await Promise.race([drained(), new Promise((r) => setTimeout(r, 2000))]);
    if (result === 'timeout') {
      const shot = join(screenshotDir(), 'integration-timeout.png');
      await page.screenshot({ path: shot }).catch(() => {});
      console.error(`[launcher] the tests did not finish within ${timeoutMs / 1000} s; screenshot ${shot}`);
      console.error(readFileSync(server.logFile, 'utf8').split('\n').slice(-40).join('\n'));
      return 124;
    }
    if (result !== 0) {
      const shot = join(screenshotDir(), 'integration-failure.png');
      await page.screenshot({ path: shot }).then(() => console.error(`[launcher] screenshot of the window: ${shot}`), () => {});
    }
    if (verbose || result !== 0) {
      const log = readFileSync(server.logFile, 'utf8');
      const errors = log.split('\n').filter((l) => /error|Error/.test(l)).slice(-20);
      if (errors.length && (verbose || result !== 0)) console.error(`[launcher] code-server log (errors):\n${errors.join('\n')}`);
    }
    return result;
  } catch (error) {
    console.error(`[launcher] ${error instanceof Error ? error.message : error}`);
    return 1;
  } finally {
    await stop();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await launch(process.argv.slice(2));
}
