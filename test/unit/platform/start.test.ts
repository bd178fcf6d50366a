// The Node entry (src/platform/start.ts) on real files, each load in a fresh Node process as each
// start of the editor is: a bundle loaded without a cache writes one, the next start uses it and runs
// the same bundle, a damaged cache is rejected and replaced, a rebuilt bundle gets its own cache (the
// old one goes), and a cache that cannot be written still loads the bundle.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const START = join(__dirname, '..', '..', '..', 'src', 'platform', 'start.js');

function bundle(body: string): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'firecrawl-start-'));
  const file = join(dir, 'extension.js');
  writeFileSync(file, body);
  return { dir, file };
}

/** One start: loads the bundle, activates it, waits for the cache to be written when it is to be. */
function start(file: string): { said: string; before: string; after: string } {
  const script = `
    const s = require(${JSON.stringify(START)});
    const b = s.load(${JSON.stringify(file)}, 0);
    const said = b.activate({ word: 'hello' }).said;
    const before = s.codeCache.state;
    Promise.resolve(s.codeCache.written).then(() => console.log(JSON.stringify({ said, before, after: s.codeCache.state })));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim()) as { said: string; before: string; after: string };
}

const SOURCE = `'use strict';
const path = require('node:path');
exports.activate = (context) => ({ said: context.word + ' from ' + path.basename(__filename) });
exports.deactivate = () => 'bye';
`;
const caches = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.code-cache'));

describe('the Node entry loads the bundle through V8’s code cache', () => {
  test('the first start writes a cache, the next one uses it, and both run the same bundle', () => {
    const { dir, file } = bundle(SOURCE);
    assert.deepEqual(start(file), { said: 'hello from extension.js', before: 'none', after: 'written' });
    assert.equal(caches(dir).length, 1);
    assert.deepEqual(start(file), { said: 'hello from extension.js', before: 'used', after: 'used' });
    rmSync(dir, { recursive: true });
  });

  test('a damaged cache is rejected and written again; a rebuilt bundle gets its own and the old one goes', () => {
    const { dir, file } = bundle(SOURCE);
    start(file);
    writeFileSync(join(dir, caches(dir)[0]!), 'not a cache');
    assert.deepEqual(start(file), { said: 'hello from extension.js', before: 'rejected', after: 'written' });
    assert.equal(start(file).before, 'used');
    // A rebuild of the same length a moment later: V8 alone would take the old cache for it.
    writeFileSync(file, SOURCE.replace("' from '", "' FROM '"));
    utimesSync(file, new Date(), new Date(Date.now() + 1_000));
    assert.deepEqual(start(file), { said: 'hello FROM extension.js', before: 'none', after: 'written' });
    assert.equal(caches(dir).length, 1, 'the earlier build’s cache went');
    rmSync(dir, { recursive: true });
  });

  test('a cache that cannot be written (here: its name taken by a folder) leaves the bundle loading all the same', () => {
    const { dir, file } = bundle(SOURCE);
    start(file);
    const name = caches(dir)[0]!;
    rmSync(join(dir, name));
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, 'x'), 'x');
    assert.deepEqual(start(file), { said: 'hello from extension.js', before: 'none', after: 'unwritable' });
    assert.deepEqual(
      readdirSync(dir).filter((n) => n.endsWith('.tmp')),
      [],
      'no temporary file left',
    );
    rmSync(dir, { recursive: true });
  });
});
