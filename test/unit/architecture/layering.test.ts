// The layout's promises, checked over the real source tree: the layering rules (see
// docs/architecture.md), one ids module, and server text worded only in host/errorText.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkLayering, importsOf } from '../../support/layering';

const root = join(__dirname, '..', '..', '..', '..');

function sources(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts')) out.set(relative(root, full).split('\\').join('/'), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

const tree = sources(join(root, 'src'));
/** Source without comments: comments may name settings and ids. */
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

describe('layering', () => {
  test('the source tree keeps every rule', () => {
    assert.ok(tree.size > 60, `found ${tree.size} files`);
    assert.deepEqual(checkLayering(tree), []);
  });

  test('a planted violation of each rule is caught', () => {
    const plant = (file: string, line: string) => checkLayering(new Map([...tree, [file, `${tree.get(file) ?? ''}\n${line}\n`]]));
    const cases: Array<[string, string, RegExp]> = [
      ['src/api/client.ts', "import * as vscode from 'vscode';", /api\/ imports only/],
      ['src/api/http.ts', "import { COMMANDS } from '../ids';", /api\/ imports only/],
      ['src/shared/text.ts', "import { describeError } from '../host/errorText';", /shared\/ imports only/],
      ['src/shared/format.ts', "import { z } from 'zod';", /shared\/ imports only shared\/ and @vscode\/l10n/],
      ['src/features/credits/model/creditsStore.ts', "import * as vscode from 'vscode';", /model\/ never imports vscode/],
      ['src/features/usage/render/chart.ts', "import type { Uri } from 'vscode';", /render\/ never imports vscode/],
      ['src/features/feedback/wizard/flow.ts', "import { readFileSync } from 'node:fs';", /wizard\/ never imports vscode or Node/],
      ['src/features/research/model/researchStore.ts', "import { creditsSettings } from '../../../host/settings';", /reaches host\/ only for host\/errorText/],
      ['src/features/usage/page/main.ts', "import { buildPanelState } from '../ui/panelState';", /page\/ imports only/],
      ['src/features/usage/page/language.ts', "import * as vscode from 'vscode';", /page\/ imports only/],
      ['src/features/usage/ui/panel.ts', "import { CreditsStore } from '../../credits/model/creditsStore';", /only through its index\.ts/],
      ['src/host/clientProvider.ts', "import { activateCredits } from '../features/credits';", /host\/ reaches no feature/],
      ['src/host/errorText/general.ts', "import * as vscode from 'vscode';", /host\/errorText\/ is pure/],
      ['src/host/settings.ts', "import * as os from 'node:os';", /Node built-ins only in platform\//],
      ['src/features/credits/index.ts', "import { nodePlatform } from '../../platform/node';", /platform\/ is reached only from the entry points/],
    ];
    for (const [file, line, rule] of cases) {
      assert.ok(tree.has(file), file);
      const found = plant(file, line);
      // A Node import in a pure room breaks two rules at once; every other line breaks exactly one.
      assert.equal(found.length, line.includes("'node:") && !file.startsWith('src/host/') ? 2 : 1, `${file}: ${JSON.stringify(found)}`);
      assert.ok(
        found.some((v) => rule.test(v.rule)),
        `${file}: ${JSON.stringify(found)}`,
      );
    }
  });

  test('reads every import form', () => {
    const refs = importsOf(`import * as a from 'a';\nimport type { B } from "./b";\nexport * from './c';\nimport {\n  d,\n} from '../d';\nconst e = require('node:e');\nimport './f';`);
    assert.deepEqual(
      refs.map((r) => `${r.specifier}${r.typeOnly ? ' (type)' : ''}`),
      ['a', './b (type)', './c', '../d', 'node:e', './f'],
    );
  });
});

describe('one home for ids and for words', () => {
  test('no `firecrawl.` id is spelled outside src/ids.ts', () => {
    const offenders = [...tree].filter(([file, source]) => file !== 'src/ids.ts' && /['"`]firecrawl\.[A-Za-z]/.test(code(source))).map(([file]) => file);
    assert.deepEqual(offenders, []);
  });

  test("the service's own text (serverMessage) is read only by the client and host/errorText", () => {
    const readers = [...tree].filter(([, source]) => /\.serverMessage\b/.test(code(source))).map(([file]) => file);
    assert.deepEqual(
      readers.filter((f) => !f.startsWith('src/api/') && !f.startsWith('src/host/errorText/')),
      [],
    );
  });

  test('no comment names an issue', () => {
    const offenders = [...tree].filter(([, source]) => /issue ?#\d+|\(issue \d+\)/i.test(source)).map(([file]) => file);
    assert.deepEqual(offenders, []);
  });
});
