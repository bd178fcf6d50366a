// At most one "set your key" prompt, shared by every window (globalState is shared), and never
// again after "Don't Show Again".
import * as vscode from 'vscode';
import type { ApiKeyService } from '../../../host/keyService';
import { COMMANDS, STORAGE } from '../../../ids';

const SHOWN_AT = STORAGE.keyPromptShownAt;
const MUTED = STORAGE.keyPromptMuted;
/** Windows opened within this span of the last prompt stay quiet. */
const QUIET_MS = 12 * 60 * 60 * 1000;

export async function maybePromptForKey(state: vscode.Memento, keys: ApiKeyService, now = Date.now()): Promise<void> {
  if (keys.current || state.get<boolean>(MUTED)) return;
  const shownAt = state.get<number>(SHOWN_AT) ?? 0;
  if (now - shownAt < QUIET_MS) return;
  await state.update(SHOWN_AT, now);
  const setKey = vscode.l10n.t('Set API Key');
  const mute = vscode.l10n.t("Don't Show Again");
  const choice = await vscode.window.showInformationMessage(
    vscode.l10n.t('Firecrawl: set your API key to see remaining credits, research jobs and usage history, and to run Firecrawl from the editor.'),
    setKey,
    mute,
  );
  if (choice === setKey) await vscode.commands.executeCommand(COMMANDS.setApiKey);
  else if (choice === mute) await state.update(MUTED, true);
}
