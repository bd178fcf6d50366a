// A research job's final analysis is Markdown from a remote service, shown in VS Code's preview.
// One test per way a link, an image or HTML could get past: every link left in the output points
// at http(s), mailto or a fragment, no image loads, no HTML survives, and code reads as it was.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeEntities, linkTarget, sanitizeMarkdown } from '../../../src/shared/markdown';

const ZWSP = '\u200b';

/**
 * What the output could still link to: every `](` must close one of our canonical links with an
 * allowed target; no definition (`]:`), tag or autolink opener (`<` + letter, `/`, `!`, `?`) and no
 * image (`![`) is left unbroken.
 */
function assertInert(out: string): void {
  for (const match of out.matchAll(/\]\(([^)]*)\)/g)) assert.match(match[1]!, /^(https?:\/\/|mailto:|#)/, `link to ${match[1]} in ${JSON.stringify(out)}`);
  assert.doesNotMatch(out, /\]:/, 'no reference definition');
  assert.doesNotMatch(out, /<[A-Za-z/!?]/, 'no tag or autolink opener');
  assert.doesNotMatch(out, /!\[[^\]]*\]\(/, 'no image');
}

function clean(markdown: string): string {
  const out = sanitizeMarkdown(markdown);
  assertInert(out);
  return out;
}

describe('links are decided after parsing, against http, https and mailto', () => {
  test('command: in an inline link becomes the link text', () => {
    assert.equal(clean('See [Run](command:workbench.action.terminal.new) now.'), 'See Run now.');
  });

  test('a numeric entity for the colon (&#58;) is decoded before deciding', () => {
    assert.equal(clean('[x](command&#58;workbench.action.quit)'), 'x');
    assert.equal(clean('[x](command&#x3A;workbench.action.quit)'), 'x');
  });

  test('a named entity for the colon (&colon;) is decoded before deciding', () => {
    assert.equal(clean('[x](command&colon;workbench.action.quit)'), 'x');
  });

  test('a backslash-escaped colon (command\\:) is unescaped before deciding', () => {
    assert.equal(clean('[x](command\\:workbench.action.quit)'), 'x');
  });

  test('a reference-style definition cannot point at a command; the definition line disappears', () => {
    const out = clean('Read [the docs][evil] and [evil].\n\n[evil]: command:workbench.action.quit "Quit"\n');
    assert.equal(out, 'Read the docs and evil.\n\n\n');
  });

  test('an allowed reference definition becomes an inline link where it is used', () => {
    assert.equal(
      clean("[Docs][d], [d][], [d]\n\n[d]: <https://docs.firecrawl.dev/x y> 't'"),
      '[Docs](https://docs.firecrawl.dev/x%20y), [d](https://docs.firecrawl.dev/x%20y), [d](https://docs.firecrawl.dev/x%20y)\n\n',
    );
  });

  test('a definition that is not one (inside a paragraph) stays text and cannot define anything', () => {
    const out = clean('text\n[evil]: command:x\n\n[evil]');
    assert.equal(out, `text\n[evil]${ZWSP}: command:x\n\n[evil]`);
  });

  test('vscode:, vscode-insiders:, file:, javascript:, data: and relative targets all become text', () => {
    for (const target of [
      'vscode://ms-python.python/run',
      'vscode-insiders://x',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,hi',
      'java\tscript:x',
      'other.md',
      '//evil.example/x',
    ]) {
      assert.equal(clean(`[go](${target.includes('\t') ? `<${target}>` : target})`), 'go', target);
    }
  });

  test('raw <a href> is dropped, its text kept', () => {
    assert.equal(clean('Click <a href="command:workbench.action.quit">here</a> please.'), 'Click here please.');
    assert.equal(clean("<A HREF='vscode://x'\nonclick=x>more</A>"), `<${ZWSP}A HREF='vscode://x'\nonclick=x>more`);
  });

  test('remote <img> (a tracking pixel) is dropped', () => {
    assert.equal(clean('Hi<img src="https://tracker.example/p.png?u=1" width=1 height=1>.'), 'Hi.');
  });

  test('a Markdown image becomes a link to it: nothing loads by itself', () => {
    assert.equal(clean('![pixel](https://tracker.example/p.png)'), '[pixel](https://tracker.example/p.png)');
    assert.equal(clean('![](https://tracker.example/p.png)'), '[image](https://tracker.example/p.png)');
    assert.equal(clean('![x](file:///etc/passwd)'), 'x');
  });

  test('a reference-style image becomes a link too', () => {
    assert.equal(clean('![chart][c]\n\n[c]: https://img.example/c.png'), '[chart](https://img.example/c.png)\n\n');
  });

  test('a badge (image inside a link) keeps the link, not the image', () => {
    assert.equal(clean('[![build](https://ci.example/b.svg)](https://ci.example/)'), '[build](https://ci.example/)');
  });

  test('autolinks: http(s) and e-mail stay links, anything else is text', () => {
    assert.equal(
      clean('<https://a.dev/x> <me@example.com> <command:workbench.action.quit> <vscode://x/y>'),
      '[https://a.dev/x](https://a.dev/x) [me@example.com](mailto:me@example.com) command:workbench.action.quit vscode://x/y',
    );
  });

  test('allowed links are rewritten canonically: title dropped, parentheses and spaces encoded, entities kept meaning', () => {
    assert.equal(clean('[w](https://en.wikipedia.org/wiki/Crawler_(software) "t")'), '[w](https://en.wikipedia.org/wiki/Crawler_%28software%29)');
    assert.equal(clean('[q](https://a.dev/?a=1&amp;b=2)'), '[q](https://a.dev/?a=1&amp;b=2)');
    assert.equal(clean('[m](mailto:team@example.com) [top](#findings)'), '[m](mailto:team@example.com) [top](#findings)');
  });

  test('bare ftp:// is not left for the preview to link', () => {
    assert.equal(clean('Mirror at ftp://files.example/x and https://a.dev'), `Mirror at ftp:/${ZWSP}/files.example/x and https://a.dev`);
  });

  test('a link that only forms once HTML is dropped never forms', () => {
    assert.equal(clean('[x]<b></b>(command:workbench.action.quit)'), `[x]${ZWSP}(command:workbench.action.quit)`);
    assert.equal(clean('!<i></i>[p](https://tracker.example/p.png)'), `!${ZWSP}[p](https://tracker.example/p.png)`);
  });

  test('HTML comments, scripts and declarations are dropped', () => {
    assert.equal(clean('a<!-- [x](command:y) -->b<script>alert(1)</script><!DOCTYPE html>'), 'abalert(1)');
  });

  test('links split over lines are broken wherever they close', () => {
    assert.equal(clean('[multi\nline](command:workbench.action.quit)'), `[multi\nline]${ZWSP}(command:workbench.action.quit)`);
  });
});

