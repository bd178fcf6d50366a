// Every message reaches translators only if the exporter can read it without running the code: a
// `l10n.t` whose message or translator comment is a variable is silently left out of the bundle
// (and a comment is part of the key, so such a message could never be translated). Checked over the
// real source tree, and on planted calls.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(__dirname, '..', '..', '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const isText = (node: ts.Node): boolean => ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

/** What is wrong with a `l10n.t(…)` call for the exporter, or undefined. */
function fault(call: ts.CallExpression): string | undefined {
  const first = call.arguments[0];
  if (!first) return 'no message';
  if (isText(first)) return undefined;
  if (!ts.isObjectLiteralExpression(first)) return 'the message is not a string literal';
  const property = (name: string) => first.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name)?.initializer;
  const message = property('message');
  if (!message || !isText(message)) return 'the message is not a string literal';
  const comment = property('comment');
  if (comment && !isText(comment) && !(ts.isArrayLiteralExpression(comment) && comment.elements.every(isText))) return 'the comment is not literal';
  return undefined;
}

function faults(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && /(^|\.)l10n\.t$/.test(node.expression.getText(source).replace(/\s+/g, ''))) {
      const why = fault(node);
      if (why) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${why}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('l10n.t calls the exporter can read', () => {
  test('every call in src/ has a literal message and literal comments', () => {
    const files = sources(join(root, 'src'));
    assert.ok(files.length > 60);
    assert.deepEqual(
      files.flatMap((file) => faults(relative(root, file), readFileSync(file, 'utf8'))),
      [],
    );
  });

  test('planted calls: a variable message or comment is caught, literals pass', () => {
    const check = (code: string) => faults('x.ts', `import * as l10n from '@vscode/l10n';\n${code}`);
    assert.deepEqual(check("l10n.t('Saved {0}', name);"), []);
    assert.deepEqual(check("vscode.l10n.t({ message: 'Open', args: [], comment: ['button'] });"), []);
    assert.equal(check('l10n.t(message);').length, 1);
    assert.equal(check('l10n.t(`Saved ${name}`);').length, 1);
    assert.equal(check("const C = ['button']; l10n.t({ message: 'Open', args: [], comment: C });").length, 1);
    assert.equal(check("l10n.t({ message: 'Open ' + what, args: [] });").length, 1);
  });
});
