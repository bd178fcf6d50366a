// "Firecrawl: Map a Site…": a URL, POST /v2/map, and the links twice: as a document (one URL a line
// with its title, rated as the map) and in a pick where the checked ones are scraped. No links: no
// pick, a notification says so. More than a few links checked are asked about before they are scraped.
// A map that returned as many links as it asked for says so in both: the site may have more.
import * as vscode from 'vscode';
import { checked, mapBody, type MapResult, mapReachedLimit, selectedWebUrl, webUrlProblem, webUrlText } from '../../../api';
import { selectedText } from '../../../host/editorInput';
import { runSettings } from '../../../host/settings';
import { formatExact, plural } from '../../../shared/format';
import { plainText } from '../../../shared/text';
import { mapDocument, resultFileName } from '../model/resultDocument';
import { feedbackUrl } from '../model/ratableResults';
import { askPick, askText } from './quickInput';
import { openResult, sayNothingFound } from './resultEditors';
import { reportRunError, type RunOutcome } from './runErrors';
import { withRunProgress } from './runProgress';
import { confirmScrapes, scrapeUrls } from './scrapeCommand';
import { openingValue, ranHere, type RunServices } from './services';

/** `editing`: the site of a map that failed, opened for a change (Edit and Retry), whatever is selected now. */
export async function mapCommand(services: RunServices, editing?: string): Promise<RunOutcome> {
  if (editing !== undefined) services.typed.set('map', editing);
  const answer = await askText({
    title: vscode.l10n.t('Firecrawl: Map a Site'),
    prompt: vscode.l10n.t('The site whose pages to list (http or https).'),
    placeholder: 'https://docs.example.com',
    value: openingValue(services, 'map', editing === undefined ? selectedWebUrl(selectedText()) : undefined),
    validate: (text) => (text.trim() ? webUrlProblem(text) : undefined),
    required: vscode.l10n.t('Type the site to map: a map needs a URL.'),
    keep: (text) => services.typed.set('map', text),
  });
  if (answer.kind !== 'accept') return { opened: [], cancelled: true };
  const site = webUrlText(answer.value);
  services.typed.set('map', site);
  return runMap(services, site);
}

async function runMap(services: RunServices, site: string): Promise<RunOutcome> {
  const limit = runSettings.mapLimit();
  const sent = ranHere(services);
  const outcome = await withRunProgress(vscode.l10n.t('Firecrawl: mapping {0}', plainText(site, 100)), (signal) => services.provider.client.map(checked('map', mapBody(site, limit)), { signal }));
  if (!outcome.ok) {
    const failure = reportRunError(outcome.error, services, { retry: () => runMap(services, site), edit: () => mapCommand(services, site) });
    return failure ? { opened: [], failure } : { opened: [], cancelled: true };
  }
  const result = outcome.value;
  services.refresh.request();
  services.log.info(`Mapped ${site}: job ${result.jobId ?? '(none)'}, ${result.links.length} links`);
  // The site as feedback can take it (a scrape's page goes the same way): one it would refuse is left out.
  const url = feedbackUrl(site);
  const ratable = result.jobId
    ? { endpoint: 'map' as const, jobId: result.jobId, ...(url ? { url } : {}), ...(result.creditsUsed !== undefined ? { creditsUsed: result.creditsUsed } : {}), ...sent }
    : undefined;
  const count = result.links.length;
  // Nothing found is said by its own notification, with the same Rate button.
  // A list too large for an editor is offered by a notification instead (undefined here); the pick still comes.
  const document = await openResult(services, mapDocument(site, result, services.clock.now(), limit), ratable, site, resultFileName(site, 'map'), count > 0);
  const opened = document ? [document] : [];
  if (count === 0) {
    sayNothingFound(
      services,
      vscode.l10n.t('Firecrawl: no links found on {0}. Map again with another URL, or rate the map.', plainText(site, 100)),
      { label: vscode.l10n.t('Map Again…'), run: () => mapCommand(services, site) },
      ratable,
    );
    return { opened };
  }
  return pickLinks(services, site, result, limit, opened);
}

/** The links to check and scrape; `wasChecked`: those checked when it was closed by No (the map is paid for: it comes back, not a second map). */
async function pickLinks(services: RunServices, site: string, result: MapResult, limit: number, opened: vscode.TextDocument[], wasChecked: readonly string[] = []): Promise<RunOutcome> {
  const count = result.links.length;
  const picked = await askPick<string>({
    title: vscode.l10n.t('Firecrawl: Map of {0}', plainText(site, 80)),
    placeholder: mapReachedLimit(result, limit)
      ? plural(
          count,
          vscode.l10n.t('{0} link, the limit (the site may have more): check pages to scrape', formatExact(count)),
          vscode.l10n.t('{0} links, the limit (the site may have more): check pages to scrape', formatExact(count)),
        )
      : plural(count, vscode.l10n.t('{0} link: check the pages to scrape', formatExact(count)), vscode.l10n.t('{0} links: check the pages to scrape', formatExact(count))),
    many: true,
    items: result.links.map((link) => ({ label: plainText(link.url, 200), description: link.title ? plainText(link.title, 200) : '', value: link.url })),
    selected: wasChecked,
  });
  const urls = picked.kind === 'accept' ? picked.value : [];
  if (picked.kind !== 'accept' || (urls.length > 0 && !(await confirmScrapes(urls.length)))) {
    const again = vscode.l10n.t('Show Links Again');
    void vscode.window.showInformationMessage(vscode.l10n.t('Firecrawl: the links of {0} were closed; nothing was scraped.', plainText(site, 80)), again).then((choice) => {
      if (choice === again) void pickLinks(services, site, result, limit, [], urls);
    });
    return { opened, cancelled: true };
  }
  if (!urls.length) return { opened };
  const scraped = await scrapeUrls(services, urls);
  return { ...scraped, opened: [...opened, ...scraped.opened] };
}
