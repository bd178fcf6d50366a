// `npm run l10n`: collects every `l10n.t('…')` and `vscode.l10n.t('…')` message in src/ into
// l10n/bundle.l10n.json (the English source the translations in l10n/bundle.l10n.<lang>.json follow),
// and says what each translation lacks or has left over. `npm run l10n -- --check [folder…]` lists
// strings that look user-visible but bypass localisation (what test/unit/architecture/l10n.test.ts
// fails on).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getL10nJson } from '@vscode/l10n-dev';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The English bundle the sources make, as `vscode-l10n-dev export` would write it. */
export async function exportBundle() {
  const files = sources(join(root, 'src')).map((path) => ({ contents: readFileSync(path, 'utf8'), extension: extname(path) }));
  return getL10nJson(files);
}

// Calls whose string arguments are for the log, an exception's technical message or the machine.
const NOT_FOR_PEOPLE = /(^|\.)(debug|info|warn|error|trace|child|log|assert)$|^(new )?[A-Z]\w*(Error|Exception)$|^(require|import|setContext|executeCommand|getConfiguration|get|update|has|inspect|registerCommand|createOutputChannel|createStatusBarItem|createTreeView|createWebviewPanel|registerWebviewPanelSerializer|setKeysForSync|postMessage|joinPath|parse|from|startsWith|endsWith|includes|split|replace|match|test|matchAll|querySelector|querySelectorAll|createElement|createElementNS|setAttribute|getAttribute|addEventListener|removeEventListener|appendChild|classList\.\w+|toggle|localeCompare)$/;

/**
 * Strings that read like words for people (two words or more) and do not go through `l10n.t`:
 * each one is `file:line: text`. Words for the log, for exceptions' technical messages, for the
 * machine (ids, paths, markup, CSS), and those marked with a `// not localised: why` comment on
 * their line or the line before are left out.
 */
export function findBypasses(folders = [join(root, 'src')]) {
  const found = [];
  for (const file of folders.flatMap((folder) => (statSync(folder).isDirectory() ? sources(folder) : [folder]))) {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      const literal = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);
      if (literal && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent) && !ts.isLiteralTypeNode(node.parent)) {
        const words = ts.isTemplateExpression(node) ? [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' x ') : node.text;
        if (/\p{L}{2,}[ ,.:;!?'’…()-]+\p{L}{2,}/u.test(words) && !isForMachines(words) && !exempt(node, source, lines)) {
          const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
          found.push(`${relative(root, file)}:${line}: ${words.replace(/\s+/g, ' ').slice(0, 90)}`);
          return;
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function isForMachines(words) {
  // Markup, CSS, selectors, URLs, paths, ids, code.
  return /^\s*</.test(words) || /[{};]\s*$/.test(words) || /^[\w.:/#@*~^$|=?&%+-]+$/.test(words) || /^(https?:|\.\/|\/)/.test(words) || /^[a-z]+(-[a-z]+)+(\s+[a-z]+(-[a-z]+)*)*$/.test(words);
}

function exempt(node, source, lines) {
  const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
  if (/not localised/.test(lines[line] ?? '') || /not localised/.test(lines[line - 1] ?? '')) return true;
  for (let p = node.parent, depth = 0; p && depth < 8; p = p.parent, depth++) {
    if (ts.isCallExpression(p) || ts.isNewExpression(p)) {
      const callee = p.expression.getText(source).replace(/\s+/g, '');
      if (/(^|\.)l10n\.t$/.test(callee)) return true;
      if (NOT_FOR_PEOPLE.test(callee) || NOT_FOR_PEOPLE.test(`new ${callee}`)) return true;
    }
    if (ts.isThrowStatement(p)) return true;
    if (ts.isPropertyAssignment(p) && /^(message|detail)$/.test(p.name.getText(source)) && ts.isNewExpression(p.parent?.parent ?? p)) return true;
  }
  return false;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--check')) {
    const folders = process.argv.slice(2).filter((a) => a !== '--check').map((f) => join(root, f));
    const found = findBypasses(folders.length ? folders : undefined);
    for (const line of found) console.log(line);
    console.log(`[l10n] ${found.length} strings bypass localisation`);
    process.exitCode = found.length ? 1 : 0;
  } else {
    const bundle = await exportBundle();
    writeFileSync(join(root, 'l10n', 'bundle.l10n.json'), `${JSON.stringify(bundle, null, 2)}\n`);
    const keys = Object.keys(bundle);
    console.log(`[l10n] ${keys.length} messages → l10n/bundle.l10n.json`);
    for (const name of readdirSync(join(root, 'l10n')).filter((n) => /^bundle\.l10n\..+\.json$/.test(n)).sort()) {
      const translated = JSON.parse(readFileSync(join(root, 'l10n', name), 'utf8'));
      const missing = keys.filter((k) => !(k in translated));
      const extra = Object.keys(translated).filter((k) => !(k in bundle));
      // --prune: translations of messages the sources no longer say are dropped.
      if (process.argv.includes('--prune') && extra.length) {
        for (const k of extra) delete translated[k];
        writeFileSync(join(root, 'l10n', name), `${JSON.stringify(translated, null, 2)}\n`);
      }
      console.log(`[l10n] ${name}: ${missing.length} missing, ${extra.length} no longer in the sources${process.argv.includes('--prune') && extra.length ? ' (pruned)' : ''}`);
    }
    if (!existsSync(join(root, 'package.nls.json'))) console.log('[l10n] package.nls.json is missing');
  }
}
