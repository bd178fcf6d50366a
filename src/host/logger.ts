// One "Firecrawl" LogOutputChannel for the whole extension. Every line passes through redaction
// of every key this session has held, so nothing that echoes a key (server text, stack traces, an
// answer to a request sent before a key change) reaches the log.
import * as vscode from 'vscode';
import { redact, type RequestLog, type Secrets } from '../api';
import { CONTROL_CHARACTERS } from '../shared/text';

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  child(component: string): Logger;
}

export function createLogger(channel: vscode.LogOutputChannel, secret: () => Secrets, component?: string): Logger {
  // One entry a line: a line break or terminal escape in server text would start a line that reads as an entry of its own.
  const clean = (message: string) =>
    redact(component ? `[${component}] ${message}` : message, secret())
      .replace(CONTROL_CHARACTERS, ' ')
      .replace(/[\u2028\u2029]/g, ' ');
  return {
    debug: (m) => channel.debug(clean(m)),
    info: (m) => channel.info(clean(m)),
    warn: (m) => channel.warn(clean(m)),
    error: (m, error) => channel.error(clean(error instanceof Error ? `${m}: ${error.message}` : m)),
    child: (name) => createLogger(channel, secret, component ? `${component}/${name}` : name),
  };
}

/** One line per HTTP attempt: debug when it worked, warn with the reason when it did not. */
export function logRequest(log: Logger, entry: RequestLog): void {
  const status = entry.status === undefined ? '' : ` → ${entry.status}`;
  // not localised: a log line
  const retry = entry.retryInMs === undefined ? '' : `, retrying in ${entry.retryInMs} ms`;
  // not localised: a log line
  const line = `${entry.method} ${entry.path}${status} in ${entry.durationMs} ms (attempt ${entry.attempt})${retry}`;
  if (entry.error) log.warn(`${line}: ${entry.error}`);
  else log.debug(line);
}
