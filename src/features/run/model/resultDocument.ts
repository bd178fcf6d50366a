// The Markdown documents results open as: a short header of facts (where it came from, the site's
// own status, credits used, the job id, when) and then the result. Everything the service or a page
// said in the header is escaped so it reads as the characters it is; the page itself follows as
// the page's own Markdown, to be read as text or in VS Code's Markdown preview (which keeps
// scripts off), its command addresses broken (the editor runs a command link on Ctrl+Click).
// Pure: no `vscode`.
import * as l10n from '@vscode/l10n';
import { type MapResult, mapReachedLimit, type ScrapeResult, type SearchHit, type SearchResult } from '../../../api';
import { formatDateTime, formatExact, plural } from '../../../shared/format';
import { escapeDocumentText, fileNameWords, inertCommandLinks, usualLineBreaks } from '../../../shared/text';

export interface HeaderFacts {
  /** When the result arrived (epoch ms). */
  at: number;
  creditsUsed?: number;
  jobId?: string;
}

function creditsLine(credits: number | undefined): string | undefined {
  if (credits === undefined) return undefined;
  return plural(credits, l10n.t('Credits used: {0} credit', formatExact(credits)), l10n.t('Credits used: {0} credits', formatExact(credits)));
}

function factLines(facts: HeaderFacts): string[] {
  const lines: string[] = [];
  const credits = creditsLine(facts.creditsUsed);
  if (credits) lines.push(credits);
  if (facts.jobId) lines.push(l10n.t('Job id: {0}', codeUrl(facts.jobId)));
  lines.push(l10n.t('Fetched: {0}', formatDateTime(facts.at)));
  return lines;
}

/**
 * An address (or id) the service sent, as code: read as written, never a live link. A backtick would
 * close the code, and a line break would end the quoted header, and what follows would render as
 * Markdown (a command link with it): both are percent-encoded, as any address may carry them.
 */
function codeUrl(url: string): string {
  return `\`${url.replace(/[`\s\u0000-\u001f\u007f-\u009f]/g, (c) => encodeURIComponent(c))}\``;
}

