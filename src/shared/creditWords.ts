// Words about credits that more than one surface says, so they say it alike: the balance (the status
// bar's tooltip and screen-reader label, the usage panel's header) and the AI agents' part of a spike
// (the status bar's tooltip, the spike alert).
import * as l10n from '@vscode/l10n';
import { formatExact, pluralCount } from './format';

/**
 * "1,234 of 5,000 credits remaining", "Over plan by 20 credits (plan 100)", "4,321 credits remaining"
 * when there is no plan. `mark` wraps the number alone (Markdown bold in the tooltip), so the words
 * are one message whatever the surface.
 */
export function balanceText(balance: number, plan: number | null, locale: string | undefined, mark: (count: string) => string = (n) => n): string {
  // Said as the whole number shown: -0.4 is 0 left, not "over by 0".
  const remaining = Math.round(balance) + 0;
  if (remaining < 0) {
    if (plan === null)
      return pluralCount(
        -remaining,
        locale,
        (n) => l10n.t('Over by {0} credit', mark(n)),
        (n) => l10n.t('Over by {0} credits', mark(n)),
      );
    const of = formatExact(plan, locale);
    return pluralCount(
      -remaining,
      locale,
      (n) => l10n.t('Over plan by {0} credit (plan {1})', mark(n), of),
      (n) => l10n.t('Over plan by {0} credits (plan {1})', mark(n), of),
    );
  }
  // Packs or grants put the balance above the plan: "150,000 of 100,000" would read as a mistake.
  if (plan !== null && remaining > plan) {
    const of = formatExact(plan, locale);
    return pluralCount(
      remaining,
      locale,
      (n) => l10n.t('{0} credit remaining (plan {1}, plus packs or grants)', mark(n), of),
      (n) => l10n.t('{0} credits remaining (plan {1}, plus packs or grants)', mark(n), of),
    );
  }
  if (plan !== null) return l10n.t('{0} of {1} credits remaining', mark(formatExact(remaining, locale)), formatExact(plan, locale));
  return pluralCount(
    remaining,
    locale,
    (n) => l10n.t('{0} credit remaining', mark(n)),
    (n) => l10n.t('{0} credits remaining', mark(n)),
  );
}

/**
 * Whether AI agents drove the spike through Firecrawl tools (half of the hour or more) or took part; the
 * alert and the status bar's tooltip say it alike.
 */
export function toolShareText(toolCredits: number | undefined, hourCredits: number, locale: string | undefined): string | undefined {
  // The tools' record is live and the bins lag: "of the last hour's credits" is never more than the hour.
  const credits = toolCredits === undefined ? undefined : Math.min(toolCredits, hourCredits);
  if (credits === undefined || credits <= 0) return undefined;
  const count = formatExact(Math.round(credits), locale);
  return credits * 2 >= hourCredits
    ? l10n.t("AI agents drove it: {0} of the last hour's credits went through the editor's Firecrawl tools.", count)
    : l10n.t("AI agents spent {0} of the last hour's credits through the editor's Firecrawl tools.", count);
}
