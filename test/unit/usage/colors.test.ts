// The chart colours contributed in package.json and the stylesheet that reads them agree, and each
// id can reach a webview: webviews expose --vscode-<id with its first dot replaced>, so one dot only.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const css = fs.readFileSync(path.join(root, 'media', 'usage.css'), 'utf8');

interface Colour {
  id: string;
  defaults: Record<string, string>;
}

const chartColours = (manifest.contributes.colors as Colour[]).filter((c) => c.id.startsWith('firecrawl.chart'));

describe('chart colours', () => {
  test('eight series colours and a plan line, each for light, dark and both high-contrast themes', () => {
    assert.deepEqual(
      chartColours.map((c) => c.id),
      [...Array.from({ length: 8 }, (_, i) => `firecrawl.chartSeries${i + 1}`), 'firecrawl.chartPlanLine'],
    );
    for (const colour of chartColours) {
      assert.deepEqual(Object.keys(colour.defaults).sort(), ['dark', 'highContrast', 'highContrastLight', 'light'], colour.id);
      for (const value of Object.values(colour.defaults)) assert.match(value, /^#[0-9A-Fa-f]{6}$/);
    }
  });

  test('every id has one dot, and the stylesheet reads each one under its webview name', () => {
    for (const colour of chartColours) {
      assert.equal(colour.id.split('.').length, 2, colour.id);
      assert.ok(css.includes(`var(--vscode-${colour.id.replace('.', '-')})`), `media/usage.css does not use ${colour.id}`);
    }
    const used = [...css.matchAll(/var\(--vscode-firecrawl-([A-Za-z0-9]+)\)/g)].map((m) => `firecrawl.${m[1]}`);
    for (const id of used)
      assert.ok(
        chartColours.some((c) => c.id === id),
        `${id} is used but not contributed`,
      );
  });

  test('series colours differ within every theme', () => {
    for (const theme of ['light', 'dark', 'highContrast', 'highContrastLight']) {
      const values = chartColours.slice(0, 8).map((c) => c.defaults[theme]!.toLowerCase());
      assert.equal(new Set(values).size, 8, theme);
    }
  });

  test('in high contrast, the outline every segment gets does not hide the focused one', () => {
    const outline = css.indexOf('.vscode-high-contrast .seg,');
    const focus = css.indexOf('.vscode-high-contrast .seg:focus-visible');
    assert.ok(outline >= 0 && focus > outline, 'a high-contrast focus rule after the outline');
    assert.match(css.slice(focus), /^[^}]*stroke: var\(--vscode-focusBorder\);\s*stroke-width: 3;/);
  });
});
