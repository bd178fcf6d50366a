// Starts the sandbox from the command line: node out/test/sandbox/cli.js [--port 3002] [--dialect live|spec] [--no-seed] [--self-hosted] [--spike[=credits]] [--fresh-jobs-every 60]
// Prints the URL, the fake keys and how to get a fresh feedback job id; stops on SIGINT/SIGTERM.
// `node out/test/sandbox/cli.js new-job --url <sandbox url> [--endpoint scrape]` runs a fresh job on a
// running sandbox (no curl needed) and prints its id.
import { startSandbox, type Dialect } from './server';
import { DEFAULT_SPIKE_CREDITS } from './usageBins';
import { V2_ENDPOINTS, type V2Endpoint } from './types';

interface CliOptions {
  port: number;
  dialect: Dialect;
  seed: boolean;
  selfHosted: boolean;
  /** Start with a burst of this many credits in the current hour. */
  spike?: number;
  /** Seconds between the fresh scrape jobs a working team would run; 0 = none. */
  freshJobsEvery: number;
}

export interface NewJobOptions {
  url: string;
  endpoint: V2Endpoint;
}

/** `new-job --url http://127.0.0.1:3002 [--endpoint scrape]`. */
export function parseNewJobArgs(argv: readonly string[]): NewJobOptions {
  const options: Partial<NewJobOptions> = { endpoint: 'scrape' };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${name} needs a value`);
      return v;
    };
    if (name === '--url') options.url = value().replace(/\/+$/, '');
    else if (name === '--endpoint') {
      const endpoint = value();
      if (!V2_ENDPOINTS.includes(endpoint as V2Endpoint)) throw new Error(`--endpoint must be one of ${V2_ENDPOINTS.join(', ')}`);
      options.endpoint = endpoint as V2Endpoint;
    } else throw new Error(`unknown option ${arg}`);
  }
  if (!options.url || !/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(options.url)) throw new Error('--url must be the sandbox address, e.g. http://127.0.0.1:3002');
  return options as NewJobOptions;
}

async function newJob(argv: readonly string[]): Promise<void> {
  const { url, endpoint } = parseNewJobArgs(argv);
  const response = await fetch(`${url}/__sandbox/v2-jobs/new?endpoint=${endpoint}`);
  const body = (await response.json()) as { id?: string; feedbackWindowSeconds?: number; error?: string };
  if (!response.ok || !body.id) throw new Error(body.error ?? `the sandbox answered HTTP ${response.status}`);
  console.log(`${body.id}  (a ${endpoint} job that just ran; feedback is accepted for ${body.feedbackWindowSeconds ?? 120} s)`);
}

export function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { port: 3002, dialect: 'live', seed: true, selfHosted: false, freshJobsEvery: 0 };
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
    } else if (name === '--fresh-jobs-every') {
      const seconds = Number(value());
      if (!Number.isFinite(seconds) || seconds < 0) throw new Error('--fresh-jobs-every must be a number of seconds >= 0');
      options.freshJobsEvery = seconds;
    } else if (name === '--help' || name === '-h') throw new Error('usage');
    else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

const USAGE = [
  'usage: node out/test/sandbox/cli.js [--port 3002] [--dialect live|spec] [--no-seed] [--self-hosted] [--spike[=credits]] [--fresh-jobs-every <seconds>]',
  '       node out/test/sandbox/cli.js new-job --url <sandbox url> [--endpoint scrape|parse|map|search]',
].join('\n');

async function main(): Promise<void> {
  if (process.argv[2] === 'new-job') {
    try {
      await newJob(process.argv.slice(3));
    } catch (error) {
      console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
      process.exitCode = 2;
    }
    return;
  }
  let options: CliOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(message === 'usage' ? USAGE : `${message}\n${USAGE}`);
    process.exitCode = message === 'usage' ? 0 : 2;
    return;
  }
  const sandbox = await startSandbox({ ...options, ...(options.freshJobsEvery > 0 ? { freshScrapeEveryMs: options.freshJobsEvery * 1000 } : {}) });
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
    `Fresh feedback job (valid ${sandbox.feedbackWindowSeconds} s): node ${__filename} new-job --url ${sandbox.url}`,
    ...(options.freshJobsEvery > 0 ? [`A fresh scrape job runs every ${options.freshJobsEvery} s.`] : []),
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
