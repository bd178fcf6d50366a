// "Firecrawl: Parse File to Markdown…": PDF, DOCX, XLSX, PPTX, HTML, EPUB or CSV files (the explorer's
// context menu passes its selection; otherwise a dialog asks), each refused before sending when its
// type is not one of those or it is over 50 MB, then uploaded in turn. Each Markdown opens like a
// scrape result and is rated as a parse.
import * as vscode from 'vscode';
import { checked, isFirecrawlError, parseBody, parseUpload, PARSE_TYPES, type ScrapeResult } from '../../../api';
import { FileReadError, isRefusedFile, type RunErrorText } from '../../../host/errorText';
import { runSettings } from '../../../host/settings';
import { formatExact, plural } from '../../../shared/format';
import { plainText } from '../../../shared/text';
import { parseDocument, resultFileName } from '../model/resultDocument';
import { openResult } from './resultEditors';
import { confirmInTurn, offerTheRest } from './inTurn';
import { reportRunError, type RunOutcome } from './runErrors';
import { withRunProgress } from './runProgress';
import { type RanAt, ranHere, type RunServices } from './services';

function fileName(uri: vscode.Uri): string {
  return uri.path.split('/').pop() ?? uri.path;
}

/**
 * `given` is the file the explorer's menu was opened on and `selected` every file selected with it (the
 * menu checked the type of the clicked one only); without them a dialog asks for one or more files.
 */
export async function parseCommand(services: RunServices, given?: unknown, selected?: unknown): Promise<RunOutcome> {
  const files = parsableOf(given instanceof vscode.Uri ? selection(given, selected) : await askFiles());
  if (!files.length || !(await confirmParses(files.length))) return { opened: [], cancelled: true };
  return parseFiles(services, files);
}

async function askFiles(): Promise<vscode.Uri[]> {
  return (
    (await vscode.window.showOpenDialog({
      canSelectMany: true,
      openLabel: vscode.l10n.t('Parse to Markdown'),
      filters: { [vscode.l10n.t('Documents')]: Object.keys(PARSE_TYPES) },
      ...(vscode.workspace.workspaceFolders?.[0] ? { defaultUri: vscode.workspace.workspaceFolders[0].uri } : {}),
    })) ?? []
  );
}

/** The files selected with the one clicked, or that one alone. */
function selection(given: vscode.Uri, selected: unknown): vscode.Uri[] {
  const all = Array.isArray(selected) ? selected.filter((uri): uri is vscode.Uri => uri instanceof vscode.Uri) : [];
  return all.length > 1 ? all : [given];
}

/**
 * Of several files, those of a type Firecrawl parses, in the order given; the others are said in one
 * notification, not refused one by one. A single file is parsed (or refused) whatever its type.
 */
function parsableOf(files: vscode.Uri[]): vscode.Uri[] {
  if (files.length < 2) return files;
  const parsable = files.filter((uri) => parseUpload(fileName(uri), 0).ok);
  const left = files.length - parsable.length;
  if (left > 0) {
    const n = formatExact(left);
    void vscode.window.showInformationMessage(
      plural(
        left,
        vscode.l10n.t('Firecrawl: {0} selected item is left out; Parse File takes PDF, DOCX, XLSX, PPTX, HTML, EPUB and CSV files.', n),
        vscode.l10n.t('Firecrawl: {0} selected items are left out; Parse File takes PDF, DOCX, XLSX, PPTX, HTML, EPUB and CSV files.', n),
      ),
    );
  }
  return parsable;
}

function confirmParses(count: number): Promise<boolean> {
  const n = formatExact(count);
  return confirmInTurn(
    count,
    vscode.l10n.t('Parse {0} files?', n),
    vscode.l10n.t('Each file is a parse of its own: it uses credits and opens in its own editor.'),
    vscode.l10n.t('Parse {0} Files', n),
  );
}

/** `read`'s answer; a file gone or not readable is said as such, with its name, not as an unknown failure. */
async function readable<T>(name: string, read: () => Thenable<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    // The file system's code says why in words; its message is the system's, with the whole path.
    const code = (error as { code?: unknown } | undefined)?.code;
    throw new FileReadError(name, error instanceof Error ? error.message : String(error), typeof code === 'string' ? code : undefined);
  }
}

