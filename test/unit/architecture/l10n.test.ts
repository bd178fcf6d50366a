// Localisation holds together: the English bundle is what the sources say, every manifest string
// has its source in package.nls.json, each translation covers exactly the source with the same
// placeholders and command links, and no user-visible string bypasses localisation.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(__dirname, '..', '..', '..', '..');
const read = (...path: string[]): unknown => JSON.parse(readFileSync(join(root, ...path), 'utf8'));
type Bundle = Record<string, string | { message: string; comment: string[] }>;
const text = (value: Bundle[string] | undefined): string => (typeof value === 'string' ? value : (value?.message ?? ''));

interface L10nTools {
  exportBundle(): Promise<Bundle>;
  findBypasses(folders?: string[]): string[];
}
const tools = (): Promise<L10nTools> => import(pathToFileURL(join(root, 'scripts', 'l10n.mjs')).href) as Promise<L10nTools>;

/** What must survive translation unchanged: placeholders, command links, code spans, setting ids. */
function invariants(message: string): string[] {
  return [
    ...[...message.matchAll(/\{\d+\}/g)].map((m) => m[0]),
    ...[...message.matchAll(/\]\((command:[^)]+|https?:[^)]+)\)/g)].map((m) => m[1]!),
    ...[...message.matchAll(/`[^`]+`/g)].map((m) => m[0]),
  ].sort();
}

function manifestStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    const key = /^%(.+)%$/.exec(value)?.[1];
    if (key) out.push(key);
  } else if (Array.isArray(value)) for (const v of value) manifestStrings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) manifestStrings(v, out);
  return out;
}

describe('localisation', () => {
  test('l10n/bundle.l10n.json is what the sources say (run npm run l10n after changing a message)', async () => {
    const exported = await (await tools()).exportBundle();
    assert.deepEqual(read('l10n', 'bundle.l10n.json'), JSON.parse(JSON.stringify(exported)));
  });

  test('no string people read bypasses localisation (npm run l10n -- --check lists them)', async () => {
    assert.deepEqual((await tools()).findBypasses(), []);
  });

  test('every %key% in package.json is in package.nls.json, and every key there is used', () => {
    const used = [...new Set(manifestStrings(read('package.json')))].sort();
    assert.deepEqual(Object.keys(read('package.nls.json') as Bundle).sort(), used);
  });

  test('the manifest shows people no string that skips package.nls.json', () => {
    const manifest = read('package.json') as { displayName: string; description: string; contributes: Record<string, unknown>; capabilities: Record<string, unknown> };
    const plain: string[] = [];
    const visit = (value: unknown, path: string) => {
      if (typeof value === 'string') {
        // A tool's name is an id; its model description and input descriptions are read by the model, not shown to people.
        if (/^contributes\.languageModelTools\.\d+\.(name|inputSchema\..*)$/.test(path)) return;
        if (/(\.|^)(title|description|markdownDescription|name|contents|altText|displayName|enumDescriptions\.\d+)$/.test(path) && !/^%.+%$/.test(value) && !/\.category$/.test(path))
          plain.push(`${path}: ${value}`);
      } else if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${path}.${i}`));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, path ? `${path}.${k}` : k);
    };
    // The workspace-trust prompt shows the capabilities' descriptions.
    visit({ displayName: manifest.displayName, description: manifest.description, contributes: manifest.contributes, capabilities: manifest.capabilities }, '');
    assert.deepEqual(plain, []);
  });

  for (const [source, pattern] of [
    ['l10n/bundle.l10n.json', /^bundle\.l10n\.(.+)\.json$/],
    ['package.nls.json', /^package\.nls\.(.+)\.json$/],
  ] as const) {
    const folder = source.startsWith('l10n/') ? 'l10n' : '.';
    for (const name of readdirSync(join(root, folder)).filter((n) => pattern.test(n))) {
      test(`${folder}/${name} translates exactly ${source}, placeholders and links intact`, () => {
        const english = read(...source.split('/')) as Bundle;
        const translated = read(folder, name) as Bundle;
        assert.deepEqual(Object.keys(translated).sort(), Object.keys(english).sort(), 'the same keys');
        const broken = Object.keys(english).filter((key) => {
          const t = text(translated[key]);
          return !t.trim() || JSON.stringify(invariants(t)) !== JSON.stringify(invariants(text(english[key])));
        });
        assert.deepEqual(broken, [], 'empty, or with placeholders, links or code changed');
      });
    }
  }
});
