// The tools' input check against the manifest's input schemas, which is what a model is shown: every
// field the schema names is read, nothing else is, and each bound the schema states is the check's own.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ToolKind } from '../../../src/features/agentTools/model/budget';
import { readToolInput } from '../../../src/features/agentTools/model/toolInputs';
import { TOOLS } from '../../../src/ids';

interface Property {
  type: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
}
interface Tool {
  name: string;
  inputSchema: { properties?: Record<string, Property>; required?: string[] };
}

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../package.json'), 'utf8')) as { contributes: { languageModelTools: Tool[] } };
const schemaOf = (kind: ToolKind) => manifest.contributes.languageModelTools.find((t) => t.name === TOOLS[kind])!.inputSchema;

/** The smallest input each tool takes. */
const BASE: Record<ToolKind, Record<string, unknown>> = {
  scrape: { url: 'https://example.com/' },
  search: { query: 'pricing' },
  map: { url: 'https://example.com/' },
  startAgent: { prompt: 'Compare three plans' },
  agentStatus: { id: '3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4' },
  credits: {},
};

const accepts = (kind: ToolKind, input: Record<string, unknown>) => readToolInput(kind, input).ok;

describe('tool input against the manifest schema', () => {
  for (const kind of Object.keys(TOOLS) as ToolKind[]) {
    test(`${TOOLS[kind]}: the required fields, and each bound the schema states, are the check's`, () => {
      const schema = schemaOf(kind);
      assert.ok(accepts(kind, BASE[kind]), 'the smallest input');
      for (const field of schema.required ?? []) {
        const { [field]: _dropped, ...without } = BASE[kind];
        assert.equal(accepts(kind, without), false, `${field} is required`);
      }
      assert.equal(accepts(kind, { ...BASE[kind], notInTheSchema: 1 }), false, 'a field the schema does not name');
      for (const [field, p] of Object.entries(schema.properties ?? {})) {
        const withValue = (value: unknown) => accepts(kind, { ...BASE[kind], [field]: value });
        if (p.type === 'integer') {
          assert.ok(p.minimum !== undefined && p.maximum !== undefined, `${field}: the schema states both bounds`);
          assert.ok(withValue(p.minimum) && withValue(p.maximum), `${field}: ${p.minimum} and ${p.maximum} are taken`);
          assert.equal(withValue(p.minimum - 1) || withValue(p.maximum + 1), false, `${field}: outside ${p.minimum}–${p.maximum} is refused`);
          assert.equal(withValue(p.minimum + 0.5), false, `${field}: a whole number`);
        }
        if (p.maxLength !== undefined) {
          assert.ok(withValue('x'.repeat(p.maxLength)), `${field}: ${p.maxLength} characters are taken`);
          assert.equal(withValue('x'.repeat(p.maxLength + 1)), false, `${field}: more are refused`);
        }
        if (p.maxItems !== undefined) {
          const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://example.com/${i}`);
          assert.ok(withValue(urls(p.maxItems)), `${field}: ${p.maxItems} items are taken`);
          assert.equal(withValue(urls(p.maxItems + 1)), false, `${field}: more are refused`);
        }
      }
    });
  }
});
