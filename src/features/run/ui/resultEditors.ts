// Results open as untitled Markdown documents named after what was asked (the tab reads
// `docs.example.org-pricing.md`): text in an editor (the model breaks a page's command addresses, which
// the editor would run on Ctrl+Click), which VS Code's own preview can render with its protections (no
// scripts). An untitled document with a name is bound to a path, which Save writes without asking: the
// path is in the workspace folder, never the name alone (that is the root of the disk), and never a file
// that exists (VS Code refuses to open it). Without a folder the document has no name and Save asks.
// A result that can be rated is remembered with its document; one that arrives while the person looks
// elsewhere says so in a notification with a Rate button. A result too large for an editor opens in
// none: a notification names it and its size and offers Save As… and Rate This Result, and holds it
// (as the bytes a save writes, once) only while it is on screen.
import * as vscode from 'vscode';
import { COMMANDS } from '../../../ids';
import { fileWriteText } from '../../../host/errorText';
import { defaultSaveUri, fileNameOf } from '../../../host/saveLocation';
import { formatMegabytes } from '../../../shared/format';
import { plainText } from '../../../shared/text';
import type { RatableResult } from '../model/ratableResults';
import { overBytes } from '../model/resultDocument';
import type { RanAt, RunServices } from './services';

/**
 * The largest result put into an editor, in bytes of UTF-8. An untitled Markdown document costs the
 * extension host and the workbench time in proportion to its size, and every extension waits while a
 * large one opens. Measured in a real extension host (Scrape URL of the sandbox's padded page until
 * its editor is shown; four runs on a 2-core machine, some beside a type check): 2 MB 0.5–1.6 s,
 * 4 MB 1.5–4.5 s (1.5–1.6 s in the quiet runs), 6 MB 1.2–3.0 s, 8 MB 1.6–3.8 s, 10 MB
 * 2.9–4.3 s, 12 MB 4.3–6.2 s, 16 MB 4.8–6.6 s, 20 MB 6.1–8.5 s (the scrape is included, not timed apart);
 * an earlier audit saw 6.4 s at 10 MB with VS Code calling the extension host unresponsive, 62 s at
 * 120 MB, and no document handed to extensions above 50 MB (so no Rate CodeLens). Up to 10 MB a
 * result opens within a few seconds, which a page or a parsed file that large is worth; past it the
 * wait grows to many seconds, and VS Code's own large-file mark (20 MB) is near.
 */
export const LARGEST_OPENED_RESULT_BYTES = 10 * 1024 * 1024;

/** Results that arrive together open one after the other: each looks for its unused name once the one before holds its own. */
let opening: Promise<unknown> = Promise.resolve();

/**
 * `announce`: false where the caller's own notification says the result is there (a run that found nothing).
 * Undefined when the result was too large to open and a notification offers it instead.
 */
export function openResult(services: RunServices, content: string, ratable: SentResult | undefined, name: string, fileName: string, announce = true): Promise<vscode.TextDocument | undefined> {
  if (overBytes(content, LARGEST_OPENED_RESULT_BYTES)) {
    offerUnopened(services, new TextEncoder().encode(content), ratable, name, fileName);
    return Promise.resolve(undefined);
  }
  const opened = opening.then(() => openNow(services, content, ratable, name, fileName, announce));
  opening = opened.catch(() => undefined);
  return opened;
}

/** A result that can be rated, with where it ran (read as its request was sent). */
export type SentResult = RatableResult & RanAt;

async function openNow(services: RunServices, content: string, ratable: SentResult | undefined, name: string, fileName: string, announce: boolean): Promise<vscode.TextDocument> {
  const uri = await unusedUntitled(fileName);
  const document = uri ? await vscode.workspace.openTextDocument(uri) : await vscode.workspace.openTextDocument({ language: 'markdown', content });
  if (uri) {
    const edit = new vscode.WorkspaceEdit();
    edit.insert(uri, new vscode.Position(0, 0), content);
    await vscode.workspace.applyEdit(edit);
  }
  if (ratable) services.results.add(document.uri.toString(), ratable);
  const lookingElsewhere = announce && !services.focused();
  await vscode.window.showTextDocument(document, { preview: false });
  if (lookingElsewhere) {
    const rate = vscode.l10n.t('Rate This Result');
    const buttons = ratable ? [rate] : [];
    void vscode.window.showInformationMessage(vscode.l10n.t('Firecrawl result ready: {0}', plainText(name, 120)), ...buttons).then((choice) => {
      if (choice === rate && ratable) rateFromNotice(services, ratable);
    });
  }
  return document;
}

