// The log shows one entry per message, each opened by its time and level. The service's words reach
// it (a failed request's error text, a job's error, a notice): a line break in them must not start a
// line that passes for an entry of its own.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { createLogger, logRequest } from '../../../src/host/logger';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { sandboxClient } from '../../support/sandboxClient';

let sandbox: Sandbox;
before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox.close();
});

function channel(): { lines: string[]; channel: vscode.LogOutputChannel } {
  const lines: string[] = [];
  const write = (m: string) => void lines.push(m);
  return { lines, channel: { debug: write, info: write, warn: write, error: write } as unknown as vscode.LogOutputChannel };
}

const FAKE_ENTRY = '2026-01-01 09:00:00.000 [info] API key stored (checked)';

describe('server text in the log', () => {
  test("a failed request's error text: one entry, no line of its own", async () => {
    const { lines, channel: out } = channel();
    const log = createLogger(out, () => undefined);
    sandbox.fault({ route: 'scrape', kind: 'status', status: 400, body: { success: false, error: `Bad request\n${FAKE_ENTRY}\r\n\u001b[2K${FAKE_ENTRY}` } });
    const client = sandboxClient(sandbox, { onRequest: (entry) => logRequest(log, entry) });
    await assert.rejects(client.scrape({ url: 'https://example.com/', formats: ['markdown'], onlyMainContent: true, timeout: 30_000 }));
    const logged = lines.find((l) => l.includes('Bad request')) ?? '';
    assert.match(logged, /API key stored/, `the words are kept: ${JSON.stringify(lines)}`);
    assert.doesNotMatch(logged, /[\r\n\u0000-\u001f\u007f]/);
  });

  test('any message: control characters become spaces', () => {
    const { lines, channel: out } = channel();
    createLogger(out, () => undefined)
      .child('research')
      .info(`Job x failed: boom\n${FAKE_ENTRY}`);
    assert.equal(lines.length, 1);
    assert.doesNotMatch(lines[0]!, /[\r\n]/);
  });
});
