// "Firecrawl: Search the Web…": a query, the raw POST /v2/search (its `id` rates the search), and the
// results in a pick as plain text: check some to scrape them, or take the list button (or Enter with
// none checked) to open every result as one Markdown list, which is rated as the search. A pick closed
// without an answer can be shown again from a notification: the search is not sent twice. More than a few
// results checked are asked about before they are scraped, and No is a pick closed. A search that
// finds nothing is no pick: its empty list opens (rated as the search) and a notification says so.
import * as vscode from 'vscode';
import { checked, MAX_SEARCH_QUERY, searchBody, type SearchResult } from '../../../api';
import { selectedText } from '../../../host/editorInput';
import { runSettings } from '../../../host/settings';
import { formatExact, plural } from '../../../shared/format';
import { plainText } from '../../../shared/text';
import { resultFileName, searchDocument } from '../model/resultDocument';
import { askPick, askText, tooLong } from './quickInput';
import { openResult, sayNothingFound, type SentResult } from './resultEditors';
import { reportRunError, type RunOutcome } from './runErrors';
import { withRunProgress } from './runProgress';
import { confirmScrapes, scrapeUrls } from './scrapeCommand';
import { openingValue, ranHere, type RunServices } from './services';

/** The list button's answer: no URL can be empty. */
const OPEN_LIST = '';

/** `editing`: the query of a search that failed, opened for a change (Edit and Retry), whatever is selected now. */
export async function searchCommand(services: RunServices, editing?: string): Promise<RunOutcome> {
  if (editing !== undefined) services.typed.set('search', editing);
  const selection = editing === undefined ? selectedText()?.trim() : undefined;
  const answer = await askText({
    title: vscode.l10n.t('Firecrawl: Search the Web'),
    prompt: vscode.l10n.t('What to search for.'),
    required: vscode.l10n.t('Type what to search for: a search needs a query.'),
    validate: (t) => tooLong(t, MAX_SEARCH_QUERY),
    value: openingValue(services, 'search', selection && selection.length <= 200 && !selection.includes('\n') ? selection : undefined),
    keep: (text) => services.typed.set('search', text),
  });
  if (answer.kind !== 'accept') return { opened: [], cancelled: true };
  const query = answer.value.trim();
  services.typed.set('search', query);
  return runSearch(services, query);
}

async function runSearch(services: RunServices, query: string): Promise<RunOutcome> {
  const sent = ranHere(services);
  const outcome = await withRunProgress(vscode.l10n.t('Firecrawl: searching for {0}', plainText(query, 80)), (signal) =>
    services.provider.client.search(checked('search', searchBody(query, runSettings.searchLimit())), { signal }),
  );
  if (!outcome.ok) {
    const failure = reportRunError(outcome.error, services, { retry: () => runSearch(services, query), edit: () => searchCommand(services, query) });
    return failure ? { opened: [], failure } : { opened: [], cancelled: true };
  }
  const result = outcome.value;
  services.refresh.request();
  services.log.info(`Searched: job ${result.jobId ?? '(none)'}, ${result.hits.length} results, ${result.creditsUsed ?? '?'} credits`);
  const ratable = result.jobId ? { endpoint: 'search' as const, jobId: result.jobId, ...(result.creditsUsed !== undefined ? { creditsUsed: result.creditsUsed } : {}), ...sent } : undefined;
  if (result.hits.length === 0) {
    // A pick of nothing would read as a list still to come; the list's document is what holds the rating.
    const document = await openResult(services, searchDocument(query, result, services.clock.now()), ratable, query, resultFileName(query, 'search'), false);
    sayNothingFound(
      services,
      vscode.l10n.t('Firecrawl: no results for “{0}”. Search again with other words, or rate the search.', plainText(query, 80)),
      { label: vscode.l10n.t('Search Again…'), run: () => searchCommand(services, query) },
      ratable,
    );
    return { opened: document ? [document] : [] };
  }
  return showHits(services, query, result, ratable);
}

/** `wasChecked`: the results checked when it was closed by No to scraping them, checked again. */
async function showHits(services: RunServices, query: string, result: SearchResult, ratable: SentResult | undefined, wasChecked: readonly string[] = []): Promise<RunOutcome> {
  const count = result.hits.length;
  const credits = result.creditsUsed;
  const picked = await askPick<string>({
    title:
      credits === undefined
        ? vscode.l10n.t('Firecrawl: {0}', plainText(query, 80))
        : plural(
            credits,
            vscode.l10n.t('Firecrawl: {0} ({1} credit used)', plainText(query, 80), formatExact(credits)),
            vscode.l10n.t('Firecrawl: {0} ({1} credits used)', plainText(query, 80), formatExact(credits)),
          ),
    placeholder: plural(
      count,
      vscode.l10n.t('{0} result: check pages to scrape, or Enter for all as a list', formatExact(count)),
      vscode.l10n.t('{0} results: check pages to scrape, or Enter for all as a list', formatExact(count)),
    ),
    many: true,
    // Everything here came from pages: plain text, no icons, no links.
    items: result.hits.map((hit) => ({
      label: plainText(hit.title ?? hit.url, 200),
      description: plainText(hit.url, 200),
      detail: hit.description ? plainText(hit.description, 300) : '',
      value: hit.url,
    })),
    actions: [{ button: { iconPath: new vscode.ThemeIcon('list-unordered'), tooltip: vscode.l10n.t('Open All as a Markdown List') }, value: [OPEN_LIST] }],
    selected: wasChecked,
  });
  const urls = picked.kind === 'accept' ? picked.value.filter((u) => u !== OPEN_LIST) : [];
  if (picked.kind !== 'accept' || !(await confirmScrapes(urls.length))) {
    // The search is paid for: a pick closed by Escape or a click elsewhere (or No to scraping many) can come back without a second search.
    const again = vscode.l10n.t('Show Results Again');
    void vscode.window.showInformationMessage(vscode.l10n.t('Firecrawl: the search results for {0} were closed; nothing was opened.', plainText(query, 80)), again).then((choice) => {
      if (choice === again) void showHits(services, query, result, ratable, urls);
    });
    return { opened: [], cancelled: true };
  }
  if (urls.length) return scrapeUrls(services, urls);
  const document = await openResult(services, searchDocument(query, result, services.clock.now()), ratable, query, resultFileName(query, 'search'));
  return { opened: document ? [document] : [] };
}
