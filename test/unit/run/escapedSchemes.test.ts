// A page's command and editor addresses stay dead in VS Code's Markdown preview however they are
// spelled: the preview decodes backslash escapes and character references in a link's address
// before it reads the scheme, so `vscode\:` and `&#99;ommand&colon;` are `vscode:` and `command:` there.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { scrapeDocument } from '../../../src/features/run/model/resultDocument';
import { inertCommandLinks } from '../../../src/shared/text';

// As the preview renders a document: raw HTML on, bare addresses linkified.
const md = new MarkdownIt({ html: true, linkify: true });
const liveTargets = (markdown: string) => [...md.render(markdown).matchAll(/href="([^"]*)"/g)].map((m) => m[1]!).filter((href) => /^(command|vscode(-insiders)?):/i.test(href));

const SPELLINGS = [
  '[Install](vscode\\://vscode.git/clone?url=https://evil.example/x.git)',
  '[Install](vscode&#58;//vscode.git/clone?url=https://evil.example/x.git)',
  '[Install](vscode&#x3A;//vscode.git/clone)',
  '[Install](VSCODE\\:vscode.git/clone)',
  '[Quit](command&colon;workbench.action.quit)',
  '[Quit](&#99;ommand:workbench.action.quit)',
  '[Quit](c&#x6f;mmand&#0058;workbench.action.quit)',
  '[Open](vscode\\-insiders\\://vscode.git/clone)',
  '[ref]\n\n[ref]: command\\:workbench.action.quit',
];

describe('escaped schemes in a scraped page', () => {
  for (const page of SPELLINGS) {
    test(`${JSON.stringify(page)} is no live link in the preview`, () => {
      assert.ok(liveTargets(page).length > 0, 'the spelling is a live link when left as it is');
      const doc = scrapeDocument({ markdown: page }, 'https://e.com', 0);
      assert.deepEqual(liveTargets(doc), []);
      assert.equal(inertCommandLinks(page).replace(/\u200b/g, ''), page, 'the text reads the same');
    });
  }
});