/** The checks here and the file system name the file in their words; the server (or a proxy in front of it) does not. */
function namesTheFile(error: unknown): boolean {
  return error instanceof FileReadError || (isFirecrawlError(error) && error.kind === 'invalidRequest');
}

/**
 * Parses each file in turn, each under a progress notification of its own; each opens as it arrives.
 * A file refused for its size or type, or unreadable, is said (its name in the words) and the others go
 * on; any other failure stops: Retry takes up with that file, Skip and Go On with the ones after it. A
 * Cancel says how many were left, with a way on.
 */
async function parseFiles(services: RunServices, uris: readonly vscode.Uri[]): Promise<RunOutcome> {
  const opened: vscode.TextDocument[] = [];
  // The outcome carries the first refusal, unless a later failure stops the run.
  let refused: RunErrorText | undefined;
  for (const [index, uri] of uris.entries()) {
    const outcome = await parseOne(services, uri);
    const rest = uris.slice(index + 1);
    // Of several, the failed file is named first, unless the words already name it.
    const about = !outcome.ok && uris.length > 1 && !namesTheFile(outcome.error) ? fileName(uri) : undefined;
    if (!outcome.ok && (isRefusedFile(outcome.error) || outcome.error instanceof FileReadError)) {
      const said = reportRunError(
        outcome.error,
        services,
        {
          retry: () => (isRefusedFile(outcome.error) ? parseCommand(services) : parseFiles(services, [uri])),
          choose: () => parseCommand(services),
        },
        about,
      );
      refused ??= said;
      continue;
    }
    if (!outcome.ok) {
      const failure = reportRunError(
        outcome.error,
        services,
        {
          retry: () => parseFiles(services, uris.slice(index)),
          choose: () => parseCommand(services),
          ...(rest.length > 0 ? { skip: () => parseFiles(services, rest) } : {}),
        },
        about,
      );
      if (!failure && rest.length > 0) sayNotParsed(services, rest);
      return failure ? { opened, failure } : { opened, cancelled: true };
    }
    const document = await openParsed(services, uri, outcome.value.result, outcome.value.sent);
    if (document) opened.push(document);
  }
  return refused ? { opened, failure: refused } : { opened };
}

function parseOne(services: RunServices, uri: vscode.Uri) {
  const name = fileName(uri);
  return withRunProgress(vscode.l10n.t('Firecrawl: parsing {0}', plainText(name, 100)), async (signal): Promise<{ result: ScrapeResult; sent: RanAt }> => {
    const { size } = await readable(name, () => vscode.workspace.fs.stat(uri));
    // Type and size are checked before a byte is read or sent.
    const { contentType } = checked('parse', parseUpload(name, size));
    const bytes = await readable(name, () => vscode.workspace.fs.readFile(uri));
    // The file may have grown since (still being written), or its file system may report no size.
    checked('parse', parseUpload(name, bytes.byteLength));
    const client = services.provider.client;
    const timeout = runSettings.scrapeTimeoutMs();
    const sent = ranHere(services);
    return { result: await client.parse(parseBody({ name, contentType, bytes }, { formats: ['markdown'], timeout }, client.runOrigin), timeout, { signal }), sent };
  });
}

async function openParsed(services: RunServices, uri: vscode.Uri, result: ScrapeResult, sent: RanAt): Promise<vscode.TextDocument | undefined> {
  const name = fileName(uri);
  services.refresh.request();
  services.log.info(`Parsed ${name}: job ${result.jobId ?? '(none)'}, ${result.creditsUsed ?? '?'} credits`);
  const ratable = result.jobId ? { endpoint: 'parse' as const, jobId: result.jobId, ...(result.creditsUsed !== undefined ? { creditsUsed: result.creditsUsed } : {}), ...sent } : undefined;
  return openResult(services, parseDocument(result, name, services.clock.now()), ratable, name, resultFileName(name.replace(/\.[^.]*$/, '')));
}

/** Selected files a Cancel left unparsed. */
function sayNotParsed(services: RunServices, rest: readonly vscode.Uri[]): void {
  const n = formatExact(rest.length);
  offerTheRest(
    plural(rest.length, vscode.l10n.t('Firecrawl: stopped; {0} selected file was not parsed.', n), vscode.l10n.t('Firecrawl: stopped; {0} selected files were not parsed.', n)),
    vscode.l10n.t('Parse the Rest'),
    () => parseFiles(services, rest),
  );
}
