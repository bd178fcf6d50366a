// The editor's language for code without `vscode` (models, renderers, errorText, the client's rules),
// which says its words through `@vscode/l10n` and formats numbers and dates with shared/format: both
// learn the language here, from `vscode.l10n.bundle` and `vscode.env.language`. Done once by
// activation, and by each on-demand bundle when it loads (a bundle has its own copy of both).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { setLocale } from '../shared/format';

export function useEditorLanguage(): void {
  // No bundle means English (or a language without a translation): the messages are the source.
  if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
  setLocale(vscode.env.language);
}