/** A file's name as code, as it is written: fenced past any backticks in it, spaces kept. */
function codeName(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd');
  const fence = '`'.repeat(Math.max(0, ...(clean.match(/`+/g) ?? []).map((run) => run.length)) + 1);
  const pad = clean.startsWith('`') || clean.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${clean}${pad}${fence}`;
}

/** A quoted block of header lines: Markdown's line breaks keep one fact a line. */
function header(lines: readonly string[]): string {
  return lines.map((line) => `> ${line}  `).join('\n');
}

/**
 * The name a result's document goes by (its tab, and what Save offers): what was asked, without a
 * URL's scheme, in letters, digits, dots and dashes, after a prefix that says what kind of result it is.
 */
export function resultFileName(asked: string, prefix?: string): string {
  const words = fileNameWords(asked.replace(/^[a-z][a-z0-9+.-]*:\/\//i, ''));
  return `${[prefix, words].filter(Boolean).join('-') || 'firecrawl-result'}.md`;
}

/** Whether the site's own status is an error page (the scrape itself succeeded). */
export function isErrorStatus(statusCode: number | undefined): boolean {
  return statusCode !== undefined && statusCode >= 400;
}

/** A scraped page. */
export function scrapeDocument(result: ScrapeResult, requested: string, at: number): string {
  const lines: string[] = [];
  const source = result.sourceUrl ?? requested;
  lines.push(l10n.t('Source: {0}', codeUrl(source)));
  if (result.finalUrl && result.finalUrl !== source) lines.push(l10n.t('Final URL: {0}', codeUrl(result.finalUrl)));
  if (result.statusCode !== undefined) {
    lines.push(
      isErrorStatus(result.statusCode)
        ? l10n.t('⚠ The site answered {0}: this is probably its error page, not the content you wanted.', String(result.statusCode))
        : l10n.t('Site status: {0}', String(result.statusCode)),
    );
  }
  return pageDocument(lines, result, at, l10n.t('(The page had no text.)'));
}

/** A parsed file, named by its file name: an upload has no URL and no site to answer a status. */
export function parseDocument(result: ScrapeResult, fileName: string, at: number): string {
  return pageDocument([l10n.t('Source: {0}', codeName(fileName))], result, at, l10n.t('(The file had no text.)'));
}

function pageDocument(lines: string[], result: ScrapeResult, at: number, empty: string): string {
  if (result.warning) lines.push(l10n.t('Firecrawl warned: {0}', escapeDocumentText(result.warning)));
  lines.push(...factLines({ at, ...(result.creditsUsed !== undefined ? { creditsUsed: result.creditsUsed } : {}), ...(result.jobId ? { jobId: result.jobId } : {}) }));
  const body = result.markdown.trim() ? inertCommandLinks(usualLineBreaks(result.markdown)) : empty;
  return `${header(lines)}\n\n---\n\n${body}\n`;
}

function hitLine(hit: SearchHit): string {
  const title = hit.title ? escapeDocumentText(hit.title) : escapeDocumentText(hit.url);
  const line = `- ${title}  \n  ${codeUrl(hit.url)}`;
  return hit.description ? `${line}  \n  ${escapeDocumentText(hit.description)}` : line;
}

export function searchDocument(query: string, result: SearchResult, at: number): string {
  const lines = [
    l10n.t('Search: {0}', escapeDocumentText(query)),
    plural(result.hits.length, l10n.t('{0} result', formatExact(result.hits.length)), l10n.t('{0} results', formatExact(result.hits.length))),
  ];
  if (result.warning) lines.push(l10n.t('Firecrawl warned: {0}', escapeDocumentText(result.warning)));
  lines.push(...factLines({ at, ...(result.creditsUsed !== undefined ? { creditsUsed: result.creditsUsed } : {}), ...(result.jobId ? { jobId: result.jobId } : {}) }));
  return `${header(lines)}\n\n---\n\n${result.hits.map(hitLine).join('\n')}\n`;
}

/** One URL a line with its title, as the map found them; `limit` is how many links the map asked for. */
export function mapDocument(site: string, result: MapResult, at: number, limit?: number): string {
  const lines = [l10n.t('Map of {0}', codeUrl(site)), plural(result.links.length, l10n.t('{0} link', formatExact(result.links.length)), l10n.t('{0} links', formatExact(result.links.length)))];
  if (limit !== undefined && mapReachedLimit(result, limit)) {
    lines.push(
      plural(
        limit,
        l10n.t('⚠ The map stopped at the one link it asked for: the site may have more. Raise the setting firecrawl.run.mapLimit to list more.'),
        l10n.t('⚠ The map stopped at the {0} links it asked for: the site may have more. Raise the setting firecrawl.run.mapLimit to list more.', formatExact(limit)),
      ),
    );
  }
  if (result.warning) lines.push(l10n.t('Firecrawl warned: {0}', escapeDocumentText(result.warning)));
  lines.push(...factLines({ at, ...(result.creditsUsed !== undefined ? { creditsUsed: result.creditsUsed } : {}), ...(result.jobId ? { jobId: result.jobId } : {}) }));
  const links = result.links.map((l) => `- ${codeUrl(l.url)}${l.title ? ` ${escapeDocumentText(l.title)}` : ''}`);
  return `${header(lines)}\n\n---\n\n${links.join('\n')}\n`;
}

/**
 * Whether `text` takes more than `limit` bytes as UTF-8 (what a saved result takes on disk), without
 * encoding it: a UTF-16 unit is one to three bytes (a surrogate pair four for two units), so only a
 * length between a third of the limit and the limit is counted.
 */
export function overBytes(text: string, limit: number): boolean {
  if (text.length > limit) return true;
  if (text.length * 3 <= limit) return false;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3; // a lone surrogate is written as U+FFFD, three bytes
    if (bytes > limit) return true;
  }
  return false;
}
