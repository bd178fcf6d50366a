// Where the wizard finds a job id to start with: the id the command was given, else the editor
// selection, else the clipboard, and only when that text holds exactly one job id (a pasted
// response with several UUIDs is ambiguous, so nothing is guessed). Pure: no `vscode`.

import { extractUuids } from '../api/feedback';

/** Long clipboards are only scanned this far: the id is near the top of a pasted response. */
const SCAN_LIMIT = 200_000;

export function singleJobId(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const ids = extractUuids(text.length > SCAN_LIMIT ? text.slice(0, SCAN_LIMIT) : text);
  return ids.length === 1 ? ids[0] : undefined;
}

export function prefillJobId(sources: { explicit?: string | undefined; selection?: string | undefined; clipboard?: string | undefined }): string | undefined {
  return singleJobId(sources.explicit) ?? singleJobId(sources.selection) ?? singleJobId(sources.clipboard);
}
