// One thing, one word: each translation names the product's key things (a job, an agent run, feedback,
// the API key, refreshing, tracking, the map endpoint…) with the word its bundle already uses for them
// most, so people never meet two words for one thing. Each rule below names the chosen word and the
// alternatives that once crept in or easily could; a bundle or package.nls string that uses one fails.
// Chinese text also takes full-width , ; : ? ! and brackets (，；：？！（）), as most of the zh-cn bundle already does.
// French sets a space before a colon, and Japanese brackets with half-width ( ), as the rest of those bundles do.
// Code spans, {0} placeholders, $(icons), URLs and Markdown link targets are not prose and are skipped.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');
type Bundle = Record<string, string | { message: string; comment: string[] }>;
const read = (...path: string[]): Bundle => JSON.parse(readFileSync(join(root, ...path), 'utf8')) as Bundle;
const text = (value: Bundle[string] | undefined): string => (typeof value === 'string' ? value : (value?.message ?? ''));

/** Text people read, with what is not prose (code, command and web links, icons) taken out. */
function prose(message: string): string {
  return message
    .replace(/`[^`]*`/g, ' ')
    .replace(/\]\((?:command:|https?:)[^)]*\)/g, ']')
    .replace(/\$\([a-z0-9~-]+\)/g, ' ')
    .replace(/https?:\/\/[^\s)]+/g, ' ');
}

/** A whole word in a Latin script: not part of a longer word (accented letters count as letters). */
const word = (pattern: string, flags = 'iu'): RegExp => new RegExp(`(?<![\\p{L}\\p{N}_])(?:${pattern})(?![\\p{L}\\p{N}_])`, flags);

interface Rule {
  term: string;
  chosen: string;
  forbidden: RegExp[];
}

const RULES: Record<string, Rule[]> = {
  de: [
    { term: 'job', chosen: 'Job', forbidden: [word('Auftr[aä]g\\p{L}*'), word('Aufgaben?')] },
    { term: 'feedback', chosen: 'Feedback', forbidden: [word('Rückmeldung\\p{L}*')] },
    { term: 'API key', chosen: 'API-Schlüssel', forbidden: [word('API[- ]Keys?')] },
    { term: 'track', chosen: 'verfolgen', forbidden: [word('(?:ge)?track(?:en|t|te|ten)?', 'u')] },
    // The verb only: "Scrape" stays the endpoint's name ("ein Scrape", "scrape-Job").
    { term: 'scrape (a page)', chosen: 'abrufen', forbidden: [word('(?:ge)?scrap(?:en|t|te|ten)')] },
  ],
  es: [
    { term: 'job', chosen: 'trabajo', forbidden: [word('jobs?'), word('tareas?')] },
    { term: 'feedback', chosen: 'comentarios', forbidden: [word('feedback'), word('retroalimentación'), word('opini(?:ón|ones)')] },
    { term: 'API key', chosen: 'clave de API', forbidden: [word('claves? API'), word('API key')] },
    { term: 'refresh', chosen: 'actualizar', forbidden: [word('refresc\\p{L}*')] },
    { term: 'track', chosen: 'seguir / en seguimiento', forbidden: [word('rastre(?:ar|a|an|ado|ados|ada|adas|ando|o)'), word('monitore\\p{L}*')] },
  ],
  fr: [
    { term: 'job', chosen: 'tâche', forbidden: [word('jobs?')] },
    // "retour au récapitulatif" is "back to", not feedback.
    { term: 'feedback', chosen: 'commentaires', forbidden: [word('retours?(?! (?:au|à|aux)(?![\\p{L}]))'), word('feedbacks?')] },
    { term: 'API key', chosen: 'clé API', forbidden: [word("clés? d[’']API")] },
    { term: 'refresh', chosen: 'actualiser', forbidden: [word('rafraîch\\p{L}*')] },
  ],
  ja: [
    { term: 'job', chosen: 'ジョブ', forbidden: [/タスク/u] },
    { term: 'API key', chosen: 'API キー', forbidden: [/APIキー/u, word('API key')] },
    { term: 'refresh', chosen: '更新', forbidden: [/リフレッシュ/u] },
    { term: 'track', chosen: '追跡', forbidden: [/トラッキング/u] },
    { term: 'web', chosen: 'ウェブ', forbidden: [word('Web', 'u')] },
  ],
  'pt-br': [
    { term: 'job', chosen: 'trabalho', forbidden: [word('jobs?'), word('tarefas?')] },
    { term: 'API key', chosen: 'chave de API', forbidden: [word('chaves? (?:da )?API')] },
    { term: 'track', chosen: 'acompanhar', forbidden: [word('rastre(?:ar|a|am|ado|ados|ada|adas|ando|amento)'), word('monitor(?:ar|ado|ados|ando)')] },
  ],
  'zh-cn': [
    { term: 'job', chosen: '任务', forbidden: [/作业/u] },
    // The Firecrawl agent keeps its product name, like Deep Research; 代理 is left for the editor's
    // "AI 代理" (AI agents) and for network proxies (代理或网关, 中间有代理).
    { term: 'agent', chosen: 'Agent', forbidden: [/(?<!AI |中间有)代理(?!或网关)/u] },
    { term: 'rate (a job)', chosen: '评分', forbidden: [/评价/u] },
    { term: 'map', chosen: '站点地图', forbidden: [/映射/u] },
    { term: 'track', chosen: '跟踪', forbidden: [/追踪/u] },
    { term: 'API key', chosen: 'API 密钥', forbidden: [/API ?Key/iu, /API密钥/u, /金钥/u] },
  ],
};

const HAN = '\\u4e00-\\u9fff';
/**
 * Half-width , ; : ? ! touching Chinese text (a placeholder counts as part of the sentence), for example
 * "任务 ID: {0}" or "哪个任务?". Left alone: the command category prefix "Firecrawl: " (VS Code's own zh-hans
 * palette writes a category that way, "开发人员: 重新加载窗口"), a list's ", …"
 * (its items are joined with ", " in code), and a quoted character such as "（? 或 #）".
 */
function halfWidthNextToChinese(message: string): string[] {
  if (!new RegExp(`[${HAN}]`, 'u').test(message)) return [];
  const plain = prose(message)
    .replace(/Firecrawl: /g, '\u0000')
    .replace(/, …/g, '\u0000')
    .replace(/[(（]\? /g, '\u0000')
    .replace(/\{\d+\}/g, '\ue000');
  const text = `${HAN}\\ue000`;
  const pattern = new RegExp(`[${text}][,;:?!]|(?<=[^\\s(])[,;:?!] *[${text}]`, 'gu');
  return [...plain.matchAll(pattern)].map((m) => m[0].replace(/\ue000/g, '{n}'));
}

/**
 * Half-width brackets in a Chinese message, for example "任务 ID(UUID)" or "超时 (408)": a Chinese sentence
 * brackets even Latin words and numbers with （）. Left alone: a link to a placeholder "[开启]({0})" and "http(s)".
 */
function halfWidthBrackets(message: string): string[] {
  if (!new RegExp(`[${HAN}]`, 'u').test(message)) return [];
  const plain = prose(message)
    .replace(/\]\(\{\d+\}\)/g, ']')
    .replace(/http\(s\)/g, ' ');
  return [...plain.matchAll(/.?[()].?/gu)].map((m) => m[0]);
}

/**
 * A French colon with no space before it, for example "{0}: {1}" or "Firecrawl: Réactiver" (French sets
 * "{0} : {1}", as the rest of the bundle does). Left alone: JSON written out ({"run": …}) and a time (12:30).
 */
function colonWithoutSpace(message: string): string[] {
  return [...prose(message).matchAll(/[^\s\u00a0\u202f"]:(?=\s|$)/gu)].map((m) => m[0]);
}

/** Full-width brackets in a Japanese message: this bundle brackets with half-width ( ), as Japanese VS Code does. */
function fullWidthBrackets(message: string): string[] {
  return [...prose(message).matchAll(/.?[（）].?/gu)].map((m) => m[0]);
}

function strings(lang: string): [string, string][] {
  const out: [string, string][] = [];
  for (const file of [`l10n/bundle.l10n.${lang}.json`, `package.nls.${lang}.json`]) {
    const bundle = read(...file.split('/'));
    for (const key of Object.keys(bundle)) out.push([`${file} ${JSON.stringify(key.length > 60 ? `${key.slice(0, 60)}…` : key)}`, text(bundle[key])]);
  }
  return out;
}

describe('localisation terms: one word for one thing in each language', () => {
  for (const [lang, rules] of Object.entries(RULES)) {
    test(`${lang}: ${rules.map((r) => `${r.term} → ${r.chosen}`).join(', ')}`, () => {
      const found: string[] = [];
      for (const [where, message] of strings(lang)) {
        const plain = prose(message);
        for (const rule of rules)
          for (const pattern of rule.forbidden) {
            const hit = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
            for (const m of plain.matchAll(hit)) found.push(`${where}: "${m[0]}" for ${rule.term}; this bundle says "${rule.chosen}"`);
          }
      }
      assert.deepEqual(found, []);
    });
  }

  test('zh-cn: Chinese text takes full-width ，；：？！（）', () => {
    const found: string[] = [];
    for (const [where, message] of strings('zh-cn')) for (const hit of [...halfWidthNextToChinese(message), ...halfWidthBrackets(message)]) found.push(`${where}: "${hit}"`);
    assert.deepEqual(found, []);
  });

  test('fr: a colon takes a space before it', () => {
    const found: string[] = [];
    for (const [where, message] of strings('fr')) for (const hit of colonWithoutSpace(message)) found.push(`${where}: "${hit}"`);
    assert.deepEqual(found, []);
  });

  test('ja: brackets are half-width ( )', () => {
    const found: string[] = [];
    for (const [where, message] of strings('ja')) for (const hit of fullWidthBrackets(message)) found.push(`${where}: "${hit}"`);
    assert.deepEqual(found, []);
  });

  test('the rules themselves catch what they are for and spare what they are not', () => {
    const hits = (lang: string, message: string): number => RULES[lang]!.flatMap((r) => r.forbidden).filter((p) => p.test(prose(message))).length;
    assert.equal(hits('pt-br', 'Copiar ID do job'), 1);
    assert.equal(hits('pt-br', 'Defina `firecrawl.jobIds.hover` no trabalho'), 0);
    assert.equal(hits('fr', 'Firecrawl accepte les retours {0}.'), 1);
    assert.equal(hits('fr', 'retour au récapitulatif'), 0);
    assert.equal(hits('fr', 'votre clé d’API'), 1);
    assert.equal(hits('pt-br', 'O site bloqueou o rastreador'), 0);
    assert.equal(hits('fr', '$(feedback) Évaluer ce résultat'), 0);
    assert.equal(hits('ja', 'Web を検索…'), 1);
    assert.equal(hits('ja', 'https://Web.example'), 0);
    assert.equal(hits('zh-cn', '复制作业 ID'), 1);
    assert.equal(hits('zh-cn', '启动代理任务'), 1);
    assert.equal(hits('zh-cn', 'AI 代理工具；中间有代理(代理或网关)'), 0);
    assert.deepEqual(halfWidthNextToChinese('任务 ID: {0}。哪个任务?'), [': {n}', '务?']);
    assert.deepEqual(halfWidthNextToChinese('Firecrawl: 抓取 URL'), []);
    assert.deepEqual(halfWidthNextToChinese('页码 {0}, …（共 {1} 页）；查询或片段（? 或 #）'), []);
    assert.deepEqual(halfWidthNextToChinese('[设置 API 密钥](command:firecrawl.setApiKey) `a: b`'), []);
    assert.deepEqual(halfWidthNextToChinese('Agent run {0}: {1}.'), []);
    assert.deepEqual(halfWidthBrackets('任务 ID(UUID)，超时 (408)'), ['D(U', 'D)，', ' (4', '8)']);
    assert.deepEqual(halfWidthBrackets('$(play) 启动；[开启]({0})；[设置](command:firecrawl.setApiKey)；http(s) 地址（{0}）'), []);
    assert.deepEqual(halfWidthBrackets('Agent run ({0})'), []);
    assert.equal(hits('de', 'Firecrawl hat {0} gescrapt.'), 1);
    assert.equal(hits('de', 'URL scrapen'), 1);
    assert.equal(hits('de', 'Ein Scrape kostet 1 Credit; ein scrape-Job'), 0);
    assert.deepEqual(colonWithoutSpace('{0}: {1}; **Firecrawl: Réactiver**'), ['}:', 'l:']);
    assert.deepEqual(colonWithoutSpace('{0} : {1} ; un objet tel que {"run": "nightly"}, à 12:30, `a: b`, https://example.com'), []);
    assert.deepEqual(fullWidthBrackets('通知を表示します（参照）'), ['す（参', '照）']);
    assert.deepEqual(fullWidthBrackets('結果の数 (1–100)'), []);
  });
});
