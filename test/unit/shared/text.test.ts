import * as assert from 'node:assert/strict';
import { suite, test } from 'node:test';
import MarkdownIt from 'markdown-it';
import { documentJson, escapeDocumentText, fileNameWords, usualLineBreaks } from '../../../src/shared/text';

// Rendered as VS Code's Markdown preview renders a document: raw HTML on, bare addresses linkified.
const md = new MarkdownIt({ html: true, linkify: true });

/** The text a person sees where `escaped` stands, and whether it made any element beyond the item's. */
function rendered(markdown: string): { text: string; html: string } {
  const html = md.render(markdown);
  const text = html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();
  return { text, html };
}

const HOSTILE = [
  '[Win](command:workbench.action.quit)',
  '![pixel](https://tracker.example/p.png)',
  '<b>bold</b> <img src=x onerror=alert(1)>',
  '<command:workbench.action.quit>',
  '*strong* and _emphasis_ and `code`',
  '&amp; &#x27; &copy;',
  '# A heading',
  '> a quote',
  '- a list',
  '+ a list',
  '1. a numbered list',
  '2) another',
  '---',
  '===',
  '| a | b |',
  '~~struck~~',
  'back\\slash\\',
  '[ref]: command:x',
];

suite('escapeDocumentText', () => {
  test('ordinary titles stay as they are written: dashes, dots, colons, parentheses, hashes and prices', () => {
    for (const title of ['Pricing - Acme.com: plans (2026)', 'Sandbox docs/page-7', 'C# in 10 minutes!', 'Issue #42 + fixes', 'AT&T results', 'From 16.50 a month']) {
      assert.equal(escapeDocumentText(title), title);
    }
  });

  for (const [where, line] of [
    ['opening a list item', (t: string) => `- ${t}\n`],
    ['after text on a line', (t: string) => `Search: ${t}\n`],
    ['on an item’s continuation line', (t: string) => `- \`https://r.example/1\`  \n  ${t}\n`],
  ] as const) {
    test(`server text ${where} renders as the characters it is: no command link, image, HTML, emphasis, code, heading, quote, list, rule or table`, () => {
      const elements = (html: string) => (html.match(/<[a-z][a-z0-9]*/g) ?? []).sort();
      const own = elements(rendered(line('x')).html);
      for (const raw of HOSTILE) {
        const { text, html } = rendered(line(escapeDocumentText(raw)));
        assert.ok(text.endsWith(raw), `${raw} → ${html}`);
        // A bare https address may become a link, as in any scraped page; nothing else is made.
        const made = elements(html.replace(/<a href="https:\/\/[^"]*">/g, ''));
        assert.deepEqual(made, own, `${raw} → ${html}`);
      }
    });
  }

  test('a line break or a control character never starts a line of its own', () => {
    const { html } = rendered(`- ${escapeDocumentText('first\n# second\r\n> third\u0000')}\n`);
    assert.doesNotMatch(html, /<h1|<blockquote/);
    assert.match(html, /first # second &gt; third/);
  });
});

suite("Unicode's own line breaks (LS U+2028, PS U+2029, NEL U+0085)", () => {
  test('in Markdown text: a line separator or NEL is a line break, a paragraph separator an empty line', () => {
    assert.equal(usualLineBreaks('one\u2028two\u0085three\u2029four'), 'one\ntwo\nthree\n\nfour');
    assert.equal(rendered(usualLineBreaks('Hours\u2029Closed on holidays.')).html, '<p>Hours</p>\n<p>Closed on holidays.</p>\n');
    assert.equal(usualLineBreaks('no separators here\r\n'), 'no separators here\r\n');
  });

  test('in JSON text: written as escapes, so the data parses the same and no raw one is left', () => {
    const value = { text: 'a\u2028b\u2029c\u0085d', list: ['\u2028'], 'key\u2029': 1 };
    const json = documentJson(value);
    assert.doesNotMatch(json, /[\u2028\u2029\u0085]/);
    assert.deepEqual(JSON.parse(json), value);
    assert.match(json, /"a\\u2028b\\u2029c\\u0085d"/);
    assert.equal(documentJson({ a: [1, 'x'] }), JSON.stringify({ a: [1, 'x'] }, null, 2));
  });

  test('on one line of a document: each is a space, as a line break is', () => {
    assert.equal(escapeDocumentText('Hours\u2028and\u2029days\u0085open'), 'Hours and days open');
    assert.equal(escapeDocumentText('\u2029# not a heading'), '\\# not a heading');
  });
});

suite('fileNameWords', () => {
  test('keeps letters of every script, digits, dots, dashes and underscores; anything else is one dash', () => {
    assert.equal(fileNameWords('Node.js vs Deno: what changed?'), 'Node.js-vs-Deno-what-changed');
    assert.equal(fileNameWords('クローラーの調査 2026'), 'クローラーの調査-2026');
    assert.equal(fileNameWords('Café / résumé_v2'), 'Café-résumé_v2');
    // A vowel sign is a mark, not a letter; an accent typed apart joins its letter.
    assert.equal(fileNameWords('हिन्दी समाचार'), 'हिन्दी-समाचार');
    assert.equal(fileNameWords('Cafe\u0301 menu'), 'Caf\u00e9-menu');
  });

  test('never names a hidden file or a way up, and a name of nothing but marks is empty', () => {
    assert.equal(fileNameWords('../../etc/passwd'), 'etc-passwd');
    assert.equal(fileNameWords('.env'), 'env');
    assert.equal(fileNameWords('?!… —'), '');
  });

  test('at most the length asked for, without a dangling dash or half a letter', () => {
    assert.equal(fileNameWords('a'.repeat(59) + ' b'), 'a'.repeat(59));
    assert.equal(fileNameWords('abc def', 5), 'abc-d');
    assert.equal(fileNameWords('x'.repeat(59) + '😀'), 'x'.repeat(59));
  });
});
