// src/ids.ts and package.json name the same things: every command, view, setting, colour and context
// key the manifest declares exists in the ids module, and nothing in the module is unknown to it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COLORS, COMMANDS, CONTEXT, PANELS, SETTINGS, TOOL_SET_TAG, TOOLS, VIEW_CONTAINER, VIEWS } from '../../../src/ids';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8'));
const contributes = manifest.contributes;
const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** Every `when` clause in the manifest. */
function whenClauses(): string[] {
  const out: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'when' && typeof inner === 'string') out.push(inner);
        else visit(inner);
      }
    }
  };
  visit(contributes);
  return out;
}

describe('ids and the manifest', () => {
  test('commands', () => {
    assert.deepEqual(sorted(contributes.commands.map((c: { command: string }) => c.command)), sorted(Object.values(COMMANDS)));
  });

  test('every command a menu or welcome view names exists', () => {
    const named = new Set<string>();
    for (const list of Object.values(contributes.menus) as Array<Array<{ command?: string }>>) for (const item of list) if (item.command) named.add(item.command);
    // Welcome views and walkthroughs hold %keys%: their links are in package.nls.json.
    const nls = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'package.nls.json'), 'utf8')) as Record<string, string>;
    const shown = (text: string) => nls[/^%(.+)%$/.exec(text)?.[1] ?? ''] ?? text;
    const texts = [
      ...contributes.viewsWelcome.map((w: { contents: string }) => w.contents),
      ...contributes.walkthroughs.flatMap((w: { steps: Array<{ description: string }> }) => w.steps.map((s) => s.description)),
    ];
    let links = 0;
    for (const text of texts)
      for (const m of shown(text).matchAll(/command:([\w.]+)/g)) {
        named.add(m[1]!);
        links++;
      }
    assert.ok(links > 0, 'the welcome views and walkthroughs link commands');
    const known = new Set<string>(Object.values(COMMANDS));
    assert.deepEqual(
      [...named].filter((c) => !known.has(c)),
      [],
    );
  });

  test('views and their container', () => {
    assert.deepEqual(Object.keys(contributes.views), [VIEW_CONTAINER]);
    assert.deepEqual(sorted(contributes.views[VIEW_CONTAINER].map((v: { id: string }) => v.id)), sorted(Object.values(VIEWS)));
    assert.deepEqual(
      contributes.viewsContainers.activitybar.map((c: { id: string }) => c.id),
      [VIEW_CONTAINER],
    );
  });

  test('settings', () => {
    assert.deepEqual(sorted(Object.keys(contributes.configuration.properties)), sorted(Object.values(SETTINGS)));
  });

  test('language model tools: the names, each tagged as one Firecrawl set, each with a reference name', () => {
    const tools = contributes.languageModelTools as Array<{
      name: string;
      tags: string[];
      toolReferenceName?: string;
      canBeReferencedInPrompt?: boolean;
      inputSchema: { additionalProperties?: boolean };
    }>;
    assert.deepEqual(sorted(tools.map((t) => t.name)), sorted(Object.values(TOOLS)));
    for (const tool of tools) {
      assert.deepEqual(tool.tags, [TOOL_SET_TAG], tool.name);
      assert.ok(tool.toolReferenceName && tool.canBeReferencedInPrompt, tool.name);
      assert.equal(tool.inputSchema.additionalProperties, false, `${tool.name}: a strict schema`);
    }
  });

  test('colours', () => {
    assert.deepEqual(sorted(contributes.colors.map((c: { id: string }) => c.id)), sorted([...COLORS.chartSeries, COLORS.chartPlanLine]));
  });

  test('context keys: those `when` clauses read are ours, and each of ours is read', () => {
    // View ids and webview panel types appear in `when` clauses as values, not as context keys.
    const values = new Set<string>([...Object.values(VIEWS), ...Object.values(PANELS)]);
    // `config.firecrawl.…` reads a setting, which must be one of ours.
    const settings = whenClauses().flatMap((w) => [...w.matchAll(/\bconfig\.(firecrawl\.[\w.]+)/g)].map((m) => m[1] ?? ''));
    for (const setting of settings) assert.ok((Object.values(SETTINGS) as string[]).includes(setting), setting);
    const read = sorted(whenClauses().flatMap((w) => [...w.replace(/\bconfig\.firecrawl\.[\w.]+/g, '').matchAll(/\bfirecrawl\.[\w.]+/g)].map((m) => m[0]).filter((id) => !values.has(id))));
    assert.deepEqual(read, sorted(Object.values(CONTEXT)));
  });
});
