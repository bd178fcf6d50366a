// Starts the sandbox from the command line: node out/test/sandbox/cli.js [--port 3002] [--dialect live|spec] [--no-seed] [--self-hosted] [--spike[=credits]]
// Prints the URL, the fake keys and how to get a fresh feedback job id; stops on SIGINT/SIGTERM.
import { startSandbox, type Dialect } from './server';
import { DEFAULT_SPIKE_CREDITS } from './usageBins';

interface CliOptions {
  port: number;
  dialect: Dialect;
  seed: boolean;
  selfHosted: boolean;
  /** Start with a burst of this many credits in the current hour. */
  spike?: number;
}

export function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { port: 3002, dialect: 'live', seed: true, selfHosted: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${name} needs a value`);
      return v;
    };
    if (name === '--port') {
      const port = Number(value());
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be an integer 0-65535');
      options.port = port;
    } else if (name === '--dialect') {
      const d = value();
      if (d !== 'live' && d !== 'spec') throw new Error("--dialect must be 'live' or 'spec'");
      options.dialect = d;
    } else if (name === '--no-seed') options.seed = false;
    else if (name === '--self-hosted') options.selfHosted = true;
    else if (name === '--spike') {
      const credits = inline === undefined ? DEFAULT_SPIKE_CREDITS : Number(inline);
      if (!Number.isFinite(credits) || credits <= 0) throw new Error('--spike=N needs a number of credits above 0');
      options.spike = credits;
    }
    else if (name === '--help' || name === '-h') throw new Error('usage');
    else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

const USAGE = 'usage: node out/test/sandbox/cli.js [--port 3002] [--dialect live|spec] [--no-seed] [--self-hosted] [--spike[=credits]]';

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(message === 'usage' ? USAGE : `${message}\n${USAGE}`);
    process.exitCode = message === 'usage' ? 0 : 2;
    return;
  }
  const sandbox = await startSandbox(options);
  if (options.spike !== undefined) sandbox.startSpike(options.spike);
  const lines = [
    `Firecrawl sandbox listening on ${sandbox.url} (dialect: ${sandbox.dialect}${options.selfHosted ? ', self-hosted' : ''})`,
    'API keys (fake, valid only here):',
    `  valid       ${sandbox.keys.valid}`,
    `  second      ${sandbox.keys.second}`,
    `  restricted  ${sandbox.keys.restricted}   (403 on deep research)`,
  ];
  if (options.seed) {
    lines.push(
      `Deep research jobs: processing ${sandbox.demoJobs.processing} (done ~2 min after start), completed ${sandbox.demoJobs.completed}, failed ${sandbox.demoJobs.failed}`,
      `Agent jobs: processing ${sandbox.demoAgentJobs.processing} (done ~2 min after start), completed ${sandbox.demoAgentJobs.completed}, failed ${sandbox.demoAgentJobs.failed}`,
      `Shut Deep Research down: curl -s -X POST ${sandbox.url}/__sandbox/research-shutdown -d '{}'`,
    );
  }
  lines.push(
    `Fresh feedback job id (valid 120 s): curl -s '${sandbox.url}/__sandbox/v2-jobs/new?endpoint=scrape'`,
    `Credit spike ${sandbox.spike ? `on (${sandbox.spike.credits} credits this hour)` : 'off'}: switch on with curl -s -X POST ${sandbox.url}/__sandbox/spike -d '{"credits":${DEFAULT_SPIKE_CREDITS}}', off with -d '{"enabled":false}'`,
    `Control API: ${sandbox.url}/__sandbox/info  (see test/sandbox/README.md). Ctrl+C stops.`,
  );
  console.log(lines.join('\n'));

  const stop = (signal: string): void => {
    console.log(`\n${signal}: stopping the sandbox`);
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
    void sandbox.close().then(() => console.log('sandbox stopped'));
  };
  const onInt = (): void => stop('SIGINT');
  const onTerm = (): void => stop('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    console.error(code === 'EADDRINUSE' ? `port already in use: ${String(error)}` : error);
    process.exitCode = 1;
  });
}
