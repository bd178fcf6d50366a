// The bodies of the routes that run work (scrape, search, map, agent start), built and checked here
// before anything is sent: the service's bodies are strict, so a key it does not know is a 400. The
// client adds who sends (`integration`, `origin`). Kept apart from the client so that only the run
// commands' bundle carries it. Pure: no `vscode`, no Node built-ins.
import * as l10n from '@vscode/l10n';
import { type FeedbackErrorDetail, InvalidRequestError, type Operation } from './errors';
import { type MultipartBody, multipartBody } from './multipart';
import { formatExact, formatMegabytes } from '../shared/format';
import { plainText } from '../shared/text';
import type { MapResult } from './model';

/** The service takes its fixed names or any string starting with `_`; plain `vscode` is refused. */
export const RUN_INTEGRATION = '_vscode';

export const MIN_SCRAPE_TIMEOUT_MS = 1_000;
export const MAX_SCRAPE_TIMEOUT_MS = 300_000;
export const MAX_SEARCH_LIMIT = 100;
/** A search engine reads a few dozen words: a longer query is a paste gone wrong (or a model sending a page's text out). */
export const MAX_SEARCH_QUERY = 2_000;
export const MAX_MAP_LIMIT = 100_000;
export const MAX_AGENT_PROMPT = 10_000;
export const AGENT_EFFORTS = ['low', 'medium', 'high'] as const;
export type AgentEffort = (typeof AGENT_EFFORTS)[number];

/** Who sent the request: the same two fields on every POST. */
export interface RunOrigin {
  integration: string;
  origin: string;
}

export interface ScrapeOptions {
  url: string;
  onlyMainContent: boolean;
  timeoutMs: number;
}

export interface ScrapeBody extends RunOrigin {
  url: string;
  formats: ['markdown'];
  onlyMainContent: boolean;
  timeout: number;
}

export interface SearchBody extends RunOrigin {
  query: string;
  limit: number;
}

export interface MapBody extends RunOrigin {
  url: string;
  limit: number;
}

export interface AgentStartOptions {
  prompt: string;
  urls: readonly string[];
  /** A JSON Schema object, already parsed. */
  schema?: Record<string, unknown>;
  maxCredits: number;
  effort?: AgentEffort;
}

export interface AgentStartBody extends RunOrigin {
  prompt: string;
  urls?: string[];
  schema?: Record<string, unknown>;
  maxCredits: number;
  effort?: AgentEffort;
}

/**
 * The address `text` holds, as it is checked and sent: one pair of angle brackets around it (as
 * Markdown and mail write `<https://…>`) dropped with any whitespace inside them, where a long address
 * was wrapped (RFC 3986, appendix C), and the tabs and line breaks the URL standard ignores removed.
 */
export function webUrlText(text: string): string {
  const trimmed = text.trim();
  const bracketed = /^<([^<>]*)>$/.exec(trimmed)?.[1];
  return bracketed !== undefined ? bracketed.replace(/\s+/g, '') : trimmed.replace(/[\t\n\r]/g, '');
}

/** Why `text` cannot be scraped or mapped (only http and https pages can), or undefined when it can. */
export function webUrlProblem(text: string): string | undefined {
  const trimmed = webUrlText(text);
  if (!trimmed) return l10n.t('Enter a URL starting with https:// or http://.');
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return l10n.t('Not a URL: enter one starting with https:// or http://.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return l10n.t('Only http and https pages can be fetched, not {0} addresses.', parsed.protocol.replace(/:$/, ''));
  if (!parsed.hostname) return l10n.t('Not a URL: enter one starting with https:// or http://.');
  return undefined;
}

/** The web URL `text` is exactly (a selection worth offering), else undefined: two addresses on two lines are not one. */
export function selectedWebUrl(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  if (!trimmed || (/\s/.test(trimmed) && !trimmed.startsWith('<'))) return undefined;
  const url = webUrlText(trimmed);
  if (/\s/.test(url) || url.length > 2048) return undefined;
  return webUrlProblem(url) === undefined ? url : undefined;
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(Number.isFinite(n) ? n : min)));
}

/** A body before the client adds who sends it. */
export type ScrapeRequest = Omit<ScrapeBody, keyof RunOrigin>;
export type SearchRequest = Omit<SearchBody, keyof RunOrigin>;
export type MapRequest = Omit<MapBody, keyof RunOrigin>;
export type AgentStartRequest = Omit<AgentStartBody, keyof RunOrigin>;

/** Problems with a body, in the shape the client's InvalidRequestError carries. */
export type BodyCheck<T> = { ok: true; body: T } | { ok: false; problems: FeedbackErrorDetail[] };

export function scrapeBody(options: ScrapeOptions): BodyCheck<ScrapeRequest> {
  const problem = webUrlProblem(options.url);
  if (problem) return { ok: false, problems: [{ path: 'url', message: problem }] };
  return {
    ok: true,
    body: {
      url: webUrlText(options.url),
      formats: ['markdown'],
      onlyMainContent: options.onlyMainContent,
      timeout: clamp(options.timeoutMs, MIN_SCRAPE_TIMEOUT_MS, MAX_SCRAPE_TIMEOUT_MS),
    },
  };
}

