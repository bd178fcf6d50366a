// What every on-demand bundle's entry exports so it runs like the code that loaded it: the same
// platform, and the editor's language for its code without `vscode`.
import { useEditorLanguage } from './l10n';
import { type Platform, setPlatform } from './platform';

export function initBundle(platform: Platform): void {
  setPlatform(platform);
  useEditorLanguage();
}
