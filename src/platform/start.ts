// Entry of the Node extension host (dist/start.js): loads the extension bundle (dist/extension.js)
// through V8's code cache. Compiling the bundle, and then compiling each function the first time
// activation calls it, was most of what activation cost; a cache made after the first activation
// holds both, so every later start skips them. The cache lives beside the bundle (the folder is
// per installed version, so an update starts clean), is named by the bundle's size and time, Node's
// V8 version and the machine's architecture, and is only an optimisation: with no cache yet, one V8
// rejects or a folder that cannot be written, the bundle loads as plain code. A bundle that cannot
// be read throws, as it would under VS Code's own require().
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { Script } from 'node:vm';
import type * as vscode from 'vscode';

interface Bundle {
  activate(context: vscode.ExtensionContext): unknown;
  deactivate(): unknown;
}

/** How long after activation the cache is written: by then start-up (the key read, the first draws) has compiled what it calls. */
export const CACHE_WRITE_DELAY_MS = 1_000;
const CACHE_SUFFIX = '.code-cache';

let bundle: Bundle | undefined;

/** What the last load did with the cache (for tests and the bench). */
export const codeCache: { state: 'none' | 'used' | 'rejected' | 'written' | 'unwritable'; file?: string; written?: Promise<void> } = { state: 'none' };

export function activate(context: vscode.ExtensionContext): unknown {
  bundle ??= load(join(__dirname, 'extension.js'));
  return bundle.activate(context);
}

export function deactivate(): unknown {
  return bundle?.deactivate();
}

/** Runs a CommonJS file as Node would, with V8's cached data for it when there is a usable one. */
export function load(file: string, writeDelayMs = CACHE_WRITE_DELAY_MS): Bundle {
  const source = readFileSync(file, 'utf8');
  // Named by the file's size and time: a rebuild or another version changes them (hashing the
  // content cost more than a millisecond of every start, for the crypto module's first use).
  const { size, mtimeMs } = statSync(file);
  const key = `${size.toString(36)}${Math.round(mtimeMs).toString(36)}`;
  const cacheFile = `${file}.${key}.${process.versions.v8}-${process.arch}${CACHE_SUFFIX}`;
  // Caches of earlier builds of this bundle (a developer's rebuilds) start with its name but not its key.
  const isEarlierBuild = (name: string) => name.startsWith(`${basename(file)}.`) && name.endsWith(CACHE_SUFFIX) && !name.startsWith(`${basename(file)}.${key}.`);
  let cached: Buffer | undefined;
  try {
    cached = readFileSync(cacheFile);
  } catch {
    cached = undefined;
  }
  const script = new Script(Module.wrap(source), { filename: file, cachedData: cached });
  const run = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: { exports: object }, filename: string, dirname: string) => void;
  const module = { exports: {} };
  run.call(module.exports, module.exports, createRequire(file), module, file, join(file, '..'));
  codeCache.file = cacheFile;
  codeCache.state = cached && !script.cachedDataRejected ? 'used' : cached ? 'rejected' : 'none';
  if (codeCache.state !== 'used') {
    codeCache.written = new Promise((resolve) => setTimeout(() => resolve(write(script, cacheFile, isEarlierBuild)), writeDelayMs));
  }
  return module.exports as Bundle;
}

function write(script: Script, cacheFile: string, isEarlierBuild: (name: string) => boolean): void {
  const folder = join(cacheFile, '..');
  const temp = `${cacheFile}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, script.createCachedData());
    renameSync(temp, cacheFile);
    codeCache.state = 'written';
    // Another host's cache of this build (another V8 or architecture) stays.
    for (const name of readdirSync(folder)) if (isEarlierBuild(name)) rmSync(join(folder, name), { force: true });
  } catch {
    codeCache.state = 'unwritable';
    rmSync(temp, { force: true });
  }
}
