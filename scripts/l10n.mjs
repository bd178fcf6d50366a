// `npm run l10n`: collects every `l10n.t('…')` and `vscode.l10n.t('…')` message in src/ into
// l10n/bundle.l10n.json (the English source the translations in l10n/bundle.l10n.<lang>.json follow),
// and lists what each translation lacks or has left over. The unit test
// test/unit/architecture/l10n.test.ts fails when the committed bundle and the sources disagree.
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getL10nJson } from '@vscode/l10n-dev';

const root = fileURLToPath(new URL('..', import.meta.url));

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

export async function exportBundle() {
  const files = sources(join(root, 'src')).map((path) => ({ contents: readFileSync(path, 'utf8'), extension: extname(path) }));
  return getL10nJson(files);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bundle = await exportBundle();
  const target = join(root, 'l10n', 'bundle.l10n.json');
  writeFileSync(target, `${JSON.stringify(bundle, null, 2)}\n`);
  const keys = Object.keys(bundle);
  console.log(`[l10n] ${keys.length} messages → l10n/bundle.l10n.json`);
  for (const name of readdirSync(join(root, 'l10n')).filter((n) => /^bundle\.l10n\..+\.json$/.test(n)).sort()) {
    const translated = JSON.parse(readFileSync(join(root, 'l10n', name), 'utf8'));
    const missing = keys.filter((k) => !(k in translated));
    const extra = Object.keys(translated).filter((k) => !(k in bundle));
    console.log(`[l10n] ${name}: ${missing.length} missing, ${extra.length} no longer in the sources`);
  }
  if (!existsSync(join(root, 'package.nls.json'))) console.log('[l10n] package.nls.json is missing');
}