/**
 * Rates the job a notification names. By job, not by document: a Save since may have put the result
 * under another name, and a document closed since (an empty list, say) took its record with it: the
 * job is then rated under a key of its own while the rating lasts.
 */
function rateFromNotice(services: RunServices, ratable: SentResult): void {
  const key = services.results.keyOf(ratable.endpoint, ratable.jobId) ? undefined : unopenedKey(ratable);
  if (key) services.results.add(key, ratable);
  void Promise.resolve(vscode.commands.executeCommand(COMMANDS.rateResult, { endpoint: ratable.endpoint, jobId: ratable.jobId })).finally(() => {
    if (key) services.results.remove(key);
  });
}

/** The key a result that has no document is rated under while its notification is up: no document's URI. */
function unopenedKey(ratable: RatableResult): string {
  // not localised: a key, never shown
  return `firecrawl-unopened:${ratable.endpoint}/${ratable.jobId}`;
}

/**
 * A result too large for an editor, offered by a notification until the person saves it or closes the
 * notification (the bytes are held by it alone, and let go then). A cancelled or failed save, and a
 * rating begun, show it again (after a failed save, as an error that says why): the run was paid for.
 * Once saved, the notification that says where still offers the rating when none was begun. The job is
 * rated as a document's would be, by endpoint and job id, under a key of its own until the
 * notifications and any rating begun from them end.
 */
function offerUnopened(services: RunServices, bytes: Uint8Array, ratable: SentResult | undefined, name: string, fileName: string): void {
  const key = ratable ? unopenedKey(ratable) : undefined;
  if (key && ratable) services.results.add(key, ratable);
  let holds = 1;
  const release = () => {
    if (--holds === 0 && key) services.results.remove(key);
  };
  const saveAs = vscode.l10n.t('Save As…');
  const rate = vscode.l10n.t('Rate This Result');
  const size = formatMegabytes(bytes.byteLength);
  // Only this notification holds the result: closing it is the end of it, and it says so.
  const message = vscode.l10n.t(
    'Firecrawl: the result for {0} is {1} MB, too large to open in an editor: above {2} MB, VS Code stops responding for seconds while it opens one. Save it to a file to read it; closing this notification discards it.',
    plainText(name, 120),
    size,
    formatMegabytes(LARGEST_OPENED_RESULT_BYTES),
  );
  let unsaved: Uint8Array | undefined = bytes;
  const rateNow = (): void => {
    if (!ratable) return;
    holds++;
    void Promise.resolve(vscode.commands.executeCommand(COMMANDS.rateResult, { endpoint: ratable.endpoint, jobId: ratable.jobId })).finally(release);
  };
  /** `failed`: why the last save wrote nothing, said by this notification itself (a second one beside it would fold this one to a cut-off line). */
  const offer = (withRate: boolean, failed?: string): void => {
    const buttons = ratable && withRate ? [saveAs, rate] : [saveAs];
    const shown = failed
      ? vscode.window.showErrorMessage(vscode.l10n.t('{0} Save the result for {1} ({2} MB) somewhere else; closing this notification discards it.', failed, plainText(name, 120), size), ...buttons)
      : vscode.window.showWarningMessage(message, ...buttons);
    void shown.then(async (choice) => {
      if (choice === saveAs && unsaved) {
        const saved = await saveUnopened(unsaved, fileName);
        if (!saved) return offer(withRate);
        if ('failed' in saved) return offer(withRate, saved.failed);
        // Written: the notification that says where may stay in the list for long, and must not keep the bytes.
        unsaved = undefined;
        const stillToRate = withRate && key !== undefined && services.results.isOpen(key);
        const said = saySaved(saved.target, name, size, stillToRate ? [rate] : []);
        if (stillToRate && (await said) === rate) rateNow();
      } else if (choice === rate) {
        rateNow();
        // Still to be saved: offered again without the rating begun.
        return offer(false);
      }
      release();
    });
  };
  offer(true);
}