export function searchBody(query: string, limit: number): BodyCheck<SearchRequest> {
  const trimmed = query.trim();
  if (!trimmed) return { ok: false, problems: [{ path: 'query', message: l10n.t('Enter something to search for.') }] };
  if (trimmed.length > MAX_SEARCH_QUERY) return { ok: false, problems: [{ path: 'query', message: l10n.t('At most {0} characters.', formatExact(MAX_SEARCH_QUERY)) }] };
  return { ok: true, body: { query: trimmed, limit: clamp(limit, 1, MAX_SEARCH_LIMIT) } };
}

export function mapBody(url: string, limit: number): BodyCheck<MapRequest> {
  const problem = webUrlProblem(url);
  if (problem) return { ok: false, problems: [{ path: 'url', message: problem }] };
  return { ok: true, body: { url: webUrlText(url), limit: clamp(limit, 1, MAX_MAP_LIMIT) } };
}

/**
 * Whether a map stopped at the number of links it asked for (`limit`, as `mapBody` was given it): the
 * service returns at most that many, so a full list may be a cut one and the site may have more pages.
 */
export function mapReachedLimit(result: MapResult, limit: number): boolean {
  return result.links.length >= clamp(limit, 1, MAX_MAP_LIMIT);
}

export function agentStartBody(options: AgentStartOptions): BodyCheck<AgentStartRequest> {
  const problems: FeedbackErrorDetail[] = [];
  const prompt = options.prompt.trim();
  if (!prompt) problems.push({ path: 'prompt', message: l10n.t('Describe what the agent should find.') });
  else if (prompt.length > MAX_AGENT_PROMPT) problems.push({ path: 'prompt', message: l10n.t('At most {0} characters.', formatExact(MAX_AGENT_PROMPT)) });
  options.urls.forEach((url, i) => {
    const problem = webUrlProblem(url);
    if (problem) problems.push({ path: `urls[${i}]`, message: problem });
  });
  // Sent as a whole number: a cap below 1 would go out as 0, which a server may read as no cap.
  if (!Number.isFinite(options.maxCredits) || options.maxCredits < 1) problems.push({ path: 'maxCredits', message: l10n.t('At least 1 credit.') });
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    body: {
      prompt,
      ...(options.urls.length ? { urls: options.urls.map(webUrlText) } : {}),
      ...(options.schema ? { schema: options.schema } : {}),
      maxCredits: Math.floor(options.maxCredits),
      ...(options.effort ? { effort: options.effort } : {}),
    },
  };
}

/** The body, or the InvalidRequestError saying what is wrong with it (nothing is sent). */
export function checked<T>(operation: Operation, check: BodyCheck<T>): T {
  if (!check.ok) throw new InvalidRequestError({ operation, problems: check.problems });
  return check.body;
}

/** The most the service takes in one upload. */
export const MAX_PARSE_BYTES = 50 * 1024 * 1024;

/** What the service parses, by extension, with the type the upload names. */
export const PARSE_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  html: 'text/html',
  htm: 'text/html',
  epub: 'application/epub+zip',
  csv: 'text/csv',
};

export interface ParseFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The upload's `options`, before the client adds who sends. */
export interface ParseRequest {
  formats: ['markdown'];
  timeout: number;
}

/** The file ready to send, or why it cannot be (its type, or its size: refused before sending). */
export function parseUpload(name: string, size: number): BodyCheck<{ contentType: string }> {
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  const contentType = PARSE_TYPES[extension];
  if (!contentType)
    return { ok: false, problems: [{ path: 'file', message: l10n.t('Firecrawl parses PDF, DOCX, XLSX, PPTX, HTML, EPUB and CSV files, not {0}.', extension ? `.${extension}` : name) }] };
  if (size > MAX_PARSE_BYTES) return { ok: false, problems: [{ path: 'file', message: l10n.t('{0} is {1} MB; Firecrawl takes at most 50 MB.', plainText(name, 100), formatMegabytes(size)) }] };
  return { ok: true, body: { contentType } };
}

/** The upload: `options` as a JSON string with who sends, then the file. */
export function parseBody(file: ParseFile, request: ParseRequest, origin: RunOrigin): MultipartBody {
  return multipartBody([{ name: 'options', value: JSON.stringify({ ...request, ...origin }) }], { field: 'file', filename: file.name, contentType: file.contentType, bytes: file.bytes });
}

/**
 * URLs typed in one line, separated by spaces or commas. A comma is a separator only before a space,
 * the end or the next address: addresses hold commas of their own (`/wiki/Washington,_D.C.`).
 */
export function splitUrls(text: string): string[] {
  return text
    .split(/\s+|,(?=\s|,|$|[a-z][a-z0-9+.-]*:\/\/)/i)
    .map((u) => u.trim())
    .filter(Boolean);
}
