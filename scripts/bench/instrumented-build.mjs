// A build of dist/extension.js that records where activation time goes in a real extension host. Only
// `npm run bench -- --only=host-activation --breakdown` uses it: the marks are added here, from the
// outside, so the shipped bundle carries no instrumentation at all (not even an environment check).
//
// Same esbuild options as the production bundle (minified, `vscode` external), plus:
//   - a mark when the bundle starts and ends evaluating, and one after each source module's top level
//     (esbuild emits modules in dependency order, so the gap before a module's mark is its own cost);
//   - a mark before each statement of activate() in src/extension.ts, found with the TypeScript
//     parser, so an `await` shows as the gap between its statement and the next, and before each
//     statement of activateExtension() in src/activation.ts (labels "A<line>"), which wires the features;
//   - `vscode` through a shim whose namespaces time every call into them (each registration,
//     executeCommand, createOutputChannel...) and when a returned promise settles, and the
//     `require('vscode')` itself (the host builds the API object for the extension then); after
//     activation, what one esbuild namespace-import copy of the API object costs (each bundled
//     module that imports vscode makes one while the bundle evaluates);
//   - activate() wrapped: called, returned (where VS Code stops its clock) and, if it returned a
//     promise, settled.
// Times are epoch milliseconds with fractions (performance.timeOrigin + performance.now()), so they
// line up with the extension host's own Date.now() marks (globalThis.MonacoPerformanceMarks), which
// are copied too: when each extension's code started and finished loading, activation began and ended.
// Each mark also holds the host process's CPU time (process.cpuUsage(), all threads): on a busy
// machine wall time between two marks can be mostly time spent descheduled, and the CPU time says so.
// All of it is written as JSON to $FIRECRAWL_ACTIVATION_MARKS 1.5 s after activate() settles.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';

const BANNER = `var __fcNow=()=>performance.timeOrigin+performance.now(),__fcCpu=()=>{const u=process.cpuUsage();return(u.user+u.system)/1000},__fcMarks=[],__fcCalls=[],__fcMark=(name)=>{__fcMarks.push({name,t:__fcNow(),cpu:__fcCpu()})};__fcMark("bundle: evaluation starts");`;

const FOOTER = `;__fcMark("bundle: evaluation ends");
(()=>{
  const original = module.exports.activate;
  let returnedPromise = false;
  const done = (outcome) => {
    __fcMark("activate: " + outcome);
    // Later, so promises from the host that activate() left running have settled too.
    setTimeout(() => {
      const file = process.env.FIRECRAWL_ACTIVATION_MARKS;
      if (!file) return;
      const host = globalThis.MonacoPerformanceMarks?.getMarks?.() ?? [];
      // What one namespace import of the API costs, copied the way esbuild's __toESM does it.
      const api = globalThis.__fcVscodeApi;
      const copy = () => { const to = Object.create(Object.getPrototypeOf(api)); Object.defineProperty(to, "default", { value: api, enumerable: true }); for (const key of Object.getOwnPropertyNames(api)) if (!Object.prototype.hasOwnProperty.call(to, key)) Object.defineProperty(to, key, { get: () => api[key], enumerable: true }); return to; };
      const c0 = __fcCpu(); for (let i = 0; i < 10; i++) copy(); const apiCopyMs = (__fcCpu() - c0) / 10;
      const apiKeys = Object.getOwnPropertyNames(api).length;
      const fs = require("fs");
      fs.writeFileSync(file + ".tmp", JSON.stringify({ returnedPromise, apiCopyMs, apiKeys, marks: __fcMarks, calls: __fcCalls, hostMarks: host.filter((m) => String(m.name).startsWith("code/extHost/")) }));
      fs.renameSync(file + ".tmp", file);
    }, 1500);
  };
  function activate(context) {
    try {
      const secrets = context.secrets;
      for (const name of ["get", "store", "delete"]) {
        const fn = secrets[name];
        if (typeof fn === "function") secrets[name] = __fcTimed("context.secrets." + name, fn, secrets);
      }
    } catch {}
    __fcMark("activate: called");
    let result;
    try {
      result = original.call(this, context);
    } finally {
      __fcMark("activate: returned");
    }
    returnedPromise = !!result && typeof result.then === "function";
    Promise.resolve(result).then(() => done("settled"), () => done("rejected"));
    return result;
  }
  module.exports = { ...module.exports, activate };
})();`;

