// "Copy as CSV" and "Save as CSV…": the host builds the CSV from the stores, never from page text,
// and is the only side that touches the clipboard or the file system.
import * as vscode from 'vscode';
import { defaultSaveUri, fileNameOf } from '../../../host/saveLocation';
import { fileWriteText } from '../../../host/errorText';
import { formatExact, plural } from '../../../shared/format';
import { type CsvFile, csvRowCount } from '../render/csv';

export type ExportResult = { level: 'info' | 'error'; text: string } | undefined;

export async function copyCsv(file: CsvFile | undefined): Promise<ExportResult> {
  if (!file) return { level: 'error', text: vscode.l10n.t('Nothing to copy yet: usage history has not loaded.') };
  await vscode.env.clipboard.writeText(file.csv);
  const rows = csvRowCount(file.csv);
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
