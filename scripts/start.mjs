// `npm start`: the extension, packaged as it ships, in a real VS Code (code-server 4.100.3) talking to
// the local Firecrawl sandbox. From a fresh clone: installs dependencies, builds, packages the .vsix,
// provisions code-server, starts the sandbox and code-server on 127.0.0.1 with the .vsix installed,
// `firecrawl.apiUrl` set to the sandbox and FIRECRAWL_API_KEY set to a sandbox key for the extension
// host, and a private workspace folder. Prints the URL to open; Ctrl+C (or SIGTERM) stops everything.
//
// Flags: --port N          code-server port (default: a free one)
//        --sandbox-port N  sandbox port (default: a free one)
//        --dialect live|spec  which API shape the sandbox answers with (default live)
//        --spike[=N]       the sandbox starts with a burst of N credits (default 1,200) in the current hour
//        --real-api        no sandbox: use the real service with your own FIRECRAWL_API_KEY / settings
//        --keep            keep the session folder (user data, workspace) after exit
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDeps } from './ensure-deps.mjs';

const FRESH_SCRAPE_EVERY_MS = 60_000;

function parseArgs(argv) {
  const options = { port: undefined, sandboxPort: 0, dialect: undefined, realApi: false, keep: false, spike: undefined };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    if (name === '--port') options.port = Number(value());
    else if (name === '--sandbox-port') options.sandboxPort = Number(value());
    else if (name === '--dialect') options.dialect = value();
    else if (name === '--real-api') options.realApi = true;
    else if (name === '--keep') options.keep = true;
    else if (name === '--spike') {
      options.spike = inline === undefined ? null : Number(inline);
      if (options.spike !== null && !(options.spike > 0)) throw new Error('--spike=N needs a number of credits above 0');
    }
    else if (name === '--help' || name === '-h') {
      console.log('usage: npm start -- [--port N] [--sandbox-port N] [--dialect live|spec] [--spike[=N]] [--real-api] [--keep]');
      process.exit(0);
    } else throw new Error(`unknown option ${argv[i]} (try --help)`);
  }
  return options;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  ensureDeps();
  const { build, startSandbox, sandboxProfile, envWithoutApi, defaultRoot: root } = await import('./vscode/environment.mjs');
  const { provision } = await import('./vscode/provision.mjs');
  const { packageVsix } = await import('./vscode/vsix.mjs');
  const { startCodeServer, installVsix, makeRunDir, keepRunDir, stopAllGroups } = await import('./vscode/codeserver.mjs');

  console.log('[start] building');
  build(root);
  await provision({ root });
  const vsix = await packageVsix({ root });

  const session = makeRunDir('firecrawl-start-');
  if (options.keep) keepRunDir(session);
  const cleanups = [];
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    console.log('\n[start] stopping');
    for (const cleanup of cleanups.reverse()) await cleanup().catch((e) => console.error('[start]', e));
    await stopAllGroups(); // also a code-server that was still starting
    if (!options.keep) rmSync(session, { recursive: true, force: true, maxRetries: 3 });
    else console.log(`[start] session kept in ${session}`);
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGHUP', () => void stop(0));

  try {
    const extensionsDir = join(session, 'extensions');
    const userDataDir = join(session, 'user-data');
    await installVsix({ root, vsix, extensionsDir, userDataDir });

    let profile = { settings: {}, env: {} };
    let sandbox;
    if (!options.realApi) {
      // A team that keeps working: a fresh scrape job every minute, so the feedback wizard always has one to rate.
      sandbox = await startSandbox({ root, port: options.sandboxPort, dialect: options.dialect, freshScrapeEveryMs: FRESH_SCRAPE_EVERY_MS });
      cleanups.push(() => sandbox.close());
      // As the service: a search or map job is there for feedback a moment after its run, not at once.
      sandbox.feedbackRowDelayMs = 500;
      if (options.spike !== undefined) sandbox.startSpike(options.spike ?? undefined);
      profile = sandboxProfile(sandbox);
    }
    const workspace = join(session, 'workspace');
    mkdirSync(workspace, { recursive: true });
    const server = await startCodeServer({
      root,
      runDir: session,
      workspace,
      userDataDir,
      extensionsDir,
      settings: profile.settings,
      env: profile.env,
      baseEnv: options.realApi ? process.env : envWithoutApi(),
      port: options.port,
    });
    cleanups.push(() => server.close({ keepRunDir: true }));
    server.onExit?.((code) => {
      console.error(`[start] code-server exited unexpectedly (${code}); log: ${server.logFile}`);
      void stop(1);
    });

    const lines = [
      '',
      `  VS Code (code-server, Firecrawl extension ${vsix.split('/').pop()} installed):`,
      `    ${server.workbenchUrl()}`,
      '',
    ];
    if (sandbox) {
      lines.push(
        `  Firecrawl sandbox: ${sandbox.url} (dialect ${sandbox.dialect})`,
        `    extension host FIRECRAWL_API_KEY = ${sandbox.keys.valid} (fake key; others: ${sandbox.keys.second}, ${sandbox.keys.restricted} restricted)`,
        `    demo agent job ids: processing ${sandbox.demoAgentJobs.processing}, completed ${sandbox.demoAgentJobs.completed}, failed ${sandbox.demoAgentJobs.failed}`,
        `    demo deep research ids: processing ${sandbox.demoJobs.processing}, completed ${sandbox.demoJobs.completed}, failed ${sandbox.demoJobs.failed}`,
        '    (track any of them with "Firecrawl: Track Job" in the command palette; it finds the kind itself)',
        `    a new 2-minute agent run:     curl -s -X POST ${sandbox.url}/v2/agent -H 'Authorization: Bearer ${sandbox.keys.valid}' -H 'Content-Type: application/json' -d '{"prompt":"Compare three scraping APIs"}'`,
        `    a new 2-minute research job:  curl -s -X POST ${sandbox.url}/__sandbox/research-jobs -d '{"durationMs":120000}'`,
        `    shut Deep Research down now:  curl -s -X POST ${sandbox.url}/__sandbox/research-shutdown -d '{}'   (undo: -d '{"enabled":false}'; at the published date: -d '{"at":"published"}')`,
        `    a fresh job id for feedback:  curl -s '${sandbox.url}/__sandbox/v2-jobs/new?endpoint=scrape'  (feedback is accepted for 120 s)`,
        `    a credit spike (1,200 credits this hour; the alert follows on the next poll, or at once after "Firecrawl: Refresh Credits"):`,
        `                                  curl -s -X POST ${sandbox.url}/__sandbox/spike -d '{"credits":1200}'   (off: -d '{"enabled":false}')${sandbox.spike ? '   [on now]' : ''}`,
        `    a fresh scrape job runs every ${FRESH_SCRAPE_EVERY_MS / 60_000} min; "Firecrawl: Submit Feedback…" lists it (feedback is accepted for ${sandbox.feedbackWindowSeconds} s)`,
        `    a fresh job right now:        node ${join(root, 'out', 'test', 'sandbox', 'cli.js')} new-job --url ${sandbox.url}  (--endpoint scrape|parse|map|search)`,
        '',
      );
    } else {
      lines.push('  Real Firecrawl API: your settings and FIRECRAWL_API_KEY (if set) apply.', '');
    }
    lines.push(`  Session folder: ${session}${options.keep ? ' (kept)' : ' (removed on exit)'}`, `  Server log: ${server.logFile}`, '  Press Ctrl+C to stop.', '');
    console.log(lines.join('\n'));
    await new Promise(() => {}); // until a signal
  } catch (error) {
    console.error(`[start] ${error instanceof Error ? error.message : error}`);
    await stop(1);
  }
}

main().catch((error) => {
  console.error(`[start] ${error instanceof Error ? error.stack : error}`);
  process.exit(1);
});
