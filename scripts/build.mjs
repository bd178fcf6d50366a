// Builds everything the extension and its tests run:
//   dist/start.js       the Node host's entry: loads dist/extension.js through V8's code cache
//   dist/extension.js   the extension bundle for Node extension hosts (cjs, `vscode` external)
//   dist/<name>.js      bundles loaded on first use (the wizard, research actions, the key input)
//   dist/web/*.js       the same for browser extension hosts (a web worker)
//   dist/webview/*.js   webview page bundles (browser, iife)
//   out/**              src/ and test/ transpiled file by file, for node:test, mocha and the sandbox
// Flags: --production (minified, no source maps), --watch, --clean.
import * as esbuild from 'esbuild';
import { readdirSync, readFileSync, statSync, existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

function tsFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

// Each feature with a webview has its page in features/<name>/page/main.ts → dist/webview/<name>.js.
const featuresDir = join(root, 'src', 'features');
const webviewEntries = readdirSync(featuresDir)
  .map((name) => [name, join(featuresDir, name, 'page', 'main.ts')])
  .filter(([, file]) => existsSync(file));

/** `vscode` through scripts/vscode-once.cjs (see there); only that file requires the host's module. */
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    const shim = join(root, 'scripts', 'vscode-once.cjs');
    build.onResolve({ filter: /^vscode$/ }, (args) => (args.importer === shim ? { path: 'vscode', external: true } : { path: shim }));
  },
};

/**
 * The response schemas stay out of every other host bundle: api/rules.ts requires them only when no
 * loader was handed in, and the extension always hands one in (host/clientProvider.ts).
 */
const rulesApart = {
  name: 'rules-apart',
  setup(build) {
    const rules = join(root, 'src', 'api', 'rules.ts');
    build.onResolve({ filter: /^\.\/(schemas|lists|runResults)$/ }, (args) => (args.importer === rules ? { path: './responseRules.js', external: true } : undefined));
  },
};

/**
 * @vscode/l10n's browser build in the Node host too (the package's own `browser` map): the extension
 * configures it only with contents (src/host/l10n.ts), never from a file, so the Node build's file
 * reader is dead weight in the activation bundle (about 0.8 KB).
 */
const l10nBrowserBuild = {
  name: 'l10n-browser-build',
  setup(build) {
    build.onResolve({ filter: /^@vscode\/l10n$/ }, (args) => {
      // Found as the importer would find it (a packaging stage has no node_modules of its own).
      const manifest = createRequire(join(args.resolveDir, 'importer.js')).resolve('@vscode/l10n/package.json');
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      return { path: join(dirname(manifest), pkg.browser?.[pkg.main] ?? pkg.main) };
    });
  },
};

/** Bundles the extension host loads: cjs, `vscode` provided by the host. */
const extensionHost = {
  plugins: [vscodeOnce, rulesApart, l10nBrowserBuild],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  metafile: true,
  logLevel: 'warning',
};

/**
 * Bundles kept out of activation and loaded on first use (src/host/onDemand.ts; the names are
 * OnDemandBundle in src/host/platform.ts): what a person opens rather than what runs at start-up.
 */
const onDemand = {
  feedbackWizard: join(root, 'src', 'features', 'feedback', 'ui', 'bundleEntry.ts'),
  researchActions: join(root, 'src', 'features', 'research', 'ui', 'actionsBundle.ts'),
  researchRows: join(root, 'src', 'features', 'research', 'ui', 'rowsBundle.ts'),
  keyInput: join(root, 'src', 'features', 'connection', 'ui', 'keyInputBundle.ts'),
  responseRules: join(root, 'src', 'host', 'responseRulesBundle.ts'),
  usagePanel: join(root, 'src', 'features', 'usage', 'ui', 'panelBundle.ts'),
  runCommands: join(root, 'src', 'features', 'run', 'ui', 'bundleEntry.ts'),
  agentTools: join(root, 'src', 'features', 'agentTools', 'ui', 'bundleEntry.ts'),
};

// vscode.dev and github.dev: web-worker bundles, no Node anywhere in them (the layering test keeps
// Node built-ins in src/platform/, which only the Node entry reaches).
const webHost = { ...extensionHost, platform: 'browser', target: 'es2022', mainFields: ['browser', 'module', 'main'] };

const configs = [
  { ...extensionHost, entryPoints: [join(root, 'src', 'extension.ts')], outfile: join(root, 'dist', 'extension.js') },
  // The Node host's entry (package.json `main`): loads dist/extension.js through V8's code cache.
  { ...extensionHost, plugins: [], entryPoints: [join(root, 'src', 'platform', 'start.ts')], outfile: join(root, 'dist', 'start.js') },
  { ...extensionHost, entryPoints: onDemand, outdir: join(root, 'dist') },
  { ...webHost, entryPoints: [join(root, 'src', 'extension.web.ts')], outfile: join(root, 'dist', 'web', 'extension.js') },
  { ...webHost, entryPoints: onDemand, outdir: join(root, 'dist', 'web') },
  ...(webviewEntries.length
    ? [{
        entryPoints: Object.fromEntries(webviewEntries),
        outdir: join(root, 'dist', 'webview'),
        bundle: true,
        format: 'iife',
        platform: 'browser',
        target: 'es2022',
        minify: production,
        sourcemap: !production,
        metafile: true,
        logLevel: 'warning',
      }]
    : []),
  {
    entryPoints: [...tsFiles(join(root, 'src')), ...tsFiles(join(root, 'test'))],
    outdir: join(root, 'out'),
    outbase: root,
    bundle: false,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'warning',
  },
];

// Only on request: several test runs may share out/ and dist/ at once, and stale files are harmless.
if (process.argv.includes('--clean')) {
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  rmSync(join(root, 'out'), { recursive: true, force: true });
}

if (watch) {
  for (const config of configs) await (await esbuild.context(config)).watch();
  console.log('[build] watching for changes');
} else {
  const results = await Promise.all(configs.map((config) => esbuild.build(config)));
  for (const result of results) {
    if (!result.metafile) continue;
    for (const [file, info] of Object.entries(result.metafile.outputs)) {
      if (file.endsWith('.map')) continue;
      console.log(`[build] ${relative(root, file)} ${(info.bytes / 1024).toFixed(1)} KB`);
    }
  }
}
