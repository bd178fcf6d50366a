// "Firecrawl: Scrape URL…": the URL from the argument (the context menu's selection), the selection
// when it is one web address, or typed; refused before sending unless http(s). The page opens as a
// Markdown document with its facts on top, and can be rated from there.
import * as vscode from 'vscode';
import { checked, scrapeBody, selectedWebUrl, webUrlProblem, webUrlText } from '../../../api';
import { selectedText } from '../../../host/editorInput';
import { runSettings } from '../../../host/settings';
import { formatExact, plural } from '../../../shared/format';
import { plainText } from '../../../shared/text';
import { feedbackUrl } from '../model/ratableResults';
import { resultFileName, scrapeDocument } from '../model/resultDocument';
import { askText } from './quickInput';
import { openResult } from './resultEditors';
import { confirmInTurn, offerTheRest } from './inTurn';
import { reportRunError, type RunOutcome } from './runErrors';
import { withRunProgress } from './runProgress';
import { openingValue, ranHere, type RunServices } from './services';

export async function scrapeCommand(services: RunServices, given?: unknown): Promise<RunOutcome> {
  const url = (typeof given === 'string' ? selectedWebUrl(given) : undefined) ?? (await askUrl(services, selectedWebUrl(selectedText())));
  return url ? scrapeUrls(services, [url]) : { opened: [], cancelled: true };
}

/** The URL typed in the box, which opens with `selection` when it is new, else with what was typed last. */
async function askUrl(services: RunServices, selection: string | undefined): Promise<string | undefined> {
  const answer = await askText({
    title: vscode.l10n.t('Firecrawl: Scrape URL'),
    prompt: vscode.l10n.t('The page to fetch as Markdown (http or https).'),
    placeholder: 'https://example.com/docs',
    value: openingValue(services, 'scrape', selection),
    validate: (text) => (text.trim() ? webUrlProblem(text) : undefined),
    required: vscode.l10n.t('Type the page to scrape: a scrape needs a URL.'),
    keep: (text) => services.typed.set('scrape', text),
  });
  if (answer.kind !== 'accept' || !answer.value.trim()) return undefined;
  const url = webUrlText(answer.value);
  services.typed.set('scrape', url);
  return url;
}

/** Whether to scrape `count` checked pages: more than a few are asked about first. */
export function confirmScrapes(count: number): Promise<boolean> {
  const n = formatExact(count);
  return confirmInTurn(
    count,
    plural(count, vscode.l10n.t('Scrape {0} checked page?', n), vscode.l10n.t('Scrape {0} checked pages?', n)),
    vscode.l10n.t('Each page is a scrape of its own: it uses credits (usually 1) and opens in its own editor.'),
    plural(count, vscode.l10n.t('Scrape {0} Page', n), vscode.l10n.t('Scrape {0} Pages', n)),
  );
}

/**
 * Scrapes each URL in turn, each under a progress notification of its own; each page opens as it
 * arrives. A Cancel stops the pages after it too, and says how many were left, with a way to go on.
 */
export async function scrapeUrls(services: RunServices, urls: readonly string[]): Promise<RunOutcome> {
  const opened: vscode.TextDocument[] = [];
  for (const [index, url] of urls.entries()) {
    const sent = ranHere(services);
    const outcome = await withRunProgress(vscode.l10n.t('Firecrawl: scraping {0}', plainText(url, 100)), (signal) =>
      services.provider.client.scrape(checked('scrape', scrapeBody({ url, onlyMainContent: runSettings.onlyMainContent(), timeoutMs: runSettings.scrapeTimeoutMs() })), { signal }),
    );
    if (!outcome.ok) {
      // Retry takes up where this stopped: this URL and the ones not scraped yet. Edit opens this URL
      // in the box first, and goes on with the rest; Skip goes on with the rest without it.
      const rest = urls.slice(index + 1);
      const failure = reportRunError(
        outcome.error,
        services,
        {
          retry: () => scrapeUrls(services, urls.slice(index)),
          edit: async () => {
            services.typed.set('scrape', url);
            const edited = await askUrl(services, undefined);
            if (edited) return scrapeUrls(services, [edited, ...rest]);
            // Left without an address: the pages after it are not lost unsaid, as after a Cancel.
            if (rest.length > 0) sayNotScraped(services, rest);
            return undefined;
          },
          ...(rest.length > 0 ? { skip: () => scrapeUrls(services, rest) } : {}),
        },
        urls.length > 1 ? url : undefined,
      );
      if (!failure && rest.length > 0) sayNotScraped(services, rest);
      return failure ? { opened, failure } : { opened, cancelled: true };
    }
    const result = outcome.value;
    services.refresh.request();
    services.log.info(`Scraped ${url}: job ${result.jobId ?? '(none)'}, site status ${result.statusCode ?? '?'}, ${result.creditsUsed ?? '?'} credits`);
    const page = feedbackUrl(result.finalUrl, result.sourceUrl, url);
    const ratable = result.jobId
      ? { endpoint: 'scrape' as const, jobId: result.jobId, ...(page ? { url: page } : {}), ...(result.creditsUsed !== undefined ? { creditsUsed: result.creditsUsed } : {}), ...sent }
      : undefined;
    // A page too large for an editor is offered by a notification instead (undefined here).
    const document = await openResult(services, scrapeDocument(result, url, services.clock.now()), ratable, result.title ?? url, resultFileName(url));
    if (document) opened.push(document);
  }
  return { opened };
}

/** Checked pages a Cancel left unscraped. */
function sayNotScraped(services: RunServices, rest: readonly string[]): void {
  const n = formatExact(rest.length);
  offerTheRest(
    plural(rest.length, vscode.l10n.t('Firecrawl: stopped; {0} checked page was not scraped.', n), vscode.l10n.t('Firecrawl: stopped; {0} checked pages were not scraped.', n)),
    vscode.l10n.t('Scrape the Rest'),
    () => scrapeUrls(services, rest),
  );
}
