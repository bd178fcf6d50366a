// A message that sends people to a part of the editor by its name (the Research view, a command in
// quotes, a button's label in quotes) names it as that language's editor shows it: the view's and
// commands' names from package.nls.<lang>.json, the labels from l10n/bundle.l10n.<lang>.json. A
// translation that keeps the English name sends people looking for something their editor does not show.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');
type Bundle = Record<string, string | { message: string; comment: string[] }>;
const read = (...path: string[]): Bundle => JSON.parse(readFileSync(join(root, ...path), 'utf8')) as Bundle;
const text = (value: Bundle[string] | undefined): string => (typeof value === 'string' ? value : (value?.message ?? ''));
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const bare = (name: string): string => name.replace(/…$/, '');

const LANGUAGES = ['de', 'es', 'fr', 'ja', 'pt-br', 'zh-cn'];

interface Name {
  what: string;
  english: string;
  local: (lang: string) => string;
  /** How an English message refers to it. */
  pattern: RegExp;
}

function names(): Name[] {
  const nls = read('package.nls.json');
  const bundle = read('l10n', 'bundle.l10n.json');
  const out: Name[] = [];
  for (const key of Object.keys(nls)) {
    const english = bare(text(nls[key]));
    const local = (lang: string) => bare(text(read(`package.nls.${lang}.json`)[key]));
    if (/^view\.[^.]+\.name$/.test(key)) out.push({ what: key, english, local, pattern: new RegExp(`\\b${escape(english)} view\\b`) });
    if (/^command\.[^.]+\.title$/.test(key)) out.push({ what: key, english, local, pattern: new RegExp(`["“„«]${escape(english)}`) });
  }
  // Labels the code shows (buttons, groups), referred to in quotes.
  for (const key of Object.keys(bundle)) {
    const english = bare(text(bundle[key]));
    if (english.length < 3 || /\{\d\}/.test(english)) continue;
    out.push({ what: key, english, local: (lang) => bare(text(read('l10n', `bundle.l10n.${lang}.json`)[key])), pattern: new RegExp(`["“„«]${escape(english)}…?["”“»]`) });
  }
  return out;
}

/** `lang: english message → what it should name`, for each translation that leaves a named part out. */
function misnamed(): string[] {
  const all = names();
  const found: string[] = [];
  for (const [source, translated] of [
    ['l10n/bundle.l10n.json', (lang: string) => `l10n/bundle.l10n.${lang}.json`],
    ['package.nls.json', (lang: string) => `package.nls.${lang}.json`],
  ] as const) {
    const english = read(...source.split('/'));
    for (const lang of LANGUAGES) {
      const bundle = read(...translated(lang).split('/'));
      for (const key of Object.keys(english)) {
        const message = text(english[key]);
        const translation = text(bundle[key]);
        for (const name of all) {
          if (!name.pattern.test(message)) continue;
          const local = name.local(lang);
          if (local && !translation.includes(local)) found.push(`${lang}: ${message.slice(0, 60)}… → “${local}” (${name.what})`);
        }
      }
    }
  }
  return found;
}

describe('messages name the editor’s parts as each language shows them', () => {
  test('the Research view, quoted commands and quoted labels carry their translated names', () => {
    assert.deepEqual(misnamed(), []);
  });

  test('the check sees references: the view, a command and a label are each found in English', () => {
    const english = [...Object.values(read('l10n', 'bundle.l10n.json')), ...Object.values(read('package.nls.json'))].map(text);
    const all = names();
    const referenced = (what: string) => all.filter((n) => n.what === what).some((n) => english.some((m) => n.pattern.test(m)));
    assert.ok(referenced('view.researchJobs.name'));
    assert.ok(referenced('command.followResearchJobsOfOtherKeys.title'));
    assert.ok(referenced("Don't Show Again"));
  });
});