// Defined in the banner's scope so the footer and the vscode proxy share it.
const TIMED = `var __fcTimed=(label,fn,self)=>function(...args){const t0=__fcNow();const entry={what:label+(typeof args[0]==="string"?"("+JSON.stringify(args[0].slice(0,60))+")":"()"),t0,ms:0};__fcCalls.push(entry);let result;try{result=fn.apply(self,args)}finally{entry.ms=__fcNow()-t0}if(result&&typeof result.then==="function"){Promise.resolve(result).then(()=>{entry.settledMs=__fcNow()-t0},()=>{entry.settledMs=__fcNow()-t0})}return result};`;

const VSCODE_PROXY = `__fcMark("vscode: require starts");
const api = require("vscode");
__fcMark("vscode: require returned");
const NAMESPACES = ["commands", "window", "workspace", "env", "languages", "extensions", "l10n", "authentication"];
const wrapped = new Map();
function namespace(name) {
  if (!wrapped.has(name)) {
    const target = api[name];
    const cache = new Map();
    wrapped.set(name, new Proxy(target, {
      get(t, prop) {
        const value = Reflect.get(t, prop, t);
        if (typeof value !== "function") return value;
        if (!cache.has(prop)) cache.set(prop, __fcTimed(name + "." + String(prop), value, t));
        return cache.get(prop);
      },
    }));
  }
  return wrapped.get(name);
}
// A plain object, not a proxy: each bundled module copies the API object's properties when it
// imports it (esbuild's __toESM), and that copy should cost what it costs in the shipped bundle.
const shim = Object.defineProperties({}, Object.getOwnPropertyDescriptors(api));
for (const name of NAMESPACES) if (api[name]) Object.defineProperty(shim, name, { get: () => namespace(name), enumerable: true });
globalThis.__fcVscodeApi = api;
module.exports = shim;
__fcMark("vscode: shim built");`;

/** `source` with a mark before each top-level statement of the function `name`, labelled `<prefix><line>`. */
function markStatements(root, source, file, name, prefix) {
  const ts = createRequire(join(root, 'package.json'))('typescript');
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const activate = sf.statements.find((s) => ts.isFunctionDeclaration(s) && s.name?.text === name && s.body);
  if (!activate) {
    console.warn(`[bench] ${file}: no \`function ${name}\` found; the breakdown will have no statement marks for it`);
    return source;
  }
  const inserts = activate.body.statements.map((statement) => {
    const start = statement.getStart(sf);
    const line = sf.getLineAndCharacterOfPosition(start).line + 1;
    const text = statement.getText(sf).replace(/\s+/g, ' ');
    const label = `${prefix}${line} ${text.length > 90 ? `${text.slice(0, 89)}…` : text}`;
    return { at: start, text: `__fcMark(${JSON.stringify(label)});` };
  });
  let out = source;
  for (const { at, text } of inserts.reverse()) out = out.slice(0, at) + text + out.slice(at);
  return out;
}

/**
 * Builds the instrumented bundle from the checkout's sources into `outfile`.
 * @param {{ root: string, outfile: string }} options
 */
export async function buildInstrumented({ root, outfile }) {
  const entry = join(root, 'src', 'extension.ts');
  const wiring = join(root, 'src', 'activation.ts');
  const plugin = {
    name: 'activation-marks',
    setup(build) {
      build.onResolve({ filter: /^vscode$/ }, (args) =>
        args.namespace === 'fc-vscode' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'fc-vscode' });
      build.onLoad({ filter: /.*/, namespace: 'fc-vscode' }, () => ({ contents: VSCODE_PROXY, loader: 'js', resolveDir: root }));
      build.onLoad({ filter: /\.(ts|js|mjs|cjs)$/ }, (args) => {
        if (args.path.endsWith('.d.ts')) return undefined;
        let source = readFileSync(args.path, 'utf8');
        if (args.path === entry) source = markStatements(root, source, args.path, 'activate', 'L');
        if (args.path === wiring) source = markStatements(root, source, args.path, 'activateExtension', 'A');
        const name = relative(root, args.path).split(sep).join('/').replace(/^node_modules\//, '');
        const loader = args.path.endsWith('.ts') ? 'ts' : 'js';
        return { contents: `${source}\n;__fcMark(${JSON.stringify(`module: ${name}`)});\n`, loader };
      });
    },
  };
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    minify: true,
    sourcemap: false,
    logLevel: 'warning',
    banner: { js: BANNER + TIMED },
    footer: { js: FOOTER },
    plugins: [plugin],
  });
}
