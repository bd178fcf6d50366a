// Installs the project's npm dependencies when they are missing or older than package-lock.json,
// so `npm test` and `npm start` work from a fresh clone with nothing but Node and npm.
// Uses only Node built-ins: it runs before anything is installed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export function ensureDeps() {
  const lock = join(root, 'package-lock.json');
  const stamp = join(root, 'node_modules', '.firecrawl-deps-stamp');
  // Only what decides the installed tree: editing `contributes` must not trigger a reinstall.
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const relevant = JSON.stringify([manifest.dependencies, manifest.devDependencies, manifest.optionalDependencies, manifest.overrides]);
  const want = createHash('sha256')
    .update(relevant)
    .update(existsSync(lock) ? readFileSync(lock) : '')
    .digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
  const args = existsSync(lock) ? ['ci'] : ['install'];
  console.log(`[deps] npm ${args.join(' ')} (dependencies missing or changed)`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[deps] npm install failed: check network access to the npm registry and retry.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stamp, want);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) ensureDeps();
