// "Firecrawl: Parse File to Markdown…": a PDF, DOCX, XLSX, PPTX, HTML, EPUB or CSV file (the explorer's
// context menu passes it; otherwise a dialog asks), refused before sending when its type is not one
// of those or it is over 50 MB, then uploaded. The Markdown opens like a scrape result and is rated
// as a parse.
import * as vscode from 'vscode';
import { checked, parseBody, parseUpload, PARSE_TYPES, type ScrapeResult } from '../../../api';
import { FileReadError, isRefusedFile } from '../../../host/errorText';
import { runSettings } from '../../../host/settings';
import { plainText } from '../../../shared/text';
import { resultFileName, scrapeDocument } from '../model/resultDocument';
import { openResult } from './resultEditors';
import { reportRunError, type RunOutcome } from './runErrors';
import { withRunProgress } from './runProgress';
import type { RunServices } from './services';

function fileName(uri: vscode.Uri): string {
  return uri.path.split('/').pop() ?? uri.path;
}

export async function parseCommand(services: RunServices, given?: unknown): Promise<RunOutcome> {
  let uri = given instanceof vscode.Uri ? given : undefined;
  if (!uri) {
    const [picked] =
      (await vscode.window.showOpenDialog({
        canSelectMany: false,
        openLabel: vscode.l10n.t('Parse to Markdown'),
        filters: { [vscode.l10n.t('Documents')]: Object.keys(PARSE_TYPES) },
        ...(vscode.workspace.workspaceFolders?.[0] ? { defaultUri: vscode.workspace.workspaceFolders[0].uri } : {}),
      })) ?? [];
    if (!picked) return { opened: [], cancelled: true };
    uri = picked;
  }
  return runParse(services, uri);
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

async function runParse(services: RunServices, uri: vscode.Uri): Promise<RunOutcome> {
  const name = fileName(uri);
  const outcome = await withRunProgress(vscode.l10n.t('Firecrawl: parsing {0}', plainText(name, 100)), async (signal): Promise<ScrapeResult> => {
    const { size } = await readable(name, () => vscode.workspace.fs.stat(uri));
    // Type and size are checked before a byte is read or sent.
    const { contentType } = checked('parse', parseUpload(name, size));
    const bytes = await readable(name, () => vscode.workspace.fs.readFile(uri));
    // The file may have grown since (still being written), or its file system may report no size.
    checked('parse', parseUpload(name, bytes.byteLength));
    const client = services.provider.client;
    const timeout = runSettings.scrapeTimeoutMs();
    return client.parse(parseBody({ name, contentType, bytes }, { formats: ['markdown'], timeout }, client.runOrigin), timeout, { signal });
  });
  if (!outcome.ok) {
    const failure = reportRunError(
      outcome.error,
      services,
      () => (isRefusedFile(outcome.error) ? parseCommand(services) : runParse(services, uri)),
      undefined,
      () => parseCommand(services),
    );
    return failure ? { opened: [], failure } : { opened: [], cancelled: true };
  }
  const result = outcome.value;
  services.refresh.request();
  services.log.info(`Parsed ${name}: job ${result.jobId ?? '(none)'}, ${result.creditsUsed ?? '?'} credits`);
  const ratable = result.jobId ? { endpoint: 'parse' as const, jobId: result.jobId, ...(result.creditsUsed !== undefined ? { creditsUsed: result.creditsUsed } : {}) } : undefined;
  // The header names the file, not a URL: the upload has none.
  const document = await openResult(services, scrapeDocument({ ...result, sourceUrl: name }, name, services.clock.now()), ratable, name, resultFileName(name.replace(/\.[^.]*$/, '')));
  return { opened: document ? [document] : [] };
}
