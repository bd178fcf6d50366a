// The layering rules of src/, checked over the import graph. Pure: takes file paths and sources, so a
// test can check the real tree and a tree with a violation planted in it.
import * as path from 'node:path';

export interface Violation {
  file: string;
  imports: string;
  rule: string;
}

interface ImportRef {
  specifier: string;
  typeOnly: boolean;
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importsOf(source: string): ImportRef[] {
  const refs: ImportRef[] = [];
  for (const m of source.matchAll(IMPORT)) {
    const specifier = m[3] ?? m[4];
    if (specifier) refs.push({ specifier, typeOnly: Boolean(m[2]) });
  }
  return refs;
}

/** `src/features/usage/render/chart.ts` → { area: 'features', feature: 'usage', room: 'render' }. */
function placeOf(file: string): { area: string; feature?: string; room?: string } {
  const parts = file.split('/');
  if (parts[0] !== 'src') return { area: 'outside' };
  if (parts.length === 2) return { area: parts[1]!.replace(/\.ts$/, '') };
  if (parts[1] === 'features') {
    const feature = parts[2];
    const room = parts.length === 4 ? parts[3]!.replace(/\.ts$/, '') : parts[3];
    return { area: 'features', ...(feature ? { feature } : {}), ...(room ? { room } : {}) };
  }
  if (parts[1] === 'host' && parts[2] === 'errorText') return { area: 'host', room: 'errorText' };
  return { area: parts[1]! };
}

const PURE_ROOMS = new Set(['model', 'render', 'wizard']);

/** Resolves a relative specifier to a repo path ending in .ts (a folder means its index.ts). */
function resolve(from: string, specifier: string, exists: (file: string) => boolean): string {
  const base = path.posix.join(path.posix.dirname(from), specifier);
  for (const candidate of [`${base}.ts`, `${base}/index.ts`]) if (exists(candidate)) return candidate;
  return `${base}.ts`;
}

/**
 * The rules:
 * - api/ imports only api/, shared/, zod and @vscode/l10n: no vscode, no Node built-ins (it runs in a browser).
 * - shared/ imports only shared/ and @vscode/l10n (for its few words); host/errorText/ imports no
 *   vscode and no feature.
 * - a feature's model/, render/ and wizard/ never import vscode or Node built-ins, nor host/ other
 *   than host/errorText/.
 * - a feature's page/ (the webview) imports only its own page/, render/ and protocol, shared/ and
 *   @vscode/l10n (it speaks the editor's language as render/ does).
 * - a feature reaches another feature only through that feature's index.ts; host/ reaches none.
 * - Node built-ins only in platform/, and platform/ only from the entry points: the web entry
 *   must not pull Node in through anything else.
 */
export function checkLayering(files: ReadonlyMap<string, string>): Violation[] {
  const exists = (file: string) => files.has(file);
  const out: Violation[] = [];
  for (const [file, source] of files) {
    const from = placeOf(file);
    for (const { specifier, typeOnly } of importsOf(source)) {
      const add = (rule: string) => out.push({ file, imports: specifier, rule });
      const relative = specifier.startsWith('.');
      const isVscode = specifier === 'vscode';
      const isNode = specifier.startsWith('node:');
      const target = relative ? resolve(file, specifier, exists) : undefined;
      const to = target ? placeOf(target) : undefined;

      if (isNode && !typeOnly && from.area !== 'platform') add('Node built-ins only in platform/ (a browser host has none)');
      if (to?.area === 'platform' && from.area !== 'platform' && from.area !== 'extension' && from.area !== 'extension.web') add('platform/ is reached only from the entry points');

      if (from.area === 'api') {
        if (relative ? to?.area !== 'api' && to?.area !== 'shared' : !specifier.startsWith('zod') && specifier !== '@vscode/l10n') add('api/ imports only api/, shared/, zod and @vscode/l10n');
        continue;
      }
      if (from.area === 'shared') {
        if (relative ? to?.area !== 'shared' : specifier !== '@vscode/l10n') add('shared/ imports only shared/ and @vscode/l10n');
        continue;
      }
      if (from.area === 'host' && from.room === 'errorText' && (isVscode || isNode)) add('host/errorText/ is pure: no vscode, no Node built-ins');
      if (from.area === 'host' && to?.area === 'features') add('host/ reaches no feature');
      if (from.area !== 'features' || !from.feature) continue;

      if (from.room && PURE_ROOMS.has(from.room)) {
        if (isVscode || (isNode && !typeOnly)) add(`${from.room}/ never imports vscode or Node built-ins`);
        if (to?.area === 'host' && to.room !== 'errorText') add(`${from.room}/ reaches host/ only for host/errorText/`);
      }
      if (from.room === 'page') {
        const own = to?.area === 'features' && to.feature === from.feature && (to.room === 'page' || to.room === 'render' || to.room === 'protocol');
        if (!own && to?.area !== 'shared' && specifier !== '@vscode/l10n') add('page/ imports only its page/, render/ and protocol, shared/ and @vscode/l10n');
      }
      if (to?.area === 'features' && to.feature !== from.feature && target !== `src/features/${to.feature}/index.ts`) {
        add(`another feature is reached only through its index.ts (src/features/${to.feature}/index.ts)`);
      }
    }
  }
  return out;
}
