// What the command palette offers: a command whose only work is to undo something kept is offered
// while something is kept. The palette otherwise lists it everywhere, in a browser host too, where
// there is no environment and so never an answer about FIRECRAWL_API_URL to forget.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS, CONTEXT } from '../../../src/ids';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8'));
const palette = manifest.contributes.menus.commandPalette as Array<{ command: string; when?: string }>;
const whenOf = (command: string) => palette.find((m) => m.command === command)?.when;

describe('the command palette', () => {
  test('Forget Allowed FIRECRAWL_API_URL Addresses is offered only while an answer is kept', () => {
    const when = whenOf(COMMANDS.forgetEnvironmentUrls);
    assert.ok(when, 'the palette lists it with no condition');
    assert.equal(when, (CONTEXT as Record<string, string>).environmentUrlAnswers);
  });
});