describe('code reads as written', () => {
  test('a code span keeps its text; only what could link if it were not code gets an invisible break', () => {
    assert.equal(sanitizeMarkdown('Use `arr[0](x)` and `List<String>`.'), `Use \`arr[0]${ZWSP}(x)\` and \`List<String>\`.`);
    assert.equal(sanitizeMarkdown('`a <b>`').replaceAll(ZWSP, ''), '`a <b>`');
  });

  test('a fenced block keeps everything, tags without attributes included', () => {
    const code = '```html\n<div>\n  <p>[link](command:x)</p>\n  <a href="https://x">y</a>\n</div>\n```';
    const out = sanitizeMarkdown(`${code}\n\nafter`);
    assert.equal(out.replaceAll(ZWSP, ''), `${code}\n\nafter`);
    assert.match(out, /<div>\n {2}<p>/);
    // Were it not code after all, neither the link nor the tag with an href could form.
    assert.doesNotMatch(out, /\]\(|<a /);
  });

  test('a code span inside a table cell cannot hide a link from the preview', () => {
    const out = clean('| a | b |\n|---|---|\n| `x | [y](command:z) | w` | v |');
    assert.doesNotMatch(out, /\]\(command:/);
  });
});

describe('pieces', () => {
  test('entities decode as a Markdown engine decodes them in a destination', () => {
    assert.equal(decodeEntities('a&colon;b&#58;c&#x3a;d&amp;e&unknown;&#0;'), 'a:b:c:d&e&unknown;\ufffd');
  });

  test('link targets: only http(s) with a host, mailto and fragments', () => {
    assert.equal(linkTarget('https://a.dev/p?q=1#f'), 'https://a.dev/p?q=1#f');
    assert.equal(linkTarget('HTTP://A.DEV'), 'http://a.dev/');
    assert.equal(linkTarget('https://'), undefined);
    assert.equal(linkTarget('mailto:'), undefined);
    assert.equal(linkTarget('#sec'), '#sec');
    assert.equal(linkTarget(' command:x'), undefined);
  });

  test('an ordinary analysis comes through unchanged', () => {
    const analysis = '# Findings on crawlers\n\n- **One**: see [the spec](https://www.rfc-editor.org/rfc/rfc9309).\n- Two, with `code`.\n\n> quote\n\n1. a\n2. b\n';
    assert.equal(clean(analysis), analysis);
  });
});
