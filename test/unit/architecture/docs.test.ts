// The documents against the code they describe, where a mismatch can be found mechanically: the README's
// settings table against the manifest (names, defaults, ranges), the ranges the setting descriptions state,
// the README's commands against the palette (both ways), the files, functions and tests docs/architecture.md
// names, every integration and UI test file named there, the last line of `npm test` CONTRIBUTING.md quotes
// and every npm script named there, the shared/ and host/ modules and the features architecture.md lists, every
// `firecrawl.…` name, `npm run` script, `npm start --` flag and repository path any document uses, and the
// sandbox README's API block against the sandbox's interfaces.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS, SETTINGS } from '../../../src/ids';

const root = join(__dirname, '..', '..', '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const manifest = JSON.parse(read('package.json'));
const nls = JSON.parse(read('package.nls.json')) as Record<string, string>;
const properties = manifest.contributes.configuration.properties as Record<string, { default?: unknown; minimum?: number; maximum?: number; description?: string; markdownDescription?: string }>;

/** The rows of the Markdown table under `heading`, each as its cells. */
function tableRows(markdown: string, heading: string): string[][] {
  const start = markdown.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `no section ${heading}`);
  const rows: string[][] = [];
  let inTable = false;
  for (const line of markdown.slice(start + heading.length + 2).split('\n')) {
    if (line.startsWith('#')) break;
    if (!line.startsWith('|')) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    if (/^\|[-\s|]+\|$/.test(line)) continue;
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(1);
}

const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
const number = (text: string) => Number(text.replace(/,/g, ''));

describe('README settings table', () => {
  const rows = tableRows(read('README.md'), '## Settings');
  /** `firecrawl.run.searchLimit` / `mapLimit`: the later names replace the last part of the first. */
  const settingsOf = (cell: string) => {
    const [first, ...rest] = ticked(cell);
    const prefix = first!.slice(0, first!.lastIndexOf('.') + 1);
    return [first!, ...rest.map((name) => prefix + name)];
  };

  test('names every setting the manifest declares, and only those', () => {
    const named = rows.flatMap((row) => settingsOf(row[0]!));
    assert.deepEqual([...named].sort(), Object.keys(properties).sort());
  });

  test("states each setting's default", () => {
    const wrong: string[] = [];
    for (const row of rows) {
      const names = settingsOf(row[0]!);
      const defaults = ticked(row[1]!);
      assert.equal(defaults.length, names.length, row[0]);
      names.forEach((name, i) => {
        const declared = properties[name]?.default;
        if (String(declared) !== defaults[i]) wrong.push(`${name}: README ${defaults[i]}, package.json ${String(declared)}`);
      });
    }
    assert.deepEqual(wrong, []);
  });

  test('a range it states is the manifest range', () => {
    const wrong: string[] = [];
    for (const row of rows) {
      const names = settingsOf(row[0]!);
      const range = /\((\d[\d,]*)\s*(?:–|-|to)\s*(\d[\d,]*)/.exec(row[2]!);
      if (!range || names.length !== 1) continue;
      const { minimum, maximum } = properties[names[0]!]!;
      if (number(range[1]!) !== minimum || number(range[2]!) !== maximum) wrong.push(`${names[0]}: README ${range[0]}), package.json ${minimum}–${maximum}`);
    }
    assert.deepEqual(wrong, []);
  });
});

describe('setting descriptions (package.nls.json)', () => {
  test('a range a description states is the manifest range', () => {
    const wrong: string[] = [];
    for (const [name, property] of Object.entries(properties)) {
      const key = /^%(.+)%$/.exec(property.markdownDescription ?? property.description ?? '')?.[1];
      const text = key ? nls[key] : undefined;
      const range = text && /\((?:[a-z ]+, )?(\d[\d,]*)\s*(?:–|to)\s*(\d[\d,]*)\)/.exec(text);
      if (!range) continue;
      if (number(range[1]!) !== property.minimum || number(range[2]!) !== property.maximum) wrong.push(`${name}: "${range[0]}", package.json ${property.minimum}–${property.maximum}`);
    }
    assert.deepEqual(wrong, []);
  });

  // An error sends people to a setting (a parse that timed out opens firecrawl.run.timeoutSeconds): its
  // description must say it governs what they just ran, by the name the palette shows in their language.
  test('a setting names each command it governs by its palette title, in every language', () => {
    const governs: Record<string, string[]> = {
      [SETTINGS.scrapeTimeoutSeconds]: [COMMANDS.scrapeUrl, COMMANDS.parseFile],
      [SETTINGS.searchLimit]: [COMMANDS.searchWeb],
      [SETTINGS.mapLimit]: [COMMANDS.mapSite],
      [SETTINGS.spikeAlerts]: [COMMANDS.resumeSpikeAlerts],
      [SETTINGS.agentToolsMaxResultCharacters]: [COMMANDS.openAgentToolResult],
    };
    const commands = manifest.contributes.commands as Array<{ command: string; title: string }>;
    const keyOf = (text: string | undefined) => /^%(.+)%$/.exec(text ?? '')?.[1] ?? '';
    const missing: string[] = [];
    for (const file of readdirSync(root).filter((name) => /^package\.nls(\.[\w-]+)?\.json$/.test(name))) {
      const strings = JSON.parse(read(file)) as Record<string, string>;
      for (const [setting, ids] of Object.entries(governs)) {
        const property = properties[setting]!;
        const description = strings[keyOf(property.markdownDescription ?? property.description)] ?? '';
        for (const id of ids) {
          const title = (strings[keyOf(commands.find((c) => c.command === id)?.title)] ?? '').replace(/…$/, '');
          if (!title || !description.includes(title)) missing.push(`${file} ${setting}: "${title}"`);
        }
      }
    }
    assert.deepEqual(missing, []);
  });
});

describe('README commands table', () => {
  const rows = tableRows(read('README.md'), '## Commands');
  const commands = manifest.contributes.commands as Array<{ command: string; title: string }>;
  const titled = new Map(commands.map((c) => [nls[/^%(.+)%$/.exec(c.title)?.[1] ?? ''] ?? c.title, c.command]));
  const hidden = new Set((manifest.contributes.menus.commandPalette as Array<{ command: string; when?: string }>).filter((m) => m.when === 'false').map((m) => m.command));
  const named = rows.flatMap((row) => row[0]!.replace(/^Firecrawl: /, '').split(' / '));

  test('every command it names has that title', () => {
    assert.deepEqual(
      named.filter((title) => !titled.has(title)),
      [],
    );
  });

  test('README names every command the palette offers, by its title', () => {
    const readme = read('README.md');
    assert.deepEqual(
      [...titled].filter(([title, command]) => !hidden.has(command) && !readme.includes(title)).map(([title]) => title),
      [],
    );
  });

  test('every command it names can be found in the palette', () => {
    assert.deepEqual(
      named.filter((title) => hidden.has(titled.get(title) ?? '')),
      [],
    );
  });
});

describe('docs/architecture.md', () => {
  const doc = read('docs/architecture.md').replace(/```[\s\S]*?```/g, '');
  const sources: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      const path = `${dir}/${name}`;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (name.endsWith('.ts')) sources.push(path.slice('src/'.length, -'.ts'.length));
    }
  };
  walk('src');
  /** `credits/model/creditsStore`, `creditsStore` or `api/client`: the source files it can mean. */
  const filesOf = (module: string) => sources.filter((s) => s === module || s === `${module}/index` || s.endsWith(`/${module}`) || s.endsWith(`/${module}/index`)).map((s) => `src/${s}.ts`);
  /** The file's source and what it re-exports, one level down. */
  const textOf = (file: string) => {
    const text = read(file);
    const more = [...text.matchAll(/export\s+(?:\*|\{[^}]*\})\s+from\s+'(\.[^']+)'/g)].flatMap((m) => {
      const base = join(file, '..', m[1]!);
      return [`${base}.ts`, `${base}/index.ts`].filter((f) => existsSync(join(root, f))).map(read);
    });
    return [text, ...more].join('\n');
  };
  const defines = (text: string, name: string) =>
    new RegExp(
      `(^|\\n)\\s*(export\\s+)?((private|public|protected|readonly|static|async|override|get|set|abstract)\\s+)*(function\\*?\\s+|class\\s+|interface\\s+|type\\s+|const\\s+|let\\s+)?${name}\\s*[(<:=!?]|export\\s*\\{[^}]*\\b${name}\\b`,
    ).test(text);

  /** A row's tests cell ("unit `credits/*`, UI `credits`") as the layer and name of each. */
  const testsOf = (cell: string) => {
    const out: Array<{ layer: string; name: string }> = [];
    let layer = '';
    for (const part of cell.split(/(`[^`]+`)/)) {
      const word = /\b(unit|integration|UI)\b/.exec(part);
      if (!part.startsWith('`')) {
        if (word) layer = word[1] === 'UI' ? 'ui' : word[1]!;
        continue;
      }
      out.push({ layer, name: part.slice(1, -1).replace(/\/\*?$/, '') });
    }
    return out;
  };

  test('every file:function it names is defined there', () => {
    const wrong: string[] = [];
    for (const ref of new Set(ticked(doc))) {
      const match = /^([A-Za-z][\w/]*?)(?:\.ts)?:([\w./]+)$/.exec(ref);
      if (!match || match[1] === 'node') continue;
      const files = filesOf(match[1]!);
      if (files.length === 0) {
        wrong.push(`${ref}: no such file`);
        continue;
      }
      for (const step of match[2]!.split('/')) {
        const name = step.split('.').at(-1)!;
        if (!files.some((file) => defines(textOf(file), name))) wrong.push(`${ref}: ${name} is not defined in ${files.join(', ')}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  test('every source, test and script path it names exists', () => {
    const missing = ticked(doc)
      .filter((ref) => /^(src|test|scripts)\/[\w./-]+$/.test(ref) || /^(api|shared|host|platform|features|research|usage|credits|burn|feedback)\/[\w/]+\.ts$/.test(ref))
      .filter((ref) => ![root, join(root, 'src'), join(root, 'src', 'features')].some((dir) => existsSync(join(dir, ref))));
    assert.deepEqual(missing, []);
  });

  test("each feature row's stores, views and tests exist", () => {
    const wrong: string[] = [];
    for (const [featureCell, stores, views, , tests] of tableRows(doc, '## The features, one row each')) {
      const feature = ticked(featureCell!)[0]!;
      const inFeature = sources.filter((s) => s.startsWith(`features/${feature}/`));
      for (const name of [...ticked(stores!), ...ticked(views!)]) {
        if (name.includes(' ') || name.startsWith('agent-tools') || existsSync(join(root, 'src', 'features', name, 'index.ts'))) continue;
        const path = name.replace(/\/$/, '');
        const found = path.includes('/')
          ? filesOf(path).length > 0 || existsSync(join(root, 'src', 'features', feature, path))
          : inFeature.some((s) => s.endsWith(`/${path}`) || s.includes(`/${path}/`));
        if (!found) wrong.push(`${feature}: ${name}`);
      }
      for (const { layer, name } of testsOf(tests!)) {
        const found = existsSync(join(root, 'test', layer, name)) || existsSync(join(root, 'test', layer, `${name}.test.ts`));
        if (!found) wrong.push(`${feature}: ${layer} test ${name}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  test('every integration and UI test file is in a feature row or named by its path', () => {
    const named = tableRows(doc, '## The features, one row each').flatMap((row) => testsOf(row[4]!));
    const files: string[] = [];
    const collect = (dir: string) => {
      for (const name of readdirSync(join(root, dir))) {
        const path = `${dir}/${name}`;
        if (statSync(join(root, path)).isDirectory()) collect(path);
        else if (name.endsWith('.test.ts')) files.push(path);
      }
    };
    collect('test/integration');
    collect('test/ui');
    const unnamed = files.filter((file) => {
      const [, layer, rest] = /^test\/(\w+)\/(.*)\.test\.ts$/.exec(file)!;
      return !doc.includes(`\`${file}\``) && !named.some((t) => t.layer === layer && (t.name === rest || rest!.startsWith(`${t.name}/`)));
    });
    assert.deepEqual(unnamed, []);
  });
});

describe('CONTRIBUTING.md', () => {
  test('quotes the last line npm test prints', () => {
    const quoted = /ending with one line `([^`]+)`/.exec(read('CONTRIBUTING.md'))?.[1];
    const printed = /console\.log\(`(\$\{totals\.passed\} passed[^`]*)`\)/.exec(read('scripts/test.mjs'))?.[1];
    assert.ok(quoted && printed);
    assert.equal(quoted, printed.replace(/\$\{totals\.\w+\}/g, 'N'));
  });

  test('names every npm script (but the hook vsce runs)', () => {
    const text = read('CONTRIBUTING.md');
    const scripts = Object.keys(manifest.scripts as Record<string, string>).filter((name) => name !== 'vscode:prepublish');
    assert.deepEqual(
      scripts.filter((name) => !text.includes(name === 'test' || name === 'start' ? `npm ${name}` : `npm run ${name}`)),
      [],
    );
  });
});

describe('docs/architecture.md: the layout', () => {
  const raw = read('docs/architecture.md');
  const tree = /```\nsrc\/\n([\s\S]*?)```/.exec(raw)?.[1] ?? '';

  test('the tree names every shared/ module', () => {
    const shared = /shared\/([\s\S]*?)\n {2}api\//.exec(tree)?.[1] ?? '';
    const modules = readdirSync(join(root, 'src', 'shared'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.slice(0, -3));
    assert.deepEqual(
      modules.filter((m) => !new RegExp(`\\b${m}\\b`).test(shared)),
      [],
    );
  });

  test('the tree names every host/ module', () => {
    const host = /\n {2}host\/([\s\S]*?)\n {2}platform\//.exec(tree)?.[1] ?? '';
    const modules = readdirSync(join(root, 'src', 'host')).map((f) => (f.endsWith('.ts') ? f.slice(0, -3) : `${f}/`));
    assert.deepEqual(
      modules.filter((m) => !new RegExp(`\\b${m.replace('/', '\\/')}`).test(host)),
      [],
    );
  });

  test('every feature folder is in the Features list and has a row', () => {
    const features = readdirSync(join(root, 'src', 'features')).filter((f) => statSync(join(root, 'src', 'features', f)).isDirectory());
    const list = /\nFeatures: ([\s\S]*?)\n\n/.exec(raw)?.[1] ?? '';
    const rows = tableRows(raw, '## The features, one row each').map((row) => ticked(row[0]!)[0]);
    assert.deepEqual(
      features.filter((f) => !list.includes(`\`${f}\``) || !rows.includes(f)),
      [],
    );
  });
});

describe('names the documents use', () => {
  const documents = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'docs/architecture.md', 'test/sandbox/README.md'].map((file) => [file, read(file)] as const);
  const ids = new Set([...read('src/ids.ts').matchAll(/'(firecrawl\.[\w.]+)'/g)].map((m) => m[1]!));

  test('every `firecrawl.…` name is a setting or an id', () => {
    const unknown = documents.flatMap(([file, text]) =>
      [...text.matchAll(/`(firecrawl\.[\w.]*\w)`/g)]
        .map((m) => m[1]!)
        .filter((name) => !(name in properties) && !ids.has(name))
        .map((name) => `${file}: ${name}`),
    );
    assert.deepEqual(unknown, []);
  });

  test('every `npm run` script and `npm start --` flag exists', () => {
    const scripts = manifest.scripts as Record<string, string>;
    const start = read('scripts/start.mjs');
    const wrong = documents.flatMap(([file, text]) => [
      ...[...text.matchAll(/npm run ([\w:-]+)/g)]
        .map((m) => m[1]!)
        .filter((name) => !(name in scripts))
        .map((name) => `${file}: npm run ${name}`),
      ...[...text.matchAll(/npm start -- (--[\w-]+)/g)]
        .map((m) => m[1]!)
        .filter((flag) => !start.includes(`'${flag}'`))
        .map((flag) => `${file}: npm start -- ${flag}`),
    ]);
    assert.deepEqual(wrong, []);
  });
});

describe('paths the documents name', () => {
  const skipped = new Set(['node_modules', 'out', 'dist', '.git', '.cache', '.test-artifacts']);
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      if (skipped.has(name)) continue;
      if (statSync(join(root, dir, name)).isDirectory()) walk(join(dir, name));
      else names.add(name);
    }
  };
  walk('.');

  test('every source, test and script file they name exists', () => {
    // A path (`host/team.ts`, `scripts/bench/instrumented-build.mjs`) from the root, src/ or src/features/;
    // a bare name (`layering.test.ts`) anywhere. JSON names without a folder are files written at run time.
    const wrong = ['README.md', 'CONTRIBUTING.md', 'docs/architecture.md', 'test/sandbox/README.md'].flatMap((file) =>
      [...new Set([...read(file).matchAll(/(?<![\w/.@<>-])((?:\.?[\w-]+\/)*[\w.-]+\.(?:ts|mjs|cjs|json))(?![\w/-])/g)].map((m) => m[1]!))]
        .filter((ref) => !ref.startsWith('dist/') && (ref.includes('/') || !ref.endsWith('.json')))
        .filter((ref) => (ref.includes('/') ? ![root, join(root, 'src'), join(root, 'src', 'features')].some((dir) => existsSync(join(dir, ref))) : !names.has(ref)))
        .map((ref) => `${file}: ${ref}`),
    );
    assert.deepEqual(wrong, []);
  });
});

describe('test/sandbox/README.md', () => {
  test("its API block names every member of the sandbox's options and of Sandbox", () => {
    const block = /## API \(`test\/sandbox\/server\.ts`\)\n+```ts\n([\s\S]*?)```/.exec(read('test/sandbox/README.md'))?.[1] ?? '';
    const server = read('test/sandbox/server.ts');
    const members = ['SandboxOptions', 'Sandbox'].flatMap((name) => {
      const body = new RegExp(`export interface ${name} \\{\\n([\\s\\S]*?)\\n\\}`).exec(server)?.[1] ?? '';
      assert.ok(body, name);
      return [...body.matchAll(/^ {2}(?:readonly )?(\w+)\??[(:]/gm)].map((m) => `${name}.${m[1]!}`);
    });
    assert.ok(members.length > 30, `found ${members.length}`);
    assert.deepEqual(
      members.filter((member) => !new RegExp(`\\b${member.split('.')[1]}\\??[(:]`).test(block)),
      [],
    );
  });
});
