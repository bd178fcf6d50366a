// "Copy as CSV" and "Save as CSV…": the host builds the CSV from the store, never from page text,
// and is the only side that touches the clipboard or the file system.
import * as vscode from 'vscode';
import type { UsageHistory } from '../../../api';
import { defaultSaveUri, fileNameOf } from '../../../host/saveLocation';
import { toCsv } from '../render/csv';

export type ExportResult = { level: 'info' | 'error'; text: string } | undefined;

function rowCount(csv: string): number {
  return csv.split('\r\n').length - 2;
}

function fileName(history: UsageHistory, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return `firecrawl-credit-usage${history.byApiKey ? '-by-key' : ''}-${day}.csv`;
}

export async function copyCsv(history: UsageHistory | undefined): Promise<ExportResult> {
  if (!history) return { level: 'error', text: 'Nothing to copy yet: usage history has not loaded.' };
  const csv = toCsv(history.periods, history.byApiKey);
  await vscode.env.clipboard.writeText(csv);
  const rows = rowCount(csv);
  return { level: 'info', text: `Copied ${rows} row${rows === 1 ? '' : 's'} as CSV.` };
}

export async function saveCsv(history: UsageHistory | undefined, now = new Date()): Promise<ExportResult> {
  if (!history) return { level: 'error', text: 'Nothing to save yet: usage history has not loaded.' };
  const defaultUri = defaultSaveUri(fileName(history, now));
  const target = await vscode.window.showSaveDialog({
    title: 'Save Credit Usage as CSV',
    saveLabel: 'Save CSV',
    ...(defaultUri ? { defaultUri } : {}),
    filters: { 'CSV files': ['csv'] },
  });
  if (!target) return undefined;
  // A byte order mark so spreadsheet apps read key names as UTF-8.
  const bytes = new TextEncoder().encode(`\uFEFF${toCsv(history.periods, history.byApiKey)}`);
  try {
    await vscode.workspace.fs.writeFile(target, bytes);
  } catch (error) {
    return { level: 'error', text: `Could not save ${fileNameOf(target)}: ${error instanceof Error ? error.message : String(error)}` };
  }
  return { level: 'info', text: `Saved ${fileNameOf(target)}.` };
}
