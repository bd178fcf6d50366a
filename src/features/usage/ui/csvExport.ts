// "Copy as CSV" and "Save as CSV…": the host builds the CSV from the stores, never from page text,
// and is the only side that touches the clipboard or the file system.
import * as vscode from 'vscode';
import type { UsageHistory } from '../../../api';
import { defaultSaveUri, fileNameOf } from '../../../host/saveLocation';
import { fileWriteText } from '../../../host/errorText';
import { formatExact, plural } from '../../../shared/format';
import { binsToCsv, toCsv } from '../render/csv';
import type { BinsData } from '../render/shapeBins';
import type { UsageRange } from '../protocol';

export type ExportResult = { level: 'info' | 'error'; text: string } | undefined;

/** A CSV ready to copy or save, and the name it is saved under. */
export interface CsvFile {
  csv: string;
  fileName: string;
}

const RANGE_SUFFIX: Record<UsageRange, string> = { months: '', last30d: '-30d', last7d: '-7d', last24h: '-24h' };

function rowCount(csv: string): number {
  return csv.split('\r\n').length - 2;
}

export function historyCsv(history: UsageHistory | undefined, now: Date): CsvFile | undefined {
  if (!history) return undefined;
  const day = now.toISOString().slice(0, 10);
  // not localised: a file name, the same in every language so scripts and people find it
  return { csv: toCsv(history.periods, history.byApiKey, now.getTime()), fileName: `firecrawl-credit-usage${history.byApiKey ? '-by-key' : ''}-${day}.csv` };
}

export function binsCsv(range: UsageRange, bins: BinsData | undefined, now: Date): CsvFile | undefined {
  if (!bins) return undefined;
  // not localised: a file name, the same in every language so scripts and people find it
  return { csv: binsToCsv(bins), fileName: `firecrawl-credit-usage${RANGE_SUFFIX[range]}-${now.toISOString().slice(0, 10)}.csv` };
}

export async function copyCsv(file: CsvFile | undefined): Promise<ExportResult> {
  if (!file) return { level: 'error', text: vscode.l10n.t('Nothing to copy yet: usage history has not loaded.') };
  await vscode.env.clipboard.writeText(file.csv);
  const rows = rowCount(file.csv);
  const count = formatExact(rows, vscode.env.language);
  return { level: 'info', text: plural(rows, vscode.l10n.t('Copied {0} row as CSV.', count), vscode.l10n.t('Copied {0} rows as CSV.', count)) };
}

export async function saveCsv(file: CsvFile | undefined): Promise<ExportResult> {
  if (!file) return { level: 'error', text: vscode.l10n.t('Nothing to save yet: usage history has not loaded.') };
  const defaultUri = defaultSaveUri(file.fileName);
  const target = await vscode.window.showSaveDialog({
    title: vscode.l10n.t('Save Credit Usage as CSV'),
    saveLabel: vscode.l10n.t('Save CSV'),
    ...(defaultUri ? { defaultUri } : {}),
    filters: { [vscode.l10n.t('CSV files')]: ['csv'] },
  });
  if (!target) return undefined;
  // A byte order mark so spreadsheet apps read key names as UTF-8.
  const bytes = new TextEncoder().encode(`\uFEFF${file.csv}`);
  try {
    await vscode.workspace.fs.writeFile(target, bytes);
  } catch (error) {
    return { level: 'error', text: fileWriteText(fileNameOf(target), error) };
  }
  return { level: 'info', text: vscode.l10n.t('Saved {0}.', fileNameOf(target)) };
}
