// Each translation speaks to people in one register, the one the rest of it uses: German "Sie",
// French "vous", Spanish "usted", Chinese "您". A message now and then in the familiar form ("tu
// saldo", "¿Lo permites?", "你的余额") reads as a different, careless voice. Messages addressed to the
// AI model rather than to a person (they speak of "the user") are left out.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');
type Bundle = Record<string, string | { message: string; comment: string[] }>;
const read = (...path: string[]): Bundle => JSON.parse(readFileSync(join(root, ...path), 'utf8')) as Bundle;
const text = (value: Bundle[string] | undefined): string => (typeof value === 'string' ? value : (value?.message ?? ''));

/** The familiar forms each language's bundle does not use for people. */
const FAMILIAR: Record<string, RegExp> = {
  de: /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)\b/i,
  fr: /(^|[^\p{L}])(tu|toi|ton|ta|tes|t['’](?=[aeéiouyh]))(?![\p{L}])/iu,
  es: /(?<![\p{L}])(tu|tus|quieres|querías|puedes|tienes|permites|introduce|déjalo|dile|elige|añade|vuelve a intentarlo|da más|marca (las|los))(?![\p{L}])/iu,
  'zh-cn': /你/,
};

function familiar(lang: string): string[] {
  const english = { ...read('l10n', 'bundle.l10n.json'), ...read('package.nls.json') };
  const translated = { ...read('l10n', `bundle.l10n.${lang}.json`), ...read(`package.nls.${lang}.json`) };
  return Object.keys(english)
    .filter((key) => !/\bthe user\b/.test(text(english[key])))
    .filter((key) => FAMILIAR[lang]!.test(text(translated[key])))
    .map((key) => `${text(english[key]).slice(0, 50)}… → ${text(translated[key])}`);
}

describe('each translation addresses people in one register', () => {
  for (const lang of Object.keys(FAMILIAR)) {
    test(`${lang}: no message in the familiar form`, () => {
      assert.deepEqual(familiar(lang), []);
    });
  }

  test('the patterns catch the familiar forms and pass the polite ones', () => {
    assert.ok(FAMILIAR.es!.test('tu saldo es 5'));
    assert.ok(FAMILIAR.es!.test('¿Lo permites?'));
    assert.ok(!FAMILIAR.es!.test('su saldo es 5. ¿Lo permite? Introduzca una URL.'));
    assert.ok(FAMILIAR['zh-cn']!.test('你的余额'));
    assert.ok(!FAMILIAR['zh-cn']!.test('您的余额'));
    assert.ok(FAMILIAR.fr!.test('ton solde'));
    assert.ok(!FAMILIAR.fr!.test('votre solde ; les tâches'));
    assert.ok(FAMILIAR.de!.test('dein Guthaben'));
    assert.ok(!FAMILIAR.de!.test('Ihr Guthaben'));
  });
});
