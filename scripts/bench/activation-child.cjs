// One activation in a fresh process: loads dist/extension.js through the Node entry (dist/start.js,
// with V8's code cache when one is there) with the `vscode` stub, runs activate(), and prints the
// milliseconds each took as JSON. `--cold` removes the code cache first (a start after install or
// update); `--write-cache` waits for the cache to be written after activation; `--empty` times an
// empty module instead.
'use strict';
const Module = require('node:module');
const path = require('node:path');
const fs = require('node:fs');
const { performance } = require('node:perf_hooks');
const { createStub, createContext } = require('./vscodeStub.cjs');

const root = path.resolve(__dirname, '..', '..');
const stub = createStub();
const originalLoad = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'vscode') return stub;
  return originalLoad.call(this, request, parent, isMain);
};

async function main() {
  if (process.argv.includes('--empty')) {
    const file = path.join(require('node:os').tmpdir(), `firecrawl-bench-empty-${process.pid}.js`);
    fs.writeFileSync(file, 'module.exports = {};\n');
    const t0 = performance.now();
    require(file);
    const loadMs = performance.now() - t0;
    fs.rmSync(file);
    console.log(JSON.stringify({ loadMs, activateMs: 0 }));
    return;
  }
  const packageJSON = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const dist = path.join(root, 'dist');
  if (process.argv.includes('--cold')) for (const name of fs.readdirSync(dist)) if (name.endsWith('.code-cache')) fs.rmSync(path.join(dist, name));
  const start = require(path.join(root, packageJSON.main));
  const t0 = performance.now();
  const extension = start.load(path.join(dist, 'extension.js'));
  const t1 = performance.now();
  const context = createContext(packageJSON);
  await extension.activate(context);
  const t2 = performance.now();
  const cache = start.codeCache.state;
  if (process.argv.includes('--write-cache')) await start.codeCache.written;
  for (const d of context.subscriptions) d.dispose?.();
  console.log(JSON.stringify({ loadMs: t1 - t0, activateMs: t2 - t1, cache, written: start.codeCache.state }));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