/** Writes the result where the person picks: where it went, why nothing was written, or undefined when the dialog was cancelled. */
async function saveUnopened(bytes: Uint8Array, fileName: string): Promise<{ target: vscode.Uri } | { failed: string } | undefined> {
  const defaultUri = defaultSaveUri(fileName);
  const target = await vscode.window.showSaveDialog({
    title: vscode.l10n.t('Save Firecrawl result'),
    saveLabel: vscode.l10n.t('Save Result'),
    ...(defaultUri ? { defaultUri } : {}),
    // not localised: the format's name
    filters: { Markdown: ['md'] },
  });
  if (!target) return undefined;
  try {
    await vscode.workspace.fs.writeFile(target, bytes);
  } catch (error) {
    return { failed: fileWriteText(fileNameOf(target), error) };
  }
  return { target };
}

/** Where the result went (too large to open here either), the way to it when it is in the workspace, and `more` buttons; the button chosen. */
async function saySaved(target: vscode.Uri, name: string, size: string, more: string[]): Promise<string | undefined> {
  const where = target.scheme === 'file' ? target.fsPath : target.toString(true);
  const reveal = vscode.l10n.t('Reveal in Explorer View');
  const inWorkspace = vscode.workspace.getWorkspaceFolder(target) !== undefined;
  const choice = await vscode.window.showInformationMessage(
    vscode.l10n.t('Firecrawl: saved the result for {0} ({1} MB) to {2}.', plainText(name, 120), size, where),
    ...(inWorkspace ? [reveal] : []),
    ...more,
  );
  if (choice === reveal) void vscode.commands.executeCommand('revealInExplorer', target);
  return choice;
}

/**
 * A run that found nothing, said as such rather than as an empty pick: it was paid for, so what was
 * asked can be changed and sent again (`again`), and the job rated (a bad rating may refund it) from
 * here as from its document's CodeLens.
 */
export function sayNothingFound(services: RunServices, message: string, again: { label: string; run: () => unknown }, ratable: SentResult | undefined): void {
  const rate = vscode.l10n.t('Rate This Result');
  const buttons = ratable ? [again.label, rate] : [again.label];
  void vscode.window.showInformationMessage(message, ...buttons).then((choice) => {
    if (choice === again.label) void again.run();
    else if (choice === rate && ratable) rateFromNotice(services, ratable);
  });
}

/** An untitled document bound to that name in the workspace folder, neither open (in any case) nor on disk: a second result for the same ask gets `-2`. */
async function unusedUntitled(fileName: string): Promise<vscode.Uri | undefined> {
  const active = vscode.window.activeTextEditor?.document.uri;
  const folder = (active && vscode.workspace.getWorkspaceFolder(active)) ?? vscode.workspace.workspaceFolders?.[0];
  if (!folder) return undefined;
  // Compared in lower case: on a disk that ignores case (macOS, Windows) two names that differ only in
  // case are one file, and the second result's Save would write over the first.
  const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.path.toLowerCase()));
  const stem = fileName.replace(/\.md$/, '');
  for (let n = 1; ; n++) {
    const file = vscode.Uri.joinPath(folder.uri, n === 1 ? fileName : `${stem}-${n}.md`);
    const onDisk = await vscode.workspace.fs.stat(file).then(
      () => true,
      () => false,
    );
    // With the folder's authority: without a remote, Save swaps only the scheme, and a virtual
    // workspace's folder (github.dev's vscode-vfs://github/…) is nowhere without its authority.
    if (!open.has(file.path.toLowerCase()) && !onDisk) return vscode.Uri.from({ scheme: 'untitled', authority: file.authority, path: file.path });
  }
}
