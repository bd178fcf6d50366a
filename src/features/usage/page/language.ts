// The page speaks the editor's language: the host puts it in the HTML (protocol.ts, PageLanguage)
// and the page configures @vscode/l10n and shared/format with it before it renders anything. The
// render/ modules it shares with the host say their words through the same @vscode/l10n.
import * as l10n from '@vscode/l10n';
import { setLocale } from '../../../shared/format';
import { readPageLanguage } from '../protocol';

/**
 * Configures the page's language from the HTML; returns the locale, and the reason when the host's
 * language could not be used (English then), for the host's log.
 */
export function useHostLanguage(): { locale: string | undefined; problem?: string } {
  const { language, problem } = readPageLanguage(document.getElementById('page-language')?.textContent);
  // Without messages the English sources are the messages.
  l10n.config({ contents: language?.messages ?? {} });
  setLocale(language?.locale);
  return { locale: language?.locale, ...(problem ? { problem } : {}) };
}
