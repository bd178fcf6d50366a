// The Markdown documents results open as: the header's facts, the warning on a site's error page,
// and page-chosen text that cannot become markup or a link in the header or the lists.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { mapDocument, parseDocument, overBytes, resultFileName, scrapeDocument, searchDocument } from '../../../src/features/run/model/resultDocument';

const AT = Date.parse('2026-11-27T08:00:00Z');
const JOB = '3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4';

describe('result documents', () => {
  test('a scrape: source, final URL, site status, credits, job id and time above the page', () => {
    const text = scrapeDocument(
      { markdown: '# Hello\n\nBody', sourceUrl: 'https://example.com/a', finalUrl: 'https://example.com/b', statusCode: 200, creditsUsed: 1, jobId: JOB },
      'https://example.com/a',
      AT,
    );
    const [header, page] = text.split('\n\n---\n\n');
    assert.match(header ?? '', /^> Source: `https:\/\/example\.com\/a` {2}$/m);
    assert.match(header ?? '', /Final URL: `https:\/\/example\.com\/b`/);
    assert.match(header ?? '', /Site status: 200/);
    assert.match(header ?? '', /Credits used: 1 credit {2}$/m);
    assert.match(header ?? '', new RegExp(`Job id: \`${JOB}\``));
    assert.match(header ?? '', /Fetched: /);
    assert.equal(page, '# Hello\n\nBody\n');
  });

  test('a site error page is flagged; an empty page says so', () => {
    const text = scrapeDocument({ markdown: '', statusCode: 404 }, 'https://example.com/missing', AT);
    assert.match(text, /⚠ The site answered 404/);
    assert.match(text, /\(The page had no text\.\)/);
    assert.doesNotMatch(text, /Credits used/);
  });

  test('a parsed file is named by its file, with no site status (an upload has no site), and an empty one says it is the file', () => {
    const text = parseDocument({ markdown: '', statusCode: 200, sourceUrl: 'https://ignored.example', jobId: JOB, creditsUsed: 2 }, 'q1 `report`.csv', AT);
    const [header, body] = text.split('\n\n---\n\n');
    assert.match(header ?? '', /^> Source: ``q1 `report`\.csv`` {2}$/m);
    assert.doesNotMatch(header ?? '', /Site status|ignored\.example/);
    assert.match(header ?? '', /Credits used: 2 credits {2}$/m);
    assert.equal(body, '(The file had no text.)\n');
    assert.match(new MarkdownIt().render(header ?? ''), /<code>q1 `report`\.csv<\/code>/, 'the name reads as it is written, spaces and backticks too');
  });

  test('what a page chose for the header is escaped: no link, no HTML, no icon', () => {
    const text = scrapeDocument({ markdown: 'x', sourceUrl: 'https://e.com/`[a](command:x)`', warning: '<script>alert(1)</script> $(alert)' }, 'https://e.com', AT);
    const header = text.split('\n\n---\n\n')[0] ?? '';
    // The address stays one code span: its backticks cannot close it early.
    assert.match(header, /Source: `https:\/\/e\.com\/%60\[a\]\(command:x\)%60`/);
    assert.match(header, /Firecrawl warned: \\<script>alert\(1\)\\<\/script> \\\$\(alert\)/);
  });

  test('a line break the service put in an address or a job id cannot end the header: what follows stays inside the code', () => {
    const evil = '\n\n[Click to continue](command:workbench.action.quit)\r<img src=x>';
    const links = (doc: string) => [...new MarkdownIt({ html: true }).render(doc).matchAll(/href="command:|<img/g)].length;
    const scrape = scrapeDocument({ markdown: 'x', sourceUrl: 'https://e.com/a', finalUrl: `https://e.com/b${evil}`, jobId: `${JOB}${evil}` }, 'https://e.com', AT);
    assert.equal(links(scrape), 0);
    const header = scrape.split('\n\n---\n\n')[0] ?? '';
    assert.ok(
      header.split('\n').every((line) => line.startsWith('> ')),
      header,
    );
    assert.match(header, /Final URL: `https:\/\/e\.com\/b%0A%0A\[Click%20to%20continue\]\(command:workbench\.action\.quit\)%0D<img%20src=x>`/);
    const map = mapDocument('https://docs.example.org', { links: [{ url: `https://docs.example.org/a${evil}` }] }, AT);
    assert.equal(links(map), 0);
    assert.equal(map.split('\n').filter((line) => line.startsWith('- ')).length, 1);
  });

  test("the page's own Markdown is kept, but its command addresses are broken: the editor would run them on Ctrl+Click", () => {
    const markdown = [
      'Run [this](command:workbench.action.quit) or [that]( <COMMAND:firecrawl.clearApiKey> ).',
      '<command:x>',
      '[ref]: command:y',
      '[web](https://example.com/) and the command: line',
    ].join('\n');
    const page = scrapeDocument({ markdown }, 'https://e.com', AT).split('\n\n---\n\n')[1] ?? '';
    assert.doesNotMatch(page, /command:/i);
    assert.equal(page.replace(/\u200b/g, ''), `${markdown}\n`, 'the text reads the same');
    assert.match(page, /\[web\]\(https:\/\/example\.com\/\)/, 'web links stay links');
  });

  test("Unicode's line and paragraph separators and NEL, in a page, a title or an address, leave none in the document: VS Code would ask to delete them", () => {
    const page = scrapeDocument(
      { markdown: 'Open 9 to 17\u2028Sat 10 to 14\u2029Closed on holidays.\u0085Call ahead.', sourceUrl: 'https://e.com/a\u0085b', warning: 'slow\u2028page' },
      'https://e.com',
      AT,
    );
    assert.doesNotMatch(page, /[\u2028\u2029\u0085]/);
    assert.ok(page.endsWith('\n\nOpen 9 to 17\nSat 10 to 14\n\nClosed on holidays.\nCall ahead.\n'), page);
    assert.match(page, /Source: `https:\/\/e\.com\/a%C2%85b`/);
    assert.match(page, /Firecrawl warned: slow page/);
    const search = searchDocument('hours\u2029open', { hits: [{ url: 'https://e.com/\u2028', title: 'Hours\u2028and days', description: 'Open\u0085daily' }] }, AT);
    const map = mapDocument('https://e.com', { links: [{ url: 'https://e.com/x', title: 'X\u2029Y' }] }, AT);
    for (const text of [search, map]) assert.doesNotMatch(text, /[\u2028\u2029\u0085]/);
    assert.match(search, /- Hours and days {2}\n {2}`https:\/\/e\.com\/%E2%80%A8` {2}\n {2}Open daily/);
  });

  test('search results: titles and descriptions escaped, addresses as code, never links', () => {
    const text = searchDocument(
      'q',
      { jobId: JOB, creditsUsed: 2, hits: [{ url: 'https://r.example/1', title: '[Win](command:workbench.action.quit)', description: '<b>x</b>' }, { url: 'https://r.example/`2`' }] },
      AT,
    );
    assert.match(text, /Search: q/);
    assert.match(text, /2 results/);
    assert.match(text, /Credits used: 2 credits/);
    assert.match(text, /- \\\[Win\\\]\(command:workbench\.action\.quit\)/);
    assert.match(text, /`https:\/\/r\.example\/1`/);
    assert.match(text, /\\<b>x\\<\/b>/);
    assert.match(text, /`https:\/\/r\.example\/%602%60`/);
  });

  test('a map: one URL a line with its title', () => {
    const text = mapDocument('https://docs.example.org', { jobId: JOB, links: [{ url: 'https://docs.example.org/', title: 'Home' }, { url: 'https://docs.example.org/docs' }] }, AT);
    assert.match(text, /2 links/);
    assert.match(text, /^- `https:\/\/docs\.example\.org\/` Home$/m);
    assert.match(text, /^- `https:\/\/docs\.example\.org\/docs`$/m);
  });
  test('a map that returned as many links as it asked for says the site may have more; one with fewer says nothing of it', () => {
    const links = [{ url: 'https://docs.example.org/' }, { url: 'https://docs.example.org/docs' }];
    const full = mapDocument('https://docs.example.org', { links }, AT, 2);
    assert.match(full, /^> ⚠ The map stopped at the 2 links it asked for: the site may have more\. Raise the setting firecrawl\.run\.mapLimit to list more\. {2}$/m);
    assert.doesNotMatch(mapDocument('https://docs.example.org', { links }, AT, 3), /may have more/);
    assert.doesNotMatch(mapDocument('https://docs.example.org', { links }, AT), /may have more/, 'no limit known: nothing said');
    assert.match(
      mapDocument('https://e.com', { links: [links[0]!] }, AT, 1),
      /^> ⚠ The map stopped at the one link it asked for: the site may have more\. Raise the setting firecrawl\.run\.mapLimit to list more\. {2}$/m,
    );
    assert.match(mapDocument('https://e.com', { links: Array.from({ length: 2_500 }, (_, i) => ({ url: `https://e.com/${i}` })) }, AT, 2_500), /stopped at the 2,500 links/);
  });
  test('a result is named after what was asked: no scheme, only letters, digits, dots and dashes', () => {
    assert.equal(resultFileName('https://docs.example.org/start'), 'docs.example.org-start.md');
    assert.equal(resultFileName('https://docs.example.org/a b?q=1#x'), 'docs.example.org-a-b-q-1-x.md');
    assert.equal(resultFileName('pricing pages of scraping APIs', 'search'), 'search-pricing-pages-of-scraping-APIs.md');
    assert.equal(resultFileName('価格 ページ', 'search'), 'search-価格-ページ.md');
    assert.equal(resultFileName('https://docs.example.org', 'map'), 'map-docs.example.org.md');
    assert.equal(resultFileName('../../etc/passwd'), 'etc-passwd.md');
    assert.equal(resultFileName('***'), 'firecrawl-result.md');
    assert.equal(resultFileName(`https://e.com/${'x'.repeat(200)}`).length, 'e.com-'.length + 54 + '.md'.length);
  });

  test('a name cut to length never splits a letter written as two UTF-16 units: the document URI could not be written', () => {
    // 𠮷 (a common kanji outside the BMP) straddles the cut: half of it cannot be percent-encoded.
    const name = resultFileName(`https://e.com/${'x'.repeat(53)}𠮷野家`);
    assert.doesNotThrow(() => encodeURIComponent(name), name);
    assert.equal(name, `e.com-${'x'.repeat(53)}.md`);
    assert.equal(resultFileName(`${'x'.repeat(58)}𠮷野家`, 'search'), `search-${'x'.repeat(58)}𠮷.md`);
  });

  test('overBytes counts UTF-8 bytes as a saved file takes them, without encoding', () => {
    const samples = ['a'.repeat(10), 'é'.repeat(7), '語'.repeat(5), '😀'.repeat(4), 'a😀é語', '\ud800x', 'x\ud800', '\udc00\ud800'];
    for (const text of samples) {
      const bytes = new TextEncoder().encode(text).byteLength;
      assert.equal(overBytes(text, bytes), false, `${JSON.stringify(text)} fits in its ${bytes} bytes`);
      assert.equal(overBytes(text, bytes - 1), true, `${JSON.stringify(text)} does not fit in ${bytes - 1}`);
    }
  });
});
